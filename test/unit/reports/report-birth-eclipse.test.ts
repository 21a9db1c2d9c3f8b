/**
 * A birth at a turning point of the Moon and at an eclipse. Reykjavik, 26 February 1979, 16:45: the
 * New Moon exact 47 seconds after the birth, 9 minutes before the greatest moment of a total solar
 * eclipse seen there as a partial one; the reading is the New Moon's, not the balsamic phase's, and
 * the eclipse is said. Then births a few hours either side of eclipses found on the ephemeris: each
 * within a day is told the eclipse's kind and its distance from the birth, what the place saw of a
 * solar one agrees with the Sun's altitude and coverage sampled apart from the report, and a birth two
 * days away is told nothing.
 */
import { describe, expect, it } from 'vitest';
import { eclipseAtPlace, findEclipse, initEphemeris } from '../../../src/astro/ephemeris.ts';
import { julianDayFromUtcMs, utcMsFromJulianDay } from '../../../src/astro/civil-time.ts';
import { composeReport } from '../../../src/reports/text/compose-report.ts';
import { natalChartFor } from '../../helpers/natal-charts.ts';
import { seededRandom } from '../../helpers/seeded-random.ts';

const REYKJAVIK = { city: 'Reykjavik', country: 'IS', lat: 64.1466, lng: -21.9426, source: 'request' as const, zone: 'Atlantic/Reykjavik' };
const AS_OF = '2026-11-25T00:00:00Z';
const NOTE =
  /^You were born (?:(within a minute of|\d+ minutes? (?:before|after)|about (?:an|\d+) hours? (?:before|after)) the greatest moment of|on the day of) an? ([a-z]+) (solar|lunar) eclipse[^\n]*$/m;

describe('a birth at the New Moon of a solar eclipse', () => {
  const chart = natalChartFor({ name: 'Sigrun', year: 1979, month: 2, day: 26, hour: 16, minute: 45 }, REYKJAVIK);
  const markdown = composeReport(chart, { asOf: AS_OF }).markdown;

  it('is read as born at the New Moon, the balsamic count named beside it', () => {
    expect(markdown).toContain('#### Born at the New Moon\n');
    expect(markdown).not.toContain('Balsamic Moon');
    expect(markdown).toContain('% lit, within a minute of the New Moon');
    expect(markdown).toContain(
      "by the lunation cycle's 45° count within 5° of the end of the balsamic phase, read here as the New Moon phase it was about to begin",
    );
    expect(markdown).toContain('You were born in the last hours before a New Moon');
    expect(markdown).not.toContain('returning from fullness toward the Sun');
  });

  it('says the eclipse and what Reykjavik saw of it', () => {
    const note = NOTE.exec(markdown)?.[0] ?? '';
    expect(note).toMatch(/^You were born 9 minutes before the greatest moment of a total solar eclipse, at 16:54 UT on 26 February 1979/);
    expect(note).toMatch(/Seen from Reykjavik it was a partial eclipse: at most \d+ % of the Sun's diameter was covered\./);
  });
});

describe('births around eclipses', () => {
  initEphemeris();
  const random = seededRandom(1979);
  const cases = Array.from({ length: 10 }, (_, i) => {
    const kind = i % 2 ? ('lunar' as const) : ('solar' as const);
    const from = julianDayFromUtcMs(Date.UTC(1935 + Math.floor(random() * 80), Math.floor(random() * 12), 1));
    const eclipse = findEclipse(from, kind, false)!;
    const place = { city: 'Here', country: null, lat: -50 + random() * 110, lng: -170 + random() * 340, source: 'request', zone: 'UTC' } as never;
    // Born up to 20 hours either side of the greatest moment, to the minute.
    const offsetMinutes = Math.round((random() * 2 - 1) * 1200);
    const birthOf = (minutes: number) => {
      const d = new Date(Math.round(utcMsFromJulianDay(eclipse.maxJd) / 60_000) * 60_000 + minutes * 60_000);
      return { name: 'E', year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), hour: d.getUTCHours(), minute: d.getUTCMinutes() };
    };
    return {
      eclipse,
      place,
      offsetMinutes,
      near: natalChartFor(birthOf(offsetMinutes), place),
      far: natalChartFor(birthOf(offsetMinutes < 0 ? -2880 : 2880), place),
    };
  });

  it('tells a birth within a day the eclipse’s kind and its distance, and one two days away nothing', () => {
    for (const c of cases) {
      const at = `${c.eclipse.kind} eclipse of ${new Date(utcMsFromJulianDay(c.eclipse.maxJd)).toISOString()}, born ${c.offsetMinutes} minutes from it`;
      const note = NOTE.exec(composeReport(c.near, { asOf: AS_OF }).markdown);
      expect(note, at).not.toBeNull();
      expect([note![2], note![3]], at).toEqual([c.eclipse.type, c.eclipse.kind]);
      // The birth came before the eclipse when the offset is negative.
      const minutes = Math.abs(c.offsetMinutes);
      const side = c.offsetMinutes < 0 ? 'before' : 'after';
      const said = note![1]!;
      if (minutes < 60) expect(said, at).toBe(minutes === 0 ? 'within a minute of' : `${minutes} minute${minutes === 1 ? '' : 's'} ${side}`);
      else
        expect(said, at).toBe(
          `about ${Math.round(minutes / 60) === 1 ? 'an' : Math.round(minutes / 60)} hour${Math.round(minutes / 60) === 1 ? '' : 's'} ${side}`,
        );
      expect(NOTE.exec(composeReport(c.far, { asOf: AS_OF }).markdown), `${at}, and two days away`).toBeNull();
    }
  });

  it('tells an untimed birth on the day of an eclipse that it was born on that day, and one the day after nothing', () => {
    for (const c of cases.slice(0, 4)) {
      const day = new Date(utcMsFromJulianDay(c.eclipse.maxJd));
      const untimed = (offsetDays: number) => {
        const d = new Date(day.getTime() + offsetDays * 86_400_000);
        return natalChartFor({ name: 'U', year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), time_known: false }, c.place);
      };
      const note = NOTE.exec(composeReport(untimed(0), { asOf: AS_OF }).markdown);
      expect(note?.[0], `${c.eclipse.kind} eclipse of ${day.toISOString()}`).toMatch(
        new RegExp(`^You were born on the day of an? ${c.eclipse.type} ${c.eclipse.kind} eclipse[^\\n]*?, greatest at \\d\\d:\\d\\d UT`),
      );
      expect(NOTE.exec(composeReport(untimed(2), { asOf: AS_OF }).markdown)).toBeNull();
    }
  });

  it('says of a solar eclipse only what the place saw, sampled apart from the report', () => {
    for (const c of cases.filter((x) => x.eclipse.kind === 'solar')) {
      const markdown = composeReport(c.near, { asOf: AS_OF }).markdown;
      const { lat, lng } = c.near.subject.location;
      let most = 0;
      for (let jd = c.eclipse.startJd; jd <= c.eclipse.endJd; jd += 1 / 1440) {
        const seen = eclipseAtPlace(jd, 'solar', lat, lng);
        if (seen.altitude > 0) most = Math.max(most, seen.covered);
      }
      const at = `solar eclipse of ${new Date(utcMsFromJulianDay(c.eclipse.maxJd)).toISOString()} at ${lat.toFixed(1)}, ${lng.toFixed(1)}: ${most.toFixed(3)}`;
      if (most < 0.005) expect(markdown, at).toContain('From Here it could not be seen.');
      else if (most > 0.02 && most < 0.99) {
        const said = /at most (\d+) % of the Sun's diameter was covered/.exec(markdown);
        expect(Number(said?.[1]), at).toBeCloseTo(most * 100, -0.5);
      }
    }
  });
});
