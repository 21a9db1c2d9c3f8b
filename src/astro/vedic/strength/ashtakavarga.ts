/**
 * Ashtakavarga after Parashara: each graha's bhinna ashtakavarga (the bindus it receives in each
 * sign from the eight contributors, with the contributions themselves: the prastara), the sarva
 * ashtakavarga (the seven added sign by sign, always 337 in all), and optionally the two
 * reductions (shodhana) of the bhinna tables: trikona, then ekadhipatya.
 *
 * The lagna contributes from its sign; an untimed birth has none, and the Moon's sign (chandra
 * lagna, the sign the chart's houses are counted from) stands in for it, so that the totals stay whole.
 */
import { SEVEN_GRAHAS, nthSignFrom, type SevenGraha } from '../grahas.ts';
import type { VedicChart } from '../sidereal-chart.ts';
import { ASHTAKAVARGA_CONTRIBUTORS, BINDU_PLACES, type AshtakavargaContributor } from './ashtakavarga-tables.ts';

/** Twelve numbers, Aries (0) to Pisces (11). */
export type SignRow = number[];

export interface BhinnaAshtakavarga {
  graha: SevenGraha;
  /** Bindus in each sign, Aries first. */
  bindus: SignRow;
  total: number;
  /** The prastara: for each contributor, 1 in each sign where it gives the graha a bindu. */
  contributions: Record<AshtakavargaContributor, SignRow>;
}

export interface AshtakavargaReductions {
  /** Each graha's bindus after the trikona reduction. */
  trikona: Record<SevenGraha, SignRow>;
  /** After the trikona and then the ekadhipatya reduction. */
  ekadhipatya: Record<SevenGraha, SignRow>;
  /** The reduced tables added sign by sign. */
  sarva: SignRow;
}

export interface Ashtakavarga {
  /** The sign the lagna's contributions are counted from (the Moon's for an untimed birth). */
  lagnaSign: number;
  lagnaIsChandraLagna: boolean;
  bhinna: Record<SevenGraha, BhinnaAshtakavarga>;
  /** The sarva ashtakavarga, Aries first. */
  sarva: SignRow;
  /** Always 337. */
  total: number;
  reductions: AshtakavargaReductions | undefined;
}

const zeros = (): SignRow => [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
const sum = (row: readonly number[]) => row.reduce((a, b) => a + b, 0);

/** A graha's bhinna ashtakavarga, given the sign of each contributor. */
export function bhinnaAshtakavarga(graha: SevenGraha, signOf: Readonly<Record<AshtakavargaContributor, number>>): BhinnaAshtakavarga {
  const bindus = zeros();
  const contributions = {} as Record<AshtakavargaContributor, SignRow>;
  for (const contributor of ASHTAKAVARGA_CONTRIBUTORS) {
    const row = zeros();
    for (const place of BINDU_PLACES[graha][contributor]) row[nthSignFrom(signOf[contributor], place)] = 1;
    for (let s = 0; s < 12; s++) bindus[s]! += row[s]!;
    contributions[contributor] = row;
  }
  return { graha, bindus, total: sum(bindus), contributions };
}

/**
 * Trikona shodhana: in each triplicity (the signs 1st, 5th and 9th from each other), when one of
 * the three has no bindu nothing changes; when all three are equal all become 0; otherwise the
 * smallest of the three is taken from each.
 */
export function trikonaReduction(bindus: readonly number[]): SignRow {
  const out = [...bindus];
  for (let first = 0; first < 4; first++) {
    const signs = [first, first + 4, first + 8];
    const values = signs.map((s) => bindus[s]!);
    const least = Math.min(...values);
    if (least === 0) continue;
    const allEqual = values.every((v) => v === values[0]);
    for (const s of signs) out[s] = allEqual ? 0 : bindus[s]! - least;
  }
  return out;
}

/** The pairs of signs one graha rules (Cancer and Leo, the Moon's and the Sun's only signs, are left alone). */
const SIGN_PAIRS: readonly (readonly [number, number])[] = [
  [0, 7],
  [1, 6],
  [2, 5],
  [8, 11],
  [9, 10],
];

/**
 * Ekadhipatya shodhana on the trikona-reduced bindus, for the two signs of one lord, following
 * Raman's reading of Parashara: nothing changes when either sign has no bindu or both hold a graha
 * (the seven; Rahu and Ketu do not count); when neither holds a graha, equal bindus both become 0
 * and unequal ones both become the smaller; when one holds a graha, the other (empty) sign loses
 * all its bindus if it has as many or fewer, and is brought down to the occupied sign's number if it has more.
 */
export function ekadhipatyaReduction(bindus: readonly number[], occupied: readonly boolean[]): SignRow {
  const out = [...bindus];
  for (const [a, b] of SIGN_PAIRS) {
    const va = bindus[a]!,
      vb = bindus[b]!;
    if (va === 0 || vb === 0) continue;
    const oa = occupied[a]!,
      ob = occupied[b]!;
    if (oa && ob) continue;
    if (!oa && !ob) {
      const v = va === vb ? 0 : Math.min(va, vb);
      out[a] = v;
      out[b] = v;
      continue;
    }
    const [full, empty] = oa ? [a, b] : [b, a];
    out[empty] = bindus[empty]! <= bindus[full]! ? 0 : bindus[full]!;
  }
  return out;
}

export interface AshtakavargaOptions {
  /** Also the trikona and ekadhipatya reductions. Default false. */
  reductions?: boolean;
}

/** The sign of each contributor in a chart: the seven grahas' and the lagna's (the Moon's for an untimed birth). */
export function contributorSigns(chart: VedicChart): Record<AshtakavargaContributor, number> {
  const signs = {} as Record<AshtakavargaContributor, number>;
  for (const g of chart.grahas) if (g.id !== 'rahu' && g.id !== 'ketu') signs[g.id] = g.signIndex;
  signs.lagna = chart.lagna?.signIndex ?? signs.moon;
  return signs;
}

export function ashtakavargaOfChart(chart: VedicChart, options: AshtakavargaOptions = {}): Ashtakavarga {
  const signOf = contributorSigns(chart);
  const bhinna = {} as Record<SevenGraha, BhinnaAshtakavarga>;
  const sarva = zeros();
  for (const graha of SEVEN_GRAHAS) {
    bhinna[graha] = bhinnaAshtakavarga(graha, signOf);
    for (let s = 0; s < 12; s++) sarva[s]! += bhinna[graha].bindus[s]!;
  }
  let reductions: AshtakavargaReductions | undefined;
  if (options.reductions) {
    const occupied = Array.from({ length: 12 }, () => false);
    for (const graha of SEVEN_GRAHAS) occupied[signOf[graha]] = true;
    const trikona = {} as Record<SevenGraha, SignRow>;
    const ekadhipatya = {} as Record<SevenGraha, SignRow>;
    const reducedSarva = zeros();
    for (const graha of SEVEN_GRAHAS) {
      trikona[graha] = trikonaReduction(bhinna[graha].bindus);
      ekadhipatya[graha] = ekadhipatyaReduction(trikona[graha], occupied);
      for (let s = 0; s < 12; s++) reducedSarva[s]! += ekadhipatya[graha][s]!;
    }
    reductions = { trikona, ekadhipatya, sarva: reducedSarva };
  }
  return { lagnaSign: signOf.lagna, lagnaIsChandraLagna: !chart.lagna, bhinna, sarva, total: sum(sarva), reductions };
}
