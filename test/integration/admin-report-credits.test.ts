/**
 * POST /api/v1/admin/users/{user_id}/report-credits: only the operator, a reason always, credits
 * given and taken back (never below zero), a ledger row each, and a retried reference adjusting once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../src/db/sql.ts';
import { z } from 'zod/v4';
import { startTestServer, type TestServer } from '../helpers/app.ts';
import { admin, adminEnv, adminToken, ADMIN_USERNAME } from '../helpers/admin.ts';
import { createKeyForEmail } from '../../src/features/keys/keys-service.ts';

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer({ env: await adminEnv() });
  token = await adminToken(server);
});
afterAll(async () => {
  await server?.close();
});

let n = 0;
const newUser = async () => {
  const created = await createKeyForEmail(server.db, { email: `adjusted${n++}-${process.pid}@example.com`, plan: 'unlimited' });
  return { userId: created.user_id, key: created.key };
};
const path = (userId: string) => `/api/v1/admin/users/${encodeURIComponent(userId)}/report-credits`;
const adjust = (userId: string, body: unknown) => admin(server, 'POST', path(userId), token, body);
const balance = async (key: string) => (await server.get('/api/v1/natal/report-credits', { 'x-api-key': key })).body.remaining as number;
const ledger = (userId: string) =>
  server.db.any(sql.type(z.object({ reason: z.string(), delta: z.number(), requested: z.number().nullable(), note: z.string().nullable() }))`
  select reason, delta, requested, note from report_credit_ledger where user_id = ${userId} order by id`);

describe('the operator adjusts report credits', () => {
  it('needs the operator token: none, a wrong one or an API key is 401, and nothing moves', async () => {
    const { userId, key } = await newUser();
    const body = { credits: 5, reason: 'trying' };
    expect((await server.request('POST', path(userId), body, { 'x-api-key': '' })).status).toBe(401);
    expect((await server.bearer('POST', path(userId), 'adm_not-a-session', body)).status).toBe(401);
    expect((await server.bearer('POST', path(userId), key, body)).status).toBe(401);
    expect((await server.request('POST', path(userId), body, { 'x-api-key': key })).status).toBe(401);
    expect(await ledger(userId)).toEqual([]);
  });

  it("gives credits with the reason and the operator's name in the ledger", async () => {
    const { userId, key } = await newUser();
    expect(await balance(key)).toBe(0);
    const res = await adjust(userId, { credits: 5, reason: '  goodwill after the outage  ' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ user_id: userId, created: true, requested: 5, applied: 5, remaining: 5 });
    expect(res.body.reference).toMatch(new RegExp(`^admin:${userId}:`));
    expect(await balance(key)).toBe(5);
    expect(await ledger(userId)).toEqual([
      { reason: 'admin_adjustment', delta: 5, requested: 5, note: `goodwill after the outage (operator ${ADMIN_USERNAME})` },
    ]);
  });

  it('takes credits back, never below zero: the ledger says what was asked and what moved', async () => {
    const { userId, key } = await newUser();
    await adjust(userId, { credits: 3, reason: 'a start' });
    const res = await adjust(userId, { credits: -2, reason: 'one too many' });
    expect(res.body).toMatchObject({ requested: -2, applied: -2, remaining: 1 });
    const floored = await adjust(userId, { credits: -10, reason: 'chargeback by hand' });
    expect(floored.status).toBe(200);
    expect(floored.body).toMatchObject({ created: true, requested: -10, applied: -1, remaining: 0 });
    expect(await balance(key)).toBe(0);
    const rows = await ledger(userId);
    expect(rows.map((r) => [r.delta, r.requested])).toEqual([
      [3, 3],
      [-2, -2],
      [-1, -10],
    ]);
    // Taking back from nothing moves nothing, and says so.
    expect((await adjust(userId, { credits: -1, reason: 'again' })).body).toMatchObject({ applied: 0, remaining: 0 });
    expect(
      await server.db.oneFirst(sql.type(z.object({ s: z.number() }))`select sum(delta)::int as s from report_credit_ledger where user_id = ${userId}`),
    ).toBe(0);
  });

  it('a retry with the same reference adjusts once', async () => {
    const { userId, key } = await newUser();
    const body = { credits: 4, reason: 'ticket 1042', reference: 'ticket-1042' };
    const [first, second] = [await adjust(userId, body), await adjust(userId, body)];
    expect(first.body).toMatchObject({ created: true, applied: 4, remaining: 4 });
    expect(second.body).toMatchObject({ created: false, applied: 0, remaining: 4, reference: first.body.reference });
    // The same reference for another user is that user's own adjustment.
    const other = await newUser();
    expect((await adjust(other.userId, body)).body).toMatchObject({ created: true, applied: 4 });
    expect(await balance(key)).toBe(4);
  });

  it('a reason is required; credits are a non-zero whole number in range: 422 on the field, nothing moves', async () => {
    const { userId } = await newUser();
    const cases: [unknown, string[]][] = [
      [{ credits: 5 }, ['body', 'reason']],
      [{ credits: 5, reason: '   ' }, ['body', 'reason']],
      [{ credits: 5, reason: 'x'.repeat(501) }, ['body', 'reason']],
      [{ credits: 5, reason: 'nul \u0000 inside' }, ['body', 'reason']],
      [{ reason: 'no count' }, ['body', 'credits']],
      [{ credits: 0, reason: 'nothing' }, ['body', 'credits']],
      [{ credits: 1.5, reason: 'half' }, ['body', 'credits']],
      [{ credits: 10_000_001, reason: 'too many' }, ['body', 'credits']],
      [{ credits: 5, reason: 'bad reference', reference: 'has spaces' }, ['body', 'reference']],
    ];
    for (const [body, loc] of cases) {
      const res = await adjust(userId, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.detail[0].loc, JSON.stringify(body)).toEqual(loc);
    }
    expect(await ledger(userId)).toEqual([]);
  });

  it('an unknown user is 404', async () => {
    const res = await adjust('nobody-at-all', { credits: 1, reason: 'lost' });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: 'User not found' });
  });

  it('is in the OpenAPI document with its schemas, behind the operator token', async () => {
    const doc = (await server.get('/openapi.json')).body;
    const op = doc.paths['/api/v1/admin/users/{user_id}/report-credits'].post;
    expect(op.security).toEqual([{ adminBearer: [] }]);
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['200', '401', '404', '422']));
    expect(doc.components.schemas.ReportCreditAdjustmentRequest.required).toEqual(expect.arrayContaining(['credits', 'reason']));
    expect(doc.components.schemas.ReportCreditAdjustment).toBeDefined();
  });
});
