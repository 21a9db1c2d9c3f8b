/**
 * The lunisolar calendar around an instant: the lunar month (amanta and purnimanta), its season,
 * the Sun's half-year and the Vikram and Shaka years.
 *
 * - Amanta month: from one new moon to the next (the Chinese calendar's new-moon finder,
 *   chinese/lunar-calendar.ts newMoonNear). It takes the name of the sidereal sign the Sun enters
 *   during it (its sankranti): the month in which the Sun enters Mesha is Chaitra, so the name
 *   is the sign after the Sun's sign at the opening new moon. A month with no sankranti (the
 *   Sun in one sign at both new moons) is adhika (intercalary) and shares the next month's name;
 *   a month with two sankrantis is kshaya (one name is skipped).
 * - Purnimanta month: the month that ends at full moon. Its bright half is the amanta month's;
 *   its dark half belongs to the next month's name. An adhika month runs new moon to new moon in
 *   both reckonings, so it keeps its name throughout.
 * - Ritu: two amanta months each from Chaitra (Vasanta) to Phalguna (Shishira).
 * - Ayana: Uttarayana while the Sun's tropical longitude runs from the winter solstice (270°) to
 *   the summer solstice (90°), Dakshinayana the rest of the year; the traditional reckoning from
 *   the sidereal Makara sankranti to the Karka sankranti is given beside it.
 * - Samvat: the Chaitradi years, which begin with the amanta Chaitra (with an adhika Chaitra
 *   when there is one): Vikram = the Gregorian year of that start + 57, Shaka = + (-78).
 */
import { newMoonNear } from '../chinese/lunar-calendar.ts';
import { calcBody, TROPICAL, type ZodiacSetting } from '../ephemeris.ts';
import { normalizeDegrees } from '../zodiac.ts';
import { utcMsFromJulianDay } from '../civil-time.ts';
import { AYANAS, MASA_NAMES, RITUS, type Ayana, type Paksha } from './panchang-names.ts';

const SUN = 0,
  MOON = 1;
const SYNODIC_MONTH = 29.530589;
/** The Moon gains on the Sun about 12.19° a day. */
const MEAN_ELONGATION_RATE = 12.19;

export interface LunarMonthName {
  /** 0 (Chaitra) to 11 (Phalguna). */
  index: number;
  name: string;
  adhika: boolean;
}

export interface LunarCalendar {
  amanta: LunarMonthName & { kshaya: boolean; start: number; end: number };
  purnimanta: LunarMonthName;
  ritu: (typeof RITUS)[number];
  ayana: Ayana;
  ayanaSidereal: Ayana;
  vikramSamvat: number;
  shakaSamvat: number;
}

const signOfSun = (jdUt: number, zodiac: ZodiacSetting) => Math.floor(normalizeDegrees(calcBody(jdUt, SUN, zodiac).lon) / 30);

/** The new moon at or before t, and the one after it. */
export function newMoonsAround(t: number): { start: number; end: number } {
  const elongation = normalizeDegrees(calcBody(t, MOON).lon - calcBody(t, SUN).lon);
  let start = newMoonNear(t - elongation / MEAN_ELONGATION_RATE);
  if (start > t) start = newMoonNear(start - SYNODIC_MONTH);
  let end = newMoonNear(start + SYNODIC_MONTH);
  if (end <= t) {
    start = end;
    end = newMoonNear(start + SYNODIC_MONTH);
  }
  return { start, end };
}

const gregorianYearOf = (jdUt: number) => new Date(utcMsFromJulianDay(jdUt)).getUTCFullYear();

interface AmantaMonth {
  start: number;
  end: number;
  signAtStart: number;
  signAtEnd: number;
}

/**
 * The amanta months found in this thread, by ayanamsa: a month's two new moons and the Sun's
 * sign at each cost about forty ephemeris calls, and every day of the month asks for the same.
 */
const monthsFound = new Map<string, AmantaMonth[]>();
const MONTHS_KEPT = 1024;

function amantaMonthAt(t: number, zodiac: ZodiacSetting): AmantaMonth {
  const key = zodiac.type === 'sidereal' ? zodiac.ayanamsa : 'tropical';
  let months = monthsFound.get(key);
  const known = months?.find((m) => m.start <= t && t < m.end);
  if (known) return known;
  const { start, end } = newMoonsAround(t);
  const month = { start, end, signAtStart: signOfSun(start, zodiac), signAtEnd: signOfSun(end, zodiac) };
  if (!months || months.length >= MONTHS_KEPT) monthsFound.set(key, (months = []));
  months.push(month);
  return month;
}

/** The lunar calendar at instant t (the day's sunrise), whose paksha is given (from the tithi at t). */
export function lunarCalendarAt(t: number, paksha: Paksha, zodiac: ZodiacSetting): LunarCalendar {
  const { start, end, signAtStart, signAtEnd } = amantaMonthAt(t, zodiac);
  const sankrantis = (signAtEnd - signAtStart + 12) % 12;
  const index = (signAtStart + 1) % 12;
  const adhika = sankrantis === 0;
  const amanta = { index, name: MASA_NAMES[index]!, adhika, kshaya: sankrantis >= 2, start, end };
  const purnimantaIndex = paksha === 'Krishna' && !adhika ? (index + 1) % 12 : index;
  const purnimanta = { index: purnimantaIndex, name: MASA_NAMES[purnimantaIndex]!, adhika };

  const tropicalSun = normalizeDegrees(calcBody(t, SUN, TROPICAL).lon);
  const siderealSun = normalizeDegrees(calcBody(t, SUN, zodiac).lon);
  const ayana: Ayana = tropicalSun >= 270 || tropicalSun < 90 ? AYANAS[0] : AYANAS[1];
  const ayanaSidereal: Ayana = siderealSun >= 270 || siderealSun < 90 ? AYANAS[0] : AYANAS[1];

  // The year began with the Chaitra before this month: about `index` months before its start
  // (an adhika month between moves it by one month, never out of the March-April of its year).
  const yearStart = gregorianYearOf(start - index * SYNODIC_MONTH + SYNODIC_MONTH / 2);
  return {
    amanta,
    purnimanta,
    ritu: RITUS[Math.floor(index / 2)]!,
    ayana,
    ayanaSidereal,
    vikramSamvat: yearStart + 57,
    shakaSamvat: yearStart - 78,
  };
}
