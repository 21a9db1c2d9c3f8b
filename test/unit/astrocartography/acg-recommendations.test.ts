/**
 * The recommendations checked by independent means: every candidate's fast score against the
 * city check's full judgement of that city; the list against a brute-force ranking of every
 * candidate; each result's factors against the sky (distances to lines by walking each line from
 * its definition with the general Swiss Ephemeris binding, weights from the documented tables,
 * the relocated angles from swe_houses); the scope against the gazetteer's cities filtered here;
 * weak matches labelled; and the refusals.
 */
import sweph from 'sweph';
import { describe, expect, it } from 'vitest';
import { initEphemeris } from '../../../src/astro/ephemeris.ts';
import { cityGrid, greatCircleKm } from '../../../src/geo/city-grid.ts';
import { exampleAcgNatal } from '../../../src/features/western/astrocartography/astrocartography-schemas.ts';
import { ACG_FOCUSES, ANGLE_FOCUS_WEIGHTS, BODY_FOCUS_WEIGHTS, type AcgFocus } from '../../../src/features/western/astrocartography/acg-rules.ts';
import {
  acgRecommendationsRequest,
  acgRecommendationsResponse,
  type AcgRecommendationsAnswer,
} from '../../../src/features/western/astrocartography/astrocartography-recommendations-schemas.ts';
import {
  candidateScope,
  checkRecommendationsRequest,
  computeAcgRecommendations,
} from '../../../src/features/western/astrocartography/astrocartography-recommendations-service.ts';
import { acgCityCheckRequest } from '../../../src/features/western/astrocartography/astrocartography-city-check-schemas.ts';
import { computeAcgCityCheck, scoringFor } from '../../../src/features/western/astrocartography/astrocartography-city-check-service.ts';
import { resolveTarget } from '../../../src/features/western/astrocartography/acg-place.ts';
import { focusScore, measureCity } from '../../../src/features/western/astrocartography/city-scoring.ts';
import { focusRanker } from '../../../src/features/western/astrocartography/focus-ranker.ts';
import { resolveSubjectPlace } from '../../../src/requests/place.ts';
import { RequestFieldError } from '../../../src/requests/request-error.ts';

initEphemeris();
const C = sweph.constants;
const RAD = Math.PI / 180;
const JD = 2449966.25; // Paris 1995-09-05 18:00 UT
const SE: Record<string, number> = { sun: 0, moon: 1, mercury: 2, venus: 3, mars: 4, jupiter: 5, saturn: 6, uranus: 7, neptune: 8, pluto: 9, true_node: 11 };
const GAST = sweph.sidtime(JD) * 15;
const wrap = (d: number) => ((((d + 180) % 360) + 360) % 360) - 180;
const equatorial = (body: string) => {
  const r = sweph.calc_ut(JD, SE[body]!, C.SEFLG_SWIEPH | C.SEFLG_EQUATORIAL);
  return { ra: r.data[0], dec: r.data[1] };
};
const eclipticLon = (body: string) => sweph.calc_ut(JD, SE[body]!, C.SEFLG_SWIEPH).data[0];

/** Distance to a line walked along its definition: a meridian by latitude, a horizon line by hour angle (tan φ = −cos H / tan δ). */
function walkKm(body: string, angle: string, lat: number, lng: number): number {
  const { ra, dec } = equatorial(body);
  let best = Infinity;
  if (angle === 'mc' || angle === 'ic') {
    const lon = ra - GAST + (angle === 'ic' ? 180 : 0);
    for (let phi = -90; phi <= 90; phi += 0.002) best = Math.min(best, greatCircleKm(lat, lng, phi, lon));
    return best;
  }
  for (let h = 0; h <= 180; h += 0.002) {
    const phi = Math.atan(-Math.cos(h * RAD) / Math.tan(dec * RAD)) / RAD;
    best = Math.min(best, greatCircleKm(lat, lng, phi, ra - GAST + (angle === 'asc' ? -h : h)));
  }
  return best;
}

function parse(extra: Record<string, unknown>) {
  return acgRecommendationsRequest.parse({ natal: exampleAcgNatal, ...extra });
}

function recommend(extra: Record<string, unknown>): AcgRecommendationsAnswer {
  const request = parse(extra);
  checkRecommendationsRequest(request);
  const place = resolveSubjectPlace(request.natal, ['body', 'natal']);
  return computeAcgRecommendations({ request, place, scope: candidateScope(request, place) });
}

/** The refusal's field (without `body.`), or 'accepted'. */
function refusal(extra: Record<string, unknown>): string {
  const parsed = acgRecommendationsRequest.safeParse({ natal: exampleAcgNatal, ...extra });
  if (!parsed.success) return parsed.error.issues[0]!.path.join('.');
  try {
    checkRecommendationsRequest(parsed.data);
    candidateScope(parsed.data, resolveSubjectPlace(parsed.data.natal, ['body', 'natal']));
  } catch (error) {
    return (error as RequestFieldError).loc.slice(1).join('.');
  }
  return 'accepted';
}

describe('recommendations: the fast score is the city check score', () => {
  const place = resolveSubjectPlace(parse({ focus: 'career' }).natal, ['body', 'natal']);
  const world = cityGrid(100_000).cities;

  for (const mode of ['in_mundo', 'projected'] as const) {
    it(`for every city of 100,000 people and every focus (${mode})`, () => {
      const ctx = scoringFor(acgCityCheckRequest.parse({ natal: exampleAcgNatal, lat: 0, lng: 0, mode }), place);
      const checked = mode === 'in_mundo' ? world : world.filter((_, i) => i % 4 === 0);
      for (const focus of ACG_FOCUSES) {
        const fast = focusRanker(ctx, focus);
        const wrong = checked.filter((c) => fast(c.lat, c.lng) !== focusScore(measureCity(ctx, c.lat, c.lng), focus).score);
        expect(
          wrong.map((c) => c.name),
          focus,
        ).toEqual([]);
      }
    });
  }

  it.each([
    { year: 1962, month: 2, day: 17, hour: 4, minute: 41, lat: -33.87, lng: 151.21, tz_str: 'Australia/Sydney' },
    { year: 2003, month: 12, day: 30, hour: 23, minute: 5, lat: 64.14, lng: -21.9, tz_str: 'Atlantic/Reykjavik' },
    { year: 1921, month: 6, day: 21, hour: 12, minute: 0, lat: -0.18, lng: -78.47, tz_str: 'America/Guayaquil' },
  ])('for other births too: $year-$month-$day at $lat, $lng (cities of 300,000 people, every focus)', (birth) => {
    const request = acgCityCheckRequest.parse({ natal: { ...birth, time_known: true }, lat: 0, lng: 0 });
    const ctx = scoringFor(request, resolveSubjectPlace(request.natal, ['body', 'natal']));
    const rankers = ACG_FOCUSES.map((focus) => [focus, focusRanker(ctx, focus)] as const);
    const wrong: string[] = [];
    for (const c of world.filter((x) => x.population >= 300_000)) {
      const m = measureCity(ctx, c.lat, c.lng);
      for (const [focus, fast] of rankers) if (fast(c.lat, c.lng) !== focusScore(m, focus).score) wrong.push(`${c.name} ${focus}`);
    }
    expect(wrong).toEqual([]);
  });

  it('with other bodies, angles and orbs, at the poles and the antimeridian', () => {
    const request = acgCityCheckRequest.parse({
      natal: exampleAcgNatal,
      lat: 0,
      lng: 0,
      bodies: ['moon', 'venus', 'saturn', 'chiron', 'mean_node'],
      angles: ['asc', 'ic'],
      paran_orb_deg: 0.5,
      paran_tail_deg: 0,
    });
    const ctx = scoringFor(request, place);
    const points: [number, number][] = [];
    for (let lat = -89.5; lat <= 89.5; lat += 7) for (let lng = -180; lng <= 180; lng += 5) points.push([lat, lng]);
    points.push([90, 0], [-90, 0], [0, 180], [0, -180]);
    for (const focus of ACG_FOCUSES) {
      const fast = focusRanker(ctx, focus);
      for (const [lat, lng] of points) expect(fast(lat, lng), `${focus} ${lat},${lng}`).toBe(focusScore(measureCity(ctx, lat, lng), focus).score);
    }
  });
});

describe('recommendations: the list', () => {
  // The public service's captured request: career in France, Spain and Portugal, 150,000 people or more.
  const iberia = recommend({ focus: 'career', country_scope: 'selected_countries', countries: ['FR', 'ES', 'PT'], limit: 5, min_population: 150000 });

  it('answers the fields clients read', () => {
    acgRecommendationsResponse.parse(iberia);
    expect(iberia.meta).toMatchObject({
      focus: 'career',
      mode: 'in_mundo',
      country_scope: 'selected_countries',
      countries: ['FR', 'ES', 'PT'],
      population_min: 150000,
      population_max: null,
      timezone: 'Europe/Paris',
    });
    expect(iberia.results).toHaveLength(5);
    expect(iberia.results.map((r) => r.rank)).toEqual([1, 2, 3, 4, 5]);
    for (const r of iberia.results) {
      expect(['FR', 'ES', 'PT']).toContain(r.city.country);
      expect(r.city.population).toBeGreaterThanOrEqual(150000);
      expect(r.summary).toMatch(/career/);
      expect(r.relocation_summary!.resolved_timezone).toBe(r.city.timezone);
      expect(r.weak_match).toBe(r.match_tier === 'weak' || r.match_tier === 'challenging');
      expect(r.distance_from_natal_km).toBeCloseTo(greatCircleKm(48.8566, 2.3522, r.city.lat, r.city.lng), 1);
    }
    expect(iberia.meta.match_tier).toBe(iberia.results[0]!.match_tier);
    expect(iberia.meta.no_strong_matches).toBe(!iberia.results.some((r) => r.match_tier === 'strong'));
  });

  it('counts the candidates as a filter of the gazetteer written here finds them', () => {
    const expected = cityGrid(15_000).cities.filter((c) => ['FR', 'ES', 'PT'].includes(c.country) && c.population >= 150000);
    expect(iberia.meta.candidate_count).toBe(expected.length);
    expect(iberia.meta.scored_count).toBe(expected.length);
  });

  it('is the top of a brute-force ranking of every candidate by the city check scoring', () => {
    const request = acgCityCheckRequest.parse({ natal: exampleAcgNatal, lat: 0, lng: 0 });
    const ctx = scoringFor(request, resolveSubjectPlace(request.natal, ['body', 'natal']));
    const all = cityGrid(15_000)
      .cities.filter((c) => ['FR', 'ES', 'PT'].includes(c.country) && c.population >= 150000)
      .map((c) => ({ c, score: focusScore(measureCity(ctx, c.lat, c.lng), 'career').score }))
      .sort((a, b) => b.score - a.score || b.c.population - a.c.population || a.c.geonames_id - b.c.geonames_id);
    expect(iberia.results.map((r) => [r.city.name, r.score])).toEqual(all.slice(0, 5).map((x) => [x.c.name, x.score]));
  });

  it("gives each city the city check's own judgement of it", () => {
    for (const r of iberia.results.slice(0, 3)) {
      const request = acgCityCheckRequest.parse({ natal: exampleAcgNatal, lat: r.city.lat, lng: r.city.lng, include_map_lines: false });
      const check = computeAcgCityCheck({ request, place: resolveSubjectPlace(request.natal, ['body', 'natal']), target: resolveTarget(request) });
      const f = check.focus_scores.career;
      expect(r.score).toBe(f.score);
      expect(r.top_factors).toEqual(f.top_factors);
      expect(r.top_parans).toEqual(f.top_parans);
      expect(r.nearest_favorable_line).toEqual(f.nearest_favorable_line);
      expect(r.relocation_summary!.angles).toEqual(check.relocation_summary!.angles);
    }
  });

  it('lists factors that are true of the sky', () => {
    for (const r of iberia.results) {
      expect(r.score).toBeCloseTo(r.line_score + r.paran_score + r.relocation_score, 1);
      for (const f of r.top_factors) {
        expect(Math.abs(f.distance_km - walkKm(f.body, f.angle, r.city.lat, r.city.lng)), `${r.city.name} ${f.line_id}`).toBeLessThan(1);
        expect(f.weight).toBeCloseTo(BODY_FOCUS_WEIGHTS[f.body]!.career * ANGLE_FOCUS_WEIGHTS.career[f.angle], 3);
        expect(f.strength).toBeCloseTo(f.distance_km <= 150 ? 1 : Math.max(0, 1 - (f.distance_km - 150) / 650), 2);
        expect(f.score).toBeCloseTo(100 * f.weight * f.strength, 0);
      }
      for (const p of r.top_parans) {
        expect(p.distance_km).toBeCloseTo(Math.abs(r.city.lat - p.latitude) * 111.195, 0);
        expect(Math.abs(r.city.lat - p.latitude)).toBeLessThanOrEqual(3 + 1e-9);
      }
      const h = sweph.houses(JD, r.city.lat, r.city.lng, 'P');
      const rel = r.relocation_summary!;
      expect(Math.abs(wrap(rel.angles.asc - h.data.points[0]))).toBeLessThan(1e-6);
      expect(Math.abs(wrap(rel.angles.mc - h.data.points[1]))).toBeLessThan(1e-6);
      for (const a of rel.angular_planets) {
        const at = { asc: rel.angles.asc, dsc: rel.angles.dc, mc: rel.angles.mc, ic: rel.angles.ic }[a.angle];
        expect(Math.abs(Math.abs(wrap(eclipticLon(a.body) - at)) - a.orb_deg)).toBeLessThan(0.001);
      }
      for (const x of r.relocation_factors) expect(rel.angular_planets.some((a) => a.body === x.body && a.angle === x.angle)).toBe(true);
    }
  });

  it('is the same list every time', () => {
    const again = recommend({ focus: 'career', country_scope: 'selected_countries', countries: ['fr', 'es', 'pt'], limit: 5, min_population: 150000 });
    expect(again).toEqual(iberia);
  });
});

describe('recommendations: scopes, sizes and labels', () => {
  it('reads own_country as the birth country, and the default scope from countries', () => {
    const own = recommend({ focus: 'home', country_scope: 'own_country', limit: 20, include_map_lines: false });
    expect(own.meta.countries).toEqual(['FR']);
    expect(own.meta.population_min).toBe(15_000);
    expect(own.results.every((r) => r.city.country === 'FR')).toBe(true);
    const implied = recommend({ focus: 'home', countries: ['JP'], limit: 3, include_map_lines: false });
    expect(implied.meta.country_scope).toBe('selected_countries');
    expect(implied.results.every((r) => r.city.country === 'JP')).toBe(true);
    const world = recommend({ focus: 'home', limit: 3, include_map_lines: false, include_relocation_summary: false, include_paran_summary: false });
    expect(world.meta).toMatchObject({ country_scope: 'all', countries: null, population_min: 100_000 });
    expect(world.meta.candidate_count).toBe(cityGrid(15_000).cities.filter((c) => c.population >= 100_000).length);
    expect(world.results[0]!.relocation_summary).toBeNull();
    expect(world.results[0]!.paran_summary).toBeNull();
  });

  it('keeps the city sizes and population bounds', () => {
    const sizes = recommend({ focus: 'romance', city_size: ['mega', 'small'], countries: ['IN'], limit: 100, include_map_lines: false });
    for (const r of sizes.results) {
      const p = r.city.population!;
      expect((p >= 15_000 && p < 100_000) || p >= 5_000_000, `${r.city.name} ${p}`).toBe(true);
    }
    const expected = cityGrid(15_000).cities.filter(
      (c) => c.country === 'IN' && ((c.population >= 15_000 && c.population < 100_000) || c.population >= 5_000_000),
    );
    expect(sizes.meta.candidate_count).toBe(expected.length);
    const bounded = recommend({
      focus: 'romance',
      min_population: 500_000,
      max_population: 2_000_000,
      countries: ['US'],
      limit: 100,
      include_map_lines: false,
    });
    expect(bounded.results.every((r) => r.city.population! >= 500_000 && r.city.population! <= 2_000_000)).toBe(true);
    const floor = recommend({ focus: 'romance', min_population: 10, countries: ['LU'], include_map_lines: false });
    expect(floor.meta.population_min).toBe(15_000);
    expect(floor.warnings.some((w) => w.includes('reads as 15000'))).toBe(true);
    const none = recommend({ focus: 'romance', city_size: 'mega', countries: ['LU'], include_map_lines: false });
    expect(none.results).toEqual([]);
    expect(none.meta).toMatchObject({ candidate_count: 0, match_tier: null, confidence: 'low', no_strong_matches: true });
    expect(none.warnings.at(-1)).toMatch(/No city of the gazetteer is in scope/);
  });

  it('returns weak matches labelled as such', () => {
    // Saturn alone challenges romance everywhere: no city can be strong.
    const weak = recommend({ focus: 'romance', bodies: ['saturn'], countries: ['IT'], limit: 5, include_map_lines: false });
    expect(weak.results).toHaveLength(5);
    expect(weak.meta.no_strong_matches).toBe(true);
    expect(weak.meta.confidence).toBe('low');
    for (const r of weak.results) {
      expect(r.score).toBeLessThanOrEqual(0);
      expect(r.weak_match).toBe(true);
    }
    expect(weak.warnings.some((w) => w.includes('No city in IT reaches the strong tier for romance'))).toBe(true);
  });

  it('draws the map of the list with its crossings when asked', () => {
    expect(recommend({ focus: 'spiritual', countries: ['PT'], limit: 1 }).map).toBeNull();
    const a = recommend({ focus: 'spiritual', limit: 3, include_map_lines: true, include_crossings: true });
    expect(a.map!.lines).toHaveLength(44);
    expect(a.map!.crossings.length).toBeGreaterThan(0);
    expect(a.map!.cities.map((c) => c.rank)).toEqual([1, 2, 3]);
    expect(a.map!.cities[0]!.coordinates).toEqual([a.results[0]!.city.lng, a.results[0]!.city.lat]);
  });

  it('leaves out the cities near a better one with min_distance_km', () => {
    const plain = recommend({ focus: 'romance', limit: 100, include_relocation_summary: false, include_paran_summary: false });
    const spaced = recommend({ focus: 'romance', limit: 10, min_distance_km: 150, include_relocation_summary: false, include_paran_summary: false });
    // The greedy pass over the plain ranking, written here.
    const expected: (typeof plain.results)[number][] = [];
    let skipped = 0;
    for (const r of plain.results) {
      if (expected.length === 10) break;
      if (expected.some((e) => greatCircleKm(e.city.lat, e.city.lng, r.city.lat, r.city.lng) < 150)) skipped++;
      else expected.push(r);
    }
    expect(spaced.results.map((r) => r.city.name)).toEqual(expected.map((r) => r.city.name));
    expect(spaced.results.map((r) => r.score)).toEqual(expected.map((r) => r.score));
    expect(spaced.meta).toMatchObject({ min_distance_km: 150, left_out_as_nearby: skipped });
    expect(skipped).toBeGreaterThan(0);
    expect(plain.meta.left_out_as_nearby).toBe(0);
  });

  it('reads the focus aliases', () => {
    expect(parse({ focus: 'Love' }).focus).toBe('romance');
    expect(parse({ focus: 'WORK' }).focus).toBe('career');
  });
});

describe('recommendations: refusals name the field', () => {
  it.each([
    [{ focus: 'career', countries: ['FRA'] }, 'countries.0'],
    [{ focus: 'career', countries: ['FR', 'XX'] }, 'countries.1'],
    [{ focus: 'career', countries: ['F1'] }, 'countries.0'],
    [{ focus: 'career', country: 'Narnia' }, 'country'],
    [{ focus: 'career', country_scope: 'selected_countries' }, 'countries'],
    [{ focus: 'career', limit: 0 }, 'limit'],
    [{ focus: 'career', limit: 100000 }, 'limit'],
    [{ focus: 'career', min_population: 200000, max_population: 100000 }, 'max_population'],
    [{ focus: 'career', topocentric: true }, 'topocentric'],
    [{ focus: 'wealth' }, 'focus'],
    [{}, 'focus'],
    [{ focus: 'career', city_size: 'huge' }, 'city_size'],
    [{ focus: 'career', natal: { ...exampleAcgNatal, time_known: false } }, 'natal.time_known'],
    [{ focus: 'career', natal: { ...exampleAcgNatal, hour: undefined } }, 'natal.hour'],
  ] as [Record<string, unknown>, string][])('%j → %s', (extra, field) => {
    expect(refusal(extra)).toBe(field);
  });

  it('refuses own_country at sea', () => {
    expect(refusal({ focus: 'career', country_scope: 'own_country', natal: { ...exampleAcgNatal, city: undefined, lat: 0, lng: -30 } })).toBe('country_scope');
  });
});

describe.each(ACG_FOCUSES)('recommendations for %s worldwide', (focus: AcgFocus) => {
  it('are ordered by score, then population', () => {
    const a = recommend({ focus, limit: 25, include_map_lines: false, include_relocation_summary: false, include_paran_summary: false });
    for (let i = 1; i < a.results.length; i++) {
      const p = a.results[i - 1]!;
      const q = a.results[i]!;
      expect(p.score > q.score || (p.score === q.score && p.city.population! >= q.city.population!)).toBe(true);
    }
  });
});
