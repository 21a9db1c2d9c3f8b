/**
 * The layout checker over seeded random births of every chart kind (latitudes up to ±75°) and
 * crowded synthetic clusters: glyphs kept in their sign and house sectors, no overlapping boxes,
 * no axis through a label. The figures are printed (bench/wheel-layout.bench.ts runs 2,000 births
 * of every kind and fails on any of these).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initEphemeris } from '../../../src/astro/ephemeris.ts';
import { computeLayout } from '../../../renderer/index.ts';
import { ALL_KINDS } from '../../../renderer/tools/sample-charts.ts';
import { KINDS, addUp, checkWheel, formatTotals, randomChartSvg, syntheticClusterSvg } from '../../helpers/wheel-layout-check.ts';

const BIRTHS = 40;

beforeAll(() => initEphemeris());

describe('wheel layout over random births', () => {
  // Before the layout kept glyphs in their sectors, 50 births gave natal 122 glyph crossings
  // outside a straddling cluster, transits 272, solar return 243, progressions 428, composite 160,
  // synastry 484; with sector walls and the single wheel's inner tier, two-ring charts still had
  // about 15 % of their glyphs across a line (bench/wheel-layout.bench.ts gives the figures).
  for (const kind of KINDS) {
    it(`${kind}: glyphs in their sectors, boxes apart, no axis through a label`, () => {
      const t = addUp(Array.from({ length: BIRTHS }, (_, i) => checkWheel(randomChartSvg(kind, i))));
      console.log(formatTotals(kind, t));
      expect(t.points).toBeGreaterThan(BIRTHS * 10);
      // A glyph leaves its sector only with a crowd that straddles the line, or where its sector
      // beside an axis is narrower than the glyph (counted apart: t.forced).
      expect(t.unexcused, t.worst.join('\n')).toBe(0);
      expect(t.overlaps, t.worst.join('\n')).toBe(0);
      expect(t.axisHits).toBe(0);
      expect(t.axisHouseHits).toBe(0);
      expect(t.maxDisplacement).toBeLessThan(30);
    });
  }

  it('crowded clusters (5–8 bodies within 10°, astride cusps and sign boundaries): no overlapping boxes', () => {
    const t = addUp(Array.from({ length: 120 }, (_, i) => checkWheel(syntheticClusterSvg(i))));
    console.log(formatTotals('clusters', t));
    expect(t.overlaps).toBe(0);
    expect(t.maxDisplacement).toBeLessThan(100);
  });

  it('a lone glyph near a sign boundary and a cusp stays in its sector', () => {
    // 0.6° Aries with a cusp at 2.3°: the sector is narrower than the cusp's clearance.
    const svg = randomChartSvg('natal', 3);
    const r = checkWheel(svg);
    expect(r.details.filter((d) => d.includes('saturn'))).toEqual([]);
  });
});

describe('two-ring charts', () => {
  for (const [kind, make] of Object.entries(ALL_KINDS)) {
    it(`${kind}: every planet label gives degree, sign and minute`, () => {
      const lay = computeLayout(make('light'));
      for (const p of lay.points) expect(p.labels.map((l) => l.kind).slice(0, 3), `${p.ring} ${p.id}`).toEqual(['deg', 'sign', 'min']);
    });
  }
});

describe('a body the ephemeris cannot give', () => {
  it('is named in the image (Chiron in 1650)', async () => {
    const { natalChart } = await import('../../../src/features/charts/charts-service.ts');
    const { natalChartRequest } = await import('../../../src/features/charts/charts-schemas.ts');
    const r = natalChartRequest.parse({ name: 'Born 1650', year: 1650, month: 3, day: 1, hour: 12, minute: 0, lat: 48.85, lng: 2.35, tz_str: 'UTC' });
    const svg = String(natalChart({ request: r, place: { city: null, country: null, lat: 48.85, lng: 2.35, source: 'request' } }).body);
    expect(svg).not.toContain('data-point="chiron"');
    expect(svg).toContain('Chiron not drawn: outside the range of the asteroid ephemeris files');
  });
});
