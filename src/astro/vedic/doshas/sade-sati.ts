/**
 * Sade Sati and Dhaiya: Saturn's transit over the signs around the natal Moon's sign, the common
 * North and South Indian reading (counted by sign, inclusively, from the Moon's sign):
 *
 * - Sade Sati ("seven and a half" years): Saturn in the 12th sign from the Moon (`rising`), in the
 *   Moon's sign (`peak`), then in the 2nd (`setting`); about 2½ years each.
 * - Dhaiya ("two and a half"), the small panoti: Saturn in the 4th from the Moon (`kantaka`,
 *   Kantaka or Ardhashtama Shani) or in the 8th (`ashtama`, Ashtama Shani).
 *
 * Every start and end is one of Saturn's exact sidereal ingresses (saturn-signs.ts). A retrograde
 * Saturn may leave a phase's sign backwards and enter it again: a phase then has several stays,
 * and it runs from its first entry to its last exit. Stays in the Sade Sati signs less than three
 * years apart belong to one cycle (cycles are over twenty years apart; a retrograde absence lasts
 * months), and so do the stays of one Dhaiya period.
 */
import { signDistance } from '../grahas.ts';
import type { AyanamsaName } from '../../ayanamsas.ts';
import { saturnStays, type SignStay } from './saturn-signs.ts';

export const SADE_SATI_PHASES = ['rising', 'peak', 'setting'] as const;
export type SadeSatiPhase = (typeof SADE_SATI_PHASES)[number];
export const DHAIYA_KINDS = ['kantaka', 'ashtama'] as const;
export type DhaiyaKind = (typeof DHAIYA_KINDS)[number];

/** The house from the Moon of each phase and kind. */
const PHASE_HOUSE: Readonly<Record<SadeSatiPhase, number>> = { rising: 12, peak: 1, setting: 2 };
const DHAIYA_HOUSE: Readonly<Record<DhaiyaKind, number>> = { kantaka: 4, ashtama: 8 };

const YEAR = 365.25;
/** Stays closer than this belong to one cycle or period. */
const SAME_PASSAGE_DAYS = 3 * YEAR;

export interface Span {
  start: number;
  end: number;
}

export interface SadeSatiPhaseSpan extends Span {
  phase: SadeSatiPhase;
  /** The sign Saturn is in during the phase. */
  sign: number;
  /** Saturn's stays in that sign (more than one when a retrograde Saturn left it and came back). */
  stays: Span[];
}

export interface SadeSatiCycle extends Span {
  /** The phases in order; a cycle cut by the range may lack its first phases. */
  phases: SadeSatiPhaseSpan[];
}

export interface DhaiyaPeriod extends Span {
  kind: DhaiyaKind;
  sign: number;
  stays: Span[];
}

export interface SaturnTransitStatus {
  jdUt: number;
  /** Saturn's sign at the date and its house counted from the Moon's sign. */
  saturnSign: number;
  houseFromMoon: number;
  /** The Sade Sati phase running (null when Saturn is not in the 12th, 1st or 2nd from the Moon). */
  phase: SadeSatiPhase | null;
  /** The Dhaiya running (null when Saturn is not in the 4th or 8th from the Moon). */
  dhaiya: DhaiyaKind | null;
  /** The stay of Saturn in its sign at the date. */
  stay: Span;
}

export interface SadeSatiReading {
  moonSign: number;
  status: SaturnTransitStatus;
  /** Every Sade Sati cycle that overlaps the range. */
  cycles: SadeSatiCycle[];
  /** The cycle the date lies in (between its first entry and last exit), else null. */
  currentCycle: SadeSatiCycle | null;
  /** The first cycle that starts after the date. */
  nextCycle: SadeSatiCycle | null;
  /** Every Dhaiya period that overlaps the range. */
  dhaiyas: DhaiyaPeriod[];
  /** The Dhaiya period the date lies in, and the next to start after it. */
  currentDhaiya: DhaiyaPeriod | null;
  nextDhaiya: DhaiyaPeriod | null;
}

/** Consecutive stays in the given signs, grouped into passages (a gap under three years joins them). */
function passages(stays: SignStay[], signs: readonly number[]): SignStay[][] {
  const groups: SignStay[][] = [];
  let current: SignStay[] | undefined;
  for (const stay of stays) {
    if (!signs.includes(stay.sign)) continue;
    if (current && stay.start - current.at(-1)!.end < SAME_PASSAGE_DAYS) current.push(stay);
    else groups.push((current = [stay]));
  }
  return groups;
}

const span = (stays: readonly Span[]): Span => ({ start: stays[0]!.start, end: stays.at(-1)!.end });
const overlaps = (s: Span, from: number, to: number) => s.end > from && s.start < to;
const contains = (s: Span, jd: number) => jd >= s.start && jd < s.end;

/**
 * Sade Sati and Dhaiya for a natal Moon sign: the status at `jdUt`, and the cycles and periods
 * overlapping [fromJd, toJd] (and the ones around the date, wherever it lies).
 */
export function sadeSati(moonSign: number, jdUt: number, fromJd: number, toJd: number, ayanamsa: AyanamsaName): SadeSatiReading {
  const lo = Math.min(fromJd, jdUt) - 10 * YEAR;
  const hi = Math.max(toJd, jdUt) + 40 * YEAR;
  const stays = saturnStays(lo, hi, ayanamsa);
  const signOfHouse = (house: number) => (moonSign + house - 1) % 12;

  const allCycles: SadeSatiCycle[] = passages(
    stays,
    SADE_SATI_PHASES.map((p) => signOfHouse(PHASE_HOUSE[p])),
  ).map((group) => {
    const phases: SadeSatiPhaseSpan[] = [];
    for (const phase of SADE_SATI_PHASES) {
      const sign = signOfHouse(PHASE_HOUSE[phase]);
      const mine = group.filter((s) => s.sign === sign).map((s) => ({ start: s.start, end: s.end }));
      if (mine.length) phases.push({ phase, sign, ...span(mine), stays: mine });
    }
    return { ...span(group), phases };
  });
  const allDhaiyas: DhaiyaPeriod[] = DHAIYA_KINDS.flatMap((kind) => {
    const sign = signOfHouse(DHAIYA_HOUSE[kind]);
    return passages(stays, [sign]).map((group) => {
      const mine = group.map((s) => ({ start: s.start, end: s.end }));
      return { kind, sign, ...span(mine), stays: mine };
    });
  }).sort((a, b) => a.start - b.start);

  const stay = stays.find((s) => contains(s, jdUt));
  // Only past the end of the ephemeris (the served dates stay years inside it).
  if (stay === undefined) throw new RangeError(`Saturn's sign at JD ${jdUt} is outside the ephemeris`);
  const houseFromMoon = signDistance(moonSign, stay.sign);
  const phase = SADE_SATI_PHASES.find((p) => PHASE_HOUSE[p] === houseFromMoon) ?? null;
  const dhaiya = DHAIYA_KINDS.find((k) => DHAIYA_HOUSE[k] === houseFromMoon) ?? null;
  const around = (list: readonly Span[]) => list.filter((c) => overlaps(c, fromJd, toJd) || contains(c, jdUt));
  return {
    moonSign,
    status: { jdUt, saturnSign: stay.sign, houseFromMoon, phase, dhaiya, stay: { start: stay.start, end: stay.end } },
    cycles: around(allCycles) as SadeSatiCycle[],
    currentCycle: allCycles.find((c) => contains(c, jdUt)) ?? null,
    nextCycle: allCycles.find((c) => c.start > jdUt) ?? null,
    dhaiyas: around(allDhaiyas) as DhaiyaPeriod[],
    currentDhaiya: allDhaiyas.find((d) => contains(d, jdUt)) ?? null,
    nextDhaiya: allDhaiyas.find((d) => d.start > jdUt) ?? null,
  };
}
