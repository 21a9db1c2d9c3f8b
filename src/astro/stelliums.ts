/**
 * Stelliums: three or more of the ten planets gathered in one sign or one house. The shape is the
 * one the public service's clients parse: `signs[]` and `houses[]`, each entry with its count.
 */
import { TEN_PLANETS } from './bodies.ts';
import { SIGNS, signIndexOf } from './zodiac.ts';

export interface SignStellium {
  /** Three-letter sign, as `planets[].sign` gives it (`Aqu`). */
  sign: string;
  sign_id: string;
  count: number;
  bodies: string[];
}

export interface HouseStellium {
  house: number;
  count: number;
  bodies: string[];
}

export interface Stelliums {
  signs: SignStellium[];
  houses: HouseStellium[];
}

export const STELLIUM_MIN_BODIES = 3;

/** Signs in zodiacal order and houses in numerical order; `houses` is empty when the time is unknown. */
export function findStelliums(points: readonly { id: string; lon: number; house?: number | undefined }[]): Stelliums {
  const planets = points.filter((p) => (TEN_PLANETS as readonly string[]).includes(p.id));
  const bySign: string[][] = SIGNS.map(() => []);
  const byHouse = new Map<number, string[]>();
  for (const p of planets) {
    bySign[signIndexOf(p.lon)]!.push(p.id);
    if (p.house !== undefined) byHouse.set(p.house, [...(byHouse.get(p.house) ?? []), p.id]);
  }
  const signs: SignStellium[] = [];
  bySign.forEach((bodies, i) => {
    if (bodies.length >= STELLIUM_MIN_BODIES) signs.push({ sign: SIGNS[i]!.abbr, sign_id: SIGNS[i]!.id, count: bodies.length, bodies });
  });
  const houses: HouseStellium[] = [...byHouse]
    .sort((a, b) => a[0] - b[0])
    .filter(([, bodies]) => bodies.length >= STELLIUM_MIN_BODIES)
    .map(([house, bodies]) => ({ house, count: bodies.length, bodies }));
  return { signs, houses };
}
