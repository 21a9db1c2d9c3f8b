/**
 * Distances to the exact lines and the nearest cities, checked by brute force rather than by the
 * formulas under test: a line is walked latitude by latitude from its own definition (the hour
 * angle at which the body is on the angle, written out here), every point's great-circle distance
 * taken, and the smallest kept; the nearest city is the least distance over every city.
 */
import { describe, expect, it } from 'vitest';
import { distanceToLine } from '../../../src/astro/acg-distance.ts';
import type { AcgAngle, AcgBody } from '../../../src/astro/astrocartography.ts';
import { cityGrid, greatCircleKm, KM_PER_DEG } from '../../../src/geo/city-grid.ts';

const RAD = Math.PI / 180;
const GAST = 123.4;

/** The line's longitude at a latitude, from the hour angle (geocentric): NaN where it does not reach. */
function lineLon(body: AcgBody, angle: AcgAngle, lat: number): number {
  if (angle === 'mc') return body.ra - GAST;
  if (angle === 'ic') return body.ra - GAST + 180;
  const c = -Math.tan(lat * RAD) * Math.tan(body.dec * RAD);
  if (Math.abs(c) > 1) return NaN;
  const h0 = Math.acos(c) / RAD;
  return body.ra - GAST + (angle === 'asc' ? -h0 : h0);
}

function bruteForceKm(body: AcgBody, angle: AcgAngle, lat: number, lng: number): number {
  let best = Infinity;
  for (let phi = -90; phi <= 90; phi += 0.0025) {
    const lon = lineLon(body, angle, phi);
    if (Number.isFinite(lon)) best = Math.min(best, greatCircleKm(lat, lng, phi, lon));
  }
  if (angle === 'asc' || angle === 'dsc') {
    // Also hour angle by hour angle (tan φ = −cos H / tan δ), dense where the latitude walk is sparse: at the turning points.
    for (let h = 0; h <= 180; h += 0.0025) {
      const phi = Math.atan(-Math.cos(h * RAD) / Math.tan(body.dec * RAD)) / RAD;
      best = Math.min(best, greatCircleKm(lat, lng, phi, body.ra - GAST + (angle === 'asc' ? -h : h)));
    }
  }
  return best;
}

const bodies: AcgBody[] = [
  { id: 'a', ra: 200, dec: 23, sinParallax: 0 },
  { id: 'b', ra: 10, dec: -27.5, sinParallax: 0 },
  { id: 'c', ra: 300, dec: 0.5, sinParallax: 0 },
];
const places: [number, number][] = [
  [48.85, 2.35],
  [-33.9, 151.2],
  [64.1, -21.9],
  [78.2, 15.6],
  [-77.8, 166.7],
  [0, 179.9],
  [35.7, 139.7],
  [-54.8, -68.3],
];

describe('distanceToLine', () => {
  it('agrees with a brute-force walk along the line within 1 km, for every angle, near the poles and the date line', () => {
    for (const body of bodies) {
      for (const angle of ['asc', 'dsc', 'mc', 'ic'] as const) {
        for (const [lat, lng] of places) {
          const d = distanceToLine(body, GAST, angle, lat, lng);
          const brute = bruteForceKm(body, angle, lat, lng);
          expect(Math.abs(d.deg * KM_PER_DEG - brute), `${body.id}:${angle} at ${lat},${lng}`).toBeLessThan(1);
          // The point given is on the line: its own distance from the line is 0.
          expect(distanceToLine(body, GAST, angle, d.lat, d.lon).deg * KM_PER_DEG).toBeLessThan(0.01);
          // And it is as far from the place as said.
          expect(Math.abs(greatCircleKm(lat, lng, d.lat, d.lon) - d.deg * KM_PER_DEG)).toBeLessThan(0.01);
        }
      }
    }
  });

  it('is 0 for a place on the line', () => {
    const body = bodies[0]!;
    for (const angle of ['asc', 'dsc', 'mc', 'ic'] as const) {
      for (const lat of [-60, -12.5, 0, 33.3, 66]) {
        const lon = lineLon(body, angle, lat);
        expect(distanceToLine(body, GAST, angle, lat, lon).deg * KM_PER_DEG).toBeLessThan(0.001);
      }
    }
  });

  it('finds the topocentric line by search, close to the geocentric one for a distant body', () => {
    const far: AcgBody = { id: 'x', ra: 50, dec: 10, sinParallax: 4e-5 };
    const geo: AcgBody = { ...far, sinParallax: 0 };
    for (const [lat, lng] of places) {
      const topo = distanceToLine(far, GAST, 'asc', lat, lng).deg;
      const plain = distanceToLine(geo, GAST, 'asc', lat, lng).deg;
      expect(Math.abs(topo - plain)).toBeLessThan(0.01);
    }
  });
});

describe('the city grid', () => {
  it('names the same nearest city as a scan of every city, at the poles and across the date line', () => {
    const grid = cityGrid(15_000);
    expect(grid.cities.length).toBeGreaterThan(20_000);
    for (const [lat, lng] of [...places, [89.9, 0] as [number, number], [-89.9, 0] as [number, number], [10, -179.99] as [number, number]]) {
      let best = Infinity;
      let name = '';
      for (const c of grid.cities) {
        const d = greatCircleKm(lat, lng, c.lat, c.lng);
        if (d < best) {
          best = d;
          name = c.name;
        }
      }
      const found = grid.nearest(lat, lng)!;
      expect(found.city.name, `${lat},${lng}`).toBe(name);
      expect(found.distanceKm).toBeCloseTo(best, 6);
    }
  });
});

describe('the lines answer’s crossings', () => {
  it('are under map.crossings too, each naming its nearest city as a scan of every city finds it', async () => {
    const { initEphemeris } = await import('../../../src/astro/ephemeris.ts');
    const { acgLinesRequest, exampleAcgNatal } = await import('../../../src/features/western/astrocartography/astrocartography-schemas.ts');
    const { computeAcgLines } = await import('../../../src/features/western/astrocartography/astrocartography-service.ts');
    const { resolveSubjectPlace } = await import('../../../src/requests/place.ts');
    initEphemeris();
    const request = acgLinesRequest.parse({ natal: exampleAcgNatal, include_crossings: true, bodies: ['sun', 'moon', 'venus', 'jupiter', 'saturn'] });
    const answer = computeAcgLines({ request, place: resolveSubjectPlace(request.natal, ['body', 'natal']) });
    expect(answer.crossings.length).toBeGreaterThan(5);
    expect(answer.map.crossings).toEqual(answer.crossings);
    expect(answer.map.line_ids).toEqual(answer.lines.map((l) => l.id));
    const cities = cityGrid(15_000).cities;
    for (const c of answer.crossings) {
      const best = Math.min(...cities.map((city) => greatCircleKm(c.lat, c.lng, city.lat, city.lng)));
      expect(c.nearest_city!.distance_km).toBeCloseTo(best, 1);
      expect(greatCircleKm(c.lat, c.lng, c.nearest_city!.lat, c.nearest_city!.lng)).toBeCloseTo(best, 6);
      expect(c.label).toContain(c.nearest_city!.name);
    }
  });
});
