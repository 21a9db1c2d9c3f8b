/**
 * An untimed report states how far apart two planets stand only as the birth day allows: every body
 * moves through the day (the Sun a degree, Mercury up to two), so a distance is given as the day's
 * range, checked here on the ephemeris at the day's first and last minute, and never as the noon
 * chart's one figure.
 */
import { describe, expect, it } from 'vitest';
import { calcBody } from '../../../src/astro/ephemeris.ts';
import { julianDayFromUtcMs } from '../../../src/astro/civil-time.ts';
import { composeReport } from '../../../src/reports/text/compose-report.ts';
import { untimedBirths } from '../../helpers/random-report-charts.ts';

const AS_OF = '2026-11-25T00:00:00Z';
const SE: Record<string, number> = { Sun: 0, Mercury: 2, Venus: 3, Mars: 4, Jupiter: 5, Saturn: 6, Uranus: 7, Neptune: 8, Pluto: 9 };
const NAME = Object.keys(SE).join('|');
const ARC = String.raw`(\d+)°(\d\d)′`;
const degrees = (d: string, m: string) => Number(d) + Number(m) / 60;
const distance = (a: number, b: number, jd: number) => {
  const d = Math.abs(calcBody(jd, a).lon - calcBody(jd, b).lon) % 360;
  return d > 180 ? 360 - d : d;
};

describe('distances between planets in an untimed report', () => {
  const charts = untimedBirths(120, 9151);

  it('are the birth day’s range, which the ephemeris bears out at its first and last minute', () => {
    let checked = 0;
    // "the Sun and Mercury stand 0°12′–1°05′ apart", "only 0°12′–1°05′ separate Venus and Neptune", "Mars and Pluto are joined in Leo, 2°01′–2°40′ apart".
    const said = new RegExp(
      String.raw`(?:(?:the )?(${NAME}) and (?:the )?(${NAME}) (?:stand|are joined[^,]*,) ${ARC}(?:–${ARC})? apart|only ${ARC}(?:–${ARC})? separate (?:the )?(${NAME}) and (?:the )?(${NAME}))`,
      'gi',
    );
    for (const chart of charts) {
      const md = composeReport(chart, { asOf: AS_OF }).markdown;
      const day = Date.parse(`${chart.subject.datetime_utc.slice(0, 10)}T00:00:00Z`);
      for (const m of md.matchAll(said)) {
        const cap = (s: string | undefined) => (s ? s[0]!.toUpperCase() + s.slice(1) : s);
        const [a, b] = m[1] ? [cap(m[1]), cap(m[2])] : [cap(m[11]), cap(m[12])];
        const [lo, hi] = m[1]
          ? [degrees(m[3]!, m[4]!), m[5] ? degrees(m[5], m[6]!) : undefined]
          : [degrees(m[7]!, m[8]!), m[9] ? degrees(m[9], m[10]!) : undefined];
        const top = hi ?? lo;
        checked++;
        for (const ms of [day, day + 86_400_000]) {
          const d = distance(SE[a!]!, SE[b!]!, julianDayFromUtcMs(ms));
          // A range of one figure is a pair slow enough that its day's range rounds to one minute.
          expect(d, `${m[0]} (${chart.subject.datetime_utc.slice(0, 10)})`).toBeGreaterThanOrEqual(lo - 1.5 / 60);
          expect(d, `${m[0]} (${chart.subject.datetime_utc.slice(0, 10)})`).toBeLessThanOrEqual(top + 1.5 / 60);
        }
      }
    }
    expect(checked).toBeGreaterThan(5);
  });
});
