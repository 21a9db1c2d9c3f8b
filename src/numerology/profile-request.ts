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
  profile: z.string().min(1).max(MAX_PROFILE_LENGTH),
  master_policy: z.enum(MASTER_POLICIES).nullish(),
  compound_policy: z.enum(COMPOUND_POLICIES).nullish(),
  name_source: z.enum(NAME_SOURCES).nullish(),
};

export const NumerologyMethodSchema = z.discriminatedUnion('system', [
  z.object({ system: z.literal('pythagorean'), ...methodFields }),
  z.object({ system: z.literal('chaldean'), ...methodFields }),
  z.object({ system: z.literal('kabbalah'), ...methodFields }),
  z.object({ system: z.literal('ank_jyotish'), ...methodFields }),
]);

const nameString = z.string().max(MAX_NAME_LENGTH);

export const TransliterationSchema = z.object({
  profile: z.string().min(1).max(MAX_TRANSLITERATION_PROFILE_LENGTH),
  birth: nameString.nullish(),
  current: nameString.nullish(),
});

export const SubjectNameSchema = z.object({
  birth: nameString.nullish(),
  current: nameString.nullish(),
  script: z
    .string()
    .regex(/^[A-Z][a-z]{3}$/, 'expected an ISO 15924 script code such as Latn or Hebr')
    .nullish(),
  transliteration: TransliterationSchema.nullish(),
});

export const SubjectSchema = z.object({
  birth_date: z.string().max(MAX_DATE_LENGTH).nullish(),
  birth_time: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, 'expected HH:MM')
    .nullish(),
  name: SubjectNameSchema.nullish(),
  calendar: z.literal('gregory').nullish(),
  locale: z.enum(SUBJECT_LOCALES).nullish(),
  tz_str: z.string().min(1).max(MAX_TZ_LENGTH).nullish(),
  city: z.string().max(MAX_CITY_LENGTH).nullish(),
  lat: z.number().min(-90).max(90).nullish(),
  lng: z.number().min(-180).max(180).nullish(),
});

export const DateContextSchema = z.object({
  reference_date: z.string().max(MAX_DATE_LENGTH).nullish(),
  year_anchor: z.literal('calendar_year').nullish(),
});

export const NumerologyProfileRequestSchema = z.object({
  method: NumerologyMethodSchema,
  subject: SubjectSchema.nullish(),
  date_context: DateContextSchema.nullish(),
  /** Calculation slugs (or documented aliases); default: every slug of the profile. */
  calculations: z.array(z.string().min(1).max(MAX_SLUG_LENGTH)).min(1).max(MAX_CALCULATIONS).nullish(),
  include_interpretations: z.boolean().nullish(),
});

export type NumerologyProfileRequest = z.infer<typeof NumerologyProfileRequestSchema>;
export type NumerologySubject = z.infer<typeof SubjectSchema>;

export type RequestParseResult =
  | { ok: true; request: NumerologyProfileRequest }
  | { ok: false; code: 'validation_failed' | 'missing_required_field'; field: string | null; detail: string };

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
