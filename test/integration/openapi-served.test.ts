/**
 * The OpenAPI document as /openapi.json serves it: compact (under half the size of the document
 * the routes make) without losing a field, compressed, cacheable with an ETag; the families named
 * and grouped for the reference, the operator's endpoints kept out of its view; and the
 * reference's page and script served from here.
 */
import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/app.ts';
import { compactOpenApi, dereferenceOpenApi } from '../../src/http/openapi-compact.ts';
import { FAMILY_GROUPS, OPERATOR_TAGS } from '../../src/http/openapi-families.ts';

type Json = Record<string, any>;

let server: TestServer;
let built: Json;
let served: Json;
beforeAll(async () => {
  server = await startTestServer();
  built = server.app.app.swagger();
  served = (await server.get('/openapi.json')).body;
});
afterAll(async () => {
  await server?.close();
});

const size = (value: unknown) => Buffer.byteLength(JSON.stringify(value));

describe('the compact document', () => {
  it('is under half the size of the document the routes make', () => {
    expect(size(served) / size(built)).toBeLessThan(0.5);
  });

  it('loses nothing: dereferenced, it is the document the routes make, dereferenced', () => {
    const before = dereferenceOpenApi(built) as Json;
    const after = dereferenceOpenApi(served) as Json;
    const differing = Object.keys(before.paths).filter((path) => !isDeepStrictEqual(before.paths[path], after.paths[path]));
    expect(differing).toEqual([]);
    for (const name of Object.keys(built.components.schemas))
      expect(isDeepStrictEqual(before.components.schemas[name], after.components.schemas[name]), name).toBe(true);
    const rest = (doc: Json) => ({ ...doc, paths: null, components: { ...doc.components, schemas: null, responses: null } });
    expect(rest(after)).toEqual(rest(before));
  });

  it('every reference leads to a component, and compacting again changes nothing', () => {
    const refs = [...JSON.stringify(served).matchAll(/"\$ref":"#\/components\/(schemas|responses)\/([^"]+)"/g)];
    expect(refs.length).toBeGreaterThan(100);
    for (const [, kind, name] of refs) expect(served.components[kind!][name!], `${kind}/${name}`).toBeDefined();
    expect(size(compactOpenApi(served as never))).toBe(size(served));
  });

  it('a field moved to a component keeps its description: beside the reference, or in the component when most places say it alike', () => {
    const resolve = (schema: Json): Json => (schema.$ref ? { ...served.components.schemas[schema.$ref.split('/').pop()], ...schema } : schema);
    const body = served.paths['/api/v2/vedic/strength'].post.requestBody.content['application/json'].schema;
    const birth = resolve(body).properties;
    for (const [name, field] of Object.entries(birth)) expect(resolve(field as Json).description, name).toBeTruthy();
  });
});

describe('serving it', () => {
  it('compressed when asked, with an ETag that answers 304, the same at /docs/json', async () => {
    for (const encoding of ['br', 'gzip']) {
      const res = await fetch(`${server.url}/openapi.json`, { headers: { 'accept-encoding': encoding } });
      expect(res.headers.get('content-encoding')).toBe(encoding);
      expect(Number(res.headers.get('content-length'))).toBeLessThan(size(served) / 4);
      expect(await res.json()).toEqual(served);
    }
    const first = await fetch(`${server.url}/openapi.json`);
    // Every body is read: an unread one keeps its connection, and the server's close waits for it.
    await first.arrayBuffer();
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.get('cache-control')).toBe('public, no-cache');
    const again = await fetch(`${server.url}/openapi.json`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const legacy = await fetch(`${server.url}/docs/json`);
    expect(legacy.headers.get('etag')).toBe(etag);
    expect(await legacy.json()).toEqual(served);
  });

  it('the reference page and its script come from this server, the script cacheable', async () => {
    const page = await fetch(`${server.url}/docs/`);
    const html = await page.text();
    expect(html).toContain('<title>API reference · Astrology calculation service</title>');
    expect(html).toContain('src="js/scalar.js"');
    expect(html).not.toMatch(/https?:\/\//);
    const script = await fetch(`${server.url}/docs/js/scalar.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/javascript/);
    expect(script.headers.get('cache-control')).toBe('public, max-age=86400');
    expect(script.headers.get('content-encoding')).toBe('gzip');
    await script.arrayBuffer();
    const etag = script.headers.get('etag')!;
    const again = await fetch(`${server.url}/docs/js/scalar.js`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    await again.arrayBuffer();
  });
});

describe('what the reference shows a customer', () => {
  it('the introduction names every family, and every tag is a family or the operator’s', () => {
    const families = FAMILY_GROUPS.flatMap((group) => group.families);
    for (const group of FAMILY_GROUPS) {
      expect(served.info.description).toContain(group.name);
      // A group of one family says what it does; a larger one names its families.
      if (group.families.length === 1) expect(served.info.description).toContain(group.families[0]!.description);
      else for (const family of group.families) expect(served.info.description).toContain(family.title);
    }
    expect(served.tags.map((t: Json) => t.name)).toEqual(families.map((f) => f.tag));
    expect(served['x-tagGroups'].flatMap((g: Json) => g.tags)).toEqual(families.map((f) => f.tag));
    const known = new Set([...families.map((f) => f.tag), ...OPERATOR_TAGS]);
    for (const [path, item] of Object.entries(served.paths as Json)) {
      for (const [method, operation] of Object.entries(item as Json)) {
        for (const tag of (operation as Json).tags ?? []) expect(known.has(tag), `${method} ${path}: ${tag}`).toBe(true);
      }
    }
  });

  it("the operator's endpoints are kept out of view, and no credential's words speak of commands or settings", () => {
    for (const [path, item] of Object.entries(served.paths as Json)) {
      for (const operation of Object.values(item as Json)) {
        const operator = ((operation as Json).tags ?? []).some((tag: string) => OPERATOR_TAGS.has(tag));
        expect((operation as Json)['x-internal'] === true, path).toBe(operator);
      }
    }
    expect(served.paths['/api/v1/admin/users'].get['x-internal']).toBe(true);
    expect(served.paths['/healthz'].get['x-internal']).toBe(true);
    expect(served.paths['/api/v1/natal/calculate'].post['x-internal']).toBeUndefined();
    const words = JSON.stringify(served.components.securitySchemes) + served.info.description;
    expect(words).not.toMatch(/npm run|AUTH_J|ADMIN_|cli --/);
    expect(served.components.securitySchemes.apiKey.description).toContain('/dashboard');
  });
});
