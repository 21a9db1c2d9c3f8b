/**
 * The natal computation: runs in a compute worker (or inline), from a validated request whose
 * place is already resolved to coordinates, to the cast that src/features/natal/natal-answer.ts writes.
 */
import { type ChartFacts, type ChartMoment } from '../../../astro/chart.ts';
import { ASPECT_TYPES, MAJOR_ASPECT_TYPES, findAspectsWithin, resolveOrbs, sortByOrb, type Aspect, type AspectType } from '../../../astro/aspects.ts';
import { aspectPointsOf } from '../../../astro/aspect-points.ts';
import { natalDominants } from '../../../astro/dominants.ts';
import type { ZodiacSetting } from '../../../astro/ephemeris.ts';
import { normalizeDegrees } from '../../../astro/zodiac.ts';
import { FIXED_STAR_PACK_NAMES, resolveStarPack } from '../../../astro/fixed-stars.ts';
import { namedCatalogueStars } from '../../../astro/fixed-star-catalogue.ts';
import { DEFAULT_FIXED_STAR_ORB, UnknownFixedStar, fixedStarConjunctions } from '../../../astro/fixed-star-conjunctions.ts';
import { RequestFieldError } from '../../../requests/request-error.ts';
import { birthMoment, type ResolvedMoment } from '../../../requests/moment.ts';
import { castChart } from '../../../requests/cast.ts';
import { placeWarnings, type ResolvedPlace } from '../../../requests/place.ts';
import { anglesJson, housesJson, planetJson, subjectJson } from '../../../answers/chart-presentation.ts';
import type { NatalRequest, CompactNatalRequest } from './natal-schemas.ts';
import type { InterpretationTaskOptions } from '../../../requests/interpretation-schema.ts';
import { natalPoints, zodiacOf } from '../../../requests/chart-request.ts';
import { interpretNatal, type InterpretationBlock } from '../../../interpretations/index.ts';
import type { NatalChartInput } from '../../../interpretations/chart-input.ts';

export interface NatalTask {
  request: NatalRequest;
  place: ResolvedPlace;
  includeMinor: boolean;
  includeStelliums: boolean;
  /** Present when the response carries the `interpretation` block. */
  interpretation?: InterpretationTaskOptions | undefined;
}

/** The stars a `fixed_stars` request names: star names as given, packs expanded, `all` = every named star of the catalogue. */
function requestedStars(entries: readonly string[]): { names: string[]; origin: number[] } {
  const names: string[] = [];
  const origin: number[] = []; // which request entry each name came from, for errors
  entries.forEach((entry, i) => {
    const members = entry.trim().toLowerCase() === 'all' ? namedCatalogueStars() : (resolveStarPack(entry) ?? [entry.trim()]);
    for (const name of members) {
      names.push(name);
      origin.push(i);
    }
  });
  return { names, origin };
}

/** Conjunctions of every chart point (the angles too when the time is known) with the requested stars. */
export function chartFixedStars(request: NatalRequest, jdUt: number, zodiac: ZodiacSetting, chart: ChartMoment) {
  const { names, origin } = requestedStars(request.fixed_stars!);
  const points = aspectPointsOf(chart).map(({ id, lon }) => ({ id, lon }));
  if (chart.houses) {
    for (const [id, lon] of [
      ['ic', chart.houses.mc + 180],
      ['dc', chart.houses.asc + 180],
    ] as const)
      points.push({ id, lon: normalizeDegrees(lon) });
  }
  const orb = request.fixed_star_orb ?? DEFAULT_FIXED_STAR_ORB;
  try {
    const { conjunctions, starsChecked } = fixedStarConjunctions(jdUt, zodiac, names, points, orb);
    return { orb, stars_checked: starsChecked, conjunctions };
  } catch (error) {
    if (error instanceof UnknownFixedStar)
      throw new RequestFieldError(
        ['body', 'fixed_stars', origin[error.index]!],
        `${error.message}; or a pack: ${FIXED_STAR_PACK_NAMES.join(', ')}, all`,
        'value_error.unknown_star',
      );
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
  const chart = castChart(moment, place, {
    zodiac,
    houseSystem: request.house_system,
    points: natalPoints(request.include_features),
    nodeVariant: request.node_type,
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
  const notes = timed
    ? []
    : [
        'Birth time unknown: positions are cast for local noon; houses, angles and house placements are omitted, and the Moon may be up to about 6.5° from its true position.',
      ];
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

/** The `dominants` block: the chart's points, with the Ascendant of the houses when the birth time is known. */
export function chartDominants(request: NatalRequest, chart: ChartMoment) {
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

export const COMPACT_NATAL_PLANETS = ['sun', 'moon', 'mercury', 'venus', 'mars', 'jupiter', 'saturn', 'uranus', 'neptune', 'pluto', 'north_node'] as const;

const COMPACT_NATAL_POINTS = [...COMPACT_NATAL_PLANETS, 'asc'];

/** The compact answer's warnings: a place chosen among namesakes, a local time a daylight-saving change skipped or repeated. */
export function compactNatalWarnings(place: ResolvedPlace, moment: ResolvedMoment): string[] {
  const warnings = placeWarnings(place);
  if (moment.warning !== undefined) warnings.push(moment.warning);
  return warnings;
}

/** The compact answer's moment and chart (tropical, Placidus, mean node). */
export function castCompactNatal(request: CompactNatalRequest, place: ResolvedPlace): { moment: ResolvedMoment; chart: ChartMoment } {
  const moment = birthMoment(request, place, ['body']);
  // Its warnings are the place's and the moment's (compactNatalWarnings), not the chart's.
  const chart = castChart(moment, place, { zodiac: { type: 'tropical' }, houseSystem: 'placidus', points: COMPACT_NATAL_POINTS, nodeVariant: 'mean' });
  return { moment, chart };
}
