/**
 * The aspect search looks a pair's distance up by whole degree (src/astro/aspects.ts): it must
 * find what comparing every pair with every type finds, in the same order, with the same fields.
 * The reference below is that plain comparison, as the search was written before.
 */
import { describe, expect, it } from 'vitest';
import {
  ASPECT_DEFINITIONS,
  ASPECT_TYPES,
  MAJOR_ASPECT_TYPES,
  findAspectsBetween,
  findAspectsWithin,
  resolveOrbs,
  type Aspect,
  type AspectPoint,
  type AspectType,
} from '../../../src/astro/aspects.ts';
import { signedSeparation, signIndexOf } from '../../../src/astro/zodiac.ts';
import { seededRandom } from '../../helpers/seeded-random.ts';

const AXIS_GROUPS: Record<string, number> = {
  north_node: 1,
  south_node: 1,
  mean_node: 1,
  true_node: 1,
  lilith: 2,
  true_lilith: 2,
  asc: 3,
  dc: 3,
  mc: 4,
  ic: 4,
};

function referenceAspect(a: AspectPoint, b: AspectPoint, types: readonly AspectType[], orbs: Partial<Record<AspectType, number>>): Aspect | undefined {
  const separation = signedSeparation(a.lon, b.lon);
  const distance = Math.abs(separation);
  let best: (typeof ASPECT_DEFINITIONS)[number] | undefined;
  let bestOrb = Infinity;
  for (const d of ASPECT_DEFINITIONS) {
    if (!types.includes(d.type)) continue;
    const orb = Math.abs(distance - d.angle);
    if (orb > (orbs[d.type] ?? d.orb) || orb >= bestOrb) continue;
    best = d;
    bestOrb = orb;
  }
  if (!best) return undefined;
  const orbRate = Math.sign(distance - best.angle) * Math.sign(separation) * (b.speed - a.speed);
  const steps = Math.abs(signIndexOf(a.lon) - signIndexOf(b.lon));
  return {
    p1: a.id,
    p2: b.id,
    type: best.type,
    deg: best.angle,
    angle: distance,
    orb: bestOrb,
    is_major: best.major,
    is_applying: orbRate < 0,
    out_of_sign: best.angle % 30 === 0 ? Math.min(steps, 12 - steps) !== best.angle / 30 : false,
  };
}

const random = seededRandom(7001);
const IDS = ['sun', 'moon', 'mercury', 'venus', 'mars', 'jupiter', 'saturn', 'north_node', 'south_node', 'lilith', 'asc', 'mc', 'ic', 'dc', 'chiron'];

/** Longitudes that put many pairs on the edges: an aspect's angle plus or minus its orb, a whole degree, and the doubles beside them. */
function edgyLongitude(base: number): number {
  const r = random();
  if (r < 0.4) return random() * 360;
  const d = ASPECT_DEFINITIONS[Math.floor(random() * ASPECT_DEFINITIONS.length)]!;
  const edges = [d.angle + d.orb, d.angle - d.orb, Math.floor(random() * 181), Math.round(random() * 18000) / 100, d.angle + 0.5, 30, 2.5];
  let offset = edges[Math.floor(random() * edges.length)]!;
  const nudge = Math.floor(random() * 5) - 2;
  for (let i = 0; i < Math.abs(nudge); i++) offset = nudge > 0 ? nextUp(offset) : nextDown(offset);
  const lon = base + (random() < 0.5 ? offset : -offset);
  return ((lon % 360) + 360) % 360;
}

function nextUp(x: number): number {
  const f = new Float64Array([x]);
  const i = new BigInt64Array(f.buffer);
  i[0] = x >= 0 ? i[0]! + 1n : i[0]! - 1n;
  return f[0]!;
}
function nextDown(x: number): number {
  return -nextUp(-x);
}

/** Points around a base; with a whole-degree base and a point on it, distances fall exactly on the edges. */
function randomPoints(count: number): AspectPoint[] {
  const base = random() < 0.5 ? Math.floor(random() * 360) : random() * 360;
  return Array.from({ length: count }, (_, i) => ({ id: IDS[i % IDS.length]!, lon: i === 0 ? base : edgyLongitude(base), speed: random() * 4 - 2 }));
}

function randomOrbs(): Record<string, number> | undefined {
  if (random() < 0.5) return undefined;
  const settings: Record<string, number> = {};
  for (const type of ASPECT_TYPES) if (random() < 0.3) settings[type] = Math.round(random() * 3000) / 100;
  return settings;
}

describe('aspect search by degree of distance', () => {
  it('finds what comparing every pair with every type finds, among one set of points', () => {
    let found = 0;
    for (let n = 0; n < 3000; n++) {
      const points = randomPoints(15);
      const types = random() < 0.5 ? ASPECT_TYPES : MAJOR_ASPECT_TYPES;
      const settings = randomOrbs();
      const orbs = resolveOrbs(settings);
      const expected: Aspect[] = [];
      for (let i = 0; i < points.length; i++) {
        for (let j = i + 1; j < points.length; j++) {
          const gi = AXIS_GROUPS[points[i]!.id] ?? 0;
          if (gi !== 0 && gi === (AXIS_GROUPS[points[j]!.id] ?? 0)) continue;
          const a = referenceAspect(points[i]!, points[j]!, types, orbs);
          if (a) expected.push(a);
        }
      }
      const actual = findAspectsWithin(points, { types, orbs });
      expect(actual).toEqual(expected);
      found += actual.length;
    }
    expect(found).toBeGreaterThan(10_000);
  });

  it('finds what comparing every pair with every type finds, between two sets, a point without a position included', () => {
    for (let n = 0; n < 1500; n++) {
      const from = randomPoints(12);
      const to = randomPoints(14);
      if (n % 10 === 0) to[3] = { ...to[3]!, lon: Number.NaN };
      const types = random() < 0.5 ? ASPECT_TYPES : MAJOR_ASPECT_TYPES;
      const orbs = resolveOrbs(randomOrbs());
      const expected = from.flatMap((a) => to.map((b) => referenceAspect(a, b, types, orbs)).filter((x): x is Aspect => x !== undefined));
      expect(findAspectsBetween(from, to, { types, orbs })).toEqual(expected);
    }
  });
});
