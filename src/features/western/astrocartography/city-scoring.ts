/**
 * How a place is judged for a focus (the city check, and each candidate of the recommendations):
 * the exact distance from the place to every line, the parans whose bands reach its latitude,
 * and the planets on the angles of the birth instant's chart cast there, each turned into a
 * signed factor by the rules of acg-rules.ts. A score is the sum of its factors: nothing else
 * enters it, so every factor listed can be checked against the sky.
 */
import { distanceToLine } from '../../../astro/acg-distance.ts';
import type { AcgAngle } from '../../../astro/astrocartography.ts';
import { bodyInfo } from '../../../astro/bodies.ts';
import { calcBody } from '../../../astro/ephemeris.ts';
import { paranStrength, type Paran, type ParanSearch } from '../../../astro/parans.ts';
import { ascMcFromArmc } from '../../../astro/relocated-angles.ts';
import { normalizeDegrees, signedSeparation } from '../../../astro/zodiac.ts';
import { KM_PER_DEG } from '../../../geo/city-grid.ts';
import type { AcgSky } from './acg-sky.ts';
import {
  ACG_FOCUSES,
  ANGULAR_ORB_DEG,
  ANGULAR_POINTS,
  LINE_POINTS,
  LINE_REACH_KM,
  PARAN_POINTS,
  bodyTitle,
  focusWeight,
  lineStrength,
  matchTier,
  signalStrength,
  verdictOf,
  ANGLE_NAMES,
  type AcgFocus,
} from './acg-rules.ts';
import { paranId, rankParans } from './astrocartography-parans-service.ts';

const round2 = (x: number) => Math.round(x * 100) / 100;
const round3 = (x: number) => Math.round(x * 1000) / 1000;

export interface ScoringContext {
  /** The lines' sky (the request's mode and topocentric setting). */
  sky: AcgSky;
  angles: readonly AcgAngle[];
  /** Every paran of the bodies and angles (in mundo, geocentric), at any latitude. */
  parans: readonly Paran[];
  paranOrb: number;
  paranTail: number;
  /** Each body's apparent ecliptic longitude of date (tropical), for the relocated chart's angular planets. */
  longitudes: { id: string; lon: number }[];
}

export function scoringContext(sky: AcgSky, angles: readonly AcgAngle[], parans: readonly Paran[], paranOrb: number, paranTail: number): ScoringContext {
  const longitudes = sky.ids.map((id) => ({ id, lon: calcBody(sky.jdUt, bodyInfo(id).se!).lon }));
  return { sky, angles, parans, paranOrb, paranTail, longitudes };
}

export interface LineReach {
  id: string;
  body: string;
  angle: AcgAngle;
  distanceKm: number;
  point: { lat: number; lon: number };
}

export interface ParanReach {
  paran: Paran;
  id: string;
  distanceKm: number;
  strength: number;
}

export interface AngularPlanet {
  body: string;
  angle: AcgAngle;
  /** Degrees of ecliptic longitude between the body and the angle. */
  orb: number;
  lon: number;
}

export interface CityMeasure {
  lat: number;
  lng: number;
  lines: LineReach[];
  /** Every paran, with its distance (along the meridian) and its strength at the place's latitude. */
  parans: ParanReach[];
  asc: number;
  mc: number;
  angular: AngularPlanet[];
}

/** The relocated chart's angle longitudes (ASC, DSC, MC, IC) from its ASC and MC. */
export function angleLongitudes(asc: number, mc: number): Record<AcgAngle, number> {
  return { asc, dsc: normalizeDegrees(asc + 180), mc, ic: normalizeDegrees(mc + 180) };
}

/** A paran's signed weight for a focus: the mean of its two events' weights. */
export function paranWeight(focus: AcgFocus, p: Paran): number {
  return (focusWeight(focus, p.a.id, p.eventA) + focusWeight(focus, p.b.id, p.eventB)) / 2;
}

/** The first window's half-width, degrees of latitude: most places find a paran of every kind the scores read within it. */
const FIRST_HALF_WIDTH_DEG = 8;

/**
 * The parans the scores of a place at latitude `lat` read (measureCity, focusScore), ranked: every paran within the orb
 * and tail of its latitude, and for each focus the nearest one with a favourable and the nearest with a challenging
 * weight. The search starts with a window around the latitude and widens it, doubling, by the bands on either side,
 * until each of those nearest is inside it or it covers the globe. Every paran inside a window is found, so none outside
 * can be nearer: the scores, factors and ties are those of the whole sky's parans, for a search of a few degrees
 * instead of 180.
 */
export function paransForPlace(search: ParanSearch, lat: number, orb: number, tail: number): Paran[] {
  let half = Math.max(orb + tail, FIRST_HALF_WIDTH_DEG);
  const found = search.within({ lo: lat - half, hi: lat + half });
  const complete = () => ACG_FOCUSES.every((f) => found.some((p) => paranWeight(f, p) > 0) && found.some((p) => paranWeight(f, p) < 0));
  while (!(lat - half <= -90 && lat + half >= 90) && !complete()) {
    found.push(...search.within({ lo: lat - 2 * half, hi: lat - half }), ...search.within({ lo: lat + half, hi: lat + 2 * half }));
    half *= 2;
  }
  return rankParans(found);
}

/** Everything the rules read of one place: distances to the lines and parans, the angular planets there. */
export function measureCity(ctx: ScoringContext, lat: number, lng: number): CityMeasure {
  const { sky } = ctx;
  const lines: LineReach[] = [];
  for (const body of sky.bodies) {
    for (const angle of ctx.angles) {
      const d = distanceToLine(body, sky.gastDeg, angle, lat, lng);
      lines.push({ id: `${body.id}:${angle}`, body: body.id, angle, distanceKm: d.deg * KM_PER_DEG, point: { lat: d.lat, lon: d.lon } });
    }
  }
  const parans = ctx.parans.map((p) => ({
    paran: p,
    id: paranId(p),
    distanceKm: Math.abs(lat - p.lat) * KM_PER_DEG,
    strength: paranStrength(p.lat, lat, ctx.paranOrb, ctx.paranTail),
  }));
  const { asc, mc } = ascMcFromArmc(sky.gastDeg + lng, sky.obliquity, lat);
  const at = angleLongitudes(asc, mc);
  const angular: AngularPlanet[] = [];
  for (const { id, lon } of ctx.longitudes) {
    for (const angle of ctx.angles) {
      const orb = Math.abs(signedSeparation(lon, at[angle]));
      if (orb <= ANGULAR_ORB_DEG) angular.push({ body: id, angle, orb, lon });
    }
  }
  angular.sort((a, b) => a.orb - b.orb);
  return { lat, lng, lines, parans, asc, mc, angular };
}

export interface LineFactor {
  body: string;
  angle: AcgAngle;
  line_id: string;
  distance_km: number;
  weight: number;
  strength: number;
  score: number;
}

export interface ParanFactor {
  id: string;
  body_a: string;
  event_a: AcgAngle;
  body_b: string;
  event_b: AcgAngle;
  latitude: number;
  distance_km: number;
  weight: number;
  strength: number;
  score: number;
}

export interface RelocationFactor {
  body: string;
  angle: AcgAngle;
  orb_deg: number;
  weight: number;
  score: number;
}

type LineRef = { body: string; angle: AcgAngle; distance_km: number } | null;
type ParanRef = Omit<ParanFactor, 'weight' | 'strength' | 'score'> | null;

export interface FocusScore {
  score: number;
  verdict: ReturnType<typeof verdictOf>;
  match_tier: ReturnType<typeof matchTier>;
  signal_strength: ReturnType<typeof signalStrength>;
  summary: string;
  top_factors: LineFactor[];
  line_score: number;
  paran_score: number;
  relocation_score: number;
  nearest_favorable_distance_km: number | null;
  nearest_challenging_distance_km: number | null;
  nearest_favorable_line: LineRef;
  nearest_challenging_line: LineRef;
  top_parans: ParanFactor[];
  nearest_favorable_paran: ParanRef;
  nearest_challenging_paran: ParanRef;
  relocation_factors: RelocationFactor[];
  /** Every line factor that counted (strength > 0, weight ≠ 0), strongest first; the top five are `top_factors`. */
  contributing_lines: number;
}

const TOP = 5;
const byMagnitude = <T extends { score: number }>(a: T, b: T) => Math.abs(b.score) - Math.abs(a.score);

function paranRef(r: ParanReach): NonNullable<ParanRef> {
  const p = r.paran;
  return { id: r.id, body_a: p.a.id, event_a: p.eventA, body_b: p.b.id, event_b: p.eventB, latitude: round3(p.lat), distance_km: round2(r.distanceKm) };
}

/** A paran's factor: its reference and its points (written out, not spread from paranRef: spreading was most of a focus score's time). */
function paranFactor(r: ParanReach, weight: number): ParanFactor {
  const p = r.paran;
  return {
    id: r.id,
    body_a: p.a.id,
    event_a: p.eventA,
    body_b: p.b.id,
    event_b: p.eventB,
    latitude: round3(p.lat),
    distance_km: round2(r.distanceKm),
    weight: round3(weight),
    strength: round3(r.strength),
    score: round2(PARAN_POINTS * weight * r.strength),
  };
}

function summaryOf(focus: AcgFocus, lines: LineFactor[], score: number): string {
  const support = lines.filter((f) => f.score > 0);
  const challenge = lines.filter((f) => f.score < 0);
  const tier = verdictOf(score);
  if (lines.length === 0)
    return `No line reaches this place for ${focus} (none within ${LINE_REACH_KM} km); the score comes from parans and the relocated angles only.`;
  const best = support[0];
  const worst = challenge[0];
  const parts: string[] = [];
  if (best) parts.push(`${bodyTitle(best.body)} ${ANGLE_NAMES[best.angle]} (${Math.round(best.distance_km)} km) is the strongest supportive line for ${focus}`);
  if (worst) parts.push(`${bodyTitle(worst.body)} ${ANGLE_NAMES[worst.angle]} (${Math.round(worst.distance_km)} km) the strongest challenging one`);
  return `${parts.join('; ')}; ${lines.length} line(s) within ${LINE_REACH_KM} km contribute, overall ${tier}.`;
}

/** One focus's score of a measured place, with its factors. */
export function focusScore(m: CityMeasure, focus: AcgFocus): FocusScore {
  const lineFactors: LineFactor[] = [];
  let nearFav: LineReach | undefined;
  let nearChal: LineReach | undefined;
  for (const l of m.lines) {
    const weight = focusWeight(focus, l.body, l.angle);
    if (weight > 0 && (!nearFav || l.distanceKm < nearFav.distanceKm)) nearFav = l;
    if (weight < 0 && (!nearChal || l.distanceKm < nearChal.distanceKm)) nearChal = l;
    const strength = lineStrength(l.distanceKm);
    if (strength === 0 || weight === 0) continue;
    lineFactors.push({
      body: l.body,
      angle: l.angle,
      line_id: l.id,
      distance_km: round2(l.distanceKm),
      weight: round3(weight),
      strength: round3(strength),
      score: round2(LINE_POINTS * weight * strength),
    });
  }
  lineFactors.sort(byMagnitude);

  const paranFactors: ParanFactor[] = [];
  let nearFavParan: ParanReach | undefined;
  let nearChalParan: ParanReach | undefined;
  for (const r of m.parans) {
    const weight = paranWeight(focus, r.paran);
    if (weight > 0 && (!nearFavParan || r.distanceKm < nearFavParan.distanceKm)) nearFavParan = r;
    if (weight < 0 && (!nearChalParan || r.distanceKm < nearChalParan.distanceKm)) nearChalParan = r;
    if (r.strength === 0 || weight === 0) continue;
    paranFactors.push(paranFactor(r, weight));
  }
  paranFactors.sort(byMagnitude);

  const relocationFactors: RelocationFactor[] = [];
  for (const a of m.angular) {
    const weight = focusWeight(focus, a.body, a.angle);
    if (weight === 0) continue;
    relocationFactors.push({
      body: a.body,
      angle: a.angle,
      orb_deg: round3(a.orb),
      weight: round3(weight),
      score: round2(ANGULAR_POINTS * weight * (1 - a.orb / ANGULAR_ORB_DEG)),
    });
  }
  relocationFactors.sort(byMagnitude);

  const sum = (xs: { score: number }[]) => round2(xs.reduce((s, x) => s + x.score, 0));
  const lineScore = sum(lineFactors);
  const paranScore = sum(paranFactors);
  const relocationScore = sum(relocationFactors);
  const score = round2(lineScore + paranScore + relocationScore);
  const strongest = [...lineFactors.slice(0, 1), ...paranFactors.slice(0, 1), ...relocationFactors.slice(0, 1)].sort(byMagnitude)[0];
  const lineRef = (l: LineReach | undefined): LineRef => (l ? { body: l.body, angle: l.angle, distance_km: round2(l.distanceKm) } : null);
  return {
    score,
    verdict: verdictOf(score),
    match_tier: matchTier(score),
    signal_strength: signalStrength(strongest?.score ?? 0),
    summary: summaryOf(focus, lineFactors, score),
    top_factors: lineFactors.slice(0, TOP),
    line_score: lineScore,
    paran_score: paranScore,
    relocation_score: relocationScore,
    nearest_favorable_distance_km: nearFav ? round2(nearFav.distanceKm) : null,
    nearest_challenging_distance_km: nearChal ? round2(nearChal.distanceKm) : null,
    nearest_favorable_line: lineRef(nearFav),
    nearest_challenging_line: lineRef(nearChal),
    top_parans: paranFactors.slice(0, TOP),
    nearest_favorable_paran: nearFavParan ? paranRef(nearFavParan) : null,
    nearest_challenging_paran: nearChalParan ? paranRef(nearChalParan) : null,
    relocation_factors: relocationFactors,
    contributing_lines: lineFactors.length,
  };
}

/** Every focus's score of a measured place, and their mean (`overall_score`). */
export function allFocusScores(m: CityMeasure): { focus_scores: Record<AcgFocus, FocusScore>; overall_score: number } {
  const focusScores = Object.fromEntries(ACG_FOCUSES.map((f) => [f, focusScore(m, f)])) as Record<AcgFocus, FocusScore>;
  const overall = round2(ACG_FOCUSES.reduce((s, f) => s + focusScores[f].score, 0) / ACG_FOCUSES.length);
  return { focus_scores: focusScores, overall_score: overall };
}
