/**
 * The panchang's rules on hand-checked days and against an independent root finder:
 *
 * - every start and end instant of a tithi, nakshatra, yoga and karana agrees to the second with
 *   a plain bisection on the engine's longitudes (not the event scanner the service uses);
 * - a kshaya tithi (Krishna Chaturthi of 6 January 2026 at Delhi begins after the sunrise and ends
 *   before the next: the next day is named after Panchami), and Chaitra Pratipada of 19 March
 *   2026, kshaya too, so that the Vikram year turns with the following day;
 * - the adhika Jyeshtha of 2026 (17 May to 15 June: no sankranti in it);
 * - the weekday's Rahu kalam, Yamaganda and Gulika kalam, and Abhijit around midday;
 * - a sunrise inside the polar day and the polar night at Tromsø, where 06:00 and 18:00 local
 *   apparent solar time stand in, and the first sunrise after the polar day;
 * - the limbs at a requested time a second either side of a nakshatra's end.
 */
import { describe, expect, it } from 'vitest';
import { calcBody, initEphemeris, nextRiseOrSet, trueAltitude } from '../../../src/astro/ephemeris.ts';
import { equationOfTimeDays } from '../../../src/astro/equation-of-time.ts';
import { julianDayFromUtcMs } from '../../../src/astro/civil-time.ts';
import { normalizeDegrees } from '../../../src/astro/zodiac.ts';
import { computePanchangV1, computePanchangV2 } from '../../../src/features/vedic/panchang/vedic-panchang-service.ts';
import { panchangRequest } from '../../../src/features/vedic/panchang/vedic-panchang-schemas.ts';
import { resolveSubjectPlace } from '../../../src/requests/place.ts';
import { seededRandom } from '../../helpers/seeded-random.ts';

initEphemeris();

const DELHI = { lat: 28.6139, lng: 77.209, tz_str: 'Asia/Kolkata' };
const TROMSO = { lat: 69.65, lng: 18.96, tz_str: 'Europe/Oslo' };
const LAHIRI = { type: 'sidereal', ayanamsa: 'lahiri' } as const;

function answer(version: 'v1' | 'v2', body: Record<string, unknown>) {
  const request = panchangRequest.parse(body);
  const task = { request, place: resolveSubjectPlace(request, ['body']) };
  // As the client reads it: through JSON (the answer test holds the bytes to the schemas).
  return JSON.parse(JSON.stringify(version === 'v1' ? computePanchangV1(task) : computePanchangV2(task)));
}

const jdOf = (local: string) => julianDayFromUtcMs(Date.parse(local));
const SECOND = 1 / 86400;

/** The limb's value by the engine alone: elongation (tithi, karana), sidereal Moon (nakshatra), sidereal Sun + Moon (yoga). */
function limbDegrees(limb: string, t: number): number {
  if (limb === 'nakshatra') return normalizeDegrees(calcBody(t, 1, LAHIRI).lon);
  if (limb === 'yoga') return normalizeDegrees(calcBody(t, 1, LAHIRI).lon + calcBody(t, 0, LAHIRI).lon);
  return normalizeDegrees(calcBody(t, 1).lon - calcBody(t, 0).lon);
}
const SPAN: Record<string, number> = { tithi: 12, karana: 6, nakshatra: 40 / 3, yoga: 40 / 3 };

/** The instant the limb reaches `boundary` degrees in [a, b], by bisection on the engine's longitudes, to 1e-8 day. */
function bisect(limb: string, boundary: number, a: number, b: number): number {
  const f = (t: number) => {
    const d = limbDegrees(limb, t) - boundary;
    return d - 360 * Math.round(d / 360);
  };
  let fa = f(a);
  expect(Math.sign(fa)).not.toBe(Math.sign(f(b)));
  while (b - a > 1e-8) {
    const m = (a + b) / 2,
      fm = f(m);
    if (Math.sign(fm) === Math.sign(fa)) {
      a = m;
      fa = fm;
    } else b = m;
  }
  return (a + b) / 2;
}

describe('the panchang rules', () => {
  it('gives every start and end to the second, as a bisection on the engine finds them', () => {
    const random = seededRandom(2026);
    let checked = 0;
    for (let i = 0; i < 6; i++) {
      const body = { year: 1950 + Math.floor(random() * 120), month: 1 + Math.floor(random() * 12), day: 1 + Math.floor(random() * 28), ...DELHI };
      const a = answer('v1', body);
      for (const limb of ['tithi', 'nakshatra', 'yoga', 'karana']) {
        for (const e of [a[limb], ...a[limb].following]) {
          // The element numbered n runs from (n - 1)·span to n·span degrees.
          for (const [instant, boundary] of [
            [e.start, (e.number - 1) * SPAN[limb]!],
            [e.end, e.number * SPAN[limb]!],
          ] as const) {
            const printed = jdOf(instant);
            const exact = bisect(limb, boundary % 360, printed - 2 * SECOND, printed + 2 * SECOND);
            expect(Math.abs(exact - printed) * 86400, `${limb} ${e.name} ${instant}`).toBeLessThanOrEqual(0.5 + 1e-3);
            checked++;
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(60);
  });

  it('shows a kshaya tithi: Krishna Chaturthi of 6 January 2026 at Delhi touches no sunrise', () => {
    const day = answer('v1', { year: 2026, month: 1, day: 6, ...DELHI });
    expect(day.tithi).toMatchObject({ number: 18, name: 'Tritiya', paksha: 'Krishna', kshaya: false });
    expect(day.tithi.following.map((t: { number: number; name: string; kshaya: boolean }) => [t.number, t.name, t.kshaya])).toEqual([
      [19, 'Chaturthi', true],
      [20, 'Panchami', false],
    ]);
    const [chaturthi] = day.tithi.following;
    expect(jdOf(chaturthi.start)).toBeGreaterThan(jdOf(day.sunrise));
    expect(jdOf(chaturthi.end)).toBeLessThan(jdOf(day.next_sunrise));
    // The next day is named after Panchami, the tithi at its sunrise: Chaturthi names no day.
    const next = answer('v1', { year: 2026, month: 1, day: 7, ...DELHI });
    expect(next.sunrise).toBe(day.next_sunrise);
    expect([next.tithi.number, next.tithi.name, next.tithi.start]).toEqual([20, 'Panchami', chaturthi.end]);
    // By the engine alone: the elongation at the two sunrises lies in tithi 18 and tithi 20.
    expect(Math.floor(limbDegrees('tithi', jdOf(day.sunrise)) / 12) + 1).toBe(18);
    expect(Math.floor(limbDegrees('tithi', jdOf(day.next_sunrise)) / 12) + 1).toBe(20);
  });

  it('turns the month and the Vikram year with Chaitra: Pratipada of 19 March 2026 is kshaya', () => {
    const amavasya = answer('v1', { year: 2026, month: 3, day: 19, ...DELHI });
    expect([amavasya.tithi.name, amavasya.lunar_month.amanta.name, amavasya.samvat]).toEqual([
      'Amavasya',
      'Phalguna',
      { vikram_samvat: 2082, shaka_samvat: 1947 },
    ]);
    expect(amavasya.tithi.following.map((t: { name: string; kshaya: boolean }) => [t.name, t.kshaya])).toEqual([
      ['Pratipada', true],
      ['Dwitiya', false],
    ]);
    const next = answer('v1', { year: 2026, month: 3, day: 20, ...DELHI });
    expect([next.tithi.name, next.paksha, next.lunar_month.amanta.name, next.ritu.name, next.samvat]).toEqual([
      'Dwitiya',
      'Shukla',
      'Chaitra',
      'Vasanta',
      { vikram_samvat: 2083, shaka_samvat: 1948 },
    ]);
    expect(next.lunar_month.amanta.start).toBe(amavasya.tithi.end);
  });

  it('finds the adhika Jyeshtha of 2026 and names the purnimanta months around it', () => {
    const adhika = answer('v1', { year: 2026, month: 6, day: 1, ...DELHI });
    expect(adhika.lunar_month.amanta).toMatchObject({ number: 3, name: 'Jyeshtha', adhika: true, kshaya: false });
    expect(adhika.lunar_month.amanta.start.slice(0, 10)).toBe('2026-05-17');
    expect(adhika.lunar_month.amanta.end.slice(0, 10)).toBe('2026-06-15');
    // Krishna paksha of the adhika month: it keeps its name in the purnimanta reckoning too.
    expect(adhika.paksha).toBe('Krishna');
    expect(adhika.lunar_month.purnimanta).toEqual({ number: 3, name: 'Jyeshtha', adhika: true });
    // No sankranti inside: the sidereal Sun is in Vrishabha at both new moons.
    for (const edge of [adhika.lunar_month.amanta.start, adhika.lunar_month.amanta.end])
      expect(Math.floor(normalizeDegrees(calcBody(jdOf(edge), 0, LAHIRI).lon) / 30)).toBe(1);
    const nija = answer('v1', { year: 2026, month: 7, day: 5, ...DELHI });
    expect(nija.lunar_month.amanta).toMatchObject({ name: 'Jyeshtha', adhika: false });
    expect(nija.paksha).toBe('Krishna');
    expect(nija.lunar_month.purnimanta).toEqual({ number: 4, name: 'Ashadha', adhika: false });
    const kartika = answer('v1', { year: 2026, month: 11, day: 25, ...DELHI });
    expect([kartika.lunar_month.amanta.name, kartika.lunar_month.purnimanta.name, kartika.ayana]).toEqual([
      'Kartika',
      'Margashirsha',
      { name: 'Dakshinayana', by_sankranti: 'Dakshinayana' },
    ]);
    // Between the winter solstice and Makara sankranti the two reckonings of the ayana differ.
    expect(answer('v1', { year: 2027, month: 1, day: 5, ...DELHI }).ayana).toEqual({ name: 'Uttarayana', by_sankranti: 'Dakshinayana' });
  });

  it('cuts the daytime into eighths by weekday, and Abhijit is the eighth of fifteen muhurtas', () => {
    const eighthsOf = (a: { sunrise: string; sunset: string }, p: { start: string; end: string }) => {
      const rise = Date.parse(a.sunrise),
        eighth = (Date.parse(a.sunset) - rise) / 8;
      return [(Date.parse(p.start) - rise) / eighth + 1, (Date.parse(p.end) - rise) / eighth];
    };
    // 22 to 28 November 2026: Sunday to Saturday.
    const expected = { rahu: [8, 2, 7, 5, 6, 4, 3], yama: [5, 4, 3, 2, 1, 7, 6], gulika: [7, 6, 5, 4, 3, 2, 1] };
    for (let i = 0; i < 7; i++) {
      const a = answer('v1', { year: 2026, month: 11, day: 22 + i, ...DELHI });
      expect(a.vara.number).toBe(i + 1);
      for (const [key, parts] of [
        ['rahu_kalam', expected.rahu],
        ['yamaganda', expected.yama],
        ['gulika_kalam', expected.gulika],
      ] as const) {
        const [first, last] = eighthsOf(a, a[key]);
        // The instants are printed to the second: an eighth of a 10-hour daytime is 4,500 s.
        expect(first, `${a.vara.english} ${key}`).toBeCloseTo(parts[i]!, 3);
        expect(last).toBeCloseTo(parts[i]!, 3);
      }
      const muhurta = (Date.parse(a.sunset) - Date.parse(a.sunrise)) / 15;
      expect((Date.parse(a.abhijit_muhurta.start) - Date.parse(a.sunrise)) / muhurta).toBeCloseTo(7, 3);
      expect((Date.parse(a.abhijit_muhurta.end) - Date.parse(a.sunrise)) / muhurta).toBeCloseTo(8, 3);
    }
    expect(answer('v1', { year: 2026, month: 11, day: 23, ...DELHI }).vara).toEqual({ number: 2, name: 'Somavara', english: 'Monday', lord: 'Moon' });
  });

  it('begins the day at the sunrise the engine finds, by the upper limb with refraction', () => {
    const a = answer('v1', { year: 2026, month: 11, day: 25, ...DELHI });
    const rise = nextRiseOrSet(jdOf('2026-11-25T00:00:00+05:30'), 0, 'rise', DELHI.lat, DELHI.lng)!;
    expect(Math.abs(rise - jdOf(a.sunrise)) * 86400).toBeLessThanOrEqual(0.5);
    // At that instant the upper limb's true altitude is minus the refraction at the horizon (about 34').
    const { altitude, radius } = trueAltitude(jdOf(a.sunrise), 0, DELHI.lat, DELHI.lng);
    expect(altitude + radius).toBeCloseTo(-0.58, 1);
    expect(a.settings.day_basis).toBe('sunrise');
  });

  it('inside the polar day and night at Tromsø, 06:00 and 18:00 apparent solar time stand in; the first sunrise after the polar day is real', () => {
    const midsummer = answer('v1', { year: 2026, month: 6, day: 21, ...TROMSO });
    expect(midsummer.settings.day_basis).toBe('apparent_solar_time');
    expect(midsummer.warnings.join(' ')).toMatch(/does not rise on 2026-06-21/);
    // No sunrise between the local midnights: the Sun stays up.
    const rise = nextRiseOrSet(jdOf('2026-06-21T00:00:00+02:00'), 0, 'rise', TROMSO.lat, TROMSO.lng);
    expect(rise === undefined || rise > jdOf('2026-06-22T00:00:00+02:00')).toBe(true);
    // The stand-in is six hours before the Sun's upper transit: mean noon at 18.96° E less the equation of time.
    const meanNoon = julianDayFromUtcMs(Date.UTC(2026, 5, 21, 12)) - TROMSO.lng / 360;
    const transit = meanNoon - equationOfTimeDays(meanNoon);
    expect(Math.abs(jdOf(midsummer.sunrise) - (transit - 0.25)) * 86400).toBeLessThanOrEqual(1);
    expect(Math.abs(jdOf(midsummer.sunset) - (transit + 0.25)) * 86400).toBeLessThanOrEqual(1);
    // 10:44:10 UT mean noon, 1 min 40 s later apparent noon, less six hours, in CEST.
    expect(midsummer.sunrise.slice(11, 16)).toBe('06:45');
    expect(trueAltitude(jdOf(midsummer.sunrise), 0, TROMSO.lat, TROMSO.lng).altitude).toBeGreaterThan(0);
    // The limbs still run from that sunrise to the next, and the kalams cut its daytime.
    expect(jdOf(midsummer.tithi.start)).toBeLessThanOrEqual(jdOf(midsummer.sunrise));
    expect(Date.parse(midsummer.rahu_kalam.end) - Date.parse(midsummer.rahu_kalam.start)).toBeCloseTo(((12 * 3600) / 8) * 1000, -3);

    const midwinter = answer('v1', { year: 2026, month: 12, day: 21, ...TROMSO });
    expect(midwinter.settings.day_basis).toBe('apparent_solar_time');
    expect(trueAltitude(jdOf(midwinter.sunrise), 0, TROMSO.lat, TROMSO.lng).altitude).toBeLessThan(0);

    // Late July the Sun sets again: a real sunrise in the small hours, and a real sunset.
    const july = answer('v1', { year: 2026, month: 7, day: 28, ...TROMSO });
    expect(july.settings.day_basis).toBe('sunrise');
    expect(july.sunrise < '2026-07-28T03:00').toBe(true);
    expect(july.warnings).toEqual([]);
  });

  it('gives the limbs at a requested time: a second before and after a nakshatra ends', () => {
    const day = answer('v1', { year: 2026, month: 11, day: 25, ...DELHI });
    const end = day.nakshatra.end; // 2026-11-25T20:36:27+05:30, exact to half a second
    const [h, m, s] = end.slice(11, 19).split(':').map(Number);
    const at = (second: number) => answer('v2', { year: 2026, month: 11, day: 25, hour: h, minute: m, second, ...DELHI }).request_time_panchang;
    const before = at(s - 1),
      after = at(s + 1);
    expect([before.nakshatra.name, before.nakshatra.end]).toEqual([day.nakshatra.name, end]);
    expect([after.nakshatra.number, after.nakshatra.name]).toEqual([day.nakshatra.number + 1, day.nakshatra.following[0].name]);
    expect(after.datetime).toBe(`${end.slice(0, 17)}${String(s + 1).padStart(2, '0')}+05:30`);
    // By the engine alone, the Moon is on either side of the boundary.
    const boundary = day.nakshatra.number * (40 / 3);
    expect(limbDegrees('nakshatra', jdOf(end) - SECOND)).toBeLessThan(boundary);
    expect(limbDegrees('nakshatra', jdOf(end) + SECOND)).toBeGreaterThan(boundary);
    // A local time a clock change skipped is read as the policy says, and the answer says so.
    const skipped = answer('v2', { year: 2026, month: 3, day: 29, hour: 2, minute: 30, lat: 52.52, lng: 13.4, tz_str: 'Europe/Berlin' });
    expect(skipped.request_time_panchang.datetime).toBe('2026-03-29T03:30:00+02:00');
    expect(skipped.warnings.join(' ')).toMatch(/does not exist in Europe\/Berlin/);
    // Without an hour, the requested time is the sunrise.
    expect(answer('v2', { year: 2026, month: 11, day: 25, ...DELHI }).request_time_panchang.datetime).toBe(day.sunrise);
  });

  it('agrees with a published almanac for New Delhi on 31 December 2020 and 26 January 2022', () => {
    // The almanac prints minutes; its nakshatra and yoga ends run up to a minute later than these, as its
    // sidereal longitudes keep the nutation in longitude (about -17″ then) that the engine's take out.
    const minute = (local: string) => local.slice(11, 16);
    const near = (local: string, hhmm: string, seconds: number) => {
      const [h, m] = hhmm.split(':').map(Number);
      const printed = (h! * 60 + m!) * 60;
      const [H, M, S] = local.slice(11, 19).split(':').map(Number);
      const ours = H! * 3600 + M! * 60 + S!;
      return Math.abs(((((ours - printed + 43200) % 86400) + 86400) % 86400) - 43200) <= seconds;
    };
    const a = answer('v1', { year: 2020, month: 12, day: 31, ...DELHI });
    for (const [key, hhmm] of Object.entries({ sunrise: '07:14', sunset: '17:35', moonrise: '18:42', moonset: '08:12' }))
      expect(near(a[key], hhmm, 60), key).toBe(true);
    expect([a.tithi.name, a.tithi.paksha, minute(a.tithi.end)]).toEqual(['Pratipada', 'Krishna', '09:30']);
    expect([a.karana.name, minute(a.karana.end), a.karana.following[0].name, minute(a.karana.following[0].end)]).toEqual([
      'Kaulava',
      '09:30',
      'Taitila',
      '21:35',
    ]);
    expect(a.nakshatra.name).toBe('Punarvasu');
    expect(near(a.nakshatra.end, '19:49', 90)).toBe(true);
    expect(a.yoga.name).toBe('Indra');
    expect(near(a.yoga.end, '14:52', 90)).toBe(true);
    expect([a.lunar_month.amanta.name, a.lunar_month.purnimanta.name, a.samvat.vikram_samvat, a.samvat.shaka_samvat]).toEqual([
      'Margashirsha',
      'Pausha',
      2077,
      1942,
    ]);
    expect([a.ayana.name, a.ayana.by_sankranti, a.ritu.name]).toEqual(['Uttarayana', 'Dakshinayana', 'Hemanta']);
    expect([near(a.abhijit_muhurta.start, '12:04', 60), near(a.abhijit_muhurta.end, '12:45', 60)]).toEqual([true, true]);

    const b = answer('v1', { year: 2022, month: 1, day: 26, ...DELHI });
    expect([minute(b.sunrise), near(b.sunset, '17:55', 60), b.moonrise.slice(0, 16), near(b.moonset, '12:18', 60)]).toEqual([
      '07:12',
      true,
      '2022-01-27T02:03',
      true,
    ]);
    expect([b.tithi.name, b.tithi.end.slice(0, 16)]).toEqual(['Navami', '2022-01-27T04:34']);
    expect([b.karana.name, minute(b.karana.end), b.karana.following[0].name, b.karana.following[0].end.slice(0, 16)]).toEqual([
      'Taitila',
      '17:33',
      'Gara',
      '2022-01-27T04:34',
    ]);
    expect([b.nakshatra.name, near(b.nakshatra.end, '10:07', 90), b.yoga.name, near(b.yoga.end.slice(0, 19), '04:09', 90)]).toEqual([
      'Swati',
      true,
      'Ganda',
      true,
    ]);
    expect([b.lunar_month.amanta.name, b.lunar_month.purnimanta.name, b.samvat.vikram_samvat, b.samvat.shaka_samvat, b.ayana.by_sankranti]).toEqual([
      'Pausha',
      'Magha',
      2078,
      1943,
      'Uttarayana',
    ]);
    for (const [key, start, end] of [
      ['rahu_kalam', '12:34', '13:54'],
      ['yamaganda', '08:33', '09:53'],
      ['gulika_kalam', '11:13', '12:34'],
    ] as const)
      expect([near(b[key].start, start, 60), near(b[key].end, end, 60)], key).toEqual([true, true]);
  });

  it('takes the ayanamsa under either spelling, ayanamsha first', () => {
    const raman = answer('v1', { year: 2026, month: 11, day: 25, ...DELHI, ayanamsha: 'raman' });
    expect(raman.settings.ayanamsa).toBe('raman');
    expect(answer('v1', { year: 2026, month: 11, day: 25, ...DELHI, ayanamsa: 'Raman' }).settings).toEqual(raman.settings);
    // The tithi does not depend on the ayanamsa; the nakshatra's instants do.
    const lahiri = answer('v1', { year: 2026, month: 11, day: 25, ...DELHI });
    expect(raman.tithi).toEqual(lahiri.tithi);
    expect(raman.nakshatra.end).not.toBe(lahiri.nakshatra.end);
    expect(answer('v1', { year: 2026, month: 11, day: 25, ...DELHI, ayanamsha: 'lahiri', ayanamsa: 'raman' }).settings.ayanamsa).toBe('lahiri');
  });
});
