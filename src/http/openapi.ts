/**
 * The OpenAPI document's shape beyond what each route declares: the interface's schema names
 * as components, and the 422 `HTTPValidationError` on every operation that validates input
 * (the rules every operation follows besides: openapi-rules.ts; the families and what the
 * reference shows a customer: openapi-families.ts).
 */
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod/v4';
import { describeFamilies } from './openapi-families.ts';
import { applyOperationRules } from './openapi-rules.ts';

export const httpValidationError = z
  .object({
    detail: z
      .array(
        z.object({
          loc: z
            .array(z.union([z.string(), z.number()]))
            .describe('Where the wrong value is: body, query or path, then the field names and list indexes down to it'),
          msg: z.string().describe('What is wrong with the value, for people'),
          type: z.string().describe('A fixed code for the kind of error (missing, value_error …)'),
        }),
      )
      .describe('One entry per wrong or missing value'),
  })
  .meta({ id: 'HTTPValidationError' });

/**
 * Every route registered after this that validates a body, query or path answers 422 so
 * documented; a route with a validator of its own (numerology: problem details) says its own.
 */
export function declareValidationErrors(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const schema = route.schema as Record<string, unknown> | undefined;
    if (!schema || route.validatorCompiler || !(schema.body || schema.querystring || schema.params)) return;
    const response = (schema.response ?? {}) as Record<string, unknown>;
    if (response[422]) return;
    route.schema = { ...schema, response: { ...response, 422: httpValidationError } };
  });
}

type OpenApiObject = { components?: { schemas?: Record<string, unknown> } } & Record<string, unknown>;

/**
 * Named schemas become components. The type provider lists each under two names, `<id>` (as
 * answered) and `<id>Input` (as sent); the interface has one name per schema, so the variant no
 * operation refers to is dropped and a request schema keeps its plain name (`NatalChartRequest`).
 */
const REF = /"\$ref":"#\/components\/schemas\/([^"]+)"/g;
/** A component's path as a JSON string, wherever it is written. */
const COMPONENT_PATH = /"#\/components\/schemas\/([^"]+)"/g;

/** Components an operation refers to, directly or through other components. */
function reachableComponents(document: OpenApiObject): Set<string> {
  const { components, ...rest } = document;
  const schemas = components?.schemas ?? {};
  const refsIn = (value: unknown) => [...JSON.stringify(value ?? null).matchAll(REF)].map((m) => m[1]!);
  const seen = new Set<string>();
  const queue = refsIn(rest);
  while (queue.length > 0) {
    const name = queue.pop()!;
    if (seen.has(name)) continue;
    seen.add(name);
    queue.push(...refsIn(schemas[name]));
  }
  return seen;
}

export const transformOpenApiObject: typeof jsonSchemaTransformObject = (input) => {
  let text = JSON.stringify(jsonSchemaTransformObject(input));
  // Reachability, not mere mention: an unused answer-side component (`NatalChartRequest` as
  // parsed) may itself refer to the plain name of a nested one (`InterpretationOptions`).
  const live = reachableComponents(JSON.parse(text) as OpenApiObject);
  const renamed = new Map<string, string>();
  for (const inputName of [...live].filter((name) => name.endsWith('Input'))) {
    const name = inputName.slice(0, -5);
    if (!live.has(name)) renamed.set(inputName, name);
  }
  // One pass over the text for all the names (a pass per name cost seconds on a fresh server).
  text = text.replace(COMPONENT_PATH, (path, name: string) => {
    const plain = renamed.get(name);
    return plain === undefined ? path : `"#/components/schemas/${plain}"`;
  });
  const document = JSON.parse(text) as OpenApiObject;
  const schemas = document.components?.schemas ?? {};
  for (const [inputName, name] of renamed) schemas[name] = schemas[inputName];
  const reached = reachableComponents(document);
  for (const name of Object.keys(schemas)) if (name.endsWith('Input') && !reached.has(name)) delete schemas[name]; // also the renamed ones
  // Each component also names itself in `$id`, which would now be wrong for the renamed ones.
  for (const schema of Object.values(schemas)) delete (schema as Record<string, unknown>).$id;
  applyOperationRules(document);
  describeFamilies(document);
  return document as ReturnType<typeof jsonSchemaTransformObject>;
};
