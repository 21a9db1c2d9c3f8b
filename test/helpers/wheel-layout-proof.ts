/**
 * The layout proof the chart wheels are held to, as tests: for each chart kind, 2,000 seeded
 * random births (latitudes up to ±75°) checked by the layout checker. The kinds are spread over a
 * few test files so that vitest's workers share them (about 95 s of CPU in all, 3–13 ms a chart).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { ChartKind } from '../../renderer/chart-model.ts';
import { initEphemeris } from '../../src/astro/ephemeris.ts';
import { addUp, checkWheel, formatTotals, randomChartSvg } from './wheel-layout-check.ts';

export const PROOF_BIRTHS = 2000;

/**
 * Glyphs out of an overfull sector (t.overfull: two or more glyphs that do not fit their sector
 * side by side on two lanes at the smallest size the layout draws, 3–7° holding three to six),
 * over these births: none on single wheels, which stack such a crowd into an inner tier; on
 * two-ring charts, which have no room for one, the figures of today, so that a change for the
 * worse fails. Every other glyph that leaves its sector does so with a crowd that straddles the
 * line, or is forced (below): no glyph is unexcused.
 */
const OVERFULL_AT_MOST: Record<ChartKind, number> = { natal: 0, composite: 0, transits: 1, solar_return: 1, progressions: 4, synastry: 4 };

/**
 * Glyphs pushed out of a sector beside an axis narrower than themselves (t.forced). Since an axis
 * is drawn broken around the boxes that reach over it, a glyph keeps to such a sector wherever the
 * arc beyond the axis leaves its boxes room: none on a natal chart (87 of 26,000 glyphs before);
 * on the others, where a glyph of the other ring or the next arc holds that room (the figures of
 * today: 2 to 34 where there were 49 to 159, in the same births).
 */
const FORCED_AT_MOST: Record<ChartKind, number> = { natal: 0, composite: 2, transits: 15, solar_return: 17, progressions: 34, synastry: 22 };

/** A guard against a hung run, not a timing: a kind takes 7–25 s of CPU on an idle core. */
const GUARD_MS = 900_000;

export function describeRandomBirths(kinds: readonly ChartKind[]): void {
  beforeAll(() => initEphemeris());
  describe(`wheel layout over ${PROOF_BIRTHS} random births`, () => {
    for (const kind of kinds) {
      it(
        `${kind}: glyphs in their sectors, boxes apart, no axis through a label`,
        () => {
          const t = addUp(Array.from({ length: PROOF_BIRTHS }, (_, i) => checkWheel(randomChartSvg(kind, i))));
          console.log(formatTotals(kind, t));
          expect(t.points).toBeGreaterThan(PROOF_BIRTHS * 10);
          // A glyph leaves its sector only with a crowd that straddles the line, where its
          // sector beside an axis is narrower than the glyph and it goes the least way out
          // (t.forced), or out of an overfull sector by the width it lacks (t.overfull).
          expect(t.unexcused, t.worst.join('\n')).toBe(0);
          expect(t.forced).toBeLessThanOrEqual(FORCED_AT_MOST[kind]);
          expect(t.overfull).toBeLessThanOrEqual(OVERFULL_AT_MOST[kind]);
          expect(t.overlaps, t.worst.join('\n')).toBe(0);
          expect(t.axisHits).toBe(0);
          expect(t.axisHouseHits).toBe(0);
          expect(t.maxDisplacement).toBeLessThan(30);
        },
        GUARD_MS,
      );
    }
  });
}
