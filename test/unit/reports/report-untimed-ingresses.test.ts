/**
 * Untimed births on a day a body other than the Moon changed sign (a reader found the Sun read as
 * Libra with certainty on the September equinox of 1999, though it entered Libra at 11:31 that
 * morning): the hour of the change is right against the ephemeris, and the report says which births
 * each sign holds for and gives the other sign's reading beside the noon sign's.
 */
import { describe, expect, it } from 'vitest';
import { DateTime, julianDayFromUtcMs } from '../../../src/astro/civil-time.ts';
import { calcBody } from '../../../src/astro/ephemeris.ts';
import { signIndexOf, SIGNS } from '../../../src/astro/zodiac.ts';
import { composeReport } from '../../../src/reports/text/compose-report.ts';
import { reportSky } from '../../../src/reports/sky/report-sky.ts';
import { moonDay } from '../../../src/reports/sky/moon-day.ts';
import { natalChartFor } from '../../helpers/natal-charts.ts';
import { untimedBirths } from '../../helpers/random-report-charts.ts';

const AS_OF = '2026-11-25T00:00:00Z';
const REYKJAVIK = { city: 'Reykjavik', country: 'IS', lat: 64.1466, lng: -21.9426, source: 'request' as const, zone: 'Atlantic/Reykjavik' };
/** The Swiss Ephemeris body numbers of the bodies whose hours are checked. */
const SE: Record<string, number> = { sun: 0, moon: 1, mercury: 2, venus: 3, mars: 4, jupiter: 5, saturn: 6, uranus: 7, neptune: 8, pluto: 9 };
const PARIS = { city: 'Paris', country: 'FR', lat: 48.8566, lng: 2.3522, source: 'request' as const, zone: 'Europe/Paris' };

describe('a body that changed sign on an untimed birth day', () => {
  it('the September equinox of 1999 in Reykjavik: the Sun in Virgo until 11:31, in Libra after, both read with their hours', () => {
    const chart = natalChartFor({ name: 'Equinox Reader', year: 1999, month: 9, day: 23, time_known: false }, REYKJAVIK);
    const sky = reportSky({ chart, asOf: AS_OF });
    expect(sky.moonDay!.ingresses).toEqual([{ body: 'sun', from: 'virgo', to: 'libra', at: '11:31' }]);
    const md = composeReport(chart, { sky }).markdown;
    expect(md).toContain('The Sun also changed sign on your birth day: it was in Virgo until 11:31 local time and in Libra from then on.');
    expect(md).toContain('*Sun 0°01′ Libra at noon, in Virgo if you were born before 11:31 local time*');
    expect(md).toContain('### Sun in Virgo (born before 11:31)');
  });

  it('over 2,000 random untimed births, every change found is at the minute the ephemeris gives, and the report names it', () => {
    let found = 0;
    for (const chart of untimedBirths(2000, 4417)) {
      // The birth day alone (the year ahead plays no part here).
      const sky = { moonDay: moonDay(chart) };
      for (const change of sky.moonDay?.ingresses ?? []) {
        if (!(change.body in SE)) continue;
        found++;
        const zone = chart.subject.location.timezone;
        const at = DateTime.fromISO(`${chart.subject.datetime.slice(0, 10)}T${change.at}`, { zone }).toMillis();
        const sign = (ms: number) => SIGNS[signIndexOf(calcBody(julianDayFromUtcMs(ms), SE[change.body]!).lon)]!.id;
        // A minute either side of the stated minute: the sign before the change, then the sign after it.
        expect([sign(at - 90_000), sign(at + 90_000)], `${chart.subject.datetime} ${change.body}`).toEqual([change.from, change.to]);
      }
      if (sky.moonDay?.ingresses?.some((c) => c.body in SE)) expect(composeReport(chart, { sky }).markdown).toMatch(/also changed sign on your birth day/);
    }
    // About one day in thirty for the Sun alone, more with Mercury, Venus and the rest.
    expect(found).toBeGreaterThan(100);
  });

  it('20 April 1985 in Paris, the Sun and the Moon both changing sign: the stretches of the day give the signs of the ephemeris, and the Taurus stellium holds only for births after both changes', () => {
    const chart = natalChartFor({ name: 'Two Changes', year: 1985, month: 4, day: 20, time_known: false }, PARIS);
    const md = composeReport(chart, { asOf: AS_OF }).markdown;
    const sentence = /Put together, these changes cut your birth day into \w+ stretches: (.+)\.\n/.exec(md)![1]!;
    const stretches = sentence.split('; ');
    expect(stretches).toHaveLength(3);
    const at = (hhmm: string) => DateTime.fromISO(`1985-04-20T${hhmm}`, { zone: PARIS.zone }).toMillis();
    const sign = (ms: number, body: string) => SIGNS[signIndexOf(calcBody(julianDayFromUtcMs(ms), SE[body]!).lon)]!.name;
    for (const stretch of stretches) {
      const hours = /^(?:before (\d\d:\d\d)|from (\d\d:\d\d) to (\d\d:\d\d)|from (\d\d:\d\d) on), (.+?)(?: \(the signs this report reads\))?$/.exec(stretch)!;
      const [from, to] = [hours[2] ?? hours[4] ?? '00:00', hours[1] ?? hours[3] ?? '23:59'];
      const middle = (at(from) + at(to)) / 2;
      // Each body named in the stretch, in the sign the ephemeris gives at its middle.
      for (const m of hours[5]!.matchAll(/((?:the Sun|the Moon)(?: and (?:the Sun|the Moon))?) in (\w+)/g))
        for (const body of m[1]!.split(' and ')) expect(sign(middle, body.replace('the ', '').toLowerCase()), stretch).toBe(m[2]);
      // The stretch holding noon is the one the report reads.
      expect(stretch.endsWith('(the signs this report reads)')).toBe(at(from) <= at('12:00') && at('12:00') < at(to));
    }
    // The stellium of the Sun, the Moon and Mars in Taurus: the hours given are those in which all three stood there.
    const fact = /\*Sun, Moon and Mars in Taurus, if you were born after (\d\d:\d\d) local time\*/.exec(md)!;
    expect(fact).not.toBeNull();
    const inTaurus = (ms: number) => ['sun', 'moon', 'mars'].every((b) => sign(ms, b) === 'Taurus');
    expect([inTaurus(at(fact[1]!) - 90_000), inTaurus(at(fact[1]!) + 90_000)]).toEqual([false, true]);
  });

  it('20 April 1985 in Sydney: a stellium whose planets change with the hour is given run by run, one that only later hours have is named and not read, and every chapter after the first that reads the noon Sun says for which births', () => {
    const SYDNEY = { city: 'Sydney', country: 'AU', lat: -33.8688, lng: 151.2093, source: 'request' as const, zone: 'Australia/Sydney' };
    const chart = natalChartFor({ name: 'Two Changes', year: 1985, month: 4, day: 20, time_known: false }, SYDNEY);
    const { sections, markdown } = composeReport(chart, { asOf: AS_OF });
    const at = (hhmm: string) => DateTime.fromISO(`1985-04-20T${hhmm}`, { zone: SYDNEY.zone }).toMillis();
    const sign = (ms: number, body: string) => SIGNS[signIndexOf(calcBody(julianDayFromUtcMs(ms), SE[body]!).lon)]!.name;
    const inSign = (ms: number, name: string) => Object.keys(SE).filter((b) => sign(ms, b) === name);
    // The Aries stellium, run by run: the planets named are those the ephemeris puts in Aries in the middle of each run.
    const fact =
      /^\*Sun, Moon, Mercury and Venus in Aries, if you were born before (\d\d:\d\d) local time; Moon, Mercury and Venus if you were born between (\d\d:\d\d) and (\d\d:\d\d) local time\*$/m.exec(
        markdown,
      )!;
    expect(fact).not.toBeNull();
    expect(inSign(at('06:00'), 'Aries')).toEqual(['sun', 'moon', 'mercury', 'venus']);
    expect(inSign((at(fact[2]!) + at(fact[3]!)) / 2, 'Aries')).toEqual(['moon', 'mercury', 'venus']);
    expect(inSign(at(fact[3]!) + 120_000, 'Aries')).toHaveLength(2);
    // The Taurus stellium of the later hours: named with its hours, not read.
    const later = /The hour of birth decides one more stellium: born after (\d\d:\d\d) local time, the Sun, the Moon and Mars stand together in Taurus\./.exec(
      markdown,
    )!;
    expect(later).not.toBeNull();
    expect(inSign(at(later[1]!) + 120_000, 'Taurus')).toEqual(['sun', 'moon', 'mars']);
    expect(inSign(at(later[1]!) - 120_000, 'Taurus').length).toBeLessThan(3);
    expect(markdown).not.toContain('#### Stellium in Taurus');
    // Each theme chapter after the first that reads the Sun in Aries says for which births.
    let cautioned = 0;
    for (const s of sections.filter((x) => ['inner_needs', 'relationships', 'vocation', 'parental_images', 'central_tension'].includes(x.id))) {
      if (!/\bSun in Aries\b|\bAries Sun\b|\bSun, here in Aries\b/.test(s.markdown)) continue;
      cautioned++;
      expect(s.markdown.split('\n\n')[1], s.id).toMatch(/Sun in Aries.*before 13:25/);
    }
    expect(cautioned).toBeGreaterThan(1);
    // The synthesis says which of its lines the hour decides.
    expect(sections.find((s) => s.id === 'synthesis')!.markdown).toMatch(/The lines marked .*\(Stellium in Aries\).* hold only for the births/);
  });

  it('9 February 1996 in Jakarta, Venus into Aries at 09:31: the least element is given for the births on each side of the change', () => {
    const jakarta = { city: 'Jakarta', country: 'ID', lat: -6.2088, lng: 106.8456, source: 'request' as const, zone: 'Asia/Jakarta' };
    const chart = natalChartFor({ name: 'Reader', year: 1996, month: 2, day: 9, time_known: false }, jakarta);
    const sky = reportSky({ chart, asOf: '2026-11-25T00:00:00Z' });
    const at = sky.moonDay!.ingresses!.find((i) => i.body === 'venus')!.at;
    // Before the change Venus stood in Pisces, a water sign: water was then no longer the least, fire was (Venus's two
    // points gone from it), and "Saturn alone stands in a water sign" was not so.
    expect(
      SIGNS[signIndexOf(calcBody(julianDayFromUtcMs(DateTime.fromISO(`1996-02-09T${at}`, { zone: 'Asia/Jakarta' }).minus({ minutes: 2 }).toMillis()), 3).lon)]!
        .name,
    ).toBe('Pisces');
    const least = composeReport(chart, { sky })
      .markdown.split(/\n(?=#{2,4} )/)
      .find((p) => p.startsWith('#### Least Element: Water'))!;
    expect(least).toContain(
      `This counts Venus in Aries, its sign at noon, and holds if you were born after ${at} local time; born before ${at} local time, with Venus in Pisces, fire would hold the smallest share (3 %) instead of water.`,
    );
  });
});
