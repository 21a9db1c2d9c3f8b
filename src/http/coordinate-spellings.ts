/**
 * The other spellings of latitude and longitude that clients of the public service send: `lon`
 * (every moon client: the public service names it so on its moon routes), `long`, `longitude`
 * and `latitude` (the daily-horoscope clients' `birth{latitude, longitude}`). Each is read as the
 * `lat` or `lng` of the object it is sent in, wherever the route's schema knows `lat`/`lng` (and
 * the prefixed pairs such as `current_lat`/`current_lng`, as `current_lon`, `current_latitude`...).
 *
 * One place for every route and tool: the schemas keep one documented name, and this runs
 * before validation, on the query and the body, renaming in place. A spelling where the schema
 * knows no `lat`/`lng` is left alone, so X-Unknown-Fields still names it. The same field sent
 * under two spellings with two different values is refused with a 422 naming both: which one the
 * client meant cannot be told. The same value twice (`lng=2.35&lon=2.35`) is one value.
 *
 * Where the schema knows a field is found by walking the zod schema once per schema (objects,
 * optional/default/nullable wrappers, pipes, arrays and unions), so nested places (`natal`,
 * `subject`, `person_a`, `birth`) are covered without each route listing them.
 */
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { z } from 'zod/v4';
import { RequestFieldError } from '../requests/request-error.ts';

/** The other spellings of each canonical name (unprefixed). */
const SPELLINGS: Readonly<Record<'lat' | 'lng', readonly string[]>> = {
  lat: ['latitude'],
  lng: ['lon', 'long', 'longitude'],
};

/** What the schema knows at one object level: the aliases to read there, and the levels below. */
interface SpellingNode {
  /** Alias → canonical name, for this object. */
  aliases: Map<string, string>;
  /** Nested objects by key ('*' for the elements of an array). */
  children: Map<string, SpellingNode>;
}

type AnySchema = z.ZodType & { _zod: { def: Record<string, unknown> & { type: string } } };

const cache = new WeakMap<object, SpellingNode | null>();

function emptyNode(): SpellingNode {
  return { aliases: new Map(), children: new Map() };
}

/** Merges `from` into `into` (a union's branches: any branch's fields are read). */
function merge(into: SpellingNode, from: SpellingNode): void {
  for (const [alias, canonical] of from.aliases) if (!into.aliases.has(alias)) into.aliases.set(alias, canonical);
  for (const [key, child] of from.children) {
    const existing = into.children.get(key);
    if (existing) merge(existing, child);
    else into.children.set(key, child);
  }
}

/** The spelling tree of a schema, or null when nothing in it has a latitude or longitude. */
export function spellingTree(schema: unknown, depth = 0): SpellingNode | null {
  if (schema === null || typeof schema !== 'object' || !('_zod' in schema) || depth > 12) return null;
  if (cache.has(schema)) return cache.get(schema)!;
  cache.set(schema, null); // a recursive (lazy) schema meets itself as "nothing here"
  const node = build(schema as AnySchema, depth);
  cache.set(schema, node);
  return node;
}

function build(schema: AnySchema, depth: number): SpellingNode | null {
  const def = schema._zod.def;
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return spellingTree(def.innerType, depth + 1);
    case 'pipe':
      return spellingTree(def.in, depth + 1) ?? spellingTree(def.out, depth + 1);
    case 'lazy':
      return spellingTree((def.getter as () => unknown)(), depth + 1);
    case 'array': {
      const element = spellingTree(def.element, depth + 1);
      if (!element) return null;
      const node = emptyNode();
      node.children.set('*', element);
      return node;
    }
    case 'union': {
      const node = emptyNode();
      for (const option of def.options as unknown[]) {
        const branch = spellingTree(option, depth + 1);
        if (branch) merge(node, branch);
      }
      return node.aliases.size || node.children.size ? node : null;
    }
    case 'object': {
      const shape = def.shape as Record<string, unknown>;
      const node = emptyNode();
      for (const key of Object.keys(shape)) {
        const match = /^(.*_)?(lat|lng)$/.exec(key);
        if (match) {
          const [, prefix = '', base] = match;
          for (const spelling of SPELLINGS[base as 'lat' | 'lng']) {
            const alias = prefix + spelling;
            if (!Object.hasOwn(shape, alias)) node.aliases.set(alias, key);
          }
        }
        const child = spellingTree(shape[key], depth + 1);
        if (child) node.children.set(key, child);
      }
      return node.aliases.size || node.children.size ? node : null;
    }
    default:
      return null;
  }
}

/** Two values of one field are the same when equal, or when both are the same number (`2.35` and `"2.350"`). */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  const number = (v: unknown) => (typeof v === 'number' ? v : typeof v === 'string' && /^\s*[-+]?\d+(?:\.\d+)?\s*$/.test(v) ? Number(v) : NaN);
  const [x, y] = [number(a), number(b)];
  if (!Number.isNaN(x) && x === y) return true;
  return JSON.stringify(a) === JSON.stringify(b);
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) && !Buffer.isBuffer(value);

/**
 * Renames the other spellings in `value` (in place) to the names the schema knows; throws a
 * RequestFieldError naming both fields when one field is sent twice with two values.
 */
export function readCoordinateSpellings(value: unknown, node: SpellingNode | null, loc: (string | number)[]): void {
  if (!node) return;
  if (Array.isArray(value)) {
    const element = node.children.get('*');
    if (element) value.forEach((item, i) => readCoordinateSpellings(item, element, [...loc, i]));
    return;
  }
  if (!isPlainObject(value)) return;
  for (const [alias, canonical] of node.aliases) {
    if (!Object.hasOwn(value, alias)) continue;
    const sent = value[alias];
    if (sent === null || sent === undefined) continue; // null means absent, on the routes that say so
    const current = value[canonical];
    if (current !== null && current !== undefined) {
      if (!sameValue(current, sent)) {
        throw new RequestFieldError(
          [...loc, canonical],
          `${canonical} (${JSON.stringify(current)}) and ${alias} (${JSON.stringify(sent)}) are two spellings of one field with different values; send one of them`,
          'value_error.conflict',
          [[...loc, alias]],
        );
      }
    } else value[canonical] = sent;
    delete value[alias];
  }
  for (const [key, child] of node.children) {
    if (key !== '*' && Object.hasOwn(value, key)) readCoordinateSpellings(value[key], child, [...loc, key]);
  }
}

/** preValidation hook of every route: the query and the body, by the route's own schemas. */
export function coordinateSpellings(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
  const schema = request.routeOptions.schema;
  if (!schema) return done();
  try {
    if (schema.querystring) readCoordinateSpellings(request.query, spellingTree(schema.querystring), ['query']);
    if (schema.body) readCoordinateSpellings(request.body, spellingTree(schema.body), ['body']);
  } catch (error) {
    return done(error as Error);
  }
  done();
}
