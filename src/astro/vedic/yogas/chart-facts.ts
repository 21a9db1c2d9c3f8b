/**
 * The facts of a rasi chart that yoga rules read, computed once per chart: each graha's sign,
 * its house counted from the lagna, the Moon and the Sun (whole signs, as the yoga texts count),
 * the lords of the houses, the houses each graha rules, graha drishti (Parashara's special
 * aspects), dignity and combustion as the chart gives them, and the navamsa sign.
 */
import { GRAHA_IDS, GRAHAS, SIGN_LORDS, SEVEN_GRAHAS, signDistance, type GrahaId, type SevenGraha } from '../grahas.ts';
import type { Dignity } from '../dignity.ts';
import type { VedicChart } from '../sidereal-chart.ts';
import { vargaSign } from '../vargas.ts';

export const KENDRAS = [1, 4, 7, 10] as const;
export const TRIKONAS = [1, 5, 9] as const;
export const DUSTHANAS = [6, 8, 12] as const;

export const isKendra = (house: number) => house === 1 || house === 4 || house === 7 || house === 10;
export const isTrikona = (house: number) => house === 1 || house === 5 || house === 9;
export const isDusthana = (house: number) => house === 6 || house === 8 || house === 12;

/** The natural benefics and malefics as the yoga rules use them (the Moon is counted with the benefics only where a rule says so). */
export const NATURAL_BENEFICS: readonly SevenGraha[] = ['mercury', 'jupiter', 'venus'];
/** Mars to Saturn: the five grahas that form the Moon's and the Sun's yogas and the Mahapurusha yogas. */
export const TARA_GRAHAS: readonly SevenGraha[] = ['mars', 'mercury', 'jupiter', 'venus', 'saturn'];

/** Parashara's graha drishti: every graha aspects the 7th sign from it; Mars also the 4th and 8th, Jupiter the 5th and 9th, Saturn the 3rd and 10th. The nodes are given none here. */
const SPECIAL_ASPECTS: Readonly<Partial<Record<GrahaId, readonly number[]>>> = {
  sun: [7],
  moon: [7],
  mars: [4, 7, 8],
  mercury: [7],
  jupiter: [5, 7, 9],
  venus: [7],
  saturn: [3, 7, 10],
};

export interface ChartFacts {
  chart: VedicChart;
  /** The lagna's sign, or null for an untimed birth. */
  lagnaSign: number | null;
  moonSign: number;
  sunSign: number;
  sign: Readonly<Record<GrahaId, number>>;
  longitude: Readonly<Record<GrahaId, number>>;
  dignity: Readonly<Record<GrahaId, Dignity | null>>;
  combust: Readonly<Record<GrahaId, boolean>>;
  navamsaSign: Readonly<Record<GrahaId, number>>;
  /** The house of a graha counted as the chart counts (from the lagna, or from the Moon when untimed): whole signs. */
  chartHouse: Readonly<Record<GrahaId, number>>;
  /** The grahas in each sign, 0 (Aries) to 11, in the chart's order. */
  occupants: readonly (readonly GrahaId[])[];
}

export function chartFacts(chart: VedicChart): ChartFacts {
  const sign = {} as Record<GrahaId, number>;
  const longitude = {} as Record<GrahaId, number>;
  const dignity = {} as Record<GrahaId, Dignity | null>;
  const combust = {} as Record<GrahaId, boolean>;
  const navamsaSign = {} as Record<GrahaId, number>;
  const chartHouse = {} as Record<GrahaId, number>;
  const occupants: GrahaId[][] = Array.from({ length: 12 }, () => []);
  for (const g of chart.grahas) {
    sign[g.id] = g.signIndex;
    longitude[g.id] = g.longitude;
    dignity[g.id] = g.dignity;
    combust[g.id] = g.combust === true;
    navamsaSign[g.id] = vargaSign(g.longitude, 9);
    chartHouse[g.id] = g.signHouse;
    occupants[g.signIndex]!.push(g.id);
  }
  return {
    chart,
    lagnaSign: chart.lagna ? chart.lagna.signIndex : null,
    moonSign: sign.moon,
    sunSign: sign.sun,
    sign,
    longitude,
    dignity,
    combust,
    navamsaSign,
    chartHouse,
    occupants,
  };
}

/** The house (1-12) of a graha counted from a sign. */
export const houseFrom = (facts: ChartFacts, fromSign: number, graha: GrahaId) => signDistance(fromSign, facts.sign[graha]);

/** The house of a graha from the lagna; the lagna must be known. */
export const houseFromLagna = (facts: ChartFacts, graha: GrahaId) => signDistance(facts.lagnaSign!, facts.sign[graha]);

/** The sign of the nth house from a sign (n = 1 is the sign itself). */
export const signOfHouse = (fromSign: number, n: number) => (fromSign + n - 1) % 12;

/** The lord of the nth house from the lagna. */
export const lordOfHouse = (facts: ChartFacts, house: number): SevenGraha => SIGN_LORDS[signOfHouse(facts.lagnaSign!, house)]!;

/** The houses from the lagna a graha rules (none for the nodes), ascending. */
export function housesRuledBy(facts: ChartFacts, graha: GrahaId): number[] {
  const out: number[] = [];
  for (let h = 1; h <= 12; h++) if (lordOfHouse(facts, h) === graha) out.push(h);
  return out;
}

/** Whether a graha placed in `fromSign` casts its drishti on `toSign`. */
export function aspectsSign(graha: GrahaId, fromSign: number, toSign: number): boolean {
  const aspects = SPECIAL_ASPECTS[graha];
  return aspects !== undefined && aspects.includes(signDistance(fromSign, toSign));
}

/** Whether graha `a` aspects graha `b` in this chart. */
export const aspects = (facts: ChartFacts, a: GrahaId, b: GrahaId) => aspectsSign(a, facts.sign[a], facts.sign[b]);

/** The grahas in the nth house from a sign. */
export const inHouseFrom = (facts: ChartFacts, fromSign: number, n: number): readonly GrahaId[] => facts.occupants[signOfHouse(fromSign, n)]!;

/** The signs a graha rules. */
export const signsRuledBy = (graha: GrahaId): number[] => SIGN_LORDS.flatMap((lord, i) => (lord === graha ? [i] : []));

export const nameOf = (graha: GrahaId) => GRAHAS[graha].name;

/** `Mars, Jupiter and Venus`. */
export function namesOf(grahas: readonly GrahaId[]): string {
  const names = grahas.map(nameOf);
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** 1st, 2nd, 3rd, 4th … */
export function ordinal(n: number): string {
  const suffix = n % 10 === 1 && n % 100 !== 11 ? 'st' : n % 10 === 2 && n % 100 !== 12 ? 'nd' : n % 10 === 3 && n % 100 !== 13 ? 'rd' : 'th';
  return `${n}${suffix}`;
}

/** The grahas' houses as the chart counts them, each once, ascending. */
export function chartHousesOf(facts: ChartFacts, grahas: readonly GrahaId[]): number[] {
  return [...new Set(grahas.map((g) => facts.chartHouse[g]))].sort((a, b) => a - b);
}

export { GRAHA_IDS, SEVEN_GRAHAS };
