/**
 * One focus's score of many places, fast: the same rules and the same arithmetic as
 * `focusScore(measureCity(ctx, lat, lng), focus)` (city-scoring.ts), without the factor lists,
 * the nearest lines and the paran ids a city check shows, so that the recommendations can score
 * every city of a scope in a few milliseconds once the chart's lines and parans are known.
 *
 * What it saves, and why the score stays the same:
 * - a line counts only within LINE_REACH_KM, and a place's distance to a half great circle is at
 *   least its distance to the whole circle, asin |n·p| (n the circle's pole, p the place as a unit
 *   vector): three multiplications rule a line out; the lines left are measured by the city
 *   check's own `distanceToLine`;
 * - a paran counts only within paran_orb_deg + paran_tail_deg of its latitude: the parans are held
 *   sorted by latitude and only that slice is read, with `paranStrength`;
 * - the angular planets are found as measureCity finds them (`ascMcFromArmc`, the same orb);
 * - each factor is rounded to 0.01 and the three partial sums rounded as focusScore rounds them.
 * Only geocentric lines (no parallax) are ruled out this way: the recommendations offer no
 * topocentric mode.
 */
import { distanceToLine } from '../../../astro/acg-distance.ts';
import type { AcgAngle } from '../../../astro/astrocartography.ts';
import { paranStrength } from '../../../astro/parans.ts';
import { ascMcFromArmc } from '../../../astro/relocated-angles.ts';
import { signedSeparation } from '../../../astro/zodiac.ts';
import { KM_PER_DEG } from '../../../geo/city-grid.ts';
import { ANGULAR_ORB_DEG, ANGULAR_POINTS, focusWeight, LINE_POINTS, LINE_REACH_KM, lineStrength, PARAN_POINTS, type AcgFocus } from './acg-rules.ts';
import { angleLongitudes, type ScoringContext } from './city-scoring.ts';

const RAD = Math.PI / 180;
const round2 = (x: number) => Math.round(x * 100) / 100;

interface RankedLine {
  body: ScoringContext['sky']['bodies'][number];
  angle: AcgAngle;
  weight: number;
  /** The pole of the line's whole great circle, a unit vector. */
  nx: number;
  ny: number;
  nz: number;
}

/** sin of the central angle a line reaches: a place whose |n·p| is above it is out of reach (with a hair of margin for rounding). */
const REACH_SIN = Math.sin((LINE_REACH_KM / KM_PER_DEG) * RAD) + 1e-9;

function unit(latDeg: number, lonDeg: number): [number, number, number] {
  const cl = Math.cos(latDeg * RAD);
  return [cl * Math.cos(lonDeg * RAD), cl * Math.sin(lonDeg * RAD), Math.sin(latDeg * RAD)];
}

/** A scorer of one focus for the context's sky: (lat, lng) → the city check's score of that focus there. */
export function focusRanker(ctx: ScoringContext, focus: AcgFocus): (lat: number, lng: number) => number {
  const { sky } = ctx;
  if (sky.bodies.some((b) => b.sinParallax !== 0)) throw new Error('focusRanker: geocentric lines only');
  const lines: RankedLine[] = [];
  for (const body of sky.bodies) {
    for (const angle of ctx.angles) {
      const weight = focusWeight(focus, body.id, angle);
      if (weight === 0) continue;
      let n: [number, number, number];
      if (angle === 'mc' || angle === 'ic') {
        // The meridian's plane: its pole is on the equator, 90° east of the line's longitude.
        n = unit(0, body.ra - sky.gastDeg + 90);
      } else {
        // The horizon circle is 90° from the sub-body point: its pole is that point.
        n = unit(body.dec, body.ra - sky.gastDeg);
      }
      lines.push({ body, angle, weight, nx: n[0], ny: n[1], nz: n[2] });
    }
  }
  const parans = ctx.parans
    .map((p) => ({ lat: p.lat, weight: (focusWeight(focus, p.a.id, p.eventA) + focusWeight(focus, p.b.id, p.eventB)) / 2 }))
    .filter((p) => p.weight !== 0)
    .sort((a, b) => a.lat - b.lat);
  const paranLats = Float64Array.from(parans, (p) => p.lat);
  const paranReach = ctx.paranOrb + ctx.paranTail;
  const bodyWeights = ctx.longitudes.map(({ id, lon }) => ({ lon, weights: ctx.angles.map((angle) => [angle, focusWeight(focus, id, angle)] as const) }));

  return (lat, lng) => {
    const [px, py, pz] = unit(lat, lng);
    let lineSum = 0;
    for (const l of lines) {
      if (Math.abs(l.nx * px + l.ny * py + l.nz * pz) > REACH_SIN) continue;
      const strength = lineStrength(distanceToLine(l.body, sky.gastDeg, l.angle, lat, lng).deg * KM_PER_DEG);
      if (strength > 0) lineSum += round2(LINE_POINTS * l.weight * strength);
    }

    let paranSum = 0;
    // The first paran at or above lat − reach (binary search), then up to lat + reach.
    let lo = 0;
    let hi = paranLats.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (paranLats[mid]! < lat - paranReach) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < parans.length && paranLats[i]! <= lat + paranReach; i++) {
      const strength = paranStrength(paranLats[i]!, lat, ctx.paranOrb, ctx.paranTail);
      if (strength > 0) paranSum += round2(PARAN_POINTS * parans[i]!.weight * strength);
    }

    let relocationSum = 0;
    const { asc, mc } = ascMcFromArmc(sky.gastDeg + lng, sky.obliquity, lat);
    const at = angleLongitudes(asc, mc);
    for (const { lon, weights } of bodyWeights) {
      for (const [angle, weight] of weights) {
        if (weight === 0) continue;
        const orb = Math.abs(signedSeparation(lon, at[angle]));
        if (orb <= ANGULAR_ORB_DEG) relocationSum += round2(ANGULAR_POINTS * weight * (1 - orb / ANGULAR_ORB_DEG));
      }
    }
    return round2(round2(lineSum) + round2(paranSum) + round2(relocationSum));
  };
}
