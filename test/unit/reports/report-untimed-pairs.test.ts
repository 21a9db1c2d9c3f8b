/**
 * An untimed chart's aspects between bodies other than the Moon, and its year-ahead dates, over the
 * whole birth day: the Sun moves a degree a day and Mercury up to two, so a noon orb near its limit
 * does not hold at every hour, and a slow planet's exact date to the natal Sun moves by days or
 * weeks with the hour. Checked against the ephemeris directly, not against the report's own
 * straight-line motion.
 */
import { describe, expect, it } from 'vitest';
import { ASPECT_DEFINITIONS } from '../../../src/astro/aspects.ts';
import { BODIES } from '../../../src/astro/bodies.ts';
import { calcBody } from '../../../src/astro/ephemeris.ts';
import { DateTime, julianDayFromUtcMs } from '../../../src/astro/civil-time.ts';
import { signedSeparation } from '../../../src/astro/zodiac.ts';
import type { NatalChartInput } from '../../../src/interpretations/chart-input.ts';
import { moonDay } from '../../../src/reports/sky/moon-day.ts';
import { yearAhead } from '../../../src/reports/sky/year-ahead.ts';
import { composeReport } from '../../../src/reports/text/compose-report.ts';
import { reportSky } from '../../../src/reports/sky/report-sky.ts';
import { natalChartFor } from '../../helpers/natal-charts.ts';

const MADRID = { city: 'Madrid', country: 'ES', lat: 40.4168, lng: -3.7038, source: 'request' as const, zone: 'Europe/Madrid' };
const AS_OF = '2026-11-25T00:00:00Z';
const ORB = new Map(ASPECT_DEFINITIONS.map((d) => [d.type, d]));

/** A body's longitude at `ms` from the ephemeris, in the chart's own reckoning (its node and zodiac: the offset at noon). */
function ephemerisPath(chart: NatalChartInput, id: string): (ms: number) => number {
  const p = chart.planets.find((x) => x.id === id)!;
  const noon = julianDayFromUtcMs(Date.parse(chart.subject.datetime_utc));
  // The node is the mean or the true one, whichever the chart was cast with.
  const se =
    id === 'north_node'
      ? [BODIES.get('mean_node')!.se!, BODIES.get('true_node')!.se!].sort(
          (a, b) => Math.abs(signedSeparation(calcBody(noon, a).lon, p.abs_pos)) - Math.abs(signedSeparation(calcBody(noon, b).lon, p.abs_pos)),
        )[0]!
      : BODIES.get(id)!.se!;
  const offset = signedSeparation(calcBody(noon, se).lon, p.abs_pos);
  return (ms) => calcBody(julianDayFromUtcMs(ms), se).lon + offset;
}

const orbAt = (a: (ms: number) => number, b: (ms: number) => number, angle: number, ms: number) => Math.abs(Math.abs(signedSeparation(a(ms), b(ms))) - angle);

const days = Array.from({ length: 24 }, (_, i) => ({ year: 1950 + i * 3, month: 1 + (i % 12), day: 1 + ((i * 7) % 28) }));

describe("an untimed chart's aspects between the other bodies", () => {
  it('hold over the hours the birth day gives them, and no longer, by the ephemeris', () => {
    let partDay = 0;
    let checked = 0;
    for (const d of days) {
      const chart = natalChartFor({ name: 'X', ...d, time_known: false }, MADRID);
      const day = moonDay(chart)!;
      const date = `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
      const start = DateTime.fromISO(date, { zone: 'Europe/Madrid' });
      const at = (clock: string) =>
        (clock === '24:00' ? start.plus({ days: 1 }) : start.set({ hour: Number(clock.slice(0, 2)), minute: Number(clock.slice(3)) })).toMillis();
      for (const a of day.pairs) {
        const [p1, p2] = [ephemerisPath(chart, a.p1), ephemerisPath(chart, a.p2)];
        const { angle, orb: limit } = ORB.get(a.type)!;
        const label = `${date} ${a.p1} ${a.type} ${a.p2}`;
        // Inside its hours (both ends and between), within the orb and the day's range; just outside them, beyond the orb.
        const [from, to] = [at(a.from), at(a.to)];
        for (const ms of [from, (from + to) / 2, to]) {
          const orb = orbAt(p1, p2, angle, ms);
          expect(orb, label).toBeLessThanOrEqual(Math.min(limit, a.widest) + 0.01);
          expect(orb, label).toBeGreaterThanOrEqual(a.closest - 0.01);
        }
        if (a.from !== '00:00') expect(orbAt(p1, p2, angle, from - 120_000), label).toBeGreaterThan(limit - 0.01);
        if (a.to !== '24:00') expect(orbAt(p1, p2, angle, to + 120_000), label).toBeGreaterThan(limit - 0.01);
        if (a.from !== '00:00' || a.to !== '24:00') partDay++;
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(400);
    expect(partDay).toBeGreaterThan(5);
  });

  it('are stated with the day’s range of orbs, and one that held for some hours only is neither ranked nor asserted', () => {
    // 1 July 1994: Venus comes within 7° of the square to Pluto at 09:18 and stays so to midnight.
    const chart = natalChartFor({ name: 'X', year: 1994, month: 7, day: 1, time_known: false }, MADRID);
    const day = moonDay(chart)!;
    expect(day.pairs.find((a) => a.p1 === 'venus' && a.p2 === 'pluto')).toMatchObject({ type: 'square', from: '09:18', to: '24:00' });
    const { markdown } = composeReport(chart, { sky: reportSky({ chart, asOf: AS_OF }) });
    // No aspect of an untimed chart is given a noon orb and a phase.
    expect(markdown).not.toMatch(/ · orb \d+°\d+′ · (applying|separating)/);
    expect(markdown).toMatch(/Sun [a-z]+ [A-Z][a-z]+ · within orb all day, orb \d+°\d+′ to \d+°\d+′/);
    const keyTable = markdown.slice(markdown.indexOf('| Aspect'), markdown.indexOf('\n\n', markdown.indexOf('| Aspect')));
    expect(keyTable).not.toMatch(/Venus square Pluto/);
    const reading = /### Venus Square Pluto\n\n\*([^*]+)\*/.exec(markdown);
    if (reading) expect(reading[1]).toMatch(/within orb for part of the day \(09:18 to 24:00 local time\)/);
  });
});

describe("an untimed chart's year ahead", () => {
  it('gives its dates as a noon birth’s and bounds how far the hour moves them, by the ephemeris', () => {
    let bounded = 0;
    for (const d of days.slice(0, 12)) {
      const chart = natalChartFor({ name: 'X', ...d, time_known: false }, MADRID);
      const year = yearAhead(chart, Date.parse(AS_OF));
      const date = `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
      const start = DateTime.fromISO(date, { zone: 'Europe/Madrid' }).toMillis();
      const end = DateTime.fromISO(date, { zone: 'Europe/Madrid' }).plus({ days: 1 }).toMillis();
      for (const t of year.transits) {
        if (t.exact.length === 0 || t.hourShift?.decides) continue;
        const natal = ephemerisPath(chart, t.target);
        const body = ephemerisPath(chart, t.body);
        const angle = ORB.get(t.type)!.angle;
        for (const iso of t.exact) {
          for (const ms of [start, end]) {
            // The hit for a birth at that minute: the nearest day, within two months of noon's date, on which the transiting
            // body crosses the aspect's degree from the natal point at that minute.
            const noonHit = Date.parse(`${iso}T12:00:00Z`);
            let best = Infinity;
            for (const aim of [natal(ms) + angle, natal(ms) - angle]) {
              const g = (t: number) => signedSeparation(aim, body(t));
              for (let t = noonHit - 60 * 86_400_000; t < noonHit + 60 * 86_400_000; t += 86_400_000) {
                const [g0, g1] = [g(t), g(t + 86_400_000)];
                if (Math.sign(g0) !== Math.sign(g1) && Math.abs(g0) < 5) best = Math.min(best, Math.abs(t - noonHit));
              }
            }
            if (!Number.isFinite(best)) continue;
            // Said to the day: the hit moves by no more than the days stated (a day of search step and of rounding aside).
            const said = t.hourShift?.days ?? 0;
            expect(best / 86_400_000, `${date} ${t.body} ${t.type} ${t.target} ${iso}`).toBeLessThanOrEqual(said + 2);
            bounded++;
          }
        }
      }
    }
    expect(bounded).toBeGreaterThan(30);
  });

  it('says so in the report, under the table and in each transit’s line', () => {
    const chart = natalChartFor({ name: 'Madrid Reader', year: 1975, month: 6, day: 15, time_known: false }, MADRID);
    const year = yearAhead(chart, Date.parse(AS_OF));
    const shifted = year.transits.filter((t) => t.hourShift);
    expect(shifted.length).toBeGreaterThan(0);
    const { markdown } = composeReport(chart, { sky: reportSky({ chart, asOf: AS_OF }) });
    expect(markdown).toMatch(
      /Without a birth time these dates are those of a birth at noon: another hour moves the dates of the contacts to [^.]+ by up to \d+ days/,
    );
    expect(markdown).toMatch(/\(for a birth at noon: another hour of birth moves its exact dates by up to \d+ days/);
    // A timed chart's dates are its own.
    const timed = natalChartFor({ name: 'T', year: 1975, month: 6, day: 15, hour: 9, minute: 30 }, MADRID);
    expect(yearAhead(timed, Date.parse(AS_OF)).transits.some((t) => t.hourShift)).toBe(false);
  });
});
