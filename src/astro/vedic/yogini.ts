/**
 * Yogini dasha: a 36-year cycle of eight yoginis, each with a graha and years 1 to 8 (Mangala,
 * Pingala, Dhanya, Bhramari, Bhadrika, Ulka, Siddha, Sankata). The first is found by adding 3 to
 * the number of the Moon's nakshatra (1 Ashwini … 27 Revati) and taking the remainder by 8
 * (1 Mangala … 7 Siddha, 0 Sankata); the part of the nakshatra traversed has elapsed at birth,
 * as in Vimshottari.
 */
import type { GrahaId } from './grahas.ts';
import { nakshatraOf } from './nakshatras.ts';
import { cyclicDashas, type DashaCycle, type DashaTimeline } from './dasha-periods.ts';

export const YOGINI_NAMES = ['Mangala', 'Pingala', 'Dhanya', 'Bhramari', 'Bhadrika', 'Ulka', 'Siddha', 'Sankata'] as const;
export type YoginiName = (typeof YOGINI_NAMES)[number];

/** Each yogini's graha. */
export const YOGINI_LORDS: Readonly<Record<YoginiName, GrahaId>> = {
  Mangala: 'moon',
  Pingala: 'sun',
  Dhanya: 'jupiter',
  Bhramari: 'mars',
  Bhadrika: 'mercury',
  Ulka: 'saturn',
  Siddha: 'venus',
  Sankata: 'rahu',
};

export const YOGINI: DashaCycle<YoginiName> = {
  sequence: YOGINI_NAMES.map((id, i) => ({ id, years: i + 1 })),
  totalYears: 36,
};

/** The index (0 Mangala … 7 Sankata) of the yogini of a nakshatra numbered 1 to 27. */
export function yoginiOfNakshatra(nakshatraNumber: number): number {
  return (nakshatraNumber + 3 + 7) % 8;
}

/** The Yogini periods of a birth whose Moon stands at `moonLongitude` (sidereal); levels 1-3; `spanYears` after birth are covered. */
export function yoginiDasha(moonLongitude: number, birthMs: number, yearDays: number, levels: number, spanYears = 120): DashaTimeline<YoginiName> {
  const nakshatra = nakshatraOf(moonLongitude);
  return cyclicDashas(YOGINI, yoginiOfNakshatra(nakshatra.number), nakshatra.fraction, birthMs, yearDays, levels, spanYears);
}
