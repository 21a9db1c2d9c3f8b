/**
 * The OpenAPI document as served: the same document with every schema written out more than once
 * written once, as a component that the other places refer to (`$ref`). The routes declare their
 * schemas inline (a zod schema shared by several routes, such as the chart options or a Vedic
 * planet's strength, is copied into each), so the document as built repeats them: 1.75 MB where
 * the same content fits in a third. Nothing is lost: `dereferenceOpenApi` of the compact document
 * equals that of the document it came from (a test checks it).
 *
 * A schema moved to a component keeps its own `description` beside the `$ref` (OpenAPI 3.1 allows
 * it), so that two fields of the same shape but different meaning share the shape and keep their
 * words. The schemas a route author named (`NatalChartRequest`) keep their fields in place: they
 * are what a reader opens first, and what clients generated from the document are built from.
 */

type Json = Record<string, unknown>;
interface Document extends Json {
  paths?: Record<string, Record<string, Json>>;
  components?: { schemas?: Record<string, Json> } & Json;
}

/**
 * Schemas smaller than this (bytes of JSON, their words included) stay inline: a `$ref` is as long.
 * A larger one written in two places or more becomes a component where that saves bytes (worthSharing).
 */
const MIN_SHARED_BYTES = 45;
const REF_PREFIX = '#/components/schemas/';
/** Keywords whose value is a schema, or a list or map of schemas (JSON Schema 2020-12). */
const SCHEMA_KEYWORDS = ['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'propertyNames', 'unevaluatedItems'];
const SCHEMA_LIST_KEYWORDS = ['anyOf', 'oneOf', 'allOf', 'prefixItems'];
const SCHEMA_MAP_KEYWORDS = ['properties', 'patternProperties', '$defs', 'dependentSchemas'];

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The words a place gives its schema (what it means there, its examples, its default), kept beside
 * the `$ref` when the rest of the schema is shared.
 */
const OWN_WORDS = ['description', 'examples', 'default'] as const;

/** A schema without its own words: what two places must share to share a component. */
function shapeOf(schema: Json): Json {
  const shape = { ...schema };
  for (const key of OWN_WORDS) delete shape[key];
  return shape;
}

/** The words of `schema` that its place keeps beside a `$ref`. */
function ownWords(schema: Json): Json {
  return Object.fromEntries(OWN_WORDS.filter((key) => schema[key] !== undefined).map((key) => [key, schema[key]]));
}

/**
 * What the places of one shape say in their own words: for each word (description, examples,
 * default), how many places say it and in which wording. The component holds a word only when
 * every place says it (a place that said nothing must not gain it when dereferenced) and two
 * places or more say it alike: in the wording most of them use. The others keep theirs beside the
 * `$ref`, which a reader takes over the component's.
 */
class WordTally {
  private places = 0;
  private readonly said = new Map<string, Map<string, number>>();
  /** Bytes of the places as written (shape and words) and of their words alone. */
  private written = 0;
  private wordBytes = 0;

  add(schema: Json): void {
    this.places++;
    this.written += JSON.stringify(schema).length;
    this.wordBytes += JSON.stringify(ownWords(schema)).length;
    for (const [key, value] of Object.entries(ownWords(schema))) {
      const wordings = this.said.get(key) ?? new Map<string, number>();
      const text = JSON.stringify(value);
      wordings.set(text, (wordings.get(text) ?? 0) + 1);
      this.said.set(key, wordings);
    }
  }

  /**
   * Bytes saved by one component holding `held` (its entry `entryBytes` long besides those words):
   * each place written as a `$ref` and the words the component does not hold in its wording.
   */
  bytesShared(held: Json, entryBytes: number): number {
    let beside = this.wordBytes;
    for (const [key, value] of Object.entries(held))
      beside -= (this.said.get(key)?.get(JSON.stringify(value)) ?? 0) * (JSON.stringify(value).length + key.length + 4);
    const refBytes = `{"$ref":"${REF_PREFIX}"}`.length + 12;
    return this.written - (this.places * refBytes + beside + entryBytes + JSON.stringify(held).length);
  }

  common(): Json {
    const held: Json = {};
    for (const key of OWN_WORDS) {
      const wordings = this.said.get(key);
      if (!wordings || [...wordings.values()].reduce((a, b) => a + b, 0) < this.places) continue;
      const [text, times] = [...wordings].reduce((best, next) => (next[1] > best[1] ? next : best));
      if (times >= 2) held[key] = JSON.parse(text) as unknown;
    }
    return held;
  }
}

/** A place's words less those its component holds in the same wording. */
function wordsBeside(own: Json, held: Json): Json {
  return Object.fromEntries(Object.entries(own).filter(([key, value]) => !(key in held) || JSON.stringify(held[key]) !== JSON.stringify(value)));
}

/**
 * Calls `visit` on each schema directly inside `schema` (not deeper), with a way to replace it and
 * a name for it made from `name`, the name of `schema` (`planets` → its items are `planets item`).
 */
function forEachSubschema(schema: Json, name: string, visit: (child: Json, replace: (next: Json) => void, name: string) => void): void {
  for (const key of SCHEMA_KEYWORDS) {
    const child = schema[key];
    const childName = key === 'items' ? `${name} item` : key === 'additionalProperties' ? `${name} value` : `${name} ${key}`;
    if (isObject(child)) visit(child, (next) => (schema[key] = next), childName);
  }
  for (const key of SCHEMA_LIST_KEYWORDS) {
    const list = schema[key];
    const childName = key === 'prefixItems' ? `${name} item` : `${name} option`;
    if (Array.isArray(list)) list.forEach((child, i) => isObject(child) && visit(child, (next) => (list[i] = next), childName));
  }
  for (const key of SCHEMA_MAP_KEYWORDS) {
    const map = schema[key];
    if (isObject(map)) for (const [field, child] of Object.entries(map)) if (isObject(child)) visit(child, (next) => (map[field] = next), field);
  }
}

/** `/api/v2/vedic/strength` → `vedic strength`: a name for the schemas of its operations. */
const nameOfPath = (path: string) =>
  path
    .replace(/^\/api\/v\d+\//, '/')
    .replace(/\{[^}]*\}/g, '')
    .split('/')
    .filter(Boolean)
    .join(' ');

/** Calls `visit` on each schema the operations hold at their top (parameters, bodies, answers). */
function forEachOperationSchema(document: Document, visit: (schema: Json, replace: (next: Json) => void, name: string) => void): void {
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const operation of Object.values(item)) {
      if (!isObject(operation)) continue;
      for (const parameter of (operation.parameters as Json[] | undefined) ?? []) {
        if (isObject(parameter.schema)) visit(parameter.schema, (next) => (parameter.schema = next), String(parameter.name));
      }
      const bodies = [
        { content: (operation.requestBody as Json | undefined)?.content, name: `${nameOfPath(path)} request` },
        ...Object.values((operation.responses as Record<string, Json>) ?? {}).map((r) => ({ content: r.content, name: `${nameOfPath(path)} answer` })),
      ];
      for (const { content, name } of bodies) {
        if (!isObject(content)) continue;
        for (const media of Object.values(content)) {
          if (isObject(media) && isObject(media.schema)) visit(media.schema, (next) => (media.schema = next), name);
        }
      }
    }
  }
}

/** `natal_chart` → `NatalChart`. */
const pascal = (name: string) =>
  name
    .replace(/[^A-Za-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('') || 'Shape';

/**
 * The compact form of `document` (which is left as it is). Bottom-up: a shape is counted once per
 * place it is written; each shape written in two places or more (and not tiny) becomes one
 * component, or refers to the named component it already is. Words every place of a shape says
 * are written once, in its component, in the wording most places use (WordTally); a place worded
 * otherwise keeps its own beside the `$ref`.
 */
export function compactOpenApi(input: Document): Document {
  const document = structuredClone(input);
  const named = (document.components ??= {}).schemas ?? {};
  document.components.schemas = named;

  // Each shape's text, counted where it is written (a named component counts as one place), and
  // its words where every place says the same (null where two places differ).
  const counts = new Map<string, number>();
  const firstName = new Map<string, string>();
  const words = new Map<string, WordTally>();
  const count = (schema: Json, name: string): void => {
    if (typeof schema.$ref === 'string') return;
    const text = JSON.stringify(shapeOf(schema));
    // Sized with its words: a small shape that every place describes alike is worth sharing.
    if (JSON.stringify(schema).length >= MIN_SHARED_BYTES) {
      counts.set(text, (counts.get(text) ?? 0) + 1);
      if (!firstName.has(text)) firstName.set(text, name);
    }
    // Every place's words, the small ones' too: a small place of a shared shape becomes a `$ref` as well.
    if (!words.has(text)) words.set(text, new WordTally());
    words.get(text)!.add(schema);
    forEachSubschema(schema, name, (child, _replace, childName) => count(child, childName));
  };
  const namedNames = Object.keys(named);
  const namedByShape = new Map<string, string>();
  for (const [name, schema] of Object.entries(named)) {
    namedByShape.set(JSON.stringify(shapeOf(schema)), name);
    count(schema, name);
  }
  forEachOperationSchema(document, (schema, _replace, name) => count(schema, name));

  // The components made here, by shape; their names come from the first field that holds them. A
  // shape said in the same words everywhere keeps them once, in its component.
  const made = new Map<string, string>();
  /** The words each component made here holds (those its places then leave out). */
  const heldWords = new Map<string, Json>();
  const taken = new Set(Object.keys(named));
  const componentFor = (text: string, schema: Json): string => {
    // A named component's own description would otherwise appear where the field said nothing.
    const namedOne = namedByShape.get(text);
    if (namedOne && OWN_WORDS.every((key) => schema[key] !== undefined || named[namedOne]![key] === undefined)) return namedOne;
    const existing = made.get(text);
    if (existing) return existing;
    const base = pascal(typeof schema.title === 'string' ? schema.title : (firstName.get(text) ?? 'Shape'));
    let name = base;
    for (let i = 2; taken.has(name); i++) name = `${base}${i}`;
    taken.add(name);
    made.set(text, name);
    const held = words.get(text)?.common() ?? {};
    heldWords.set(name, held);
    const shape = { ...shapeOf(schema), ...held };
    named[name] = shape;
    share(shape);
    return name;
  };
  // Whether one component saves bytes over the places written out: each place becomes a `$ref`
  // (and the words its component does not hold), the component is written once.
  const worthSharing = (text: string): boolean => {
    const tally = words.get(text);
    if (!tally) return false;
    const held = tally.common();
    return tally.bytesShared(held, text.length + REF_PREFIX.length + 20) > 0;
  };
  // Top-down, so that the largest shared shape is shared whole rather than piece by piece.
  const replaceShared = (schema: Json, replace: (next: Json) => void): void => {
    if (typeof schema.$ref !== 'string') {
      const text = JSON.stringify(shapeOf(schema));
      if ((counts.get(text) ?? 0) > 1 && (namedByShape.has(text) || made.has(text) || worthSharing(text))) {
        const name = componentFor(text, schema);
        replace({ $ref: REF_PREFIX + name, ...wordsBeside(ownWords(schema), heldWords.get(name) ?? {}) });
        return;
      }
    }
    share(schema);
  };
  function share(schema: Json): void {
    forEachSubschema(schema, '', replaceShared);
  }
  for (const name of namedNames) share(named[name]!);
  forEachOperationSchema(document, replaceShared);
  inlineSingleUse(document, new Set(made.values()));
  shareResponses(document);
  return document;
}

/**
 * A shape counted twice may end up referred to once: when both places were inside a larger shape
 * that became one component. Such components go back in place.
 */
function inlineSingleUse(document: Document, candidates: Set<string>): void {
  const schemas = document.components!.schemas!;
  const uses = new Map<string, number>();
  JSON.stringify(document, (key, value: unknown) => {
    if (key === '$ref' && typeof value === 'string' && value.startsWith(REF_PREFIX)) uses.set(value, (uses.get(value) ?? 0) + 1);
    return value;
  });
  const once = new Map([...candidates].filter((name) => uses.get(REF_PREFIX + name) === 1).map((name) => [name, schemas[name]!]));
  const inline = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(inline);
    if (!isObject(value)) return value;
    const name = typeof value.$ref === 'string' ? value.$ref.slice(REF_PREFIX.length) : '';
    if (once.has(name)) {
      // The place's words come first, as they were (a component made here holds words only when every place said them).
      // The place's own words win over the ones its component holds (as they do for a reader).
      const { $ref: _ref, ...beside } = value;
      return inline({ ...beside, ...once.get(name), ...beside });
    }
    for (const [key, child] of Object.entries(value)) value[key] = inline(child);
    return value;
  };
  for (const name of once.keys()) delete schemas[name];
  document.paths = inline(document.paths) as Document['paths'];
  document.components!.schemas = inline(schemas) as Record<string, Json>;
}

/** Names of the shared answers, by status; a second shape of the same status gets a number. */
const RESPONSE_NAMES: Record<string, string> = {
  '400': 'BadRequest',
  '401': 'Unauthorized',
  '402': 'PaymentRequired',
  '403': 'Forbidden',
  '404': 'NotFound',
  '409': 'Conflict',
  '413': 'TooLarge',
  '415': 'UnsupportedMediaType',
  '422': 'ValidationError',
  '429': 'TooManyRequests',
  '503': 'Unavailable',
};

/**
 * The refusals many operations give in the same words (401, 403, 422, 429, 503 ...) written once,
 * in `components.responses`. The answers themselves (2xx) and the problem documents stay with each
 * operation: they are the operation's own.
 */
function shareResponses(document: Document): void {
  const counts = new Map<string, number>();
  const all: { status: string; response: Json; replace: (next: Json) => void }[] = [];
  for (const item of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(item)) {
      const responses = isObject(operation) && isObject(operation.responses) ? (operation.responses as Record<string, Json>) : {};
      for (const [status, response] of Object.entries(responses)) {
        if (status.startsWith('2') || !isObject(response) || typeof response.$ref === 'string') continue;
        const text = JSON.stringify(response);
        if (text.includes('problem+json')) continue;
        counts.set(text, (counts.get(text) ?? 0) + 1);
        all.push({ status, response, replace: (next) => (responses[status] = next) });
      }
    }
  }
  const shared = ((document.components ??= {}).responses ??= {}) as Record<string, Json>;
  const names = new Map<string, string>();
  for (const { status, response, replace } of all) {
    const text = JSON.stringify(response);
    if ((counts.get(text) ?? 0) < 2) continue;
    let name = names.get(text);
    if (!name) {
      const base = RESPONSE_NAMES[status] ?? `Status${status}`;
      name = base;
      for (let i = 2; shared[name]; i++) name = `${base}${i}`;
      shared[name] = response;
      names.set(text, name);
    }
    replace({ $ref: `#/components/responses/${name}` });
  }
}

/**
 * Every `$ref` to a schema component replaced by the component (a copy, its own `$ref`s replaced
 * too), with the words written beside the `$ref` kept: the document as a reader of one operation
 * sees it; the components themselves too. For checking that compacting lost nothing (a cycle of
 * references would not end: the document has none).
 */
export function dereferenceOpenApi(document: Document): unknown {
  const components = (document.components ?? {}) as Record<string, Record<string, Json>>;
  const resolve = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(resolve);
    if (!isObject(value)) return value;
    const [, kind, name] = typeof value.$ref === 'string' ? (/^#\/components\/(schemas|responses)\/(.+)$/.exec(value.$ref) ?? []) : [];
    if (kind && name && components[kind]?.[name]) {
      const { $ref: _ref, ...beside } = value;
      return { ...(resolve(components[kind][name]) as Json), ...(resolve(beside) as Json) };
    }
    return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, resolve(child)]));
  };
  return resolve(document);
}
