/**
 * The OpenAPI document's shape beyond what each route declares: the interface's schema names
 * as components, and the 422 `HTTPValidationError` on every operation that validates input.
 */
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod/v4';

export const httpValidationError = z.object({
  detail: z.array(z.object({
    loc: z.array(z.union([z.string(), z.number()])),
    msg: z.string(),
    type: z.string(),
  })),
}).meta({ id: 'HTTPValidationError' });

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
export const transformOpenApiObject: typeof jsonSchemaTransformObject = (input) => {
  let text = JSON.stringify(jsonSchemaTransformObject(input));
  const document = JSON.parse(text) as OpenApiObject;
  const schemas = document.components?.schemas ?? {};
  const used = (name: string) => text.includes(`"$ref":"#/components/schemas/${name}"`);
  for (const inputName of Object.keys(schemas).filter((name) => name.endsWith('Input'))) {
    const name = inputName.slice(0, -5);
    if (used(inputName) && !used(name)) {
      text = text.replaceAll(`"#/components/schemas/${inputName}"`, `"#/components/schemas/${name}"`);
      schemas[name] = schemas[inputName];
    }
    if (!used(inputName)) delete schemas[inputName]; // also when it was just renamed
  }
  // Each component also names itself in `$id`, which would now be wrong for the renamed ones.
  for (const schema of Object.values(schemas)) delete (schema as Record<string, unknown>).$id;
  const paths = JSON.parse(text) as OpenApiObject;
  return { ...paths, components: { ...paths.components, schemas } } as ReturnType<typeof jsonSchemaTransformObject>;
};
