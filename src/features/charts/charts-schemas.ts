/**
 * Request schemas of the chart image endpoints: the common birth and output fields of the
 * public API (field reference §4.2), and each chart kind's additions.
 */
import { z } from 'zod/v4';
import { isCssColor } from '../../../renderer/index.ts';
import { chartConfigRequestSchema, retrogradeMarkerStyle } from './chart-config-request.ts';
import { caseInsensitiveEnum } from '../../requests/lenient-enum.ts';
import { birthFields, chartSettingsFields, isoDateTimeText, latitude, longitude, orbSettings, timeZoneName, dstPolicy } from '../../requests/birth-schema.ts';
import { transitPlaceFields } from '../western/transits/transits-schemas.ts';
import { exampleBirth, examplePartner } from '../../requests/examples.ts';
import { ANGLES_METHODS } from '../../astro/progressed-angles.ts';

export const cssColor = z
  .string()
  .max(64)
  .refine((v) => isCssColor(v), { message: 'expected a CSS colour (#hex, rgb()/rgba(), hsl()/hsla() or a named colour)' });

/** The sizes the drawing is made for; a request may send 1-10,000, clamped into this (reported). */
export const MIN_SIZE = 300;
export const MAX_SIZE = 2000;
export const MAX_REQUESTED_SIZE = 10_000;

const DISPLAY_KEYS = [
  'sun',
  'moon',
  'mercury',
  'venus',
  'mars',
  'jupiter',
  'saturn',
  'uranus',
  'neptune',
  'pluto',
  'north_node',
  'south_node',
  'asc',
  'mc',
  'ic',
  'dsc',
  'chiron',
  'lilith',
  'part_of_fortune',
] as const;
export type DisplayKey = (typeof DISPLAY_KEYS)[number];
export const displaySettings = z.object(
  Object.fromEntries(
    DISPLAY_KEYS.map((k) => [
      k,
      z
        .boolean()
        .optional()
        .describe(`Draw ${k.replaceAll('_', ' ')} (false hides it). Default true.`),
    ]),
  ) as Record<DisplayKey, z.ZodOptional<z.ZodBoolean>>,
);

/** How the image is delivered and styled. */
export const outputFields = {
  format: caseInsensitiveEnum(['svg', 'png']).optional(),
  size: z
    .number()
    .min(1)
    .max(MAX_REQUESTED_SIZE)
    .optional()
    .describe(
      `Width = height in px (default 700). Drawn at ${MIN_SIZE}-${MAX_SIZE}: another value is rounded and clamped, and reported in X-Chart-Adjustments`,
    ),
  theme_type: caseInsensitiveEnum(['light', 'dark', 'mono']).optional(),
  png_quality_scale: z.number().min(1).max(5).optional().describe('PNG pixel density (default 2.0)'),
  show_metadata: z.boolean().optional().describe('Print the name, date, time and place on the image.'),
  display_settings: displaySettings.optional().describe('Which points are drawn, by name; the ones not named are drawn.'),
  custom_theme: z
    .object({ background: cssColor.optional().describe('Background colour (CSS, or "transparent") instead of the theme\'s; anything else is a 422.') })
    .optional()
    .describe('Overrides of the theme.'),
  chart_config: chartConfigRequestSchema.optional().describe('Fine control of the drawing: sizes, line widths, colours, what is shown.'),
  include_minor: z.boolean().optional().describe('Draw the minor aspects too'),
  orb_settings: orbSettings,
};
export type OutputOptions = z.output<z.ZodObject<typeof outputFields>>;

/** A person or moment on a chart: birth fields and chart settings. */
export const subjectFields = { ...birthFields, ...chartSettingsFields };
export const subjectObject = z.object(subjectFields);
export type SubjectInput = z.output<typeof subjectObject>;

export const natalChartRequest = z
  .object({ ...subjectFields, ...outputFields })
  .meta({ id: 'ExperimentalNatalChartRequest', example: { ...exampleBirth, format: 'svg' } });

export const transitChartRequest = z
  .object({
    natal: z.object({ ...subjectFields, ...outputFields }).describe('The birth, with the output and styling of the image.'),
    ...transitPlaceFields,
    transit_date: isoDateTimeText()
      .optional()
      .describe('Local time at the transit place (YYYY-MM-DDTHH:MM[:SS]), or an instant with Z or an offset; now when omitted'),
    tz_str: timeZoneName.optional(),
    dst_policy: dstPolicy.optional(),
    natal_ring: caseInsensitiveEnum(['inner', 'outer'])
      .default('inner')
      .describe('Natal planets on the inner ring (default) or the outer ring; each chart keeps its colour on either'),
    ...outputFields,
  })
  .meta({ id: 'ExperimentalTransitChartRequest', example: { natal: exampleBirth, transit_date: '2025-11-20T09:15' } });

export const solarReturnChartRequest = z
  .object({
    ...subjectFields,
    ...outputFields,
    return_year: z.number().int().min(1801).max(2398).describe('The year of the solar return, 1801 to 2398.'),
    return_city: z.string().min(1).max(200).optional().describe('Where the return is cast, looked up in the gazetteer; default: the natal place.'),
    return_country: z.string().min(2).max(100).optional().describe('Country (ISO code or name) to narrow the `return_city` lookup.'),
    return_lat: latitude.optional(),
    return_lng: longitude.optional(),
    return_tz_str: timeZoneName.optional(),
    wheel_type: caseInsensitiveEnum(['bi_wheel', 'single'], { 'bi-wheel': 'bi_wheel', biwheel: 'bi_wheel' }).default('bi_wheel'),
  })
  .meta({ id: 'ExperimentalSolarReturnChartRequest', example: { ...exampleBirth, return_year: 2026 } });

/** How the progressions chart's angles progress: the data endpoint's two methods, or the progressed instant's own houses. */
export const PROGRESSED_CHART_ANGLES = [...ANGLES_METHODS, 'progressed_instant'] as const;

export const progressionsChartRequest = z
  .object({
    ...subjectFields,
    ...outputFields,
    progression_date: isoDateTimeText().describe(
      'The date progressed to: YYYY-MM-DD (midnight UTC) or a date-time (UTC unless it carries Z or an offset); not before the birth',
    ),
    progression_city: z
      .string()
      .min(1)
      .max(200)
      .optional()
      .describe('Where the progressed chart is cast, looked up in the gazetteer; default: the natal place.'),
    progression_country: z.string().min(2).max(100).optional().describe('Country (ISO code or name) to narrow the `progression_city` lookup.'),
    progression_lat: latitude.optional(),
    progression_lng: longitude.optional(),
    progression_tz_str: timeZoneName.optional(),
    angles_method: caseInsensitiveEnum(PROGRESSED_CHART_ANGLES)
      .default('solar_arc')
      .describe(
        "How the outer ring's Ascendant, Midheaven and house cusps progress: `solar_arc` (default: the natal Midheaven moved in longitude by the progressed Sun's arc), `naibod` (the natal ARMC moved 0.98564733° in right ascension per year of life) or `progressed_instant` (the houses of the progressed instant itself, which turn about a degree a day of ephemeris, a year of life). The arcs start from the natal angles cast at the progression place. Named in the X-Progressed-Angles header.",
      ),
  })
  .meta({ id: 'ExperimentalSecondaryProgressionsChartRequest', example: { ...exampleBirth, progression_date: '2026-01-01' } });

/** Top-level styling aliases of the composite endpoint, merged into chart_config. */
const alias = (key: string) => `Same as \`chart_config.${key}\`.`;
const styleAliases = {
  custom_planet_color: z.string().max(40).nullish().describe(alias('custom_planet_color')),
  custom_sign_color: z.string().max(40).nullish().describe(alias('custom_sign_color')),
  custom_house_color: z.string().max(40).nullish().describe(alias('custom_house_color')),
  custom_sign_bg_color: z.string().max(40).nullish().describe(alias('custom_sign_bg_color')),
  custom_house_bg_color: z.string().max(40).nullish().describe(alias('custom_house_bg_color')),
  show_sign_background: z.boolean().nullish().describe(alias('show_sign_background')),
  show_house_background: z.boolean().nullish().describe(alias('show_house_background')),
  custom_sign_colors: z
    .array(z.string().max(40))
    .max(12)
    .nullish()
    .describe(`${alias('custom_sign_colors')} One CSS colour per sign, Aries first.`),
  custom_house_colors: z
    .array(z.string().max(40))
    .max(12)
    .nullish()
    .describe(`${alias('custom_house_colors')} One CSS colour per house, the first house first.`),
  sign_background_opacity: z
    .number()
    .min(0)
    .max(1)
    .nullish()
    .describe(`${alias('sign_background_opacity')} 0 to 1.`),
  house_background_opacity: z
    .number()
    .min(0)
    .max(1)
    .nullish()
    .describe(`${alias('house_background_opacity')} 0 to 1.`),
  show_retrograde_markers: z.boolean().nullish().describe(alias('show_retrograde_markers')),
  retrograde_marker_style: retrogradeMarkerStyle.nullish(),
};
export const STYLE_ALIAS_KEYS = Object.keys(styleAliases) as (keyof typeof styleAliases)[];

const personWithOutput = z.object({ ...subjectFields, ...outputFields });
/**
 * The output options a two-person chart also takes at the top level, as the transits chart does
 * (a top-level field wins over `person_a`'s); its top-level `chart_config` is merged instead.
 */
export const topLevelOutputFields = z.object(outputFields).omit({ chart_config: true }).shape;

export const compositeChartRequest = z
  .object({
    person_a: personWithOutput.describe('The first person, with the output and styling of the image.'),
    person_b: z.object(subjectFields).describe('The second person.'),
    show_aspects: z.boolean().default(true).describe('Draw the aspects of the composite chart. Default true.'),
    chart_config: chartConfigRequestSchema.optional().describe('Merged over `person_a.chart_config`.'),
    ...topLevelOutputFields,
    ...styleAliases,
  })
  .meta({ id: 'ExperimentalCompositeChartRequest', example: { person_a: exampleBirth, person_b: examplePartner } });

export const synastryChartRequest = z
  .object({
    person_a: personWithOutput.describe('Person A (outer ring), with the output and styling of the image.'),
    person_b: z.object(subjectFields).describe('Person B (inner ring).'),
    show_a_aspects: z.boolean().default(false).describe("Aspects between A's own planets. Default false."),
    show_inter_aspects: z.boolean().default(true).describe("Aspects between A's and B's planets. Default true."),
    show_b_aspects: z.boolean().default(false).describe("Aspects between B's own planets. Default false."),
    // Absent: the theme's outer/inner ring colours (legible on its background, mono stays mono).
    person_a_planet_color: cssColor.optional().describe("CSS colour of A's planets; default: the theme's outer ring colour."),
    person_b_planet_color: cssColor.optional().describe("CSS colour of B's planets; default: the theme's inner ring colour."),
    person_a_angle_color: cssColor
      .optional()
      .describe(
        "CSS colour of A's angle axes (ASC, DSC, MC, IC) and their labels; `chart_config`'s `asc_line_color` etc. win. Default: the theme's axis colour.",
      ),
    person_b_angle_color: cssColor.optional().describe("CSS colour of B's Ascendant and Midheaven, drawn among B's planets. Default: B's planet colour."),
    person_a_zone_bg_color: cssColor.optional().describe("CSS background of the band that holds A's planets (the outer ring). Default: none."),
    person_b_zone_bg_color: cssColor.optional().describe("CSS background of the band that holds B's planets (the inner ring). Default: none."),
    show_person_b_houses: z.boolean().default(true).describe("Draw B's house cusps when B's birth time is known. Default true."),
    show_person_b_angles: z.boolean().default(true).describe("Draw B's angles when B's birth time is known. Default true."),
    chart_config: chartConfigRequestSchema.optional().describe('Merged over `person_a.chart_config`.'),
    ...topLevelOutputFields,
  })
  .meta({ id: 'ExperimentalSynastryChartRequest', example: { person_a: exampleBirth, person_b: examplePartner } });

export type NatalChartRequest = z.output<typeof natalChartRequest>;
export type TransitChartRequest = z.output<typeof transitChartRequest>;
export type SolarReturnChartRequest = z.output<typeof solarReturnChartRequest>;
export type ProgressionsChartRequest = z.output<typeof progressionsChartRequest>;
export type ProgressedChartAngles = (typeof PROGRESSED_CHART_ANGLES)[number];
export type CompositeChartRequest = z.output<typeof compositeChartRequest>;
export type SynastryChartRequest = z.output<typeof synastryChartRequest>;
