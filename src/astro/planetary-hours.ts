/**
 * Planetary hours: the time from sunrise to sunset divided into twelve equal "hours" (longer in
 * summer, shorter in winter), the first ruled by the weekday's planet and each next one by the
 * next planet in the Chaldean order (Saturn, Jupiter, Mars, Sun, Venus, Mercury, Moon), the order
 * of their decreasing periods. The night, from sunset to the next sunrise, is divided likewise.
 */
import { WEEKDAY_RULERS, type ClassicalPlanet } from './horoscope-model.ts';

export const CHALDEAN_ORDER: readonly ClassicalPlanet[] = ['saturn', 'jupiter', 'mars', 'sun', 'venus', 'mercury', 'moon'];

export interface PlanetaryHour {
  ruler: ClassicalPlanet;
  /** Julian days UT. */
  start: number;
  end: number;
}

/** The twelve daylight hours between `sunrise` and `sunset` (Julian days) of a day whose weekday is `weekday` (0 Sunday). */
export function daylightHours(sunrise: number, sunset: number, weekday: number): PlanetaryHour[] {
  return twelveHours(sunrise, sunset, CHALDEAN_ORDER.indexOf(WEEKDAY_RULERS[weekday]!));
}

/**
 * The twelve night hours between `sunset` and the next `sunrise` of a day whose weekday is `weekday`
 * (0 Sunday): they go on in the Chaldean order from the day's twelfth hour, so the first night hour
 * of a Sunday is Jupiter's and the next day's first hour is again its weekday's planet.
 */
export function nightHours(sunset: number, nextSunrise: number, weekday: number): PlanetaryHour[] {
  return twelveHours(sunset, nextSunrise, CHALDEAN_ORDER.indexOf(WEEKDAY_RULERS[weekday]!) + 12);
}

/** Twelve equal hours from `start` to `end`, the first ruled by the planet at `first` in the Chaldean order (mod 7). */
function twelveHours(start: number, end: number, first: number): PlanetaryHour[] {
  const length = (end - start) / 12;
  // A plain loop: an electional search makes two sets a day of its window, and Array.from's callback form cost 2.5 times as much.
  const hours: PlanetaryHour[] = [];
  for (let k = 0; k < 12; k++)
    hours.push({ ruler: CHALDEAN_ORDER[(first + k) % 7]!, start: start + k * length, end: k === 11 ? end : start + (k + 1) * length });
  return hours;
}
