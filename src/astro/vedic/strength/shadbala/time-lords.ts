/**
 * The lords of the year, the month, the weekday and the hour at a birth, for the abda, masa, vara
 * and hora parts of kala bala (Parashara; Raman, chapter V).
 *
 * Year and month are Parashara's: years of 360 days and months of 30 counted from the creation
 * epoch, here the start of the Kali yuga (the civil day 18 February 3102 BCE, Julian calendar, a
 * Friday, Julian day number 588466); the lord of a year (a month) is the lord of the weekday it
 * begins on. The days are counted by the Hindu day, which begins at sunrise. The weekday is the
 * Hindu day's; the hora lord is the lord of the equal hour (a 24th of sunrise to the next
 * sunrise) the birth falls in, the first hour belonging to the weekday's lord and the others
 * following in the Chaldean order (Sun, Venus, Mercury, Moon, Saturn, Jupiter, Mars).
 */
import type { SevenGraha } from '../../grahas.ts';
import { julianDayNumber, type BirthDay } from '../strength-context.ts';

/** Weekday lords, Sunday (0) to Saturday. */
export const WEEKDAY_LORDS: readonly SevenGraha[] = ['sun', 'moon', 'mars', 'mercury', 'jupiter', 'venus', 'saturn'];
/** The order of the hours: each hour's lord is the next slower graha. */
const HORA_ORDER: readonly SevenGraha[] = ['sun', 'venus', 'mercury', 'moon', 'saturn', 'jupiter', 'mars'];

export const KALI_EPOCH_JDN = 588466;

/** 0 (Sunday) to 6 of a Julian day number. */
export const weekdayOfJdn = (jdn: number): number => (((jdn + 1) % 7) + 7) % 7;

export interface TimeLords {
  /** Days from the Kali epoch to the Hindu day of the birth (ahargana). */
  ahargana: number;
  abda: SevenGraha;
  masa: SevenGraha;
  vara: SevenGraha;
  hora: SevenGraha;
  /** 1 to 24: the hour of the Hindu day. */
  horaNumber: number;
}

export function timeLords(jdUt: number, day: BirthDay): TimeLords {
  const jdn = julianDayNumber(day.date);
  const ahargana = jdn - KALI_EPOCH_JDN;
  const yearStart = KALI_EPOCH_JDN + 360 * Math.floor(ahargana / 360);
  const monthStart = KALI_EPOCH_JDN + 30 * Math.floor(ahargana / 30);
  const vara = WEEKDAY_LORDS[day.weekday]!;
  const hourLength = (day.nextSunrise - day.sunrise) / 24;
  const hour = Math.min(23, Math.max(0, Math.floor((jdUt - day.sunrise) / hourLength)));
  const hora = HORA_ORDER[(HORA_ORDER.indexOf(vara) + hour) % 7]!;
  return {
    ahargana,
    abda: WEEKDAY_LORDS[weekdayOfJdn(yearStart)]!,
    masa: WEEKDAY_LORDS[weekdayOfJdn(monthStart)]!,
    vara,
    hora,
    horaNumber: hour + 1,
  };
}
