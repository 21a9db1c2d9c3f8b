/** Transits: the sky at a moment and place, set against a natal chart. Runs in a compute worker. */
import { DEFAULT_TRANSIT_BODIES } from '../../../astro/bodies.ts';
import { type ChartMoment } from '../../../astro/chart.ts';
import type { ZodiacSetting } from '../../../astro/ephemeris.ts';
import { ASPECT_TYPES, MAJOR_ASPECT_TYPES, findAspectsBetween, resolveOrbs, sortByOrb, type Aspect } from '../../../astro/aspects.ts';
import { birthMoment, momentAtInstant, resolveMoment, type ResolvedMoment } from '../../../requests/moment.ts';
import { castChart } from '../../../requests/cast.ts';
import { placeWarnings, type ResolvedPlace } from '../../../requests/place.ts';
import { RequestFieldError } from '../../../requests/request-error.ts';
import { civilAtOffsetMs, readIsoDateTime } from '../../../astro/iso-date-time.ts';
import { MAX_YEAR, MIN_YEAR } from '../../../requests/birth-schema.ts';
import { aspectPointsOf } from '../../../astro/aspect-points.ts';
import { natalPoints, zodiacOf } from '../../../requests/chart-request.ts';
import type { TransitRequest } from './transits-schemas.ts';
import type { InterpretationTaskOptions } from '../../../requests/interpretation-schema.ts';
import { interpretTransits } from '../../../interpretations/index.ts';

export interface TransitTask {
  request: TransitRequest;
  natalPlace: ResolvedPlace;
  transitPlace: ResolvedPlace;
  includeMinor: boolean;
  /** Milliseconds since 1970: "now" for a request without transit_date. */
  nowMs: number;
  /** Present when the response carries the `interpretation` block. */
  interpretation?: InterpretationTaskOptions | undefined;
}

/**
 * The transit instant: local wall time at the transit place, an absolute instant, or now. A date
 * whose fields do not exist (Feb 30, 24:00, +99:00) or that lies outside the years served is a 422.
 */
export function transitMoment(task: {
  request: Pick<TransitTask['request'], 'transit_date' | 'tz_str' | 'dst_policy'>;
  transitPlace: ResolvedPlace;
  nowMs: number;
}): ResolvedMoment {
  const { request, transitPlace } = task;
  if (!request.transit_date) return momentAtInstant(task.nowMs, transitPlace, request.tz_str, request.dst_policy);
  // The schema has checked the text already; the same rules again for callers that did not validate.
  const reading = readIsoDateTime(request.transit_date, { min: MIN_YEAR, max: MAX_YEAR });
  if (!reading.ok) throw new RequestFieldError(['body', 'transit_date'], `${request.transit_date} ${reading.reason}`, 'value_error.datetime');
  const { civil, offsetSeconds } = reading.value;
  if (offsetSeconds === undefined) return resolveMoment({ ...civil, time_known: true }, request.tz_str, transitPlace, request.dst_policy, ['body']);
  // An absolute instant: only the zone for the echo is looked up.
  return momentAtInstant(civilAtOffsetMs(civil, offsetSeconds), transitPlace, request.tz_str, request.dst_policy);
}

/** What a transits answer is made of, before any presentation: both moments and charts, and the aspects (closest first). */
export interface TransitCast {
  zodiac: ZodiacSetting;
  natalMoment: ResolvedMoment;
  natal: ChartMoment;
  moment: ResolvedMoment;
  transit: ChartMoment;
  aspects: Aspect[];
}

export function castTransits(task: TransitTask): TransitCast {
  const { request } = task;
  const zodiac = zodiacOf(request);
  const natalMoment = birthMoment(request.natal, task.natalPlace, ['body', 'natal']);
  const natal = castChart(natalMoment, task.natalPlace, {
    zodiac,
    houseSystem: request.house_system,
    points: natalPoints(undefined),
    nodeVariant: request.node_type,
    whose: 'natal',
  });
  const moment = transitMoment(task);
  const transit = castChart(moment, task.transitPlace, {
    zodiac,
    houseSystem: request.house_system,
    points: DEFAULT_TRANSIT_BODIES,
    nodeVariant: 'true',
    whose: 'transit',
    timeKnown: false,
  });

  const natalAspectPoints = aspectPointsOf(natal).map((p) => ({ ...p, speed: 0 })); // the natal chart does not move
  const aspects = sortByOrb(
    findAspectsBetween(
      transit.points.map((p) => ({ id: p.id, lon: p.lon, speed: p.speed })),
      natalAspectPoints,
      {
        types: task.includeMinor ? ASPECT_TYPES : MAJOR_ASPECT_TYPES,
        orbs: resolveOrbs(request.orb_settings),
      },
    ),
  );
  return { zodiac, natalMoment, natal, moment, transit, aspects };
}

/**
 * The interpretation block of a transits answer, read from the unrounded chart; undefined when
 * the task asks for none. It reads the cast's aspects, whose points are ids (`saturn`, `sun`) as
 * the library's keys name them, where the answer's aspects say `saturn (T)` and `sun (N)` (given
 * those, the block matched no transit and came out empty); its variants' seed is the natal
 * instant and place.
 */
export function transitInterpretation(task: TransitTask, cast: TransitCast) {
  if (!task.interpretation) return undefined;
  const natal = { datetime_utc: cast.natalMoment.utcIso, location: { lat: task.natalPlace.lat, lng: task.natalPlace.lng } };
  return interpretTransits(natal, cast.aspects, { ...task.interpretation, natalTimed: cast.natal.houses !== undefined });
}

export function transitWarnings(task: TransitTask, cast: TransitCast): string[] {
  return [...placeWarnings(task.natalPlace, task.transitPlace), ...cast.natal.warnings, ...cast.transit.warnings];
}
