/**
 * The progressed chart's own events of the year ahead: the stations of progressed Mercury, Venus and
 * Mars and the progressed Sun's conjunctions, squares and oppositions to them. Checked against the
 * ephemeris sampled here, a day after birth for each year of life (365.2422 days): a station is
 * where the planet's speed changes sign, a meeting where the Sun's distance from the planet crosses
 * the aspect. Births are placed a chosen number of days before a real station (found here by its
 * speed's change of sign), so that every kind of station falls in some year ahead.
 */
import { describe, expect, it } from 'vitest';
import { calcBody, initEphemeris } from '../../../src/astro/ephemeris.ts';
import { julianDayFromUtcMs, utcMsFromJulianDay } from '../../../src/astro/civil-time.ts';
import { progressedPlanetEvents } from '../../../src/reports/sky/year-ahead.ts';
import { composeReport } from '../../../src/reports/text/compose-report.ts';
import { natalChartFor, PLACES } from '../../helpers/natal-charts.ts';
import { seededRandom } from '../../helpers/seeded-random.ts';

const YEAR = 365.2422;
const SE = { mercury: 2, venus: 3, mars: 4 } as const;
type Planet = keyof typeof SE;
const speed = (jd: number, se: number) => calcBody(jd, se).speedLon;
const wrap = (d: number) => ((((d + 180) % 360) + 360) % 360) - 180;
const isoOf = (jd: number) => new Date(utcMsFromJulianDay(jd)).toISOString().slice(0, 10);
const daysBetween = (a: string, b: string) => Math.abs(Date.parse(a) - Date.parse(b)) / 86_400_000;

/** Every station of a planet between two instants: a change of the speed's sign between days, bisected to a minute. */
function stationsBetween(se: number, a: number, b: number): { t: number; direction: 'retrograde' | 'direct' }[] {
  const out: { t: number; direction: 'retrograde' | 'direct' }[] = [];
  for (let t = a; t < b; t += 0.5) {
    let [lo, hi] = [t, Math.min(t + 0.5, b)];
    if (Math.sign(speed(lo, se)) === Math.sign(speed(hi, se))) continue;
    const direction = speed(hi, se) < 0 ? 'retrograde' : 'direct';
    while (hi - lo > 1e-4) {
      const mid = (lo + hi) / 2;
      if (Math.sign(speed(mid, se)) === Math.sign(speed(lo, se))) lo = mid;
      else hi = mid;
    }
    out.push({ t: (lo + hi) / 2, direction });
  }
  return out;
}

describe('progressed stations of Mercury, Venus and Mars', () => {
  initEphemeris();
  const random = seededRandom(7301);
  // Real stations of each planet between 1950 and 2005, three of each kind taken at random.
  const cases: { planet: Planet; station: { t: number; direction: 'retrograde' | 'direct' } }[] = [];
  for (const planet of Object.keys(SE) as Planet[]) {
    const all = stationsBetween(SE[planet], julianDayFromUtcMs(Date.UTC(1950, 0, 1)), julianDayFromUtcMs(Date.UTC(2005, 0, 1)));
    for (const direction of ['retrograde', 'direct'] as const) {
      const kind = all.filter((s) => s.direction === direction);
      for (let i = 0; i < 3; i++) cases.push({ planet, station: kind[Math.floor(random() * kind.length)]! });
    }
  }

  it('each is listed on its date of life, with the age of the previous station and the years to the next', () => {
    for (const { planet, station } of cases) {
      // Born 5 to 70 days before the station: it falls 5 to 70 years into life, somewhere in a year that starts up to 300 days before.
      const natalJd = station.t - (5 + random() * 65);
      const lifeJd = natalJd + (station.t - natalJd) * YEAR;
      const start = lifeJd - random() * 300;
      const events = progressedPlanetEvents(natalJd, start, start + 365);
      const label = `${planet} ${station.direction} born ${isoOf(natalJd)}`;
      const listed = events.filter((e) => e.kind === 'station' && e.body === planet);
      expect(listed, label).toHaveLength(1);
      expect(listed[0]!.direction, label).toBe(station.direction);
      expect(daysBetween(listed[0]!.date, isoOf(lifeJd)), label).toBeLessThanOrEqual(1);
      // The previous station since birth, and the next before the age of 100.
      const before = stationsBetween(SE[planet], natalJd, station.t - 0.5).at(-1);
      const after = stationsBetween(SE[planet], station.t + 0.5, natalJd + 100)[0];
      expect(listed[0]!.sinceAge, label).toBe(before ? Math.floor(before.t - natalJd) : undefined);
      expect(listed[0]!.untilNext, label).toBe(after ? Math.round(after.t - station.t) : undefined);
    }
  });

  it('no year lists a station that the planet does not make in it, over 300 random births', () => {
    let stations = 0;
    for (let i = 0; i < 300; i++) {
      const natalJd = julianDayFromUtcMs(Date.UTC(1930 + Math.floor(random() * 90), 0, 1)) + random() * YEAR;
      const start = natalJd + (5 + random() * 80) * YEAR;
      const events = progressedPlanetEvents(natalJd, start, start + 365);
      const [from, to] = [natalJd + (start - natalJd) / YEAR, natalJd + (start + 365 - natalJd) / YEAR];
      for (const planet of Object.keys(SE) as Planet[]) {
        const expected = stationsBetween(SE[planet], from, to);
        const listed = events.filter((e) => e.kind === 'station' && e.body === planet);
        expect(
          listed.map((e) => e.direction),
          `${planet} ${i}`,
        ).toEqual(expected.map((s) => s.direction));
        stations += listed.length;
      }
    }
    expect(stations).toBeGreaterThan(0);
  });
});

describe("the progressed Sun's meetings with progressed Mercury, Venus and Mars", () => {
  it('lists each exact conjunction, square or opposition of the year on its date, and no other, over 300 random births', () => {
    initEphemeris();
    const random = seededRandom(7302);
    let found = 0;
    for (let i = 0; i < 300; i++) {
      const natalJd = julianDayFromUtcMs(Date.UTC(1930 + Math.floor(random() * 90), 0, 1)) + random() * YEAR;
      const start = natalJd + (5 + random() * 80) * YEAR;
      const events = progressedPlanetEvents(natalJd, start, start + 365);
      // The Sun's distance from the planet at a date of life, sampled by the day over the year's progressed span.
      const distance = (lifeJd: number, se: number) => {
        const t = natalJd + (lifeJd - natalJd) / YEAR;
        return calcBody(t, 0).lon - calcBody(t, se).lon;
      };
      for (const planet of Object.keys(SE) as Planet[]) {
        for (const [type, angle] of [
          ['conjunction', 0],
          ['square', 90],
          ['square', -90],
          ['opposition', 180],
        ] as const) {
          const off = (lifeJd: number) => wrap(distance(lifeJd, SE[planet]) - angle);
          const crossed = Math.sign(off(start)) !== Math.sign(off(start + 365)) && Math.abs(off(start)) < 5;
          const listed = events.filter((e) => e.kind === 'sun_progressed_aspect' && e.target === planet && e.type === type);
          if (crossed) {
            const hit = listed.find((e) => Math.abs(off(julianDayFromUtcMs(Date.parse(`${e.date}T12:00:00Z`)))) < 0.01);
            expect(hit, `${i} ${planet} ${type} ${angle}`).toBeDefined();
            found++;
          }
        }
        const any = events.filter((e) => e.kind === 'sun_progressed_aspect' && e.target === planet);
        for (const e of any) {
          const at = julianDayFromUtcMs(Date.parse(`${e.date}T12:00:00Z`));
          const angle = e.type === 'conjunction' ? [0] : e.type === 'opposition' ? [180] : [90, -90];
          expect(Math.min(...angle.map((a) => Math.abs(wrap(distance(at, SE[planet]) - a)))), `${i} ${planet} ${e.type} ${e.date}`).toBeLessThan(0.01);
        }
      }
    }
    expect(found).toBeGreaterThan(2);
  });
});

describe("the year ahead's text", () => {
  it('reads a progressed station with its date, the years it has moved the other way and the years it keeps the new one', () => {
    initEphemeris();
    // Mercury turned direct on 2000-03-14 (about 03:40 UT); born 33 days before, the progressed Mercury turns direct at 33.
    const [station] = stationsBetween(SE.mercury, julianDayFromUtcMs(Date.UTC(2000, 2, 12)), julianDayFromUtcMs(Date.UTC(2000, 2, 17)));
    expect(station?.direction).toBe('direct');
    const chart = natalChartFor({ name: 'Station Reader', year: 2000, month: 2, day: 10, hour: 12, minute: 0 }, PLACES.paris);
    const natalJd = julianDayFromUtcMs(Date.parse(chart.subject.datetime_utc));
    const lifeJd = natalJd + (station!.t - natalJd) * YEAR;
    const md = composeReport(chart, { asOf: new Date(utcMsFromJulianDay(lifeJd - 100)).toISOString() }).markdown;
    const paragraph = md.split('\n\n').find((p) => p.includes('your progressed Mercury turns direct'));
    expect(paragraph).toBeDefined();
    const [y, m, d] = isoOf(lifeJd).split('-').map(Number) as [number, number, number];
    const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
    const said = /Around (\d+) (\w+) (\d{4})/.exec(paragraph!)!;
    expect(
      daysBetween(
        `${said[3]}-${String(months.indexOf(said[2]!) + 1).padStart(2, '0')}-${said[1]!.padStart(2, '0')}`,
        `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`,
      ),
    ).toBeLessThanOrEqual(1);
    // Retrograde at birth (the station before came on 2000-02-21, after the birth: so since the age of 11).
    const before = stationsBetween(SE.mercury, natalJd, station!.t - 0.5).at(-1)!;
    expect(paragraph).toContain(`since you were ${Math.floor(before.t - natalJd)}`);
    // Mercury next turns retrograde on 2000-06-23, after the age of 100: the direction holds for the rest of a long life.
    expect(stationsBetween(SE.mercury, station!.t + 0.5, natalJd + 100)).toEqual([]);
    expect(paragraph).toContain('for the rest of a long life');
  });
});
