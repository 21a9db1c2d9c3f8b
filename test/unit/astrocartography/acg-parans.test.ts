/**
 * Parans checked by independent means: for each paran, the place at its latitude whose local
 * sidereal time is the paran's moment, at the birth instant; there both bodies' positions come
 * from the general Swiss Ephemeris binding (`sweph.calc_ut`) and their altitude and hour angle
 * from the formulas written out here, and each must be on its angle. A fine scan of the same
 * condition finds every paran of a pair that the answer lists.
 */
import sweph from 'sweph';
import { describe, expect, it } from 'vitest';
import { initEphemeris } from '../../../src/astro/ephemeris.ts';
import { exampleAcgNatal } from '../../../src/features/western/astrocartography/astrocartography-schemas.ts';
import { acgParansRequest, acgParansResponse, type AcgParansAnswer } from '../../../src/features/western/astrocartography/astrocartography-parans-schemas.ts';
import { checkParansRequest, computeAcgParans } from '../../../src/features/western/astrocartography/astrocartography-parans-service.ts';
import { resolveSubjectPlace } from '../../../src/requests/place.ts';
import { RequestFieldError } from '../../../src/requests/request-error.ts';
import { greatCircleKm } from '../../../src/geo/city-grid.ts';

initEphemeris();
const C = sweph.constants;
const RAD = Math.PI / 180;
const JD = 2449966.25; // Paris 1995-09-05 18:00 UT
const SE: Record<string, number> = { sun: 0, moon: 1, mercury: 2, venus: 3, mars: 4, jupiter: 5, saturn: 6, uranus: 7, neptune: 8, pluto: 9, true_node: 11 };
const wrap = (d: number) => ((((d + 180) % 360) + 360) % 360) - 180;

function equatorial(body: string): { ra: number; dec: number } {
  const r = sweph.calc_ut(JD, SE[body]!, C.SEFLG_SWIEPH | C.SEFLG_EQUATORIAL);
  return { ra: r.data[0], dec: r.data[1] };
}
const GAST = sweph.sidtime(JD) * 15;

/** Altitude and hour angle of a body at a place at the birth instant. */
function sky(body: string, lat: number, lon: number): { alt: number; ha: number } {
  const { ra, dec } = equatorial(body);
  const ha = wrap(GAST + lon - ra);
  const alt = Math.asin(Math.sin(lat * RAD) * Math.sin(dec * RAD) + Math.cos(lat * RAD) * Math.cos(dec * RAD) * Math.cos(ha * RAD)) / RAD;
  return { alt, ha };
}

function onEvent(body: string, event: string, lat: number, lon: number): void {
  const { alt, ha } = sky(body, lat, lon);
  if (event === 'mc') expect(Math.abs(ha), `${body} on the MC`).toBeLessThan(1e-6);
  else if (event === 'ic') expect(Math.abs(Math.abs(ha) - 180), `${body} on the IC`).toBeLessThan(1e-6);
  else {
    expect(Math.abs(alt), `${body} on the horizon at ${lat}`).toBeLessThan(1e-6);
    // Rising: east of the meridian (negative hour angle); setting: west.
    expect(Math.sign(ha), `${body} ${event}`).toBe(event === 'asc' ? -1 : 1);
  }
}

function answer(extra: Record<string, unknown> = {}): AcgParansAnswer {
  const request = acgParansRequest.parse({ natal: exampleAcgNatal, ...extra });
  return computeAcgParans({ request, place: resolveSubjectPlace(request.natal, ['body', 'natal']) });
}

const all = answer({ limit: 300, max_abs_lat: 90, include_nearby_cities: true });

describe('parans', () => {
  it('keep their contract, ids and ranking', () => {
    acgParansResponse.parse(all);
    expect(all.parans.length).toBe(Math.min(300, all.meta.total_found));
    expect(all.meta.total_found).toBeGreaterThan(100);
    for (const p of all.parans) expect(p.id).toBe(`${p.body_a}:${p.event_a}:${p.body_b}:${p.event_b}:${p.latitude.toFixed(3)}`);
    for (let i = 1; i < all.parans.length; i++) expect(all.parans[i]!.rank_weight).toBeLessThanOrEqual(all.parans[i - 1]!.rank_weight);
    // The ranking is the same on a second run.
    expect(answer({ limit: 300, max_abs_lat: 90, include_nearby_cities: true })).toEqual(all);
  });

  it('at each paran latitude both bodies really are on their angles at one sidereal moment', () => {
    for (const p of all.parans) {
      const lon = wrap(p.local_sidereal_time_deg - GAST);
      onEvent(p.body_a, p.event_a, p.latitude, lon);
      onEvent(p.body_b, p.event_b, p.latitude, lon);
    }
  });

  it('misses none: a fine independent scan of one pair of events finds the same latitudes', () => {
    const pairs: [string, string, string, string][] = [
      ['sun', 'asc', 'moon', 'mc'],
      ['venus', 'dsc', 'jupiter', 'asc'],
      ['mars', 'ic', 'saturn', 'dsc'],
    ];
    const full = answer({ limit: 300, max_abs_lat: 90, bodies: ['sun', 'moon', 'venus', 'mars', 'jupiter', 'saturn'] });
    for (const [a, ea, b, eb] of pairs) {
      const A = equatorial(a);
      const B = equatorial(b);
      const h = (dec: number, e: string, lat: number) => {
        if (e === 'mc') return 0;
        if (e === 'ic') return 180;
        const c = -Math.tan(lat * RAD) * Math.tan(dec * RAD);
        if (Math.abs(c) > 1) return NaN;
        return (e === 'asc' ? -1 : 1) * (Math.acos(c) / RAD);
      };
      const roots: number[] = [];
      let prev = NaN;
      for (let lat = -89.99; lat <= 89.99; lat += 0.01) {
        const g = wrap(A.ra + h(A.dec, ea, lat) - B.ra - h(B.dec, eb, lat));
        if (Number.isFinite(prev) && Number.isFinite(g) && prev * g < 0 && Math.abs(g) < 90) roots.push(lat);
        prev = g;
      }
      const listed = full.parans.filter((p) => p.body_a === a && p.event_a === ea && p.body_b === b && p.event_b === eb).map((p) => p.latitude);
      expect(listed.length, `${a}:${ea}:${b}:${eb}`).toBe(roots.length);
      listed.forEach((lat, i) => expect(Math.abs(lat - roots[i]!)).toBeLessThan(0.011));
    }
  });

  it('honour the latitude bounds, no horizon paran beyond where a body rises at all', () => {
    const bounded = answer({ limit: 300, min_abs_lat: 30, max_abs_lat: 50 });
    expect(bounded.parans.length).toBeGreaterThan(0);
    for (const p of bounded.parans) expect(Math.abs(p.latitude)).toBeGreaterThanOrEqual(30);
    for (const p of bounded.parans) expect(Math.abs(p.latitude)).toBeLessThanOrEqual(50);
    const decOf = Object.fromEntries(all.positions.map((x) => [x.body, x.declination]));
    for (const p of all.parans) {
      for (const [body, event] of [
        [p.body_a, p.event_a],
        [p.body_b, p.event_b],
      ] as const)
        if (event === 'asc' || event === 'dsc') expect(Math.abs(p.latitude)).toBeLessThan(90 - Math.abs(decOf[body]!));
    }
  });

  it('name nearby cities inside the orb band, most populous first', () => {
    for (const p of all.parans.slice(0, 40)) {
      const cities = p.nearby_cities!;
      for (const c of cities) {
        expect(Math.abs(c.lat - p.latitude)).toBeLessThanOrEqual(all.meta.paran_orb_deg);
        // The distance to the parallel is along the meridian.
        expect(c.distance_km).toBeCloseTo(greatCircleKm(c.lat, c.lng, p.latitude, c.lng), 1);
      }
      for (let i = 1; i < cities.length; i++) expect(cities[i]!.population).toBeLessThanOrEqual(cities[i - 1]!.population);
    }
  });

  it('refuse bad bounds and an untimed birth, naming the field', () => {
    const refused = (extra: Record<string, unknown>) => {
      const parsed = acgParansRequest.safeParse({ natal: exampleAcgNatal, ...extra });
      if (!parsed.success) return parsed.error.issues[0]!.path.join('.');
      try {
        checkParansRequest(parsed.data);
      } catch (error) {
        return (error as RequestFieldError).loc.slice(1).join('.');
      }
      return 'accepted';
    };
    expect(refused({ limit: 0 })).toBe('limit');
    expect(refused({ limit: 100000 })).toBe('limit');
    expect(refused({ min_abs_lat: 50, max_abs_lat: 40 })).toBe('min_abs_lat');
    expect(refused({ max_abs_lat: 91 })).toBe('max_abs_lat');
    expect(refused({ events: [] })).toBe('events');
    expect(refused({ bodies: [] })).toBe('bodies');
    expect(refused({ paran_orb_deg: 0 })).toBe('paran_orb_deg');
    expect(refused({ natal: { ...exampleAcgNatal, time_known: false } })).toBe('natal.time_known');
    const { hour: _h, ...noHour } = exampleAcgNatal;
    expect(refused({ natal: noHour })).toBe('natal.hour');
  });
});
