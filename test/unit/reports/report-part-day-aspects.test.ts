/**
 * An untimed report's key aspects leave out what held for part of the birth day only, and name
 * them: the Moon's as the Moon's, any other by both its points. A reader met Mercury's trine with
 * Jupiter listed as "the Moon's trine with Mercury", and a Moon sextile Mars that the Moon, 133° to
 * 146° from Mars all day, never made. Checked here against the Moon's own track over the day (UTC
 * births: 00:00 to 24:00 UT): every aspect credited to the Moon comes within 10° of exact at some
 * instant of it, and none is named twice. The North Node's and Chiron's chapters name the Moon's aspects of some hours
 * that they do not read, each within orb at some half hour of the day and beyond it at another.
 */
import { describe, expect, it } from 'vitest';
import { calcBody } from '../../../src/astro/ephemeris.ts';
import { julianDayFromUtcMs } from '../../../src/astro/civil-time.ts';
import { composeReport } from '../../../src/reports/text/compose-report.ts';
import { untimedBirths } from '../../helpers/random-report-charts.ts';

const ANGLE: Record<string, number> = { conjunction: 0, sextile: 60, square: 90, trine: 120, opposition: 180 };
const SE: Record<string, number> = { sun: 0, mercury: 2, venus: 3, mars: 4, jupiter: 5, saturn: 6, uranus: 7, neptune: 8, pluto: 9 };
const SENTENCE = /Without a birth time, only what held over the whole birth day is ranked: (.*?) (?:were|was) within orb for part of the day only/;

describe('the aspects an untimed report leaves out of its ranking', () => {
  it('credit the Moon only with aspects its track over the day makes, each named once', () => {
    let checked = 0;
    for (const [i, chart] of untimedBirths(40, 9107).entries()) {
      const text = composeReport(chart, { asOf: '2026-11-25T00:00:00Z' }).markdown;
      const m = SENTENCE.exec(text);
      if (!m) continue;
      const list = m[1]!;
      const moonPart = /^the Moon's (.*?)(?:, (?:the )?\w+'s |$| and (?:the )?\w+'s )/.exec(list)?.[1] ?? '';
      const credited = [...moonPart.matchAll(/(conjunction|sextile|square|trine|opposition) with (?:the )?(\w+)/g)].map((x) => [x[1]!, x[2]!] as const);
      expect(new Set(credited.map(([t, p]) => `${t} ${p}`)).size, `chart ${i}: ${list}`).toBe(credited.length);
      const day = Date.parse(chart.subject.datetime_utc.slice(0, 10) + 'T00:00:00Z');
      for (const [type, name] of credited) {
        const body = name.toLowerCase();
        if (SE[body] === undefined) continue; // an angle or a point the ephemeris check does not cover
        let closest = Infinity;
        for (let h = 0; h <= 24; h += 0.5) {
          const jd = julianDayFromUtcMs(day + h * 3_600_000);
          const sep = Math.abs(((((calcBody(jd, 1).lon - calcBody(jd, SE[body]).lon) % 360) + 540) % 360) - 180);
          closest = Math.min(closest, Math.abs(sep - ANGLE[type]!));
        }
        expect(closest, `chart ${i}: the Moon's ${type} with ${name}`).toBeLessThanOrEqual(10);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(20);
  });

  it('the North Node and Chiron name the Moon’s aspects of some hours that they do not read, each true of part of the day only', () => {
    const NOTE =
      /^Without a birth time only what held over the whole birth day is read here: (.*) with (the North Node|Chiron) (?:were|was) within orb for part of the day only\.$/gm;
    let checked = 0;
    for (const [i, chart] of untimedBirths(60, 9108).entries()) {
      const text = composeReport(chart, { asOf: '2026-11-25T00:00:00Z' }).markdown;
      const day = Date.parse(chart.subject.datetime_utc.slice(0, 10) + 'T00:00:00Z');
      for (const m of text.matchAll(NOTE)) {
        const point = chart.planets.find((p) => p.id === (m[2] === 'Chiron' ? 'chiron' : 'north_node'))!.abs_pos;
        for (const [, type] of m[1]!.matchAll(/the Moon's (conjunction|sextile|square|trine|opposition)/g)) {
          // Within the 6° the chapter reads at some half hour of the day, and beyond it at another (the point barely moves in a day).
          const orbs = Array.from({ length: 49 }, (_, k) => {
            const sep = Math.abs(((((calcBody(julianDayFromUtcMs(day + k * 1_800_000), 1).lon - point) % 360) + 540) % 360) - 180);
            return Math.abs(sep - ANGLE[type!]!);
          });
          expect(Math.min(...orbs), `chart ${i}: ${m[0]}`).toBeLessThanOrEqual(6.1);
          expect(Math.max(...orbs), `chart ${i}: ${m[0]}`).toBeGreaterThan(5.9);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(3);
  });
});
