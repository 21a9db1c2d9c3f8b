/**
 * The readings of the North Node's and Chiron's aspects are composed from what the other point
 * stands for: each names that function in full, and a sentence that comes back to it names it
 * again in its short form, never "this part of you" (a dozen of those in a chapter left the reader
 * to work out which part was meant).
 */
import { describe, expect, it } from 'vitest';
import { composeReport } from '../../../src/reports/text/compose-report.ts';
import { TENSION_FRAME_PATTERN } from '../../../src/reports/synthesis/faculty-tensions.ts';
import { POINT_FUNCTION, POINT_NAMES, POINT_PART } from '../../../src/reports/text/phrases.ts';
import { randomReportCharts } from '../../helpers/random-report-charts.ts';

const NAME_TO_ID = new Map(Object.entries(POINT_NAMES).map(([id, name]) => [name, id]));
const PERSONAL = ['sun', 'moon', 'mercury', 'venus', 'mars'];
const VERB: Record<string, string> = {
  conjunct: 'is conjunct',
  square: 'squares',
  opposite: 'opposes',
  trine: 'forms a trine to',
  sextile: 'forms a sextile to',
};
const ASPECT_LINE = /^\*\*(.+?) (conjunct|sextile|square|trine|opposite) (North Node|Chiron)\*\* \([^)]*\)\. (.+)$/gm;

describe('the North Node and Chiron aspect readings', () => {
  it('every point with a function has a short form for coming back to it', () => {
    expect(Object.keys(POINT_PART).sort()).toEqual(Object.keys(POINT_FUNCTION).sort());
  });

  it('over 80 random reports, each reading names the other point (a personal planet, with the aspect) and never leaves "this part of you" unnamed', () => {
    let readings = 0;
    let comeBack = 0;
    let personal = 0;
    let nodePersonal = 0;
    for (const chart of randomReportCharts(80, 7301)) {
      const { markdown } = composeReport(chart, { asOf: '2026-11-25T00:00:00Z' });
      expect(markdown).not.toMatch(/\bthis part of you\b/i);
      for (const [, name, type, point, text] of markdown.matchAll(ASPECT_LINE)) {
        const id = NAME_TO_ID.get(name!)!;
        expect(id, name).toBeDefined();
        // The contacts of Chiron and of the North Node to the personal planets have readings of their own, which open
        // with the aspect they read (a reader found the composed Node readings alike from planet to planet).
        if (PERSONAL.includes(id)) {
          expect(text, name).toMatch(new RegExp(`^(The )?${point} ${VERB[type!]} your ${name}[:,]`));
          if (point === 'North Node') nodePersonal++;
          personal++;
          continue;
        }
        readings++;
        expect(text, name).toContain(POINT_FUNCTION[id]!);
        if (text!.includes(POINT_PART[id]!)) comeBack++;
      }
    }
    expect(readings).toBeGreaterThan(60);
    expect(comeBack).toBeGreaterThan(readings / 2);
    expect(personal).toBeGreaterThan(20);
    expect(nodePersonal).toBeGreaterThan(10);
  });

  it('a North Node reading takes a side of a tension as the South Node, whose familiar ground its words describe', () => {
    // (A reader took "the North Node in Aries speaks for the tactful side" as backwards: the North Node points away from it.)
    // A tension passage: after a reading ("… answers your Sun in Leo from the other side: part of you …") or a side taken ("speaks for the … side").
    const tension = new RegExp(`${TENSION_FRAME_PATTERN.source.replace(/^\^/, '')}|side of (the|that same) tension`);
    let southSides = 0;
    for (const chart of randomReportCharts(120, 7302)) {
      const { markdown } = composeReport(chart, { asOf: '2026-11-25T00:00:00Z' });
      for (const paragraph of markdown.split('\n\n').filter((p) => tension.test(p))) {
        expect(paragraph).not.toMatch(/North Node in \w+/);
        if (/South Node in \w+/.test(paragraph)) southSides++;
      }
    }
    expect(southSides).toBeGreaterThan(5);
  });
});
