/** Request and answer of POST /api/v1/chinese/bazi/time-correction. */
import { z } from 'zod/v4';
import { DAY_BOUNDARIES } from '../../../astro/chinese/pillars.ts';
import { answerObject } from './bazi-field-text.ts';
import { metaSchema } from './bazi-lang.ts';
import { baziRequest, CHART_OPTIONS, exampleBaziBirth, TIME_STANDARDS } from './bazi-schemas.ts';

export const baziTimeCorrectionRequest = baziRequest
  .omit({
    ...CHART_OPTIONS,
    time_known: true,
  })
  .meta({ id: 'BaziTimeCorrectionRequest', example: { ...exampleBaziBirth, time_standard: 'true_solar' } });
export type BaziTimeCorrectionRequest = z.output<typeof baziTimeCorrectionRequest>;

const clock = answerObject({
  time_standard: z.enum(TIME_STANDARDS),
  local_time: z.string().describe('The birth on this clock, YYYY-MM-DDTHH:MM:SS'),
  date: z.string().describe("The birth's calendar date on this clock, YYYY-MM-DD"),
  offset_from_civil_seconds: z.number().describe('This clock minus the civil clock, seconds'),
  day_pillar: z.string().describe('The day pillar this clock gives (with `day_boundary`)'),
  hour_pillar: z.string().describe('The hour pillar this clock gives'),
  hour_branch: z.string().describe('The two-hour branch of the time on this clock'),
  date_differs_from_civil: z.boolean().describe('The correction carries the birth across midnight'),
});

export const baziTimeCorrectionResponse = answerObject({
  time_standard: z.enum(TIME_STANDARDS).describe('The standard the request asked for'),
  day_boundary: z.enum(DAY_BOUNDARIES),
  effective_time: z.string().describe('The birth on the clock of `time_standard`'),
  civil_time: z.string().describe("The birth on the zone's wall clock, as given (Gregorian)"),
  utc: z.string().describe('The instant, UTC'),
  zone: z.string(),
  utc_offset: z.string().describe("The zone's offset at the birth, DST included"),
  dst_applied: z.boolean().describe('The wall time fell in a DST gap or fold and dst_policy decided it'),
  longitude: z.number(),
  zone_meridian: z.number().describe("The meridian of the zone's offset, degrees (offset in hours × 15)"),
  longitude_correction_minutes: z.number().describe('Local mean minus civil time: 4 minutes per degree from the zone meridian (includes removing DST)'),
  local_mean_time: z.string().describe('UT + longitude / 15 h'),
  equation_of_time_minutes: z.number().describe('Apparent minus mean solar time at the instant, minutes'),
  equation_of_time_seconds: z.number().describe('The same in seconds, to 0.1'),
  true_solar_time: z.string().describe('Local apparent solar time: local mean time + the equation of time'),
  total_correction_minutes: z.number().describe('True solar minus civil time, minutes'),
  clocks: z.array(clock).describe('The birth on each standard, with the day and hour pillars it gives'),
  explanation: z.string().describe('The correction in words, in the answer language'),
  warnings: z.array(z.string()),
  meta: metaSchema,
}).meta({ id: 'BaziTimeCorrectionResponse' });
export type BaziTimeCorrectionResponse = z.output<typeof baziTimeCorrectionResponse>;
