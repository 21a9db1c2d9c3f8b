/**
 * Untimed births on a day the Moon changed sign: the element and modality tallies count the noon
 * Moon, and a verdict that the noon Moon alone makes is said with its hours, never as a fact. The
 * check recomputes the balance itself, with the Moon in each of the day's signs (computeBalance
 * over the chart's points), and compares the verdicts with what the report prints.
 */
import { describe, expect, it } from 'vitest';
import { computeBalance } from '../../../src/interpretations/chart-factors/balance.ts';
import { extractChartFactors } from '../../../src/interpretations/chart-factors/index.ts';
import { ELEMENTS, keys, MODALITIES } from '../../../src/interpretations/keys.ts';
import { reportSky } from '../../../src/reports/sky/report-sky.ts';
import { composeReport } from '../../../src/reports/text/compose-report.ts';
import { untimedBirths } from '../../helpers/random-report-charts.ts';
import { natalChartFor } from '../../helpers/natal-charts.ts';
import { calcBody } from '../../../src/astro/ephemeris.ts';
import { julianDayFromUtcMs } from '../../../src/astro/civil-time.ts';
import { signIndexOf, SIGNS } from '../../../src/astro/zodiac.ts';

const AS_OF = '2026-11-25T00:00:00Z';

function verdicts(b: ReturnType<typeof computeBalance>): string[] {
  return [
    ...ELEMENTS.filter((e) => b.strongElements.includes(e)).map((e) => keys.element(e, 'strong')),
    ...ELEMENTS.filter((e) => b.weakElements.includes(e)).map((e) => keys.element(e, 'weak')),
    ...MODALITIES.filter((m) => b.strongModalities.includes(m)).map((m) => keys.modality(m, 'strong')),
    ...MODALITIES.filter((m) => b.weakModalities.includes(m)).map((m) => keys.modality(m, 'weak')),
    ...(b.strongPolarity ? [keys.polarity(b.strongPolarity)] : []),
  ];
}

describe('the balance of an untimed chart on a day the Moon changed sign', () => {
  it('says where the Moon is counted, and gives the hours of every verdict the noon Moon alone makes', () => {
    let days = 0;
    let hourBound = 0;
    for (const chart of untimedBirths(400, 83)) {
      const sky = reportSky({ chart, asOf: AS_OF });
      const day = sky.moonDay!;
      // The Moon alone changing sign (a day another body changed sign too is checked below).
      if (day.signs.length < 2 || day.ingresses?.length) continue;
      days++;
      const report = composeReport(chart, { sky });
      const points = extractChartFactors(chart).points;
      const moon = points.get('moon')!;
      const other = day.signs.find((s) => s !== moon.sign)!;
      const atNoon = verdicts(computeBalance(points));
      const otherwise = verdicts(computeBalance(new Map([...points, ['moon', { ...moon, sign: other }]])));
      const md = report.markdown;
      expect(md, chart.subject.datetime).toMatch(
        /The tables count the Moon in \w+, its sign at noon, which holds if you were born (before|after) \d\d:\d\d local time/,
      );
      const noonOnly = atNoon.filter((k) => !otherwise.includes(k));
      if (!noonOnly.length && atNoon.length === otherwise.length) expect(md).toContain('The verdicts read below hold either way.');
      for (const key of noonOnly) {
        hourBound++;
        const reading = report.readings!.find((r) => r.key === key);
        // Printed with its hours under its heading, and asserting nothing of a faculty (a tension would drop the hours).
        expect(reading, `${chart.subject.datetime} ${key}`).toBeDefined();
        const heading = md.indexOf(`### ${reading!.label}`);
        expect(md.slice(heading, md.indexOf('\n\n', md.indexOf('\n\n', heading) + 2))).toMatch(
          /verdict holds if you were born (before|after) \d\d:\d\d local time\*$/i,
        );
        expect(reading!.claims).toEqual([]);
      }
      // A verdict that holds either way is printed without hours.
      for (const key of atNoon.filter((k) => otherwise.includes(k))) {
        const reading = report.readings!.find((r) => r.key === key);
        if (!reading) continue;
        const heading = md.indexOf(`### ${reading.label}`);
        expect(md.slice(heading, md.indexOf('\n\n', md.indexOf('\n\n', heading) + 2))).not.toMatch(/holds if you were born/i);
      }
    }
    // Enough days, and enough verdicts bound to the hour, for the check to mean something.
    expect(days).toBeGreaterThan(60);
    expect(hourBound).toBeGreaterThan(15);
  });

  it('reads the least mode as a lack only for the hours it is one (Lima, 2 August 1966: the mutable signs 13 % at noon, 32 % after 22:35)', () => {
    const chart = natalChartFor(
      { name: 'Lima Reader', year: 1966, month: 8, day: 2, time_known: false },
      { city: 'Lima', country: 'PE', lat: -12.0464, lng: -77.0428, source: 'request', zone: 'America/Lima' },
    );
    const sky = reportSky({ chart, asOf: AS_OF });
    const points = extractChartFactors(chart).points;
    const moon = points.get('moon')!;
    const [noon, late] = [computeBalance(points), computeBalance(new Map([...points, ['moon', { ...moon, sign: 'pisces' }]]))];
    // The ephemeris's facts the sentence rests on: the Moon in Aquarius at noon, in Pisces by the end of the day, and the
    // mutable signs under a fifth of the weight at noon and over it after.
    expect([moon.sign, sky.moonDay!.signs]).toEqual(['aquarius', ['aquarius', 'pisces']]);
    expect(noon.modalities.mutable / noon.total).toBeLessThan(0.2);
    expect(late.modalities.mutable / late.total).toBeGreaterThan(0.2);
    const md = composeReport(chart, { sky }).markdown;
    const section = md.slice(md.indexOf('### Least Modality: Mutable'), md.indexOf('\n## ', md.indexOf('### Least Modality: Mutable')));
    expect(section).toMatch(
      /born on the other side of \d\d:\d\d, with the Moon in Pisces, the mutable signs would hold 32 % of the weight, too much to call scarce\./,
    );
    // Said for some hours, the lack claims no side of change, and so no tension is named with it.
    expect(md).not.toContain('the scarcity of mutable signs');
  });

  it('20 April 1985 in Sydney, the Sun and the Moon both changing sign: each verdict read at noon holds for the births the ephemeris gives it', () => {
    const SYDNEY = { city: 'Sydney', country: 'AU', lat: -33.8688, lng: 151.2093, source: 'request' as const, zone: 'Australia/Sydney' };
    const chart = natalChartFor({ name: 'Two Changes', year: 1985, month: 4, day: 20, time_known: false }, SYDNEY);
    const report = composeReport(chart, { asOf: AS_OF });
    const points = extractChartFactors(chart).points;
    // The balance at a local minute of the day, each body in its sign of that minute by the ephemeris (Sydney at UTC+10).
    const SE: Record<string, number> = { sun: 0, moon: 1, mercury: 2, venus: 3, mars: 4, jupiter: 5, saturn: 6, uranus: 7, neptune: 8, pluto: 9 };
    const at = (minute: number) => {
      const jd = julianDayFromUtcMs(Date.parse('1985-04-19T14:00:00Z') + minute * 60_000);
      const moved = new Map([...points].map(([id, p]) => [id, id in SE ? { ...p, sign: SIGNS[signIndexOf(calcBody(jd, SE[id]!).lon)]!.id } : p]));
      return verdicts(computeBalance(moved));
    };
    const atNoon = verdicts(computeBalance(points));
    let bound = 0;
    for (const key of atNoon) {
      const reading = report.readings!.find((r) => r.key === key);
      if (!reading) continue;
      const heading = report.markdown.indexOf(`### ${reading.label}`);
      const fact = report.markdown.slice(heading, report.markdown.indexOf('\n\n', report.markdown.indexOf('\n\n', heading) + 2));
      const hours = /verdict holds if you were born (before|after|between) (\d\d):(\d\d)(?: and (\d\d):(\d\d))? local time\*$/.exec(fact);
      // Every minute of the day, two minutes clear of each edge: the verdict holds exactly where the line says.
      const [from, to] = !hours
        ? [0, 1440]
        : hours[1] === 'before'
          ? [0, Number(hours[2]) * 60 + Number(hours[3])]
          : hours[1] === 'after'
            ? [Number(hours[2]) * 60 + Number(hours[3]), 1440]
            : [Number(hours[2]) * 60 + Number(hours[3]), Number(hours[4]) * 60 + Number(hours[5])];
      if (hours) bound++;
      for (let minute = 5; minute < 1440; minute += 10) {
        if (Math.abs(minute - from) < 2 || Math.abs(minute - to) < 2) continue;
        expect(at(minute).includes(key), `${key} at minute ${minute}: ${fact}`).toBe(minute >= from && minute <= to);
      }
    }
    expect(bound).toBeGreaterThan(1);
  });
});
