/**
 * The deterministic choice of a reading: for two different charts, the choices in different
 * entries must be independent. A chart whose seed agrees with another's on one entry must not
 * agree on every other entry too, or two reports share all their readings or none (the weak low
 * bits of FNV-1a did exactly that for entries with 2, 4 or 8 readings).
 */
import { describe, expect, it } from 'vitest';
import { chartSeed, pick, variantIndex } from '../../../src/interpretations/variant.ts';
import { seededRandom } from '../../helpers/seeded-random.ts';

const random = seededRandom(2026);
const LABELS = Array.from({ length: 40 }, (_, i) => `natal.entry_${i}`);
const seeds = Array.from({ length: 400 }, () =>
  chartSeed({
    datetime_utc: new Date(Date.UTC(1930, 0, 1) + random() * 95 * 365.25 * 86_400_000).toISOString().slice(0, 19) + 'Z',
    location: { lat: Number((-60 + random() * 120).toFixed(4)), lng: Number((-180 + random() * 360).toFixed(4)) },
  }),
);

describe('variantIndex', () => {
  for (const n of [2, 3, 4, 8, 12]) {
    it(`with ${n} readings, two charts agree on an entry about one time in ${n}, independently from entry to entry`, () => {
      let agreements = 0;
      let pairs = 0;
      let agreeOnAll = 0;
      for (let a = 0; a < seeds.length; a += 2) {
        const same = LABELS.filter((label) => variantIndex(label, seeds[a]!, n) === variantIndex(label, seeds[a + 1]!, n)).length;
        agreements += same;
        pairs++;
        if (same === LABELS.length) agreeOnAll++;
      }
      expect(agreements / (pairs * LABELS.length)).toBeCloseTo(1 / n, 1);
      // Independent choices agree on all 40 entries with a chance of (1/n)^40: never here.
      expect(agreeOnAll).toBe(0);
    });
  }

  it('uses every reading about equally often', () => {
    const counts = new Array<number>(12).fill(0);
    for (const seed of seeds) for (const label of LABELS) counts[variantIndex(label, seed, 12)]!++;
    const expected = (seeds.length * LABELS.length) / 12;
    for (const c of counts) expect(Math.abs(c - expected) / expected).toBeLessThan(0.1);
  });

  it('is what pick chooses, and the same for the same chart', () => {
    const options = ['a', 'b', 'c', 'd', 'e'];
    for (const seed of seeds.slice(0, 20)) {
      expect(pick(options, seed, 'label')).toBe(options[variantIndex('label', seed, 5)]);
      expect(pick(options, seed, 'label')).toBe(pick(options, seed, 'label'));
    }
  });
});
