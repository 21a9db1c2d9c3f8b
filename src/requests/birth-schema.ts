/**
 * Zod pieces shared by every request that describes a birth or a moment at a place: the flat
 * fields of the public API (`year` ... `minute`, `city`, `lat`, `lng`, `tz_str`).
 */
import { z } from 'zod/v4';
import { AYANAMSA_ACCEPTED_NAMES, resolveAyanamsa } from '../astro/ayanamsas.ts';
import { HOUSE_SYSTEM_ACCEPTED_NAMES, resolveHouseSystem } from '../astro/house-systems.ts';
import { DST_POLICIES } from '../astro/civil-time.ts';
import { ianaZone } from '../astro/civil-time.ts';
import { caseInsensitiveEnum } from './lenient-enum.ts';
import { jsonObject } from './json-object.ts';
import { aspectTypeFromName } from '../astro/aspects.ts';
import { ISO_DATE_TIME_FORMS, ISO_DATE_TIME_PATTERN, readIsoDateTime } from '../astro/iso-date-time.ts';

/** Gregorian calendar years the service computes; the data files cover 1800-2399, Moshier the rest. */
export const MIN_YEAR = 1583;
export const MAX_YEAR = 2999;

export const latitude = z.number().min(-90).max(90).describe('Geographic latitude in degrees, -90 (south) to 90 (north).');
export const longitude = z.number().min(-180).max(180).describe('Geographic longitude in degrees, -180 (west) to 180 (east).');

export const timeZoneName = z
  .string()
  .min(1)
  .max(64)
  .refine((v) => v.toUpperCase() === 'AUTO' || ianaZone(v) !== undefined, { message: 'unknown time zone: use an IANA name such as Europe/Lisbon, or AUTO' })
  .describe("IANA time zone (e.g. Europe/Lisbon) of the local time, or `AUTO`: the zone of the place. Default: the place's zone.");

export const houseSystem = z
  .string()
  .max(40)
  .refine((v) => resolveHouseSystem(v) !== undefined, { message: `unknown house system; one of: ${HOUSE_SYSTEM_ACCEPTED_NAMES.join(', ')}` })
  .transform((v) => resolveHouseSystem(v)!)
  .describe(`House system, by name or one-letter code (any case): ${HOUSE_SYSTEM_ACCEPTED_NAMES.join(', ')}. Default placidus.`);

export const zodiacType = z
  .string()
  .max(20)
  .transform((v) => v.toLowerCase())
  .pipe(z.enum(['tropical', 'sidereal']))
  .describe('`tropical` (default) or `sidereal` (then `sidereal_ayanamsa` chooses the ayanamsa), in any case.');

export const ayanamsa = z
  .string()
  .max(40)
  .refine((v) => resolveAyanamsa(v) !== undefined, { message: `unknown ayanamsa; one of: ${AYANAMSA_ACCEPTED_NAMES.join(', ')}` })
  .transform((v) => resolveAyanamsa(v)!)
  .describe(`Ayanamsa of the sidereal zodiac (ignored for tropical): ${AYANAMSA_ACCEPTED_NAMES.join(', ')}. Default lahiri.`);

export const dstPolicy = caseInsensitiveEnum(DST_POLICIES);

/**
 * A date or date-time field (transit_date, progression_date): the pattern, then the rules of
 * iso-date-time.ts (a real calendar date and time of day, an offset within ±18:00, a year served),
 * each a 422 on the field instead of a date silently rolled over or a crash.
 */
export function isoDateTimeText(years = { min: MIN_YEAR, max: MAX_YEAR }) {
  return z
    .string()
    .max(40)
    .regex(ISO_DATE_TIME_PATTERN, `expected ${ISO_DATE_TIME_FORMS}`)
    .superRefine((text, ctx) => {
      if (!ISO_DATE_TIME_PATTERN.test(text)) return; // reported by the pattern
      const reading = readIsoDateTime(text, years);
      if (!reading.ok) ctx.addIssue({ code: 'custom', message: `${text} ${reading.reason}`, params: { type: 'value_error.datetime' } });
    });
}

/** Date and wall-clock time of a birth or an event, plus where it happened. */
export const birthFields = {
  name: z.string().max(200).optional().describe('A label for the person or event, echoed in the answer.'),
  year: z.number().int().min(MIN_YEAR).max(MAX_YEAR).describe(`Gregorian calendar year, ${MIN_YEAR} to ${MAX_YEAR}.`),
  month: z.number().int().min(1).max(12).describe('Month, 1 (January) to 12.'),
  day: z.number().int().min(1).max(31).describe('Day of the month, 1 to 31 (checked against the month).'),
  hour: z.number().int().min(0).max(23).optional().describe('Hour of the local wall-clock time, 0 to 23. Required unless `time_known` is false.'),
  minute: z.number().int().min(0).max(59).optional().describe('Minute, 0 to 59. Required unless `time_known` is false.'),
  second: z.number().min(0).lt(60).optional().describe('Seconds, 0 to less than 60 (fractions allowed). Default 0.'),
  time_known: z.boolean().default(true).describe('False when the birth time is unknown: the chart is cast for noon and has no houses or angles. Default true.'),
  city: z
    .string()
    .min(1)
    .max(200)
    .optional()
    .describe('Place name, looked up in the gazetteer when `lat`/`lng` are not given (local and English names, e.g. `München`).'),
  country: z.string().min(2).max(100).optional().describe('Country (ISO code or name) to narrow the `city` lookup.'),
  lat: latitude.optional().describe('Geographic latitude in degrees, -90 (south) to 90 (north). With `lng`, takes precedence over `city`.'),
  lng: longitude.optional().describe('Geographic longitude in degrees, -180 (west) to 180 (east).'),
  tz_str: timeZoneName
    .optional()
    .describe("IANA time zone of the wall-clock time (e.g. `Europe/Lisbon`), or `AUTO` to look it up from the place. Default: the place's zone."),
  timezone: timeZoneName
    .optional()
    .describe('Alias of `tz_str`. Sent with it, a zone named in one wins over `AUTO` in the other; two different zones are refused (422).'),
  dst_policy: dstPolicy.optional(),
};

export const chartSettingsFields = {
  house_system: houseSystem.default('placidus'),
  zodiac_type: zodiacType.default('tropical'),
  sidereal_ayanamsa: ayanamsa.nullish(),
  node_type: caseInsensitiveEnum(['mean', 'true']).default('mean'),
};

/** The orb settings that name an aspect: the others are left out of the parsed body, so that X-Unknown-Fields names them (`orb_settings.sextil`). */
function knownAspectsOnly(orbs: Record<string, number>): Record<string, number> {
  const known: Record<string, number> = {};
  for (const [name, orb] of Object.entries(orbs)) if (aspectTypeFromName(name) !== undefined) known[name] = orb;
  return known;
}

export const orbSettings = jsonObject(z.number().min(0).max(30), z.string().max(40))
  .refine((o) => Object.keys(o).length <= 20, { message: 'at most 20 orb settings' })
  .transform(knownAspectsOnly)
  .optional()
  .describe(
    'Orbs in degrees (0 to 30) by aspect name, e.g. `{"conjunction": 8, "sextile": 4}`; at most 20. Aspects not named keep their default orb; a name that is no aspect is ignored and named in X-Unknown-Fields.',
  );

export const birthObject = z.object(birthFields);
export type BirthInput = z.output<typeof birthObject>;
