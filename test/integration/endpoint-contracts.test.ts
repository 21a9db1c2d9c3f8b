/**
 * Every declared calculation endpoint (src/features/endpoints.ts), at each of its paths, answers
 * its request schema's example with a 2xx whose JSON holds to the answer's schema (strictly: no key
 * the schema lacks, keys in its order), or with an image of its media types. A declared endpoint
 * without an example fails here; so does a calculation route registered outside the declarations.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod/v4';
import { answerProblems } from '../../src/answers/schema-serializer.ts';
import type { Endpoint } from '../../src/http/endpoint.ts';
import { ENDPOINTS } from '../../src/features/endpoints.ts';
import { jsonSchemaOf } from '../../src/features/mcp/tool-schema.ts';
import { startTestServer, type TestServer } from '../helpers/app.ts';
import { exampleOfJsonSchema } from '../helpers/schema-example.ts';

type Json = Record<string, unknown>;

const exampleIn = (json: Json | undefined) => exampleOfJsonSchema(json);

/** The example values of an object schema's fields: the required ones, or all with `all`. */
function fieldExamples(schema: z.ZodType | undefined, all = false): Record<string, unknown> | undefined {
  if (!schema) return {};
  const json = jsonSchemaOf(schema, 'input');
  const properties = (json.properties ?? {}) as Record<string, Json>;
  const names = all ? Object.keys(properties) : ((json.required ?? []) as string[]);
  const values = names.map((name) => [name, exampleIn(properties[name])] as const);
  if (values.some(([, value]) => value === undefined)) return all ? Object.fromEntries(values.filter(([, v]) => v !== undefined)) : undefined;
  return Object.fromEntries(values);
}

/** The request an endpoint documents as its example, at a path, or undefined when it documents none. */
export function exampleRequest(e: Endpoint, path: string): { url: string; body?: unknown } | undefined {
  const body = e.body ? exampleIn(jsonSchemaOf(e.body, 'input')) : undefined;
  if (e.body && body === undefined) return undefined;
  const query = fieldExamples(e.query);
  const params = fieldExamples(e.params, true);
  if (!query || !params) return undefined;
  let url = path;
  for (const [name, value] of Object.entries(params)) url = url.replace(`:${name}`, encodeURIComponent(String(value)));
  if (/:\w/.test(url)) return undefined;
  const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  return { url: search ? `${url}?${search}` : url, ...(e.body ? { body } : {}) };
}

const cases = ENDPOINTS.flatMap((e) => e.paths.map((path) => ({ e, path, name: `${e.method} ${path}` })));

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('the declared endpoints', () => {
  it('each document an example request', () => {
    expect(cases.filter(({ e, path }) => !exampleRequest(e, path)).map((c) => c.name)).toEqual([]);
  });

  it.each(cases)('$name answers its example as its answer schema says', async ({ e, path }) => {
    const example = exampleRequest(e, path)!;
    const res = await server.request(e.method, example.url, example.body);
    expect(res.status, JSON.stringify(res.body).slice(0, 400)).toBe(200);
    if ('image' in e.answer) {
      expect(e.answer.image).toContain(res.headers.get('content-type')!.split(';')[0]);
      return;
    }
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(answerProblems(e.answer.json, res.body)).toEqual([]);
  });

  it('are the only calculation routes: every API-key operation is declared, or named here as no calculation', async () => {
    /** Operations behind an API key that compute nothing in the pool: look-ups, report jobs, numerology. */
    const NOT_CALCULATIONS = new Set([
      'GET /api/v1/geo/search',
      'GET /api/v2/geo/search',
      'GET /api/v1/natal/report-credits',
      'GET /api/v1/natal/report/{job_id}',
      'POST /api/v1/natal/report/{job_id}/callback',
      'POST /api/v1/numerology/profile',
      'GET /api/v1/numerology/methods',
      'GET /api/v1/numerology/alphabets',
    ]);
    const documented = (path: string) => path.replace(/:(\w+)/g, '{$1}');
    const declared = new Set(cases.map(({ e, path }) => `${e.method} ${documented(path)}`));
    const doc = (await server.get('/openapi.json')).body as { paths: Record<string, Record<string, { security?: Json[] }>> };
    const undeclared: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const name = `${method.toUpperCase()} ${path}`;
        if (!operation.security?.some((s) => 'apiKey' in s) || path.startsWith('/mcp')) continue;
        if (!declared.has(name) && !NOT_CALCULATIONS.has(name)) undeclared.push(name);
      }
    }
    expect(undeclared).toEqual([]);
  });
});
