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
import { reportSky } from '../../../src/reports/sky/report-sky.ts';
import { natalChartFor } from '../../helpers/natal-charts.ts';

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

  it('the North Node, Chiron and Lilith name the Moon’s aspects they do not read, each with the births it holds for', () => {
    const NOTE =
      /^Without a birth time (?:the hour of birth decides (?:these, which are|this one, which is) not read here|the Moon's aspects to (Lilith) are not read here): (.*)\.$/gm;
    const EACH =
      /the Moon's (conjunction|sextile|square|trine|opposition) with (the North Node|Chiron|Lilith) (?:held all day|was within orb only for births (before|after|between) (\d\d:\d\d)(?: and (\d\d:\d\d))? local time)/g;
    const ID: Record<string, string> = { 'the North Node': 'north_node', Chiron: 'chiron', Lilith: 'lilith' };
    let checked = 0;
    for (const [i, chart] of untimedBirths(60, 9108).entries()) {
      const sky = reportSky({ chart, asOf: '2026-11-25T00:00:00Z' });
      const text = composeReport(chart, { sky }).markdown;
      const day = Date.parse(chart.subject.datetime_utc.slice(0, 10) + 'T00:00:00Z');
      for (const m of text.matchAll(NOTE)) {
        for (const [, type, name, how, t1, t2] of m[2]!.matchAll(EACH)) {
          const id = ID[name!]!;
          if (m[1]) expect(id, `chart ${i}: ${m[0]}`).toBe('lilith');
          // The hours are the birth day's own for the aspect; all day only in Lilith's chapter, which reads none of them.
          const held = sky.moonDay!.aspects.find((d) => d.other === id && d.type === type)!;
          expect(held, `chart ${i}: ${m[0]}`).toBeDefined();
          const [from, to] = how === undefined ? ['00:00', '24:00'] : how === 'before' ? ['00:00', t1] : how === 'after' ? [t1, '24:00'] : [t1, t2];
          expect([held.from, held.to], `chart ${i}: ${m[0]}`).toEqual([from, to]);
          if (how === undefined) expect(id, `chart ${i}: ${m[0]}`).toBe('lilith');
          if (id === 'lilith') continue;
          const point = chart.planets.find((p) => p.id === id)!.abs_pos;
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

  it('names the Moon on Lilith of a Seoul birth of 1969 for the births before dawn it holds for', () => {
    const seoul = { city: 'Seoul', country: 'KR', lat: 37.5665, lng: 126.978, source: 'request' as const, zone: 'Asia/Seoul' };
    const chart = natalChartFor({ name: 'Seoul Reader', year: 1969, month: 10, day: 5, time_known: false }, seoul);
    const text = composeReport(chart, { asOf: '2026-11-25T00:00:00Z' }).markdown;
    expect(text).toMatch(
      /Without a birth time the Moon's aspects to Lilith are not read here: the Moon's conjunction with Lilith was within orb only for births before \d\d:\d\d local time\./,
    );
  });

  it('read the Moon’s aspects of some hours to the North Node and Chiron for those hours only, as the Moon’s chapter does (60 untimed births and Jakarta 1996)', () => {
    const jakarta = { city: 'Jakarta', country: 'ID', lat: -6.2088, lng: 106.8456, source: 'request' as const, zone: 'Asia/Jakarta' };
    const LINE =
      /^\*\*Moon (conjunct|sextile|square|trine|opposite) (North Node|Chiron)\*\* \(within orb for part of the day \((\d\d:\d\d) to (\d\d:\d\d) local time\)[^\n]*$/gm;
    let read = 0;
    for (const chart of [natalChartFor({ name: 'Reader', year: 1996, month: 2, day: 9, time_known: false }, jakarta), ...untimedBirths(60, 9109)]) {
      const text = composeReport(chart, { asOf: '2026-11-25T00:00:00Z' }).markdown;
      for (const [line, , , from, to] of text.matchAll(LINE)) {
        read++;
        const hours = from === '00:00' ? `before ${to}` : to === '24:00' ? `after ${from}` : `between ${from} and ${to}`;
        expect(line, chart.subject.datetime).toContain(`This holds only if you were born ${hours} local time`);
      }
    }
    expect(read).toBeGreaterThan(0);
  });
});
