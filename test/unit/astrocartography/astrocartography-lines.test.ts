/**
 * The astrocartography lines checked by independent means, not by the code under test restated:
 * each body's position comes from the general Swiss Ephemeris binding (`sweph.calc_ut`, not the
 * lean binding the service reads), its altitude and hour angle from the spherical-astronomy
 * formulas written out here, the rising or setting from the altitude half a minute later, and the
 * topocentric Moon from the library's own topocentric altitude (trueAltitude).
 */
import sweph from 'sweph';
import { describe, expect, it } from 'vitest';
import {
  astrocartographyLines,
  horizonHourAngle,
  lineCrossings,
  MAX_ERROR_KM,
  runPositions,
  type AcgBody,
  type LonLat,
} from '../../../src/astro/astrocartography.ts';
import { initEphemeris, trueAltitude } from '../../../src/astro/ephemeris.ts';
import { runTask } from '../../../src/pool-tasks.ts';
import {
  acgLinesRequest,
  acgLinesResponse,
  exampleAcgNatal,
  type AcgLinesAnswer,
} from '../../../src/features/western/astrocartography/astrocartography-schemas.ts';
import {
  checkAcgRequest,
  computeAcgLines,
  DATE_LINE_WARNING,
  EXPLORATORY_WARNING,
} from '../../../src/features/western/astrocartography/astrocartography-service.ts';
import { resolveSubjectPlace } from '../../../src/requests/place.ts';
import { RequestFieldError } from '../../../src/requests/request-error.ts';
import { assertAnswerContract } from '../../helpers/answer-contract.ts';

initEphemeris();
const C = sweph.constants;
const RAD = Math.PI / 180;
const wrap = (d: number) => ((((d + 180) % 360) + 360) % 360) - 180;

/** Paris 1995-09-05 20:00 CEST = 18:00 UT. */
const JD = 2449966.25;
const SE: Record<string, number> = { sun: 0, moon: 1, mercury: 2, venus: 3, mars: 4, jupiter: 5, saturn: 6, uranus: 7, neptune: 8, pluto: 9, true_node: 11 };

/** α, δ (degrees) by the general binding at a UT Julian day. */
function equatorial(body: string, jd = JD): { ra: number; dec: number } {
  const r = sweph.calc_ut(jd, SE[body]!, C.SEFLG_SWIEPH | C.SEFLG_EQUATORIAL);
  return { ra: r.data[0], dec: r.data[1] };
}
const lstDeg = (jd: number, lon: number) => sweph.sidtime(jd) * 15 + lon;
/** Geocentric altitude (degrees) of a body at a place: sin h = sin φ sin δ + cos φ cos δ cos H. */
function altitude(body: string, lon: number, lat: number, jd = JD): number {
  const { ra, dec } = equatorial(body, jd);
  const h = (lstDeg(jd, lon) - ra) * RAD;
  return Math.asin(Math.sin(lat * RAD) * Math.sin(dec * RAD) + Math.cos(lat * RAD) * Math.cos(dec * RAD) * Math.cos(h)) / RAD;
}

function answer(extra: Record<string, unknown> = {}): AcgLinesAnswer {
  const request = acgLinesRequest.parse({ natal: exampleAcgNatal, ...extra });
  return computeAcgLines({ request, place: resolveSubjectPlace(request.natal, ['body', 'natal']) });
}
const positionsOf = (geometry: AcgLinesAnswer['lines'][number]['geometry']): LonLat[][] =>
  (geometry.type === 'LineString' ? [geometry.coordinates] : geometry.coordinates).map((run) => run.map(([lon, lat]) => [lon!, lat!] as LonLat));

const base = answer({ include_crossings: true });

/** The largest radius of curvature of the WGS84 ellipsoid, km per radian: ground distances measured on the safe side. */
const KM_PER_RADIAN = 6400;
const groundKm = ([lon1, lat1]: LonLat, [lon2, lat2]: LonLat) => {
  const h = Math.sin(((lat2 - lat1) * RAD) / 2) ** 2 + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.sin(((lon2 - lon1) * RAD) / 2) ** 2;
  return 2 * KM_PER_RADIAN * Math.asin(Math.min(1, Math.sqrt(h)));
};
const unit = ([lon, lat]: LonLat) => [Math.cos(lat * RAD) * Math.cos(lon * RAD), Math.cos(lat * RAD) * Math.sin(lon * RAD), Math.sin(lat * RAD)] as const;
const cross = (a: readonly number[], b: readonly number[]) => [a[1]! * b[2]! - a[2]! * b[1]!, a[2]! * b[0]! - a[0]! * b[2]!, a[0]! * b[1]! - a[1]! * b[0]!];
const dot = (a: readonly number[], b: readonly number[]) => a[0]! * b[0]! + a[1]! * b[1]! + a[2]! * b[2]!;

/**
 * Points of the true geocentric horizon curve (cos H0 = −tan φ tan δ, written out here), every
 * 0.02° of latitude and every 0.02° of hour angle (the second covers the turning latitudes, where
 * the curve runs east-west); side −1 rising (west of the sub-point), +1 setting.
 */
function trueHorizon(ra: number, dec: number, gast: number, side: number): LonLat[] {
  const out: LonLat[] = [];
  const limit = 90 - Math.abs(dec);
  for (let lat = -limit + 0.005; lat < limit; lat += 0.02) {
    const h0 = Math.acos(Math.max(-1, Math.min(1, -Math.tan(lat * RAD) * Math.tan(dec * RAD)))) / RAD;
    out.push([wrap(ra - gast + side * h0), lat]);
  }
  for (let h = 0.005; h < 180; h += 0.02) out.push([wrap(ra - gast + side * h), Math.atan(-Math.cos(h * RAD) / Math.tan(dec * RAD)) / RAD]);
  return out;
}

/**
 * The largest ground distance (km) from a true point to the drawn line, each segment read as
 * straight in longitude/latitude (the nearest point of the segment by golden-section search on
 * the ground distance) and as the great-circle arc between its ends.
 */
function worstGapKm(runs: LonLat[][], truth: LonLat[]): { straight: number; arc: number } {
  const segments = runs.flatMap((run) => run.slice(1).map((b, i) => [run[i]!, b] as const));
  let straight = 0;
  let arc = 0;
  for (const p of truth) {
    let bestStraight = Infinity;
    let bestArc = Infinity;
    const P = unit(p);
    for (const [a, b] of segments) {
      // A segment whose latitudes stay 0.05° (5 km) away cannot be the nearest within the bound.
      if (p[1] < Math.min(a[1], b[1]) - 0.05 || p[1] > Math.max(a[1], b[1]) + 0.05) continue;
      const at = (k: number): LonLat => [a[0] + k * (b[0] - a[0]), a[1] + k * (b[1] - a[1])];
      let lo = 0;
      let hi = 1;
      for (let n = 0; n < 60; n++) {
        const k1 = lo + (hi - lo) * 0.382;
        const k2 = lo + (hi - lo) * 0.618;
        if (groundKm(p, at(k1)) < groundKm(p, at(k2))) hi = k2;
        else lo = k1;
      }
      bestStraight = Math.min(bestStraight, groundKm(p, at((lo + hi) / 2)), groundKm(p, a), groundKm(p, b));
      const A = unit(a);
      const B = unit(b);
      const n = cross(A, B);
      const inside = dot(cross(A, P), n) >= 0 && dot(cross(P, B), n) >= 0;
      const len = Math.hypot(n[0]!, n[1]!, n[2]!);
      const toArc = inside && len > 0 ? KM_PER_RADIAN * Math.asin(Math.min(1, Math.abs(dot(P, n)) / len)) : Math.min(groundKm(p, a), groundKm(p, b));
      bestArc = Math.min(bestArc, toArc);
    }
    straight = Math.max(straight, bestStraight);
    arc = Math.max(arc, bestArc);
  }
  return { straight, arc };
}

describe('the answer', () => {
  it('keeps its contract and draws the default bodies and angles', () => {
    const lisbon = acgLinesRequest.parse({
      natal: { year: 1990, month: 5, day: 17, hour: 8, minute: 15, city: 'Lisbon' },
      mode: 'projected',
      bodies: ['venus'],
    });
    const looked = computeAcgLines({ request: lisbon, place: resolveSubjectPlace(lisbon.natal, ['body', 'natal']) });
    assertAnswerContract(
      acgLinesResponse,
      [base, looked].map((a) => JSON.parse(JSON.stringify(a))),
    );
    const task = runTask('astrocartography_lines', {
      request: acgLinesRequest.parse({ natal: exampleAcgNatal }),
      place: resolveSubjectPlace(exampleAcgNatal, ['body', 'natal']),
    });
    expect(task).toBeInstanceOf(Uint8Array);
    expect(base.meta).toMatchObject({
      geometry_format: 'geojson',
      coordinate_reference_system: 'WGS84',
      mode: 'in_mundo',
      topocentric: false,
      datetime_utc: '1995-09-05T18:00:00.000Z',
    });
    expect(base.lines.map((l) => l.id).slice(0, 4)).toEqual(['sun:asc', 'sun:dsc', 'sun:mc', 'sun:ic']);
    expect(base.lines).toHaveLength(44);
    expect(base.warnings[0]).toBe(EXPLORATORY_WARNING);
    expect(base.warnings).toContain(DATE_LINE_WARNING);
  });
});

describe('the served bytes', () => {
  it("write the lines on the JSON tape exactly as JSON.stringify writes the answer's objects", () => {
    const requests = [{}, { include_crossings: true, topocentric: true }, { mode: 'projected', bodies: ['chiron', 'mean_node', 'lilith'] }];
    for (const [i, extra] of requests.entries()) {
      const natal = { ...exampleAcgNatal, hour: 3 + 7 * i, minute: 11 * i };
      const request = acgLinesRequest.parse({ natal, ...extra });
      const task = { request, place: resolveSubjectPlace(request.natal, ['body', 'natal']) };
      const served = Buffer.from(runTask('astrocartography_lines', task) as Uint8Array).toString('utf8');
      expect(served).toBe(JSON.stringify(computeAcgLines(task)));
      expect(served).toContain('MultiLineString');
    }
  });
});

describe('MC and IC lines', () => {
  it('are where the body is on the meridian: hour angle 0 (MC) and 180 (IC) at every point', () => {
    for (const line of base.lines.filter((l) => l.angle === 'mc' || l.angle === 'ic')) {
      const { ra } = equatorial(line.body);
      const points = positionsOf(line.geometry).flat();
      expect(points[0]![1]).toBe(-90);
      expect(points.at(-1)![1]).toBe(90);
      for (const [lon] of points) {
        const hourAngle = wrap(lstDeg(JD, lon) - ra - (line.angle === 'ic' ? 180 : 0));
        expect(Math.abs(hourAngle), line.id).toBeLessThan(1e-5);
      }
    }
  });
});

describe('ASC and DSC lines', () => {
  it('are where the body is on the horizon, rising on ASC and setting on DSC', () => {
    for (const line of base.lines.filter((l) => l.angle === 'asc' || l.angle === 'dsc')) {
      const { dec } = equatorial(line.body);
      const points = positionsOf(line.geometry).flat();
      for (const [lon, lat] of points.filter((_, i) => i % 7 === 0)) {
        expect(Math.abs(altitude(line.body, lon, lat)), `${line.id} at ${lon},${lat}`).toBeLessThan(1e-5);
        // Away from the turning latitudes (where it only grazes the horizon), half a minute later it is up (rising) or down (setting).
        if (Math.abs(lat) < 90 - Math.abs(dec) - 1) {
          const later = altitude(line.body, lon, lat, JD + 30 / 86400);
          expect(line.angle === 'asc' ? later > 0 : later < 0, `${line.id} at ${lon},${lat}: ${later}`).toBe(true);
        }
      }
    }
  });

  it('stay within the stated error of the true curve, drawn straight or as great-circle arcs', () => {
    const gast = sweph.sidtime(JD) * 15;
    const real = ['sun:asc', 'moon:dsc', 'pluto:asc'].map((id) => {
      const line = base.lines.find((l) => l.id === id)!;
      return { id, angle: line.angle, ...equatorial(line.body), gast, runs: positionsOf(line.geometry) };
    });
    // Declinations near 0 (the line passes close to the poles, where longitude sweeps fast), at the ecliptic's extremes and beyond.
    const synthetic = [0.02, -0.3, 5, 23.44, -28.6, 50, 0.001, -0.0001].flatMap((dec, i) =>
      astrocartographyLines([{ id: `x${i}`, ra: 37 * i + 11, dec, sinParallax: 0 }], 150 - 41 * i, ['asc', 'dsc']).map((line) => ({
        id: line.id,
        angle: line.angle,
        ra: 37 * i + 11,
        dec,
        gast: 150 - 41 * i,
        runs: line.segments.map(runPositions),
      })),
    );
    for (const { id, angle, ra, dec, gast: g, runs } of [...real, ...synthetic]) {
      const worst = worstGapKm(runs, trueHorizon(ra, dec, g, angle === 'asc' ? -1 : 1));
      // Measured, not vacuous: the worst gap is a sizeable part of the bound (0.4 to 0.8 km; 0.09 to 0.15 km for the lines
      // passing within 0.02° of a pole, short there). Drawn as great-circle arcs the gap is about 0: a geocentric horizon is a great circle
      // (radius 90° around the sub-point), sampled by the bound of horizon-great-circle.ts.
      expect(worst.straight, `${id} drawn straight`).toBeLessThan(MAX_ERROR_KM);
      if (dec !== 50) expect(Math.max(worst.straight, worst.arc), id).toBeGreaterThan(0.05);
      expect(worst.arc, `${id} drawn as great-circle arcs`).toBeLessThan(MAX_ERROR_KM);
    }
  });

  it("with topocentric, put the Moon on the horizon seen from the ground (the library's topocentric altitude)", () => {
    const topo = answer({ topocentric: true, bodies: ['Moon'] });
    const geo = answer({ bodies: ['moon'] });
    const asc = topo.lines.find((l) => l.id === 'moon:asc')!;
    const points = positionsOf(asc.geometry).flat();
    for (const [lon, lat] of points.filter((_, i) => i % 5 === 0)) {
      expect(Math.abs(trueAltitude(JD, C.SE_MOON, lat, lon).altitude), `${lon},${lat}`).toBeLessThan(1e-3);
    }
    // The geocentric line is about a degree away (the Moon's parallax), and the meridians are the same.
    const [lon, lat] = positionsOf(geo.lines.find((l) => l.id === 'moon:asc')!.geometry).flat()[100]!;
    expect(Math.abs(trueAltitude(JD, C.SE_MOON, lat, lon).altitude)).toBeGreaterThan(0.5);
    expect(topo.lines.find((l) => l.id === 'moon:mc')!.geometry).toEqual(geo.lines.find((l) => l.id === 'moon:mc')!.geometry);
  });
});

describe('circumpolar latitudes', () => {
  it('end the horizon lines at 90° − |δ|', () => {
    const body: AcgBody = { id: 'x', ra: 100, dec: 60, sinParallax: 0 };
    const [asc, dsc] = astrocartographyLines([body], 0, ['asc', 'dsc']);
    for (const line of [asc!, dsc!]) {
      expect(line.latMax).toBeCloseTo(30, 9);
      expect(line.latMin).toBeCloseTo(-30, 9);
      expect(Math.max(...line.segments.flatMap(runPositions).map(([, lat]) => lat))).toBeLessThanOrEqual(30 + 1e-9);
    }
    // Beyond, tan φ tan δ > 1: the body never sets (north) or never rises (south).
    expect(Math.tan(30.5 * RAD) * Math.tan(60 * RAD)).toBeGreaterThan(1);
    expect(horizonHourAngle(60, 30.5, 0)).toBeNaN();
    expect(horizonHourAngle(60, -30.5, 0)).toBeNaN();
    // The real Moon of the example: its lines stop at 90° − |δ|.
    const moon = base.lines.find((l) => l.id === 'moon:asc')!;
    expect(moon.latitude_max).toBeCloseTo(90 - Math.abs(equatorial('moon').dec), 5);
  });
});

describe('the antimeridian', () => {
  it('splits lines into valid GeoJSON whose segments never jump across ±180', () => {
    let splits = 0;
    for (const gast of [0, 37, 90, 181, 275]) {
      const bodies: AcgBody[] = [-23, -5, 0.3, 12, 28].map((dec, i) => ({ id: `b${i}`, ra: i * 71, dec, sinParallax: 0 }));
      for (const line of astrocartographyLines(bodies, gast, ['asc', 'dsc', 'mc', 'ic'])) {
        if (line.split) splits++;
        expect(line.segments.length > 1).toBe(line.split);
        for (const run of line.segments.map(runPositions)) {
          expect(run.length).toBeGreaterThanOrEqual(2);
          for (let i = 0; i < run.length; i++) {
            const [lon, lat] = run[i]!;
            expect(Number.isFinite(lon) && lon >= -180 && lon <= 180 && lat >= -90 && lat <= 90, `${line.id} ${lon},${lat}`).toBe(true);
            // No segment wraps round the map, and each horizon segment is at most one step of the sampling (2° of the horizon circle, 223 km) on the ground.
            if (i > 0) expect(Math.abs(lon - run[i - 1]![0]), `${line.id} jumps`).toBeLessThan(180);
            if (i > 0 && (line.angle === 'asc' || line.angle === 'dsc'))
              expect(groundKm(run[i - 1]!, run[i]!), `${line.id} jumps`).toBeLessThanOrEqual(2 * RAD * KM_PER_RADIAN + 1e-6);
          }
        }
        for (let r = 0; r + 1 < line.segments.length; r++) {
          const end = runPositions(line.segments[r]!).at(-1)!;
          const start = runPositions(line.segments[r + 1]!)[0]!;
          expect(Math.abs(end[0])).toBe(180);
          expect(start[0]).toBe(-end[0]);
          expect(start[1]).toBe(end[1]);
        }
      }
    }
    expect(splits).toBeGreaterThan(5);
  });

  it("cuts the example's split lines on the true curve", () => {
    for (const line of base.lines.filter((l) => l.split_at_antimeridian)) {
      expect(line.geometry.type).toBe('MultiLineString');
      for (const run of positionsOf(line.geometry)) {
        for (const [lon, lat] of [run[0]!, run.at(-1)!]) {
          if (Math.abs(lon) === 180) expect(Math.abs(altitude(line.body, lon, lat)), line.id).toBeLessThan(1e-5);
        }
      }
    }
  });
});

describe('crossings', () => {
  it('lie on both of their lines', () => {
    expect(base.crossings.length).toBeGreaterThan(50);
    const byId = new Map(base.lines.map((l) => [l.id, l]));
    for (const c of base.crossings) {
      expect(c.point.coordinates).toEqual([c.lng, c.lat]);
      const [lon, lat] = c.point.coordinates as [number, number];
      const a = byId.get(c.line_a_id)!;
      const b = byId.get(c.line_b_id)!;
      expect(a.body).not.toBe(b.body);
      for (const line of [a, b]) {
        const { ra } = equatorial(line.body);
        const hourAngle = wrap(lstDeg(JD, lon) - ra);
        if (line.angle === 'mc') expect(Math.abs(hourAngle), c.id).toBeLessThan(1e-5);
        else if (line.angle === 'ic') expect(Math.abs(wrap(hourAngle - 180)), c.id).toBeLessThan(1e-5);
        else {
          expect(Math.abs(altitude(line.body, lon, lat)), c.id).toBeLessThan(1e-5);
          // Rising bodies are east of the meridian (hour angle negative), setting ones west.
          expect(line.angle === 'asc' ? hourAngle <= 0 : hourAngle >= 0, c.id).toBe(true);
        }
      }
    }
  });

  it("are found between two horizon lines too, and none between a body's own lines", () => {
    const crossings = lineCrossings(
      astrocartographyLines(
        [
          { id: 'a', ra: 0, dec: 20, sinParallax: 0 },
          { id: 'b', ra: 30, dec: -10, sinParallax: 0 },
        ],
        0,
        ['asc', 'dsc', 'mc', 'ic'],
      ),
    );
    expect(crossings.some((c) => c.a.angle === 'asc' && c.b.angle === 'asc')).toBe(true);
    expect(crossings.every((c) => c.a.body !== c.b.body)).toBe(true);
  });
});

describe('the request', () => {
  it('refuses an untimed birth with a 422 on natal.time_known', () => {
    const request = acgLinesRequest.parse({ natal: { ...exampleAcgNatal, time_known: false, hour: undefined, minute: undefined } });
    expect(() => checkAcgRequest(request)).toThrow(RequestFieldError);
    try {
      checkAcgRequest(request);
    } catch (error) {
      expect((error as RequestFieldError).loc).toEqual(['body', 'natal', 'time_known']);
    }
    const refused = runTask('astrocartography_lines', { request, place: resolveSubjectPlace(exampleAcgNatal, ['body', 'natal']) });
    expect(refused).toMatchObject({ loc: ['body', 'natal', 'time_known'] });
  });

  it('reads body and angle names in any case, each once', () => {
    const request = acgLinesRequest.parse({ natal: exampleAcgNatal, bodies: ['Sun', 'True_Node', 'MOON', 'sun'], angles: ['MC', 'Asc'] });
    expect(request.bodies).toEqual(['sun', 'true_node', 'moon', 'sun']);
    const a = computeAcgLines({ request, place: resolveSubjectPlace(request.natal, ['body', 'natal']) });
    expect(a.lines.map((l) => l.id)).toEqual(['sun:asc', 'sun:mc', 'true_node:asc', 'true_node:mc', 'moon:asc', 'moon:mc']);
    expect(acgLinesRequest.safeParse({ natal: exampleAcgNatal, bodies: ['Sol'] }).success).toBe(false);
  });

  it("draws the projected point on the ecliptic at the body's longitude, and refuses topocentric with it", () => {
    const projected = answer({ mode: 'projected', bodies: ['moon'] });
    const { right_ascension: ra, declination: dec } = projected.positions[0]!;
    const eps = projected.meta.obliquity_deg;
    const [lon, lat] = sweph.cotrans([ra, dec, 1], eps);
    expect(Math.abs(lat)).toBeLessThan(1e-9);
    const ecliptic = sweph.calc_ut(JD, C.SE_MOON, C.SEFLG_SWIEPH).data[0];
    expect(Math.abs(wrap(lon - ecliptic))).toBeLessThan(1e-6);
    expect(() => checkAcgRequest(acgLinesRequest.parse({ natal: exampleAcgNatal, mode: 'Projected', topocentric: true }))).toThrow(/in_mundo/);
  });
});
