/**
 * Numbers and booleans sent as strings in a JSON body: `"hour": "12"`, `"lat": "51.5"`,
 * `"time_known": "false"` (and booleans sent as the numbers 0 and 1). The public service's framework reads such values in its default (lax)
 * mode, and clients that build their bodies from form fields or configuration files send them, so
 * a body that fails validation only because of them is read again with those strings converted.
 *
 * The schemas stay strict (the documentation says number, and a valid body costs nothing extra):
 * the second reading happens only after a failed one, only for body fields that the schema wanted
 * as a number or a boolean, and only for strings that say one plainly. Anything else keeps its
 * first error, and a converted value still meets its field's bounds (`"hour": "25"` is a 422 on
 * `hour` like 25 is).
 */
import { validatorCompiler } from 'fastify-type-provider-zod';

/** A decimal number, as text: a sign, leading zeros and an exponent allowed, as the framework's parser allows them. */
const NUMBER_TEXT = /^[+-]?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?$/;
/** The strings the framework reads as booleans (in any case). */
const BOOLEAN_TEXTS: Record<string, boolean> = {
  true: true,
  t: true,
  yes: true,
  y: true,
  on: true,
  '1': true,
  false: false,
  f: false,
  no: false,
  n: false,
  off: false,
  '0': false,
};

/** What a validation failure of the compiler looks like (fastify-type-provider-zod's issues). */
interface ValidationIssue {
  keyword?: string;
  instancePath?: string;
  params?: { expected?: unknown };
}

/**
 * The value sent in a field of the expected type, or undefined when it does not plainly say one:
 * a string of a number or a boolean, or the numbers 0 and 1 for a boolean. A number too large for
 * a double ("1e400") keeps its first error.
 */
function readScalar(sent: unknown, expected: unknown): number | boolean | undefined {
  if (expected === 'boolean' && (sent === 0 || sent === 1)) return sent === 1;
  if (typeof sent !== 'string') return undefined;
  const trimmed = sent.trim();
  if (expected === 'number' || expected === 'int') {
    const value = NUMBER_TEXT.test(trimmed) ? Number(trimmed) : NaN;
    return Number.isFinite(value) ? value : undefined;
  }
  if (expected === 'boolean') return Object.hasOwn(BOOLEAN_TEXTS, trimmed.toLowerCase()) ? BOOLEAN_TEXTS[trimmed.toLowerCase()] : undefined;
  return undefined;
}

/**
 * A copy of the body with the strings that the issues reject as the wrong type converted, or
 * undefined when no issue is such a string (then the first answer stands).
 */
export function withScalarStringsRead(body: unknown, issues: readonly ValidationIssue[]): unknown {
  let copy: unknown;
  for (const issue of issues) {
    if (issue.keyword !== 'invalid_type' || typeof issue.instancePath !== 'string') continue;
    const path = issue.instancePath.split('/').slice(1);
    if (path.length === 0) continue;
    const value = readScalar(valueAt(body, path), issue.params?.expected);
    if (value === undefined) continue;
    copy ??= structuredClone(body);
    setAt(copy, path, value);
  }
  return copy;
}

function valueAt(root: unknown, path: readonly string[]): unknown {
  let node = root;
  for (const key of path) {
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

function setAt(root: unknown, path: readonly string[], value: unknown): void {
  let node = root as Record<string, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string, unknown>;
  node[path[path.length - 1]!] = value;
}

/** The project's validator compiler: fastify-type-provider-zod's, with the lax second reading of bodies. */
export const laxValidatorCompiler: typeof validatorCompiler = (route) => {
  const validate = validatorCompiler(route);
  if (route.httpPart !== 'body') return validate;
  return (data: unknown) => {
    const first = validate(data) as { value?: unknown; error?: unknown };
    if (!Array.isArray(first.error)) return first as ReturnType<typeof validate>;
    const relaxed = withScalarStringsRead(data, first.error as ValidationIssue[]);
    return relaxed === undefined ? (first as ReturnType<typeof validate>) : validate(relaxed);
  };
};
