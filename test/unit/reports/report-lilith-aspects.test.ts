/**
 * Lilith's closest aspects are read beside its sign, from the library's entries (at most two, not
 * those to the Node and Chiron, read among theirs): a reader found the Moon 1°23′ from Lilith in
 * Tromsø on 5 January 1996 and no word of it. Each fact line is true of the chart, and no aspect
 * of Lilith is read twice.
 */
import { describe, expect, it } from 'vitest';
import { composeReport } from '../../../src/reports/text/compose-report.ts';
import { POINT_NAMES } from '../../../src/reports/text/phrases.ts';
import { natalChartFor, PLACES } from '../../helpers/natal-charts.ts';
import { randomReportCharts } from '../../helpers/random-report-charts.ts';

const ID_OF = new Map(Object.entries(POINT_NAMES).map(([id, name]) => [name, id]));
const FACT = /^\*([A-Z][a-z]+(?: Node)?) (conjunct|sextile|square|trine|opposite) Lilith · orb (\d+)°(\d\d)′/gm;
const TYPE: Record<string, string> = { conjunct: 'conjunction', sextile: 'sextile', square: 'square', trine: 'trine', opposite: 'opposition' };

describe('Lilith’s aspects', () => {
  it('read the Moon conjunct Lilith in the Tromsø 1996 chart', () => {
    const chart = natalChartFor({ name: 'Siri', year: 1996, month: 1, day: 5, hour: 11, minute: 20 }, PLACES.tromso);
    const section = composeReport(chart, { asOf: '2026-11-25T00:00:00Z' }).sections.find((s) => s.id === 'nodes_chiron')!.markdown;
    expect(section).toContain('*Moon conjunct Lilith · orb 1°23′');
  });

  it('over random charts, are the chart’s tightest, with their orbs, and read once', () => {
    let read = 0;
    for (const chart of randomReportCharts(30, 8123).filter((c) => c.subject.settings.time_known)) {
      const md = composeReport(chart, { asOf: '2026-11-25T00:00:00Z' }).markdown;
      const facts = [...md.matchAll(FACT)];
      expect(facts.length, chart.subject.datetime_utc).toBeLessThanOrEqual(2);
      expect(new Set(facts.map((m) => `${m[1]} ${m[2]}`)).size).toBe(facts.length);
      for (const m of facts) {
        read++;
        const other = ID_OF.get(m[1]!)!;
        const aspect = chart.aspects.find((a) => a.type === TYPE[m[2]!] && [a.p1, a.p2].includes('lilith') && [a.p1, a.p2].includes(other));
        expect(aspect, m[0]).toBeDefined();
        expect(Math.abs(aspect!.orb - (Number(m[3]) + Number(m[4]) / 60)), m[0]).toBeLessThan(1 / 60);
        // None tighter to a planet or an angle is left unread.
        const tighter = chart.aspects.filter(
          (a) =>
            [a.p1, a.p2].includes('lilith') &&
            a.orb < aspect!.orb &&
            TYPE[Object.keys(TYPE).find((k) => TYPE[k] === a.type) ?? ''] &&
            ![a.p1, a.p2].some((p) => p === 'chiron' || p === 'north_node' || p === 'south_node'),
        );
        for (const t of tighter)
          expect(md, `${chart.subject.datetime_utc}: ${t.p1} ${t.type} ${t.p2}`).toMatch(
            new RegExp(`\\*${POINT_NAMES[t.p1 === 'lilith' ? t.p2 : t.p1]} \\w+ Lilith · orb`),
          );
      }
    }
    expect(read).toBeGreaterThan(5);
  });
});
