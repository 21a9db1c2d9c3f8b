/** A person or moment cast for a chart image: resolved time and place, positions and houses. */
import { type ChartMoment } from '../../astro/chart.ts';
import type { ZodiacSetting } from '../../astro/ephemeris.ts';
import { birthMoment, type ResolvedMoment } from '../../requests/moment.ts';
import { castChart } from '../../requests/cast.ts';
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
  const chart = castChart(moment, place, {
    zodiac,
    houseSystem: input.house_system,
    points: CHART_POINTS,
    nodeVariant: input.node_type,
    whose: input.name ?? fallbackName,
  });
  return { name: input.name ?? fallbackName, place, moment, chart, zodiac, houseSystem: input.house_system, nodeVariant: input.node_type };
}

/** A chart cast for an instant at a place (transits, returns, progressions): no local time to resolve. */
export function castMoment(name: string, moment: ResolvedMoment, place: ResolvedPlace, like: ChartSubject, timeKnown = true): ChartSubject {
  const chart = castChart(moment, place, {
    zodiac: like.zodiac,
    houseSystem: like.houseSystem as never,
    points: CHART_POINTS,
    nodeVariant: like.nodeVariant,
    whose: name,
    timeKnown,
  });
  return { name, place, moment, chart, zodiac: like.zodiac, houseSystem: like.houseSystem, nodeVariant: like.nodeVariant };
}
