/**
 * The NumerologyProfileRequest schema (`POST /api/v1/numerology/profile`, field-reference §4.6).
 *
 * Dates are accepted as bounded strings here and checked by the engine, so that a malformed date
 * yields `invalid_date` rather than a generic validation failure. `null` is accepted wherever a field
 * is optional and means "absent".
 */
import { z } from 'zod/v4';
import { COMPOUND_POLICIES, MASTER_POLICIES, NAME_SOURCES } from './profiles.ts';

export const MAX_NAME_LENGTH = 200;
export const MAX_TRANSLITERATION_PROFILE_LENGTH = 100;
export const MAX_PROFILE_LENGTH = 100;
export const MAX_CALCULATIONS = 64;
export const MAX_SLUG_LENGTH = 64;
export const MAX_DATE_LENGTH = 32;
export const MAX_TZ_LENGTH = 64;
export const MAX_CITY_LENGTH = 200;

export const SUBJECT_LOCALES = ['en', 'en-IN', 'hi', 'hi-IN'] as const;

const methodFields = {
  /** Absent: the system's default profile (the registry's `default_profile`). */
  profile: z
    .string()
    .min(1)
    .max(MAX_PROFILE_LENGTH)
    .nullish()
    .describe("A profile id of the system (GET /api/v1/numerology/methods); default: the system's default profile."),
  master_policy: z.enum(MASTER_POLICIES).nullish().describe("How master numbers are treated; default: the profile's."),
  compound_policy: z.enum(COMPOUND_POLICIES).nullish().describe("How compound numbers are reported; default: the profile's."),
  name_source: z.enum(NAME_SOURCES).nullish().describe("Which of the subject's names the name numbers use; default: the profile's."),
};

/** The discriminator of the method. */
const SYSTEM = 'The numerology system: pythagorean, chaldean, kabbalah or ank_jyotish.';

export const NumerologyMethodSchema = z.discriminatedUnion('system', [
  z.object({ system: z.literal('pythagorean').describe(SYSTEM), ...methodFields }),
  z.object({ system: z.literal('chaldean').describe(SYSTEM), ...methodFields }),
  z.object({ system: z.literal('kabbalah').describe(SYSTEM), ...methodFields }),
  z.object({ system: z.literal('ank_jyotish').describe(SYSTEM), ...methodFields }),
]);

const nameString = z.string().max(MAX_NAME_LENGTH);

export const TransliterationSchema = z.object({
  profile: z.string().min(1).max(MAX_TRANSLITERATION_PROFILE_LENGTH).describe('The transliteration profile id.'),
  birth: nameString.nullish().describe('The birth name, transliterated.'),
  current: nameString.nullish().describe('The current name, transliterated.'),
});

export const SubjectNameSchema = z.object({
  birth: nameString.nullish().describe('Full name at birth.'),
  current: nameString.nullish().describe('The name in use now, when it differs.'),
  script: z
    .string()
    .regex(/^[A-Z][a-z]{3}$/, 'expected an ISO 15924 script code such as Latn or Hebr')
    .nullish()
    .describe('ISO 15924 script code of the names, e.g. Latn or Hebr.'),
  transliteration: TransliterationSchema.nullish().describe('The names in another script, with the profile that transliterated them.'),
});

export const SubjectSchema = z.object({
  birth_date: z.string().max(MAX_DATE_LENGTH).nullish().describe('Date of birth, YYYY-MM-DD.'),
  birth_time: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, 'expected HH:MM')
    .nullish()
    .describe('Local time of birth, HH:MM or HH:MM:SS.'),
  name: SubjectNameSchema.nullish().describe("The subject's names."),
  calendar: z.literal('gregory').nullish().describe('The calendar of the dates: only `gregory`.'),
  locale: z
    .enum(SUBJECT_LOCALES)
    .nullish()
    .describe(`Language of the texts: ${SUBJECT_LOCALES.join(', ')}.`),
  tz_str: z
    .string()
    .min(1)
    .max(MAX_TZ_LENGTH)
    .nullish()
    .describe(
      'IANA time zone, e.g. Asia/Kolkata, or AUTO (from `city` or `lat`/`lng`): today in this zone is the reference date when `date_context.reference_date` is absent.',
    ),
  city: z.string().max(MAX_CITY_LENGTH).nullish().describe('Place of birth.'),
  lat: z.number().min(-90).max(90).nullish().describe('Latitude of the place of birth in degrees, -90 to 90.'),
  lng: z.number().min(-180).max(180).nullish().describe('Longitude of the place of birth in degrees, -180 to 180.'),
});

export const DateContextSchema = z.object({
  reference_date: z
    .string()
    .max(MAX_DATE_LENGTH)
    .nullish()
    .describe('The date the personal cycles (year, month, day) are computed for, YYYY-MM-DD; default: today in `subject.tz_str`.'),
  year_anchor: z.literal('calendar_year').nullish().describe('Where a personal year starts: only `calendar_year` (1 January).'),
});

export const NumerologyProfileRequestSchema = z.object({
  method: NumerologyMethodSchema.describe('The numerology system (`system` chooses the shape) and its options.'),
  subject: SubjectSchema.nullish().describe('Whose numbers: birth date, names and place.'),
  date_context: DateContextSchema.nullish().describe('The date of the personal cycles.'),
  /** Calculation slugs (or documented aliases); default: every slug of the profile. */
  calculations: z
    .array(z.string().min(1).max(MAX_SLUG_LENGTH))
    .min(1)
    .max(MAX_CALCULATIONS)
    .nullish()
    .describe('Calculation slugs (or documented aliases); default: every slug of the profile.'),
  include_interpretations: z.boolean().nullish().describe('Adds the texts that go with each number. Default false.'),
});

export type NumerologyProfileRequest = z.infer<typeof NumerologyProfileRequestSchema>;
export type NumerologySubject = z.infer<typeof SubjectSchema>;

export type RequestParseResult =
  { ok: true; request: NumerologyProfileRequest } | { ok: false; code: 'validation_failed' | 'missing_required_field'; field: string | null; detail: string };

function valueAtPath(root: unknown, path: readonly PropertyKey[]): unknown {
  let current: unknown = root;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

/** Dotted field path (`subject.name.birth`, `calculations.2`); null for the body itself. */
export function dottedPath(path: readonly PropertyKey[]): string | null {
  return path.length ? path.map((k) => String(k)).join('.') : null;
}

/**
 * Parses the body. The first issue becomes the problem: `missing_required_field` when the value at
 * its path is absent, `validation_failed` otherwise. Messages never include input values.
 */
export function parseProfileRequest(body: unknown): RequestParseResult {
  const result = NumerologyProfileRequestSchema.safeParse(body);
  if (result.success) return { ok: true, request: result.data };
  const issue = result.error.issues[0];
  if (!issue) return { ok: false, code: 'validation_failed', field: null, detail: 'request validation failed' };
  const field = dottedPath(issue.path);
  const missing = issue.path.length > 0 && valueAtPath(body, issue.path) === undefined;
  return missing
    ? { ok: false, code: 'missing_required_field', field, detail: `${field} is required` }
    : { ok: false, code: 'validation_failed', field, detail: issue.message };
}
