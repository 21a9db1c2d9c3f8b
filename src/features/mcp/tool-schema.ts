/**
 * The MCP SDK takes tool schemas as Standard Schemas that can also describe themselves in JSON
 * Schema. The service's zod schemas (zod/v4 of the zod 3 package) validate but do not carry the
 * JSON half, so this adapter adds it: the same schemas validate tool arguments as validate REST
 * bodies, and the JSON Schema clients see comes from them too.
 */
import type { StandardSchemaWithJSON } from '@modelcontextprotocol/server';
import { z } from 'zod/v4';
import { readCoordinateSpellings, spellingTree } from '../../http/coordinate-spellings.ts';
import { RequestFieldError } from '../../requests/request-error.ts';

/** A JSON value without its null members, at any depth (REST's "null means absent", arrays kept). */
export function withoutNullMembers(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(withoutNullMembers);
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== null)
      .map(([k, v]) => [k, withoutNullMembers(v)]),
  );
}

/** JSON Schema of a zod schema, without the component id the OpenAPI document names it by. */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>;
  delete json.id;
  return json;
}

export type ToolSchema<Output> = StandardSchemaWithJSON<unknown, Output>;

/**
 * `io: 'input'` describes what a caller may send. Output schemas are described in their input
 * form too, which leaves objects open: a client checking results against them accepts a field
 * added later, as REST clients do.
 */
export function toolSchema<S extends z.ZodType>(
  schema: S,
  options: {
    /** REST's calculation routes drop null members before validation; the numerology route does not. */
    dropNulls?: boolean;
    /** Hand the call the arguments as sent (once accepted), for a service that validates them itself as REST lets it. */
    keepInput?: boolean;
    /** The JSON Schema clients see, when it is not the schema's own. */
    json?: Record<string, unknown>;
  } = {},
): ToolSchema<z.output<S>> {
  const dropNulls = options.dropNulls ?? true;
  let json: Record<string, unknown> | undefined = options.json;
  const describe = () => (json ??= jsonSchemaOf(schema, 'input'));
  return {
    '~standard': {
      version: 1,
      vendor: 'astro-calc-service',
      validate: (value: unknown) => {
        const input = dropNulls ? withoutNullMembers(value) : structuredClone(value);
        // lon, longitude, latitude... read as REST reads them (src/http/coordinate-spellings.ts).
        try {
          readCoordinateSpellings(input, spellingTree(schema), []);
        } catch (error) {
          if (!(error instanceof RequestFieldError)) throw error;
          return { issues: [error.loc, ...error.alsoAt].map((path) => ({ message: error.message, path })) };
        }
        const parsed = schema.safeParse(input);
        if (parsed.success) return { value: (options.keepInput ? input : parsed.data) as z.output<S> };
        return { issues: parsed.error.issues.map((i) => ({ message: i.message, path: i.path.map((p) => (typeof p === 'symbol' ? String(p) : p)) })) };
      },
      jsonSchema: { input: describe, output: describe },
    },
  };
}

/** The schema of a tool's results: checked as they are (a null in an answer is a value). */
export const outputSchema = <S extends z.ZodType>(schema: S): ToolSchema<z.output<S>> => toolSchema(schema, { dropNulls: false });
