/**
 * The recommendations: every candidate city of the gazetteer scored for one focus by the city
 * check's rules, ranked, and the best ones described as the city check describes a place.
 *
 * The chart's sky, lines and parans are computed once (scoringFor, as the city check); each
 * candidate is then scored by focusRanker, which gives the city check's score of the focus with
 * none of its descriptions; only the returned cities are measured in full (measureCity,
 * focusScore), so each result is the city check's own judgement of that city.
 */
import { astrocartographyLines, lineCrossings } from '../../../astro/astrocartography.ts';
import { countryName, resolveCountry } from '../../../geo/gazetteer.ts';
import { gazetteer, type Place } from '../../../geo/gazetteer-index.ts';
import { cityGrid, greatCircleKm } from '../../../geo/city-grid.ts';
import { momentWarnings } from '../../../requests/moment.ts';
import { placeWarnings, type ResolvedPlace } from '../../../requests/place.ts';
import { RequestFieldError } from '../../../requests/request-error.ts';
import { resolveTarget } from './acg-place.ts';
import { checkAcgRequest, crossingJson, EXPLORATORY_WARNING, round2 } from './astrocartography-service.ts';
import { plainLines, type LinesWriter } from './acg-lines-json.ts';
import { paranSummary, RULES_NOTE, scoringFor, visualExplanation } from './astrocartography-city-check-service.ts';
import { allFocusScores, measureCity } from './city-scoring.ts';
import { focusRanker } from './focus-ranker.ts';
import { relocationSummary } from './relocation-summary.ts';
import { CANDIDATE_FLOOR, CITY_SIZE_RANGES, DEFAULT_FLOOR, isWeakMatch, listConfidence, type CitySize, type CountryScope } from './recommendation-rules.ts';
import type { AcgRecommendationsAnswer, AcgRecommendationsRequest } from './astrocartography-recommendations-schemas.ts';

/** Which cities are candidates, settled on the event loop. */
export interface CandidateScope {
  scope: CountryScope;
  /** ISO codes searched; null for every country. */
  countries: string[] | null;
  sizes: CitySize[] | null;
  min: number;
  max: number | null;
  /** What the scope's reading should tell the client (ignored fields, a raised floor). */
  notes: string[];
}

export interface AcgRecommendationsTask {
  request: AcgRecommendationsRequest;
  place: ResolvedPlace;
  scope: CandidateScope;
}

/** The refusals that need no ephemeris, beyond the family's own (untimed birth). */
export function checkRecommendationsRequest(request: AcgRecommendationsRequest): void {
  checkAcgRequest(request);
  if (request.topocentric) {
    throw new RequestFieldError(
      ['body', 'topocentric'],
      'the recommendations rank cities by geocentric lines: send topocentric false (or check one place topocentrically with the city check)',
      'value_error.topocentric',
    );
  }
  if (request.min_population !== undefined && request.max_population !== undefined && request.max_population < request.min_population) {
    throw new RequestFieldError(
      ['body', 'max_population'],
      `max_population (${request.max_population}) is less than min_population (${request.min_population})`,
      'value_error.range',
      [['body', 'min_population']],
    );
  }
}

/** The birth place's country: the gazetteer's, the one sent with coordinates, or that of the nearest city within 50 km. */
function ownCountry(place: ResolvedPlace): string | undefined {
  if (place.source === 'gazetteer' && place.country) return place.country;
  if (place.country) {
    const code = resolveCountry(place.country);
    if (code) return code;
  }
  return resolveTarget({ lat: place.lat, lng: place.lng }).country ?? undefined;
}

/** The scope of the request: its countries checked against the gazetteer's ISO codes, its population bounds. */
export function candidateScope(request: AcgRecommendationsRequest, place: ResolvedPlace): CandidateScope {
  const known = gazetteer().countries;
  const selected: string[] = [];
  request.countries?.forEach((entry, i) => {
    const code = entry.toUpperCase();
    if (!known.has(code)) {
      throw new RequestFieldError(
        ['body', 'countries', i],
        `'${entry}' is not an ISO 3166-1 alpha-2 code of a country in the gazetteer (e.g. FR, ES, PT)`,
        'value_error.country',
      );
    }
    if (!selected.includes(code)) selected.push(code);
  });
  if (request.country !== undefined) {
    const code = resolveCountry(request.country);
    if (code === undefined) {
      throw new RequestFieldError(
        ['body', 'country'],
        `unknown country '${request.country}': send an ISO 3166-1 alpha-2 code such as PT, or an English country name`,
        'value_error.country',
      );
    }
    if (!selected.includes(code)) selected.push(code);
  }
  const scope: CountryScope = request.country_scope ?? (selected.length ? 'selected_countries' : 'all');
  const notes: string[] = [];
  let countries: string[] | null;
  if (scope === 'selected_countries') {
    if (!selected.length) {
      throw new RequestFieldError(
        ['body', 'countries'],
        'country_scope selected_countries needs the countries: send countries (ISO codes such as ["FR", "ES"]) or country',
        'missing',
      );
    }
    countries = selected;
  } else if (scope === 'own_country') {
    const own = ownCountry(place);
    if (own === undefined) {
      throw new RequestFieldError(
        ['body', 'country_scope'],
        'own_country needs the country of the birth place, and none is known for these coordinates (no city within 50 km): send country_scope selected_countries with countries',
        'value_error.country_scope',
      );
    }
    countries = [own];
  } else {
    countries = null;
  }
  if (scope !== 'selected_countries' && selected.length)
    notes.push(`countries (${selected.join(', ')}) were not used: country_scope is ${scope}; send selected_countries to search them.`);

  const sizes = request.city_size === undefined ? null : [...new Set(typeof request.city_size === 'string' ? [request.city_size] : request.city_size)];
  let min = request.min_population ?? (sizes ? CANDIDATE_FLOOR : DEFAULT_FLOOR[scope]);
  if (min < CANDIDATE_FLOOR) {
    notes.push(
      `min_population ${min} reads as ${CANDIDATE_FLOOR}: the gazetteer's candidates are its cities of ${CANDIDATE_FLOOR.toLocaleString('en')} people or more.`,
    );
    min = CANDIDATE_FLOOR;
  }
  return { scope, countries, sizes, min, max: request.max_population ?? null, notes };
}

const inSizes = (population: number, sizes: readonly CitySize[]) =>
  sizes.some((s) => {
    const [lo, hi] = CITY_SIZE_RANGES[s];
    return population >= lo && (hi === null || population < hi);
  });

/** The candidates of a scope, most populous first. */
export function candidateCities(scope: CandidateScope): Place[] {
  const countries = scope.countries && new Set(scope.countries);
  const out: Place[] = [];
  for (const city of cityGrid(CANDIDATE_FLOOR).cities) {
    if (city.population < scope.min) break; // the grid is ordered by population, largest first
    if (scope.max !== null && city.population > scope.max) continue;
    if (countries && !countries.has(city.country)) continue;
    if (scope.sizes && !inSizes(city.population, scope.sizes)) continue;
    out.push(city);
  }
  return out;
}

/** Best first: score, then population (larger first), then GeoNames id: one order for equal inputs. */
const byRank = (a: { score: number; city: Place }, b: { score: number; city: Place }) =>
  b.score - a.score || b.city.population - a.city.population || a.city.geonames_id - b.city.geonames_id;

/** The first `limit` of the ranked cities, leaving out each city within `minKm` of one already taken (a better one). */
export function spacedTop<T extends { city: Place }>(ranked: readonly T[], limit: number, minKm: number): { chosen: T[]; leftOut: number } {
  if (minKm <= 0) return { chosen: ranked.slice(0, limit), leftOut: 0 };
  const chosen: T[] = [];
  let leftOut = 0;
  for (const r of ranked) {
    if (chosen.length === limit) break;
    if (chosen.some((c) => greatCircleKm(c.city.lat, c.city.lng, r.city.lat, r.city.lng) < minKm)) leftOut++;
    else chosen.push(r);
  }
  return { chosen, leftOut };
}

/** The answer; `writeLines` gives its map's `lines` (see computeAcgLines). */
export function computeAcgRecommendations(task: AcgRecommendationsTask, writeLines: LinesWriter = plainLines): AcgRecommendationsAnswer {
  const { request, place, scope } = task;
  checkRecommendationsRequest(request);
  const focus = request.focus;
  const ctx = scoringFor(request, place);
  const { sky } = ctx;

  const candidates = candidateCities(scope);
  const score = focusRanker(ctx, focus);
  const ranked = candidates.map((city) => ({ city, score: score(city.lat, city.lng) }));
  ranked.sort(byRank);
  const { chosen, leftOut } = spacedTop(ranked, request.limit, request.min_distance_km);

  const lines = request.include_map_lines || request.include_crossings ? astrocartographyLines(sky.bodies, sky.gastDeg, ctx.angles) : [];
  const crossings = request.include_crossings ? lineCrossings(lines).map(crossingJson) : [];
  const houseSystem = request.natal.house_system ?? 'placidus';

  // Each chosen city judged in full, as the city check judges it; the order is that of the full scores (the same as the fast ones).
  const judged = chosen.map(({ city }) => {
    const m = measureCity(ctx, city.lat, city.lng);
    const { focus_scores } = allFocusScores(m);
    return { city, m, focusScores: focus_scores, score: focus_scores[focus].score };
  });
  judged.sort(byRank);

  const results = judged.map(({ city, m, focusScores }, i) => {
    const f = focusScores[focus];
    const title = `${city.name}, ${countryName(city.country)}`;
    return {
      rank: i + 1,
      city: { name: city.name, country: city.country, state: city.region, lat: city.lat, lng: city.lng, timezone: city.timezone, population: city.population },
      ...f,
      weak_match: isWeakMatch(f.match_tier),
      distance_from_natal_km: round2(greatCircleKm(place.lat, place.lng, city.lat, city.lng)),
      paran_summary: request.include_paran_summary ? paranSummary(m) : null,
      relocation_summary: request.include_relocation_summary ? relocationSummary(m, sky.jdUt, houseSystem, city.timezone, title) : null,
      city_visual_explanation: visualExplanation(m, focusScores, crossings),
    };
  });

  const top = results[0];
  const noStrong = !results.some((r) => r.match_tier === 'strong');
  const warnings = [EXPLORATORY_WARNING, ...placeWarnings(place), ...(momentWarnings(sky.moment) ?? []), ...scope.notes];
  const where = scope.countries ? `in ${scope.countries.join(', ')}` : 'worldwide';
  if (!candidates.length)
    warnings.push(
      `No city of the gazetteer is in scope (${where}, ${scope.min.toLocaleString('en')}${scope.max === null ? '+' : ` to ${scope.max.toLocaleString('en')}`} people${scope.sizes ? `, ${scope.sizes.join('/')}` : ''}): widen the countries or the population bounds.`,
    );
  else if (noStrong)
    warnings.push(
      `No city ${where} reaches the strong tier for ${focus} (score 60 or more); the best available are listed, each labelled by match_tier, and weak_match where the tier is weak or challenging.`,
    );

  return {
    meta: {
      focus,
      mode: request.mode,
      country_scope: scope.scope,
      countries: scope.countries,
      city_size: scope.sizes,
      population_min: scope.min,
      population_max: scope.max,
      bodies: sky.ids,
      angles: [...ctx.angles],
      timezone: sky.moment.zone,
      datetime_utc: sky.moment.utcIso,
      paran_orb_deg: request.paran_orb_deg,
      paran_tail_deg: request.paran_tail_deg,
      candidate_count: candidates.length,
      scored_count: ranked.length,
      min_distance_km: request.min_distance_km,
      left_out_as_nearby: leftOut,
      signal_strength: top?.signal_strength ?? null,
      confidence: listConfidence(top?.score, top?.signal_strength),
      match_tier: top?.match_tier ?? null,
      no_strong_matches: noStrong,
      rules: `${RULES_NOTE} and "Recommendations"`,
    },
    warnings,
    results,
    map: request.include_map_lines
      ? {
          lines: writeLines(lines),
          crossings,
          cities: results.map((r) => ({ rank: r.rank, name: r.city.name, type: 'Point' as const, coordinates: [r.city.lng, r.city.lat] })),
        }
      : null,
  };
}
