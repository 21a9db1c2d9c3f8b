/**
 * The chapters readers pay for, over many random births: relationships, vocation and the family
 * at least 600 words in a timed report and 300 in an untimed one, each naming at least four chart
 * factors, and every sign or house a chapter gives a point true of the chart (an untimed Moon: of
 * one of its day's signs). Timed, untimed and polar births (inside the polar circles the house
 * system gives way) are drawn separately so that each kind is covered.
 */
import { describe, expect, it } from 'vitest';
import { composeReport } from '../../../src/reports/text/compose-report.ts';
import { proseWordCount } from '../../../src/reports/text/report-markdown.ts';
import { reportSky } from '../../../src/reports/sky/report-sky.ts';
import { natalChartFor } from '../../helpers/natal-charts.ts';
import { namedFactors } from '../../helpers/report-factors.ts';
import { seededRandom } from '../../helpers/seeded-random.ts';

const AS_OF = '2026-11-25T00:00:00Z';
const CHAPTERS = ['relationships', 'vocation', 'parental_images'];

function births(kind: 'timed' | 'untimed' | 'polar', count: number, seed: number) {
  const random = seededRandom(seed);
  return Array.from({ length: count }, (_, i) => {
    const birth = {
      name: `Depth ${kind} ${i}`,
      year: 1930 + Math.floor(random() * 90),
      month: 1 + Math.floor(random() * 12),
      day: 1 + Math.floor(random() * 28),
      ...(kind === 'untimed' ? { time_known: false } : { hour: Math.floor(random() * 24), minute: Math.floor(random() * 60) }),
    };
    const lat = kind === 'polar' ? (random() < 0.7 ? 66.6 + random() * 3.4 : -66.6 - random() * 3) : -55 + random() * 115;
    return natalChartFor(birth, { city: null, country: null, lat, lng: -170 + random() * 340, source: 'request', zone: 'UTC' } as never);
  });
}

describe('the chapters readers pay for', () => {
  for (const [kind, count, floor] of [
    ['timed', 24, 600],
    ['polar', 12, 600],
    ['untimed', 24, 300],
  ] as const) {
    it(`are at least ${floor} words and name at least four true factors in ${kind} reports`, () => {
      const least: Record<string, number> = {};
      for (const chart of births(kind, count, 7301 + floor + count)) {
        const sky = reportSky({ chart, asOf: AS_OF });
        const report = composeReport(chart, { sky });
        for (const id of CHAPTERS) {
          const md = report.sections.find((s) => s.id === id)!.markdown;
          const where = `${chart.subject.datetime} ${chart.subject.location.lat.toFixed(1)} ${id}`;
          const words = proseWordCount(md);
          expect(words, where).toBeGreaterThanOrEqual(floor);
          const named = namedFactors(md, chart, sky.moonDay);
          expect(named.factors.length, `${where}: ${named.factors.join(', ')}`).toBeGreaterThanOrEqual(4);
          expect(named.untrue, where).toEqual([]);
          least[id] = Math.min(least[id] ?? Infinity, words);
        }
      }
      expect(Object.keys(least)).toHaveLength(3);
    });
  }
});
