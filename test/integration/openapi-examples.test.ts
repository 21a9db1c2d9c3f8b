/**
 * The OpenAPI document's examples are requests the service accepts: every operation with a request
 * body or a required parameter documents an example for each, and sending exactly those (as
 * Swagger UI's "Try it out" does, with the credential the operation's security names) gets a 2xx.
 * Examples that name a thing which has to exist first (a key id, a pending authorization, a
 * one-time e-mail token) are well-formed: the answer is the documented "not found", never a 422.
 * The rest of the document's rules are checked too: refusals per credential, media types, typed
 * query booleans, how to get a key.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashAdminPassword } from '../../src/features/admin/password.ts';
import { startBillingWorld, type BillingWorld } from '../helpers/billing.ts';

type Json = Record<string, any>;
interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  example?: string | number | boolean;
  schema?: Json;
}
interface Operation {
  security?: Record<string, string[]>[];
  requestBody?: { content: Record<string, { example?: unknown }> };
  parameters?: Parameter[];
  responses: Record<string, Json>;
}

/** The user and operator the examples name (SyncUserRequest, AdminLoginRequest, AccountDeletionRequest). */
const EXAMPLE_USER = { id: 'user-123', email: 'ada@example.com' };
const EXAMPLE_ADMIN = { username: 'admin', password: 'the operator passphrase' };
/** Where the billing examples send the customer back to. */
const EXAMPLE_ORIGIN = 'http://localhost:3000';

/**
 * Operations whose example is valid but names something that cannot exist in a fresh service,
 * with the status it gets instead of a 2xx.
 */
const NEEDS_A_THING: Record<string, { status: number; why: string }> = {
  'DELETE /api/v1/auth/keys/{key_id}': { status: 404, why: 'a key id of the caller' },
  'GET /api/v1/natal/report/{job_id}': { status: 404, why: 'a report job the caller submitted' },
  'GET /api/v1/auth/reports/{job_id}/download': { status: 404, why: 'a report job the caller submitted' },
  'POST /api/v1/auth/reports': { status: 503, why: 'a report worker with headless Chromium (here, none runs)' },
  'POST /api/v1/natal/report/{job_id}/callback': { status: 404, why: 'a report job the caller submitted' },
  'GET /api/v1/billing/checkout-status': { status: 404, why: 'a Checkout session that Stripe created' },
  'POST /api/v1/billing/request-pack/checkout': { status: 404, why: 'a request pack the operator offered' },
  'GET /mcp/oauth/consent/{authorization_id}': { status: 404, why: 'a pending authorization request' },
  'POST /mcp/oauth/consent/{authorization_id}': { status: 404, why: 'a pending authorization request' },
  'GET /mcp/oauth/requests/{authorization_id}': { status: 404, why: 'a pending authorization request' },
  'POST /mcp/oauth/requests/{authorization_id}': { status: 404, why: 'a pending authorization request' },
  'DELETE /mcp/oauth/grants/{grant_id}': { status: 404, why: 'a grant the user gave' },
  'GET /api/v1/auth/verify-email': { status: 400, why: 'the token of a verification e-mail' },
  'POST /api/v1/dashboard/sign-in': { status: 503, why: 'an SMTP server that takes the e-mail (here, none listens)' },
  'POST /api/v1/dashboard/sign-in/code': { status: 401, why: 'the code of a sign-in e-mail' },
  'POST /api/v1/dashboard/sign-in/link': { status: 401, why: 'the link of a sign-in e-mail' },
  'PUT /api/v1/admin/analytics/funnels/{funnel_id}': { status: 404, why: 'a funnel id the service made' },
  'DELETE /api/v1/admin/analytics/funnels/{funnel_id}': { status: 404, why: 'a funnel id the service made' },
};
/** The MCP endpoint keeps no sessions: the methods that would open or end one always answer 405. */
const ANSWERS_OTHERWISE: Record<string, { status: number; why: string }> = {
  'GET /mcp/{path_scope}': { status: 405, why: 'no sessions to open' },
  'DELETE /mcp/{path_scope}': { status: 405, why: 'no sessions to end' },
};

let world: BillingWorld;
let doc: { paths: Record<string, Record<string, Operation>>; components: Json };
beforeAll(async () => {
  world = await startBillingWorld({
    env: {
      ADMIN_USERNAME: EXAMPLE_ADMIN.username,
      ADMIN_PASSWORD_HASH: await hashAdminPassword(EXAMPLE_ADMIN.password),
      BILLING_REDIRECT_ORIGINS: EXAMPLE_ORIGIN,
      // Mail is written to the outbox and held: nothing listens here, and nothing needs to.
      SMTP_URL: 'smtp://127.0.0.1:9',
      EMAIL_LINK_SECRET: 'a link secret of at least thirty-two characters',
    },
  });
  doc = (await world.server.get('/openapi.json')).body;
});
afterAll(async () => {
  await world?.close();
});

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, method: method.toUpperCase(), path, op })),
  );
const needsExample = (op: Operation) => Boolean(op.requestBody) || (op.parameters ?? []).some((p) => p.required);

/** Sync first (the other dashboard calls need the user), writes before reads, deletions last, the account's own (then the operator's) at the very end. */
function order(name: string): number {
  if (name === 'POST /api/v1/auth/sync') return 0;
  if (name === 'POST /api/v1/admin/login') return 0;
  if (name === 'DELETE /api/v1/settings/account') return 9;
  // The operator's deletion names the example user too: after the user's own, it answers that job.
  if (name === 'DELETE /api/v1/admin/users/{user_id}') return 10;
  return { POST: 1, PUT: 2, GET: 3, DELETE: 4 }[name.split(' ')[0]!] ?? 5;
}

describe('the examples of the OpenAPI document', () => {
  it('every request body and every required parameter has an example', () => {
    const missing = operations()
      .filter(({ op }) => needsExample(op))
      .flatMap(({ name, op }) => [
        ...Object.entries(op.requestBody?.content ?? {})
          .filter(([, media]) => media.example === undefined)
          .map(([type]) => `${name} body ${type}`),
        ...(op.parameters ?? []).filter((p) => p.required && p.example === undefined).map((p) => `${name} ${p.in} ${p.name}`),
      ]);
    expect(missing).toEqual([]);
  });

  it('sending each example as it is gets a 2xx (or, for a thing that must exist first, its documented status)', async () => {
    const userToken = await world.server.token(EXAMPLE_USER.id, EXAMPLE_USER.email);
    let adminToken = '';
    const outcomes: string[] = [];
    const expected: string[] = [];
    const undocumented: string[] = [];
    const chosen = operations()
      .filter(({ op }) => needsExample(op))
      .sort((a, b) => order(a.name) - order(b.name));
    expect(chosen.length).toBeGreaterThan(40);
    for (const { name, method, path, op } of chosen) {
      const scheme = Object.keys(op.security?.[0] ?? {})[0];
      const headers: Record<string, string> = { 'x-api-key': '' };
      // What the protocol asks of an MCP client (the operation's description says so).
      if (path.startsWith('/mcp') && method === 'POST' && !path.startsWith('/mcp/oauth')) headers.accept = 'application/json, text/event-stream';
      if (scheme === 'apiKey') headers['x-api-key'] = world.server.key;
      if (scheme === 'bearerAuth') headers.authorization = `Bearer ${userToken}`;
      if (scheme === 'adminBearer') headers.authorization = `Bearer ${adminToken}`;
      let url = path;
      const query = new URLSearchParams();
      for (const p of op.parameters ?? []) {
        if (p.example === undefined) continue;
        if (p.in === 'path') url = url.replace(`{${p.name}}`, encodeURIComponent(String(p.example)));
        if (p.in === 'query') query.set(p.name, String(p.example));
      }
      const body = op.requestBody?.content['application/json']?.example;
      const res = await world.server.request(method, `${url}${query.size ? `?${query}` : ''}`, body, headers);
      if (name === 'POST /api/v1/admin/login') adminToken = res.body.token;
      const wanted = NEEDS_A_THING[name] ?? ANSWERS_OTHERWISE[name];
      const got = wanted ? res.status : res.status >= 200 && res.status < 300 ? '2xx' : res.status;
      outcomes.push(`${name} ${got === (wanted?.status ?? '2xx') ? got : `${got} ${JSON.stringify(res.body).slice(0, 200)}`}`);
      expected.push(`${name} ${wanted ? wanted.status : '2xx'}`);
      if (NEEDS_A_THING[name] && !op.responses[String(NEEDS_A_THING[name].status)]) undocumented.push(`${name} ${NEEDS_A_THING[name].status}`);
    }
    expect(outcomes).toEqual(expected);
    expect(undocumented, 'the status a valid example gets is documented').toEqual([]);
  });
});

/**
 * Properties without a description in the schemas walked, named `<where>.<path>`; a component met
 * through `$ref` is walked once, under its own name.
 */
function undescribedFields() {
  const undescribed: string[] = [];
  const seen = new Set<string>();
  const walk = (schema: Json | undefined, where: string): void => {
    if (!schema || typeof schema !== 'object') return;
    if (Array.isArray(schema)) return schema.forEach((s) => walk(s, where));
    if (typeof schema.$ref === 'string') {
      const name = schema.$ref.split('/').pop()!;
      if (!seen.has(name)) {
        seen.add(name);
        walk(doc.components.schemas[name], name);
      }
      return;
    }
    // A field says what it is beside its `$ref`, or in the component it refers to (where every
    // place of a shared shape says the same, the compact document writes the words there once).
    const describedAt = (property: Json) =>
      property.description ?? (typeof property.$ref === 'string' ? doc.components.schemas[property.$ref.split('/').pop()!]?.description : undefined);
    for (const [name, property] of Object.entries((schema.properties ?? {}) as Record<string, Json>)) {
      if (!describedAt(property)) undescribed.push(`${where}.${name}`);
      walk(property, `${where}.${name}`);
    }
    for (const key of ['items', 'prefixItems', 'anyOf', 'oneOf', 'allOf', 'additionalProperties']) walk(schema[key], where);
  };
  return { undescribed, walk };
}

describe('the rules every operation follows', () => {
  it('operations declare the refusals of their credential', () => {
    const calc = doc.paths['/api/v1/natal/calculate']!.post!;
    expect(Object.keys(calc.responses)).toEqual(expect.arrayContaining(['200', '401', '403', '422', '429', '503']));
    expect(Object.keys(doc.paths['/api/v1/auth/keys']!.get!.responses)).toEqual(expect.arrayContaining(['200', '401', '503']));
    expect(Object.keys(doc.paths['/api/v1/admin/users']!.get!.responses)).toEqual(expect.arrayContaining(['200', '401', '503']));
    for (const { name, op } of operations()) {
      if (op.security?.length) expect(op.responses['401'], name).toBeDefined();
      // Every answer that can meet a database (or a component) that is away says so.
      if (!/ \/(healthz|\.well-known\/)/.test(name)) expect(op.responses['503'], name).toBeDefined();
      // A body of another type is refused with 415.
      if (op.requestBody) expect(op.responses['415'], name).toBeDefined();
    }
  });

  it('the numerology profile declares its problem documents', () => {
    const responses = doc.paths['/api/v1/numerology/profile']!.post!.responses;
    for (const status of ['400', '409', '422']) {
      expect((responses[status] as any).content['application/problem+json'].schema.$ref, status).toBe('#/components/schemas/ProblemDetails');
    }
    expect(doc.components.schemas.ProblemDetails.required).toEqual(expect.arrayContaining(['type', 'title', 'status', 'detail', 'code']));
    expect(JSON.stringify(doc)).not.toContain('x-problem-responses');
  });

  it('image, CSV and NDJSON answers name their media types', () => {
    expect(Object.keys(doc.paths['/api/v1/natal/chart/']!.post!.responses['200']!.content)).toEqual(['image/svg+xml', 'image/png']);
    expect(Object.keys(doc.paths['/api/v1/ephemeris']!.get!.responses['200']!.content)).toEqual(['application/json', 'text/csv', 'application/x-ndjson']);
    expect(JSON.stringify(doc)).not.toContain('x-produces');
  });

  it('query booleans are booleans', () => {
    const parameter = (path: string, name: string) => doc.paths[path]!.get!.parameters!.find((p) => p.name === name)!;
    expect(parameter('/api/v1/ephemeris', 'include_angles').schema).toMatchObject({ type: 'boolean' });
    expect(parameter('/api/v1/sky-events', 'include_moon').schema).toMatchObject({ type: 'boolean' });
    expect(doc.paths['/api/v1/natal/calculate']!.post!.parameters!.find((p) => p.name === 'include_minor')!.schema).toMatchObject({ type: 'boolean' });
  });

  it('every field of a request and every parameter says what it is', () => {
    const find = undescribedFields();
    for (const { name, op } of operations()) {
      for (const p of op.parameters ?? []) if (!(p as Json).description && !p.schema?.description) find.undescribed.push(`${name} ${p.in} ${p.name}`);
      for (const media of Object.values(op.requestBody?.content ?? {})) find.walk((media as Json).schema, name);
    }
    expect(find.undescribed).toEqual([]);
  });

  it('every field of an answer says what it is (every status, every JSON media type)', () => {
    // No answer schema is left out: the free-form parts (provenance, natal_houses and natal_angles
    // of transits, by-name counts) are objects without listed properties, described as a whole.
    const find = undescribedFields();
    for (const { name, op } of operations()) {
      for (const [status, response] of Object.entries(op.responses)) {
        for (const [type, media] of Object.entries((response.content ?? {}) as Record<string, Json>)) {
          if (/\bjson\b|\+json$/.test(type)) find.walk(media.schema, `${name} ${status}`);
        }
      }
    }
    expect(find.undescribed).toEqual([]);
  });

  it('the API key scheme says how to get a key, in words for the customer', () => {
    expect(doc.components.securitySchemes.apiKey.description).toContain('[/dashboard](/dashboard)');
    // The operator's commands and settings are in docs/, not in the reference's Authorize dialog.
    expect(JSON.stringify(doc.components.securitySchemes)).not.toMatch(/npm run|AUTH_J|ADMIN_/);
  });
});
