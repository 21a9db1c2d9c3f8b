/**
 * An electional search: the request's window read in the place's zone, the window's events found
 * once (electional-window-events.ts), every scanned instant's sky judged by the category's rule set
 * (electional-categories.ts, electional-judgement.ts) plus the natal resonance, the best instants
 * found (electional-search.ts), and the answer written with every factor and the sky it was read
 * from. Runs in the heavy lane of the compute pool.
 */
import { formatOffset, isoUtc, julianDayFromUtcMs, utcMsFromJulianDay } from '../../../astro/civil-time.ts';
import { zoneOffsetSeconds } from '../../../astro/zone-offset-table.ts';
import { SIGNS, degreeInSign, signIndexOf } from '../../../astro/zodiac.ts';
import { zodiacOf } from '../../../requests/chart-request.ts';
import { resolveMoment } from '../../../requests/moment.ts';
import { placeWarnings, requestedZone, type ResolvedPlace, type ZoneFields } from '../../../requests/place.ts';
import { RequestFieldError } from '../../../requests/request-error.ts';
import { electionCategory, type ElectionCategoryId } from './electional-categories.ts';
import { timingWindowOf } from '../../../answers/timing-core.ts';
import { bandOf, clampScore, judgeMoment, statusOf, tallyMoment, verdictOf, type Factor, type Judgement } from './electional-judgement.ts';
import { electionWheel } from './electional-chart.ts';
import { PositionTable } from './electional-position-table.ts';
import { scanSkyReader } from './electional-scan-sky.ts';
import { planetaryHourFinder } from './electional-hours.ts';
import { natalChartOf, resonanceOf, type NatalChart, type ResonanceFactor } from './electional-resonance.ts';
import { utcText } from './electional-rules.ts';
import { MAX_DIRECT_STEPS, MAX_WINDOW_DAYS, WEEKDAYS, type ElectionalAnswer, type ElectionalRequest, type RoleNatal } from './electional-schemas.ts';
import { searchWindow } from './electional-search.ts';
import { SEVEN_PLANETS } from './electional-planets.ts';
import { POLE_LIMIT_DEG, electionSky, skyHouses, type ElectionSky, type SkySettings } from './electional-sky.ts';
import { windowEvents } from './electional-window-events.ts';

export interface ElectionalTask {
  category: ElectionCategoryId;
  request: ElectionalRequest;
  place: ResolvedPlace;
  /** The zone fields the place's times are read in (the root's, or the legacy wrapper's). */
  zone: ZoneFields;
  /** Where the zone fields were (for a 422 naming them). */
  zoneLoc: (string | number)[];
  /** Each natal block sent, with its resolved place. */
  roles: { role: string; natal: RoleNatal; place: ResolvedPlace }[];
}

/** Years the data files serve: the window must lie within them. */
const FIRST_YEAR = 1800;
const LAST_YEAR = 2399;

const WINDOW_LOC = ['body', 'search_window'];

interface LocalReading {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  dateOnly: boolean;
}

function readLocal(text: string, field: 'start' | 'end'): LocalReading {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(text)!;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < FIRST_YEAR || year > LAST_YEAR)
    throw new RequestFieldError([...WINDOW_LOC, field], `${text}: the search covers the years ${FIRST_YEAR} to ${LAST_YEAR}`, 'value_error.date');
  const dateOnly = m[4] === undefined;
  const endOfDay = dateOnly && field === 'end';
  const hour = dateOnly ? (endOfDay ? 23 : 0) : Number(m[4]);
  const minute = dateOnly ? (endOfDay ? 59 : 0) : Number(m[5]);
  const second = m[6] === undefined ? 0 : Number(m[6]);
  if (hour > 23 || minute > 59 || second > 59) throw new RequestFieldError([...WINDOW_LOC, field], `${text} is not a time of day`, 'value_error.datetime');
  return { year, month, day, hour, minute, second, dateOnly };
}

/** A window bound as a UT instant, read in the place's zone (a time skipped by a clock change moves forward). */
function windowBound(task: ElectionalTask, field: 'start' | 'end'): { utcMs: number; zone: string; warning?: string | undefined } {
  const reading = readLocal(task.request.search_window[field], field);
  const zone = requestedZone(task.zone, task.zoneLoc);
  try {
    const moment = resolveMoment({ ...reading, time_known: true }, zone.tz, task.place, 'shift_forward', [...WINDOW_LOC, field], zone.field);
    return { utcMs: moment.utcMs, zone: moment.zone, warning: moment.warning && `search_window.${field}: ${moment.warning}` };
  } catch (error) {
    // A date that does not exist is named by the window's field, not by a `day` the request has not got.
    if (error instanceof RequestFieldError && error.loc.at(-1) === 'day') throw new RequestFieldError([...WINDOW_LOC, field], error.message, error.type);
    if (error instanceof RequestFieldError && error.loc.at(-1) === zone.field)
      throw new RequestFieldError([...task.zoneLoc, zone.field], error.message, error.type);
    throw error;
  }
}

interface Evaluated {
  jdUt: number;
  sky: ElectionSky;
  judgement: Judgement;
  resonance: { points: number; factors: ResonanceFactor[] } | null;
  score: number;
}

const heaviestFirst = (a: Factor, b: Factor) => Math.abs(b.points) - Math.abs(a.points) || a.code.localeCompare(b.code);

export function computeElectionalSearch(task: ElectionalTask): ElectionalAnswer {
  const { request, place } = task;
  const category = electionCategory(task.category);
  const start = windowBound(task, 'start');
  const end = windowBound(task, 'end');
  const zone = start.zone;
  if (end.utcMs <= start.utcMs)
    throw new RequestFieldError(
      [...WINDOW_LOC, 'end'],
      `search_window.end (${request.search_window.end}) must be after search_window.start (${request.search_window.start})`,
      'value_error.range',
    );
  const days = (end.utcMs - start.utcMs) / 86_400_000;
  if (days > MAX_WINDOW_DAYS)
    throw new RequestFieldError(
      [...WINDOW_LOC, 'end'],
      `the search window spans at most ${MAX_WINDOW_DAYS} days (${days.toFixed(1)} asked)`,
      'value_error.range',
    );
  const tuning = request.search_tuning ?? { mode: 'direct' as const, coarse_step_minutes: 720 };
  const step = request.search_window.step_minutes;
  if (tuning.mode === 'direct' && (days * 1440) / step > MAX_DIRECT_STEPS)
    throw new RequestFieldError(
      [...WINDOW_LOC, 'step_minutes'],
      `a direct scan takes at most ${MAX_DIRECT_STEPS} steps (${Math.ceil((days * 1440) / step)} asked): send a larger step_minutes, or search_tuning.mode year for a long window`,
      'value_error.range',
    );
  if (tuning.mode === 'year' && tuning.coarse_step_minutes < step)
    throw new RequestFieldError(
      ['body', 'search_tuning', 'coarse_step_minutes'],
      `coarse_step_minutes (${tuning.coarse_step_minutes}) must not be below search_window.step_minutes (${step})`,
      'value_error.range',
    );

  const warnings = placeWarnings(place);
  for (const w of [start.warning, end.warning]) if (w) warnings.push(w);
  const zodiac = zodiacOf(request);
  const settings: SkySettings = { lat: place.lat, lng: place.lng, zodiac, houseSystem: request.house_system };
  const charts: NatalChart[] = task.roles.map((r) => natalChartOf(r.role, r.natal, r.place, zodiac, request.house_system, warnings));

  const jdStart = julianDayFromUtcMs(start.utcMs);
  const jdEnd = julianDayFromUtcMs(end.utcMs);
  const events = windowEvents(jdStart, jdEnd, zodiac);

  /** The instant to the minute and the zone's offset there, seconds. */
  const minuteAndOffset = (jd: number) => {
    const ms = Math.round(utcMsFromJulianDay(jd) / 60_000) * 60_000;
    return { ms, offset: zoneOffsetSeconds(zone, ms) };
  };
  /** The local date's day number from 1970-01-01, a Thursday (negative before it). */
  const localDay = (jd: number) => {
    const { ms, offset } = minuteAndOffset(jd);
    return Math.floor((ms + offset * 1000) / 86_400_000);
  };
  const localOf = (jd: number) => {
    const { ms, offset } = minuteAndOffset(jd);
    const wall = new Date(ms + offset * 1000);
    return { ms, offset, wall, iso: wall.toISOString().slice(0, 19) };
  };
  const hourAt = planetaryHourFinder(jdStart, jdEnd, place.lat, place.lng, (jd) => (((localDay(jd) + 4) % 7) + 7) % 7);
  const excluded = new Set(request.exclude_weekdays ?? []);
  const hours = request.local_hours ?? null;
  const accept = (jd: number) => {
    // Without filters every instant passes (and its local time is not worth reading).
    if (!excluded.size && !hours) return true;
    const { wall } = localOf(jd);
    if (excluded.size && excluded.has(WEEKDAYS[wall.getUTCDay()]!)) return false;
    if (!hours) return true;
    const h = wall.getUTCHours();
    return hours.from < hours.to ? h >= hours.from && h < hours.to : h >= hours.from || h < hours.to;
  };

  const table = new PositionTable(zodiac, jdStart, jdEnd);
  const scanSky = scanSkyReader(
    settings,
    events,
    hourAt,
    table,
    charts.flatMap((c) => c.points.map((p) => p.lon)),
    { from: jdStart, to: jdEnd },
  );
  const evaluate = (jd: number): Evaluated => {
    const sky = electionSky(jd, settings, events, hourAt);
    const judgement = judgeMoment(sky, category.rules);
    const resonance = charts.length ? resonanceOf(sky, charts) : null;
    return { jdUt: jd, sky, judgement, resonance, score: clampScore(judgement.sky_points + (resonance?.points ?? 0)) };
  };
  const outcome = searchWindow({
    jdStart,
    jdEnd,
    mode: tuning.mode,
    stepMinutes: step,
    coarseStepMinutes: tuning.coarse_step_minutes,
    maxResults: request.max_results,
    accept,
    // The scan ranks by points alone; only the answer's moments are worded (evaluate).
    score(jd) {
      const sky = scanSky.skyAt(jd);
      const resonance = charts.length ? resonanceOf(sky, charts, false).points : 0;
      return clampScore(tallyMoment(sky, category.rules).sky_points + resonance);
    },
  });

  // The system the houses are really of, read at the window's start: where the one asked for fails, it fails at the latitude.
  const housesUsed = skyHouses(jdStart, settings)?.used;
  if (Math.abs(place.lat) > POLE_LIMIT_DEG)
    warnings.push(
      `at latitude ${place.lat} the horizon gives no Ascendant that turns with the day: the rules of the Ascendant, the houses and their rulers were not judged`,
    );
  else if (housesUsed && housesUsed !== request.house_system)
    warnings.push(
      `house system ${request.house_system} cannot be computed at latitude ${place.lat} (inside the polar circle); ${housesUsed} houses were used instead`,
    );
  const { times, scores } = outcome.scan;
  if (times.length === 0) warnings.push('no instant of the window passed the weekday and local-hour filters');

  const results = outcome.best.map((jd, i) => resultOf(evaluate(jd), i + 1, localOf, zone));
  const anySound = results.some((r) => !r.best_available_in_window);
  const first = results[0];
  const summary = !first
    ? 'No moment of the window could be judged.'
    : anySound
      ? `The recommended moment is ${first.event_time_local} (${zone}), ${first.quality_band.replace('_', ' ')} with a ${first.strict_traditional_verdict} verdict.`
      : `No moment of the window is sound by the traditional rules: the best available, ${first.event_time_local} (${zone}), has a ${first.strict_traditional_verdict} verdict; a wider or later window may hold a better one.`;

  const calendar: ElectionalAnswer['calendar'] = [];
  if (request.include_calendar) {
    // The local day's number decides where a step belongs; each day's best (the first of its highest score) is worded,
    // and judged again for its band's blocking fault, once the day is over.
    const dayBests: { jdUt: number; score: number }[] = [];
    let lastDay = NaN;
    for (let i = 0; i < times.length; i++) {
      const jdUt = times[i]!;
      const score = scores[i]!;
      const day = localDay(jdUt);
      if (day !== lastDay) dayBests.push({ jdUt, score });
      else if (score > dayBests.at(-1)!.score) dayBests[dayBests.length - 1] = { jdUt, score };
      lastDay = day;
    }
    for (const best of dayBests) {
      const local = localOf(best.jdUt);
      const blocking = tallyMoment(scanSky.skyAt(best.jdUt), category.rules).blocking;
      calendar.push({ date: local.iso.slice(0, 10), best_score: best.score, quality_band: bandOf(best.score, blocking), best_time_local: local.iso });
    }
  }

  return {
    category: category.id,
    title: category.title,
    results,
    best_available_in_window: !anySound,
    summary,
    search: {
      start_local: localOf(jdStart).iso,
      end_local: localOf(jdEnd).iso,
      start_utc: isoUtc(start.utcMs),
      end_utc: isoUtc(end.utcMs),
      timezone: zone,
      mode: tuning.mode,
      step_minutes: step,
      coarse_step_minutes: tuning.mode === 'year' ? tuning.coarse_step_minutes : null,
      instants_scanned: times.length,
      instants_evaluated: outcome.evaluated,
      house_system: request.house_system,
      zodiac: zodiac.type,
      ayanamsa: zodiac.type === 'sidereal' ? zodiac.ayanamsa : null,
      exclude_weekdays: [...excluded],
      local_hours: hours,
    },
    location: { city: place.city, country: place.country, lat: place.lat, lng: place.lng, timezone: zone },
    calendar,
    rule_set: category.rules.map((r) => ({ code: r.code, weight: r.weight, blocking: r.blocking === true, test: r.test })),
    chart: request.include_chart && first ? electionWheel(first, place, { title: category.title, houseSystem: request.house_system, zodiac }) : null,
    warnings,
  };
}

function resultOf(
  e: Evaluated,
  rank: number,
  localOf: (jd: number) => { ms: number; offset: number; wall: Date; iso: string },
  zone: string,
): ElectionalAnswer['results'][number] {
  const { judgement, sky } = e;
  const local = localOf(e.jdUt);
  const band = bandOf(e.score, judgement.blocking);
  const verdict = verdictOf(judgement.supporting, judgement.caution, judgement.blocking);
  const sum = (fs: readonly Factor[]) => fs.reduce((s, f) => s + f.points, 0);
  const course = sky.moonCourse;
  const h = sky.houses;
  return {
    rank,
    window: timingWindowOf(local.ms, local.ms, zone),
    event_time_local: local.iso,
    event_time_utc: isoUtc(local.ms),
    utc_offset: formatOffset(local.offset),
    weekday: WEEKDAYS[local.wall.getUTCDay()]!,
    score: e.score,
    quality_band: band,
    status: statusOf(band, verdict),
    strict_traditional_verdict: verdict,
    best_available_in_window: verdict !== 'sound' && verdict !== 'acceptable',
    points: { base: 50, supporting: sum(judgement.supporting), caution: sum(judgement.caution), natal_resonance: e.resonance?.points ?? 0 },
    supporting_factors: [...judgement.supporting].sort(heaviestFirst),
    caution_factors: [...judgement.caution].sort(heaviestFirst),
    natal_resonance: e.resonance,
    sky: {
      ascendant: h ? h.asc : null,
      ascendant_sign: h ? SIGNS[signIndexOf(h.asc)]!.id : null,
      midheaven: h ? h.mc : null,
      house_system_used: h ? h.used : null,
      moon: {
        phase_angle: sky.moonPhaseAngle,
        waxing: sky.moonPhaseAngle < 180,
        void_of_course: course.next === null,
        next_aspect: course.next ? { body: course.next.body, aspect: course.next.aspect, exact_utc: utcText(course.next.jdUt) } : null,
        leaves_sign_utc: utcText(course.ingressJd),
        next_sign: course.nextSign,
      },
      planets: SEVEN_PLANETS.map((p) => {
        const s = sky.planets[p];
        return {
          body: p,
          longitude: s.lon,
          sign: SIGNS[s.sign]!.id,
          degree: degreeInSign(s.lon),
          speed: s.speed,
          retrograde: s.speed < 0,
          house: s.house ?? null,
          dignities: [...s.dignities],
        };
      }),
      planetary_hour: sky.planetaryHour
        ? {
            ruler: sky.planetaryHour.ruler,
            number: sky.planetaryHour.number,
            part: sky.planetaryHour.part,
            start_utc: utcText(sky.planetaryHour.start),
            end_utc: utcText(sky.planetaryHour.end),
          }
        : null,
    },
  };
}
