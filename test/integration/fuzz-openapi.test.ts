/**
 * Property-based fuzzing of every operation of the OpenAPI document through `app.inject`: requests
 * shaped by the document (with hints where the document cannot say what a field accepts) mixed with
 * hostile values, hostile bodies (deep nesting, JSON that is not JSON, other content types),
 * hostile query strings, path parameters, credentials and uploads. No answer may be a 5xx: every
 * bad input is the client's and gets a 4xx. (The compute runner is inline here, so the documented
 * 503 of a full queue cannot occur.)
 *
 * The seed is fixed so that the suite is repeatable; FUZZ_SEED=<n> and FUZZ_RUNS=<n> explore
 * further (a failure prints the seed and path to replay it).
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { startTestServer } from '../helpers/app.ts';
import {
  dateText,
  fromSchema,
  hostileValue,
  PROTOTYPE_NAMES,
  queryValue,
  RawJson,
  toJsonText,
  type OpenApiDocument,
  type Operation,
  type Schema,
} from '../helpers/openapi-arbitraries.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 40);
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
/** FUZZ_REPORT=1 prints how the answers of each operation were spread over status codes (how deep the requests got). */
const statuses = new Map<string, Map<number, number>>();

const server = await startTestServer();
afterAll(async () => {
  if (process.env.FUZZ_REPORT) for (const [operation, counts] of statuses) console.log(operation, JSON.stringify(Object.fromEntries(counts)));
  await server.close();
});
const app = server.app.app;
const USER = 'user-fuzz';
const token = await server.token(USER, 'fuzz@example.com');
await server.bearer('POST', '/api/v1/auth/sync', token, { user_id: USER, email: 'fuzz@example.com' });
const doc = (await app.inject({ method: 'GET', url: '/openapi.json' })).json<OpenApiDocument>();

const operations = Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ path, method: method.toUpperCase(), op })));

/**
 * A valid request per operation: most generated requests are one of these with one to three fields
 * changed (to a value shaped by the schema or a hostile one), so that they get past validation and
 * into the computation, where crashes hide.
 */
const birth = { name: 'Ada', year: 1990, month: 5, day: 17, hour: 8, minute: 15, lat: 38.72, lng: -9.14, tz_str: 'Europe/Lisbon' };
const BODY_SEEDS: Record<string, object> = {
  '/api/v1/natal/calculate': birth,
  '/natal': birth,
  '/api/v1/transits/calculate': { natal: birth, transit_date: '2025-11-20T09:15' },
  '/api/v1/ephemeris/calculate': { start: '2024-03-01', end: '2024-03-03', bodies: ['Sun', 'Moon', 'Chiron'], lat: 38.72, lng: -9.14 },
  '/api/v1/natal/chart/': birth,
  '/api/v1/natal/experimental': birth,
  '/api/v1/natal/chart/transits': { natal: birth, transit_date: '2025-11-20T09:15' },
  '/api/v1/natal/experimental/transits': { natal: birth },
  '/api/v1/natal/chart/solar-return': { ...birth, return_year: 2026 },
  '/api/v1/natal/experimental/solar-return': { ...birth, return_year: 2026, wheel_type: 'single' },
  '/api/v1/natal/chart/secondary-progressions': { ...birth, progression_date: '2026-01-01' },
  '/api/v1/natal/chart/progressions': { ...birth, progression_date: '2026-01-01T12:00+02:00' },
  '/api/v1/natal/chart/composite': { person_a: birth, person_b: { ...birth, year: 1992, lat: 51.5, lng: -0.12, tz_str: 'Europe/London' } },
  '/api/v1/natal/chart/synastry': { person_a: birth, person_b: { ...birth, year: 1992, time_known: false, hour: undefined, minute: undefined } },
  '/api/v1/numerology/profile': {
    method: { system: 'pythagorean', profile: 'pythagorean-component-preserve-core-v1' },
    subject: { birth_date: '1984-07-09', name: { birth: 'Maria Lopez' } },
    date_context: { reference_date: '2026-01-15' },
  },
  '/api/v1/auth/sync': { user_id: USER, email: 'fuzz@example.com', full_name: 'Fuzz' },
};
const QUERY_SEEDS: Record<string, Record<string, string>> = {
  '/api/v1/ephemeris': { start: '2024-03-01', end: '2024-03-02', bodies: 'Sun,Moon,Mars' },
  '/api/v1/sky-events': { date: '2024-03-01', timezone: 'Europe/Lisbon' },
};

/** Every field of a schema down to `depth` levels of objects, with its path. */
function fieldsOf(schema: Schema, depth = 2, prefix: string[] = []): { path: string[]; schema: Schema }[] {
  let s = schema;
  if (typeof s.$ref === 'string') s = doc.components?.schemas?.[s.$ref.replace('#/components/schemas/', '')] ?? {};
  return Object.entries((s.properties ?? {}) as Record<string, Schema>).flatMap(([name, sub]) => {
    const path = [...prefix, name];
    const own = { path, schema: sub };
    return depth > 1 && (sub.type === 'object' || sub.$ref) ? [own, ...fieldsOf(sub, depth - 1, path)] : [own];
  });
}

function setAt(target: Record<string, unknown>, path: string[], value: unknown): void {
  let node = target;
  for (const key of path.slice(0, -1)) {
    if (node[key] === null || typeof node[key] !== 'object' || Array.isArray(node[key]) || node[key] instanceof RawJson) node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
  node[path[path.length - 1]!] = value;
}

/** The seed with one to three fields replaced; `undefined` drops a field. */
function mutated(seed: object, fields: { path: string[]; schema: Schema }[]): fc.Arbitrary<Record<string, unknown>> {
  return fc
    .subarray(fields, { minLength: 1, maxLength: 3 })
    .chain((chosen) =>
      fc.tuple(
        ...chosen.map((f) => fc.option(fromSchema(f.schema, doc, f.path[f.path.length - 1], 4), { nil: undefined, freq: 8 }).map((v) => [f.path, v] as const)),
      ),
    )
    .map((changes) => {
      const body = structuredClone(seed) as Record<string, unknown>;
      for (const [path, value] of changes) setAt(body, path, value);
      return body;
    });
}

/** Only a small range of rows, whatever the dates: how long an export may run is another test's business. */
function withinCost(values: Record<string, unknown>): Record<string, unknown> {
  if (typeof values.start === 'string' && typeof values.end === 'string') values.end = values.start.slice(0, 10);
  if (typeof values.step === 'string' && /^\d+\s*m$/.test(values.step)) values.step = '1h';
  return values;
}

const contentTypes = fc.oneof(
  { weight: 12, arbitrary: fc.constant('application/json') },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'application/json; charset=utf-8',
      'application/json; charset=latin1',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/xml',
      '',
    ),
  },
);

/** A body that is not what the operation expects at all. */
const hostileBody = fc.oneof(
  hostileValue.map((v) => toJsonText(v)),
  fc.constantFrom(
    '',
    '{',
    '{"a":1',
    '[1,2',
    'null',
    '{"__proto__":{"polluted":true}}',
    '{"constructor":{"prototype":{"polluted":true}}}',
    '\u0000',
    '{"year":1e999}',
    `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`,
  ),
  fc.string({ unit: 'binary', maxLength: 200 }),
);

/** SVG markup from a small vocabulary: references, nesting, scripts, handlers, patterns. */
const svgTag = fc.constantFrom('g', 'use', 'rect', 'path', 'pattern', 'symbol', 'defs', 'script', 'image', 'text', 'style', 'foreignObject', 'marker', 'a');
const svgAttributes = fc.array(
  fc.constantFrom(
    'id="a"',
    'id="b"',
    'href="#a"',
    'xlink:href="#b"',
    'fill="url(#a)"',
    'onload="x()"',
    'width="99999"',
    'style="fill:url(#b)"',
    'href="data:image/png;base64,iVBORw0KGgo="',
    'href="javascript:x"',
  ),
  { maxLength: 3 },
);
const svgElement: fc.Arbitrary<string> = fc.letrec<{ node: string }>((tie) => ({
  node: fc.oneof(
    { maxDepth: 4, depthSize: 'small' },
    fc.tuple(svgTag, svgAttributes).map(([tag, attributes]) => `<${tag} ${attributes.join(' ')}/>`),
    fc
      .tuple(svgTag, svgAttributes, fc.array(tie('node'), { maxLength: 3 }))
      .map(([tag, attributes, children]) => `<${tag} ${attributes.join(' ')}>${children.join('')}</${tag}>`),
  ),
})).node;

const uploadBytes: fc.Arbitrary<Buffer> = fc.oneof(
  fc.uint8Array({ maxLength: 600 }).map((b) => Buffer.from(b)),
  fc.uint8Array({ maxLength: 300 }).map((b) => Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.from(b)])),
  fc.uint8Array({ maxLength: 300 }).map((b) => Buffer.concat([Buffer.from('ffd8ffe0', 'hex'), Buffer.from(b)])),
  fc
    .array(svgElement, { maxLength: 4 })
    .map((children) =>
      Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10">${children.join('')}</svg>`),
    ),
  fc.integer({ min: 10, max: 13_000 }).map((n) => Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg">${'<g>'.repeat(n)}${'</g>'.repeat(n)}</svg>`)),
  fc
    .constantFrom(
      '<svg xmlns="http://www.w3.org/2000/svg"><text>\u0000</text></svg>',
      '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "b">]><svg>&a;</svg>',
      '<svg',
      '<svg xmlns="http://www.w3.org/2000/svg"/>',
    )
    .map((t) => Buffer.from(t)),
);

function multipart(bytes: Buffer, field: string): { payload: Buffer; contentType: string } {
  const boundary = 'fuzzboundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="logo"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  return { payload: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Headers a client may add: content negotiation and cache validators, some of them odd. */
const extraHeaders: fc.Arbitrary<Record<string, string>> = fc.option(
  fc.oneof(
    fc
      .constantFrom('application/json', 'text/csv', 'application/x-ndjson', 'image/png', '*/*', '', 'constructor', 'text/html;q=0.5, */*;q=abc')
      .map((v) => ({ accept: v })),
    fc.constantFrom('*', 'W/"x"', '"', '"a", W/', 'constructor', '').map((v) => ({ 'if-none-match': v })),
    fc
      .string({ maxLength: 60 })
      .filter((v) => /^[\x20-\x7e]*$/.test(v))
      .map((v) => ({ 'accept-language': v })),
  ),
  { nil: {}, freq: 4 },
);

function credentials(op: Operation): fc.Arbitrary<Record<string, string>> {
  const schemes = (op.security ?? []).flatMap((s) => Object.keys(s));
  const wrong = fc.oneof(
    fc.constant({}),
    fc.string({ maxLength: 80 }).map((v) => ({ 'x-api-key': v })),
    fc.constantFrom('Bearer ', 'Bearer a.b.c', 'Basic x', 'Bearer constructor').map((v) => ({ authorization: v })),
  );
  if (schemes.includes('bearerAuth'))
    return fc.oneof({ weight: 9, arbitrary: fc.constant({ authorization: `Bearer ${token}` }) }, { weight: 1, arbitrary: wrong });
  if (schemes.includes('apiKey')) return fc.oneof({ weight: 9, arbitrary: fc.constant({ 'x-api-key': server.key }) }, { weight: 1, arbitrary: wrong });
  return fc.constant({});
}

/** Percent-encoding that also carries lone surrogates (as the bytes of their invalid UTF-8). */
const encodeQuery = (text: string) =>
  Array.from(text, (ch) => {
    try {
      return encodeURIComponent(ch);
    } catch {
      return '%ED%A0%80';
    }
  }).join('');

function queryString(path: string, op: Operation): fc.Arbitrary<string> {
  const parameters = (op.parameters ?? []).filter((p) => p.in === 'query');
  if (!parameters.length) return fc.constantFrom('', '', '', '?constructor=1', '?%');
  const pairs = parameters.map((p) =>
    fc.option(
      queryValue(p.name, p.schema, doc).map((v) => [p.name, v] as const),
      { nil: undefined, freq: p.required ? 20 : 2 },
    ),
  );
  const random = fc.tuple(...pairs).map((chosen) => Object.fromEntries(chosen.filter((c) => c !== undefined)) as Record<string, string>);
  const seed = QUERY_SEEDS[path];
  const fromSeed = seed
    ? fc
        .subarray(parameters, { minLength: 1, maxLength: 3 })
        .chain((chosen) =>
          fc.tuple(...chosen.map((p) => fc.option(queryValue(p.name, p.schema, doc), { nil: undefined, freq: 8 }).map((v) => [p.name, v] as const))),
        )
        .map((changes) => {
          const values: Record<string, string | undefined> = { ...seed };
          for (const [name, value] of changes) values[name] = value;
          return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Record<string, string>;
        })
    : random;
  return fc
    .tuple(
      fc.oneof({ weight: 3, arbitrary: fromSeed }, { weight: 1, arbitrary: random }),
      fc.option(fc.constantFrom('&%', '&a=%ZZ', '&constructor=x', '&&=', '&start=2020-01-01'), { nil: undefined, freq: 6 }),
    )
    .map(([chosen, garbage]) => {
      const values = withinCost({ ...chosen });
      const text = Object.entries(values)
        .map(([k, v]) => `${encodeQuery(k)}=${encodeQuery(String(v))}`)
        .join('&');
      return `?${text}${garbage ?? ''}`;
    });
}

function pathOf(path: string): fc.Arbitrary<string> {
  const names = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
  if (!names.length) return fc.constant(path);
  const value = fc.oneof(fc.uuid(), fc.constantFrom(...PROTOTYPE_NAMES, '', '%00', '..', '0'), fc.string({ maxLength: 40 }));
  return fc.tuple(...names.map(() => value)).map((values) => names.reduce((p, name, i) => p.replace(`{${name}}`, encodeURIComponent(values[i]!)), path));
}

function requestOf(path: string, method: string, op: Operation): fc.Arbitrary<InjectOptions> {
  const jsonSchema = op.requestBody?.content?.['application/json']?.schema;
  const base = fc.record({
    url: fc.tuple(pathOf(path), queryString(path, op)).map(([p, q]) => p + q),
    credentials: fc.tuple(credentials(op), extraHeaders).map(([c, h]) => ({ ...h, ...c })),
  });
  // Mostly fresh keys (a reused key with another body is a 409 that stops before the computation).
  const idempotency = fc.option(fc.oneof({ weight: 8, arbitrary: fc.uuid() }, { weight: 1, arbitrary: fc.string({ maxLength: 300 }) }), {
    nil: undefined,
    freq: 10,
  });
  if (method === 'GET' || method === 'DELETE') {
    return base.map(({ url, credentials }) => ({ method: method as 'GET', url, headers: credentials }));
  }
  if (!jsonSchema) {
    // A multipart upload (the branding image), or a body of another kind.
    return fc
      .tuple(
        base,
        fc.oneof(
          { weight: 6, arbitrary: uploadBytes.map((b) => multipart(b, 'file')) },
          { weight: 1, arbitrary: uploadBytes.map((b) => multipart(b, 'logo')) },
          { weight: 1, arbitrary: hostileBody.map((t) => ({ payload: Buffer.from(t), contentType: 'application/json' })) },
        ),
      )
      .map(([{ url, credentials }, body]) => ({
        method: 'POST' as const,
        url,
        headers: { ...credentials, 'content-type': body.contentType },
        payload: body.payload,
      }));
  }
  const shaped = fromSchema(jsonSchema, doc)
    .map((v) => (v && typeof v === 'object' && !Array.isArray(v) && !(v instanceof RawJson) ? withinCost(v as Record<string, unknown>) : v))
    .map(toJsonText);
  const seed = BODY_SEEDS[path];
  const fromSeed = seed ? mutated(seed, fieldsOf(jsonSchema)).map((v) => toJsonText(withinCost(v))) : shaped;
  const payload = fc.oneof({ weight: 12, arbitrary: fromSeed }, { weight: 4, arbitrary: shaped }, { weight: 1, arbitrary: hostileBody });
  return fc.tuple(base, payload, contentTypes, idempotency).map(([{ url, credentials }, body, contentType, key]) => ({
    method: method as 'POST',
    url,
    payload: body,
    headers: { ...credentials, ...(contentType ? { 'content-type': contentType } : {}), ...(key === undefined ? {} : { 'idempotency-key': key }) },
  }));
}

describe('fuzzing every operation of the OpenAPI document', () => {
  it('covers the routes of the service', () => {
    expect(operations.length).toBeGreaterThan(30);
    expect(operations.map((o) => `${o.method} ${o.path}`)).toEqual(
      expect.arrayContaining([
        'POST /api/v1/natal/calculate',
        'GET /api/v1/ephemeris',
        'POST /api/v1/auth/report-branding',
        'DELETE /api/v1/auth/keys/{key_id}',
      ]),
    );
  });

  it('dates are generated in and out of the calendar', () => {
    const samples = fc.sample(dateText, { numRuns: 200, seed: SEED });
    expect(samples.some((d) => /-(0[1-9]|1[0-2])-/.test(d))).toBe(true);
    expect(samples.some((d) => /-(00|13|99)-/.test(d))).toBe(true);
  });

  /**
   * This server configures no Stripe account, operator credentials, SMTP server or report worker:
   * the operations that need them answer their documented 503 saying so, which is the
   * deployment's choice, not a crash. Every other 5xx fails.
   */
  const isFeatureOff = (res: { statusCode: number; body: string }) =>
    res.statusCode === 503 && (/(is|are) not (configured|available)/.test(res.body) || /"code":"reports_unavailable"/.test(res.body));

  for (const { path, method, op } of operations) {
    it(`${method} ${path}: no 5xx`, async () => {
      await fc.assert(
        fc.asyncProperty(requestOf(path, method, op), async (request) => {
          const res = await app.inject(request);
          const counts = statuses.get(`${method} ${path}`) ?? new Map<number, number>();
          statuses.set(`${method} ${path}`, counts.set(res.statusCode, (counts.get(res.statusCode) ?? 0) + 1));
          if (res.statusCode >= 500 && !isFeatureOff(res)) throw new Error(`${res.statusCode} ${res.body.slice(0, 300)}`);
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: false },
      );
    }, 120_000);
  }
});
