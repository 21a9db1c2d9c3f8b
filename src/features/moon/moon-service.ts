/**
 * The Moon's phase at an instant and over a local month: runs in a compute worker. Phases come
 * from src/astro/moon-phase.ts, exact principal phases from the event search.
 */
import { engineInfo } from '../../astro/ephemeris.ts';
import { findLunarPhases, PositionCache, type LunarPhaseEvent, type PrincipalPhase } from '../../astro/events/index.ts';
import { julianDayFromUtcMs, resolveCivilTime } from '../../astro/civil-time.ts';
import { moonPhaseOf } from '../../astro/moon-phase.ts';
import { degreeInSign, normalizeDegrees, signOf } from '../../astro/zodiac.ts';
import {
  brightLimbAt,
  distanceKmAt,
  eclipseBlock,
  interpretationBlock,
  labelledLunations,
  localIso,
  msOfJd,
  nextEclipseSummary,
  nextPhases,
  nextSpecial,
  riseSetBlock,
  specialBlock,
  traditionalBlock,
  zodiacBlock,
} from './phase-blocks.ts';
import { moonVisual } from './moon-visual.ts';
import type { moonMonthResponse, moonPhaseResponse } from './moon-schemas.ts';
import type { z } from 'zod/v4';

type MoonPhaseAnswer = z.output<typeof moonPhaseResponse>;
type MoonMonthAnswer = z.output<typeof moonMonthResponse>;
import { monthTraditionalMoon, signTimeline } from './month-blocks.ts';

/** Longest gap between two New Moons (29.83 days) and a margin: every search window holds one. */
const LUNATION_REACH_DAYS = 31;
const AU_KM = 149_597_870.7;

const PHASE_NAMES: Record<PrincipalPhase, string> = {
  new_moon: 'New Moon',
  first_quarter: 'First Quarter',
  full_moon: 'Full Moon',
  last_quarter: 'Last Quarter',
};

function principalJson(e: LunarPhaseEvent, zone: string) {
  const utcMs = msOfJd(e.jdUt);
  return { phase: e.phase, name: PHASE_NAMES[e.phase], exact_at_utc: new Date(utcMs).toISOString(), local_time: localIso(utcMs, zone), sign_id: e.sign_id };
}

/** The phase at `jd`, with its age counted from the last New Moon among `events` (sorted). */
function phaseAt(jd: number, cache: PositionCache, events: readonly LunarPhaseEvent[]) {
  const phase = moonPhaseOf(cache.get('sun', jd), cache.get('moon', jd));
  const lastNew = events.filter((e) => e.phase === 'new_moon' && e.jdUt <= jd).at(-1)!;
  const distance_km = distanceKmAt(cache, jd);
  return {
    phase: {
      name: phase.label,
      angle: phase.angle,
      illumination: phase.illumination,
      age_days: jd - lastNew.jdUt,
      is_waxing: phase.angle < 180,
      // The names other clients of the public service read the same values by.
      distance_km,
      phase_name: phase.label,
      phase_angle_deg: phase.angle,
      illumination_percent: phase.illumination * 100,
      age: jd - lastNew.jdUt,
    },
    lastNew,
  };
}

function provenance() {
  const engine = engineInfo();
  return {
    engine: engine.engine,
    engine_version: engine.version,
    frame: 'geocentric apparent ecliptic of date',
    tz_database: `IANA ${process.versions.tz ?? 'unknown'}`,
  };
}

/** Which optional blocks a moon request asked for (`include_*`). */
export interface MoonIncludes {
  zodiac?: boolean;
  forecast?: boolean;
  special?: boolean;
  eclipse?: boolean;
  traditional_moon?: boolean;
  rise_set?: boolean;
  interpretation?: boolean;
  visuals?: boolean;
  sign_timeline?: boolean;
}

export interface MoonColors {
  moon: string;
  shadow: string;
}

export interface MoonPhaseTask {
  utcMs: number;
  zone: string;
  /** Coordinates, when the request gave a place (rise and set, eclipse visibility, the hemisphere of the Harvest Moon). */
  place?: { lat: number; lng: number } | undefined;
  include?: MoonIncludes;
  colors?: MoonColors;
}

/** A year of lunations ahead: the next special moon is rarely further (a Blue Moon comes every 2.7 years, a Supermoon every year). */
const SPECIAL_REACH_DAYS = 400;

export function computeMoonPhase(task: MoonPhaseTask) {
  const jd = julianDayFromUtcMs(task.utcMs);
  const include = task.include ?? {};
  const cache = new PositionCache();
  const events = findLunarPhases(jd - LUNATION_REACH_DAYS, jd + LUNATION_REACH_DAYS, cache);
  const { phase, lastNew } = phaseAt(jd, cache, events);
  const after = (kind: PrincipalPhase) => events.find((e) => e.phase === kind && e.jdUt > jd)!;
  const moon = cache.get('moon', jd);
  const lon = normalizeDegrees(moon.lon);
  const sign = signOf(lon);
  const needsLabels = include.special || include.forecast || include.traditional_moon;
  const southern = (task.place?.lat ?? 0) < 0;
  const lunations = needsLabels
    ? labelledLunations(jd - LUNATION_REACH_DAYS, jd + (include.forecast ? SPECIAL_REACH_DAYS : LUNATION_REACH_DAYS), task.zone, southern, cache)
    : [];
  // One literal in the schema's key order; each optional block only when its flag asks for it.
  return {
    date: localIso(task.utcMs, task.zone),
    datetime_utc: new Date(task.utcMs).toISOString(),
    timestamp: new Date(task.utcMs).toISOString(),
    timezone: task.zone,
    phase,
    moon: { abs_pos: lon, pos: degreeInSign(lon), sign: sign.abbr, sign_id: sign.id, distance_km: moon.distAu * AU_KM },
    previous_new_moon: principalJson(lastNew, task.zone),
    next_new_moon: principalJson(after('new_moon'), task.zone),
    next_full_moon: principalJson(after('full_moon'), task.zone),
    ...(include.zodiac && { zodiac: zodiacBlock(lon) }),
    ...(include.forecast && {
      ...nextPhases(jd, events, task.zone),
      forecast: {
        days_until_full_moon: Math.round((after('full_moon').jdUt - jd) * 100) / 100,
        days_until_new_moon: Math.round((after('new_moon').jdUt - jd) * 100) / 100,
        next_special_moon: nextSpecial(jd, lunations, task.zone),
        next_eclipse: nextEclipseSummary(jd, task.zone),
      },
    }),
    ...(include.special && { special_moon: specialBlock(jd, lunations, task.zone, cache) }),
    ...(include.eclipse && { eclipse: eclipseBlock(jd, task.zone, task.place) }),
    ...(include.traditional_moon && { traditional_moon: traditionalBlock(jd, lunations, task.zone) }),
    ...(include.rise_set && task.place && { rise_set: riseSetBlock(jd, task.zone, task.place) }),
    ...(include.interpretation && { interpretation: interpretationBlock(phase.name) }),
    ...(include.visuals && { moon_visual: moonVisual(phase.illumination, brightLimbAt(cache, jd), phase.is_waxing, task.colors!.moon, task.colors!.shadow) }),
    provenance: provenance(),
  } satisfies MoonPhaseAnswer;
}

export interface MoonMonthTask {
  year: number;
  month: number;
  zone: string;
  place?: { lat: number; lng: number } | undefined;
  include?: MoonIncludes;
  colors?: MoonColors;
}

const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** The first instant of a local day (a midnight skipped by a clock change: the change). */
const dayStartMs = (year: number, month: number, day: number, zone: string) =>
  resolveCivilTime({ year, month, day, hour: 0, minute: 0, second: 0 }, zone, 'shift_forward').utcMs;

export function computeMoonMonth(task: MoonMonthTask) {
  const { year, month, zone } = task;
  const include = task.include ?? {};
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const starts = Array.from({ length: daysInMonth + 1 }, (_, i) => dayStartMs(year, month, i + 1, zone)); // the last: the next month's first day
  const cache = new PositionCache();
  const firstJd = julianDayFromUtcMs(starts[0]!);
  const endJd = julianDayFromUtcMs(starts[daysInMonth]!);
  const events = findLunarPhases(firstJd - LUNATION_REACH_DAYS, endJd, cache);
  // A day the zone never had (Pacific/Apia skipped 30 December 2011) has no length and no entry.
  const dayIndexes = Array.from({ length: daysInMonth }, (_, i) => i).filter((i) => starts[i + 1]! > starts[i]!);
  const days = dayIndexes.map((i) => {
    const noonMs = resolveCivilTime({ year, month, day: i + 1, hour: 12, minute: 0, second: 0 }, zone, 'shift_forward').utcMs;
    const jd = julianDayFromUtcMs(noonMs);
    const [from, to] = [julianDayFromUtcMs(starts[i]!), julianDayFromUtcMs(starts[i + 1]!)];
    const date = `${year}-${String(month).padStart(2, '0')}-${String(i + 1).padStart(2, '0')}`;
    const { phase } = phaseAt(jd, cache, events);
    return {
      date,
      calendar_date: date,
      sampled_at: localIso(noonMs, zone),
      phase,
      moon_sign_id: signOf(cache.get('moon', jd).lon).id,
      events: events.filter((e) => e.jdUt >= from && e.jdUt < to).map((e) => principalJson(e, zone)),
      ...(include.zodiac && { zodiac: zodiacBlock(cache.get('moon', jd).lon) }),
      ...(include.visuals && { moon_visual: moonVisual(phase.illumination, brightLimbAt(cache, jd), phase.is_waxing, task.colors!.moon, task.colors!.shadow) }),
    };
  });
  // One literal in the schema's key order; each optional block only when its flag asks for it.
  return {
    year,
    month,
    month_name: MONTH_NAMES[month - 1]!,
    days_in_month: daysInMonth,
    calendar_basis: 'local',
    calendar_timezone: zone,
    timezone: zone,
    days,
    lunations: events.filter((e) => e.jdUt >= firstJd).map((e) => principalJson(e, zone)),
    ...(include.traditional_moon && {
      traditional_moon: monthTraditionalMoon(
        year,
        month,
        events.filter((e) => e.jdUt >= firstJd),
        zone,
        (task.place?.lat ?? 0) < 0,
        cache,
      ),
    }),
    ...(include.sign_timeline && signTimeline(firstJd, endJd, zone)),
    provenance: provenance(),
  } satisfies MoonMonthAnswer;
}
