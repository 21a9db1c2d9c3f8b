/**
 * RFC 9457 problem details for the numerology profile endpoint (interface §2.6, §7.4).
 *
 * Codes: spec.md §1.6 where it defines one, otherwise field-reference §11. Problem `detail` texts
 * never echo subject data (names, dates).
 */

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';
export const DEFAULT_PROBLEM_BASE_URL = 'https://astro.example/problems';

export const PROBLEM_CATALOGUE = {
  // 400: date-context resolution failed
  date_context_unresolved: { status: 400, title: 'Date context could not be resolved' },
  invalid_tz: { status: 400, title: 'Unknown IANA time zone' },
  // 409: policies or profile incompatible with the request
  policy_incompatible: { status: 409, title: 'Policies incompatible with the selected profile' },
  profile_system_mismatch: { status: 409, title: 'Profile belongs to another system' },
  // 422: request validation failed
  validation_failed: { status: 422, title: 'Request validation failed' },
  missing_required_field: { status: 422, title: 'A required field is missing' },
  invalid_date: { status: 422, title: 'Invalid date' },
  unsupported_characters: { status: 422, title: 'Name contains characters outside the Latin alphabet' },
  empty_name: { status: 422, title: 'Name is empty after normalisation' },
  requires_hebrew_script: { status: 422, title: 'Name must be written in Hebrew script' },
  unknown_profile: { status: 422, title: 'Unknown profile' },
  unknown_calculation: { status: 422, title: 'Unknown calculation' },
  // 500: engine fault (never expected)
  internal_error: { status: 500, title: 'Internal error' },
} as const satisfies Record<string, { status: number; title: string }>;

export type ProblemCode = keyof typeof PROBLEM_CATALOGUE;

export interface ProblemDetails {
  type: string;
  title: string;
  status: number;
  detail: string;
  instance: string;
  code: ProblemCode;
  field: string | null;
  calculation: string | null;
  trace_id: string;
}

/** A request failure raised inside the engine and turned into a problem document at the boundary. */
export class NumerologyProblem extends Error {
  readonly code: ProblemCode;
  readonly field: string | null;
  readonly calculation: string | null;

  constructor(code: ProblemCode, detail: string, options: { field?: string | null; calculation?: string | null } = {}) {
    super(detail);
    this.name = 'NumerologyProblem';
    this.code = code;
    this.field = options.field ?? null;
    this.calculation = options.calculation ?? null;
  }

  get status(): number {
    return PROBLEM_CATALOGUE[this.code].status;
  }
}

export interface ProblemContext {
  instance: string;
  traceId: string;
  problemBaseUrl?: string;
}

export function problemTypeUri(code: ProblemCode, baseUrl: string = DEFAULT_PROBLEM_BASE_URL): string {
  return `${baseUrl.replace(/\/+$/, '')}/${code}`;
}

export function buildProblem(
  code: ProblemCode,
  detail: string,
  ctx: ProblemContext,
  options: { field?: string | null; calculation?: string | null } = {},
): ProblemDetails {
  const entry = PROBLEM_CATALOGUE[code];
  return {
    type: problemTypeUri(code, ctx.problemBaseUrl),
    title: entry.title,
    status: entry.status,
    detail,
    instance: ctx.instance,
    code,
    field: options.field ?? null,
    calculation: options.calculation ?? null,
    trace_id: ctx.traceId,
  };
}

export function problemFromError(error: NumerologyProblem, ctx: ProblemContext): ProblemDetails {
  return buildProblem(error.code, error.message, ctx, { field: error.field, calculation: error.calculation });
}
