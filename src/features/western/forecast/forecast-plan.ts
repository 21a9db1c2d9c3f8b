/**
 * What a forecasting request asks for, resolved once: the natal chart (the points transits are
 * measured against), the transiting bodies with their categories, the aspects, the orb of every
 * (body, aspect) pair by the precedence planet > category > aspect > default, and the range as
 * Julian days. Shared by the timeline, the search and the transit insights.
 */
import { ASPECT_DEFINITIONS, aspectAngle, aspectTypeFromName, MAJOR_ASPECT_TYPES, type AspectType } from '../../../astro/aspects.ts';
import { bodyInfo } from '../../../astro/bodies.ts';
import { type ChartMoment } from '../../../astro/chart.ts';
import { civilAtOffsetMs, readIsoDateTime } from '../../../astro/iso-date-time.ts';
import { julianDayFromUtcMs } from '../../../astro/civil-time.ts';
import { FILES_END_JD, FILES_START_JD, noPositionAtBirthText, type ZodiacSetting } from '../../../astro/ephemeris.ts';
import { MAX_YEAR, MIN_YEAR } from '../../../requests/birth-schema.ts';
import { zodiacOf } from '../../../requests/chart-request.ts';
import { birthMoment, type ResolvedMoment } from '../../../requests/moment.ts';
import { castChart } from '../../../requests/cast.ts';
import type { ResolvedPlace } from '../../../requests/place.ts';
import { RequestFieldError } from '../../../requests/request-error.ts';
import type { ForecastNatal, ForecastOrbSettings } from './forecast-request-schemas.ts';

export const CATEGORIES = ['fast', 'medium', 'slow'] as const;
export type Category = (typeof CATEGORIES)[number];

/** A transiting body as requests name it: the ephemeris body it is, its category and its glyph. */
export interface TransitBody {
  key: string;
  name: string;
  track: string;
  category: Category;
  glyph: string;
}

const TRANSIT_BODIES: readonly TransitBody[] = [
  { key: 'sun', name: 'Sun', track: 'sun', category: 'fast', glyph: '☉' },
  { key: 'moon', name: 'Moon', track: 'moon', category: 'fast', glyph: '☽' },
  { key: 'mercury', name: 'Mercury', track: 'mercury', category: 'fast', glyph: '☿' },
  { key: 'venus', name: 'Venus', track: 'venus', category: 'fast', glyph: '♀' },
  { key: 'mars', name: 'Mars', track: 'mars', category: 'fast', glyph: '♂' },
  { key: 'jupiter', name: 'Jupiter', track: 'jupiter', category: 'medium', glyph: '♃' },
  { key: 'saturn', name: 'Saturn', track: 'saturn', category: 'medium', glyph: '♄' },
  { key: 'uranus', name: 'Uranus', track: 'uranus', category: 'slow', glyph: '♅' },
  { key: 'neptune', name: 'Neptune', track: 'neptune', category: 'slow', glyph: '♆' },
  { key: 'pluto', name: 'Pluto', track: 'pluto', category: 'slow', glyph: '♇' },
  { key: 'chiron', name: 'Chiron', track: 'chiron', category: 'medium', glyph: '⚷' },
  { key: 'true_node', name: 'True Node', track: 'true_node', category: 'medium', glyph: '☊' },
  { key: 'north_node', name: 'North Node', track: 'mean_node', category: 'medium', glyph: '☊' },
  { key: 'mean_node', name: 'Mean Node', track: 'mean_node', category: 'medium', glyph: '☊' },
  { key: 'lilith', name: 'Lilith', track: 'lilith', category: 'medium', glyph: '⚸' },
  { key: 'true_lilith', name: 'True Lilith', track: 'true_lilith', category: 'medium', glyph: '⚸' },
  { key: 'ceres', name: 'Ceres', track: 'ceres', category: 'medium', glyph: '⚳' },
  { key: 'pallas', name: 'Pallas', track: 'pallas', category: 'medium', glyph: '⚴' },
  { key: 'juno', name: 'Juno', track: 'juno', category: 'medium', glyph: '⚵' },
  { key: 'vesta', name: 'Vesta', track: 'vesta', category: 'medium', glyph: '⚶' },
  { key: 'pholus', name: 'Pholus', track: 'pholus', category: 'slow', glyph: '⯛' },
];
const TRANSIT_ALIASES: Record<string, string> = { mean_lilith: 'lilith', black_moon_lilith: 'lilith', osculating_lilith: 'true_lilith', node: 'true_node' };
export const TRANSIT_BODY_KEYS = TRANSIT_BODIES.map((b) => b.key);

/** A natal point as requests name it, and its id among the chart's points. */
export interface NatalPointRef {
  key: string;
  name: string;
  chartId: string;
  glyph: string;
  angle: boolean;
}

const ANGLES: readonly NatalPointRef[] = [
  { key: 'ascendant', name: 'Ascendant', chartId: 'asc', glyph: 'AC', angle: true },
  { key: 'midheaven', name: 'Midheaven', chartId: 'mc', glyph: 'MC', angle: true },
  { key: 'descendant', name: 'Descendant', chartId: 'dc', glyph: 'DC', angle: true },
  { key: 'ic', name: 'Imum Coeli', chartId: 'ic', glyph: 'IC', angle: true },
  { key: 'vertex', name: 'Vertex', chartId: 'vertex', glyph: 'Vx', angle: true },
];
const NATAL_ALIASES: Record<string, string> = {
  asc: 'ascendant',
  mc: 'midheaven',
  dc: 'descendant',
  dsc: 'descendant',
  imum_coeli: 'ic',
  medium_coeli: 'midheaven',
  mean_lilith: 'lilith',
  black_moon_lilith: 'lilith',
};
const NATAL_BODY_KEYS = ['sun', 'moon', 'mercury', 'venus', 'mars', 'jupiter', 'saturn', 'uranus', 'neptune', 'pluto', 'north_node', 'south_node'];
const NATAL_EXTRA_KEYS = ['true_node', 'mean_node', 'chiron', 'lilith', 'true_lilith', 'ceres', 'pallas', 'juno', 'vesta', 'pholus', 'part_of_fortune'];

function natalRef(key: string): NatalPointRef | undefined {
  const angle = ANGLES.find((a) => a.key === key);
  if (angle) return angle;
  if (![...NATAL_BODY_KEYS, ...NATAL_EXTRA_KEYS].includes(key)) return undefined;
  const glyph = TRANSIT_BODIES.find((b) => b.key === key)?.glyph ?? (key === 'south_node' ? '☋' : key === 'part_of_fortune' ? '⊗' : '');
  return { key, name: bodyInfo(key).name, chartId: key, glyph, angle: false };
}

/** The default aspects' orbs of a transit (degrees): tighter than the natal chart's. */
export const DEFAULT_TRANSIT_ORBS: Readonly<Record<AspectType, number>> = {
  conjunction: 5,
  opposition: 5,
  square: 4,
  trine: 4,
  sextile: 3,
  quincunx: 2,
  semi_sextile: 2,
  semi_square: 2,
  sesquiquadrate: 2,
  quintile: 2,
};

export interface AspectRef {
  type: AspectType;
  angle: number;
  name: string;
  glyph: string;
}

const ASPECT_GLYPHS: Record<AspectType, string> = {
  conjunction: '☌',
  opposition: '☍',
  square: '□',
  trine: '△',
  sextile: '⚹',
  quincunx: '⚻',
  semi_sextile: '⚺',
  semi_square: '∠',
  sesquiquadrate: '⚼',
  quintile: 'Q',
};
const aspectName = (type: AspectType) => type.replace('_', '-').replace(/^./, (c) => c.toUpperCase());

export function aspectRef(type: AspectType): AspectRef {
  return { type, angle: aspectAngle(type), name: aspectName(type), glyph: ASPECT_GLYPHS[type] };
}

const lower = (s: string) =>
  s
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

/** The transiting bodies a list names (keys as sent, any case); a 422 naming the entry for an unknown one. */
export function transitBodiesOf(keys: readonly string[], loc: (string | number)[], nodeType: 'mean' | 'true' = 'mean', single = false): TransitBody[] {
  const out: TransitBody[] = [];
  keys.forEach((raw, i) => {
    const at = single ? loc : [...loc, i];
    const key = TRANSIT_ALIASES[lower(raw)] ?? lower(raw);
    const found = TRANSIT_BODIES.find((b) => b.key === key);
    if (!found) throw new RequestFieldError(at, `unknown transiting body '${raw}': one of ${TRANSIT_BODY_KEYS.join(', ')}`, 'value_error.planet');
    // north_node is the node the natal request's node_type names, as in the natal chart.
    const body = found.key === 'north_node' ? { ...found, track: nodeType === 'true' ? 'true_node' : 'mean_node' } : found;
    if (!out.some((b) => b.key === body.key)) out.push(body);
  });
  return out;
}

/** The natal points a list names; a 422 naming the entry for an unknown one. */
export function natalPointsOf(keys: readonly string[], loc: (string | number)[], single = false): NatalPointRef[] {
  const out: NatalPointRef[] = [];
  keys.forEach((raw, i) => {
    const key = NATAL_ALIASES[lower(raw)] ?? lower(raw);
    const ref = natalRef(key);
    if (!ref)
      throw new RequestFieldError(
        single ? loc : [...loc, i],
        `unknown natal point '${raw}': one of ${[...NATAL_BODY_KEYS, ...NATAL_EXTRA_KEYS, ...ANGLES.map((a) => a.key)].join(', ')}`,
        'value_error.point',
      );
    if (!out.some((p) => p.key === ref.key)) out.push(ref);
  });
  return out;
}

export const DEFAULT_NATAL_POINT_KEYS = [
  'sun',
  'moon',
  'mercury',
  'venus',
  'mars',
  'jupiter',
  'saturn',
  'uranus',
  'neptune',
  'pluto',
  'ascendant',
  'midheaven',
];

/** The aspects a list names; a 422 naming the entry for an unknown one. */
export function aspectsOf(names: readonly string[] | undefined, loc: (string | number)[]): AspectRef[] {
  if (!names?.length) return MAJOR_ASPECT_TYPES.map(aspectRef);
  const out: AspectRef[] = [];
  names.forEach((raw, i) => {
    const type = aspectTypeFromName(raw);
    if (!type)
      throw new RequestFieldError([...loc, i], `unknown aspect '${raw}': one of ${ASPECT_DEFINITIONS.map((d) => d.type).join(', ')}`, 'value_error.aspect');
    if (!out.some((a) => a.type === type)) out.push(aspectRef(type));
  });
  return out;
}

/** The categories a list names (`all` for every one); a 422 naming the entry for another word. */
export function categoriesOf(names: readonly string[] | undefined, loc: (string | number)[]): Category[] | undefined {
  if (!names?.length) return undefined;
  const chosen = new Set<Category>();
  names.forEach((raw, i) => {
    const key = lower(raw);
    if (key === 'all') CATEGORIES.forEach((c) => chosen.add(c));
    else if ((CATEGORIES as readonly string[]).includes(key)) chosen.add(key as Category);
    else throw new RequestFieldError([...loc, i], `unknown category '${raw}': fast, medium, slow or all`, 'value_error.category');
  });
  return CATEGORIES.filter((c) => chosen.has(c));
}

/** Orbs at one level: a number for every aspect, or some aspects by name (a 422 on an unknown name). */
function levelOrb(level: number | Record<string, number> | undefined, type: AspectType): number | undefined {
  if (level === undefined) return undefined;
  if (typeof level === 'number') return level;
  for (const [name, orb] of Object.entries(level)) if (aspectTypeFromName(name) === type) return orb;
  return undefined;
}

function checkAspectNames(level: unknown, loc: (string | number)[]): void {
  if (level === null || typeof level !== 'object') return;
  for (const name of Object.keys(level)) {
    if (aspectTypeFromName(name) === undefined) throw new RequestFieldError([...loc, name], `unknown aspect '${name}'`, 'value_error.aspect');
  }
}

/** The orb of every (transiting body, aspect) pair: planet > category > aspect (flat names and by_aspect) > default. */
export function orbResolver(settings: ForecastOrbSettings | undefined, loc: (string | number)[]): (body: TransitBody, aspect: AspectType) => number {
  if (!settings) return (_body, aspect) => DEFAULT_TRANSIT_ORBS[aspect];
  const { by_aspect: byAspect, by_category: byCategory, by_planet: byPlanet, ...flat } = settings;
  checkAspectNames(flat, loc);
  checkAspectNames(byAspect, [...loc, 'by_aspect']);
  for (const c of CATEGORIES) checkAspectNames(byCategory?.[c], [...loc, 'by_category', c]);
  const planets = new Map<string, number | Record<string, number>>();
  for (const [key, level] of Object.entries(byPlanet ?? {})) {
    const [body] = transitBodiesOf([key], [...loc, 'by_planet', key], 'mean', true);
    checkAspectNames(level, [...loc, 'by_planet', key]);
    planets.set(body!.key, level);
  }
  return (body, aspect) =>
    levelOrb(planets.get(body.key), aspect) ??
    levelOrb(byCategory?.[body.category], aspect) ??
    levelOrb(byAspect, aspect) ??
    levelOrb(flat, aspect) ??
    DEFAULT_TRANSIT_ORBS[aspect];
}

/** A range end point: a date (its start, or its last second with `endOfDay`) or a date and time, UTC unless it names an offset. */
export function rangeInstantMs(text: string, endOfDay: boolean, loc: (string | number)[]): number {
  const reading = readIsoDateTime(text, { min: MIN_YEAR, max: MAX_YEAR });
  if (!reading.ok) throw new RequestFieldError(loc, `${text} ${reading.reason}`, 'value_error.datetime');
  const { civil, hasTime, offsetSeconds } = reading.value;
  const fields = hasTime || !endOfDay ? civil : { ...civil, hour: 23, minute: 59, second: 59 };
  return civilAtOffsetMs(fields, offsetSeconds ?? 0);
}

export interface ForecastRange {
  startMs: number;
  endMs: number;
  a: number;
  b: number;
}

/** The range of range_start and range_end, at most `maxDays` long; a 422 naming the field otherwise. */
export function forecastRange(request: { range_start: string; range_end: string }, maxDays: number, what: string): ForecastRange {
  const startMs = rangeInstantMs(request.range_start, false, ['body', 'range_start']);
  const endMs = rangeInstantMs(request.range_end, true, ['body', 'range_end']);
  if (endMs <= startMs) throw new RequestFieldError(['body', 'range_end'], 'range_end must be after range_start', 'value_error.range');
  if (endMs - startMs > maxDays * 86_400_000) throw new RequestFieldError(['body', 'range_end'], `${what} spans at most ${maxDays} days`, 'value_error.range');
  const a = julianDayFromUtcMs(startMs),
    b = julianDayFromUtcMs(endMs);
  checkEphemerisYears(a, b, ['body', 'range_start'], ['body', 'range_end']);
  return { startMs, endMs, a, b };
}

/**
 * Transits are searched within the ephemeris files' years (1800 to 2399): the finder's tracks
 * (transit-hits.ts) stop at their ends. A range reaching beyond them is a 422 on the end that does.
 */
export function checkEphemerisYears(a: number, b: number, startLoc: (string | number)[], endLoc: (string | number)[]): void {
  const why = 'transits are found between 1800-01-01 and 2399-12-31 (the years of the ephemeris files)';
  if (a < FILES_START_JD) throw new RequestFieldError(startLoc, why, 'value_error.range');
  if (b > FILES_END_JD) throw new RequestFieldError(endLoc, why, 'value_error.range');
}

export interface NatalCastForForecast {
  moment: ResolvedMoment;
  chart: ChartMoment;
  zodiac: ZodiacSetting;
  timed: boolean;
  /** Longitude by natal point key. */
  longitude: (ref: NatalPointRef) => number;
}

/**
 * The natal chart of a forecasting request, with the points asked for (angles only with a birth
 * time). A point the chart cannot place (an asteroid or centaur outside the asteroid files' years)
 * is a 422 on `pointsLoc`, the field that named it.
 */
export function castForecastNatal(
  natal: ForecastNatal,
  place: ResolvedPlace,
  points: readonly NatalPointRef[],
  pointsLoc: (string | number)[],
): NatalCastForForecast {
  const zodiac = zodiacOf(natal);
  const moment = birthMoment(natal, place, ['body', 'natal']);
  const ids = [...new Set(points.map((p) => p.chartId))];
  const placed = moment.timeKnown ? ids : ids.filter((id) => !ANGLES.some((a) => a.chartId === id) && id !== 'part_of_fortune');
  const chart = castChart(moment, place, { zodiac, houseSystem: natal.house_system, points: placed, nodeVariant: natal.node_type, whose: 'natal' });
  const byId = new Map(chart.points.map((p) => [p.id, p.lon]));
  const missing = points.find((p) => placed.includes(p.chartId) && !byId.has(p.chartId));
  if (missing) throw new RequestFieldError(pointsLoc, noPositionAtBirthText(missing.key), 'value_error.point');
  return { moment, chart, zodiac, timed: moment.timeKnown, longitude: (ref) => byId.get(ref.chartId)! };
}

/** The natal points a request names (or the defaults), without the angles when the birth time is unknown (said in `warnings`). */
export function forecastNatalPoints(keys: readonly string[] | undefined, timed: boolean, warnings: string[], loc: (string | number)[]): NatalPointRef[] {
  const refs = natalPointsOf(keys?.length ? keys : DEFAULT_NATAL_POINT_KEYS, loc);
  if (timed) return refs;
  const dropped = refs.filter((r) => r.angle || r.key === 'part_of_fortune');
  if (dropped.length && keys?.length) warnings.push(`the birth time is unknown: ${dropped.map((r) => r.key).join(', ')} left out`);
  return refs.filter((r) => !dropped.includes(r));
}

/** An instant as the answers write it: UTC to the second, `YYYY-MM-DDTHH:MM:SSZ`. */
export function isoSecond(jdOrMs: { jd: number } | { ms: number }): string {
  const ms = 'jd' in jdOrMs ? (jdOrMs.jd - 2_440_587.5) * 86_400_000 : jdOrMs.ms;
  return new Date(Math.round(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}
