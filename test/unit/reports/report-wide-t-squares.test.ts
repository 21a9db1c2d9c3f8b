/**
 * The shape of a T-square in the aspect table that the figures' orbs do not count is named, with the aspect too wide for a
 * figure, and what is said is the chart's: the opposition and both squares are among the chart's aspects, the orb stated
 * is the aspect's own, and it is wider than the figure's orb named (an astrologer took "no T-square" beside Venus
 * opposite Uranus at 7°54′, both square Neptune, for an error).
 */
import { describe, expect, it } from 'vitest';
import { composeReport } from '../../../src/reports/text/compose-report.ts';
import { degreesMinutes } from '../../../src/reports/text/report-markdown.ts';
import { POINT_NAMES } from '../../../src/reports/text/phrases.ts';
import { randomReportCharts } from '../../helpers/random-report-charts.ts';

const AS_OF = '2026-11-25T00:00:00Z';
const NAME = '(?:the )?([A-Z][a-z]+)';
const SHAPE = new RegExp(
  `${NAME} and ${NAME} in opposition, both square ${NAME}, make the shape of a T-square in the aspect table, but ([^;]*?)(?:; |, so )`,
  'gi',
);
const WIDE = new RegExp(
  `the (opposition|square) of ${NAME} and ${NAME} is (\\d+°\\d+′) from exact, wider than the (\\d)° a figure's \\1 is counted within`,
  'g',
);
const idOf = (name: string) => Object.entries(POINT_NAMES).find(([, n]) => n === name.charAt(0).toUpperCase() + name.slice(1))![0];

describe('a T-square shape too wide to be a figure', () => {
  it('is named with the aspects the chart has and their own orbs, over random timed births', () => {
    let named = 0;
    for (const chart of randomReportCharts(120, 9091).filter((c) => c.houses)) {
      const markdown = composeReport(chart, { asOf: AS_OF }).markdown;
      const find = (a: string, b: string, type: string) => chart.aspects.find((x) => x.type === type && new Set([x.p1, x.p2, idOf(a), idOf(b)]).size === 2);
      for (const m of markdown.matchAll(SHAPE)) {
        named++;
        const [, end1, end2, apex, why] = m;
        const context = `${chart.subject.datetime}: ${m[0]}`;
        expect(find(end1!, end2!, 'opposition'), context).toBeDefined();
        expect(find(end1!, apex!, 'square'), context).toBeDefined();
        expect(find(end2!, apex!, 'square'), context).toBeDefined();
        const wide = [...why!.matchAll(WIDE)];
        expect(wide.length, context).toBeGreaterThan(0);
        for (const [, type, a, b, orb, limit] of wide) {
          const aspect = find(a!, b!, type!)!;
          expect(degreesMinutes(aspect.orb), context).toBe(orb);
          expect(aspect.orb, context).toBeGreaterThan(Number(limit));
          expect(Number(limit), context).toBe(type === 'opposition' ? 7 : 6);
        }
      }
    }
    expect(named).toBeGreaterThan(0);
  });
});
