/**
 * Untimed, the progressed Moon's sign at the year's start may depend on the hour of birth; the year ahead then says from
 * which hour it has entered its sign (or left it), instead of "born earlier, it is still in Gemini" for a change that only
 * the first two hours of the day would see. Checked on the ephemeris: the progressed Moon of a birth a quarter of an hour
 * either side of the stated time (the noon chart's instant moved by as much), on the year's first day.
 */
import { describe, expect, it } from 'vitest';
import { julianDayFromUtcMs } from '../../../src/astro/civil-time.ts';
import { calcBody } from '../../../src/astro/ephemeris.ts';
import { progressedJd, secondaryClock } from '../../../src/astro/progression-clock.ts';
import { signOf } from '../../../src/astro/zodiac.ts';
import { reportSky } from '../../../src/reports/sky/report-sky.ts';
import { composeReport } from '../../../src/reports/text/compose-report.ts';
import { untimedBirths } from '../../helpers/random-report-charts.ts';

const AS_OF = '2026-11-30T00:00:00Z';
const NOON = 720;
/** The hour stated and the sign a birth after it has at the year's start, in either wording. */
function statedHour(md: string): { hour: string; sign: string } | undefined {
  const inSign = /born after about (\d\d:\d\d) local time, (?:when it had entered|it is already in) (\w+)/.exec(md);
  if (inSign) return { hour: inSign[1]!, sign: inSign[2]! };
  const entering = /enters (\w+) during the year \(see below; for a birth after about (\d\d:\d\d) local time, from the year's start\)/.exec(md);
  return entering ? { hour: entering[2]!, sign: entering[1]! } : undefined;
}

describe("an untimed year's progressed Moon at a sign's edge", () => {
  it('names the hour of birth from which it stands in the later sign, true a quarter of an hour either side', () => {
    let checked = 0;
    for (const chart of untimedBirths(24, 7301)) {
      const sky = reportSky({ chart, asOf: AS_OF });
      const md = composeReport(chart, { sky }).sections.find((s) => s.id === 'year_ahead')!.markdown;
      const noon = julianDayFromUtcMs(Date.parse(chart.subject.datetime_utc));
      const signAt = (minute: number) =>
        signOf(calcBody(progressedJd(secondaryClock(noon + (minute - NOON) / 1440), julianDayFromUtcMs(Date.parse(AS_OF))), 1).lon).name;
      const stated = statedHour(md);
      if (!stated) {
        // No hour named: one sign from the day's first minute to its last.
        expect(signAt(1), chart.subject.datetime).toBe(signAt(1439));
        continue;
      }
      const [h, m] = stated.hour.split(':').map(Number) as [number, number];
      const label = `${chart.subject.datetime} at ${stated.hour}`;
      expect(signAt(h * 60 + m + 15), label).toBe(stated.sign);
      expect(signAt(h * 60 + m - 15), label).not.toBe(stated.sign);
      checked++;
    }
    expect(checked).toBeGreaterThan(3);
  });
});
