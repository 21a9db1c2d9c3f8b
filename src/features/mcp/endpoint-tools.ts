/**
 * The MCP tools of the declared endpoints (src/http/endpoint.ts), made by one rule: the name from
 * the path, the family from the catalogue, the arguments from the request schema, the output from
 * the answer's schema, and the REST answer's JSON as `structuredContent`. A tool computes exactly
 * what the REST endpoint computes (the same preparation and task), so both answer the same bytes.
 *
 * A path parameter with a fixed set of values (`/api/v1/western/signs/:point`) makes one tool per
 * value (`v1_western_signs_sun`…), each with the parameter set.
 */
import { z } from 'zod/v4';
import type { ComputeRunner } from '../../compute/runner.ts';
import { computeAnswer, type Endpoint, type EndpointInput, type ToolText } from '../../http/endpoint.ts';
import { DECIMAL_TEXT } from '../../requests/query-number.ts';
import type { Family } from './families.ts';
import { READ_ONLY, type ToolDefinition } from './tool-definition.ts';
import { imageResult, jsonResult, outcomeOfError, type ToolOutcome } from './tool-results.ts';
import { jsonSchemaOf, outputSchema, toolSchema } from './tool-schema.ts';

/** `/api/v1/western/synastry/summary` → `v1_western_synastry_summary`; `/natal` → `natal`. */
function toolNameOfPath(path: string, params: Readonly<Record<string, string>> = {}): string {
  return path
    .replace(/^\/api\//, '/')
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment.startsWith(':') ? params[segment.slice(1)] : segment))
    .filter((segment): segment is string => segment !== undefined)
    .join('_')
    .replace(/-/g, '_');
}

/** The OpenAPI spelling of a path (`{point}` for `:point`), as descriptions name it. */
const documentedPath = (path: string) => path.replace(/:(\w+)/g, '{$1}').replace(/(.)\/$/, '$1');

/** A query's schema as tool arguments: JSON numbers and booleans are read as the query's text would be. */
function queryArguments(query: z.ZodType): { schema: z.ZodType; json: Record<string, unknown> } {
  const asText = (value: unknown) => (typeof value === 'number' || typeof value === 'boolean' ? String(value) : value);
  const schema = z.preprocess(
    (args) => (args && typeof args === 'object' && !Array.isArray(args) ? Object.fromEntries(Object.entries(args).map(([k, v]) => [k, asText(v)])) : args),
    query,
  );
  const json = jsonSchemaOf(query, 'input');
  const properties = (json.properties ?? {}) as Record<string, Record<string, unknown>>;
  const numeric = new Set<string>();
  // Numbers written as text in a query are numbers to a tool's caller.
  for (const [name, property] of Object.entries(properties)) {
    if (property.type === 'string' && typeof property.pattern === 'string' && NUMBER_PATTERNS.has(property.pattern)) {
      delete property.pattern;
      property.type = 'number';
      numeric.add(name);
    }
  }
  // The example call: the required parameters' examples (the query's documented ones).
  const required = (json.required ?? []) as string[];
  const exampleOf = (name: string) => properties[name]?.example ?? (properties[name]?.examples as unknown[] | undefined)?.[0];
  if (required.every((name) => exampleOf(name) !== undefined)) {
    json.examples = [Object.fromEntries(required.map((name) => [name, numeric.has(name) ? Number(exampleOf(name)) : exampleOf(name)]))];
  }
  return { schema, json };
}
const NUMBER_PATTERNS = new Set([DECIMAL_TEXT.source, String.raw`^\s*\d+\s*$`]);

/** What an image tool answers: the PNG as an image block, the image in words, and its figures. */
const imageToolOutput = z.object({
  content_type: z.string(),
  width: z.number().int().describe('Width of the image in px'),
  height: z.number().int().describe('Height of the image in px'),
  byte_length: z.number().int().describe('Size of the image'),
  headers: z.record(z.string(), z.string()).describe('The REST response headers that carry data'),
  summary: z.array(z.string()).describe('The image in words'),
});

/** The enumerated values of a path parameter, when the params schema has one such parameter. */
function parameterValues(e: Endpoint): { name: string; values: readonly string[] } | undefined {
  if (!e.params) return undefined;
  const properties = (jsonSchemaOf(e.params, 'output').properties ?? {}) as Record<string, { enum?: unknown[] }>;
  for (const [name, property] of Object.entries(properties)) {
    if (property.enum?.every((v) => typeof v === 'string')) return { name, values: property.enum };
  }
  return undefined;
}

/** The tools of one endpoint (none when it declares `mcp: null`). */
export function endpointTools(e: Endpoint, family: Family): ToolDefinition[] {
  const tool = e.mcp;
  if (!tool) return [];
  const path = e.paths[0];
  const fixed = parameterValues(e);
  const variants = fixed ? fixed.values.map((value) => ({ [fixed.name]: value })) : [{}];
  const fromQuery = !tool.input && !e.body && e.query ? queryArguments(e.query) : undefined;
  const omitted = tool.omit?.length ? Object.fromEntries(tool.omit.map((k) => [k, true as const])) : undefined;
  const bodySchema = e.body && omitted ? (e.body as unknown as z.ZodObject).omit(omitted as never) : e.body;
  const input = tool.input ?? fromQuery?.schema ?? bodySchema ?? z.object({});
  const annotations = tool.idempotent === false ? { ...READ_ONLY, idempotentHint: false } : READ_ONLY;
  const image = 'image' in e.answer;
  const output = image ? imageToolOutput : (e.answer as { json: z.ZodType }).json;

  return variants.flatMap((params) => {
    const name = tool.name ?? toolNameOfPath(path, params);
    const where = documentedPath(Object.entries(params).reduce((p, [k, v]) => p.replace(`:${k}`, v), path));
    const text = (t: ToolText) => (typeof t === 'function' ? t(params) : t);
    const description = tool.description === undefined ? `${e.method} ${where}: ${e.summary}.` : text(tool.description);
    const run = async (args: unknown, compute: ComputeRunner): Promise<ToolOutcome> => {
      const request: EndpointInput = tool.request
        ? tool.request(args)
        : e.body
          ? { body: args, query: undefined, params }
          : { body: undefined, query: args, params };
      try {
        const bytes = await computeAnswer(e, compute, request);
        return image ? imageResult(bytes) : jsonResult(bytes);
      } catch (error) {
        return outcomeOfError(error);
      }
    };
    return [tool, ...(tool.aliases ?? [])].map((variant, i) => ({
      name: i === 0 ? name : (variant as { name: string }).name,
      title: text(variant.title),
      description: i === 0 || variant.description === undefined ? description : text(variant.description),
      families: [family],
      input: toolSchema(input, fromQuery ? { json: fromQuery.json } : {}),
      output: outputSchema(output),
      annotations,
      run: (args, { compute }) => run(args, compute),
    }));
  });
}
