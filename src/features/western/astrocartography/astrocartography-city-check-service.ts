/**
 * The city check: one place judged for every focus by the rules of acg-rules.ts (through
 * city-scoring.ts), with what a map of it should show and the relocated chart's summary.
 */
import { astrocartographyLines, lineCrossings } from '../../../astro/astrocartography.ts';
import { ParanSearch } from '../../../astro/parans.ts';
import { greatCircleKm } from '../../../geo/city-grid.ts';
import { momentWarnings } from '../../../requests/moment.ts';
import { placeWarnings, type ResolvedPlace } from '../../../requests/place.ts';
import { castAcgSky, type AcgSky } from './acg-sky.ts';
import { ACG_FOCUSES, focusWeight, LINE_CLOSE_KM, LINE_FULL_KM, LINE_REACH_KM, type AcgFocus } from './acg-rules.ts';
import type { AcgTarget } from './acg-place.ts';
import { targetTitle } from './acg-place.ts';
import { checkAcgRequest, crossingJson, EXPLORATORY_WARNING, orderedAngles, round2, round6 } from './astrocartography-service.ts';
import { plainLines, type LinesWriter } from './acg-lines-json.ts';
import { allFocusScores, measureCity, paransForPlace, scoringContext, type CityMeasure, type FocusScore, type ScoringContext } from './city-scoring.ts';
import type { AcgCityCheckAnswer, AcgCityCheckRequest } from './astrocartography-city-check-schemas.ts';
import { rankedParans } from './astrocartography-parans-service.ts';
import { relocationSummary } from './relocation-summary.ts';

export interface AcgCityCheckTask {
  request: AcgCityCheckRequest;
  place: ResolvedPlace;
  target: AcgTarget;
}

export const RULES_NOTE = 'docs/api/astrocartography.md, "Scoring rules"';

/**
 * The sky of the lines and the in-mundo, geocentric sky of the parans (the same one unless projected or topocentric).
 * With `forLatitude`, the context holds only the parans the scores of a place there read (paransForPlace); without, every
 * paran of the sky.
 */
export function scoringFor(
  request: Pick<AcgCityCheckRequest, 'natal' | 'bodies' | 'angles' | 'mode' | 'topocentric' | 'paran_orb_deg' | 'paran_tail_deg'>,
  place: ResolvedPlace,
  forLatitude?: number,
): ScoringContext {
  const sky = castAcgSky(request, place);
  const paranSky: AcgSky =
    request.mode === 'in_mundo' && !request.topocentric
      ? sky
      : castAcgSky({ natal: request.natal, bodies: request.bodies, mode: 'in_mundo', topocentric: false }, place);
  const angles = orderedAngles(request.angles);
  const { paran_orb_deg: orb, paran_tail_deg: tail } = request;
  const parans =
    forLatitude === undefined ? rankedParans(paranSky, angles, 0, 90) : paransForPlace(new ParanSearch(paranSky.bodies, angles, 0, 90), forLatitude, orb, tail);
  return scoringContext(sky, angles, parans, orb, tail);
}

type Visual = 'high' | 'medium' | 'low';
const paranVisual = (strength: number): Visual => (strength === 1 ? 'high' : strength >= 0.5 ? 'medium' : 'low');
const visualStrength = (km: number): Visual => (km <= LINE_FULL_KM ? 'high' : km <= 400 ? 'medium' : 'low');

export function visualExplanation(m: CityMeasure, scores: Record<AcgFocus, FocusScore>, crossings: readonly ReturnType<typeof crossingJson>[]) {
  const lineFocuses = (id: string) => ACG_FOCUSES.filter((f) => scores[f].top_factors.some((x) => x.line_id === id));
  const paranFocuses = (id: string) => ACG_FOCUSES.filter((f) => scores[f].top_parans.some((x) => x.id === id));
  const visual = (l: CityMeasure['lines'][number]) => ({
    body: l.body,
    angle: l.angle,
    distance_km: round2(l.distanceKm),
    line_id: l.id,
    is_close: l.distanceKm <= LINE_CLOSE_KM,
    visual_strength: visualStrength(l.distanceKm),
    source_focuses: lineFocuses(l.id),
  });
  const byDistance = [...m.lines].sort((a, b) => a.distanceKm - b.distanceKm);
  const primary = byDistance.filter((l) => l.distanceKm < LINE_REACH_KM && ACG_FOCUSES.some((f) => focusWeight(f, l.body, l.angle) !== 0)).slice(0, 8);
  const reaching = m.parans.filter((r) => r.strength > 0).sort((a, b) => a.distanceKm - b.distanceKm);
  const primaryParans = reaching.slice(0, 5).map((r) => ({
    id: r.id,
    body_a: r.paran.a.id,
    event_a: r.paran.eventA,
    body_b: r.paran.b.id,
    event_b: r.paran.eventB,
    distance_km: round2(r.distanceKm),
    is_close: r.strength === 1,
    visual_strength: paranVisual(r.strength),
    source_focuses: paranFocuses(r.id),
  }));
  const relevantCrossings = crossings
    .map((c) => ({ id: c.id, lat: c.lat, lng: c.lng, lines: c.lines, distance_km: round2(greatCircleKm(m.lat, m.lng, c.lat, c.lng)) }))
    .filter((c) => c.distance_km <= LINE_REACH_KM)
    .sort((a, b) => a.distance_km - b.distance_km);
  const mode: 'line_only' | 'line_plus_paran' | 'paran_only' | 'none' =
    primary.length && primaryParans.length ? 'line_plus_paran' : primary.length ? 'line_only' : primaryParans.length ? 'paran_only' : 'none';
  return {
    primary_lines: primary.map(visual),
    nearest_lines: byDistance.slice(0, 5).map(visual),
    primary_parans: primaryParans,
    relevant_crossings: relevantCrossings,
    map_line_ids: primary.map((l) => l.id),
    explanation_mode: mode,
  };
}

/** The parans whose bands reach a measured place (strength > 0), nearest first: the count and the first twenty. */
export function paranSummary(m: CityMeasure) {
  const reaching = m.parans.filter((r) => r.strength > 0).sort((a, b) => a.distanceKm - b.distanceKm);
  return {
    reaching: reaching.length,
    parans: reaching.slice(0, 20).map((r) => ({
      id: r.id,
      body_a: r.paran.a.id,
      event_a: r.paran.eventA,
      body_b: r.paran.b.id,
      event_b: r.paran.eventB,
      latitude: round6(r.paran.lat),
      distance_km: round2(r.distanceKm),
      strength: Math.round(r.strength * 1000) / 1000,
    })),
  };
}

export function cityJson(t: AcgTarget): AcgCityCheckAnswer['city'] {
  return { name: t.name, country: t.country, state: t.state, lat: t.lat, lng: t.lng, timezone: t.timezone, population: t.population };
}

/** The answer; `writeLines` gives its map's `lines` (see computeAcgLines). */
export function computeAcgCityCheck(task: AcgCityCheckTask, writeLines: LinesWriter = plainLines): AcgCityCheckAnswer {
  const { request, place, target } = task;
  checkAcgRequest(request);
  const ctx = scoringFor(request, place, target.lat);
  const { sky } = ctx;
  const m = measureCity(ctx, target.lat, target.lng);
  const { focus_scores, overall_score } = allFocusScores(m);

  const lines = request.include_map_lines || request.include_crossings ? astrocartographyLines(sky.bodies, sky.gastDeg, ctx.angles) : [];
  const crossings = request.include_crossings ? lineCrossings(lines).map(crossingJson) : [];
  const supporting = [...m.lines].filter((l) => ACG_FOCUSES.some((f) => focusWeight(f, l.body, l.angle) > 0)).sort((a, b) => a.distanceKm - b.distanceKm)[0];
  const relocation = request.include_relocation_summary
    ? relocationSummary(m, sky.jdUt, request.natal.house_system ?? 'placidus', target.timezone, targetTitle(target))
    : null;

  return {
    meta: {
      mode: request.mode,
      topocentric: request.topocentric,
      bodies: sky.ids,
      angles: [...ctx.angles],
      timezone: sky.moment.zone,
      datetime_utc: sky.moment.utcIso,
      paran_orb_deg: request.paran_orb_deg,
      paran_tail_deg: request.paran_tail_deg,
      rules: RULES_NOTE,
    },
    warnings: [EXPLORATORY_WARNING, ...placeWarnings(place), ...(target.ambiguity ? [target.ambiguity] : []), ...(momentWarnings(sky.moment) ?? [])],
    city: cityJson(target),
    overall_score,
    focus_scores,
    supporting_line_id: supporting?.id ?? null,
    nearest_point_on_line: supporting ? { type: 'Point', coordinates: [round6(supporting.point.lon), round6(supporting.point.lat)] } : null,
    distance_to_line_km: supporting ? round2(supporting.distanceKm) : null,
    city_visual_explanation: visualExplanation(m, focus_scores, crossings),
    paran_summary: request.include_paran_summary ? paranSummary(m) : null,
    relocation_summary: relocation,
    map: request.include_map_lines ? { lines: writeLines(lines), crossings, city: { type: 'Point', coordinates: [target.lng, target.lat] } } : null,
  };
}
