/**
 * The natal computation: runs in a compute worker (or inline), from a validated request whose
 * place is already resolved to coordinates, to the response JSON.
 */
import { DEFAULT_NATAL_BODIES } from '../../astro/bodies.ts';
import { computeChartMoment, type ChartFacts, type ChartMoment } from '../../astro/chart.ts';
import { ASPECT_TYPES, MAJOR_ASPECT_TYPES, findAspectsWithin, resolveOrbs, sortByOrb, summarizeAspects, type Aspect, type AspectPoint, type AspectsSummary, type AspectType } from '../../astro/aspects.ts';
import { findStelliums, type Stelliums } from '../../astro/stelliums.ts';
import { dominants, natalDominants } from '../../astro/dominants.ts';
import { findDeclinationAspects, type DeclinationAspect } from '../../astro/declination-aspects.ts';
import type { ZodiacSetting } from '../../astro/ephemeris.ts';
import { normalizeDegrees, signOf } from '../../astro/zodiac.ts';
import { dignitiesOf, type Dignity } from '../../astro/dignities.ts';
import { FIXED_STAR_PACK_NAMES, resolveStarPack } from '../../astro/fixed-stars.ts';
import { namedCatalogueStars } from '../../astro/fixed-star-catalogue.ts';
import { DEFAULT_FIXED_STAR_ORB, UnknownFixedStar, fixedStarConjunctions } from '../../astro/fixed-star-conjunctions.ts';
import { RequestFieldError } from '../shared/request-error.ts';
import { birthMoment, momentWarnings, type ResolvedMoment } from '../shared/moment.ts';
import { placeWarnings, type ResolvedPlace } from '../shared/place.ts';
import { anglesJson, housesJson, planetJson, provenanceJson, roundNumbers, subjectJson, type PlanetJson } from '../shared/chart-presentation.ts';
import type { NatalRequest, SimpleNatalRequest } from './schemas.ts';
import type { InterpretationTaskOptions } from '../shared/interpretation-schema.ts';
import { interpretNatal, type InterpretationBlock } from '../../interpretations/index.ts';
import type { NatalChartInput } from '../../interpretations/chart-input.ts';

export interface NatalTask {
  request: NatalRequest;
  place: ResolvedPlace;
  includeMinor: boolean;
  includeStelliums: boolean;
  /** Present when the response carries the `interpretation` block. */
  interpretation?: InterpretationTaskOptions | undefined;
}

export function zodiacOf(request: { zodiac_type: string; sidereal_ayanamsa?: string | null | undefined }): ZodiacSetting {
  return request.zodiac_type === 'sidereal' ? { type: 'sidereal', ayanamsa: (request.sidereal_ayanamsa ?? 'lahiri') as never } : { type: 'tropical' };
}

/** Points of a natal chart: the default 13 plus the requested features, each once, in catalogue order. */
export function natalPoints(features: readonly string[] | undefined): readonly string[] {
  return features?.length ? [...new Set([...DEFAULT_NATAL_BODIES, ...features])] : DEFAULT_NATAL_BODIES;
}

/** Chart points left out of the aspects: the angles (the Ascendant and the Midheaven come from the houses, below). */
export const HOUSE_POINTS: ReadonlySet<string> = new Set(['ic', 'dc', 'asc', 'mc', 'vertex']);

/** Angles take part in aspects when the birth time is known: the Ascendant and the Midheaven. */
export function aspectPointsOf(chart: ChartMoment): AspectPoint[] {
  const points: AspectPoint[] = [];
  for (const p of chart.points) if (!HOUSE_POINTS.has(p.id)) points.push({ id: p.id, lon: p.lon, speed: p.speed });
  if (chart.houses) {
    points.push({ id: 'asc', lon: chart.houses.asc, speed: chart.houses.ascSpeed }, { id: 'mc', lon: chart.houses.mc, speed: chart.houses.mcSpeed });
  }
  return points;
}

/** `dignity` (the first, or null) and `dignities` of a planet; null and [] for points without a table (nodes, Lilith, angles...). */
function withDignity(planet: PlanetJson) {
  const all = dignitiesOf(planet.id, planet.abs_pos);
  // Added to planetJson's new object, in the same last places, rather than spread into a copy
  // (a spread that adds keys measured about 2.6 µs per object).
  const json: PlanetJson & { dignity?: Dignity | null; dignities?: Dignity[] } = planet;
  json.dignity = all[0] ?? null;
  json.dignities = all;
  return json;
}

/** The stars a `fixed_stars` request names: star names as given, packs expanded, `all` = every named star of the catalogue. */
function requestedStars(entries: readonly string[]): { names: string[]; origin: number[] } {
  const names: string[] = [];
  const origin: number[] = []; // which request entry each name came from, for errors
  entries.forEach((entry, i) => {
    const members = entry.trim().toLowerCase() === 'all' ? namedCatalogueStars() : resolveStarPack(entry) ?? [entry.trim()];
    for (const name of members) {
      names.push(name);
      origin.push(i);
    }
  });
  return { names, origin };
}

/** Conjunctions of every chart point (the angles too when the time is known) with the requested stars. */
export function fixedStarsJson(request: NatalRequest, jdUt: number, zodiac: ZodiacSetting, chart: ChartMoment) {
  const { names, origin } = requestedStars(request.fixed_stars!);
  const points = aspectPointsOf(chart).map(({ id, lon }) => ({ id, lon }));
  if (chart.houses) {
    for (const [id, lon] of [['ic', chart.houses.mc + 180], ['dc', chart.houses.asc + 180]] as const) points.push({ id, lon: normalizeDegrees(lon) });
  }
  const orb = request.fixed_star_orb ?? DEFAULT_FIXED_STAR_ORB;
  try {
    const { conjunctions, starsChecked } = fixedStarConjunctions(jdUt, zodiac, names, points, orb);
    return { orb, stars_checked: starsChecked, conjunctions };
  } catch (error) {
    if (error instanceof UnknownFixedStar) throw new RequestFieldError(['body', 'fixed_stars', origin[error.index]!], `${error.message}; or a pack: ${FIXED_STAR_PACK_NAMES.join(', ')}, all`, 'value_error.unknown_star');
    throw error;
  }
}

/** What a natal answer is made of, before any presentation: the moment, the chart and its aspects (closest first). */
export interface NatalCast {
  moment: ResolvedMoment;
  zodiac: ZodiacSetting;
  chart: ChartMoment;
  aspects: Aspect[];
}

/** The moment of a natal task's birth. */
export function natalMoment(task: NatalTask): ResolvedMoment {
  return birthMoment(task.request, task.place, ['body']);
}

/** The aspect types a natal task looks for. */
export function natalAspectTypes(task: NatalTask): readonly AspectType[] {
  return task.includeMinor ? ASPECT_TYPES : MAJOR_ASPECT_TYPES;
}

/** `moment`: the task's, when the caller has resolved it already. */
export function castNatal(task: NatalTask, moment = natalMoment(task)): NatalCast {
  const { request, place } = task;
  const zodiac = zodiacOf(request);
  const chart = computeChartMoment({
    jdUt: moment.jdUt, lat: place.lat, lng: place.lng, timeKnown: moment.timeKnown, zodiac,
    houseSystem: request.house_system, points: natalPoints(request.include_features), nodeVariant: request.node_type, warnings: momentWarnings(moment),
  });
  const aspects = findAspectsWithin(aspectPointsOf(chart), {
    types: natalAspectTypes(task),
    orbs: resolveOrbs(request.orb_settings),
  });
  sortByOrb(aspects);
  return { moment, zodiac, chart, aspects };
}

/**
 * How far the answer can be trusted: houses and angles need the birth time, and a system defined
 * at the latitude whose cusps go round the zodiac once.
 */
export function natalConfidence(chart: ChartFacts) {
  const houses = chart.houses;
  const timed = houses !== undefined;
  const notes = timed ? [] : ['Birth time unknown: positions are cast for local noon; houses, angles and house placements are omitted, and the Moon may be up to about 6.5° from its true position.'];
  let housesSure = timed;
  if (houses && houses.used !== houses.requested) {
    notes.push(`Houses use ${houses.used} because ${houses.requested} is undefined at this latitude.`);
    housesSure = false;
  } else if (houses && !houses.inOrder) {
    notes.push(`The ${houses.used} cusps turn back on themselves at this latitude: the houses overlap, and the house of a point near them is uncertain.`);
    housesSure = false;
  }
  return {
    houses: timed ? (housesSure ? 'high' : 'medium') : 'unavailable',
    angles: timed ? 'high' : 'unavailable',
    overall: timed ? 'high' : 'medium',
    notes,
  };
}

/**
 * The natal answer as objects; its keys are added in this order (the JSON's order). The served
 * answer is written by answer-writer.ts from the same cast, with the same bytes; these objects
 * stay as the writer's reference in tests.
 */
export interface NatalAnswer {
  subject: ReturnType<typeof subjectJson>;
  planets: ReturnType<typeof withDignity>[];
  houses?: ReturnType<typeof housesJson>;
  angles?: ReturnType<typeof anglesJson>['angles'];
  angles_details?: ReturnType<typeof anglesJson>['angles_details'];
  aspects: Aspect[];
  fixed_stars?: ReturnType<typeof fixedStarsJson>;
  declination_aspects?: DeclinationAspect[];
  aspects_summary: AspectsSummary;
  confidence: ReturnType<typeof natalConfidence>;
  stelliums?: Stelliums;
  dominants?: ReturnType<typeof natalDominants>;
  interpretation?: InterpretationBlock;
  warnings: string[];
  provenance: ReturnType<typeof provenanceJson>;
}

/** The `dominants` block: the chart's points, with the Ascendant of the houses when the birth time is known. */
export function dominantsJson(request: NatalRequest, chart: ChartMoment) {
  const points: { id: string; lon: number }[] = chart.points.filter((p) => p.id !== 'asc');
  if (chart.houses) points.push({ id: 'asc', lon: chart.houses.asc });
  return natalDominants(points, request.dominants_method ?? 'modern');
}

/**
 * The `interpretation` block, when the task asks for one. The text reads the chart's objects
 * before `precision` rounds them: it is about the chart, not about its presentation.
 */
export function natalInterpretation(task: NatalTask, cast: NatalCast): InterpretationBlock | undefined {
  if (!task.interpretation) return undefined;
  const { request, place } = task;
  const { moment, zodiac, chart, aspects } = cast;
  const input: NatalChartInput = {
    subject: subjectJson(request.name, moment, place, chart, zodiac, request.house_system),
    planets: chart.points.map((p) => planetJson(p, request.node_type)),
    aspects,
    confidence: natalConfidence(chart),
  };
  if (chart.houses) {
    input.houses = housesJson(chart.houses);
    input.angles = anglesJson(chart.houses).angles;
  }
  return interpretNatal(input, task.interpretation);
}

export function computeNatal(task: NatalTask): NatalAnswer {
  const { request, place } = task;
  const cast = castNatal(task);
  const { moment, zodiac, chart, aspects } = cast;
  // The answer's keys are added in their order rather than spread in from partial objects: in V8
  // a spread that adds keys to a new object costs microseconds (measured on the transits answer).
  const answer: Partial<NatalAnswer> = {
    subject: subjectJson(request.name, moment, place, chart, zodiac, request.house_system),
    planets: chart.points.map((p) => (request.include_dignity ? withDignity(planetJson(p, request.node_type)) : planetJson(p, request.node_type))),
  };
  if (chart.houses) {
    answer.houses = housesJson(chart.houses);
    const { angles, angles_details } = anglesJson(chart.houses);
    answer.angles = angles;
    answer.angles_details = angles_details;
  }
  answer.aspects = aspects;
  if (request.fixed_stars?.length) answer.fixed_stars = fixedStarsJson(request, moment.jdUt, zodiac, chart);
  if (request.include_declination_aspects) answer.declination_aspects = findDeclinationAspects(chart.points);
  const confidence = natalConfidence(chart);
  const interpretation = natalInterpretation(task, cast);
  const digits = request.precision;
  if (digits !== undefined) {
    // What `precision` rounds: the chart's numbers, not the subject's or the provenance's.
    answer.planets = roundNumbers(answer.planets!, digits);
    if (answer.houses) answer.houses = roundNumbers(answer.houses, digits);
    if (answer.angles) answer.angles = roundNumbers(answer.angles, digits);
    if (answer.angles_details) answer.angles_details = roundNumbers(answer.angles_details, digits);
    answer.aspects = roundNumbers(answer.aspects, digits);
    if (answer.fixed_stars) answer.fixed_stars = roundNumbers(answer.fixed_stars, digits);
    if (answer.declination_aspects) answer.declination_aspects = roundNumbers(answer.declination_aspects, digits);
  }
  answer.aspects_summary = summarizeAspects(aspects);
  answer.confidence = confidence;
  if (task.includeStelliums) answer.stelliums = findStelliums(chart.points);
  if (request.include_dominants) answer.dominants = dominantsJson(request, chart);
  if (interpretation) answer.interpretation = interpretation;
  answer.warnings = [...placeWarnings(place), ...chart.warnings];
  answer.provenance = provenanceJson(moment, chart, place);
  return answer as NatalAnswer;
}

export const SIMPLE_NATAL_PLANETS = ['sun', 'moon', 'mercury', 'venus', 'mars', 'jupiter', 'saturn', 'uranus', 'neptune', 'pluto', 'north_node'] as const;

const SIMPLE_NATAL_POINTS = [...SIMPLE_NATAL_PLANETS, 'asc'];

/** The compact answer's warnings: a place chosen among namesakes, a local time a daylight-saving change skipped or repeated. */
export function simpleNatalWarnings(place: ResolvedPlace, moment: ResolvedMoment): string[] {
  const warnings = placeWarnings(place);
  if (moment.warning !== undefined) warnings.push(moment.warning);
  return warnings;
}

/** The compact answer's moment and chart (tropical, Placidus, mean node). */
export function castSimpleNatal(request: SimpleNatalRequest, place: ResolvedPlace): { moment: ResolvedMoment; chart: ChartMoment } {
  const moment = birthMoment(request, place, ['body']);
  const chart = computeChartMoment({
    jdUt: moment.jdUt, lat: place.lat, lng: place.lng, timeKnown: moment.timeKnown, zodiac: { type: 'tropical' },
    houseSystem: 'placidus', points: SIMPLE_NATAL_POINTS, nodeVariant: 'mean',
  });
  return { moment, chart };
}

/**
 * The compact variant of POST /natal, curated planets, cusp signs and a summary, as objects: the
 * reference its writer (compact-answer-writer.ts) is tested against.
 */
export function computeSimpleNatal(request: SimpleNatalRequest, place: ResolvedPlace) {
  const { moment, chart } = castSimpleNatal(request, place);
  // Untimed: no houses, no rising sign (the Ascendant is not among the points then).
  const houses = chart.houses;
  const planets = Object.fromEntries(
    chart.points.filter((p) => p.id !== 'asc').map((p) => [p.id, { sign: signOf(p.lon).name, ...(p.house !== undefined ? { house: p.house } : {}), degree: p.lon - Math.floor(p.lon / 30) * 30, retrograde: p.speed < 0 }]),
  );
  const sun = chart.points.find((p) => p.id === 'sun')!;
  const moon = chart.points.find((p) => p.id === 'moon')!;
  const dom = dominants(chart.points);
  const warnings = simpleNatalWarnings(place, moment);
  return {
    subject: { name: request.name ?? 'User', datetime: moment.localIso, datetime_utc: moment.utcIso, timezone: moment.zone, lat: place.lat, lng: place.lng },
    planets,
    houses: houses ? Object.fromEntries(houses.cusps.map((lon, i) => [String(i + 1), signOf(lon).name])) : {},
    summary: { sun_sign: signOf(sun.lon).name, moon_sign: signOf(moon.lon).name, rising_sign: houses ? signOf(houses.asc).name : null, dominant_element: dom.element, dominant_modality: dom.modality },
    ...(warnings.length ? { warnings } : {}),
  };
}
