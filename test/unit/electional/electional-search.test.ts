/**
 * The electional engine: every factor of every answer is true of the sky at its instant and place
 * (checked by an independent reading of the ephemeris), and the boundaries: a void-of-course Moon is
 * never strong, a wedding with Venus in fall says so, a contract window with Mercury stationing
 * carries the caution, the Moon changing sign inside the window, polar latitudes, daylight-saving
 * changes in the local times, the results' spacing and the determinism of the search; and which
 * rules read the place (the others hold alike wherever the search is).
 */
import { describe, expect, it } from 'vitest';
import { findEvents, voidOfCoursePeriods } from '../../../src/astro/events/index.ts';
import { isoUtc, julianDayFromUtcMs, utcMsFromJulianDay } from '../../../src/astro/civil-time.ts';
import { ELECTIONAL_ENDPOINTS } from '../../../src/features/western/electional/electional-endpoints.ts';
import { ELECTION_CATEGORY_IDS, ELECTION_CATEGORIES } from '../../../src/features/western/electional/electional-categories.ts';
import type { ElectionalAnswer } from '../../../src/features/western/electional/electional-schemas.ts';
import { planetaryHourFinder } from '../../../src/features/western/electional/electional-hours.ts';
import { electionSky, reusableSky } from '../../../src/features/western/electional/electional-sky.ts';
import { windowEvents } from '../../../src/features/western/electional/electional-window-events.ts';
import { seededRandom } from '../../helpers/seeded-random.ts';
import { factorProblem } from './factor-truth.ts';
import { lonOf, moonNextAspect, planetaryHourRuler, signOf, speedOf } from './independent-sky.ts';

const LISBON = { lat: 38.7223, lng: -9.1393, tz_str: 'Europe/Lisbon' };

function search(category: string, body: Record<string, unknown>): ElectionalAnswer {
  const e = ELECTIONAL_ENDPOINTS.find((x) => x.paths[0].includes(`/${category}/`))!;
  const parsed = e.body!.parse(body);
  const bytes = e.task.run(e.prepare({ body: parsed, query: undefined, params: undefined }, 0)) as Uint8Array;
  return JSON.parse(Buffer.from(bytes).toString('utf8')) as ElectionalAnswer;
}

const jdOf = (utc: string) => julianDayFromUtcMs(Date.parse(utc));
const localText = (jd: number) => isoUtc(utcMsFromJulianDay(jd)).slice(0, 16);
/** Minutes between a written instant ("2026-06-04T03:04 UTC") and a Julian day. */
const minutesApart = (text: string, jd: number) => Math.abs(Date.parse(`${text.slice(0, 16)}Z`) - utcMsFromJulianDay(jd)) / 60_000;
const LETTERS: Record<string, string> = { regiomontanus: 'R', placidus: 'P', whole_sign: 'W', porphyry: 'O' };

function allFactorProblems(a: ElectionalAnswer, place: { readonly lat: number; readonly lng: number; readonly tz_str?: string }): string[] {
  const problems: string[] = [];
  for (const r of a.results) {
    const where = {
      jd: jdOf(r.event_time_utc),
      lat: place.lat,
      lng: place.lng,
      letter: LETTERS[r.sky.house_system_used ?? 'regiomontanus']!,
      zone: a.search.timezone,
    };
    for (const f of [...r.supporting_factors, ...r.caution_factors]) {
      const p = factorProblem(f, where);
      if (p) problems.push(p);
    }
    // The points add up to the score.
    const total = 50 + r.points.supporting + r.points.caution + r.points.natal_resonance;
    if (Math.max(0, Math.min(100, total)) !== r.score) problems.push(`score ${r.score} is not 50 + points (${total})`);
    const sum = (fs: { points: number }[]) => fs.reduce((s, f) => s + f.points, 0);
    if (sum(r.supporting_factors) !== r.points.supporting || sum(r.caution_factors) !== r.points.caution)
      problems.push('factor points do not sum to their totals');
  }
  return problems;
}

describe('every factor is true of the sky', () => {
  it.each(ELECTION_CATEGORY_IDS)('%s: three windows, two places', (category) => {
    for (const [start, end, place] of [
      ['2026-03-02', '2026-03-04', LISBON],
      ['2026-08-10', '2026-08-12', { lat: -33.8688, lng: 151.2093, tz_str: 'Australia/Sydney' }],
      ['2027-01-20', '2027-01-21', { lat: 40.7128, lng: -74.006, tz_str: 'America/New_York' }],
    ] as const) {
      const a = search(category, { search_window: { start, end, step_minutes: 60 }, ...place, max_results: 4 });
      expect(a.results.length).toBeGreaterThan(0);
      expect(allFactorProblems(a, place)).toEqual([]);
    }
  });

  it('before 1970, where the local day numbers are negative, each planetary hour follows the local weekday of its sunrise', () => {
    for (const place of [LISBON, { lat: 40.7128, lng: -74.006, tz_str: 'America/New_York' }]) {
      const a = search('wedding', { search_window: { start: '1850-06-03', end: '1850-06-06', step_minutes: 60 }, ...place, max_results: 8 });
      let checked = 0;
      for (const r of a.results) {
        const expected = planetaryHourRuler(jdOf(r.event_time_utc), place.lat, place.lng, place.tz_str);
        if (expected === null) continue;
        expect(r.sky.planetary_hour!.ruler).toBe(expected);
        checked++;
      }
      expect(checked).toBeGreaterThan(3);
      expect(allFactorProblems(a, place)).toEqual([]);
    }
  });

  it("the sky block's Moon agrees with an independent search of its next aspect", () => {
    const a = search('wedding', { search_window: { start: '2026-06-01', end: '2026-06-04', step_minutes: 120 }, ...LISBON, max_results: 5 });
    for (const r of a.results) {
      const jd = jdOf(r.event_time_utc);
      const next = moonNextAspect(jd);
      expect(r.sky.moon.void_of_course).toBe(next === null);
      if (next) {
        expect(r.sky.moon.next_aspect!.body).toBe(next.body);
        expect(r.sky.moon.next_aspect!.aspect).toBe(next.aspect);
        expect(minutesApart(r.sky.moon.next_aspect!.exact_utc, next.jd)).toBeLessThanOrEqual(1);
      }
    }
  });
});

describe('the planetary hour', () => {
  it('agrees with an independent reckoning from the Sun’s altitude, by day and by night', () => {
    const a = search('wedding', { search_window: { start: '2026-06-20', end: '2026-06-23', step_minutes: 60 }, ...LISBON, max_results: 10 });
    let compared = 0;
    const parts = new Set<string>();
    for (const r of a.results) {
      const ruler = planetaryHourRuler(jdOf(r.event_time_utc), LISBON.lat, LISBON.lng, LISBON.tz_str);
      if (ruler === null) continue;
      expect(r.sky.planetary_hour!.ruler, r.event_time_local).toBe(ruler);
      parts.add(r.sky.planetary_hour!.part);
      compared++;
    }
    expect(compared).toBeGreaterThan(5);
    expect(parts.size).toBe(2);
  });

  it('is null where the Sun does not set (polar day)', () => {
    const a = search('wedding', { search_window: { start: '2026-06-20', end: '2026-06-20', step_minutes: 240 }, lat: 78.2232, lng: 15.6267, tz_str: 'UTC' });
    for (const r of a.results) expect(r.sky.planetary_hour).toBeNull();
  });

  it('returns once the Sun rises again after a polar night at the window’s start', () => {
    // At 78° N the Sun stays down until mid-February; a window from New Year still has hours in April.
    const place = { lat: 78.2232, lng: 15.6267, tz_str: 'Arctic/Longyearbyen' };
    const a = search('wedding', {
      search_window: { start: '2027-01-01', end: '2027-04-16', step_minutes: 60 },
      search_tuning: { mode: 'year', coarse_step_minutes: 720 },
      ...place,
      max_results: 10,
    });
    let compared = 0;
    for (const r of a.results) {
      const ruler = planetaryHourRuler(jdOf(r.event_time_utc), place.lat, place.lng, place.tz_str);
      if (ruler === null) continue;
      expect(r.sky.planetary_hour?.ruler, r.event_time_local).toBe(ruler);
      compared++;
    }
    expect(compared).toBeGreaterThan(2);
  });
});

describe('the rules and their verdicts', () => {
  it('a moment with the Moon void of course is never strong, and says so', () => {
    // A void period of at least three hours in 2026, searched alone at 5-minute steps.
    const p = voidOfCoursePeriods(2461041.5, 2461406.5).find((v) => v.end - v.start > 0.2)!;
    const start = localText(p.start + 2 / 1440);
    const end = localText(p.end - 2 / 1440);
    const a = search('wedding', { search_window: { start, end, step_minutes: 5 }, lat: 51.5, lng: 0, tz_str: 'UTC', max_results: 5 });
    expect(a.results.length).toBeGreaterThan(0);
    expect(a.best_available_in_window).toBe(true);
    for (const r of a.results) {
      expect(['excellent', 'very_strong', 'strong', 'good', 'moderate']).not.toContain(r.quality_band);
      expect(r.status).toBe('rejected');
      expect(r.strict_traditional_verdict).toBe('rejected');
      expect(r.best_available_in_window).toBe(true);
      expect(r.caution_factors.map((f) => f.title)).toContain('Moon void of course');
      expect(moonNextAspect(jdOf(r.event_time_utc))).toBeNull();
    }
    expect(a.summary).toMatch(/No moment of the window is sound/);
  });

  it('a wedding with Venus in fall (Virgo) says so', () => {
    // The first day of 2026 with Venus in Virgo.
    let jd = 2461041.5;
    while (signOf(lonOf('venus', jd)) !== 5) jd += 1;
    const day = localText(jd + 1).slice(0, 10);
    const a = search('wedding', { search_window: { start: day, end: day, step_minutes: 60 }, ...LISBON, max_results: 3 });
    for (const r of a.results) {
      const f = r.caution_factors.find((x) => x.code === 'venus_debilitated')!;
      expect(f.title).toBe('Venus debilitated');
      expect(f.detail).toMatch(/Virgo.*its fall/);
      expect(r.sky.planets.find((p) => p.body === 'venus')!.dignities).toContain('fall');
    }
  });

  it('a contract window with Mercury stationing carries the caution', () => {
    const station = findEvents(2461041.5, 2461406.5, { kinds: ['station'] }).find((e) => e.type === 'station' && e.body === 'mercury')!;
    const start = localText(station.jdUt - 1);
    const end = localText(station.jdUt + 1);
    const a = search('making-contracts', { search_window: { start, end, step_minutes: 60 }, lat: 48.8566, lng: 2.3522, tz_str: 'UTC', max_results: 5 });
    for (const r of a.results) {
      const f = r.caution_factors.find((x) => x.code === 'mercury_stationing');
      expect(f?.title).toBe('Mercury stationing');
      expect(minutesApart(/at (\S+ UTC)/.exec(f!.detail)![1]!, station.jdUt)).toBeLessThanOrEqual(1);
      // The speed changes sign within the two days.
      const jd = jdOf(r.event_time_utc);
      expect(Math.sign(speedOf('mercury', jd - 2)) !== Math.sign(speedOf('mercury', jd + 2))).toBe(true);
    }
  });

  it('a window across a Moon ingress judges each side by its own sign', () => {
    const ingress = findEvents(2461161.5, 2461165.5, { kinds: ['moon_ingress'] })[0]!;
    const start = localText(ingress.jdUt - 0.25);
    const end = localText(ingress.jdUt + 0.25);
    const a = search('starting-journey', { search_window: { start, end, step_minutes: 10 }, lat: 48.8566, lng: 2.3522, tz_str: 'UTC', max_results: 10 });
    expect(allFactorProblems(a, { lat: 48.8566, lng: 2.3522 })).toEqual([]);
    const signs = new Set(a.results.map((r) => r.sky.planets.find((p) => p.body === 'moon')!.sign));
    for (const r of a.results) {
      const jd = jdOf(r.event_time_utc);
      const moon = r.sky.planets.find((p) => p.body === 'moon')!;
      expect(signOf(moon.longitude)).toBe(signOf(lonOf('moon', jd)));
      // Before the ingress the Moon leaves its sign at the ingress; after it, later.
      if (jd < ingress.jdUt) expect(minutesApart(r.sky.moon.leaves_sign_utc, ingress.jdUt)).toBeLessThanOrEqual(1);
    }
    expect(signs.size).toBeGreaterThan(0);
  });
});

describe('places and clocks', () => {
  it('inside the polar circle Placidus falls back to Porphyry, and says so', () => {
    const a = search('move-into-new-home', {
      search_window: { start: '2026-12-01', end: '2026-12-02', step_minutes: 60 },
      lat: 78.2232,
      lng: 15.6267,
      tz_str: 'Arctic/Longyearbyen',
      house_system: 'placidus',
    });
    expect(a.warnings.join(' ')).toMatch(/placidus cannot be computed.*porphyry/);
    expect(a.results[0]!.sky.house_system_used).toBe('porphyry');
    expect(allFactorProblems(a, { lat: 78.2232, lng: 15.6267 })).toEqual([]);
  });

  it('at the pole no house is judged, and the answer says so', () => {
    const a = search('invest-money', { search_window: { start: '2026-06-01', end: '2026-06-02', step_minutes: 60 }, lat: 90, lng: 0, tz_str: 'UTC' });
    expect(a.warnings.join(' ')).toMatch(/no Ascendant/);
    for (const r of a.results) {
      expect(r.sky.ascendant).toBeNull();
      expect(r.sky.planets.every((p) => p.house === null)).toBe(true);
      for (const f of [...r.supporting_factors, ...r.caution_factors]) expect(f.code).not.toMatch(/house|angular|rising/);
    }
  });

  it('local times follow the clock change (Lisbon, 29 March 2026)', () => {
    const a = search('purchase-car', { search_window: { start: '2026-03-28T12:00', end: '2026-03-30T12:00', step_minutes: 30 }, ...LISBON, max_results: 10 });
    expect(a.search.start_utc).toBe('2026-03-28T12:00:00.000Z');
    expect(a.search.end_utc).toBe('2026-03-30T11:00:00.000Z');
    for (const r of a.results) {
      const ms = Date.parse(r.event_time_utc);
      const offset = ms < Date.parse('2026-03-29T01:00:00Z') ? '+00:00' : '+01:00';
      expect(r.utc_offset).toBe(offset);
      expect(Date.parse(`${r.event_time_local}${offset}`)).toBe(ms);
    }
  });

  it('a window starting in the skipped hour moves forward and says so', () => {
    const a = search('purchase-car', { search_window: { start: '2026-03-29T01:30', end: '2026-03-29T06:00', step_minutes: 30 }, ...LISBON });
    expect(a.search.start_local).toBe('2026-03-29T02:30:00');
    expect(a.warnings.join(' ')).toMatch(/search_window.start: local time 2026-03-29 01:30 does not exist/);
  });
});

describe('the search', () => {
  it('returns local maxima at least an hour apart, best first, deterministically', () => {
    const body = { search_window: { start: '2026-09-01', end: '2026-09-10', step_minutes: 15 }, ...LISBON, max_results: 10 };
    const a = search('invest-money', body);
    const times = a.results.map((r) => Date.parse(r.event_time_utc));
    for (let i = 0; i < times.length; i++) for (let j = i + 1; j < times.length; j++) expect(Math.abs(times[i]! - times[j]!)).toBeGreaterThanOrEqual(3_600_000);
    const scores = a.results.map((r) => r.score);
    expect([...scores].sort((x, y) => y - x)).toEqual(scores);
    expect(search('invest-money', body)).toEqual(a);
  });

  it('year mode scans coarsely and refines at the step', () => {
    const a = search('purchase-property', {
      search_window: { start: '2026-01-01', end: '2026-12-31', step_minutes: 30 },
      search_tuning: { mode: 'year', coarse_step_minutes: 720 },
      ...LISBON,
    });
    expect(a.search.mode).toBe('year');
    expect(a.search.instants_scanned).toBe(730);
    expect(a.results.length).toBe(5);
    for (const r of a.results) expect(Number(r.event_time_utc.slice(14, 16)) % 30).toBe(0);
    expect(a.calendar.length).toBe(365);
    expect(allFactorProblems(a, LISBON)).toEqual([]);
  });

  it('weekday and local-hour filters are kept', () => {
    const a = search('job-audition', {
      search_window: { start: '2026-10-01', end: '2026-10-14', step_minutes: 30 },
      ...LISBON,
      exclude_weekdays: ['Saturday', 'sunday'],
      local_hours: { from: 9, to: 17 },
      max_results: 10,
    });
    for (const r of a.results) {
      expect(['saturday', 'sunday']).not.toContain(r.weekday);
      const hour = Number(r.event_time_local.slice(11, 13));
      expect(hour >= 9 && hour < 17).toBe(true);
    }
  });

  it('a natal chart adds a bounded resonance, shown apart; an untimed one says what it leaves out', () => {
    const natal = { year: 1988, month: 3, day: 9, lat: 38.7223, lng: -9.1393, tz_str: 'Europe/Lisbon' };
    const a = search('wedding', {
      search_window: { start: '2026-05-01', end: '2026-05-10', step_minutes: 60 },
      ...LISBON,
      partner_a_natal: { ...natal, hour: 8, minute: 15 },
      partner_b_natal: { ...natal, name: 'B', day: 20 },
    });
    expect(a.warnings.join(' ')).toMatch(/partner_b_natal \(B\): no birth time/);
    for (const r of a.results) {
      expect(r.natal_resonance).not.toBeNull();
      expect(Math.abs(r.natal_resonance!.points)).toBeLessThanOrEqual(10);
      expect(r.natal_resonance!.factors.filter((f) => f.role === 'partner_b_natal').every((f) => !/ascendant|asc_ruler/i.test(f.code))).toBe(true);
    }
  });

  it('sidereal zodiac moves the signs by the ayanamsa', () => {
    const body = { search_window: { start: '2026-04-01', end: '2026-04-01', step_minutes: 240 }, ...LISBON, max_results: 1 };
    const t = search('wedding', body).results[0]!;
    const s = search('wedding', { ...body, zodiac_type: 'sidereal' });
    expect(s.search.ayanamsa).toBe('lahiri');
    const r = s.results[0]!;
    const sunT = t.sky.planets[0]!.longitude;
    if (r.event_time_utc === t.event_time_utc) expect(((sunT - r.sky.planets[0]!.longitude + 360) % 360) - 24).toBeLessThan(1);
  });
});

describe('rule sets', () => {
  it('every category has unique rule codes and a waxing rule only where it wants increase', () => {
    for (const c of ELECTION_CATEGORIES.values()) {
      const codes = c.rules.map((r) => r.code);
      expect(new Set(codes).size, c.id).toBe(codes.length);
      expect(codes.includes('moon_waxing')).toBe(c.wantsIncrease);
    }
  });

  it('a rule that does not say it reads the place holds alike at every place; one that does never holds without houses and hour', () => {
    const random = seededRandom(7272);
    const zodiac = { type: 'tropical' } as const;
    const places = [LISBON, { lat: -33.8688, lng: 151.2093 }, { lat: 64.1466, lng: -21.9426 }];
    const mismatches: string[] = [];
    for (let k = 0; k < 40; k++) {
      const jd = jdOf('2026-01-01T00:00:00Z') + random() * 3 * 365;
      const events = windowEvents(jd - 1, jd + 1, zodiac);
      // Without a place: no houses and no planetary hour, only the planets, the Moon's course and the stations.
      const placeless = reusableSky(events, undefined);
      const exact = electionSky(jd, { ...LISBON, zodiac, houseSystem: 'regiomontanus' }, events);
      placeless.fill(
        jd,
        Float64Array.from(exact.states, (s) => s.lon),
        Float64Array.from(exact.states, (s) => s.speed),
        null,
        null,
      );
      for (const place of places) {
        const hourAt = planetaryHourFinder(jd - 1, jd + 1, place.lat, place.lng, () => 0);
        const sky = electionSky(jd, { lat: place.lat, lng: place.lng, zodiac, houseSystem: 'placidus' }, events, hourAt);
        for (const c of ELECTION_CATEGORIES.values())
          for (const rule of c.rules)
            if (rule.holds(placeless) !== (rule.readsPlace ? false : rule.holds(sky))) mismatches.push(`${c.id} ${rule.code} at JD ${jd}`);
      }
    }
    expect(mismatches).toEqual([]);
  });
});
