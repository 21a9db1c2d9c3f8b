/**
 * The city check, its factors checked against the sky by independent means: distances to the
 * lines by walking each line from its definition with the general Swiss Ephemeris binding's
 * positions, the relocated angles from swe_houses itself, the angular planets from sweph's
 * longitudes; and every score the sum of its factors by the documented rules.
 */
import sweph from 'sweph';
import { describe, expect, it } from 'vitest';
import { initEphemeris } from '../../../src/astro/ephemeris.ts';
import { exampleAcgNatal } from '../../../src/features/western/astrocartography/astrocartography-schemas.ts';
import { ACG_FOCUSES, ANGLE_FOCUS_WEIGHTS, BODY_FOCUS_WEIGHTS } from '../../../src/features/western/astrocartography/acg-rules.ts';
import { resolveTarget } from '../../../src/features/western/astrocartography/acg-place.ts';
import {
  acgCityCheckRequest,
  acgCityCheckResponse,
  type AcgCityCheckAnswer,
} from '../../../src/features/western/astrocartography/astrocartography-city-check-schemas.ts';
import { computeAcgCityCheck } from '../../../src/features/western/astrocartography/astrocartography-city-check-service.ts';
import { resolveSubjectPlace } from '../../../src/requests/place.ts';
import { RequestFieldError } from '../../../src/requests/request-error.ts';
import { greatCircleKm } from '../../../src/geo/city-grid.ts';

initEphemeris();
const C = sweph.constants;
const RAD = Math.PI / 180;
const JD = 2449966.25;
const SE: Record<string, number> = { sun: 0, moon: 1, mercury: 2, venus: 3, mars: 4, jupiter: 5, saturn: 6, uranus: 7, neptune: 8, pluto: 9, true_node: 11 };
const GAST = sweph.sidtime(JD) * 15;
const wrap = (d: number) => ((((d + 180) % 360) + 360) % 360) - 180;
const equatorial = (body: string) => {
  const r = sweph.calc_ut(JD, SE[body]!, C.SEFLG_SWIEPH | C.SEFLG_EQUATORIAL);
  return { ra: r.data[0], dec: r.data[1] };
};
const eclipticLon = (body: string) => sweph.calc_ut(JD, SE[body]!, C.SEFLG_SWIEPH).data[0];

/** Distance to a line walked by latitude and by hour angle from its definition (geocentric, in mundo). */
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

function check(extra: Record<string, unknown>): AcgCityCheckAnswer {
  const request = acgCityCheckRequest.parse({ natal: exampleAcgNatal, ...extra });
  return computeAcgCityCheck({ request, place: resolveSubjectPlace(request.natal, ['body', 'natal']), target: resolveTarget(request) });
}

function expectFactorsTrue(a: AcgCityCheckAnswer): void {
  for (const focus of ACG_FOCUSES) {
    const s = a.focus_scores[focus];
    expect(s.score).toBeCloseTo(s.line_score + s.paran_score + s.relocation_score, 1);
    for (const f of s.top_factors) {
      expect(Math.abs(f.distance_km - walkKm(f.body, f.angle, a.city.lat, a.city.lng)), `${focus} ${f.line_id}`).toBeLessThan(1);
      expect(f.weight).toBeCloseTo(BODY_FOCUS_WEIGHTS[f.body]![focus] * ANGLE_FOCUS_WEIGHTS[focus][f.angle], 3);
      const strength = f.distance_km <= 150 ? 1 : Math.max(0, 1 - (f.distance_km - 150) / 650);
      expect(f.strength).toBeCloseTo(strength, 2);
      expect(f.score).toBeCloseTo(100 * f.weight * f.strength, 0);
    }
    for (const p of s.top_parans) {
      expect(p.distance_km).toBeCloseTo(Math.abs(a.city.lat - p.latitude) * 111.195, 0);
      expect(Math.abs(a.city.lat - p.latitude)).toBeLessThanOrEqual(a.meta.paran_orb_deg + a.meta.paran_tail_deg + 1e-9);
    }
    for (const r of s.relocation_factors) expect(a.relocation_summary!.angular_planets.some((x) => x.body === r.body && x.angle === r.angle)).toBe(true);
    expect(s.nearest_favorable_distance_km).toBe(s.nearest_favorable_line?.distance_km ?? null);
    if (s.nearest_favorable_line) {
      const l = s.nearest_favorable_line;
      expect(Math.abs(l.distance_km - walkKm(l.body, l.angle, a.city.lat, a.city.lng))).toBeLessThan(1);
      // No line of positive weight is nearer.
      for (const f of s.top_factors) if (f.weight > 0) expect(f.distance_km).toBeGreaterThanOrEqual(l.distance_km);
    }
  }
  const verdict = (x: number) => (x >= 25 ? 'favorable' : x <= -25 ? 'challenging' : 'mixed');
  for (const focus of ACG_FOCUSES) expect(a.focus_scores[focus].verdict).toBe(verdict(a.focus_scores[focus].score));
  expect(a.overall_score).toBeCloseTo(ACG_FOCUSES.reduce((s, f) => s + a.focus_scores[f].score, 0) / 5, 1);
}

function expectRelocationTrue(a: AcgCityCheckAnswer): void {
  const r = a.relocation_summary!;
  const h = sweph.houses(JD, a.city.lat, a.city.lng, 'P');
  const fellBack = h.flag !== C.OK;
  expect(Math.abs(wrap(r.angles.asc - h.data.points[0]))).toBeLessThan(1e-6);
  expect(Math.abs(wrap(r.angles.mc - h.data.points[1]))).toBeLessThan(1e-6);
  if (!fellBack) expect(r.house_system).toBe('placidus');
  for (const p of r.angular_planets) {
    const at = { asc: r.angles.asc, dsc: r.angles.dc, mc: r.angles.mc, ic: r.angles.ic }[p.angle];
    expect(Math.abs(Math.abs(wrap(eclipticLon(p.body) - at)) - p.orb_deg)).toBeLessThan(0.001);
    expect(p.orb_deg).toBeLessThanOrEqual(8);
  }
}

describe('city check', () => {
  const lisbon = check({ city: 'Lisbon', country: 'PT', include_crossings: true });

  it('answers the fields clients read, for Lisbon', () => {
    acgCityCheckResponse.parse(lisbon);
    expect(lisbon.city).toMatchObject({ name: 'Lisbon', country: 'PT', timezone: 'Europe/Lisbon' });
    expect(lisbon.city.population).toBeGreaterThan(100_000);
    expect(Object.keys(lisbon.focus_scores)).toEqual(['career', 'romance', 'home', 'health', 'spiritual']);
    expect(lisbon.map!.lines).toHaveLength(44);
    expect(lisbon.relocation_summary!.resolved_timezone).toBe('Europe/Lisbon');
  });

  it('lists factors that are true of the sky', () => {
    expectFactorsTrue(lisbon);
    expectRelocationTrue(lisbon);
  });

  it('puts a place on a line at distance 0 and counts it in full', () => {
    const { ra } = equatorial('jupiter');
    const lng = wrap(ra - GAST);
    const a = check({ lat: 10, lng, include_map_lines: false });
    const f = a.focus_scores.career.top_factors.find((x) => x.line_id === 'jupiter:mc')!;
    expect(f.distance_km).toBeLessThan(0.01);
    expect(f.strength).toBe(1);
    expect(a.map).toBeNull();
  });

  it('handles polar places and the antimeridian', () => {
    const polar = check({ lat: 78.2, lng: 15.6, include_map_lines: false });
    expectFactorsTrue(polar);
    expectRelocationTrue(polar);
    const east = check({ lat: -17.7, lng: 179.99, include_map_lines: false });
    const west = check({ lat: -17.7, lng: -179.99, include_map_lines: false });
    expectFactorsTrue(east);
    for (const focus of ACG_FOCUSES) expect(Math.abs(east.focus_scores[focus].score - west.focus_scores[focus].score)).toBeLessThan(1);
  });

  it('refuses an unknown city naming candidates, a bad country and a bad latitude', () => {
    const refused = (extra: Record<string, unknown>) => {
      const parsed = acgCityCheckRequest.safeParse({ natal: exampleAcgNatal, ...extra });
      if (!parsed.success) return { field: parsed.error.issues[0]!.path.join('.'), message: '' };
      try {
        resolveTarget(parsed.data);
      } catch (error) {
        return { field: (error as RequestFieldError).loc.slice(1).join('.'), message: (error as Error).message };
      }
      return { field: 'accepted', message: '' };
    };
    const unknown = refused({ city: 'Lisbonn' });
    expect(unknown.field).toBe('city');
    expect(unknown.message).toContain('Lisbon');
    expect(refused({ city: 'Lisbon', country: 'Narnia' }).field).toBe('country');
    expect(refused({ lat: 91, lng: 0 }).field).toBe('lat');
    expect(refused({}).field).toBe('city');
  });
});
