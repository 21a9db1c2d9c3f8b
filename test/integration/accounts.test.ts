/**
 * The dashboard account: profile sync, profile, onboarding, first-success feedback and the
 * report-branding image — and two users who cannot read or touch each other's profile or logo.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Resvg } from '@resvg/resvg-js';
import { startTestServer, type TestServer } from '../helpers/app.ts';

let server: TestServer;
let alice: string;
let bob: string;
beforeAll(async () => {
  server = await startTestServer();
  alice = await server.token('user-alice', 'alice@example.com');
  bob = await server.token('user-bob', 'bob@example.com');
});
afterAll(async () => {
  await server?.close();
});

const png = (width = 40, height = 20) =>
  Buffer.from(
    new Resvg(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" fill="#c33"/></svg>`)
      .render()
      .asPng(),
  );
// SOI, a JFIF APP0 segment, a baseline SOF0 of 64×32, EOI: the structure the upload checks.
const jpeg = Buffer.from('ffd8ffe000104a46494600010100000100010000ffc0000b080020004001011100ffd9', 'hex');

function upload(token: string, bytes: Buffer | string, options: { type?: string; field?: string; name?: string } = {}) {
  const form = new FormData();
  form.append(
    options.field ?? 'file',
    new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], { type: options.type ?? 'application/octet-stream' }),
    options.name ?? 'logo',
  );
  return server.bearer('POST', '/api/v1/auth/report-branding', token, form);
}

describe('profile', () => {
  it('404 for a user who has not synced yet', async () => {
    const res = await server.bearer('GET', '/api/v1/auth/me', alice);
    expect(res.status).toBe(404);
    expect(res.body.detail).toMatch(/sync/);
  });

  it('sync refuses a body naming another user (403) or another address than the token (403)', async () => {
    const other = await server.bearer('POST', '/api/v1/auth/sync', alice, { user_id: 'user-bob', email: 'alice@example.com' });
    expect(other.status).toBe(403);
    expect(other.body).toEqual({ detail: 'user_id does not match the authenticated user' });
    const address = await server.bearer('POST', '/api/v1/auth/sync', alice, { user_id: 'user-alice', email: 'bob@example.com' });
    expect(address.status).toBe(403);
    // Nothing was created by either attempt.
    expect((await server.bearer('GET', '/api/v1/auth/me', bob)).status).toBe(404);
  });

  it('sync creates the profile on the free plan, and updates it later', async () => {
    const created = await server.bearer('POST', '/api/v1/auth/sync', alice, { user_id: 'user-alice', email: 'alice@example.com', full_name: 'Alice' });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      id: 'user-alice',
      email: 'alice@example.com',
      full_name: 'Alice',
      plan_code: 'free',
      subscription_status: 'active',
      onboarding_completed: false,
    });
    // The user did not exist when the request arrived; the answer still carries the new plan's limits.
    expect(created.headers.get('x-ratelimit-limit')).toBeTruthy();
    expect(created.headers.get('x-ratelimit-remaining')).toBeTruthy();
    const again = await server.bearer('POST', '/api/v1/auth/sync', alice, { user_id: 'user-alice', email: 'ALICE@example.com', full_name: 'Alice Liddell' });
    expect(again.body.full_name).toBe('Alice Liddell');
    expect(again.body.created_at).toBe(created.body.created_at);
    const me = await server.bearer('GET', '/api/v1/auth/me', alice);
    expect(me.body.full_name).toBe('Alice Liddell');
    // The dashboard sees the plan's quota in the headers without spending it.
    expect(me.headers.get('x-ratelimit-limit')).toBe('80');
    expect(me.headers.get('x-ratelimit-remaining')).toBe('80');
  });

  it('an address of another user is refused with 409, and that user keeps it', async () => {
    await server.bearer('POST', '/api/v1/auth/sync', bob, { user_id: 'user-bob', email: 'bob@example.com' });
    const noEmailClaim = await server.token('user-bob');
    const res = await server.bearer('POST', '/api/v1/auth/sync', noEmailClaim, { user_id: 'user-bob', email: 'alice@example.com' });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('email_in_use');
    expect((await server.bearer('GET', '/api/v1/auth/me', alice)).body.email).toBe('ALICE@example.com');
    expect((await server.bearer('GET', '/api/v1/auth/me', bob)).body.email).toBe('bob@example.com');
  });

  it('validates the sync body (422)', async () => {
    const res = await server.bearer('POST', '/api/v1/auth/sync', alice, { user_id: 'user-alice', email: 'not-an-address' });
    expect(res.status).toBe(422);
    expect(res.body.detail[0].loc).toEqual(['body', 'email']);
  });

  it('refuses text the database cannot hold with 422, and keeps what was stored', async () => {
    const before = (await server.bearer('GET', '/api/v1/auth/me', alice)).body;
    const nul = await server.bearer('POST', '/api/v1/auth/sync', alice, { user_id: 'user-alice', email: before.email, full_name: 'A\u0000B' });
    expect(nul.status).toBe(422);
    expect(nul.body.detail[0].loc).toEqual(['body', 'full_name']);
    const surrogate = await server.bearer('POST', '/api/v1/auth/onboarding', alice, { use_case: '\ud800' });
    expect(surrogate.status).toBe(422);
    expect(surrogate.body.detail[0].loc).toEqual(['body', 'use_case']);
    const feedback = await server.bearer('POST', '/api/v1/auth/feedback/first-success', alice, { rating: 5, comment: 'x\u0000' });
    expect(feedback.status).toBe(422);
    expect((await server.bearer('GET', '/api/v1/auth/me', alice)).body).toEqual(before);
  });

  it('saves onboarding answers (422 without use_case)', async () => {
    const bad = await server.bearer('POST', '/api/v1/auth/onboarding', alice, { company: 'Acme' });
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0]).toMatchObject({ loc: ['body', 'use_case'], msg: 'Field required' });
    expect(bad.headers.get('x-ratelimit-limit')).toBe('80');
    const ok = await server.bearer('POST', '/api/v1/auth/onboarding', alice, { use_case: 'horoscope app', company: 'Acme', expected_volume: '10k/month' });
    expect(ok.status).toBe(200);
    expect(ok.body.onboarding_completed).toBe(true);
    expect((await server.bearer('GET', '/api/v1/auth/me', bob)).body.onboarding_completed).toBe(false);
  });

  it('saves first-success feedback; a second answer replaces the first', async () => {
    expect((await server.bearer('POST', '/api/v1/auth/feedback/first-success', alice, { rating: 6 })).status).toBe(422);
    const first = await server.bearer('POST', '/api/v1/auth/feedback/first-success', alice, {
      rating: 4,
      comment: 'quick',
      endpoint: '/api/v1/natal/calculate',
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ rating: 4, comment: 'quick', endpoint: '/api/v1/natal/calculate' });
    const second = await server.bearer('POST', '/api/v1/auth/feedback/first-success', alice, { rating: 5 });
    expect(second.body).toMatchObject({ rating: 5, comment: null });
    const unknown = await server.bearer('POST', '/api/v1/auth/feedback/first-success', await server.token('nobody'), { rating: 5 });
    expect(unknown.status).toBe(404);
  });
});

describe('report branding', () => {
  const logo = png();

  it('starts empty', async () => {
    const res = await server.bearer('GET', '/api/v1/auth/report-branding', alice);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ has_logo: false, logo_url: null, content_type: null, size_bytes: null });
  });

  it('stores a PNG (type from the content, not the declared type) and serves it to its owner', async () => {
    const res = await upload(alice, logo, { type: 'text/plain', name: 'logo.txt' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      has_logo: true,
      content_type: 'image/png',
      size_bytes: logo.length,
      width: 40,
      height: 20,
      logo_url: '/api/v1/auth/report-branding/image',
    });
    const image = await fetch(server.url + res.body.logo_url, { headers: { authorization: `Bearer ${alice}` } });
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await image.arrayBuffer()).equals(logo)).toBe(true);
  });

  it('the other user sees and deletes only their own logo', async () => {
    expect((await server.bearer('GET', '/api/v1/auth/report-branding', bob)).body.has_logo).toBe(false);
    expect((await server.bearer('GET', '/api/v1/auth/report-branding/image', bob)).status).toBe(404);
    expect((await server.bearer('DELETE', '/api/v1/auth/report-branding', bob)).body.has_logo).toBe(false);
    expect((await server.bearer('GET', '/api/v1/auth/report-branding', alice)).body.has_logo).toBe(true);
  });

  const keepsPrevious = async () => {
    const now = await server.bearer('GET', '/api/v1/auth/report-branding', alice);
    expect(now.body).toMatchObject({ has_logo: true, content_type: 'image/png', size_bytes: logo.length });
  };

  it('413 for a file over 1 MiB, and the previous logo stays', async () => {
    const big = Buffer.concat([logo, Buffer.alloc(1024 * 1024)]);
    const res = await upload(alice, big, { type: 'image/png' });
    expect(res.status).toBe(413);
    expect(res.body.detail).toMatch(/too large/);
    await keepsPrevious();
  });

  it('413 for a file whose body pauses exactly at the limit before the rest arrives, and the previous logo stays', async () => {
    // The parser cuts the file when the next bytes arrive, with nothing left to hand over: the upload must still be refused
    // (it stored the first MiB as the logo when the cut fell between two chunks, seen on a loaded box).
    const boundary = 'limit-boundary';
    const head = Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="logo"\r\ncontent-type: image/png\r\n\r\n`);
    const upToLimit = Buffer.concat([logo, Buffer.alloc(1024 * 1024 - logo.length)]);
    const rest = Buffer.concat([Buffer.alloc(4096), Buffer.from(`\r\n--${boundary}--\r\n`)]);
    const res = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(`${server.url}/api/v1/auth/report-branding`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${alice}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': head.length + upToLimit.length + rest.length,
        },
      });
      req.on('response', (answer) => {
        let body = '';
        answer.on('data', (chunk: Buffer) => (body += chunk.toString()));
        answer.on('end', () => resolve({ status: answer.statusCode!, body }));
      });
      req.on('error', reject);
      req.write(Buffer.concat([head, upToLimit]));
      setTimeout(() => req.end(rest), 300);
    });
    expect(res.status, res.body).toBe(413);
    expect(res.body).toMatch(/too large/);
    await keepsPrevious();
  });

  it('415 for another type (GIF, text, PDF), and the previous logo stays', async () => {
    for (const bytes of [Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), Buffer.from('hello'), Buffer.from('%PDF-1.4\n')]) {
      const res = await upload(alice, bytes, { type: 'image/png' });
      expect(res.status).toBe(415);
    }
    const json = await server.bearer('POST', '/api/v1/auth/report-branding', alice, { file: 'x' });
    expect(json.status).toBe(415);
    await keepsPrevious();
  });

  it('422 for a broken image, a broken SVG, or no `file` field; the previous logo stays', async () => {
    expect((await upload(alice, logo.subarray(0, 40))).status).toBe(422);
    expect((await upload(alice, Buffer.from([0xff, 0xd8, 0xff, 0xd9]))).status).toBe(422);
    expect((await upload(alice, '<svg xmlns="http://www.w3.org/2000/svg"><g></svg>')).status).toBe(422);
    const entity = await upload(alice, '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaa">]><svg xmlns="http://www.w3.org/2000/svg">&a;</svg>');
    expect(entity.status).toBe(422);
    const noField = await upload(alice, logo, { field: 'logo' });
    expect(noField.status).toBe(422);
    expect(noField.body.detail[0].loc).toEqual(['body', 'file']);
    expect((await upload(alice, Buffer.alloc(0))).status).toBe(422);
    await keepsPrevious();
  });

  it('422 for a body that is not well-formed multipart (no boundary, no parts, cut short); the previous logo stays', async () => {
    const raw = (contentType: string, body: string) =>
      fetch(`${server.url}/api/v1/auth/report-branding`, { method: 'POST', headers: { authorization: `Bearer ${alice}`, 'content-type': contentType }, body });
    for (const [contentType, body] of [
      ['multipart/form-data', ''],
      ['multipart/form-data; boundary=x', 'garbage'],
      ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\x89PNG'],
    ] as const) {
      const res = await raw(contentType, body);
      expect(res.status, `${contentType} ${JSON.stringify(body)}`).toBe(422);
    }
    await keepsPrevious();
  });

  it('sanitises SVG in the compute pool, and refuses nesting, element floods and <use> bombs with 422; the previous logo stays', async () => {
    const before = server.compute.stats().completed;
    const nested = await upload(alice, `<svg xmlns="http://www.w3.org/2000/svg">${'<g>'.repeat(12_000)}${'</g>'.repeat(12_000)}</svg>`);
    expect(nested.status).toBe(422);
    expect(nested.body.detail[0]).toMatchObject({ loc: ['body', 'file'], type: 'value_error.image' });
    const deep = await upload(alice, `<svg xmlns="http://www.w3.org/2000/svg">${'<g>'.repeat(5_000)}${'</g>'.repeat(5_000)}</svg>`);
    expect(deep.body.detail[0].msg).toMatch(/nested more than/);
    let bomb = '<svg xmlns="http://www.w3.org/2000/svg"><defs><rect id="l0" width="1" height="1"/>';
    for (let level = 1; level <= 9; level++) bomb += `<g id="l${level}">${`<use href="#l${level - 1}"/>`.repeat(10)}</g>`;
    const bombed = await upload(alice, `${bomb}</defs><use href="#l9"/></svg>`);
    expect(bombed.status).toBe(422);
    expect(bombed.body.detail[0].msg).toMatch(/draws more than/);
    expect((await upload(alice, '<svg xmlns="http://www.w3.org/2000/svg"><text>\u0000</text></svg>')).status).toBe(422);
    expect(server.compute.stats().completed - before).toBe(4);
    await keepsPrevious();
  });

  it('refuses a truncated JPEG and a PNG that claims a gigapixel size', async () => {
    const scanned = Buffer.from('ffd8ffe000104a46494600010100000100010000ffc0000b080020004001011100ffda0008010100003f00d2cfffd9', 'hex');
    expect((await upload(alice, scanned.subarray(0, scanned.length - 2))).status).toBe(422);
    const huge = Buffer.from(logo);
    huge.writeUInt32BE(100_000, 16);
    huge.writeUInt32BE(100_000, 20);
    const res = await upload(alice, huge);
    expect(res.status).toBe(422);
    expect(res.body.detail[0].msg).toMatch(/100000×100000/);
    await keepsPrevious();
  });

  it('sanitises an SVG: no scripts, handlers or external references survive', async () => {
    const evil = `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 120 60" onload="alert(1)" xml:base="http://evil.example/dir/">
      <script>alert(document.cookie)</script>
      <style>@import url(https://evil.example/x.css); .a { fill: red }</style>
      <style>.b { fill: url(#g) }</style>
      <linearGradient id="g"><stop offset="0" stop-color="#123"/></linearGradient>
      <rect class="b" width="120" height="60" onclick="steal()" style="background: url(https://evil.example/track.png)"/>
      <a href="javascript:alert(1)"><text>click</text></a>
      <use xlink:href="https://evil.example/sprite.svg#icon"/><use href="#g"/>
      <image href="https://evil.example/pixel.png"/>
      <foreignObject><iframe xmlns="http://www.w3.org/1999/xhtml" src="https://evil.example"/></foreignObject>
      <set attributeName="href" to="javascript:alert(1)"/>
      <text x="4" y="40">Acme</text>
    </svg>`;
    const res = await upload(alice, evil, { type: 'image/svg+xml' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ content_type: 'image/svg+xml', width: 120, height: 60 });
    const stored = await (await fetch(`${server.url}/api/v1/auth/report-branding/image`, { headers: { authorization: `Bearer ${alice}` } })).text();
    expect(stored).not.toMatch(/script|onload|onclick|javascript|evil\.example|foreignObject|iframe|@import|<set|<a |xml:base/i);
    expect(stored).toContain('<text x="4" y="40">Acme</text>');
    expect(stored).toContain('url(#g)');
    expect(stored).toContain('<use href="#g"/>');
    expect(res.body.size_bytes).toBe(Buffer.byteLength(stored));
  });

  it('stores a JPEG', async () => {
    const res = await upload(alice, jpeg, { type: 'image/jpeg' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ content_type: 'image/jpeg', width: 64, height: 32, size_bytes: jpeg.length });
  });

  it('deletes the logo', async () => {
    const res = await server.bearer('DELETE', '/api/v1/auth/report-branding', alice);
    expect(res.status).toBe(200);
    expect(res.body.has_logo).toBe(false);
    expect((await server.bearer('GET', '/api/v1/auth/report-branding', alice)).body.has_logo).toBe(false);
    expect((await server.bearer('GET', '/api/v1/auth/report-branding/image', alice)).status).toBe(404);
  });

  it('needs a token (an API key is not enough)', async () => {
    const res = await server.get('/api/v1/auth/report-branding');
    expect(res.status).toBe(401);
  });
});
