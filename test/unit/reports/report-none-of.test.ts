/**
 * A scarce element's or mode's reading where it has no weight at all says none, not a little: every reading of the
 * library's weak elements and modes, adapted for a share of 0 %, keeps no "lightly represented", "sparse", "scarce",
 * "only a small part" or "little of your chart" (a Montreal reader met "with water lightly represented" beside water at
 * 0 %), and a chart with an element at 0 % prints it so.
 */
import { describe, expect, it } from 'vitest';
import { getLibrary } from '../../../src/interpretations/library.ts';
import { noneOf } from '../../../src/reports/text/sections/temperament.ts';
import { composeReport } from '../../../src/reports/text/compose-report.ts';
import { natalChartFor } from '../../helpers/natal-charts.ts';

const A_LITTLE = /lightly represented|\bsparse\b|\bscarce\b|only a small part|little of your chart/i;

describe('an element or a mode with no weight', () => {
  it('every weak reading of the library, adapted for none, says none', () => {
    let read = 0;
    for (const e of getLibrary().entries.values()) {
      const m = /^balance\.(element|modality)\.(\w+)\.weak$/.exec(e.key);
      if (!m) continue;
      const adapt = noneOf(m[1] === 'element' ? m[2]! : `${m[2]} (?:signs|energy)`);
      for (const body of e.body) {
        read++;
        expect(adapt(body), `${e.key}: ${body.slice(0, 80)}`).not.toMatch(A_LITTLE);
      }
    }
    expect(read).toBeGreaterThan(50);
  });

  it('the Montreal birth of 1983, water at 0 %, reads water as absent', () => {
    const montreal = { city: 'Montreal', country: 'CA', lat: 45.5017, lng: -73.5673, source: 'request' as const, zone: 'America/Toronto' };
    const chart = natalChartFor({ name: 'Reader', year: 1983, month: 8, day: 17, hour: 5, minute: 10 }, montreal);
    const section = composeReport(chart, { asOf: '2026-11-25T00:00:00Z' }).markdown;
    expect(section).toMatch(/\| Water \| 0 \| 0 % \|/);
    const water = section.split(/\n(?=#{2,4} )/).find((p) => p.startsWith('#### Water in the Background'))!;
    expect(water).toBeDefined();
    expect(water).not.toMatch(A_LITTLE);
  });
});
