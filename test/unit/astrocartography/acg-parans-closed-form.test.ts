/**
 * Parans in closed form (src/astro/parans.ts: meridianRoot, horizonRoots): the parans found are those
 * a fine independent scan of the condition finds, over random skies and the skies where a closed form
 * hands the pair to the scan (a declination near 0, two bodies at nearly one point, roots near the
 * latitude where a body stops rising).
 */
import { describe, expect, it } from 'vitest';
import { ACG_ANGLES, type AcgAngle, type AcgBody } from '../../../src/astro/astrocartography.ts';
import { parans } from '../../../src/astro/parans.ts';
import { seededRandom } from '../../helpers/seeded-random.ts';

const RAD = Math.PI / 180;
const random = seededRandom(72072);
const between = (lo: number, hi: number) => lo + random() * (hi - lo);
const wrap = (d: number) => d - 360 * Math.round(d / 360);

/** The hour angle of an event (−H0 rising, +H0 setting), NaN where the body does not rise or set. */
function hourAngle(dec: number, event: AcgAngle, lat: number): number {
  if (event === 'mc') return 0;
  if (event === 'ic') return 180;
  const c = -Math.tan(lat * RAD) * Math.tan(dec * RAD);
  // (At the very reach, c is ±1 within rounding.)
  if (Math.abs(c) > 1 + 1e-9) return NaN;
  return (event === 'asc' ? -1 : 1) * (Math.acos(Math.max(-1, Math.min(1, c))) / RAD);
}

const STEP = 0.004;
/**
 * Roots within this of a pair's reach (degrees of latitude) are left out of the comparison of lists (each is still put
 * back into the condition): H0 is so steep there that a root a hair inside the reach (H0 = 1e-7°, say) falls between the
 * fine scan's last two points without a change of sign.
 */
const EDGE = 0.01;

/** |φ| up to which both events happen. */
function reachOf(a: AcgBody, ea: AcgAngle, b: AcgBody, eb: AcgAngle): number {
  let reach = 90;
  if (ea === 'asc' || ea === 'dsc') reach = Math.min(reach, 90 - Math.abs(a.dec));
  if (eb === 'asc' || eb === 'dsc') reach = Math.min(reach, 90 - Math.abs(b.dec));
  return reach;
}

/** The latitudes where the condition changes sign or is 0, every STEP degrees from −reach to reach (both included), away from its ±180° jump. */
function scannedRoots(a: AcgBody, ea: AcgAngle, b: AcgBody, eb: AcgAngle): number[] {
  const reach = reachOf(a, ea, b, eb);
  const steps = Math.ceil((2 * reach) / STEP);
  const gap = (lat: number) => wrap(a.ra + hourAngle(a.dec, ea, lat) - b.ra - hourAngle(b.dec, eb, lat));
  const roots: number[] = [];
  let prev = gap(-reach);
  for (let k = 1; k <= steps; k++) {
    const lat = k === steps ? reach : -reach + k * STEP;
    const g = gap(lat);
    if (Math.abs(g) < 90 && Math.abs(prev) < 90 && (prev === 0 || prev * g < 0 || (g === 0 && k === steps))) roots.push(lat - STEP / 2);
    prev = g;
  }
  return roots;
}

function randomSky(n: number): AcgBody[] {
  const bodies: AcgBody[] = [];
  for (let i = 0; i < n; i++) bodies.push({ id: `b${i}`, ra: between(0, 360), dec: between(-30, 30), sinParallax: 0 });
  return bodies;
}

/** Skies where the closed form is ill-conditioned somewhere: the scan answers those pairs. */
function awkwardSky(): AcgBody[] {
  const ra = between(0, 360);
  const dec = between(-25, 25);
  return [
    { id: 'x', ra, dec, sinParallax: 0 },
    // Nearly the same point as x.
    { id: 'twin', ra: ra + 1e-7, dec: dec + 1e-9, sinParallax: 0 },
    // On the equator and nearly so.
    { id: 'equator', ra: between(0, 360), dec: 0, sinParallax: 0 },
    { id: 'near-equator', ra: between(0, 360), dec: 3e-5, sinParallax: 0 },
    // Far north: its horizon events stop at 10°–20° of latitude, where roots come close to the edge.
    { id: 'north', ra: between(0, 360), dec: between(70, 80), sinParallax: 0 },
    { id: 'south', ra: between(0, 360), dec: -between(60, 75), sinParallax: 0 },
  ];
}

describe('parans in closed form', () => {
  it('are the roots a fine scan finds, each holding the condition to 1e-6°', () => {
    const skies = [...Array.from({ length: 6 }, () => randomSky(5)), ...Array.from({ length: 4 }, awkwardSky)];
    let checked = 0;
    for (const bodies of skies) {
      const found = parans(bodies, ACG_ANGLES, 0, 90);
      for (let i = 0; i < bodies.length; i++)
        for (let j = i + 1; j < bodies.length; j++)
          for (const ea of ACG_ANGLES)
            for (const eb of ACG_ANGLES) {
              if ((ea === 'mc' || ea === 'ic') && (eb === 'mc' || eb === 'ic')) continue;
              const a = bodies[i]!;
              const b = bodies[j]!;
              const all = found.filter((p) => p.a === a && p.eventA === ea && p.b === b && p.eventB === eb).map((p) => p.lat);
              // A root holds the condition to 1e-6° of sidereal time, or (where H0 is steep, near the reach) the condition
              // changes sign within 1e-9° of latitude of it (a scanned root is bisected to 1e-10°).
              const reach = reachOf(a, ea, b, eb);
              const gap = (lat: number) => wrap(a.ra + hourAngle(a.dec, ea, lat) - b.ra - hourAngle(b.dec, eb, lat));
              for (const lat of all) {
                const holds = Math.abs(gap(lat)) < 1e-6 || gap(Math.max(-reach, lat - 1e-9)) * gap(Math.min(reach, lat + 1e-9)) <= 0;
                expect(holds, `${a.id} ${ea} ${b.id} ${eb} ${lat}: ${gap(lat)}`).toBe(true);
              }
              // Each root away from the reach is matched both ways, within the fine scan's step.
              const scanned = scannedRoots(a, ea, b, eb);
              const listed = all.filter((lat) => Math.abs(lat) < reach - EDGE);
              const what = `${a.id}(${a.ra}, ${a.dec}) ${ea} / ${b.id}(${b.ra}, ${b.dec}) ${eb}: ${all.join(', ')} against ${scanned.join(', ')}`;
              const near = (xs: number[], lat: number) => xs.some((x) => Math.abs(x - lat) <= STEP);
              for (const lat of listed) expect(near(scanned, lat), what).toBe(true);
              for (const lat of scanned.filter((x) => Math.abs(x) < reach - EDGE - STEP)) expect(near(all, lat), what).toBe(true);
              checked += listed.length;
            }
    }
    // Not vacuous: most pairs of bodies have horizon parans.
    expect(checked).toBeGreaterThan(600);
  });
});
