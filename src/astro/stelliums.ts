/** Stelliums: three or more of the ten planets gathered in one sign or one house. */
import { TEN_PLANETS } from './bodies.ts';
import { signOf } from './zodiac.ts';

export interface Stellium {
  kind: 'sign' | 'house';
  sign_id?: string;
  house?: number;
  bodies: string[];
}

export const STELLIUM_MIN_BODIES = 3;

export function findStelliums(points: readonly { id: string; lon: number; house?: number | undefined }[]): Stellium[] {
  const planets = points.filter((p) => (TEN_PLANETS as readonly string[]).includes(p.id));
  const bySign = new Map<string, string[]>();
  const byHouse = new Map<number, string[]>();
  for (const p of planets) {
    const sign = signOf(p.lon).id;
    bySign.set(sign, [...(bySign.get(sign) ?? []), p.id]);
    if (p.house !== undefined) byHouse.set(p.house, [...(byHouse.get(p.house) ?? []), p.id]);
  }
  const result: Stellium[] = [];
  for (const [sign_id, bodies] of bySign) if (bodies.length >= STELLIUM_MIN_BODIES) result.push({ kind: 'sign', sign_id, bodies });
  for (const [house, bodies] of [...byHouse].sort((a, b) => a[0] - b[0])) if (bodies.length >= STELLIUM_MIN_BODIES) result.push({ kind: 'house', house, bodies });
  return result;
}
