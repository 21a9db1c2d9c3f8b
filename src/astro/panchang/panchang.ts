/**
 * One day's panchang at a place: the Hindu day (sunrise to next sunrise), the elements of the
 * four moving limbs that run during it (with their ends, and those that follow), the weekday,
 * the named periods of the daytime, the Moon's rise and set, and the lunar calendar at sunrise.
 * Everything in UT Julian days; the service formats the instants in the place's zone.
 */
import { PositionCache } from '../events/positions.ts';
import { ayanamsaDegrees, type ZodiacSetting } from '../ephemeris.ts';
import type { AyanamsaName } from '../ayanamsas.ts';
import { hinduDay, moonRiseSet, type CalendarDate, type HinduDay } from './panchang-day.ts';
import { elementAt, limbsOver, type LimbElement, type LimbKind } from './panchang-limbs.ts';
import { dayPeriods, type DayPeriods } from './panchang-periods.ts';
import { lunarCalendarAt, type LunarCalendar } from './panchang-calendar.ts';
import { pakshaOfTithi } from './panchang-names.ts';

export interface Panchang {
  date: CalendarDate;
  /** 0 (Sunday) to 6: the weekday of the date, which the day keeps from its sunrise to the next. */
  weekday: number;
  day: HinduDay;
  moonrise: number | undefined;
  moonset: number | undefined;
  /** For each limb, the elements running from sunrise to the next sunrise: the first is the one at sunrise. */
  limbs: Record<LimbKind, LimbElement[]>;
  periods: DayPeriods;
  calendar: LunarCalendar;
  ayanamsa: AyanamsaName;
  /** The ayanamsa's value at sunrise, degrees. */
  ayanamsaDegrees: number;
  /** The elements at a requested instant, when one was given (it may lie outside the day). */
  at: { jdUt: number; limbs: Record<LimbKind, LimbElement> } | undefined;
}

/** The elements that run in [from, to): those that begin before `to` and end after `from`. */
const within = (elements: LimbElement[], from: number, to: number) => elements.filter((e) => e.end > from && e.start < to);

/** Each limb's elements that run in [from, to). */
const limbsWithin = (found: Record<LimbKind, LimbElement[]>, from: number, to: number): Record<LimbKind, LimbElement[]> => ({
  tithi: within(found.tithi, from, to),
  nakshatra: within(found.nakshatra, from, to),
  yoga: within(found.yoga, from, to),
  karana: within(found.karana, from, to),
});

/**
 * The day's core alone (what a daily reading needs; no Moon rise or lunar month): its sunrises,
 * weekday and daytime periods, and of the limbs the tithi, yoga and karana at sunrise and every
 * nakshatra running before the next sunrise. Each list's first element is the one at sunrise,
 * cut there: its start is the sunrise (when it really began is not searched), its end its own.
 */
export interface PanchangDay extends Pick<Panchang, 'date' | 'weekday' | 'day' | 'periods' | 'ayanamsa'> {
  limbs: Record<LimbKind, LimbElement[]>;
}

export function computePanchangDay(date: CalendarDate, zone: string, lat: number, lng: number, ayanamsa: AyanamsaName): PanchangDay {
  const day = hinduDay(date, zone, lat, lng);
  const sunrise = day.sunrise.jdUt,
    next = day.nextSunrise.jdUt;
  const found = limbsOver(
    sunrise,
    { tithi: sunrise, yoga: sunrise, karana: sunrise, nakshatra: next },
    new PositionCache({ type: 'sidereal', ayanamsa }),
    false,
  );
  const limbs = limbsWithin(found, sunrise, next);
  const weekday = new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
  return { date, weekday, day, limbs, periods: dayPeriods(sunrise, day.sunset.jdUt, weekday), ayanamsa };
}

export function computePanchang(date: CalendarDate, zone: string, lat: number, lng: number, ayanamsa: AyanamsaName, atJdUt?: number): Panchang {
  const zodiac: ZodiacSetting = { type: 'sidereal', ayanamsa };
  const day = hinduDay(date, zone, lat, lng);
  const sunrise = day.sunrise.jdUt,
    next = day.nextSunrise.jdUt;
  const cache = new PositionCache(zodiac);
  // One search over the day and the requested instant (which lies in the calendar date, within a day of sunrise).
  const from = atJdUt === undefined ? sunrise : Math.min(sunrise, atJdUt);
  const to = atJdUt === undefined ? next : Math.max(next, atJdUt);
  const found = limbsOver(from, to, cache, true);
  const limbs = limbsWithin(found, sunrise, next);
  const weekday = new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
  const moon = moonRiseSet(sunrise, next, lat, lng);
  const tithiAtSunrise = limbs.tithi[0]!;
  const at =
    atJdUt === undefined
      ? undefined
      : {
          jdUt: atJdUt,
          limbs: {
            tithi: elementAt(found.tithi, atJdUt)!,
            nakshatra: elementAt(found.nakshatra, atJdUt)!,
            yoga: elementAt(found.yoga, atJdUt)!,
            karana: elementAt(found.karana, atJdUt)!,
          },
        };
  return {
    date,
    weekday,
    day,
    moonrise: moon.rise,
    moonset: moon.set,
    limbs,
    periods: dayPeriods(sunrise, day.sunset.jdUt, weekday),
    calendar: lunarCalendarAt(sunrise, pakshaOfTithi(tithiAtSunrise.index + 1), zodiac),
    ayanamsa,
    ayanamsaDegrees: ayanamsaDegrees(sunrise, ayanamsa),
    at,
  };
}
