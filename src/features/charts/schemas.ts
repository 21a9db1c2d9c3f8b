/**
 * Request schemas of the chart image endpoints: the common birth and output fields of the
 * public API (field reference §4.2), and each chart kind's additions.
 */
import { z } from 'zod/v4';
import { chartConfigSchema } from '../../../renderer/index.ts';
import { birthFields, chartSettingsFields, latitude, longitude, orbSettings, timeZoneName, dstPolicy } from '../shared/birth-schema.ts';
import { TRANSIT_DATE_PATTERN, transitPlaceFields } from '../transits/schemas.ts';

export const MIN_SIZE = 300;
export const MAX_SIZE = 2000;

const DISPLAY_KEYS = ['sun', 'moon', 'mercury', 'venus', 'mars', 'jupiter', 'saturn', 'uranus', 'neptune', 'pluto', 'north_node', 'south_node', 'asc', 'mc', 'ic', 'dsc', 'chiron', 'lilith', 'part_of_fortune'] as const;
export type DisplayKey = (typeof DISPLAY_KEYS)[number];
export const displaySettings = z.object(Object.fromEntries(DISPLAY_KEYS.map((k) => [k, z.boolean().optional()])) as Record<DisplayKey, z.ZodOptional<z.ZodBoolean>>);

/** How the image is delivered and styled. */
export const outputFields = {
  format: z.enum(['svg', 'png']).optional(),
  size: z.number().int().min(MIN_SIZE).max(MAX_SIZE).optional().describe(`Width = height in px, ${MIN_SIZE}-${MAX_SIZE} (default 700)`),
  theme_type: z.enum(['light', 'dark', 'mono']).optional(),
  png_quality_scale: z.number().min(1).max(5).optional().describe('PNG pixel density (default 2.0)'),
  show_metadata: z.boolean().optional(),
  display_settings: displaySettings.optional(),
  custom_theme: z.object({ background: z.string().max(40).optional() }).optional(),
  chart_config: chartConfigSchema.optional(),
  include_minor: z.boolean().optional().describe('Draw the minor aspects too'),
  orb_settings: orbSettings,
};
const outputObject = z.object(outputFields);
export type OutputOptions = z.output<typeof outputObject>;

/** A person or moment on a chart: birth fields and chart settings. */
export const subjectFields = { ...birthFields, ...chartSettingsFields };
export const subjectObject = z.object(subjectFields);
export type SubjectInput = z.output<typeof subjectObject>;

export const natalChartRequest = z.object({ ...subjectFields, ...outputFields }).meta({ id: 'ExperimentalNatalChartRequest' });

export const transitChartRequest = z
  .object({
    natal: z.object({ ...subjectFields, ...outputFields }),
    ...transitPlaceFields,
    transit_date: z.string().max(40).regex(TRANSIT_DATE_PATTERN, 'expected YYYY-MM-DDTHH:MM (local time at the transit place)').optional(),
    tz_str: timeZoneName.optional(),
    dst_policy: dstPolicy.optional(),
    natal_ring: z.enum(['inner', 'outer']).default('inner').describe('Natal planets on the inner ring (default) or the outer ring'),
    ...outputFields,
  })
  .meta({ id: 'ExperimentalTransitChartRequest' });

export const solarReturnChartRequest = z
  .object({
    ...subjectFields,
    ...outputFields,
    return_year: z.number().int().min(1801).max(2398),
    return_city: z.string().min(1).max(200).optional(),
    return_country: z.string().min(2).max(100).optional(),
    return_lat: latitude.optional(),
    return_lng: longitude.optional(),
    return_tz_str: timeZoneName.optional(),
    wheel_type: z.enum(['bi_wheel', 'single']).default('bi_wheel'),
  })
  .meta({ id: 'ExperimentalSolarReturnChartRequest' });

export const progressionsChartRequest = z
  .object({
    ...subjectFields,
    ...outputFields,
    progression_date: z.string().max(40).regex(/^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}:\d{2})?)?$/, 'expected YYYY-MM-DD or an ISO date-time'),
    progression_city: z.string().min(1).max(200).optional(),
    progression_country: z.string().min(2).max(100).optional(),
    progression_lat: latitude.optional(),
    progression_lng: longitude.optional(),
    progression_tz_str: timeZoneName.optional(),
  })
  .meta({ id: 'ExperimentalSecondaryProgressionsChartRequest' });

/** Top-level styling aliases of the composite endpoint, merged into chart_config. */
const styleAliases = {
  custom_planet_color: z.string().max(40).nullish(),
  custom_sign_color: z.string().max(40).nullish(),
  custom_house_color: z.string().max(40).nullish(),
  custom_sign_bg_color: z.string().max(40).nullish(),
  custom_house_bg_color: z.string().max(40).nullish(),
  show_sign_background: z.boolean().nullish(),
  show_house_background: z.boolean().nullish(),
  custom_sign_colors: z.array(z.string().max(40)).max(12).nullish(),
  custom_house_colors: z.array(z.string().max(40)).max(12).nullish(),
  sign_background_opacity: z.number().min(0).max(1).nullish(),
  house_background_opacity: z.number().min(0).max(1).nullish(),
  show_retrograde_markers: z.boolean().nullish(),
  retrograde_marker_style: z.enum(['symbol', 'rx', 'r']).nullish(),
};
export const STYLE_ALIAS_KEYS = Object.keys(styleAliases) as (keyof typeof styleAliases)[];

const personWithOutput = z.object({ ...subjectFields, ...outputFields });

export const compositeChartRequest = z
  .object({
    person_a: personWithOutput,
    person_b: z.object(subjectFields),
    show_aspects: z.boolean().default(true),
    chart_config: chartConfigSchema.optional(),
    ...styleAliases,
  })
  .meta({ id: 'ExperimentalCompositeChartRequest' });

export const synastryChartRequest = z
  .object({
    person_a: personWithOutput,
    person_b: z.object(subjectFields),
    show_a_aspects: z.boolean().default(false),
    show_inter_aspects: z.boolean().default(true),
    show_b_aspects: z.boolean().default(false),
    person_a_planet_color: z.string().max(40).default('#1565C0'),
    person_b_planet_color: z.string().max(40).default('#C62828'),
    show_person_b_houses: z.boolean().default(true),
    show_person_b_angles: z.boolean().default(true),
    chart_config: chartConfigSchema.optional(),
  })
  .meta({ id: 'ExperimentalSynastryChartRequest' });

export type NatalChartRequest = z.output<typeof natalChartRequest>;
export type TransitChartRequest = z.output<typeof transitChartRequest>;
export type SolarReturnChartRequest = z.output<typeof solarReturnChartRequest>;
export type ProgressionsChartRequest = z.output<typeof progressionsChartRequest>;
export type CompositeChartRequest = z.output<typeof compositeChartRequest>;
export type SynastryChartRequest = z.output<typeof synastryChartRequest>;
