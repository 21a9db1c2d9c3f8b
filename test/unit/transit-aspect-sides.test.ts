/**
 * markSides writes a transit aspect field by field (the spread it replaced was slow): the result
 * must serialise exactly as the spread did, keys in the same order, for every point id.
 */
import { describe, expect, it } from 'vitest';
import { ASPECT_TYPES, findAspectsBetween } from '../../src/astro/aspects.ts';
import { BODIES, bodyInfo } from '../../src/astro/bodies.ts';
import { markSides } from '../../src/answers/chart-presentation.ts';
import { seededRandom } from '../helpers/seeded-random.ts';

describe('transit aspect sides', () => {
  it('serialise as the spread of the aspect with its sides marked', () => {
    const random = seededRandom(2026_11);
    const ids = [...BODIES.keys()];
    const points = () => ids.map((id) => ({ id, lon: random() * 360, speed: random() * 2 - 0.5 }));
    let compared = 0;
    for (let i = 0; i < 50; i++) {
      for (const a of findAspectsBetween(points(), points(), { types: ASPECT_TYPES })) {
        const spread = {
          ...a,
          p1: `${a.p1} (T)`,
          p2: `${a.p2} (N)`,
          p1_id: a.p1,
          p2_id: a.p2,
          p1_name: `${bodyInfo(a.p1).name} (T)`,
          p2_name: `${bodyInfo(a.p2).name} (N)`,
        };
        expect(JSON.stringify(markSides(a))).toBe(JSON.stringify(spread));
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(1000);
  });
});
