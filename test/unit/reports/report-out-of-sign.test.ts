/**
 * An aspect read in the report that crosses a sign line (29° Aries square 1° Leo: signs that
 * trine each other) says so after its reading, and every such statement is true of the chart: the
 * two points stand in the signs it names, and those signs are not the aspect's count apart. A
 * reader found the angle figures saying it, and the key aspects and the central figure not.
 */
import { describe, expect, it } from 'vitest';
import { composeReport } from '../../../src/reports/text/compose-report.ts';
import { POINT_NAMES } from '../../../src/reports/text/phrases.ts';
import { randomReportCharts } from '../../helpers/random-report-charts.ts';

const SIGNS = ['Aries', 'Taurus', 'Gemini', 'Cancer', 'Leo', 'Virgo', 'Libra', 'Scorpio', 'Sagittarius', 'Capricorn', 'Aquarius', 'Pisces'];
const WORD: Record<string, string> = { conjunct: 'conjunction', sextile: 'sextile', square: 'square', trine: 'trine', opposite: 'opposition' };
const APART: Record<string, number> = { conjunction: 0, sextile: 2, square: 3, trine: 4, opposition: 6 };
const KIN = ['share a sign', 'are neighbours', 'sextile each other', 'square each other', 'trine each other', 'stand five signs apart', 'face each other'];
const signIndex = (lon: number) => Math.floor((((lon % 360) + 360) % 360) / 30);
const apart = (a: number, b: number) => {
  const d = (((signIndex(a) - signIndex(b)) % 12) + 12) % 12;
  return Math.min(d, 12 - d);
};
/** How the report introduces the signs of an aspect or figure that crosses a sign line, however often it says so. */
const SAID = /(?:cross(?:es)? a sign line|is out of sign(?: as well)?|but not by sign|the signs do not make the aspect|Another aspect out of sign): /;
const idOfName = new Map(Object.entries(POINT_NAMES).map(([id, name]) => [name.toLowerCase(), id]));

describe('out-of-sign aspects', () => {
  it('are said after the reading of each one read, and each statement is true of the chart', () => {
    let read = 0;
    let stated = 0;
    for (const chart of randomReportCharts(80, 4409).filter((c) => c.subject.settings.time_known)) {
      const md = composeReport(chart, { asOf: '2026-11-25T00:00:00Z' }).markdown;
      const lon = new Map(chart.planets.map((p) => [p.id, p.abs_pos]));
      lon.set('asc', chart.angles!.asc).set('mc', chart.angles!.mc);
      const where = chart.subject.datetime_utc;
      // Each reading of one aspect: its fact line, then its text up to the next heading.
      const blocks = md.split(/\n(?=#{2,4} )/);
      for (const block of blocks) {
        const fact = /^\*([A-Za-z ]+?) (conjunct|sextile|square|trine|opposite) ([A-Za-z ]+?) · /m.exec(block);
        if (!fact) continue;
        const [p1, p2] = [idOfName.get(fact[1]!.toLowerCase()), idOfName.get(fact[3]!.toLowerCase())];
        if (!p1 || !p2 || !lon.has(p1) || !lon.has(p2)) continue;
        const type = WORD[fact[2]!]!;
        if (apart(lon.get(p1)!, lon.get(p2)!) === APART[type]) continue;
        read++;
        expect(block, `${where}: ${fact[0]}`).toMatch(SAID);
      }
      // Every statement of one: "X in Sign V Y in Sign, signs that K".
      for (const m of md.matchAll(new RegExp(`${SAID.source}(.+?)\\.(?= |$)`, 'gm'))) {
        for (const clause of m[1]!.split('; ')) {
          const c = /^(?:your )?(.+?) in (\w+) (joins|sextiles|squares|trines|opposes) (?:your )?(.+?) in (\w+), signs that (.+)$/.exec(clause);
          expect(c, `${where}: ${clause}`).not.toBeNull();
          const [, a, signA, verb, b, signB, kin] = c!;
          const [idA, idB] = [a!, b!].map((n) => idOfName.get(n.replace(/^the /, '').toLowerCase()) ?? { ascendant: 'asc', midheaven: 'mc' }[n.toLowerCase()]);
          if (idA && lon.has(idA)) expect(SIGNS[signIndex(lon.get(idA)!)], `${where}: ${clause}`).toBe(signA);
          if (idB && lon.has(idB)) expect(SIGNS[signIndex(lon.get(idB)!)], `${where}: ${clause}`).toBe(signB);
          const d = Math.min((SIGNS.indexOf(signA!) - SIGNS.indexOf(signB!) + 12) % 12, (SIGNS.indexOf(signB!) - SIGNS.indexOf(signA!) + 12) % 12);
          expect(kin, `${where}: ${clause}`).toBe(KIN[d]);
          const type = { joins: 'conjunction', sextiles: 'sextile', squares: 'square', trines: 'trine', opposes: 'opposition' }[verb!]!;
          expect(d, `${where}: ${clause} is said to cross a sign line`).not.toBe(APART[type]);
          stated++;
        }
      }
    }
    expect(read).toBeGreaterThan(5);
    expect(stated).toBeGreaterThanOrEqual(read);
  });
});
