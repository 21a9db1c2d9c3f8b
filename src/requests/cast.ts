/**
 * The one way a request's chart is cast: a resolved moment at a resolved place, with the zodiac,
 * house system and lunar node the request chose. An answer chooses only which points it places
 * and whose chart its warnings name ("natal: …"); the moment's own warning (a local time that a
 * daylight-saving change skipped) comes first. Charts of a bare instant with no place (returns,
 * progressed points) call computeChartMoment themselves.
 */
import { computeChartMoment, type ChartMoment, type NodeVariant } from '../astro/chart.ts';
import type { ZodiacSetting } from '../astro/ephemeris.ts';
import type { HouseSystemName } from '../astro/house-systems.ts';
import { momentWarnings, type ResolvedMoment } from './moment.ts';

export interface CastSettings {
  zodiac: ZodiacSetting;
  houseSystem: HouseSystemName;
  nodeVariant: NodeVariant;
  /** Point ids from the catalogue, in the order the answer lists them. */
  points: readonly string[];
  /** Whose chart the warnings name; none for an answer about one chart. */
  whose?: string | undefined;
  /** Houses and angles: the moment's own `timeKnown` unless the answer places no houses (a transiting sky). */
  timeKnown?: boolean;
}

export function castChart(moment: ResolvedMoment, place: { lat: number; lng: number }, settings: CastSettings): ChartMoment {
  return computeChartMoment({
    jdUt: moment.jdUt,
    lat: place.lat,
    lng: place.lng,
    timeKnown: settings.timeKnown ?? moment.timeKnown,
    zodiac: settings.zodiac,
    houseSystem: settings.houseSystem,
    points: settings.points,
    nodeVariant: settings.nodeVariant,
    warnings: momentWarnings(moment, settings.whose),
  });
}
