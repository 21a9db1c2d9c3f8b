/**
 * What the dosha and matching rules read of a chart: the sidereal longitudes of the nine grahas
 * and of the lagna (absent for an untimed birth). Kept this small so that a test can write a chart
 * by hand, and so that the rules never depend on how the chart was cast.
 */
import { signIndexOf } from '../../zodiac.ts';
import type { GrahaId } from '../grahas.ts';
import type { VedicChart } from '../sidereal-chart.ts';

export interface DoshaChart {
  /** Sidereal longitude of the lagna; undefined when the birth time is unknown. */
  lagna: number | undefined;
  /** Sidereal longitude of each graha. */
  longitudes: Readonly<Record<GrahaId, number>>;
}

export function doshaChartOf(chart: VedicChart): DoshaChart {
  const longitudes = Object.fromEntries(chart.grahas.map((g) => [g.id, g.longitude])) as Record<GrahaId, number>;
  return { lagna: chart.lagna?.longitude, longitudes };
}

export const signOfGraha = (chart: DoshaChart, id: GrahaId) => signIndexOf(chart.longitudes[id]);

/**
 * The signs a graha aspects by Parashara's graha drishti (full aspects, counted by sign): every
 * graha the 7th from its sign; Mars also the 4th and 8th, Jupiter the 5th and 9th, Saturn the 3rd
 * and 10th. The nodes are given none here (schools differ on theirs, and no rule below needs them).
 */
export function aspectedSigns(graha: GrahaId, fromSign: number): number[] {
  const counts =
    graha === 'mars' ? [4, 7, 8] : graha === 'jupiter' ? [5, 7, 9] : graha === 'saturn' ? [3, 7, 10] : graha === 'rahu' || graha === 'ketu' ? [] : [7];
  return counts.map((n) => (fromSign + n - 1) % 12);
}
