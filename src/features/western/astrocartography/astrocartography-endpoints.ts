/** POST /api/v1/western/astrocartography/lines: where each body was on an angle at the birth instant, as GeoJSON. */
import { poolTask } from '../../../compute/pool-task.ts';
import { endpoint } from '../../../http/endpoint.ts';
import { schemaSerializer } from '../../../answers/schema-serializer.ts';
import { resolveSubjectPlace } from '../../../requests/place.ts';
import { checkAcgRequest, computeAcgLines, type AcgLinesTask } from './astrocartography-service.ts';
import { acgLinesRequest, acgLinesResponse } from './astrocartography-schemas.ts';
import { linesOnTape } from './acg-lines-json.ts';
import { checkParansRequest, computeAcgParans, type AcgParansTask } from './astrocartography-parans-service.ts';
import { acgParansRequest, acgParansResponse } from './astrocartography-parans-schemas.ts';
import { resolveTarget } from './acg-place.ts';
import { computeAcgCityCheck, type AcgCityCheckTask } from './astrocartography-city-check-service.ts';
import { acgCityCheckRequest, acgCityCheckResponse } from './astrocartography-city-check-schemas.ts';
import {
  candidateScope,
  checkRecommendationsRequest,
  computeAcgRecommendations,
  type AcgRecommendationsTask,
} from './astrocartography-recommendations-service.ts';
import { acgRecommendationsRequest, acgRecommendationsResponse } from './astrocartography-recommendations-schemas.ts';
import { computeAcgRelocation, type AcgRelocationTask } from './astrocartography-relocation-service.ts';
import { acgRelocationRequest, acgRelocationResponse } from './astrocartography-relocation-schemas.ts';
import { requireBirthTime } from './acg-sky.ts';
import { acgMapImage, type AcgMapTask } from './astrocartography-map-service.ts';
import { acgMapRequest, acgMapToolInput, ACG_MAP_DESCRIPTION } from './astrocartography-map-schemas.ts';

const acgLinesAnswer = schemaSerializer(acgLinesResponse);

// About 3 ms for the eleven default bodies' 44 lines, 20 ms more with their crossings: the light lane.
export const acgLinesTask = poolTask('astrocartography_lines', (task: AcgLinesTask) => acgLinesAnswer(computeAcgLines(task, linesOnTape)));

const acgParansAnswer = schemaSerializer(acgParansResponse);
// A root search over every pair of bodies and events (660 latitude scans for the default bodies), a few ms since the scan
// shares its hour angles and passes over blocks without a root (src/astro/parans.ts): bounded by the 15 bodies, the light lane.
export const acgParansTask = poolTask('astrocartography_parans', (task: AcgParansTask) => acgParansAnswer(computeAcgParans(task)));

const acgCityCheckAnswer = schemaSerializer(acgCityCheckResponse);
// Every paran of the bodies (the parans' search), the distances to every line and the map's lines: milliseconds, the light lane.
export const acgCityCheckTask = poolTask('astrocartography_city_check', (task: AcgCityCheckTask) => acgCityCheckAnswer(computeAcgCityCheck(task, linesOnTape)));

// The lines, their crossings and the drawing, then resvg for a PNG (a few hundred ms): the heavy lane.
export const acgMapTask = poolTask('astrocartography_map', (task: AcgMapTask) => acgMapImage(task), 'heavy');

const acgRecommendationsAnswer = schemaSerializer(acgRecommendationsResponse);
// The parans' search once, then every candidate city scored (a few microseconds each) and the chosen ones judged in full: the heavy lane.
export const acgRecommendationsTask = poolTask(
  'astrocartography_recommendations',
  (task: AcgRecommendationsTask) => acgRecommendationsAnswer(computeAcgRecommendations(task, linesOnTape)),
  'heavy',
);

const acgRelocationAnswer = schemaSerializer(acgRelocationResponse);
// Two chart casts and the relocation summary: the light lane.
export const acgRelocationTask = poolTask('astrocartography_relocation', (task: AcgRelocationTask) => acgRelocationAnswer(computeAcgRelocation(task)));

export const ASTROCARTOGRAPHY_ENDPOINTS = [
  endpoint({
    method: 'POST',
    paths: ['/api/v1/western/astrocartography/lines'],
    tags: ['western'],
    summary: 'Astrocartography lines: where each body rose, set, culminated and anti-culminated at birth, as GeoJSON',
    description:
      "For the birth instant, each body's lines on the world map in WGS84 GeoJSON ([longitude, latitude]): MC and IC as meridians from pole to pole, ASC (rising) and DSC (setting) as curves where the body's centre is on the horizon (true altitude 0, no refraction), ending at the latitude beyond which the body is circumpolar. Lines crossing ±180° are split into a MultiLineString. `mode` `in_mundo` (default) draws the body where it is, `projected` its zodiacal degree on the ecliptic; `topocentric` adds parallax to the horizon lines (in_mundo only). `include_crossings` adds the points where lines of two bodies cross. Drawn lines are within 1 km of the true ones, joined straight or by great-circle arcs. The birth time is required (`time_known: false` is a 422 on `natal.time_known`). See docs/api/astrocartography.md.",
    body: acgLinesRequest,
    answer: { json: acgLinesResponse },
    task: acgLinesTask,
    prepare: ({ body }) => {
      checkAcgRequest(body);
      return { request: body, place: resolveSubjectPlace(body.natal, ['body', 'natal']) };
    },
    mcp: {
      title: 'Astrocartography lines',
      description:
        "POST /api/v1/western/astrocartography/lines: the birth's astrocartography map as GeoJSON lines (`lines[]` with `id` `<body>:<angle>`, `body`, `angle` asc/dsc/mc/ic and `geometry`), optional `crossings[]` (GeoJSON points where two bodies' lines cross) and `warnings`. `natal`: the birth as for the natal chart (year, month, day, hour, minute, city or lat/lng, tz_str); the birth time is required. `mode` in_mundo (default) or projected; `bodies` (default sun to pluto and true_node); `angles`; `topocentric`; `include_crossings`.",
    },
  }),
  endpoint({
    method: 'POST',
    paths: ['/api/v1/western/astrocartography/parans'],
    tags: ['western'],
    summary: 'Astrocartography parans: the latitudes where two bodies are on angles at the same moment (in mundo)',
    description:
      "For the birth instant, every latitude where one body rises, sets, culminates or anti-culminates at the same sidereal moment as another body is on an angle (in mundo, geocentric, true altitude 0 without refraction), between `min_abs_lat` and `max_abs_lat`. A paran holds along its whole parallel; each comes with its band (full strength within `paran_orb_deg` of latitude, fading to nothing over `paran_tail_deg` more), as a GeoJSON polygon, and on request the most populous cities in the band. Ranked by the bodies' weights; `limit` up to 300. Latitudes exact to far better than 0.01°. The birth time is required. See docs/api/astrocartography.md.",
    body: acgParansRequest,
    answer: { json: acgParansResponse },
    task: acgParansTask,
    prepare: ({ body }) => {
      checkParansRequest(body);
      return { request: body, place: resolveSubjectPlace(body.natal, ['body', 'natal']) };
    },
    mcp: {
      title: 'Astrocartography parans',
      description:
        'POST /api/v1/western/astrocartography/parans: latitude bands where two bodies are on angles at the same moment (in mundo): `parans[]` with `id` `<body_a>:<event_a>:<body_b>:<event_b>:<latitude>`, `body_a`, `event_a`, `body_b`, `event_b` (asc/dsc/mc/ic), `latitude`, the band and optional `nearby_cities`. `natal`: the birth (year, month, day, hour, minute, city or lat/lng, tz_str); the birth time is required. Options: `bodies`, `events`, `min_abs_lat` (0), `max_abs_lat` (66), `limit` (50, at most 300), `paran_orb_deg` (1), `paran_tail_deg` (2), `include_nearby_cities`.',
    },
  }),
  endpoint({
    method: 'POST',
    paths: ['/api/v1/western/astrocartography/city-check'],
    tags: ['western'],
    summary: 'Astrocartography city check: one place judged for career, romance, home, health and spiritual life',
    description:
      "Judges one place (a city name, a name with its country, or lat/lng) for the focus areas career, romance, home, health and spiritual: the exact distance from the place to every line, the parans whose latitude bands reach it, and the planets on the angles of the birth instant's chart cast there, each turned into a signed factor by documented rules (docs/api/astrocartography.md, \"Scoring rules\"); a focus's score is the sum of its factors, with a verdict and tier. Adds what a map should show, the relocated chart's summary and the map's lines. An unknown city is a 422 naming the closest known names. The birth time is required.",
    body: acgCityCheckRequest,
    answer: { json: acgCityCheckResponse },
    task: acgCityCheckTask,
    prepare: ({ body }) => {
      checkAcgRequest(body);
      return { request: body, place: resolveSubjectPlace(body.natal, ['body', 'natal']), target: resolveTarget(body) };
    },
    mcp: {
      title: 'Astrocartography city check',
      description:
        'POST /api/v1/western/astrocartography/city-check: judges one place for the birth: `overall_score`, `focus_scores.{career,romance,home,health,spiritual}` (score, verdict, top_factors with exact distances to lines, parans, relocated angular planets), `city_visual_explanation`, `relocation_summary` and the `map` block. `natal`: the birth (year, month, day, hour, minute, city or lat/lng, tz_str); the birth time is required. The place: `city` (and `country`) or `lat`/`lng`. Options: `mode`, `bodies`, `angles`, `topocentric`, `paran_orb_deg`, `paran_tail_deg`, `include_map_lines` (default true), `include_crossings`, `include_paran_summary`, `include_relocation_summary`.',
    },
  }),
  endpoint({
    method: 'POST',
    paths: ['/api/v1/western/astrocartography/recommendations'],
    tags: ['western'],
    summary: 'Astrocartography recommendations: the cities of the gazetteer ranked for one focus',
    description:
      "Ranks the gazetteer's cities (15,000 people or more) in a scope (`country_scope` all, own_country or selected_countries with `countries`, population bounds, `city_size`) for one focus (career, romance, home, health, spiritual). Each city's score is exactly the city check's score of that focus there (the same rules: docs/api/astrocartography.md, \"Scoring rules\"), and each result carries the city check's factors, nearest lines and parans, relocation summary and visual explanation. Ranking is deterministic: score, then population, then GeoNames id. Weak matches are still returned, labelled by `match_tier` and `weak_match`, and `meta.no_strong_matches` says when no city is strong. The birth time is required; a `countries` entry that is not an ISO code, `limit` outside 1 to 100 and `max_population` below `min_population` are 422s naming the field.",
    body: acgRecommendationsRequest,
    answer: { json: acgRecommendationsResponse },
    task: acgRecommendationsTask,
    prepare: ({ body }) => {
      checkRecommendationsRequest(body);
      const place = resolveSubjectPlace(body.natal, ['body', 'natal']);
      return { request: body, place, scope: candidateScope(body, place) };
    },
    mcp: {
      title: 'Astrocartography recommendations',
      description:
        'POST /api/v1/western/astrocartography/recommendations: the best cities for a focus (career, romance, home, health, spiritual): `results[]` ranked (`rank`, `city{name, country, state, lat, lng, timezone, population}`, `score`, `summary`, `match_tier`, `weak_match`, `top_factors`, `nearest_favorable_line`, `nearest_challenging_line`, `distance_from_natal_km`, `relocation_summary`), `meta{focus, candidate_count, signal_strength, confidence, match_tier, no_strong_matches}`, `warnings`, optional `map`. `natal`: the birth (year, month, day, hour, minute, city or lat/lng, tz_str); the birth time is required. `focus` (required); `country_scope` all/own_country/selected_countries with `countries` (ISO codes); `limit` (10, at most 100); `min_population`, `max_population`, `city_size` (small, medium, large, mega); `min_distance_km` (leave out cities near a better one); `mode`, `bodies`, `angles`; `include_map_lines`, `include_crossings`, `include_paran_summary`, `include_relocation_summary`.',
    },
  }),
  endpoint({
    method: 'POST',
    paths: ['/api/v1/western/astrocartography/relocation'],
    tags: ['western'],
    summary: 'Relocated chart: the birth instant cast at another place, with the relocation summary',
    description:
      "The chart of the same UTC birth instant cast at another place (a city, a city with its country, or lat/lng), in the natal chart's shape and with the natal request's chart options (`chart`, its local time in the new place's zone); the relocation summary (relocated angles with signs and houses, the bodies within 8° of them, their themes and cautions); and what moving changes: the angles' shifts, the rising and MC signs at both places, and each point's house at both places. An unknown city is a 422 naming the closest known names. The birth time is required. See docs/api/astrocartography.md.",
    body: acgRelocationRequest,
    answer: { json: acgRelocationResponse },
    task: acgRelocationTask,
    prepare: ({ body }) => {
      requireBirthTime(body.natal);
      return { request: body, place: resolveSubjectPlace(body.natal, ['body', 'natal']), target: resolveTarget(body) };
    },
    mcp: {
      title: 'Astrocartography relocation',
      description:
        'POST /api/v1/western/astrocartography/relocation: the birth chart relocated to another place: `chart` (the full natal-shaped chart of the birth instant at the place), `relocation_summary{resolved_timezone, angles, angles_details, angular_planets, dominant_themes, summary_short, summary_caution}`, `comparison{asc_shift_deg, mc_shift_deg, rising_sign, mc_sign, houses, planets_changing_house}`, `city`, `natal_place`, `distance_from_natal_km`. `natal`: the birth (year, month, day, hour, minute, city or lat/lng, tz_str) with any natal chart option; the birth time is required. The place: `city` (and `country`) or `lat`/`lng`.',
    },
  }),
  endpoint({
    method: 'POST',
    paths: ['/api/v1/western/astrocartography/map'],
    tags: ['western'],
    summary: "Astrocartography world map: the lines in each body's colour over the coasts and borders, SVG or PNG",
    description: ACG_MAP_DESCRIPTION,
    body: acgMapRequest,
    answer: { image: ['image/svg+xml', 'image/png'] },
    task: acgMapTask,
    prepare: ({ body }) => {
      checkAcgRequest(body);
      const marked = body.city !== undefined || body.country !== undefined || body.lat !== undefined || body.lng !== undefined;
      return { request: body, place: resolveSubjectPlace(body.natal, ['body', 'natal']), target: marked ? resolveTarget(body) : null };
    },
    mcp: {
      title: 'Astrocartography world map',
      description:
        "The image of POST /api/v1/western/astrocartography/map as a PNG, with the map in words: the birth's astrocartography lines (each body's colour, its glyph and AC/DC/MC/IC on each line; setting and anti-culminating lines dashed) over Natural Earth's coasts and borders, the crossings as rings and an optional marked place (`city` with `country`, or `lat`/`lng`) with the lines nearest it. `natal`: the birth (year, month, day, hour, minute, city or lat/lng, tz_str); the birth time is required. Options: `mode`, `bodies`, `angles`, `topocentric`, `include_crossings`, `projection` (equal_earth, natural_earth, equirectangular), `theme_type` (light, dark), `width`.",
      input: acgMapToolInput,
    },
  }),
];
