/** Request and response schemas of POST /api/v1/western/astrocartography/city-check, and the blocks the recommendations share. */
import { z } from 'zod/v4';
import { ACG_ANGLES } from '../../../astro/astrocartography.ts';
import { angleDetailSchema } from '../natal/natal-schemas.ts';
import { latitude, longitude } from '../../../requests/birth-schema.ts';
import { ACG_FOCUSES, MATCH_TIERS, SIGNAL_STRENGTHS, VERDICTS } from './acg-rules.ts';
import { acgAngles, acgBodies, acgCrossing, acgLine, acgMode, acgNatal, exampleAcgNatal } from './astrocartography-schemas.ts';
import { acgParanRef, paranOrbFields } from './astrocartography-parans-schemas.ts';

const ANGLE = 'asc, dsc, mc or ic';
const angle = z.enum(ACG_ANGLES).describe(ANGLE);
const km = (what: string) => z.number().describe(`${what}, km (great circle on the mean-radius sphere, to the exact line)`);

/** Where the place is: a city (with its country) or coordinates. */
export const acgPlaceFields = {
  city: z
    .string()
    .min(1)
    .max(200)
    .optional()
    .describe(
      'The place: a city name as people write it, optionally with its country after a comma (`Lisbon`, `Lisbon, Portugal`). Required unless lat and lng are sent.',
    ),
  country: z.string().min(2).max(100).optional().describe('Country (ISO code or English name) narrowing the city lookup, e.g. `PT`.'),
  lat: latitude.optional().describe('Latitude of the place, -90 to 90; with lng, used instead of looking the city up.'),
  lng: longitude.optional().describe('Longitude of the place, -180 to 180 (east positive).'),
};

export const acgCityCheckRequest = z
  .object({
    natal: acgNatal,
    ...acgPlaceFields,
    mode: acgMode,
    bodies: acgBodies,
    angles: acgAngles,
    topocentric: z.boolean().default(false).describe('Horizon lines with parallax (in_mundo only), as for the lines. Default false.'),
    ...paranOrbFields,
    include_map_lines: z.boolean().default(true).describe('Adds the `map` block: every line as GeoJSON and the place as a point. Default true.'),
    include_crossings: z
      .boolean()
      .default(false)
      .describe('Adds the line crossings within 800 km to the visual explanation and the map. Default false (no plan restriction).'),
    include_paran_summary: z.boolean().default(true).describe('Adds `paran_summary`: the parans whose bands reach the place. Default true.'),
    include_relocation_summary: z.boolean().default(true).describe("Adds `relocation_summary`: the birth instant's chart at the place. Default true."),
  })
  .meta({ id: 'AstrocartographyCityCheckRequest', example: { natal: exampleAcgNatal, city: 'Lisbon', country: 'PT' } });

export type AcgCityCheckRequest = z.output<typeof acgCityCheckRequest>;

export const acgCityBlock = z
  .object({
    name: z.string().describe("The city's name (or the coordinates as text when only lat/lng were sent)"),
    country: z.string().nullable().describe('ISO country code; for coordinates, that of the nearest city within 50 km, else null'),
    state: z.string().nullable().describe('First-level region, or null'),
    lat: z.number().describe('Latitude, degrees'),
    lng: z.number().describe('Longitude, degrees east'),
    timezone: z.string().describe('IANA zone of the place'),
    population: z.number().nullable().describe('Population (GeoNames); null for coordinates'),
  })
  .describe('The place judged');

const lineRef = z
  .object({ body: z.string().describe('Body id'), angle, distance_km: km('Distance from the place to the line') })
  .nullable()
  .describe('The nearest line of that kind, whatever its distance; null when no line has that sign');

const paranRefSchema = z
  .object({
    ...acgParanRef,
    latitude: z.number().describe('Latitude of the paran'),
    distance_km: z.number().describe("Distance from the place to the paran's parallel (along the meridian), km"),
  })
  .nullable()
  .describe('The nearest paran of that kind, whatever its distance; null when none');

const lineFactor = z.object({
  body: z.string().describe('Body id'),
  angle,
  line_id: z.string().describe('`<body>:<angle>`'),
  distance_km: km('Distance from the place to the line'),
  weight: z.number().describe("The rules' signed weight of this body on this angle for the focus (body weight × angle weight)"),
  strength: z.number().describe('1 within 150 km, falling linearly to 0 at 800 km'),
  score: z.number().describe('100 × weight × strength'),
});

const paranFactor = z.object({
  ...acgParanRef,
  latitude: z.number().describe('Latitude of the paran'),
  distance_km: z.number().describe("Distance to the paran's parallel, km"),
  weight: z.number().describe("Mean of the two bodies' signed weights on their events for the focus"),
  strength: z.number().describe('1 within paran_orb_deg of latitude, fading to 0 over paran_tail_deg more'),
  score: z.number().describe('50 × weight × strength'),
});

const relocationFactor = z.object({
  body: z.string().describe('Body id'),
  angle,
  orb_deg: z.number().describe('Degrees of ecliptic longitude between the body and the relocated angle (8 at most)'),
  weight: z.number().describe('Signed weight of the body on that angle for the focus'),
  score: z.number().describe('30 × weight × (1 − orb/8)'),
});

export const focusScoreSchema = z.object({
  score: z.number().describe('line_score + paran_score + relocation_score: raw, not scaled to 0-100'),
  verdict: z.enum(VERDICTS).describe('favorable (score ≥ 25), challenging (≤ −25), mixed between'),
  match_tier: z.enum(MATCH_TIERS).describe('strong (≥ 60), moderate (≥ 25), weak (> −25), challenging (≤ −25)'),
  signal_strength: z.enum(SIGNAL_STRENGTHS).describe('How clear the strongest single factor is: strong (|score| ≥ 50), moderate (≥ 20), weak'),
  summary: z.string().describe('The strongest supportive and challenging lines in a sentence'),
  top_factors: z.array(lineFactor).describe('The five line factors of largest |score|'),
  line_score: z.number().describe('Sum of every line factor'),
  paran_score: z.number().describe('Sum of every paran factor'),
  relocation_score: z.number().describe('Sum of every relocation factor'),
  nearest_favorable_distance_km: z.number().nullable().describe('Distance to the nearest line of positive weight, km'),
  nearest_challenging_distance_km: z.number().nullable().describe('Distance to the nearest line of negative weight, km'),
  nearest_favorable_line: lineRef,
  nearest_challenging_line: lineRef,
  top_parans: z.array(paranFactor).describe('The five paran factors of largest |score|'),
  nearest_favorable_paran: paranRefSchema,
  nearest_challenging_paran: paranRefSchema,
  relocation_factors: z.array(relocationFactor).describe('Every angular planet of the relocated chart with a weight for the focus'),
  contributing_lines: z.number().describe('How many lines counted (within 800 km, weight not 0)'),
});

export const relocationSummarySchema = z.object({
  resolved_timezone: z.string().describe('IANA zone of the place'),
  house_system: z.string().describe('The house system the houses were cast in (Porphyry when the asked one is undefined there)'),
  angles: z
    .object({
      asc: z.number().describe('Ascendant, ecliptic longitude'),
      mc: z.number().describe('Midheaven'),
      ic: z.number().describe('Imum coeli'),
      dc: z.number().describe('Descendant'),
    })
    .describe('The relocated angles, tropical degrees 0 to 360'),
  angles_details: z
    .object({
      asc: angleDetailSchema.describe('The ascendant'),
      mc: angleDetailSchema.describe('The midheaven'),
      ic: angleDetailSchema.describe('The imum coeli'),
      dc: angleDetailSchema.describe('The descendant'),
    })
    .describe('Each angle with its sign, degree and house'),
  angular_planets: z
    .array(
      z.object({
        body: z.string().describe('Body id'),
        angle,
        orb_deg: z.number().describe('Degrees of ecliptic longitude from the angle (at most 8)'),
        house: z.number().int().describe('Its house in the relocated chart'),
      }),
    )
    .describe('Bodies within 8° of a relocated angle, closest first'),
  dominant_themes: z.array(z.string()).describe('What the (up to three) closest angular bodies bring, in words'),
  summary_short: z.string().describe('The relocated rising sign and MC and the angular bodies, in a sentence'),
  summary_caution: z.string().describe('The hard bodies on angles, or a sentence saying there are none'),
  warnings: z.array(z.string()).describe('House-system notices at this latitude'),
});

export const visualExplanationSchema = z.object({
  primary_lines: z.array(visualLine()).describe('Lines within 800 km that count for some focus, nearest first (at most 8)'),
  nearest_lines: z.array(visualLine()).describe('The five nearest lines, whatever their weight'),
  primary_parans: z
    .array(
      z.object({
        ...acgParanRef,
        distance_km: z.number().describe("Distance to the paran's parallel, km"),
        is_close: z.boolean().describe('Within the full-strength orb'),
        visual_strength: z.enum(['high', 'medium', 'low']).describe('high within the orb, medium within the tail, low beyond'),
        source_focuses: z.array(z.enum(ACG_FOCUSES)).describe('Focuses among whose top parans it is'),
      }),
    )
    .describe('Parans whose bands reach the place, nearest first (at most 5)'),
  relevant_crossings: z
    .array(
      z.object({
        id: z.string().describe("The crossing's id"),
        lat: z.number().describe('Latitude of the crossing'),
        lng: z.number().describe('Longitude of the crossing'),
        lines: z.array(z.object({ id: z.string().describe('`<body>:<angle>`'), body: z.string().describe('Body id'), angle })).describe('The two lines'),
        distance_km: z.number().describe('Distance from the place to the crossing, km'),
      }),
    )
    .describe('With include_crossings: crossings within 800 km, nearest first'),
  map_line_ids: z.array(z.string()).describe('The ids of primary_lines, to highlight on a map'),
  explanation_mode: z.enum(['line_only', 'line_plus_paran', 'paran_only', 'none']).describe('What reaches the place: lines, parans, both or neither'),
});

function visualLine() {
  return z.object({
    body: z.string().describe('Body id'),
    angle,
    distance_km: km('Distance to the line'),
    line_id: z.string().describe('`<body>:<angle>`'),
    is_close: z.boolean().describe('Within 300 km'),
    visual_strength: z.enum(['high', 'medium', 'low']).describe('high within 150 km, medium within 400 km, low beyond'),
    source_focuses: z.array(z.enum(ACG_FOCUSES)).describe('Focuses among whose top factors it is'),
  });
}

export const acgMapBlock = z
  .object({
    lines: z.array(acgLine).describe('Every line, as in the lines endpoint'),
    crossings: z.array(acgCrossing).describe('With include_crossings: every crossing; else empty'),
    city: z
      .object({ type: z.literal('Point').describe('A GeoJSON point'), coordinates: z.array(z.number()).length(2).describe('[longitude, latitude]') })
      .describe('The place'),
  })
  .nullable()
  .describe('With include_map_lines: what a map of the answer draws; null otherwise');

/** The parans whose bands reach a place: the city check's and each recommended city's. */
export const acgParanSummary = z.object({
  reaching: z.number().describe('How many parans reach the place (strength > 0)'),
  parans: z
    .array(
      z.object({
        ...acgParanRef,
        latitude: z.number().describe('Latitude of the paran'),
        distance_km: z.number().describe("Distance to the paran's parallel, km"),
        strength: z.number().describe('Strength at the place, 0 to 1'),
      }),
    )
    .describe('The parans reaching the place, nearest first (at most 20)'),
});

export const acgCityCheckResponse = z.object({
  meta: z
    .object({
      mode: z.string().describe('in_mundo or projected'),
      topocentric: z.boolean().describe('Whether the horizon lines include parallax'),
      bodies: z.array(z.string()).describe('Bodies considered'),
      angles: z.array(angle).describe('Angles considered'),
      timezone: z.string().describe('IANA zone of the birth time'),
      datetime_utc: z.string().describe('The birth instant, UTC'),
      paran_orb_deg: z.number().describe('Full-strength paran half-width, degrees of latitude'),
      paran_tail_deg: z.number().describe('Paran fading tail, degrees of latitude'),
      rules: z.string().describe('Where the scoring rules are documented'),
    })
    .describe('What was judged and how'),
  warnings: z.array(z.string()).describe('The exploratory notice and any place or local-time notice'),
  city: acgCityBlock,
  overall_score: z.number().describe('Mean of the five focus scores'),
  focus_scores: z
    .object(
      Object.fromEntries(ACG_FOCUSES.map((f) => [f, focusScoreSchema.describe(`The ${f} score and its factors`)])) as Record<
        (typeof ACG_FOCUSES)[number],
        typeof focusScoreSchema
      >,
    )
    .describe('Each focus area judged'),
  supporting_line_id: z.string().nullable().describe('The nearest line of positive weight for some focus'),
  nearest_point_on_line: z
    .object({ type: z.literal('Point').describe('A GeoJSON point'), coordinates: z.array(z.number()).length(2).describe('[longitude, latitude]') })
    .nullable()
    .describe('The point of that line nearest to the place'),
  distance_to_line_km: z.number().nullable().describe('Distance from the place to that point, km'),
  city_visual_explanation: visualExplanationSchema.describe('What a map of the place should show'),
  paran_summary: acgParanSummary.nullable().describe('With include_paran_summary: the parans reaching the place; null otherwise'),
  relocation_summary: relocationSummarySchema.nullable().describe("With include_relocation_summary: the birth instant's chart at the place; null otherwise"),
  map: acgMapBlock,
});

export type AcgCityCheckAnswer = z.output<typeof acgCityCheckResponse>;
