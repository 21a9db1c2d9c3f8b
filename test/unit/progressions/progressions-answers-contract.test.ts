/**
 * The progressions answers (secondary, tertiary, converse secondary) keep their contract with their response schemas: over random
 * births (timed and untimed, north, south and polar), systems, targets, windows and every setting (zodiac
 * and ayanamsa, house system, node, orbs, angles method, limits and orders), the bytes the compute
 * tasks write parse against the strict schema, in its key order, and every field of each schema
 * appears in one of them. Each answer is also checked for what its schema cannot say: instants
 * in order, and each exact instant exact on the ephemeris.
 */
import { describe, expect, it } from 'vitest';
import { calcBody, initEphemeris } from '../../../src/astro/ephemeris.ts';
import { julianDayFromUtcMs } from '../../../src/astro/civil-time.ts';
import { wrap180 } from '../../../src/astro/events/root-finding.ts';
import { HOUSE_SYSTEM_NAMES } from '../../../src/astro/house-systems.ts';
import { runTask } from '../../../src/pool-tasks.ts';
import { natalRequest } from '../../../src/features/western/natal/natal-schemas.ts';
import {
  calendarResponse,
  exactAspectsResponse,
  exactIngressesResponse,
  progressionSettings,
  progressionSystem,
  SYSTEM_IDS,
  progressedChartResponse,
} from '../../../src/features/western/progressions/progressions-schemas.ts';
import { assertAnswerContract } from '../../helpers/answer-contract.ts';
import { seededRandom } from '../../helpers/seeded-random.ts';

initEphemeris();
const random = seededRandom(47_2026);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const coin = () => random() < 0.5;
const PLACES = [
  { lat: 38.72, lng: -9.14, zone: 'Europe/Lisbon' },
  { lat: -33.87, lng: 151.21, zone: 'Australia/Sydney' },
  { lat: 69.65, lng: 18.96, zone: 'Europe/Oslo' },
  { lat: 40.71, lng: -74.01, zone: 'America/New_York' },
  { lat: 28.61, lng: 77.21, zone: 'Asia/Kolkata' },
];
const SE: Record<string, number> = { sun: 0, moon: 1, mercury: 2, venus: 3, mars: 4, jupiter: 5, saturn: 6, uranus: 7, neptune: 8, pluto: 9 };
const pad = (n: number) => String(n).padStart(2, '0');

function randomTask() {
  const place = pick(PLACES);
  const timeKnown = random() > 0.15;
  const year = 1900 + Math.floor(random() * 120);
  const birth = {
    year,
    month: 1 + Math.floor(random() * 12),
    day: 1 + Math.floor(random() * 28),
    hour: Math.floor(random() * 24),
    minute: Math.floor(random() * 60),
    time_known: timeKnown,
  };
  const settings = progressionSettings.parse({
    zodiac_type: coin() ? 'tropical' : 'sidereal',
    sidereal_ayanamsa: pick(['lahiri', 'raman', 'kp', 'fagan_bradley', 'yukteshwar']),
    house_system: pick(HOUSE_SYSTEM_NAMES),
    node_type: pick(['mean', 'true']),
    angles_method: pick(['solar_arc', 'naibod']),
    ...(coin() ? { orb_deg: 0.5 + random() * 4.5 } : {}),
    ...(coin() ? { orb_settings: { conjunction: 2, sextile: 0.5 } } : {}),
  });
  const request = natalRequest.parse({
    ...birth,
    lat: place.lat,
    lng: place.lng,
    tz_str: place.zone,
    house_system: settings.house_system,
    zodiac_type: settings.zodiac_type,
    sidereal_ayanamsa: settings.sidereal_ayanamsa,
    node_type: settings.node_type,
  });
  const natal = {
    request,
    place: { city: null, country: null, lat: place.lat, lng: place.lng, source: 'request' as const, zone: place.zone },
    includeMinor: false,
    includeStelliums: false,
  };
  const startYear = year + 1 + Math.floor(random() * 90);
  const system = pick(SYSTEM_IDS);
  return { natal, settings, startYear, year, system };
}

const bytesOf = (outcome: ReturnType<typeof runTask>): Uint8Array => {
  if (!(outcome instanceof Uint8Array)) throw new Error(`the task refused: ${outcome.msg}`);
  return outcome;
};
const parse = (b: Uint8Array) => JSON.parse(new TextDecoder().decode(b));

/** The longitude of a point at a progressed instant, for the ones the ephemeris gives directly. */
function lonAt(id: string, progressedIso: string, zodiac: { zodiac_type: string; sidereal_ayanamsa: string | null }): number | undefined {
  if (!(id in SE)) return undefined;
  const z = zodiac.zodiac_type === 'sidereal' ? { type: 'sidereal' as const, ayanamsa: zodiac.sidereal_ayanamsa as 'lahiri' } : { type: 'tropical' as const };
  return calcBody(julianDayFromUtcMs(Date.parse(progressedIso)), SE[id]!, z).lon;
}

describe('progressions answers', () => {
  it('the progressed chart: every system and setting, timed and untimed births, polar ones', () => {
    const answers: Uint8Array[] = [];
    for (let i = 0; i < 40; i++) {
      const t = randomTask();
      const targetDate = coin() ? `${t.startYear}-12-31` : `${t.startYear}-${pad(1 + Math.floor(random() * 12))}-15T${pad(Math.floor(random() * 24))}:30:00Z`;
      const bytes = bytesOf(runTask('progressions_chart', { system: t.system, natal: t.natal, settings: t.settings, targetDate }));
      answers.push(bytes);
      const a = parse(bytes);
      const system = progressionSystem(t.system);
      expect(a.basis.progressed_days_after_birth).toBeCloseTo((system.direction * a.basis.age_years_decimal * 365.242189) / system.lifeDays, 6);
      for (const list of [a.aspects.progressed_to_natal, a.aspects.progressed_to_progressed]) {
        for (let k = 1; k < list.length; k++) expect(list[k].orb_deg).toBeGreaterThanOrEqual(list[k - 1].orb_deg);
        for (const x of list) if (x.exact_date) expect(x.applying ? x.exact_date >= a.meta.target_datetime : x.exact_date <= a.meta.target_datetime).toBe(true);
      }
    }
    expect(assertAnswerContract(progressedChartResponse, answers).answers).toBe(40);
  });

  it('the calendar, exact aspects and exact ingresses: windows, limits, orders, angles', () => {
    const calendars: Uint8Array[] = [],
      aspects: Uint8Array[] = [],
      ingresses: Uint8Array[] = [];
    for (let i = 0; i < 30; i++) {
      const t = randomTask();
      const from = `${t.startYear}-01-01`,
        to = `${t.startYear + progressionSystem(t.system).calendarYears - 1}-12-31`;
      const calendar = bytesOf(runTask('progressions_calendar', { system: t.system, natal: t.natal, settings: t.settings, from, to }));
      calendars.push(calendar);
      const events = parse(calendar).events;
      for (let k = 1; k < events.length; k++) expect(events[k].datetime_utc >= events[k - 1].datetime_utc).toBe(true);
      const search = {
        from: `${t.startYear}-01-01`,
        to: `${t.startYear + 1 + Math.floor(random() * 9)}-12-31`,
        limit: coin() ? 100 : 1 + Math.floor(random() * 5),
        order: coin() ? ('asc' as const) : ('desc' as const),
      };
      const found = bytesOf(
        runTask('progressions_exact_aspects', { system: t.system, natal: t.natal, settings: t.settings, ...search, includeAngles: coin() }),
      );
      aspects.push(found);
      const answer = parse(found);
      // An exact aspect is exact: the progressed position at the progressed instant stands at the aspect's angle to the natal one.
      for (const x of answer.aspects) {
        if (t.system === 'solar_arc') break; // directed points are not the ephemeris's: their own test below
        const lon = lonAt(x.progressed_point, x.progressed_datetime_utc, answer.meta.settings);
        if (lon === undefined) continue;
        const sep = Math.abs(wrap180(lon - x.natal_longitude));
        // To the second of the progressed instant: the fastest body, the Moon, moves 0.0002° in a second.
        expect(Math.abs(sep - x.aspect.angle)).toBeLessThan(2e-4);
      }
      ingresses.push(bytesOf(runTask('progressions_exact_ingresses', { system: t.system, natal: t.natal, settings: t.settings, ...search })));
    }
    expect(assertAnswerContract(calendarResponse, calendars).answers).toBe(30);
    expect(assertAnswerContract(exactAspectsResponse, aspects).answers).toBe(30);
    expect(assertAnswerContract(exactIngressesResponse, ingresses).answers).toBe(30);
  });
});

describe('converse and tertiary progressions', () => {
  const request = natalRequest.parse({ year: 1990, month: 5, day: 17, hour: 8, minute: 15, lat: 38.72, lng: -9.14, tz_str: 'Europe/Lisbon' });
  const natal = {
    request,
    place: { city: null, country: null, lat: 38.72, lng: -9.14, source: 'request' as const, zone: 'Europe/Lisbon' },
    includeMinor: false,
    includeStelliums: false,
  };
  const settings = progressionSettings.parse({});

  it('converse: the progressed instant runs back from the birth, and the Sun enters the sign before its natal one', () => {
    const chart = parse(bytesOf(runTask('progressions_chart', { system: 'converse_secondary', natal, settings, targetDate: '2026-12-31' })));
    expect(chart.basis.direction).toBe('converse');
    expect(chart.basis.progressed_days_after_birth).toBeCloseTo(-chart.basis.age_years_decimal, 9);
    expect(chart.basis.progressed_datetime_utc < chart.basis.natal_datetime_utc).toBe(true);
    // The natal Sun is at 26° Taurus: 36.6 years back it stands in Aries, a little over a degree a year earlier.
    expect(chart.progressed_chart.points.sun.sign_id).toBe('aries');
    const ingresses = parse(
      bytesOf(
        runTask('progressions_exact_ingresses', {
          system: 'converse_secondary',
          natal,
          settings,
          from: '2010-01-01',
          to: '2019-12-31',
          limit: 100,
          order: 'asc',
        }),
      ),
    );
    const sun = ingresses.ingresses.find((e: any) => e.point === 'sun' && e.type === 'sign_ingress');
    expect(sun).toMatchObject({ sign: { id: 'aries' }, motion: 'direct', longitude: 30 });
    // Its date: the Sun stood at 30° some 26 days before the birth: some 26 years of life after it.
    const natalJd = julianDayFromUtcMs(Date.parse(ingresses.basis.natal_datetime_utc));
    const atIngress = julianDayFromUtcMs(Date.parse(sun.progressed_datetime_utc));
    expect(Math.abs(wrap180(calcBody(atIngress, 0).lon - 30))).toBeLessThan(1e-4);
    expect(sun.age_years_decimal).toBeCloseTo(natalJd - atIngress, 4);
  });

  it('tertiary: one ephemeris day for each tropical month of life', () => {
    const chart = parse(bytesOf(runTask('progressions_chart', { system: 'tertiary', natal, settings, targetDate: '2000-05-17' })));
    expect(chart.basis.life_days_per_progressed_day).toBe(27.321582);
    expect(chart.basis.progressed_days_after_birth).toBeCloseTo((chart.basis.age_years_decimal * 365.242189) / 27.321582, 6);
    const calendar = parse(bytesOf(runTask('progressions_calendar', { system: 'tertiary', natal, settings, from: '2000-01-01', to: '2001-12-31' })));
    // The tertiary Moon goes round the zodiac in about two years and a half of life: every phase, ingresses each couple of months.
    expect(calendar.events.filter((e: any) => e.type === 'sign_ingress' && e.point === 'moon').length).toBeGreaterThanOrEqual(8);
    expect(() => runTask('progressions_calendar', { system: 'tertiary', natal, settings, from: '2000-01-01', to: '2002-06-30' })).not.toThrow();
    const refused = runTask('progressions_calendar', { system: 'tertiary', natal, settings, from: '2000-01-01', to: '2002-06-30' });
    expect(refused).toMatchObject({ loc: ['body', 'calendar', 'to'] });
  });
});

describe('solar arc directions', () => {
  it("every natal point moves by the progressed Sun's arc, and its exact aspects are exact", () => {
    const request = natalRequest.parse({ year: 1990, month: 5, day: 17, hour: 8, minute: 15, lat: 38.72, lng: -9.14, tz_str: 'Europe/Lisbon' });
    const natal = {
      request,
      place: { city: null, country: null, lat: 38.72, lng: -9.14, source: 'request' as const, zone: 'Europe/Lisbon' },
      includeMinor: false,
      includeStelliums: false,
    };
    const settings = progressionSettings.parse({});
    const directed = parse(bytesOf(runTask('progressions_chart', { system: 'solar_arc', natal, settings, targetDate: '2026-12-31' })));
    const secondary = parse(bytesOf(runTask('progressions_chart', { system: 'secondary', natal, settings, targetDate: '2026-12-31' })));
    expect(directed.basis.method).toBe('solar_arc');
    // The directed Sun is the progressed Sun; the other points keep their natal distances from it.
    expect(directed.progressed_chart.points.sun.longitude).toBeCloseTo(secondary.progressed_chart.points.sun.longitude, 9);
    const natalJd = julianDayFromUtcMs(Date.parse(directed.basis.natal_datetime_utc));
    const arc = wrap180(directed.progressed_chart.points.sun.longitude - calcBody(natalJd, 0).lon);
    for (const id of ['moon', 'mercury', 'saturn', 'pluto']) {
      expect(Math.abs(wrap180(directed.progressed_chart.points[id].longitude - calcBody(natalJd, SE[id]!).lon - arc))).toBeLessThan(1e-9);
    }
    // The solar arc MC moves by the same arc.
    expect(directed.progressed_chart.angles.midheaven.longitude).toBeCloseTo(secondary.progressed_chart.angles.midheaven.longitude, 9);
    const found = parse(
      bytesOf(
        runTask('progressions_exact_aspects', {
          system: 'solar_arc',
          natal,
          settings,
          from: '2020-01-01',
          to: '2029-12-31',
          limit: 100,
          order: 'asc',
          includeAngles: false,
        }),
      ),
    );
    expect(found.aspects.length).toBeGreaterThan(0);
    for (const x of found.aspects) {
      const pJd = julianDayFromUtcMs(Date.parse(x.progressed_datetime_utc));
      const arcThen = wrap180(calcBody(pJd, 0).lon - calcBody(natalJd, 0).lon);
      const lon = calcBody(natalJd, SE[x.progressed_point] ?? 0).lon + arcThen;
      if (!(x.progressed_point in SE)) continue;
      expect(Math.abs(Math.abs(wrap180(lon - x.natal_longitude)) - x.aspect.angle)).toBeLessThan(1e-5);
    }
    // No stations and no lunation phases: a directed chart moves as one.
    const calendar = parse(bytesOf(runTask('progressions_calendar', { system: 'solar_arc', natal, settings, from: '2026-01-01', to: '2028-12-31' })));
    expect(calendar.events.filter((e: any) => e.type === 'station' || e.type === 'lunation_phase')).toEqual([]);
  });
});

describe('a polar birth', () => {
  it("houses fall back as the natal chart's do, and house ingresses are exact on its cusps", () => {
    const request = natalRequest.parse({
      year: 1985,
      month: 12,
      day: 21,
      hour: 9,
      minute: 15,
      lat: 69.6492,
      lng: 18.9553,
      tz_str: 'Europe/Oslo',
      house_system: 'placidus',
    });
    const natal = {
      request,
      place: { city: null, country: null, lat: 69.6492, lng: 18.9553, source: 'request' as const, zone: 'Europe/Oslo' },
      includeMinor: false,
      includeStelliums: false,
    };
    const settings = progressionSettings.parse({ house_system: 'placidus' });
    const chart = parse(bytesOf(runTask('progressions_chart', { system: 'secondary', natal, settings, targetDate: '2020-01-01' })));
    expect(chart.meta.settings.house_system).toBe('porphyry');
    expect(chart.warnings.some((w: string) => /placidus cannot be computed/.test(w))).toBe(true);
    expect(chart.progressed_chart.angles.ascendant.longitude).toBeGreaterThanOrEqual(0);
    const events = parse(
      bytesOf(
        runTask('progressions_exact_ingresses', { system: 'secondary', natal, settings, from: '1986-01-01', to: '1995-12-31', limit: 1000, order: 'asc' }),
      ),
    ).ingresses;
    const houses = events.filter((e: any) => e.type === 'house_ingress');
    expect(houses.length).toBeGreaterThan(0);
    for (const e of houses) {
      const lon = lonAt(e.point, e.progressed_datetime_utc, chart.meta.settings);
      if (lon !== undefined) expect(Math.abs(wrap180(lon - e.longitude))).toBeLessThan(2e-4);
    }
  });
});
