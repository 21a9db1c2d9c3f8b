/**
 * The synthesis layer: over 200 random charts, no report prints two passages that make opposite
 * claims about one faculty by the library's own tags (where two placements disagree, one passage
 * names the tension instead); and a tight conjunction is read once as one figure.
 */
import { describe, expect, it } from 'vitest';
import { composeReport } from '../../../src/reports/text/compose-report.ts';
import { getLibrary } from '../../../src/interpretations/library.ts';
import type { InterpretationEntry } from '../../../src/interpretations/schema.ts';
import { FACULTIES, TWO_SIDES_PATTERN } from '../../../src/reports/synthesis/faculty-tensions.ts';
import { natalChartFor } from '../../helpers/natal-charts.ts';
import { randomReportCharts } from '../../helpers/random-report-charts.ts';

const ATHENS = { city: 'Athens', country: 'GR', lat: 37.9838, lng: 23.7275, source: 'request' as const, zone: 'Europe/Athens' };

describe('the synthesis layer', () => {
  it('the library tags what its entries claim, each claim a faculty and one of its poles', () => {
    const claimsOf = (e: InterpretationEntry) => [...(e.claims ?? []), ...Object.values(e.variant_claims ?? {}).flat()];
    const tagged = [...getLibrary().entries.values()].filter((e) => claimsOf(e).length);
    expect(tagged.length).toBeGreaterThanOrEqual(80);
    const used = new Set<string>();
    for (const e of tagged) {
      for (const c of claimsOf(e)) {
        const [faculty, pole] = c.split(':') as [string, string];
        // A faculty the synthesis knows, and one of its two poles.
        expect(FACULTIES[faculty]?.poles[pole], `${e.key}: ${c}`).toBeDefined();
        used.add(faculty);
      }
    }
    expect([...used].sort()).toEqual(Object.keys(FACULTIES).sort());
  });

  it('over 200 random charts, no report makes opposite claims about one faculty; the disagreements are read as tensions', () => {
    let tensions = 0;
    for (const chart of randomReportCharts(200, 52)) {
      const report = composeReport(chart);
      const poles = new Map<string, Set<string>>();
      for (const r of report.readings!) {
        for (const claim of r.claims) {
          const [faculty, pole] = claim.split(':') as [string, string];
          poles.set(faculty, (poles.get(faculty) ?? new Set()).add(pole));
        }
        if (r.tension) tensions++;
      }
      for (const [faculty, set] of poles) expect([...set], `${chart.subject.datetime_utc}: ${faculty}`).toHaveLength(1);
      // Every tension is named in the text, with both sides, once per faculty; the next entry on the faculty says which
      // side it adds to, and later ones speak without an introduction; two entries about one point are its two sides.
      const named =
        report.markdown.match(
          new RegExp(
            `${TWO_SIDES_PATTERN.source}| side of the tension over [^\\n]*?, (?:read|named) earlier with | one more voice for the [^\\n]*? side of the tension over [^\\n]*?\\.`,
            'g',
          ),
        ) ?? [];
      expect(named.length).toBe(report.readings!.reduce((n, r) => n + (r.tensions?.length ?? 0), 0));
      const faculties = report.readings!.flatMap((r) => r.tensions ?? []);
      expect(report.markdown.match(new RegExp(TWO_SIDES_PATTERN.source, 'g'))?.length ?? 0).toBe(new Set(faculties).size);
      // A side's description is printed once: a further entry names the side instead of repeating it.
      for (const { poles: sides } of Object.values(FACULTIES))
        for (const description of Object.values(sides))
          expect(report.markdown.split(description).length - 1, `${chart.subject.datetime_utc}: ${description}`).toBeLessThanOrEqual(1);
    }
    expect(tensions).toBeGreaterThan(20);
  });

  it('reads a tight conjunction once as one figure (Jupiter and Saturn 0°02′ apart)', () => {
    const report = composeReport(natalChartFor({ name: 'Eleni Markou', year: 1981, month: 1, day: 2, hour: 0, minute: 30 }, ATHENS));
    // The figure's opening sentence, in whichever phrasing the chart's seed picks: it names the pair and their 0°0x′.
    const md = report.markdown;
    const figures = md.match(/Jupiter and Saturn [^.]*0°0\d′|0°0\d′ separate Jupiter and Saturn/g) ?? [];
    expect(figures).toHaveLength(1);
    // The figure comes before Saturn's own passage, after Jupiter's.
    const at = md.indexOf(figures[0]!);
    expect(md.indexOf('### Jupiter in Libra')).toBeLessThan(at);
    expect(at).toBeLessThan(md.indexOf('### Saturn in Libra'));
    expect(md).not.toContain('Jupiter and Saturn are themselves linked by a conjunction');
  });
});
