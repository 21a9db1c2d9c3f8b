/** Random but valid births: every benchmark request asks for a different chart. */
import { randomBirthFrom } from '../test/helpers/random-births.ts';
import { seededRandom } from '../test/helpers/seeded-random.ts';

// Deterministic, so runs are comparable.
const random = seededRandom(20240601);

export function randomInt(min: number, maxInclusive: number): number {
  return min + Math.floor(random() * (maxInclusive - min + 1));
}

export function randomBirth() {
  return randomBirthFrom(random);
}

/** A transits request: a random birth against noon of a random day of 1900-2100. */
export function randomTransitRequest() {
  const date = `${randomInt(1900, 2100)}-${String(randomInt(1, 12)).padStart(2, '0')}-${String(randomInt(1, 28)).padStart(2, '0')}`;
  return { natal: randomBirth(), transit_date: `${date}T12:00` };
}

const ELEVEN_POINTS = ['sun', 'moon', 'mercury', 'venus', 'mars', 'jupiter', 'saturn', 'uranus', 'neptune', 'pluto', 'ascendant'];
const pad = (n: number) => String(n).padStart(2, '0');

/** A month timeline request: a random birth, a random month of 2020-2030, 11 natal points (the default 11 transiting bodies). */
export function randomMonthTimelineRequest() {
  const year = randomInt(2020, 2030);
  const month = randomInt(1, 12);
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return {
    natal: randomBirth(),
    range_start: `${year}-${pad(month)}-01`,
    range_end: `${year}-${pad(month)}-${last}`,
    natal_points: ELEVEN_POINTS,
    include_houses: true,
  };
}
