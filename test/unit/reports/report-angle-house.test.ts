/**
 * A planet conjunct the Ascendant inside the 1st house (or the Midheaven inside the 10th) is read once: its house reading
 * and its conjunction's tell the same image, gift and shadow (a reader met Venus in the 1st house and Venus conjunct the
 * Ascendant a chapter apart, "Avoiding conflict to preserve image" beside "Hiding disagreement"). Once the house is read,
 * the conjunction has no reading of its own, and the key aspects' table points to the house's chapter for it.
 */
import { describe, expect, it } from 'vitest';
import { extractChartFactors } from '../../../src/interpretations/chart-factors/index.ts';
import { getLibrary } from '../../../src/interpretations/library.ts';
import { keys } from '../../../src/interpretations/keys.ts';
import { composeReport } from '../../../src/reports/text/compose-report.ts';
import { randomReportCharts } from '../../helpers/random-report-charts.ts';

const AS_OF = '2026-11-25T00:00:00Z';
const ORDINAL: Record<number, string> = { 1: '1st', 10: '10th' };

describe('a planet conjunct the angle that opens its house', () => {
  it('is read by its house alone, over random timed births', () => {
    const library = getLibrary();
    let seen = 0;
    for (const chart of randomReportCharts(160, 6607).filter((c) => c.subject.settings.time_known)) {
      const factors = extractChartFactors(chart);
      const markdown = composeReport(chart, { asOf: AS_OF }).markdown;
      for (const a of factors.aspects) {
        if (a.type !== 'conjunction') continue;
        const [planet, angle] = a.p2 === 'asc' || a.p2 === 'mc' ? [a.p1, a.p2] : [a.p2, a.p1];
        const house = { asc: 1, mc: 10 }[angle as 'asc' | 'mc'];
        if (!house || factors.points.get(planet)?.house !== house) continue;
        const houseTitle = library.entries.get(keys.planetHouse(planet, house))?.title;
        const aspectTitle = library.entries.get(keys.aspect(a.p1, a.type, a.p2))?.title;
        if (!houseTitle || !aspectTitle || !markdown.includes(`### ${houseTitle}\n`)) continue;
        seen++;
        const label = `${chart.subject.datetime} ${aspectTitle} in the ${ORDINAL[house]}`;
        expect(markdown.includes(`### ${aspectTitle}\n`), label).toBe(false);
      }
    }
    expect(seen).toBeGreaterThan(3);
  });
});
