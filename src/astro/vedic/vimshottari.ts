/**
 * Vimshottari dasha: the 120-year cycle of the nine grahas in the order of the nakshatra lords
 * (Ketu 7, Venus 20, Sun 6, Moon 10, Mars 7, Rahu 18, Jupiter 16, Saturn 19, Mercury 17 years),
 * starting from the lord of the Moon's nakshatra at birth, with the part of the nakshatra the
 * Moon has already traversed counted as elapsed.
 */
import type { GrahaId } from './grahas.ts';
import { nakshatraOf } from './nakshatras.ts';
import { cyclicDashas, type DashaCycle, type DashaTimeline } from './dasha-periods.ts';

export const VIMSHOTTARI: DashaCycle<GrahaId> = {
  sequence: [
    { id: 'ketu', years: 7 },
    { id: 'venus', years: 20 },
    { id: 'sun', years: 6 },
    { id: 'moon', years: 10 },
    { id: 'mars', years: 7 },
    { id: 'rahu', years: 18 },
    { id: 'jupiter', years: 16 },
    { id: 'saturn', years: 19 },
    { id: 'mercury', years: 17 },
  ],
  totalYears: 120,
};

/**
 * The lengths of a dasha year in days that texts and programs use: 365.25 (Julian year, the
 * default), 365.2422 (tropical solar year) and 360 (savana year of twelve 30-day months).
 */
export const DASHA_YEAR_LENGTHS = [365.25, 365.2422, 360] as const;
export type DashaYearLength = (typeof DASHA_YEAR_LENGTHS)[number];

/**
 * The Vimshottari periods of a birth whose Moon stands at `moonLongitude` (sidereal); levels 1-3;
 * 120 years after birth are covered. `onlyAt` (ms): only the periods running then are divided.
 */
export function vimshottariDasha(moonLongitude: number, birthMs: number, yearDays: DashaYearLength, levels: number, onlyAt?: number): DashaTimeline<GrahaId> {
  const nakshatra = nakshatraOf(moonLongitude);
  return cyclicDashas(VIMSHOTTARI, nakshatra.index % 9, nakshatra.fraction, birthMs, yearDays, levels, VIMSHOTTARI.totalYears, onlyAt);
}
