/**
 * Kaal Sarp yoga (dosha): the seven grahas Sun to Saturn all on one side of the axis of Rahu and
 * Ketu. It is a rule of modern practice rather than of Parashara, and its details vary; the one
 * applied here:
 *
 * - Each graha's side is read from its longitude: on the arc from Rahu forward (in the order of the
 *   signs) to Ketu, or on the arc from Ketu forward to Rahu.
 * - `full`: all seven on one arc, none of them in Rahu's or Ketu's sign.
 * - `partial`: all seven on one arc but one or more conjunct a node (in its sign), which loosens
 *   the hold; or all but one on one arc and that one conjunct a node by sign (just past the node in
 *   degrees), so that by sign it is still hemmed in.
 * - The direction is named: `rahu_to_ketu` (the grahas follow Rahu in the order of the signs) or
 *   `ketu_to_rahu` (which some call Kaal Amrita); both count as Kaal Sarp here.
 * - The twelve types are named after Rahu's house, counted by sign from the lagna: Anant (1st),
 *   Kulik, Vasuki, Shankhpal, Padma, Mahapadma, Takshak, Karkotak, Shankhachud, Ghatak, Vishdhar,
 *   Sheshnag (12th). Without a lagna (an untimed birth) the type is not named.
 */
import { normalizeDegrees, signIndexOf } from '../../zodiac.ts';
import { signDistance, SEVEN_GRAHAS, type SevenGraha } from '../grahas.ts';
import type { DoshaChart } from './dosha-chart.ts';

export const KAAL_SARP_TYPES = [
  'Anant',
  'Kulik',
  'Vasuki',
  'Shankhpal',
  'Padma',
  'Mahapadma',
  'Takshak',
  'Karkotak',
  'Shankhachud',
  'Ghatak',
  'Vishdhar',
  'Sheshnag',
] as const;
export type KaalSarpType = (typeof KAAL_SARP_TYPES)[number];

export interface KaalSarp {
  present: boolean;
  /** `full`, `partial` or null when absent. */
  kind: 'full' | 'partial' | null;
  direction: 'rahu_to_ketu' | 'ketu_to_rahu' | null;
  /** Named by Rahu's house from the lagna; null when absent or when the birth time is unknown. */
  type: KaalSarpType | null;
  /** Rahu's house counted by sign from the lagna (null without a lagna). */
  rahuHouse: number | null;
  /** The grahas on the arc from Rahu to Ketu, and on the arc from Ketu to Rahu. */
  rahuToKetu: SevenGraha[];
  ketuToRahu: SevenGraha[];
  /** The graha outside the arc that makes a partial yoga. */
  outside: SevenGraha | null;
  /** Grahas in the sign of Rahu or of Ketu. */
  conjunctNodes: SevenGraha[];
}

export function kaalSarp(chart: DoshaChart): KaalSarp {
  const rahu = chart.longitudes.rahu;
  const ketu = chart.longitudes.ketu;
  const rahuSign = signIndexOf(rahu);
  const ketuSign = signIndexOf(ketu);
  const rahuToKetu: SevenGraha[] = [];
  const ketuToRahu: SevenGraha[] = [];
  for (const g of SEVEN_GRAHAS) {
    // Past Rahu by less than half a circle: on Rahu's arc. A graha exactly on a node is counted on the arc that starts there.
    if (normalizeDegrees(chart.longitudes[g] - rahu) < 180) rahuToKetu.push(g);
    else ketuToRahu.push(g);
  }
  const conjunctNodes = SEVEN_GRAHAS.filter((g) => {
    const s = signIndexOf(chart.longitudes[g]);
    return s === rahuSign || s === ketuSign;
  });
  let kind: KaalSarp['kind'] = null;
  let direction: KaalSarp['direction'] = null;
  let outside: SevenGraha | null = null;
  if (ketuToRahu.length === 0 || rahuToKetu.length === 0) {
    kind = conjunctNodes.length === 0 ? 'full' : 'partial';
    direction = ketuToRahu.length === 0 ? 'rahu_to_ketu' : 'ketu_to_rahu';
  } else if (ketuToRahu.length === 1 || rahuToKetu.length === 1) {
    const lone = ketuToRahu.length === 1 ? ketuToRahu[0]! : rahuToKetu[0]!;
    if (conjunctNodes.includes(lone)) {
      kind = 'partial';
      direction = ketuToRahu.length === 1 ? 'rahu_to_ketu' : 'ketu_to_rahu';
      outside = lone;
    }
  }
  const rahuHouse = chart.lagna === undefined ? null : signDistance(signIndexOf(chart.lagna), rahuSign);
  return {
    present: kind !== null,
    kind,
    direction,
    type: kind !== null && rahuHouse !== null ? KAAL_SARP_TYPES[rahuHouse - 1]! : null,
    rahuHouse,
    rahuToKetu,
    ketuToRahu,
    outside,
    conjunctNodes,
  };
}
