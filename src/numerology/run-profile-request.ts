/**
 * The transport-independent entry point of `POST /api/v1/numerology/profile`.
 *
 * Pipeline: schema validation → profile (id or alias) → policy combination → calculations →
 * required fields → date validity → time zone → name normalisation → date context → compute.
 * Nothing here logs, persists or caches subject data.
 */
import { civilDateInZone, formatCivilDate, isKnownTimeZone, parseCivilDate } from './dates.ts';
import type { CivilDate } from './dates.ts';
import { normalizeHebrewName, normalizeLatinName } from './name-normalization.ts';
import { computeProfile } from './profile.ts';
import type { ProfileInputs, ResolvedName } from './profile.ts';
import { parseProfileRequest } from './profile-request.ts';
import type { NumerologyProfileRequest } from './profile-request.ts';
import { NumerologyProblem, PROBLEM_CONTENT_TYPE, buildProblem, problemFromError } from './problems.ts';
import type { ProblemDetails } from './problems.ts';
import {
  REFERENCE_DATE_ALTERNATIVES,
  REGISTRY_VERSION,
  calculationDef,
  defaultProfile,
  missingFieldLabel,
  needAlternatives,
  resolveCalculationSlug,
  resolveProfile,
} from './profiles.ts';
import type { CompoundPolicy, MasterPolicy, NameSource, Need, ProfileDef, SystemId } from './profiles.ts';

export const JSON_CONTENT_TYPE = 'application/json';
export const ENGINE_SPEC_ID = 'numerology-spec-v1';
/** `tz_str` value asking for the zone to be derived from `city` or `lat`/`lng`. */
export const AUTO_TZ = 'AUTO';

export interface TimeZoneQuery {
  city?: string;
  lat?: number;
  lng?: number;
}

export interface ProfileRequestContext {
  /** Problem `instance`, typically the request path or a request URI. */
  instance: string;
  /** Problem `trace_id`. */
  traceId: string;
  /** Request time; used only to derive "today" from `subject.tz_str`. */
  now: Date;
  /** Base of problem `type` URIs; default `https://astro.example/problems`. */
  problemBaseUrl?: string;
  /** Optional resolver for `tz_str: "AUTO"` (e.g. geo-tz in the HTTP layer). Must be pure for the caller. */
  resolveTimeZone?: (query: TimeZoneQuery) => string | null | undefined;
}

export interface EngineResponse {
  status: number;
  contentType: string;
  body: unknown;
}

export interface ProfileWarning {
  code: string;
  message: string;
  /** The slugs a warning is about (`calculations_omitted`). */
  calculations?: string[];
}

function present<T>(value: T | null | undefined): value is T {
  return value !== undefined && value !== null;
}

function problemResponse(problem: ProblemDetails): EngineResponse {
  return { status: problem.status, contentType: PROBLEM_CONTENT_TYPE, body: problem };
}

/**
 * Validates and computes a NumerologyProfileRequest. Always returns a response (never throws):
 * 200 with a NumerologyProfileResponse, or an RFC 9457 problem document.
 */
export function runProfileRequest(body: unknown, ctx: ProfileRequestContext): EngineResponse {
  try {
    return { status: 200, contentType: JSON_CONTENT_TYPE, body: handle(body, ctx) };
  } catch (error) {
    if (error instanceof NumerologyProblem) return problemResponse(problemFromError(error, ctx));
    // Never echo the error message: it could contain subject data.
    return problemResponse(buildProblem('internal_error', 'The numerology engine failed unexpectedly.', ctx));
  }
}

// --- Steps ---------------------------------------------------------------------------------------

function resolveProfileOrThrow(system: SystemId, idOrAlias: string | null | undefined): { profile: ProfileDef; alias: string | null; defaulted: boolean } {
  if (!present(idOrAlias)) return { profile: defaultProfile(system), alias: null, defaulted: true };
  const resolution = resolveProfile(system, idOrAlias);
  if (resolution.kind === 'found') return { profile: resolution.profile, alias: resolution.via_alias ? idOrAlias : null, defaulted: false };
  if (resolution.kind === 'other_system') {
    throw new NumerologyProblem('profile_system_mismatch', `The profile belongs to the ${resolution.profile_system} system, not to ${system}.`, {
      field: 'method.profile',
    });
  }
  throw new NumerologyProblem('unknown_profile', `No ${system} profile has this id or alias.`, { field: 'method.profile' });
}

function resolvePolicies(
  profile: ProfileDef,
  master: MasterPolicy | null | undefined,
  compound: CompoundPolicy | null | undefined,
): { master_policy: MasterPolicy; compound_policy: CompoundPolicy; defaulted: boolean } {
  const combos = profile.policy_combinations;
  const match = combos.find((c) => (!present(master) || c.master_policy === master) && (!present(compound) || c.compound_policy === compound));
  if (!match) {
    const allowed = combos.map((c) => `${c.master_policy} + ${c.compound_policy}`).join('; ');
    const field = present(master) && !combos.some((c) => c.master_policy === master) ? 'method.master_policy' : 'method.compound_policy';
    throw new NumerologyProblem('policy_incompatible', `Profile ${profile.id} accepts exactly: ${allowed}.`, { field });
  }
  return { ...match, defaulted: !present(master) || !present(compound) };
}

function resolveSlugs(profile: ProfileDef, requested: readonly string[] | null | undefined): string[] {
  if (!present(requested)) return [...profile.calculation_slugs];
  const slugs: string[] = [];
  requested.forEach((raw, index) => {
    const slug = resolveCalculationSlug(profile.system, raw);
    if (slug === undefined || !profile.calculation_slugs.includes(slug)) {
      throw new NumerologyProblem('unknown_calculation', `Profile ${profile.id} has no such calculation.`, {
        field: `calculations.${index}`,
        calculation: raw,
      });
    }
    if (!slugs.includes(slug)) slugs.push(slug);
  });
  return slugs;
}

/** The first selected slug that needs `need`, for problem attribution. */
function firstSlugNeeding(profile: ProfileDef, slugs: readonly string[], need: Need): string | null {
  return slugs.find((s) => calculationDef(profile.system, s)?.needs.includes(need)) ?? null;
}

function chooseNameSource(
  profile: ProfileDef,
  requested: NameSource | null | undefined,
  names: { birth?: string | null; current?: string | null },
): NameSource | undefined {
  const policy = profile.name_policy;
  switch (policy.kind) {
    case 'fixed':
      if (present(requested) && requested !== policy.source) {
        throw new NumerologyProblem('policy_incompatible', `Profile ${profile.id} always reads subject.name.${policy.source}.`, {
          field: 'method.name_source',
        });
      }
      return policy.source;
    case 'default':
      return requested ?? policy.source;
    case 'prefer':
      return requested ?? policy.order.find((s) => present(names[s]));
  }
}

/** The first input `slug` needs that the request lacks (its problem-detail spelling), or null. */
function missingFieldFor(req: NumerologyProfileRequest, profile: ProfileDef, slug: string, nameSource: NameSource | undefined): string | null {
  const subject = req.subject ?? {};
  const names = subject.name ?? {};
  for (const need of calculationDef(profile.system, slug)?.needs ?? []) {
    if (need === 'birth_date' && !present(subject.birth_date)) return 'subject.birth_date';
    if (need === 'reference_date' && !present(req.date_context?.reference_date) && !present(subject.tz_str)) {
      return missingFieldLabel(REFERENCE_DATE_ALTERNATIVES);
    }
    if (need === 'name') {
      if (nameSource === undefined) return missingFieldLabel(needAlternatives(profile, 'name'));
      if (!present(names[nameSource])) return `subject.name.${nameSource}`;
    }
  }
  return null;
}

function checkRequiredFields(req: NumerologyProfileRequest, profile: ProfileDef, slugs: readonly string[], nameSource: NameSource | undefined): void {
  for (const slug of slugs) {
    const missing = missingFieldFor(req, profile, slug, nameSource);
    if (missing) {
      throw new NumerologyProblem('missing_required_field', `${missing} is required for ${slug}.`, {
        field: missing,
        calculation: slug,
      });
    }
  }
}

/**
 * Without `calculations`, a request computes what its inputs allow: a Pythagorean request with
 * only a birth date gets every date-based number, and the slugs whose inputs are missing are left
 * out with a warning naming them and the fields that would add them. When nothing can be
 * computed, the first missing field is the 422 it always was.
 */
function computableSlugs(
  req: NumerologyProfileRequest,
  profile: ProfileDef,
  slugs: readonly string[],
  nameSource: NameSource | undefined,
  warnings: ProfileWarning[],
): string[] {
  const missingBySlug = slugs.map((slug) => [slug, missingFieldFor(req, profile, slug, nameSource)] as const);
  const computable = missingBySlug.filter(([, missing]) => missing === null).map(([slug]) => slug);
  const omitted = missingBySlug.filter(([, missing]) => missing !== null);
  if (computable.length === 0 || omitted.length === 0) return [...slugs];
  const byField = new Map<string, string[]>();
  for (const [slug, missing] of omitted) byField.set(missing!, [...(byField.get(missing!) ?? []), slug]);
  warnings.push({
    code: 'calculations_omitted',
    message: `Left out for missing inputs: ${[...byField].map(([field, names]) => `${names.join(', ')} (need ${field.replace(/\|/g, ' or ')})`).join('; ')}. Send those fields, or list calculations explicitly.`,
    calculations: omitted.map(([slug]) => slug),
  });
  return computable;
}

function parseDateField(text: string | null | undefined, field: string, calculation: string | null): CivilDate | undefined {
  if (!present(text)) return undefined;
  const date = parseCivilDate(text);
  if (!date) {
    throw new NumerologyProblem('invalid_date', `${field} must be a valid ISO date YYYY-MM-DD (years 0001–9999).`, {
      field,
      calculation,
    });
  }
  return date;
}

interface NameResolution {
  latin?: ResolvedName<readonly string[]>;
  hebrew?: ResolvedName<readonly string[]>;
  field: string;
  transliterationProfile: string | null;
}

function normaliseName(req: NumerologyProfileRequest, profile: ProfileDef, source: NameSource, calculation: string | null): NameResolution {
  const names = req.subject?.name ?? {};
  const native = names[source];
  if (!present(native)) throw new Error('name presence must be checked first');

  if (profile.name_script === 'hebrew') {
    const field = `subject.name.${source}`;
    const result = normalizeHebrewName(native);
    if (!result.ok) {
      const detail =
        result.code === 'empty_name'
          ? `${field} contains no Hebrew letters.`
          : `${field} must contain only Hebrew letters, marks, white space and punctuation.`;
      throw new NumerologyProblem(result.code, detail, { field, calculation });
    }
    return { hebrew: { source, value: result.letters }, field, transliterationProfile: null };
  }

  // Latin-letter systems read the caller's transliteration when present, the name otherwise.
  const transliteration = names.transliteration;
  const translit = transliteration?.[source];
  const useTranslit = present(translit);
  const field = useTranslit ? `subject.name.transliteration.${source}` : `subject.name.${source}`;
  const result = normalizeLatinName(useTranslit ? translit : native);
  if (!result.ok) {
    const detail =
      result.code === 'empty_name'
        ? `${field} contains no letters A–Z after normalisation.`
        : `${field} contains characters outside the Latin alphabet; supply a Latin transliteration in subject.name.transliteration.`;
    throw new NumerologyProblem(result.code, detail, { field, calculation });
  }
  return {
    latin: { source, value: result.parts },
    field,
    transliterationProfile: useTranslit ? (transliteration?.profile ?? null) : null,
  };
}

interface ReferenceResolution {
  date: CivilDate;
  source: 'date_context.reference_date' | 'subject.tz_str';
  timeZone: string | null;
}

function resolveReferenceDate(
  req: NumerologyProfileRequest,
  parsedReference: CivilDate | undefined,
  ctx: ProfileRequestContext,
  calculation: string | null,
): ReferenceResolution {
  if (parsedReference) return { date: parsedReference, source: 'date_context.reference_date', timeZone: null };
  const subject = req.subject ?? {};
  const tz = subject.tz_str;
  if (!present(tz)) throw new Error('reference presence must be checked first');
  let zone: string | null | undefined = tz;
  if (tz === AUTO_TZ) {
    const query: TimeZoneQuery = {};
    if (present(subject.city)) query.city = subject.city;
    if (present(subject.lat) && present(subject.lng)) {
      query.lat = subject.lat;
      query.lng = subject.lng;
    }
    const canResolve = ctx.resolveTimeZone && (query.city !== undefined || query.lat !== undefined);
    zone = canResolve ? ctx.resolveTimeZone?.(query) : null;
    if (!present(zone) || !isKnownTimeZone(zone)) {
      throw new NumerologyProblem(
        'date_context_unresolved',
        'Cannot derive the reference date: tz_str AUTO needs a resolvable city or lat/lng; or send date_context.reference_date.',
        { field: 'subject.tz_str', calculation },
      );
    }
  }
  const today = Number.isNaN(ctx.now.getTime()) ? null : civilDateInZone(zone, ctx.now);
  if (!today) {
    throw new NumerologyProblem('date_context_unresolved', 'Cannot derive the reference date from subject.tz_str.', {
      field: 'subject.tz_str',
      calculation,
    });
  }
  return { date: today, source: 'subject.tz_str', timeZone: zone };
}

// --- Handler -------------------------------------------------------------------------------------

function handle(body: unknown, ctx: ProfileRequestContext) {
  const parsed = parseProfileRequest(body);
  if (!parsed.ok) throw new NumerologyProblem(parsed.code, parsed.detail, { field: parsed.field });
  const req = parsed.request;
  const method = req.method;
  const subject = req.subject ?? {};
  const warnings: ProfileWarning[] = [];

  const { profile, alias, defaulted: profileDefaulted } = resolveProfileOrThrow(method.system, method.profile);
  const policies = resolvePolicies(profile, method.master_policy, method.compound_policy);
  if (profileDefaulted) {
    warnings.push({
      code: 'profile_defaulted',
      message: `method.profile was not given: the ${profile.system} default profile ${profile.id} applies, with ${policies.master_policy} + ${policies.compound_policy}.`,
    });
  } else if (policies.defaulted) {
    warnings.push({
      code: 'policy_defaulted',
      message: `Missing policy fields were completed with ${policies.master_policy} + ${policies.compound_policy}.`,
    });
  }

  const nameSource = chooseNameSource(profile, method.name_source, subject.name ?? {});
  const requestedSlugs = resolveSlugs(profile, req.calculations);
  const slugs = present(req.calculations) ? requestedSlugs : computableSlugs(req, profile, requestedSlugs, nameSource, warnings);
  checkRequiredFields(req, profile, slugs, nameSource);

  const needs = new Set(slugs.flatMap((s) => calculationDef(profile.system, s)?.needs ?? []));
  const birthDate = parseDateField(subject.birth_date, 'subject.birth_date', firstSlugNeeding(profile, slugs, 'birth_date'));
  const referenceSlug = firstSlugNeeding(profile, slugs, 'reference_date');
  const parsedReference = parseDateField(req.date_context?.reference_date, 'date_context.reference_date', referenceSlug);
  if (present(subject.tz_str) && subject.tz_str !== AUTO_TZ && !isKnownTimeZone(subject.tz_str)) {
    throw new NumerologyProblem('invalid_tz', 'subject.tz_str is not a known IANA time zone.', {
      field: 'subject.tz_str',
      calculation: referenceSlug,
    });
  }

  let name: NameResolution | undefined;
  if (needs.has('name') && nameSource !== undefined) {
    name = normaliseName(req, profile, nameSource, firstSlugNeeding(profile, slugs, 'name'));
  }
  const reference = needs.has('reference_date') ? resolveReferenceDate(req, parsedReference, ctx, referenceSlug) : undefined;

  const inputs: ProfileInputs = {
    profile,
    compoundPolicy: policies.compound_policy,
    slugs,
    birthDate: needs.has('birth_date') ? birthDate : undefined,
    latinName: name?.latin,
    hebrewName: name?.hebrew,
    referenceDate: reference?.date,
  };
  const calculations = computeProfile(inputs);

  if (present(subject.birth_time)) {
    warnings.push({
      code: 'birth_time_not_used',
      message: 'subject.birth_time never changes the civil birth date and is not used by numerology calculations.',
    });
  }
  if (req.include_interpretations === true) {
    warnings.push({
      code: 'interpretations_unavailable',
      message: 'No interpretation content is available for this system and locale; results are returned without it.',
    });
  }

  const echoNameSource = name ? nameSource : profile.name_policy.kind === 'fixed' ? profile.name_policy.source : undefined;
  const inputsUsed = [...(needs.has('birth_date') ? ['subject.birth_date'] : []), ...(name ? [name.field] : []), ...(reference ? [reference.source] : [])];

  return {
    registry_version: REGISTRY_VERSION,
    method: {
      system: profile.system,
      profile_id: profile.id,
      ...(alias ? { profile_alias: alias } : {}),
      ...(profileDefaulted ? { profile_defaulted: true } : {}),
      master_policy: policies.master_policy,
      compound_policy: policies.compound_policy,
      ...(echoNameSource ? { name_source: echoNameSource } : {}),
      alphabet_id: profile.alphabet_id,
      ...(profile.alphabet_column ? { alphabet_column: profile.alphabet_column } : {}),
    },
    data: { kind: profile.system, calculations },
    provenance: {
      spec_id: ENGINE_SPEC_ID,
      registry_version: REGISTRY_VERSION,
      profile_id: profile.id,
      alphabet_ids: profile.alphabet_id ? [profile.alphabet_id] : [],
      content_source_ids: [...profile.content_source_ids],
      ...profileProvenanceFields(profile),
      inputs_used: inputsUsed,
      ...(name?.transliterationProfile ? { transliteration_profile: name.transliterationProfile } : {}),
      ...(reference
        ? {
            reference_date: formatCivilDate(reference.date),
            reference_date_source: reference.source,
            ...(reference.timeZone ? { reference_time_zone: reference.timeZone } : {}),
            year_anchor: 'calendar_year',
          }
        : {}),
      persisted: false,
    },
    warnings,
  };
}

function profileProvenanceFields(profile: ProfileDef): Record<string, unknown> {
  const fields = profile.registry_fields;
  const out: Record<string, unknown> = {};
  for (const key of ['oracle_corpus_id', 'vowel_rule_id', 'birth_date_boundary', 'calendar', 'date_digit_order']) {
    if (fields[key] !== undefined) out[key] = fields[key];
  }
  return out;
}
