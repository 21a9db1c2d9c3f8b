/**
 * What the strengths read besides the chart's grahas: the ascendant and the midheaven (sidereal),
 * the Hindu day the birth falls in (sunrise to the next sunrise, with the sunset between, by the
 * panchang's sunrise code), whether the birth is by day or by night, the local apparent noon
 * nearest the birth, and the ayanamsa (to turn sidereal longitudes back into tropical ones).
 *
 * An untimed birth (no lagna) is cast by the core for local noon: the Moon's longitude then
 * stands for the ascendant (chandra lagna) and the equal-house 10th from it for the midheaven,
 * and the parts that hang on the hour (the day and night parts of kala bala, the hora lord, dig
 * bala, kendradi bala, bhava bala) are those of that noon chart. The answer warns.
 *
 * Where the Sun does not rise or set on the day (polar day or night), the panchang's documented
 * stand-ins are used: 06:00 and 18:00 local apparent solar time. The answer warns.
 */
import { DateTime, julianDayFromUtcMs, utcMsFromJulianDay } from '../../civil-time.ts';
import { computeHouses } from '../../chart.ts';
import { apparentNoonNear, hinduDay, type CalendarDate, type HinduDay } from '../../panchang/panchang-day.ts';
import { normalizeDegrees } from '../../zodiac.ts';
import type { SevenGraha } from '../grahas.ts';
import type { VedicChart, VedicGraha } from '../sidereal-chart.ts';

export interface StrengthPlace {
  lat: number;
  lng: number;
  /** IANA zone of the place: the Hindu day is the one of the local calendar date. */
  zone: string;
}

export interface BirthDay {
  /** The local calendar date whose sunrise begins the Hindu day of the birth. */
  date: CalendarDate;
  /** 0 (Sunday) to 6: the weekday of that date. */
  weekday: number;
  sunrise: number;
  sunset: number;
  nextSunrise: number;
  /** Born between the sunrise and the sunset. */
  dayBirth: boolean;
  /** A sunrise or sunset was not found and the apparent-solar-time stand-in was used. */
  fallback: boolean;
}

export interface StrengthContext {
  chart: VedicChart;
  jdUt: number;
  place: StrengthPlace;
  /** Sidereal longitude of the ascendant (the Moon's for an untimed birth). */
  ascendant: number;
  /** Sidereal longitude of the midheaven (the 10th from the chandra lagna's point for an untimed birth). */
  midheaven: number;
  timeKnown: boolean;
  day: BirthDay;
  /** The local apparent noon nearest the birth (UT Julian day). */
  apparentNoon: number;
  /** Tropical = sidereal + this, degrees. */
  ayanamsa: number;
  graha: Record<SevenGraha, VedicGraha>;
  warnings: string[];
}

function localDate(jdUt: number, zone: string): CalendarDate {
  const t = DateTime.fromMillis(utcMsFromJulianDay(jdUt), { zone });
  return { year: t.year, month: t.month, day: t.day };
}

function previousDate(date: CalendarDate): CalendarDate {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day - 1));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** The Hindu day (sunrise to sunrise) an instant falls in: its local date's, or the day before's when it is before that sunrise. */
export function birthDay(jdUt: number, place: StrengthPlace): BirthDay {
  let date = localDate(jdUt, place.zone);
  let day: HinduDay = hinduDay(date, place.zone, place.lat, place.lng);
  if (jdUt < day.sunrise.jdUt) {
    date = previousDate(date);
    day = hinduDay(date, place.zone, place.lat, place.lng);
  }
  const weekday = new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
  return {
    date,
    weekday,
    sunrise: day.sunrise.jdUt,
    sunset: day.sunset.jdUt,
    nextSunrise: day.nextSunrise.jdUt,
    dayBirth: jdUt >= day.sunrise.jdUt && jdUt < day.sunset.jdUt,
    fallback: day.sunrise.fallback || day.sunset.fallback || day.nextSunrise.fallback,
  };
}

export function strengthContext(chart: VedicChart, place: StrengthPlace): StrengthContext {
  const warnings: string[] = [];
  const graha = {} as Record<SevenGraha, VedicGraha>;
  for (const g of chart.grahas) if (g.id !== 'rahu' && g.id !== 'ketu') graha[g.id] = g;
  let ascendant: number, midheaven: number;
  if (chart.lagna) {
    ascendant = chart.lagna.longitude;
    const { frame } = computeHouses(chart.jdUt, place.lat, place.lng, 'whole_sign', { type: 'sidereal', ayanamsa: chart.ayanamsa.name });
    midheaven = normalizeDegrees(frame.mc);
  } else {
    ascendant = graha.moon.longitude;
    midheaven = normalizeDegrees(ascendant + 270);
    warnings.push(
      "Birth time unknown: the strengths are those of the noon chart, with the Moon's longitude for the ascendant (chandra lagna); dig bala, kendradi bala, the day and night parts of kala bala, the hora lord and bhava bala depend on the hour and are not reliable.",
    );
  }
  const day = birthDay(chart.jdUt, place);
  if (day.fallback)
    warnings.push(
      'The Sun does not rise or set on the day of the birth at this latitude: 06:00 and 18:00 local apparent solar time stand in for the sunrise and the sunset in kala bala (day or night birth, tribhaga, hora lord).',
    );
  return {
    chart,
    jdUt: chart.jdUt,
    place,
    ascendant,
    midheaven,
    timeKnown: chart.lagna !== undefined,
    day,
    apparentNoon: apparentNoonNear(chart.jdUt, place.lng),
    ayanamsa: chart.ayanamsa.degrees,
    graha,
    warnings,
  };
}

/** Julian day number (the integer of the day's noon) of a calendar date. */
export function julianDayNumber(date: CalendarDate): number {
  return Math.round(julianDayFromUtcMs(Date.UTC(date.year, date.month - 1, date.day, 12)));
}

/** The shorter arc between two longitudes, 0 to 180. */
export function arcBetween(a: number, b: number): number {
  const d = normalizeDegrees(a - b);
  return d > 180 ? 360 - d : d;
}
