/**
 * An aspect read in the report that crosses a sign line (29° Aries square 1° Leo: signs that
 * trine each other) says so after its reading, and every such statement is true of the chart: the
 * two points stand in the signs it names, and those signs are not the aspect's count apart. A
 * reader found the angle figures saying it, and the key aspects and the central figure not.
 */
import { describe, expect, it } from 'vitest';
import { composeReport } from '../../../src/reports/text/compose-report.ts';
import { POINT_NAMES } from '../../../src/reports/text/phrases.ts';
import { reportSky } from '../../../src/reports/sky/report-sky.ts';
import { randomReportCharts, untimedBirths } from '../../helpers/random-report-charts.ts';

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

  it("untimed, on a day the Moon changed sign, are named for the hours the Moon's sign makes them, within the aspect's hours", () => {
    const STATED = /The signs make this (\w+) (for some of the hours it holds and not for others|at none of the hours it holds): (.+?)\.(?= |$)/gm;
    const CLAUSE =
      /^born (before|after|between) (\d\d:\d\d)(?: and (\d\d:\d\d))? local time, the Moon in (\w+) (?:joins|sextiles|squares|trines|opposes) (?:the )?(\w+) in (\w+), signs that (.+)$/;
    let stated = 0;
    let moonSignDays = 0;
    for (const chart of untimedBirths(160, 7731)) {
      const sky = reportSky({ chart, asOf: '2026-11-25T00:00:00Z' });
      const day = sky.moonDay!;
      if (day.signs.length < 2) continue;
      moonSignDays++;
      const md = composeReport(chart, { sky }).markdown;
      const where = chart.subject.datetime;
      const moonSign = (from: string, to: string) => (to <= day.ingressAt! ? day.signs[0] : from >= day.ingressAt! ? day.signs[1] : undefined);
      for (const m of md.matchAll(STATED)) {
        const type = m[1]!;
        const clauses = m[3]!.split('; ');
        if (m[2]!.startsWith('for some')) expect(clauses.length, `${where}: ${m[0]}`).toBe(1);
        for (const clause of clauses) {
          const c = CLAUSE.exec(clause);
          expect(c, `${where}: ${clause}`).not.toBeNull();
          const [, how, t1, t2, signA, other, signB, kin] = c!;
          const [from, to] = how === 'before' ? ['00:00', t1!] : how === 'after' ? [t1!, '24:00'] : [t1!, t2!];
          // The Moon held the sign named through those hours, and the aspect was in orb through them.
          const sign = moonSign(from, to);
          expect(sign && SIGNS.find((name) => name.toLowerCase() === sign), `${where}: ${clause}`).toBe(signA);
          const id = idOfName.get(other!.toLowerCase())!;
          const aspect = day.aspects.find((a) => a.other === id && a.type === type);
          if (aspect) {
            expect(from >= aspect.from && to <= aspect.to, `${where}: ${clause} within ${aspect.from}–${aspect.to}`).toBe(true);
          }
          const lon = chart.planets.find((p) => p.id === id)!.abs_pos;
          expect(SIGNS[signIndex(lon)], `${where}: ${clause}`).toBe(signB);
          const d = Math.min((SIGNS.indexOf(signA!) - SIGNS.indexOf(signB!) + 12) % 12, (SIGNS.indexOf(signB!) - SIGNS.indexOf(signA!) + 12) % 12);
          expect(kin, `${where}: ${clause}`).toBe(KIN[d]);
          expect(d, `${where}: ${clause}`).not.toBe(APART[type]);
          stated++;
        }
      }
    }
    expect(moonSignDays).toBeGreaterThan(20);
    expect(stated).toBeGreaterThan(5);
  });

  it("are said of the Moon's contact an outer planet that colours the image of care, where no other chapter read it (Utqiagvik 1981: the Moon in Leo trine Uranus in Scorpio)", () => {
    let checked = 0;
    for (const chart of randomReportCharts(160, 4410).filter((c) => c.subject.settings.time_known)) {
      const md = composeReport(chart, { asOf: '2026-11-25T00:00:00Z' }).markdown;
      const m = /^The Moon's (conjunction|sextile|square|trine|opposition) with (Uranus|Neptune|Pluto) \(orb [^)]*\) colours that image of care: .*$/m.exec(md);
      if (!m || m[0].includes('read as an aspect in')) continue;
      const [moon, other] = ['moon', m[2]!.toLowerCase()].map((id) => chart.planets.find((p) => p.id === id)!.abs_pos) as [number, number];
      const crosses = apart(moon, other) !== APART[m[1]!]!;
      expect(SAID.test(m[0]), `${chart.subject.datetime_utc}: ${m[0].slice(0, 80)}`).toBe(crosses);
      checked++;
    }
    expect(checked).toBeGreaterThan(5);
  });
});
