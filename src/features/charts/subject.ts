/** A person or moment cast for a chart image: resolved time and place, positions and houses. */
import { computeChartMoment, type ChartMoment } from '../../astro/chart.ts';
import type { ZodiacSetting } from '../../astro/ephemeris.ts';
import { birthMoment, momentWarnings, type ResolvedMoment } from '../../requests/moment.ts';
import type { ResolvedPlace } from '../../requests/place.ts';
import { zodiacOf } from '../../requests/chart-request.ts';
import type { SubjectInput } from './charts-schemas.ts';

/** Every point a chart can show; display_settings choose among them. */
export const CHART_POINTS = [
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
  'north_node',
  'south_node',
  'chiron',
  'lilith',
  'part_of_fortune',
] as const;

export interface ChartSubject {
  name: string;
  place: ResolvedPlace;
  moment: ResolvedMoment;
  chart: ChartMoment;
  zodiac: ZodiacSetting;
  houseSystem: string;
  /** Mean or true lunar node, as the request chose; charts cast for other moments follow it. */
  nodeVariant: 'mean' | 'true';
}

export function castSubject(input: SubjectInput, place: ResolvedPlace, loc: (string | number)[], fallbackName = 'Chart'): ChartSubject {
  const moment = birthMoment(input, place, loc);
  const zodiac = zodiacOf(input);
  const chart = computeChartMoment({
    jdUt: moment.jdUt,
    lat: place.lat,
    lng: place.lng,
    timeKnown: moment.timeKnown,
    zodiac,
    houseSystem: input.house_system,
    points: CHART_POINTS,
    nodeVariant: input.node_type,
    warnings: momentWarnings(moment, input.name ?? fallbackName),
  });
  return { name: input.name ?? fallbackName, place, moment, chart, zodiac, houseSystem: input.house_system, nodeVariant: input.node_type };
}

/** A chart cast for an instant at a place (transits, returns, progressions): no local time to resolve. */
export function castMoment(name: string, moment: ResolvedMoment, place: ResolvedPlace, like: ChartSubject, timeKnown = true): ChartSubject {
  const chart = computeChartMoment({
    jdUt: moment.jdUt,
    lat: place.lat,
    lng: place.lng,
    timeKnown,
    zodiac: like.zodiac,
    houseSystem: like.houseSystem as never,
    points: CHART_POINTS,
    nodeVariant: like.nodeVariant,
    warnings: momentWarnings(moment, name),
  });
  return { name, place, moment, chart, zodiac: like.zodiac, houseSystem: like.houseSystem, nodeVariant: like.nodeVariant };
}
