/**
 * Rules that complete every operation of the OpenAPI document from how its route is registered,
 * so that no operation has to repeat them:
 * - the refusals its credential can bring (401, 403, 429, 503), from the operation's security, and
 *   the 503 of an open path that reads the database;
 * - the media types of its 200 answer, from the route schema's `x-produces` (images, CSV, NDJSON,
 *   HTML pages), and the other answers of a route that has no JSON schema for them (`x-responses`:
 *   status to description, in the first of those media types);
 * - the problem documents (RFC 9457) of a route that answers its errors in them
 *   (`x-problem-responses`: status to description);
 * - a request that works as its example: a request schema's example becomes the example of the
 *   body and of each parameter, which Swagger UI's "Try it out" sends as it is;
 * - words for the answers declared by schema alone, and descriptions where Swagger UI shows them.
 */

type Json = Record<string, unknown>;
interface Operation extends Json {
  security?: Record<string, string[]>[];
  responses?: Record<string, Json>;
  requestBody?: { content?: Record<string, Json> };
  parameters?: { name: string; in: string; schema?: Json; example?: unknown }[];
  'x-produces'?: string[];
  'x-responses'?: Record<string, string>;
  'x-problem-responses'?: Record<string, string>;
}
interface Document extends Json {
  paths?: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Json> };
}

/** The body of every refusal that is not a validation error: `{"detail": "..."}`. */
export const ERROR_DETAIL_COMPONENT = 'ErrorDetail';
const errorDetailSchema = {
  type: 'object',
  description: 'Why the request was refused.',
  properties: { detail: { type: 'string', description: 'A sentence for people; the status code is what programs act on.' } },
  required: ['detail'],
};

/** An error answered as an RFC 9457 problem document (`application/problem+json`). */
export const PROBLEM_DETAILS_COMPONENT = 'ProblemDetails';
const problemDetailsSchema = {
  type: 'object',
  description: 'An RFC 9457 problem document.',
  properties: {
    type: { type: 'string', description: 'A URI naming the kind of problem' },
    title: { type: 'string', description: 'The kind of problem, for people' },
    status: { type: 'integer', description: 'The HTTP status' },
    detail: { type: 'string', description: 'What went wrong in this request, for people' },
    instance: { type: 'string', description: 'The request path' },
    code: { type: 'string', description: 'A fixed code for the kind of problem, for programs' },
    field: { type: ['string', 'null'], description: 'The request field at fault, as a JSON path, when there is one' },
    calculation: { type: ['string', 'null'], description: 'The calculation that failed, when there is one' },
    trace_id: { type: 'string', description: "The id of this request in the service's logs (also `X-Trace-Id`)" },
  },
  required: ['type', 'title', 'status', 'detail', 'instance', 'code'],
};

/** The answers a route gives as problem documents, each with its description. */
function declareProblemResponses(operation: Operation): void {
  const problems = operation['x-problem-responses'];
  delete operation['x-problem-responses'];
  if (!problems) return;
  const responses = (operation.responses ??= {});
  for (const [status, description] of Object.entries(problems)) {
    responses[status] = { description, content: { 'application/problem+json': { schema: { $ref: `#/components/schemas/${PROBLEM_DETAILS_COMPONENT}` } } } };
  }
}

const RETRY = 'The `Retry-After` header says when to try again.';
/** What each credential can bring, whatever the operation does with the request. */
const REFUSALS_BY_SCHEME: Record<string, Record<string, string>> = {
  apiKey: {
    401: 'The `x-api-key` header is missing, or the key is unknown or revoked.',
    403: "The key's account has no active subscription (the numerology endpoints also answer 403 for an unknown key).",
    429: `Rate limit or request quota exceeded (see the \`X-RateLimit-*\` headers), or too many failed key lookups from this address. ${RETRY}`,
    503: `The database or the rate limiter is unavailable, or the service is overloaded. ${RETRY}`,
  },
  mcpOAuth: {
    401: 'The access token is missing, expired or revoked (the `WWW-Authenticate` header names the protected resource metadata).',
    429: `Rate limit or request quota exceeded. ${RETRY}`,
    503: `The database or the rate limiter is unavailable. ${RETRY}`,
  },
  bearerAuth: {
    401: 'The bearer token is missing, expired, or not signed for this service (see `WWW-Authenticate`).',
    503: `The identity provider's keys or the database are unavailable. ${RETRY}`,
  },
  adminBearer: {
    401: 'The operator session token is missing, expired or logged out.',
    503: 'Administration is not configured (ADMIN_USERNAME and ADMIN_PASSWORD_HASH), or the database is unavailable.',
  },
};

/** Open paths that read nothing but the configuration: no database behind them to be away. */
const ANSWERED_FROM_CONFIGURATION = /^\/(healthz|\.well-known\/)/;
const DATABASE_AWAY = `The database is unavailable. ${RETRY}`;

/** A refusal's answer: its words, and the `{detail}` body every refusal has. */
const refusal = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: `#/components/schemas/${ERROR_DETAIL_COMPONENT}` } } },
});

function declareRefusals(path: string, operation: Operation): void {
  const schemes = new Set((operation.security ?? []).flatMap((requirement) => Object.keys(requirement)));
  const responses = (operation.responses ??= {});
  const bodyTypes = Object.keys(operation.requestBody?.content ?? {});
  if (bodyTypes.length)
    responses['415'] ??= refusal(`The body is of another media type than ${bodyTypes.join(' or ')} (a body without \`Content-Type\` is read as JSON).`);
  if (schemes.size === 0) {
    if (path === '/readyz') responses['503'] ??= { description: 'Not ready: a component the service needs is down (the body says which).' };
    else if (!ANSWERED_FROM_CONFIGURATION.test(path)) {
      responses['503'] ??= refusal(DATABASE_AWAY);
    }
    return;
  }
  for (const scheme of schemes) {
    for (const [status, description] of Object.entries(REFUSALS_BY_SCHEME[scheme] ?? {})) {
      // A status the route documents itself keeps its own words; two schemes share the first's.
      responses[status] ??= refusal(description);
    }
  }
}

/** Binary and line-based answers: a schema that tells a client (and Swagger UI) what it gets. */
function mediaSchema(type: string): Json {
  if (type.startsWith('image/png')) return { type: 'string', format: 'binary', description: 'PNG image bytes' };
  if (type.startsWith('image/svg+xml')) return { type: 'string', description: 'SVG document' };
  if (type.startsWith('text/csv')) return { type: 'string', description: 'CSV: a header line, then one line per row' };
  if (type.startsWith('application/x-ndjson')) return { type: 'string', description: 'Newline-delimited JSON: one object per line' };
  if (type.startsWith('text/html')) return { type: 'string', description: 'An HTML page' };
  return {};
}

/** Words for the answers a route declares by schema alone (the generator calls each "Default Response"). */
const STATUS_WORDS: Record<string, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted: carried out in the background',
  400: 'Bad request',
  404: 'Not found',
  409: 'Conflict with the current state',
  410: 'Gone',
  413: 'Payload too large',
  415: 'Unsupported media type',
  422: 'Validation error: `detail` names each field (`loc`) and what is wrong with it',
};

function nameAnswers(operation: Operation): void {
  for (const [status, response] of Object.entries(operation.responses ?? {})) {
    if (response.description === 'Default Response' && STATUS_WORDS[status]) response.description = STATUS_WORDS[status];
  }
}

function declareMediaTypes(operation: Operation): void {
  const produces = operation['x-produces'];
  const others = operation['x-responses'];
  delete operation['x-produces'];
  delete operation['x-responses'];
  if (!produces?.length) return;
  const responses = (operation.responses ??= {});
  for (const [status, description] of Object.entries(others ?? {}))
    responses[status] ??= { description, content: { [produces[0]!]: { schema: mediaSchema(produces[0]!) } } };
  const ok = (responses[200] ??= { description: 'OK' }) as Json & { content?: Record<string, Json> };
  const content: Record<string, Json> = {};
  for (const type of produces) content[type] = ok.content?.[type] ?? { schema: mediaSchema(type) };
  ok.content = content;
  if (ok.description === 'Default Response' || ok.description === 'OK') ok.description = `OK: ${produces.join(', ')}`;
}

/**
 * A schema's own example: `example` in its metadata (zod drops `examples` from the input side of
 * a schema that transforms, which most request schemas do), or the first of `examples`.
 */
function exampleOf(schema: Json | undefined, components: Record<string, Json>): unknown {
  if (!schema) return undefined;
  const target = typeof schema.$ref === 'string' ? (components[schema.$ref.replace('#/components/schemas/', '')] ?? schema) : schema;
  if (target.example !== undefined) return target.example;
  if (Array.isArray(target.examples)) return target.examples[0];
  // A body that may also be absent (`anyOf: [X, null]`): the example of its first alternative that has one.
  const alternatives = (target.anyOf ?? target.oneOf) as Json[] | undefined;
  for (const alternative of alternatives ?? []) {
    const example = exampleOf(alternative, components);
    if (example !== undefined) return example;
  }
  return undefined;
}

function liftExamples(operation: Operation, components: Record<string, Json>): void {
  for (const media of Object.values(operation.requestBody?.content ?? {})) {
    const example = exampleOf(media.schema as Json | undefined, components);
    if (example !== undefined && media.example === undefined) media.example = example;
  }
  for (const parameter of operation.parameters ?? []) {
    const example = exampleOf(parameter.schema, components);
    if (example !== undefined && parameter.example === undefined) parameter.example = example;
  }
}

/** Keywords whose value is a map of names to schemas, not a schema. */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'dependentSchemas']);
/** Keywords whose value is data, not schemas. */
const DATA = new Set(['examples', 'example', 'default', 'const', 'enum']);

/** Calls `visit` on every schema object within `schema` (not on data such as examples or enums). */
function eachSchema(schema: unknown, visit: (node: Json) => void): void {
  if (!schema || typeof schema !== 'object') return;
  if (Array.isArray(schema)) return schema.forEach((item) => eachSchema(item, visit));
  const node = schema as Json;
  visit(node);
  for (const [key, value] of Object.entries(node)) {
    if (SCHEMA_MAPS.has(key) && value && typeof value === 'object') Object.values(value).forEach((item) => eachSchema(item, visit));
    else if (!DATA.has(key)) eachSchema(value, visit);
  }
}

/** OpenAPI 3.1 schemas say `examples` (a list); `example` is the deprecated 3.0 form. */
function examplesAsList(schema: unknown): void {
  eachSchema(schema, (node) => {
    if (node.example === undefined) return;
    node.examples ??= [node.example];
    delete node.example;
  });
}

/**
 * A field that may also be null (`anyOf: [X, {type: null}]`) carries X's description inside the
 * alternative, where Swagger UI does not show it: it is lifted to the field. And an integer's
 * bounds of ±(2^53 − 1), which zod's `int()` writes where a field has none of its own, go: they
 * say nothing, and Swagger UI made its examples from them (`"next_poll_after_seconds":
 * -9007199254740991`).
 */
function tidyFields(schema: unknown): void {
  eachSchema(schema, (node) => {
    const alternatives = node.anyOf as Json[] | undefined;
    if (Array.isArray(alternatives) && node.description === undefined) {
      const described = alternatives.filter((a) => typeof a.description === 'string');
      if (described.length === 1) node.description = described[0]!.description;
    }
    if (node.minimum === Number.MIN_SAFE_INTEGER) delete node.minimum;
    if (node.maximum === Number.MAX_SAFE_INTEGER) delete node.maximum;
  });
}

export function applyOperationRules(openapi: object): void {
  const document = openapi as Document;
  const components = ((document.components ??= {}).schemas ??= {});
  components[ERROR_DETAIL_COMPONENT] ??= errorDetailSchema;
  for (const [path, operations] of Object.entries(document.paths ?? {})) {
    for (const operation of Object.values(operations)) {
      if (operation['x-problem-responses']) components[PROBLEM_DETAILS_COMPONENT] ??= problemDetailsSchema;
      declareProblemResponses(operation);
      declareRefusals(path, operation);
      declareMediaTypes(operation);
      nameAnswers(operation);
      liftExamples(operation, components);
    }
  }
  // After lifting: a media type's or parameter's `example` stays (it is theirs in 3.1 as well).
  examplesAsList(components);
  tidyFields(components);
  for (const operations of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(operations)) {
      for (const parameter of operation.parameters ?? []) {
        examplesAsList(parameter.schema);
        tidyFields(parameter.schema);
      }
      for (const media of Object.values(operation.requestBody?.content ?? {})) {
        examplesAsList(media.schema);
        tidyFields(media.schema);
      }
      for (const response of Object.values(operation.responses ?? {})) tidyFields(response.content);
    }
  }
}
