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
  const length = (sunset - sunrise) / 12;
  const first = CHALDEAN_ORDER.indexOf(WEEKDAY_RULERS[weekday]!);
  return Array.from({ length: 12 }, (_, k) => ({
    ruler: CHALDEAN_ORDER[(first + k) % 7]!,
    start: sunrise + k * length,
    end: k === 11 ? sunset : sunrise + (k + 1) * length,
  }));
}

/**
 * The twelve night hours between `sunset` and the next `sunrise` of a day whose weekday is `weekday`
 * (0 Sunday): they go on in the Chaldean order from the day's twelfth hour, so the first night hour
 * of a Sunday is Jupiter's and the next day's first hour is again its weekday's planet.
 */
export function nightHours(sunset: number, nextSunrise: number, weekday: number): PlanetaryHour[] {
  const length = (nextSunrise - sunset) / 12;
  const first = CHALDEAN_ORDER.indexOf(WEEKDAY_RULERS[weekday]!) + 12;
  return Array.from({ length: 12 }, (_, k) => ({
    ruler: CHALDEAN_ORDER[(first + k) % 7]!,
    start: sunset + k * length,
    end: k === 11 ? nextSunrise : sunset + (k + 1) * length,
  }));
}
