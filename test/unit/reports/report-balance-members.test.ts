/**
 * A placement is not set against an emphasis of the balance it counts toward (the Sun in Virgo as "the other side" of a
 * mutable emphasis the Sun itself helped to make), unless every reading of the later of the two takes that side: over
 * random reports, each tension passage between a placement and its own emphasis is one whose later entry has no reading
 * free of the faculty. A reader found the Sun in Virgo set against the chart's mutable emphasis.
 */
import { describe, expect, it } from 'vitest';
import { SIGNS } from '../../../src/astro/zodiac.ts';
import { getLibrary } from '../../../src/interpretations/library.ts';
import { FACULTIES, TENSION_FRAME_PATTERN } from '../../../src/reports/synthesis/faculty-tensions.ts';
import { composeReport } from '../../../src/reports/text/compose-report.ts';
import { countsToward } from '../../../src/reports/text/balance-members.ts';
import { randomReportCharts } from '../../helpers/random-report-charts.ts';

const AS_OF = '2026-11-25T00:00:00Z';
const EMPHASIS = /\bthe (fire|earth|air|water|cardinal energy|fixed energy|mutable energy) in the foreground of your chart\b/i;
const PLACEMENT = /\byour ([A-Z][a-z]+(?: Node)?|stellium) in ([A-Z][a-z]+)\b|\byour ([A-Z][a-z]+) rising sign\b/;

/** The library title of a side of a tension sentence, when it is an emphasis or a placement. */
function titleOf(side: string): string | undefined {
  const e = EMPHASIS.exec(side);
  if (e) return `${e[1]!.charAt(0).toUpperCase()}${e[1]!.slice(1).replace(' energy', ' Energy')} in the Foreground`;
  const p = PLACEMENT.exec(side);
  if (!p) return undefined;
  if (p[3]) return `${p[3]} Rising`;
  return `${p[1] === 'stellium' ? 'Stellium' : p[1]} in ${p[2]}`;
}

describe('a placement and the emphasis it counts toward', () => {
  it('matches each sign to its element and modality emphases, either way round', () => {
    expect(countsToward('Sun in Virgo', 'Mutable Energy in the Foreground')).toBe(true);
    expect(countsToward('Earth in the Foreground', 'Sun in Virgo')).toBe(true);
    expect(countsToward('Virgo Rising', 'Earth in the Foreground')).toBe(true);
    expect(countsToward('Sun in Virgo', 'Fixed Energy in the Foreground')).toBe(false);
    expect(countsToward('Sun in Virgo', 'Earth in the Background')).toBe(false);
    expect(SIGNS.every((s) => countsToward(`Moon in ${s.name}`, `${s.element.charAt(0).toUpperCase()}${s.element.slice(1)} in the Foreground`))).toBe(true);
  });

  it('are set against each other over random reports only where every reading of the later takes the side', () => {
    const library = getLibrary();
    const byTitle = new Map([...library.entries.values()].map((e) => [e.title, e]));
    let checked = 0;
    for (const chart of randomReportCharts(120, 52)) {
      const markdown = composeReport(chart, { asOf: AS_OF }).markdown;
      for (const paragraph of markdown.split('\n\n')) {
        const frame = TENSION_FRAME_PATTERN.exec(paragraph);
        if (!frame) continue;
        const [later, earlier] = [frame[1]!, frame[0].slice(frame[1]!.length)].map(titleOf);
        if (!later || !earlier || !countsToward(later, earlier)) continue;
        checked++;
        const faculty = Object.entries(FACULTIES).find(([, f]) => Object.values(f.poles).every((p) => paragraph.includes(p)))?.[0];
        const entry = byTitle.get(later)!;
        const everyReading = entry.body.every((_, i) =>
          [...(entry.claims ?? []), ...(entry.variant_claims?.[String(i)] ?? [])].some((c) => c.startsWith(`${faculty}:`)),
        );
        expect(everyReading, `${chart.subject.datetime}: ${paragraph.slice(0, 200)}`).toBe(true);
      }
    }
    // Before readings were chosen for it, 9 of these 120 reports had one; the remaining few are the exceptions.
    expect(checked).toBeLessThanOrEqual(3);
  });
});
