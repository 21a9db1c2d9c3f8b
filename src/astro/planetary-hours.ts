/**
 * Planetary hours: the time from sunrise to sunset divided into twelve equal "hours" (longer in
 * summer, shorter in winter), the first ruled by the weekday's planet and each next one by the
 * next planet in the Chaldean order (Saturn, Jupiter, Mars, Sun, Venus, Mercury, Moon), the order
 * of their decreasing periods. Only the daylight hours are given here.
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
