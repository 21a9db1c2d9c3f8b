/**
 * Request and response schemas of the progressions family: for each system (secondary, tertiary,
 * converse secondary) POST /api/v1/western/progressions/<system>, …/calendar, …/exact-aspects and
 * …/exact-ingresses. The conventions (units of life, angles, houses, orbs, horizons) are in
 * docs/api/progressions.md, "Progressions".
 */
import { z } from 'zod/v4';
import { ANGLES_METHODS } from '../../../astro/progressed-angles.ts';
import { TROPICAL_MONTH_DAYS } from '../../../astro/progression-clock.ts';
import { TROPICAL_YEAR_DAYS } from '../../../astro/progressions.ts';
import { LUNATION_PHASES } from '../../../astro/progressed-events.ts';
import { chartSettingsFields, isoDateTimeText, orbSettings } from '../../../requests/birth-schema.ts';
import { nestedNatal } from '../../../requests/nested-natal-schema.ts';
import { caseInsensitiveEnum } from '../../../requests/lenient-enum.ts';

/** A progression system: its names, its clock (progression-clock.ts) and its bounds. */
export interface ProgressionSystem {
  id: 'secondary' | 'tertiary' | 'converse_secondary' | 'solar_arc';
  /** The path segment after /api/v1/western/progressions/. */
  path: string;
  /** The request body's key of the target: `secondary_progression`. */
  bodyKey: 'secondary_progression' | 'tertiary_progression' | 'converse_secondary_progression' | 'solar_arc_progression';
  title: string;
  /** Days of life one ephemeris day stands for. */
  lifeDays: number;
  /** +1, or −1 for a converse progression (the ephemeris runs backwards from the birth). */
  direction: 1 | -1;
  /** Longest calendar window, in calendar years. */
  calendarYears: number;
  /** How far (years of life) before or after the target an aspect's exact date is looked for. */
  horizonYears: number;
  /** Solar arc directions: every natal point moved by the progressed Sun's arc, instead of the ephemeris at the progressed instant. */
  directed: boolean;
}

export const SYSTEM_IDS = ['secondary', 'tertiary', 'converse_secondary', 'solar_arc'] as const;

export const PROGRESSION_SYSTEMS: readonly ProgressionSystem[] = [
  {
    id: 'secondary',
    path: 'secondary',
    bodyKey: 'secondary_progression',
    title: 'Secondary progressions',
    lifeDays: TROPICAL_YEAR_DAYS,
    direction: 1,
    calendarYears: 3,
    horizonYears: 50,
    directed: false,
  },
  {
    id: 'tertiary',
    path: 'tertiary',
    bodyKey: 'tertiary_progression',
    title: 'Tertiary progressions',
    lifeDays: TROPICAL_MONTH_DAYS,
    direction: 1,
    calendarYears: 2,
    horizonYears: 5,
    directed: false,
  },
  {
    id: 'converse_secondary',
    path: 'converse-secondary',
    bodyKey: 'converse_secondary_progression',
    title: 'Converse secondary progressions',
    lifeDays: TROPICAL_YEAR_DAYS,
    direction: -1,
    calendarYears: 3,
    horizonYears: 50,
    directed: false,
  },
  {
    id: 'solar_arc',
    path: 'solar-arc',
    bodyKey: 'solar_arc_progression',
    title: 'Solar arc directions',
    lifeDays: TROPICAL_YEAR_DAYS,
    direction: 1,
    calendarYears: 3,
    horizonYears: 50,
    directed: true,
  },
];

export function progressionSystem(id: ProgressionSystem['id']): ProgressionSystem {
  return PROGRESSION_SYSTEMS.find((s) => s.id === id)!;
}

/** Orb of a progressed aspect when neither `orb_deg` nor `orb_settings` names one. */
export const DEFAULT_PROGRESSION_ORB = 1;
/** Longest exact-aspect or exact-ingress search window, in calendar years from `from`. */
export const MAX_SEARCH_YEARS = 10;
export const MAX_SEARCH_LIMIT = 1000;
export const DEFAULT_SEARCH_LIMIT = 100;
/** Latest target: this many years of life after the birth. */
export const MAX_AGE_YEARS = 150;

const natalField = nestedNatal.describe(
  'The birth: `datetime` (or `year`, `month`, `day`, `hour`, `minute`), `time_known`, and `location{city | lat, lng, tz_str}`.',
);

export const progressionSettings = z
  .object({
    house_system: chartSettingsFields.house_system.describe('House system of the natal houses that progressed points are placed in (default placidus).'),
    zodiac_type: chartSettingsFields.zodiac_type.describe('`tropical` (default) or `sidereal`.'),
    sidereal_ayanamsa: chartSettingsFields.sidereal_ayanamsa.describe(
      'Ayanamsa of a sidereal zodiac (default lahiri): lahiri, raman, kp, fagan_bradley, yukteshwar and the others of the natal endpoint.',
    ),
    node_type: chartSettingsFields.node_type.describe('Which node `north_node` is: `mean` (default) or `true`.'),
    orb_deg: z.number().gt(0).max(5).optional().describe(`Orb of every aspect in degrees, more than 0 and at most 5 (default ${DEFAULT_PROGRESSION_ORB}).`),
    orb_settings: orbSettings.describe('Orbs by aspect name (`{"conjunction": 1.5}`), over `orb_deg`; names that are no aspect are ignored.'),
    angles_method: caseInsensitiveEnum(ANGLES_METHODS)
      .default('solar_arc')
      .describe(
        "How the Ascendant and Midheaven progress: `solar_arc` (default: the natal MC moved by the progressed Sun's arc in longitude) or `naibod` (the natal ARMC moved 0.98564733° per year of life).",
      ),
  })
  .describe("Zodiac, houses, node, orbs and the progressed angles' method.");

const settingsField = progressionSettings.default(progressionSettings.parse({})).describe(progressionSettings.description!);

const exampleNatal = { name: 'Ada', datetime: '1990-05-17 08:15', location: { lat: 38.72, lng: -9.14, tz_str: 'Europe/Lisbon' } };

const TARGET_DESCRIPTION =
  'The date progressed to: `YYYY-MM-DD` (00:00:00 UTC) or an ISO date-time (UTC unless it carries `Z` or an offset); not before the birth, at most 150 years after it.';

const targetField = z.object({ target_date: isoDateTimeText().describe(TARGET_DESCRIPTION) }).describe('The target of the progression.');
const responseMode = caseInsensitiveEnum(['full']).default('full').describe('`full` (the only mode): every block.');
const targetExample = (key: string) => ({ natal: exampleNatal, [key]: { target_date: '2026-12-31' }, response_mode: 'full' });

export const secondaryRequest = z
  .object({ natal: natalField, secondary_progression: targetField, settings: settingsField, response_mode: responseMode })
  .meta({ id: 'SecondaryProgressionRequest', example: targetExample('secondary_progression') });
export const tertiaryRequest = z
  .object({ natal: natalField, tertiary_progression: targetField, settings: settingsField, response_mode: responseMode })
  .meta({ id: 'TertiaryProgressionRequest', example: targetExample('tertiary_progression') });
export const solarArcRequest = z
  .object({ natal: natalField, solar_arc_progression: targetField, settings: settingsField, response_mode: responseMode })
  .meta({ id: 'SolarArcProgressionRequest', example: targetExample('solar_arc_progression') });
export const converseSecondaryRequest = z
  .object({ natal: natalField, converse_secondary_progression: targetField, settings: settingsField, response_mode: responseMode })
  .meta({ id: 'ConverseSecondaryProgressionRequest', example: targetExample('converse_secondary_progression') });

const windowField = (years: number, what: string) =>
  z.object({
    from: isoDateTimeText().describe(
      `First instant ${what}: \`YYYY-MM-DD\` (00:00 UTC) or an ISO date-time (UTC unless it carries an offset). Before the birth, the window starts at the birth.`,
    ),
    to: isoDateTimeText().describe(`Last instant ${what}: a bare \`YYYY-MM-DD\` includes that whole UTC day. At most ${years} years after \`from\`.`),
  });

export const calendarRequest = z
  .object({
    natal: natalField,
    calendar: windowField(3, 'of the calendar').describe('The window: at most 3 years (2 for tertiary progressions).'),
    settings: settingsField,
  })
  .meta({ id: 'ProgressionCalendarRequest', example: { natal: exampleNatal, calendar: { from: '2026-01-01', to: '2026-12-31' } } });

const searchField = windowField(MAX_SEARCH_YEARS, 'searched')
  .extend({
    limit: z
      .number()
      .int()
      .min(1)
      .max(MAX_SEARCH_LIMIT)
      .default(DEFAULT_SEARCH_LIMIT)
      .describe(`Most events answered, 1 to ${MAX_SEARCH_LIMIT} (default ${DEFAULT_SEARCH_LIMIT}); the first ones in \`order\`.`),
    order: caseInsensitiveEnum(['asc', 'desc']).default('asc').describe('`asc` (default): earliest first; `desc`: latest first.'),
  })
  .describe(`The window (at most ${MAX_SEARCH_YEARS} years), how many events and in which order.`);

export const exactAspectsRequest = z
  .object({
    natal: natalField,
    search: searchField,
    include_angles: z
      .boolean()
      .default(false)
      .describe('Also the progressed Ascendant and Midheaven as moving points, and the natal ones as targets (needs a known birth time). Default false.'),
    settings: settingsField,
  })
  .meta({
    id: 'ExactAspectSearchRequest',
    example: { natal: exampleNatal, search: { from: '2026-01-01', to: '2026-12-31', limit: 100, order: 'asc' }, include_angles: true },
  });

export const exactIngressesRequest = z
  .object({
    natal: natalField,
    search: searchField,
    settings: settingsField,
  })
  .meta({ id: 'ExactIngressSearchRequest', example: { natal: exampleNatal, search: { from: '2020-01-01', to: '2029-12-31' } } });

export type ProgressionSettings = z.output<typeof progressionSettings>;
export type SecondaryRequest = z.output<typeof secondaryRequest>;
export type TertiaryRequest = z.output<typeof tertiaryRequest>;
export type ConverseSecondaryRequest = z.output<typeof converseSecondaryRequest>;
export type SolarArcRequest = z.output<typeof solarArcRequest>;
/** Any system's progressed-chart request. */
export type TargetRequest = SecondaryRequest | TertiaryRequest | ConverseSecondaryRequest | SolarArcRequest;
export type CalendarRequest = z.output<typeof calendarRequest>;
export type ExactAspectsRequest = z.output<typeof exactAspectsRequest>;
export type ExactIngressesRequest = z.output<typeof exactIngressesRequest>;

// ——— answers ———

const signRef = z
  .object({
    name: z.string().describe('Sign name: `Aries`'),
    id: z.string().describe('Sign id: `aries`'),
  })
  .describe('A sign');

const isoUtc = z.string().describe('An instant, ISO 8601 UTC to the second: `2026-03-14T06:41:09Z`');
const dateUtc = z.string().describe('The UTC date of the instant, `YYYY-MM-DD`');

export const progressedPoint = z
  .object({
    id: z.string().describe('Point id: `sun`, `north_node`, `asc`'),
    name: z.string().describe('Display name: `Sun`, `Ascendant`'),
    sign: signRef.describe('The sign the point is in'),
    sign_id: z.string().describe("The sign's id (same as sign.id)"),
    longitude: z.number().describe("Ecliptic longitude in the chart's zodiac, 0 to 360"),
    degree: z.number().describe('Degrees into the sign, 0 to 30'),
    longitude_text: z.string().describe("Degrees and minutes in the sign, truncated: `14°07' Leo`"),
    speed: z.number().describe('Motion in degrees per ephemeris day (per year of life); angles: the same, of the progressed angle'),
    retrograde: z.boolean().describe('Moving backwards (planets only; never for angles)'),
    house: z.number().int().nullable().describe('The natal house (1 to 12) the progressed point is in; null when the birth time is unknown'),
  })
  .describe('A progressed point');

const aspectRef = z
  .object({
    name: z.string().describe('Aspect: conjunction, opposition, trine, square or sextile'),
    angle: z.number().describe('Its exact angle: 0, 180, 120, 90, 60'),
  })
  .describe('The aspect');

export const progressedAspect = z
  .object({
    progressed_point: z.string().describe('Id of the progressed point (first side)'),
    point_1: z.string().describe('Alias of progressed_point'),
    p1_id: z.string().describe('Alias of progressed_point'),
    p1_name: z.string().describe('Display name of the first point'),
    natal_point: z.string().describe('Id of the second point: the natal point (progressed_to_natal) or the other progressed point (progressed_to_progressed)'),
    point_2: z.string().describe('Alias of natal_point'),
    p2_id: z.string().describe('Alias of natal_point'),
    p2_name: z.string().describe('Display name of the second point'),
    aspect: aspectRef,
    type: z.string().describe("The aspect's name (same as aspect.name)"),
    orb_deg: z.number().describe('Distance from exact, degrees'),
    orb: z.number().describe('Alias of orb_deg'),
    applying: z.boolean().describe('The orb is shrinking at the target date'),
    is_applying: z.boolean().describe('Alias of applying'),
    exact_date: z
      .string()
      .nullable()
      .describe(
        'When the aspect is exact (ISO UTC to the second): the next perfection for an applying aspect, the last one for a separating aspect, within 50 years of life of the target (5 for tertiary progressions) and not before the birth; null if none',
      ),
    strength: z.number().describe('1 − orb / allowed orb: 1 at exact, 0 at the edge of the orb'),
  })
  .describe('An aspect in orb at the target date');

const basisSchema = z
  .object({
    method: z
      .enum(SYSTEM_IDS)
      .describe(
        "The progression: `secondary` (one ephemeris day for each tropical year of life), `tertiary` (for each tropical month), `converse_secondary` (secondary, backwards from the birth), `solar_arc` (every natal point moved by the secondary progressed Sun's arc)",
      ),
    life_days_per_progressed_day: z.number().describe('Days of life one ephemeris day stands for: the mean tropical year (365.242189) or month (27.321582)'),
    direction: z.enum(['forward', 'converse']).describe('`converse`: the progressed instant runs backwards from the birth'),
    angles_method: z.enum(ANGLES_METHODS).describe('How the angles progress (settings.angles_method)'),
    natal_datetime_utc: isoUtc.describe('The birth, ISO UTC'),
  })
  .describe('How the progression was made');

const targetBasis = basisSchema
  .extend({
    age_years_decimal: z.number().describe('Age at the target in tropical years'),
    progressed_days_after_birth: z.number().describe('Ephemeris days from the birth to the progressed instant: negative for a converse progression'),
    progressed_datetime_utc: isoUtc.describe('The progressed instant the chart is cast for, ISO UTC'),
  })
  .describe("How the progression was made, and the target's age and progressed instant");

const settingsEcho = z
  .object({
    zodiac_type: z.string().describe('`tropical` or `sidereal`'),
    sidereal_ayanamsa: z.string().nullable().describe('The ayanamsa of a sidereal zodiac; null for tropical'),
    house_system: z.string().describe('House system of the natal houses'),
    node_type: z.string().describe('`mean` or `true`: which node north_node is'),
    orb_deg: z.number().describe('The orb of aspects not named in orb_settings'),
  })
  .describe('The settings used');

export const progressedChartResponse = z
  .object({
    meta: z
      .object({
        system: z.enum(SYSTEM_IDS).describe('The progression system: secondary, tertiary, converse_secondary or solar_arc'),
        target_date: dateUtc.describe('The target date (UTC), YYYY-MM-DD'),
        target_datetime: isoUtc.describe('The target instant, ISO UTC'),
        time_known: z.boolean().describe('Whether the birth time is known (houses and angles need it)'),
        settings: settingsEcho,
      })
      .describe('What was asked'),
    basis: targetBasis,
    progressed_chart: z
      .object({
        datetime_utc: isoUtc.describe('The progressed instant (same as basis.progressed_datetime_utc)'),
        points: z.record(z.string(), progressedPoint).describe('Progressed points by id: sun, moon, mercury … pluto, north_node'),
        angles: z
          .object({
            ascendant: progressedPoint.describe('The progressed Ascendant'),
            midheaven: progressedPoint.describe('The progressed Midheaven'),
          })
          .nullable()
          .describe('The progressed angles (settings.angles_method); null when the birth time is unknown'),
        lunation_phase: z.enum(LUNATION_PHASES).describe("The progressed Moon's phase: its elongation from the progressed Sun in eighths of the circle"),
      })
      .describe('The progressed chart at the target'),
    aspects: z
      .object({
        progressed_to_natal: z.array(progressedAspect).describe('Progressed points (and angles) to natal points (and angles), closest first'),
        progressed_to_progressed: z.array(progressedAspect).describe('Aspects within the progressed chart, closest first'),
      })
      .describe('Aspects in orb at the target'),
    warnings: z.array(z.string()).describe('What the answer says of itself: a house system that fell back, a birth time unknown'),
  })
  .meta({ id: 'ProgressedChartResponse' });

const eventCommon = {
  date: dateUtc,
  datetime_utc: isoUtc.describe('When the event is exact, ISO UTC to the second'),
  age_years_decimal: z.number().describe('Age at the event, tropical years'),
  progressed_datetime_utc: isoUtc.describe('The progressed (ephemeris) instant of the event'),
};

export const aspectEvent = z
  .object({
    type: z.literal('exact_aspect').describe('A progressed point perfects an aspect to a natal point'),
    ...eventCommon,
    progressed_point: z.string().describe('Id of the progressed point'),
    p1_id: z.string().describe('Alias of progressed_point'),
    p1_name: z.string().describe('Its display name'),
    natal_point: z.string().describe('Id of the natal point'),
    p2_id: z.string().describe('Alias of natal_point'),
    p2_name: z.string().describe('Its display name'),
    aspect: aspectRef,
    motion: z.enum(['direct', 'retrograde']).describe('Whether the progressed point moves direct or retrograde then'),
    progressed_longitude: z.number().describe("The progressed point's longitude then"),
    natal_longitude: z.number().describe("The natal point's longitude"),
    description: z.string().describe('In words: `Progressed Sun sextile natal Moon`'),
  })
  .describe('An exact progressed-to-natal aspect');

export const ingressEvent = z
  .object({
    type: z.enum(['sign_ingress', 'house_ingress']).describe('A progressed point enters a sign, or a natal house'),
    ...eventCommon,
    point: z.string().describe('Id of the progressed point'),
    point_name: z.string().describe('Its display name'),
    sign: signRef.nullable().describe('The sign entered (sign_ingress); null for a house ingress'),
    house: z.number().int().nullable().describe('The natal house entered, 1 to 12 (house_ingress); null for a sign ingress'),
    motion: z.enum(['direct', 'retrograde']).describe('Entered moving direct or retrograde'),
    longitude: z.number().describe("The degree crossed: the sign's or the natal cusp's longitude"),
    description: z.string().describe('In words: `Progressed Venus enters Leo`'),
  })
  .describe('A progressed ingress');

export const stationEvent = z
  .object({
    type: z.literal('station').describe('A progressed planet stops and turns'),
    ...eventCommon,
    point: z.string().describe('Id of the progressed planet'),
    point_name: z.string().describe('Its display name'),
    station: z.enum(['retrograde', 'direct']).describe('`retrograde`: direct motion ends; `direct`: retrograde motion ends'),
    longitude: z.number().describe('Where it stations'),
    sign: signRef.describe('The sign it stations in'),
    description: z.string().describe('In words: `Progressed Mercury stations retrograde`'),
  })
  .describe('A progressed station');

export const lunationEvent = z
  .object({
    type: z.literal('lunation_phase').describe('The progressed Moon enters a phase of its cycle with the progressed Sun'),
    ...eventCommon,
    phase: z.enum(LUNATION_PHASES).describe('The phase entered'),
    elongation: z.number().describe('The Moon−Sun elongation at its start: a multiple of 45°'),
    description: z.string().describe('In words: `Progressed lunation: first quarter`'),
  })
  .describe('A progressed lunation phase change');

const windowEcho = z
  .object({
    from: isoUtc.describe('Start of the window searched (the birth if later than the asked start)'),
    to: isoUtc.describe('End of the window searched'),
  })
  .describe('The window');

export const calendarResponse = z
  .object({
    meta: z
      .object({
        system: z.enum(SYSTEM_IDS).describe('The progression system: secondary, tertiary, converse_secondary or solar_arc'),
        window: windowEcho,
        time_known: z.boolean().describe('Whether the birth time is known (house ingresses and angles need it)'),
        settings: settingsEcho,
        total: z.number().int().describe('How many events'),
      })
      .describe('What was asked'),
    basis: basisSchema,
    events: z.array(z.union([aspectEvent, ingressEvent, stationEvent, lunationEvent])).describe('Every event in the window, in time order'),
  })
  .meta({ id: 'ProgressionCalendarResponse' });

const searchMeta = z
  .object({
    system: z.enum(SYSTEM_IDS).describe('The progression system: secondary, tertiary, converse_secondary or solar_arc'),
    window: windowEcho,
    limit: z.number().int().describe('The limit asked'),
    order: z.enum(['asc', 'desc']).describe('The order of the list'),
    total: z.number().int().describe('How many events the window holds'),
    returned: z.number().int().describe('How many are listed (at most limit)'),
    truncated: z.boolean().describe('Whether the limit left some out'),
    time_known: z.boolean().describe('Whether the birth time is known'),
    settings: settingsEcho,
  })
  .describe('What was asked and found');

export const exactAspectsResponse = z
  .object({
    meta: searchMeta.extend({ include_angles: z.boolean().describe('Whether the angles took part') }).describe('What was asked and found'),
    basis: basisSchema,
    aspects: z.array(aspectEvent).describe('Exact progressed-to-natal aspects, in `order`'),
  })
  .meta({ id: 'ExactAspectSearchResponse' });

export const exactIngressesResponse = z
  .object({
    meta: searchMeta,
    basis: basisSchema,
    ingresses: z.array(ingressEvent).describe('Sign and natal-house ingresses of the progressed points and angles, in `order`'),
  })
  .meta({ id: 'ExactIngressSearchResponse' });

export type ProgressedChartResponse = z.output<typeof progressedChartResponse>;
export type CalendarResponse = z.output<typeof calendarResponse>;
export type ExactAspectsResponse = z.output<typeof exactAspectsResponse>;
export type ExactIngressesResponse = z.output<typeof exactIngressesResponse>;
export type AspectEvent = z.output<typeof aspectEvent>;
export type IngressEvent = z.output<typeof ingressEvent>;
export type StationEvent = z.output<typeof stationEvent>;
export type LunationEvent = z.output<typeof lunationEvent>;
