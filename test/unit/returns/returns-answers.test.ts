/**
 * The solar return and returns answers keep their contract with their response schemas over
 * random births, places, zones and every option (zodiac, ayanamsa, house system, aspect set, node,
 * unknown birth time, relocation, next or window, every body), written by the compute task as the
 * service writes them; and their natal side is the natal endpoint's chart.
 */
import { describe, expect, it } from 'vitest';
import { calcBody, initEphemeris } from '../../../src/astro/ephemeris.ts';
import { bodyInfo } from '../../../src/astro/bodies.ts';
import { RETURN_BODY_IDS } from '../../../src/astro/returns.ts';
import { signedSeparation } from '../../../src/astro/zodiac.ts';
import { runTask } from '../../../src/pool-tasks.ts';
import { natalRequest } from '../../../src/features/western/natal/natal-schemas.ts';
import { resolveSubjectPlace } from '../../../src/requests/place.ts';
import { returnsPlaces, returnsTask, solarReturnPlaces } from '../../../src/features/western/returns/returns-service.ts';
import {
  returnsRequest,
  returnsResponse,
  solarReturnRequest,
  solarReturnResponse,
  type ReturnsRequest,
  type SolarReturnRequest,
} from '../../../src/features/western/returns/returns-schemas.ts';
import { assertAnswerContract } from '../../helpers/answer-contract.ts';
import { seededRandom } from '../../helpers/seeded-random.ts';

initEphemeris();

/** A request as the route hands it to the compute pool: the body with its places resolved. */
const solarJob = (body: SolarReturnRequest) => ({ body, places: solarReturnPlaces(body) });
const returnsJob = (body: ReturnsRequest) => ({ body, places: returnsPlaces(body) });
const random = seededRandom(47_2026);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const coin = (p = 0.5) => random() < p;

const PLACES = [
  { lat: 38.72, lng: -9.14 },
  { lat: -33.87, lng: 151.21 },
  { lat: 40.71, lng: -74.01 },
  { lat: 28.61, lng: 77.21 },
  { lat: 69.65, lng: 18.96 },
  { lat: 78.22, lng: 15.65 },
  { lat: -54.8, lng: -68.3 },
  { lat: 0.1, lng: 0.1 },
  // Cities looked up in the gazetteer (with their country and region in the answer).
  { city: 'Lisbon' },
  { city: 'München' },
  { city: 'Sydney', country: 'AU' },
];
const ZONES = [undefined, 'AUTO', 'UTC', 'Europe/Lisbon', 'Asia/Kolkata'];
const HOUSES = ['placidus', 'koch', 'whole_sign', 'equal', 'porphyry', 'regiomontanus', 'campanus', 'topocentric'];
const AYANAMSAS = ['lahiri', 'raman', 'kp', 'fagan_bradley', 'yukteshwar'];

function randomNatal() {
  const place = pick(PLACES);
  const zone = pick(ZONES);
  const timed = coin(0.8);
  const year = 1900 + Math.floor(random() * 130);
  const month = 1 + Math.floor(random() * 12);
  const day = 1 + Math.floor(random() * 28);
  const location = { ...place, ...(zone === undefined ? {} : coin() ? { tz_str: zone } : { timezone: zone }) };
  const hour = Math.floor(random() * 24);
  const minute = Math.floor(random() * 60);
  if (coin())
    return {
      name: coin() ? 'Ada' : undefined,
      datetime: `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')} ${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`,
      time_known: timed,
      location,
    };
  return { year, month, day, hour, minute, time_known: timed, location };
}

function randomSettings() {
  const s: Record<string, unknown> = {};
  if (coin()) s.house_system = pick(HOUSES);
  if (coin()) s.zodiac_type = pick(['Tropical', 'tropical', 'sidereal', 'Sidereal']);
  if (coin()) s.sidereal_ayanamsa = pick(AYANAMSAS);
  if (coin()) s.aspect_set = pick(['major', 'all', 'Major']);
  if (coin()) s.node_type = pick(['mean', 'true']);
  return s;
}

const bytesOf = (outcome: ReturnType<typeof runTask>): Uint8Array => {
  if (!(outcome instanceof Uint8Array)) throw new Error(`the task refused: ${JSON.stringify(outcome)}`);
  return outcome;
};

const read = (bytes: Uint8Array) => JSON.parse(Buffer.from(bytes).toString('utf8'));

describe('the solar return answer', () => {
  it('keeps its schema over random births and every option, and returns the Sun to its natal longitude', () => {
    const answers: Uint8Array[] = [];
    for (let i = 0; i < 60; i++) {
      const natal = randomNatal();
      const birthYear = natal.year ?? Number(natal.datetime.slice(0, 4));
      const body = solarReturnRequest.parse({
        natal,
        solar_return: {
          year: birthYear + Math.floor(random() * 80),
          ...(coin(0.3) ? { location: pick(PLACES) } : {}),
          ...(coin() ? { settings: randomSettings() } : {}),
        },
        ...(coin(0.3) ? { settings: randomSettings() } : {}),
        ...(coin(0.3) ? { interpretation: { enable: false } } : {}),
      });
      const bytes = bytesOf(runTask('solar_return', solarJob(body)));
      answers.push(bytes);
      const a = read(bytes);
      const zodiac =
        a.meta.settings.zodiac_type === 'Sidereal' ? { type: 'sidereal' as const, ayanamsa: a.meta.settings.sidereal_ayanamsa } : { type: 'tropical' as const };
      const sun = calcBody(a.meta.solar_return.julian_day_ut, 0, zodiac);
      expect(Math.abs(signedSeparation(sun.lon, a.meta.solar_return.natal_sun_longitude))).toBeLessThan(1e-7);
      expect(a.exact_return_moment).toBe(a.meta.solar_return.exact_moment_utc);
      expect(a.return_moment).toBe(a.exact_return_moment);
      expect(a.houses === undefined).toBe(!a.meta.natal.time_known);
      expect(a.natal_comparison.house_overlay === undefined).toBe(!a.meta.natal.time_known);
    }
    assertAnswerContract(solarReturnResponse, answers);
  }, 60_000);

  it("returns to the longitude of the natal endpoint's Sun, for the same birth and settings", () => {
    const flat = {
      year: 1984,
      month: 2,
      day: 29,
      hour: 23,
      minute: 50,
      lat: -33.87,
      lng: 151.21,
      tz_str: 'Australia/Sydney',
      zodiac_type: 'sidereal',
      sidereal_ayanamsa: 'kp',
      house_system: 'koch',
      node_type: 'true',
    };
    const natalBytes = bytesOf(
      runTask('natal', { request: natalRequest.parse(flat), place: resolveSubjectPlace(flat, ['body']), includeMinor: false, includeStelliums: false }),
    );
    const natal = read(natalBytes);
    const body = solarReturnRequest.parse({
      natal: { datetime: '1984-02-29T23:50', location: { lat: -33.87, lng: 151.21, timezone: 'Australia/Sydney' } },
      solar_return: { year: 2023, settings: { zodiac_type: 'Sidereal', sidereal_ayanamsa: 'kp', house_system: 'koch', node_type: 'true' } },
    });
    const a = read(bytesOf(runTask('solar_return', solarJob(body))));
    expect(a.meta.natal.datetime).toBe(natal.subject.datetime);
    expect(a.meta.solar_return.natal_sun_longitude).toBe(natal.planets.find((p: { id: string }) => p.id === 'sun').abs_pos);
    expect(a.meta.settings).toMatchObject({ zodiac_type: 'Sidereal', sidereal_ayanamsa: 'kp', house_system: 'koch', node_type: 'true' });
    expect(a.planets.find((p: { id: string }) => p.id === 'north_node').variant).toBe('true');
  });

  it('casts the houses near the pole with the fallback the natal chart uses, and says so', () => {
    const body = solarReturnRequest.parse({ natal: { datetime: '1990-01-15 03:00', location: { lat: 78.22, lng: 15.65 } }, solar_return: { year: 2025 } });
    const a = read(bytesOf(runTask('solar_return', solarJob(body))));
    expect(a.houses).toHaveLength(12);
    expect(a.meta.settings.house_system_requested).toBe('placidus');
    expect(a.meta.settings.house_system).not.toBe('placidus');
    expect(a.warnings.join(' ')).toMatch(/placidus/i);
  });

  it('refuses a return year before the birth year, naming the field', () => {
    const body = solarReturnRequest.parse({ natal: { datetime: '1990-01-15 03:00', location: { lat: 10, lng: 10 } }, solar_return: { year: 1989 } });
    expect(runTask('solar_return', solarJob(body))).toMatchObject({ loc: ['body', 'solar_return', 'year'] });
  });
});

describe('the returns answer', () => {
  it('keeps its schema over random births, every body, next and window searches', () => {
    const answers: Uint8Array[] = [];
    for (let i = 0; i < 40; i++) {
      const natal = randomNatal();
      const body = pick(RETURN_BODY_IDS);
      const slow = !['sun', 'moon', 'mercury', 'venus', 'mars'].includes(body);
      const startYear = 1950 + Math.floor(random() * 60);
      const window = i % 3 !== 0;
      const span = body === 'moon' ? 1 + Math.floor(random() * 3) : slow ? 30 : 3;
      const request = returnsRequest.parse({
        natal,
        return_target: {
          body: coin() ? body : body.toUpperCase(),
          search_start: `${startYear}-01-01`,
          ...(window ? { search_end: `${startYear + span}-06-30` } : {}),
          ...(coin(0.3) ? { location: pick(PLACES) } : {}),
          ...(coin() ? { settings: randomSettings() } : {}),
        },
        ...(coin(0.3) ? { settings: randomSettings() } : {}),
      });
      const bytes = bytesOf(runTask('planet_returns', returnsJob(request)));
      answers.push(bytes);
      const a = read(bytes);
      const zodiac =
        a.meta.settings.zodiac_type === 'Sidereal' ? { type: 'sidereal' as const, ayanamsa: a.meta.settings.sidereal_ayanamsa } : { type: 'tropical' as const };
      expect(a.returns.length).toBe(a.meta.return_target.count);
      if (!window) expect(a.returns).toHaveLength(1);
      for (const r of a.returns) {
        const p = calcBody(r.julian_day_ut, bodyInfo(a.meta.return_target.body).se!, zodiac);
        expect(Math.abs(signedSeparation(p.lon, a.meta.return_target.natal_longitude))).toBeLessThan(1e-6);
        expect(r.direction).toBe(p.speedLon < 0 ? 'retrograde' : 'direct');
        expect(r.exact_moment_utc >= a.meta.return_target.search_start_utc).toBe(true);
      }
    }
    assertAnswerContract(returnsResponse, answers);
  }, 120_000);

  it('lists at most 24 returns and says when it cut the list', () => {
    const request = returnsRequest.parse({
      natal: { datetime: '2000-01-01', location: { lat: 0, lng: 0 } },
      return_target: { body: 'moon', search_start: '2020-01-01', search_end: '2022-12-31' },
    });
    const a = read(bytesOf(runTask('planet_returns', returnsJob(request))));
    expect(a.returns).toHaveLength(24);
    expect(a.meta.return_target).toMatchObject({ mode: 'window', count: 24, limit: 24, truncated: true });
  });

  it("finds the next return at or after the start, the window's end day included", () => {
    const natal = { datetime: '1990-05-17 08:15', location: { lat: 38.72, lng: -9.14 } };
    const next = read(
      bytesOf(runTask('planet_returns', returnsJob(returnsRequest.parse({ natal, return_target: { body: 'sun', search_start: '2026-01-01' } })))),
    );
    expect(next.meta.return_target.mode).toBe('next');
    const day = next.returns[0].exact_moment_utc.slice(0, 10);
    const window = read(
      bytesOf(runTask('planet_returns', returnsJob(returnsRequest.parse({ natal, return_target: { body: 'sun', search_start: day, search_end: day } })))),
    );
    expect(window.returns.map((r: { exact_moment_utc: string }) => r.exact_moment_utc)).toEqual([next.returns[0].exact_moment_utc]);
  });

  it('refuses a window that ends before it starts or is too long, naming search_end', () => {
    const natal = { datetime: '1990-05-17 08:15', location: { lat: 38.72, lng: -9.14 } };
    for (const search_end of ['2019-12-31', '2400-01-01']) {
      expect(() => returnsTask(returnsRequest.parse({ natal, return_target: { body: 'mars', search_start: '2020-01-01', search_end } }))).toThrow(
        expect.objectContaining({ loc: ['body', 'return_target', 'search_end'] }),
      );
    }
    expect(returnsRequest.safeParse({ natal, return_target: { body: 'north_node', search_start: '2020-01-01' } }).success).toBe(false);
  });
});
