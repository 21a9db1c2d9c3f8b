/**
 * The Moon's phase at an instant and over a local month: runs in a compute worker. Phases come
 * from src/astro/moon-phase.ts, exact principal phases from the event search.
 */
import { engineInfo } from '../../astro/ephemeris.ts';
import { findLunarPhases, PositionCache, type LunarPhaseEvent, type PrincipalPhase } from '../../astro/events/index.ts';
import { formatLocalIso, julianDayFromUtcMs, resolveCivilTime, utcMsFromJulianDay } from '../../astro/civil-time.ts';
import { moonPhaseOf } from '../../astro/moon-phase.ts';
import { zoneOffsetSeconds } from '../../astro/zone-offset-table.ts';
import { degreeInSign, normalizeDegrees, signOf } from '../../astro/zodiac.ts';

const AU_KM = 149_597_870.7;
/** Longest gap between two New Moons (29.83 days) and a margin: every search window holds one. */
const LUNATION_REACH_DAYS = 31;

const PHASE_NAMES: Record<PrincipalPhase, string> = { new_moon: 'New Moon', first_quarter: 'First Quarter', full_moon: 'Full Moon', last_quarter: 'Last Quarter' };

const localIso = (utcMs: number, zone: string) => formatLocalIso(utcMs, zoneOffsetSeconds(zone, utcMs));

function principalJson(e: LunarPhaseEvent, zone: string) {
  const utcMs = Math.round(utcMsFromJulianDay(e.jdUt));
  return { phase: e.phase, name: PHASE_NAMES[e.phase], exact_at_utc: new Date(utcMs).toISOString(), local_time: localIso(utcMs, zone), sign_id: e.sign_id };
}

/** The phase at `jd`, with its age counted from the last New Moon among `events` (sorted). */
function phaseAt(jd: number, cache: PositionCache, events: readonly LunarPhaseEvent[]) {
  const phase = moonPhaseOf(cache.get('sun', jd), cache.get('moon', jd));
  const lastNew = events.filter((e) => e.phase === 'new_moon' && e.jdUt <= jd).at(-1)!;
  return {
    phase: { name: phase.label, angle: phase.angle, illumination: phase.illumination, age_days: jd - lastNew.jdUt, is_waxing: phase.angle < 180 },
    lastNew,
  };
}

function provenance() {
  const engine = engineInfo();
  return { engine: engine.engine, engine_version: engine.version, frame: 'geocentric apparent ecliptic of date', tz_database: `IANA ${process.versions.tz ?? 'unknown'}` };
}

export interface MoonPhaseTask {
  utcMs: number;
  zone: string;
}

export function computeMoonPhase(task: MoonPhaseTask) {
  const jd = julianDayFromUtcMs(task.utcMs);
  const cache = new PositionCache();
  const events = findLunarPhases(jd - LUNATION_REACH_DAYS, jd + LUNATION_REACH_DAYS, cache);
  const { phase, lastNew } = phaseAt(jd, cache, events);
  const after = (kind: PrincipalPhase) => events.find((e) => e.phase === kind && e.jdUt > jd)!;
  const moon = cache.get('moon', jd);
  const lon = normalizeDegrees(moon.lon);
  const sign = signOf(lon);
  return {
    date: localIso(task.utcMs, task.zone),
    datetime_utc: new Date(task.utcMs).toISOString(),
    timezone: task.zone,
    phase,
    moon: { abs_pos: lon, pos: degreeInSign(lon), sign: sign.abbr, sign_id: sign.id, distance_km: moon.distAu * AU_KM },
    previous_new_moon: principalJson(lastNew, task.zone),
    next_new_moon: principalJson(after('new_moon'), task.zone),
    next_full_moon: principalJson(after('full_moon'), task.zone),
    provenance: provenance(),
  };
}

export interface MoonMonthTask {
  year: number;
  month: number;
  zone: string;
}

/** The first instant of a local day (a midnight skipped by a clock change: the change). */
const dayStartMs = (year: number, month: number, day: number, zone: string) => resolveCivilTime({ year, month, day, hour: 0, minute: 0, second: 0 }, zone, 'shift_forward').utcMs;

export function computeMoonMonth(task: MoonMonthTask) {
  const { year, month, zone } = task;
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
    return {
      date: `${year}-${String(month).padStart(2, '0')}-${String(i + 1).padStart(2, '0')}`,
      sampled_at: localIso(noonMs, zone),
      phase: phaseAt(jd, cache, events).phase,
      moon_sign_id: signOf(cache.get('moon', jd).lon).id,
      events: events.filter((e) => e.jdUt >= from && e.jdUt < to).map((e) => principalJson(e, zone)),
    };
  });
  return {
    year, month, timezone: zone, days,
    lunations: events.filter((e) => e.jdUt >= firstJd).map((e) => principalJson(e, zone)),
    provenance: provenance(),
  };
}
