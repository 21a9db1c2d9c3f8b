/**
 * The transit timeline and search answers: over random births (timed and untimed, both zodiacs,
 * every mode, orb settings at each level) the bytes the compute tasks write keep their contract
 * with the response schemas; and their rules hold: the exact instants are the engine's, the
 * timeline's hits and the search's agree, orb precedence planet > category > aspect, year_slow
 * keeps medium and slow bodies, visible days and the month flags, a retrograde loop in one pass,
 * and bad input is a 422 naming the field.
 */
import { describe, expect, it } from 'vitest';
import { calcBody, initEphemeris } from '../../../src/astro/ephemeris.ts';
import { julianDayFromUtcMs } from '../../../src/astro/civil-time.ts';
import { wrap180 } from '../../../src/astro/events/root-finding.ts';
import { runTask } from '../../../src/pool-tasks.ts';
import { timelineRequest, timelineResponse } from '../../../src/features/western/forecast/forecast-timeline-schemas.ts';
import { searchRequest, searchResponse } from '../../../src/features/western/forecast/forecast-search-schemas.ts';
import { computeTimeline } from '../../../src/features/western/forecast/forecast-timeline-service.ts';
import { computeSearch } from '../../../src/features/western/forecast/forecast-search-service.ts';
import { resolveSubjectPlace } from '../../../src/requests/place.ts';
import { RequestFieldError } from '../../../src/requests/request-error.ts';
import { assertAnswerContract } from '../../helpers/answer-contract.ts';
import { seededRandom } from '../../helpers/seeded-random.ts';

initEphemeris();
const random = seededRandom(48_2026);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const coin = () => random() < 0.5;
const int = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
const pad = (n: number) => String(n).padStart(2, '0');

const ADA = { year: 1990, month: 5, day: 17, hour: 8, minute: 15, lat: 38.72, lng: -9.14, tz_str: 'Europe/Lisbon' };
const SE: Record<string, number> = { sun: 0, moon: 1, mercury: 2, venus: 3, mars: 4, jupiter: 5, saturn: 6, uranus: 7, neptune: 8, pluto: 9, chiron: 15 };
const jdOf = (iso: string) => julianDayFromUtcMs(Date.parse(iso));

const bytesOf = (outcome: ReturnType<typeof runTask>): Uint8Array => {
  if (!(outcome instanceof Uint8Array)) throw new Error(`the task refused: ${outcome.msg}`);
  return outcome;
};
const timelineTask = (body: Record<string, unknown>) => {
  const request = timelineRequest.parse(body);
  return { request, place: resolveSubjectPlace(request.natal, ['body', 'natal']) };
};
const searchTask = (body: Record<string, unknown>) => {
  const request = searchRequest.parse(body);
  return { request, place: resolveSubjectPlace(request.natal, ['body', 'natal']), nowMs: Date.UTC(2026, 0, 1) };
};
const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof RequestFieldError) return error.loc.join('.');
    throw error;
  }
  throw new Error('no refusal');
};

function randomBirth(): Record<string, unknown> {
  const timed = random() < 0.8;
  return {
    year: int(1920, 2010),
    month: int(1, 12),
    day: int(1, 28),
    ...(timed ? { hour: int(0, 23), minute: int(0, 59) } : { time_known: false }),
    ...pick([{ city: 'Lisbon' }, { lat: -33.87, lng: 151.21, tz_str: 'Australia/Sydney' }, { lat: 69.65, lng: 18.96 }, { lat: 0, lng: 0, tz_str: 'UTC' }]),
    ...(coin() ? { zodiac_type: pick(['tropical', 'Sidereal']), sidereal_ayanamsa: pick(['lahiri', 'fagan_bradley']) } : {}),
    ...(coin() ? { node_type: pick(['mean', 'true']) } : {}),
  };
}

describe('the transit timeline answer', () => {
  it('keeps its contract over random births, modes and options', () => {
    const answers: Uint8Array[] = [];
    for (let i = 0; i < 24; i++) {
      const mode = pick(['month', 'month', 'year_slow', 'week', 'day'] as const);
      const year = int(1950, 2060);
      const month = int(1, 12);
      const range =
        mode === 'year_slow'
          ? { range_start: `${year}-01-01`, range_end: `${year}-12-31` }
          : mode === 'month'
            ? { range_start: `${year}-${pad(month)}-01`, range_end: `${year}-${pad(month)}-28` }
            : mode === 'week'
              ? { range_start: `${year}-${pad(month)}-03`, range_end: `${year}-${pad(month)}-09` }
              : { range_start: `${year}-${pad(month)}-05T06:00`, range_end: `${year}-${pad(month)}-05T23:00:00+02:00` };
      const body = {
        natal: randomBirth(),
        ...range,
        mode,
        include_houses: coin(),
        ...(coin() ? { aspect_types: pick([['conjunction', 'Opposition'], ['trine', 'sextile', 'quincunx'], ['square']]) } : {}),
        ...(coin()
          ? {
              natal_points: pick([
                ['sun', 'moon', 'ascendant', 'mc'],
                ['venus', 'north_node', 'chiron'],
              ]),
            }
          : {}),
        ...(coin()
          ? {
              transit_planets: pick([
                ['sun', 'mars', 'saturn', 'pluto', 'true_node'],
                ['jupiter', 'chiron', 'north_node'],
              ]),
            }
          : {}),
        ...(coin()
          ? {
              orb_settings: pick([
                { Conjunction: 6, square: 3 },
                { by_category: { slow: 2, fast: { conjunction: 8 } } },
                { by_planet: { saturn: 1 }, by_aspect: { trine: 5 } },
              ]),
            }
          : {}),
      };
      answers.push(bytesOf(runTask('transits_timeline', timelineTask(body))));
    }
    expect(assertAnswerContract(timelineResponse, answers).answers).toBe(24);
  });

  it('gives every exact instant on the engine: the body stands on the aspect degree at each, and the windows open and close at the orb', () => {
    const answer = computeTimeline(timelineTask({ natal: ADA, range_start: '2026-03-01', range_end: '2026-03-31', include_houses: true }));
    const natal = Object.fromEntries(answer.meta.natal_points.map((p) => [p.key, p.longitude]));
    expect(answer.transits.length).toBeGreaterThan(30);
    for (const t of answer.transits) {
      const se = SE[t.transit_planet];
      if (se === undefined) continue;
      for (const exact of t.exact_datetimes) {
        const p = calcBody(jdOf(exact), se);
        const off = Math.abs(wrap180(p.lon - natal[t.natal_point]!));
        // Rounded to the second: within a second of motion of the exact angle.
        expect(Math.abs(off - t.aspect_angle)).toBeLessThan(Math.abs(p.speedLon) / 86_400 + 1e-6); // the natal longitude is given to 1e-6
      }
      const distance = (iso: string) => Math.abs(Math.abs(wrap180(calcBody(jdOf(iso), se).lon - natal[t.natal_point]!)) - t.aspect_angle);
      expect(distance(t.start_datetime!)).toBeCloseTo(t.orb_deg, 3);
      expect(distance(t.end_datetime!)).toBeCloseTo(t.orb_deg, 3);
      expect(t.exact_hits_in_month.every((x) => x >= '2026-03-01T00:00:00Z' && x <= '2026-03-31T23:59:59Z')).toBe(true);
      expect(t.continues_from_previous_month).toBe(t.start_datetime! < '2026-03-01T00:00:00Z');
      expect(t.continues_to_next_month).toBe(t.end_datetime! > '2026-03-31T23:59:59Z');
      expect(t.visible_start_day).toBe(t.continues_from_previous_month ? 1 : Number(t.start_datetime!.slice(8, 10)));
      expect(t.visible_end_day).toBe(t.continues_to_next_month ? 31 : Number(t.end_datetime!.slice(8, 10)));
      expect(t.row_key).toBe(`${t.transit_planet}__${t.aspect_type}__${t.natal_point}`);
    }
    expect(answer.meta).toMatchObject({
      mode: 'month',
      month: '2026-03',
      cache_month: '2026-03',
      range_days: 31,
      orb_precedence: 'planet > category > aspect',
    });
  });

  it("the timeline's hits of a pair are the search's over the same range", () => {
    const timeline = computeTimeline(
      timelineTask({
        natal: ADA,
        mode: 'year_slow',
        range_start: '2024-01-01',
        range_end: '2024-12-31',
        transit_planets: ['saturn'],
        natal_points: ['sun', 'moon', 'venus'],
      }),
    );
    for (const point of ['sun', 'moon', 'venus']) {
      const search = computeSearch(
        searchTask({ natal: ADA, transit_planet: 'saturn', natal_point: point, range_start: '2024-01-01', range_end: '2024-12-31' }),
      );
      const fromTimeline = timeline.transits.filter((t) => t.natal_point === point).flatMap((t) => t.exact_hits_in_month);
      expect(search.passes.flatMap((p) => p.exact_datetimes).sort()).toEqual(fromTimeline.sort());
    }
  });

  it('orbs: planet over category over aspect over the default', () => {
    const orbs = (orb_settings: Record<string, unknown>) => {
      const answer = computeTimeline(
        timelineTask({
          natal: ADA,
          mode: 'year_slow',
          range_start: '2026-01-01',
          range_end: '2026-12-31',
          transit_planets: ['saturn', 'pluto', 'jupiter'],
          orb_settings,
        }),
      );
      return Object.fromEntries(answer.transits.map((t) => [`${t.transit_planet}/${t.aspect_type}`, t.orb_deg]));
    };
    const all = orbs({ square: 3, by_aspect: { trine: 2 }, by_category: { slow: 6, medium: { square: 1 } }, by_planet: { jupiter: { square: 7 } } });
    for (const [key, orb] of Object.entries(all)) {
      const [planet, aspect] = key.split('/');
      if (planet === 'pluto') expect(orb).toBe(6);
      else if (planet === 'jupiter' && aspect === 'square') expect(orb).toBe(7);
      else if (aspect === 'square') expect(orb).toBe(1);
      else if (aspect === 'trine') expect(orb).toBe(2);
      else expect(orb).toBe({ conjunction: 5, opposition: 5, sextile: 3 }[aspect!]);
    }
  });

  it('year_slow keeps the medium and slow bodies, says so when fast ones are asked, and reaches a year', () => {
    const answer = computeTimeline(
      timelineTask({
        natal: ADA,
        mode: 'year_slow',
        range_start: '2026-01-01',
        range_end: '2026-12-31',
        transit_categories: ['fast', 'slow'],
        transit_planets: ['sun', 'pluto'],
      }),
    );
    expect(answer.input.transit_planets).toEqual(['pluto']);
    expect(answer.input.transit_categories).toEqual(['slow']);
    expect(answer.warnings.join(' ')).toMatch(/fast category is left out/);
    expect(answer.transits.every((t) => t.category === 'slow')).toBe(true);
    expect(answer.meta.range_days).toBe(365);
  });

  it('an untimed birth has no angles nor houses, and says so', () => {
    const answer = computeTimeline(
      timelineTask({
        natal: { ...ADA, time_known: false },
        range_start: '2026-03-01',
        range_end: '2026-03-31',
        include_houses: true,
        natal_points: ['sun', 'ascendant'],
      }),
    );
    expect(answer.input.natal_points).toEqual(['sun']);
    expect(answer.transits.every((t) => t.houses === undefined)).toBe(true);
    expect(answer.meta.time_known).toBe(false);
    expect(answer.warnings.join(' ')).toMatch(/ascendant left out/);
  });

  it('refuses bad input naming the field', () => {
    const base = { natal: ADA, range_start: '2026-03-01', range_end: '2026-03-31' };
    expect(refusal(() => computeTimeline(timelineTask({ ...base, range_end: '2026-05-31' })))).toBe('body.range_end');
    expect(refusal(() => computeTimeline(timelineTask({ ...base, range_end: '2026-02-01' })))).toBe('body.range_end');
    expect(refusal(() => computeTimeline(timelineTask({ ...base, transit_planets: ['sun', 'vulcan'] })))).toBe('body.transit_planets.1');
    expect(refusal(() => computeTimeline(timelineTask({ ...base, natal_points: ['nowhere'] })))).toBe('body.natal_points.0');
    expect(refusal(() => computeTimeline(timelineTask({ ...base, aspect_types: ['trine', 'sextil'] })))).toBe('body.aspect_types.1');
    expect(refusal(() => computeTimeline(timelineTask({ ...base, transit_categories: ['quick'] })))).toBe('body.transit_categories.0');
    expect(refusal(() => computeTimeline(timelineTask({ ...base, orb_settings: { by_planet: { saturn: { sqare: 2 } } } })))).toBe(
      'body.orb_settings.by_planet.saturn.sqare',
    );
    expect(refusal(() => computeTimeline(timelineTask({ ...base, mode: 'day' })))).toBe('body.range_end');
    // Outside the ephemeris files' years (1800-2399) the finder has no track: a 422, never an empty answer.
    expect(refusal(() => computeTimeline(timelineTask({ ...base, range_start: '1799-12-01', range_end: '1799-12-31' })))).toBe('body.range_start');
    expect(refusal(() => computeTimeline(timelineTask({ ...base, range_start: '2400-01-01', range_end: '2400-01-31' })))).toBe('body.range_end');
    // A natal point the asteroid files do not cover at the birth (a 1790 Chiron) has no longitude to aim at.
    expect(refusal(() => computeTimeline(timelineTask({ ...base, natal: { ...ADA, year: 1790 }, natal_points: ['sun', 'chiron'] })))).toBe('body.natal_points');
  });
});

describe('the transit search answer', () => {
  it('keeps its contract over random births, pairs and ranges', () => {
    const answers: Uint8Array[] = [];
    for (let i = 0; i < 16; i++) {
      const birth = randomBirth();
      const timed = birth.time_known !== false;
      const body = {
        natal: birth,
        transit_planet: pick(['saturn', 'jupiter', 'mars', 'pluto', 'north_node', 'chiron', 'sun']),
        natal_point: pick(timed ? ['sun', 'moon', 'ascendant', 'midheaven', 'venus'] : ['sun', 'moon', 'venus']),
        ...(coin()
          ? { age_start_years: int(0, 20), age_end_years: int(30, 90) }
          : { range_start: `${int(1990, 2020)}-01-01`, range_end: `${int(2030, 2060)}-06-30` }),
        ...(coin() ? { aspect_types: pick([['conjunction'], ['square', 'opposition'], ['trine', 'sextile', 'quincunx']]) } : {}),
        include_context: i % 3 !== 0,
        ...(coin() ? { reference_datetime: '2030-01-01T00:00:00Z' } : {}),
        // Pages: a first page of a few passes (a next page follows) and a page that holds them all.
        ...(i % 4 === 1 ? { page_size: 1 + (i % 3) } : i % 4 === 3 ? { page_size: 5000 } : {}),
      };
      answers.push(bytesOf(runTask('transits_search', searchTask(body))));
    }
    expect(assertAnswerContract(searchResponse, answers).answers).toBe(16);
  });

  it("a retrograde loop's three hits are one pass; cycles open at the conjunctions; ages are counted from the birth", () => {
    const answer = computeSearch(
      searchTask({
        natal: ADA,
        transit_planet: 'saturn',
        natal_point: 'sun',
        age_start_years: 0,
        age_end_years: 90,
        aspect_types: ['conjunction'],
        include_context: true,
      }),
    );
    const loops = answer.passes.filter((p) => p.hit_count === 3);
    expect(loops.length).toBeGreaterThan(0);
    for (const loop of loops) {
      expect(loop.pass_type).toBe('retrograde');
      expect(loop.hits.map((h) => h.motion)).toEqual(['direct', 'retrograde', 'direct']);
    }
    const openings = answer.passes.filter((p) => p.hit_count > 0).map((p) => p.exact_datetimes[0]);
    expect(answer.cycles.slice(1).map((c) => c.cycle_start_datetime)).toEqual(openings);
    expect(answer.cycles[0]!.is_partial).toBe(true);
    const first = answer.passes.find((p) => p.hit_count > 0)!;
    const birthJd = jdOf('1990-05-17T07:15:00Z');
    expect(first.exact_age_years[0]).toBeCloseTo((jdOf(first.exact_datetimes[0]!) - birthJd) / 365.2425, 3);
    expect(answer.search_summary.hit_count).toBe(answer.passes.reduce((n, p) => n + p.hit_count, 0));
    expect(answer.search_summary.next_hit_datetime! > '2026-01-01').toBe(true);
    for (const p of answer.passes)
      expect(p.applying_or_separating).toBe((p.exact_datetimes.at(-1) ?? p.end_datetime!) > '2026-01-01T00:00:00Z' ? 'applying' : 'separating');
  });

  it('refuses bad input naming the field', () => {
    const base = { natal: ADA, transit_planet: 'saturn', natal_point: 'sun' };
    expect(refusal(() => computeSearch(searchTask({ ...base, transit_planet: 'vulcan' })))).toBe('body.transit_planet');
    expect(refusal(() => computeSearch(searchTask({ ...base, age_start_years: 10, range_start: '2020-01-01', range_end: '2021-01-01' })))).toBe(
      'body.age_start_years',
    );
    expect(refusal(() => computeSearch(searchTask({ ...base, range_start: '2020-01-01' })))).toBe('body.range_end');
    expect(refusal(() => computeSearch(searchTask({ ...base, range_start: '1700-01-01', range_end: '1900-01-01' })))).toBe('body.range_end');
    expect(refusal(() => computeSearch(searchTask({ ...base, natal: { ...ADA, time_known: false }, natal_point: 'ascendant' })))).toBe('body.natal_point');
    expect(refusal(() => computeSearch(searchTask({ ...base, natal: { ...ADA, year: 1750 }, age_start_years: 10, age_end_years: 60 })))).toBe(
      'body.age_start_years',
    );
    expect(
      refusal(() =>
        computeSearch(searchTask({ ...base, natal: { ...ADA, year: 1790 }, natal_point: 'chiron', range_start: '1820-01-01', range_end: '1830-01-01' })),
      ),
    ).toBe('body.natal_point');
  });
});
