/** Random personal horoscope tasks for the horoscope tests: births timed and untimed, places by city and coordinates, both zodiacs, days and zones. */
import { frameOfDate } from '../../src/features/western/horoscope/horoscope-day.ts';
import { dailyPersonalRequest } from '../../src/features/western/horoscope/horoscope-schemas.ts';
import type { PersonalTask } from '../../src/features/western/horoscope/horoscope-service.ts';
import { resolveSubjectPlace } from '../../src/requests/place.ts';
import { seededRandom } from './seeded-random.ts';

const PLACES = [
  { city: 'Lisbon', country: 'PT' },
  { city: 'Tokyo' },
  { lat: -33.87, lng: 151.21, tz_str: 'Australia/Sydney' },
  { lat: 69.65, lng: 18.96 },
  { lat: 40.71, lng: -74.01, tz_str: 'America/New_York' },
];
export const HOROSCOPE_ZONES = ['UTC', 'Europe/Lisbon', 'Asia/Tokyo', 'America/Los_Angeles', 'Arctic/Longyearbyen'];

/** A generator of tasks from a seed: the i-th task is untimed when i % 4 == 3, sidereal when i % 5 == 0, in whole-sign houses when i % 7 == 0. */
export function personalTasks(seed: number) {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const int = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
  return (i: number): PersonalTask => {
    const timed = i % 4 !== 3;
    const body = dailyPersonalRequest.parse({
      birth: {
        year: int(1930, 2015),
        month: int(1, 12),
        day: int(1, 28),
        ...(timed ? { hour: int(0, 23), minute: int(0, 59) } : { time_known: false }),
        ...pick(PLACES),
        ...(i % 5 === 0 ? { zodiac_type: 'sidereal', sidereal_ayanamsa: 'lahiri' } : {}),
        ...(i % 7 === 0 ? { house_system: 'whole_sign' } : {}),
      },
    });
    const place = resolveSubjectPlace(body.birth, ['body', 'birth']);
    const frame = frameOfDate(int(1990, 2060), int(1, 12), int(1, 28), pick(HOROSCOPE_ZONES));
    return { birth: body.birth, place, frame, locale: i % 6 === 0 ? 'et' : 'en', interpretationBlocks: i % 2 === 0, requestId: `r${i}`, nowMs: frame.noonMs };
  };
}
