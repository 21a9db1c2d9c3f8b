/**
 * An answer declared once: its zod response schema, and the serializer made from it.
 *
 * The natal, compact natal and transits answers are written on the JSON tape by hand
 * (json-tape.ts and their writers); an answer that is not worth a hand-written writer is an
 * object of the schema's output type, serialised by `schemaSerializer(schema)`. What was measured
 * before choosing (bench/answer-serializer.bench.ts, docs/performance.md): on the natal answer,
 * fast-json-stringify compiled from the schema's JSON Schema was slower than JSON.stringify (the
 * answers are mostly numbers, which JSON.stringify writes natively), and it hides a wrong answer
 * instead of refusing it: it drops keys the schema lacks, writes null as 0 or "", a wrong
 * literal as the right one and 1.5 as 1 for an integer. So the bytes are JSON.stringify's, an
 * honest image of the object, and the schema is enforced where that costs production nothing:
 *
 * - by the types: the serializer takes the schema's output type;
 * - by the check (`answerProblems`): the answer parses against a strict copy of the schema (no key
 *   it lacks at any depth, except in objects it declares loose; its types, ranges, enums and
 *   literals; no NaN or infinite number, which JSON writes as null) and its keys come in the
 *   schema's order, so that the schema declares the order of the bytes too. A serializer made
 *   with `check: true` checks every answer and throws AnswerContractError; the answer's tests run
 *   the same check on the bytes of generated answers and require every field of the schema to
 *   appear in one of them (test/helpers/answer-contract.ts).
 *
 * A schema that parsing would change (defaults, transforms, pipes, catches) or whose values JSON
 * cannot carry as they are (dates, bigints, maps, sets) is refused when the serializer is made:
 * a parse that rewrites the answer could not tell whether the bytes agree with it.
 *
 * An answer that contains another answer (a synastry's two natal answers) takes the other's bytes
 * as its writer wrote them (`embeddedAnswer`), rather than reading them back into an object.
 */
import { randomBytes } from 'node:crypto';
import { z } from 'zod/v4';
import type * as core from 'zod/v4/core';

/** An answer that disagrees with its schema: every problem, with its path in the answer. */
export class AnswerContractError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(
      `the answer disagrees with its schema:\n  ${problems.slice(0, 20).join('\n  ')}${problems.length > 20 ? `\n  … and ${problems.length - 20} more` : ''}`,
    );
    this.name = 'AnswerContractError';
  }
}

/** Turns an answer into its UTF-8 JSON bytes; made once per schema, at load. */
export interface AnswerSerializer<S extends z.ZodType> {
  (answer: z.output<S>): Uint8Array;
  readonly schema: S;
}

export interface SchemaSerializerOptions {
  /**
   * Check every answer (answerProblems) before writing it, and throw AnswerContractError when it
   * disagrees: for development and tests; about the cost of the serialisation again (the bench's
   * figures), so off in production, where the answer's contract test stands for it.
   */
  check?: boolean;
}

const encoder = new TextEncoder();

/** Answers up to this many UTF-16 units are encoded through the scratch block (a larger one directly, so the block stays small). */
const SCRATCH_LIMIT = 1 << 20;
let scratch = new Uint8Array(64 * 1024);

/**
 * The UTF-8 bytes of an answer's JSON text: encoded into one scratch block of the thread, the
 * bytes written then copied out. Measured against TextEncoder.encode on the same answers: 21
 * against 29 µs for the BaZi chart's text (two-byte, with its Chinese characters) and 6 against
 * 11 µs for 38 KB of ASCII.
 */
function utf8(text: string): Uint8Array {
  if (text.length > SCRATCH_LIMIT) return encoder.encode(text);
  if (scratch.length < text.length * 3) scratch = new Uint8Array(text.length * 3);
  const { written } = encoder.encodeInto(text, scratch);
  return scratch.slice(0, written);
}

/**
 * Bytes that another answer's one writer has already written (a person's natal answer inside a
 * synastry answer), placed in this answer as they are: reading them back into an object only to
 * write them again cost a quarter of the synastry task. See `embeddedAnswer`.
 */
class EmbeddedAnswer {
  constructor(readonly bytes: Uint8Array) {}
  /** JSON.stringify writes a marker in its place (a string no request can forge: it carries the process's nonce), which `withEmbedded` replaces by the bytes. */
  toJSON(): string {
    embeddedFound.push(this);
    return `${EMBEDDED_MARKER}${embeddedFound.length - 1}`;
  }
}

/** The embedded answers met by the JSON.stringify running now, in the order it wrote them. */
const embeddedFound: EmbeddedAnswer[] = [];
const EMBEDDED_MARKER = `\u0000${randomBytes(12).toString('hex')}:`;
/** How JSON.stringify writes the marker's NUL. */
const EMBEDDED_MARKER_JSON = JSON.stringify(EMBEDDED_MARKER).slice(1, -1);

/**
 * An answer another writer has already written, to stand where the schema has its value (typed
 * as that value): the serializer writes `bytes` there. The bytes must be one JSON value that the
 * schema's value describes; a serializer made with `check: true` (and the answer's contract test)
 * reads the finished answer back, so they are held to the schema like the rest.
 */
export function embeddedAnswer<T>(bytes: Uint8Array): T {
  return new EmbeddedAnswer(bytes) as unknown as T;
}

/** The answer's UTF-8 bytes: its JSON text, with the bytes of the embedded answers written where their markers stand. */
function withEmbedded(text: string, embedded: readonly EmbeddedAnswer[]): Uint8Array {
  const pieces: string[] = [];
  let from = 0;
  embedded.forEach((_, i) => {
    const marker = `"${EMBEDDED_MARKER_JSON}${i}"`;
    const at = text.indexOf(marker, from);
    if (at < 0) throw new Error('an embedded answer was not written where JSON.stringify met it');
    pieces.push(text.slice(from, at));
    from = at + marker.length;
  });
  pieces.push(text.slice(from));
  let size = 0;
  for (const piece of pieces) size += Buffer.byteLength(piece);
  for (const e of embedded) size += e.bytes.length;
  const out = new Uint8Array(size);
  let at = 0;
  pieces.forEach((piece, i) => {
    at += encoder.encodeInto(piece, out.subarray(at)).written;
    const e = embedded[i];
    if (e) {
      out.set(e.bytes, at);
      at += e.bytes.length;
    }
  });
  return out;
}

/** Whether an answer holds an embedded one, at any depth. */
function embeddedIn(value: unknown): boolean {
  if (value instanceof EmbeddedAnswer) return true;
  if (value === null || typeof value !== 'object') return false;
  return Object.values(value).some(embeddedIn);
}

/** JSON.stringify of the answer, as UTF-8 bytes, with any embedded answers' bytes in place. */
function answerBytes(answer: unknown): Uint8Array {
  embeddedFound.length = 0;
  const text = JSON.stringify(answer);
  if (embeddedFound.length === 0) return utf8(text);
  const embedded = embeddedFound.splice(0);
  return withEmbedded(text, embedded);
}

/** The serializer of an answer declared by `schema` (refused at once if the schema cannot be one). */
export function schemaSerializer<S extends z.ZodType>(schema: S, options: SchemaSerializerOptions = {}): AnswerSerializer<S> {
  strictSchema(schema); // refuses what cannot be an answer's schema now, not at the first answer
  const serialize = options.check
    ? (answer: z.output<S>) => {
        const bytes = answerBytes(answer);
        // The object itself (its NaNs named as such), or with embedded answers the finished bytes read back, so that those are checked too.
        const checked: unknown = embeddedIn(answer) ? JSON.parse(Buffer.from(bytes).toString('utf8')) : answer;
        const problems = answerProblems(schema, checked);
        if (problems.length) throw new AnswerContractError(problems);
        return bytes;
      }
    : (answer: z.output<S>) => answerBytes(answer);
  return Object.assign(serialize, { schema });
}

type Def = core.$ZodTypeDef & Record<string, unknown>;
const defOf = (schema: core.$ZodType): Def => schema._zod.def as Def;

/** Kinds of schema that hold no other schema and parse a JSON value as it is. */
const LEAVES = new Set(['string', 'number', 'boolean', 'null', 'literal', 'enum', 'template_literal', 'unknown', 'any', 'never']);
/** Kinds that hold one schema (innerType) and let its value through unchanged. */
const WRAPPERS = new Set(['optional', 'nullable', 'readonly', 'nonoptional']);

const strictCopies = new WeakMap<core.$ZodType, z.ZodType>();

/**
 * A copy of the schema in which every object refuses keys it does not declare (an object the
 * schema made loose, with `.passthrough()` or `z.looseObject`, stays loose: it says so), at every
 * depth. Made once per schema.
 */
export function strictSchema(schema: core.$ZodType): z.ZodType {
  let copy = strictCopies.get(schema);
  if (copy === undefined) {
    copy = makeStrict(schema as z.ZodType);
    strictCopies.set(schema, copy);
  }
  return copy;
}

function makeStrict(schema: z.ZodType): z.ZodType {
  const def = defOf(schema);
  const type = def.type;
  if (LEAVES.has(type)) return schema;
  if (WRAPPERS.has(type)) return schema.clone({ ...def, innerType: strictSchema(def.innerType as z.ZodType) } as never);
  switch (type) {
    case 'object': {
      const shape = Object.fromEntries(Object.entries((schema as z.ZodObject).shape).map(([key, field]) => [key, strictSchema(field as z.ZodType)]));
      const catchall = def.catchall as z.ZodType | undefined;
      const loose = catchall !== undefined && ['unknown', 'any'].includes(defOf(catchall).type);
      return schema.clone({ ...def, shape, catchall: catchall === undefined ? z.never() : loose ? catchall : strictSchema(catchall) } as never);
    }
    case 'array':
      return schema.clone({ ...def, element: strictSchema(def.element as z.ZodType) } as never);
    case 'tuple':
      return schema.clone({
        ...def,
        items: (def.items as z.ZodType[]).map((s) => strictSchema(s)),
        rest: def.rest ? strictSchema(def.rest as z.ZodType) : null,
      } as never);
    case 'record':
      return schema.clone({ ...def, valueType: strictSchema(def.valueType as z.ZodType) } as never);
    case 'union':
      return schema.clone({ ...def, options: (def.options as z.ZodType[]).map((s) => strictSchema(s)) } as never);
    case 'lazy': {
      const getter = def.getter as () => z.ZodType;
      return z.lazy(() => strictSchema(getter()));
    }
    default:
      throw new TypeError(`an answer's schema cannot hold a ${type} schema: parsing would change the value, or JSON cannot carry it as it is`);
  }
}

/**
 * Where the answer disagrees with its schema, as `path: problem` lines (none when it agrees): the
 * strict schema's issues, then keys out of the schema's order (`order: false` leaves those out).
 */
export function answerProblems(schema: core.$ZodType, answer: unknown, options: { order?: boolean } = {}): string[] {
  const parsed = strictSchema(schema).safeParse(answer);
  if (!parsed.success) return parsed.error.issues.map((issue) => `${pathText(issue.path) || '(answer)'}: ${issueText(issue, answer)}`);
  const problems: string[] = [];
  if (options.order !== false) checkOrder(schema as z.ZodType, answer, [], problems);
  return problems;
}

/** zod's message, with what it leaves unclear said: a number that is NaN or infinite (`expected number, received number`). */
function issueText(issue: z.core.$ZodIssue, answer: unknown): string {
  const value = issue.path.reduce<unknown>((v, key) => (v !== null && typeof v === 'object' ? (v as Record<PropertyKey, unknown>)[key] : undefined), answer);
  if (typeof value === 'number' && !Number.isFinite(value)) return `${issue.message}: JSON writes ${value} as null`;
  return issue.message;
}

/** The schema without the wrappers that let a value through unchanged (optional, nullable, readonly, lazy). */
function unwrapped(schema: z.ZodType): z.ZodType {
  let def = defOf(schema);
  while (WRAPPERS.has(def.type) || def.type === 'lazy') {
    schema = def.type === 'lazy' ? (def.getter as () => z.ZodType)() : (def.innerType as z.ZodType);
    def = defOf(schema);
  }
  return schema;
}

/** An object schema's keys in order, by name. */
const declaredKeys = new WeakMap<z.ZodType, { keys: string[]; index: Map<string, number>; shape: Record<string, z.ZodType> }>();
function objectKeys(schema: z.ZodType) {
  let known = declaredKeys.get(schema);
  if (known === undefined) {
    const shape = (schema as z.ZodObject).shape as Record<string, z.ZodType>;
    const keys = Object.keys(shape);
    known = { keys, index: new Map(keys.map((k, i) => [k, i])), shape };
    declaredKeys.set(schema, known);
  }
  return known;
}

/** The index of the union's option that the value parses against, as zod chooses: the first. */
function unionOption(schema: z.ZodType, value: unknown): number {
  return (defOf(schema).options as z.ZodType[]).findIndex((option) => strictSchema(option).safeParse(value).success);
}

/** Keys out of the schema's order, one problem per object at most (path built only for a problem). */
function checkOrder(schema: z.ZodType, value: unknown, path: PropertyKey[], problems: string[]): void {
  if (value === undefined || value === null) return;
  schema = unwrapped(schema);
  const def = defOf(schema);
  switch (def.type) {
    case 'object': {
      const { keys, index, shape } = objectKeys(schema);
      const record = value as Record<string, unknown>;
      let last = -1;
      for (const key of Object.keys(record)) {
        const at = index.get(key);
        if (at === undefined || record[key] === undefined) continue; // a key that only a loose object admits, or none
        if (at < last) {
          problems.push(`${pathText(path) || '(answer)'}: "${key}" comes after "${keys[last]!}", the schema has it before`);
          break;
        }
        last = at;
      }
      for (const key of keys) {
        const field = record[key];
        if (field === undefined || field === null) continue;
        path.push(key);
        checkOrder(shape[key]!, field, path, problems);
        path.pop();
      }
      return;
    }
    case 'array':
    case 'tuple': {
      const items = value as unknown[];
      const tuple = def.type === 'tuple' ? (def.items as z.ZodType[]) : undefined;
      for (let i = 0; i < items.length; i++) {
        const itemSchema = tuple ? (tuple[i] ?? (def.rest as z.ZodType | null)) : (def.element as z.ZodType);
        if (!itemSchema) continue;
        path.push(i);
        checkOrder(itemSchema, items[i], path, problems);
        path.pop();
      }
      return;
    }
    case 'record':
      for (const [key, item] of Object.entries(value)) {
        path.push(key);
        checkOrder(def.valueType as z.ZodType, item, path, problems);
        path.pop();
      }
      return;
    case 'union': {
      const chosen = unionOption(schema, value);
      if (chosen >= 0) checkOrder((def.options as z.ZodType[])[chosen]!, value, path, problems);
      return;
    }
    default:
      return; // a leaf
  }
}

/** A place in an answer that visitAnswer reaches. */
export type AnswerNode =
  | { kind: 'value'; field: string; path: string; value: unknown }
  | { kind: 'object'; field: string; path: string; value: object; keys: string[]; declared: string[]; loose: string[] };

/**
 * Calls `visit` for every value of an answer that its schema describes (an answer that parses
 * against strictSchema), with its field (the place in the schema: `planets[].dignity`,
 * `sections{}[].title`, `result|1.kind` for the second option of a union) and its path in the
 * answer (`planets[3].dignity`). Absent and null values are not visited; an object's node lists
 * its keys in order (absent ones left out), the keys the schema declares, in its order, and the
 * keys that only a loose object admits.
 */
export function visitAnswer(schema: core.$ZodType, answer: unknown, visit: (node: AnswerNode) => void): void {
  walk(schema as z.ZodType, answer, '', '', visit);
}

function walk(schema: z.ZodType, value: unknown, field: string, path: string, visit: (node: AnswerNode) => void): void {
  if (value === undefined) return;
  schema = unwrapped(schema);
  const def = defOf(schema);
  const type = def.type;
  if (value === null && type !== 'null') return;
  if (type === 'object' && typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const shape = (schema as z.ZodObject).shape as Record<string, z.ZodType>;
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record).filter((k) => record[k] !== undefined);
    const loose = keys.filter((k) => !Object.hasOwn(shape, k));
    visit({ kind: 'object', field, path, value: record, keys, declared: Object.keys(shape), loose });
    for (const key of keys) if (Object.hasOwn(shape, key)) walk(shape[key]!, record[key], childPath(field, key), childPath(path, key), visit);
    return;
  }
  visit({ kind: 'value', field, path, value });
  if (type === 'array' && Array.isArray(value)) {
    value.forEach((item, i) => walk(def.element as z.ZodType, item, `${field}[]`, `${path}[${i}]`, visit));
  } else if (type === 'tuple' && Array.isArray(value)) {
    const items = def.items as z.ZodType[];
    value.forEach((item, i) => {
      const itemSchema = items[i] ?? (def.rest as z.ZodType | null);
      if (itemSchema) walk(itemSchema, item, `${field}[${i < items.length ? i : ''}]`, `${path}[${i}]`, visit);
    });
  } else if (type === 'record' && typeof value === 'object') {
    for (const [key, item] of Object.entries(value as object)) walk(def.valueType as z.ZodType, item, `${field}{}`, childPath(path, key), visit);
  } else if (type === 'union') {
    const chosen = unionOption(schema, value);
    if (chosen >= 0) walk((def.options as z.ZodType[])[chosen]!, value, `${field}|${chosen}`, path, visit);
  }
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** `path.key`, `path[3]` or `path["odd key"]` (`key` alone at the top). */
export function childPath(path: string, key: PropertyKey): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  const name = String(key);
  if (!IDENTIFIER.test(name)) return `${path}[${JSON.stringify(name)}]`;
  return path === '' ? name : `${path}.${name}`;
}

function pathText(path: readonly PropertyKey[]): string {
  return path.reduce<string>(childPath, '');
}
