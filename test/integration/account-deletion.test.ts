/**
 * Account deletion as a resumable job, with the Stripe stand-in, PostgreSQL and Redis (and a
 * second API process when Redis is there): keys and OAuth tokens refused at once everywhere and
 * the token 401, billing stopped before anything local is erased, Stripe failing mid-way and the
 * job resuming by itself, then one erasure that keeps invoices and a deletion record.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../src/db/sql.ts';
import { z } from 'zod/v4';
import { checkout, startBillingWorld, type BillingWorld } from '../helpers/billing.ts';
import { startTestServer, type TestServer } from '../helpers/app.ts';
import { rawMcp } from '../helpers/mcp.ts';
import { createKeyForUser, DeletedAccountError } from '../../src/features/keys/keys-service.ts';
import { decideViaApi, openAuthorization, pkcePair, postForm, registerClient } from '../helpers/oauth.ts';

let world: BillingWorld;
let peer: TestServer;
beforeAll(async () => {
  world = await startBillingWorld({ env: { ACCOUNT_DELETION_POLL_SECONDS: '0.2' } });
  peer = process.env.REDIS_URL
    ? await startTestServer({ peer: world.server, env: { ...world.stripe.env(), ACCOUNT_DELETION_POLL_SECONDS: '0.2' } })
    : world.server;
});
afterAll(async () => {
  if (peer !== world.server) await peer?.close();
  await world?.close();
});

const natal = { year: 1990, month: 6, day: 15, hour: 14, minute: 30, lat: 51.5, lng: -0.12 };
const count = (query: ReturnType<typeof sql.unsafe>) =>
  world.server.db.oneFirst(sql.type(z.object({ n: z.number() }))`select count(*)::int as n from (${query}) q`);
const deletionOf = (userId: string) =>
  world.server.db.maybeOne(sql.type(
    z.object({
      status: z.string(),
      attempts: z.number(),
      last_error: z.string().nullable(),
      requested_by: z.string(),
      erased: z.record(z.string(), z.number()).nullable(),
    }),
  )`
  select status, attempts, last_error, requested_by, erased from account_deletions where user_id = ${userId}`);

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('DELETE /api/v1/settings/account', () => {
  it('stops billing first, survives Stripe failing mid-way, resumes by itself and erases in one step', async () => {
    const user = await world.signUp('leaver');
    const sessionId = await checkout(world, user.token, 'entry');
    world.stripe.completeCheckout(sessionId);
    await world.stripe.deliverAll();
    const subscriptionId = world.stripe.sessions.get(sessionId)!.subscription as string;
    const customerId = world.stripe.sessions.get(sessionId)!.customer as string;
    // Some of the user's data: requests in the log, settings, a logo, a held e-mail.
    expect((await world.server.post('/api/v1/natal/calculate', natal, { 'x-api-key': user.key })).status).toBe(200);
    expect((await peer.post('/api/v1/natal/calculate', natal, { 'x-api-key': user.key })).status).toBe(200);
    await world.server.app.usage.flush();
    await peer.app.usage.flush();
    await world.server.bearer('PUT', '/api/v1/settings/notifications', user.token, { product_updates: true });
    await world.server.db.query(
      sql.unsafe`insert into report_branding (user_id, content_type, image, size_bytes, sha256) values (${user.userId}, 'image/png', '\\x89504e47', 4, 'x')`,
    );
    await world.server.app.accounts.mailer.send({ to: user.email, subject: 'Held', text: 'kept until erased', userId: user.userId });

    const wrong = await world.server.bearer('DELETE', '/api/v1/settings/account', user.token, { confirm_email: 'someone@else.com' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.detail[0].loc).toEqual(['body', 'confirm_email']);

    // Stripe will fail to delete the customer, again and again, until told otherwise.
    world.stripe.failNext({ method: 'DELETE', path: /^\/v1\/customers\//, status: 500, times: 1_000_000 });
    const res = await world.server.bearer('DELETE', '/api/v1/settings/account', user.token, { confirm_email: user.email.toUpperCase(), reason: 'moving on' });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ status: 'scheduled' });

    // At once: the keys are refused on every process, and the token too.
    for (const server of [world.server, peer]) {
      const refused = await server.post('/api/v1/natal/calculate', natal, { 'x-api-key': user.key });
      expect(refused.status).toBe(401);
      expect(refused.body).toEqual({ detail: 'Invalid API key' });
    }
    const me = await world.server.bearer('GET', '/api/v1/auth/me', user.token);
    expect(me.status).toBe(401);
    expect(me.body).toEqual({ detail: 'This account has been deleted' });

    // The job failed at the customer: the subscription is cancelled, nothing local is erased yet.
    const failed = await until(
      () => deletionOf(user.userId),
      (d) => (d?.attempts ?? 0) >= 2,
      'two failed attempts',
    );
    expect(failed).toMatchObject({ status: 'scheduled', requested_by: 'user' });
    expect(failed!.last_error).toMatch(/fail this request/);
    expect(world.stripe.subscriptions.get(subscriptionId)!.status).toBe('canceled');
    expect(world.stripe.customers.get(customerId)!.deleted).toBeUndefined();
    expect(await count(sql.unsafe`select 1 from users where id = ${user.userId}`)).toBe(1);
    expect(await count(sql.unsafe`select 1 from usage_log_segments where user_id = ${user.userId}`)).toBeGreaterThan(0);

    // A sign-in e-mail is addressed before anyone knows whose it is: it has no user, only the address.
    await world.server.db.query(sql.unsafe`
      insert into email_outbox (user_id, to_address, subject, body_text, kind, status)
      values (null, ${user.email.toUpperCase()}, 'Your sign-in code', 'code 123456', 'sign_in', 'held')`);

    // Stripe recovers; the next poll (on either process) finishes the job.
    world.stripe.clearFailures();
    await world.server.db.query(sql.unsafe`update account_deletions set next_attempt_at = now() where user_id = ${user.userId}`);
    const done = await until(
      () => deletionOf(user.userId),
      (d) => d?.status === 'completed',
      'the deletion to complete',
    );
    expect(done!.erased).toMatchObject({ users: 1, api_keys: 1, report_branding: 1, email_outbox: 2 });
    expect(await count(sql.unsafe`select 1 from email_outbox where lower(to_address) = lower(${user.email})`)).toBe(0);
    expect(done!.erased!.usage_log_segments).toBeGreaterThan(0);
    expect(world.stripe.customers.get(customerId)!.deleted).toBe(true);
    // Billing stopped first: the subscription was cancelled before the customer was deleted.
    const calls = world.stripe.requests.filter((r) => r.method === 'DELETE').map((r) => r.path);
    expect(calls.indexOf(`/v1/subscriptions/${subscriptionId}`)).toBeLessThan(calls.indexOf(`/v1/customers/${customerId}`));

    // Erased: the user and everything of theirs. Kept: invoices, payments, the deletion record.
    expect(done!.erased).toMatchObject({ user_activity: 1 });
    expect(done!.erased!.analytics_events).toBeGreaterThan(0);
    expect(done!.erased!.usage_rollups).toBeGreaterThan(0);
    for (const table of [
      'users',
      'api_keys',
      'subscriptions',
      'notification_settings',
      'report_branding',
      'report_credit_ledger',
      'report_credit_accounts',
      'email_outbox',
      'usage_log_segments',
      'analytics_events',
      'user_activity',
      'usage_rollups',
      'user_milestones',
    ]) {
      const column = table === 'users' ? 'id' : 'user_id';
      expect(await count(sql.unsafe`select 1 from ${sql.identifier([table])} where ${sql.identifier([column])} = ${user.userId}`), table).toBe(0);
    }
    expect(await count(sql.unsafe`select 1 from billing_invoices where user_id = ${user.userId} and status = 'paid'`)).toBe(1);
    expect(await count(sql.unsafe`select 1 from billing_payments where user_id = ${user.userId}`)).toBe(1);
    expect(
      await world.server.db.one(sql.unsafe`select email, deleted_at is not null as deleted from billing_customers where customer_id = ${customerId}`),
    ).toEqual({ email: null, deleted: true });
    // The record of the deletion keeps nothing of the address: neither it nor a digest one could match a guess against.
    const record = JSON.stringify(await world.server.db.one(sql.unsafe`select * from account_deletions where user_id = ${user.userId}`));
    const normalised = user.email.trim().toLowerCase();
    for (const trace of [normalised, createHash('sha256').update(normalised).digest('hex'), createHash('sha256').update(user.email).digest('hex')])
      expect(record).not.toContain(trace);

    // Afterwards: still 401 for the token and the key; Stripe's late events change nothing.
    expect((await world.server.bearer('GET', '/api/v1/billing/customer', user.token)).status).toBe(401);
    expect((await peer.post('/api/v1/natal/calculate', natal, { 'x-api-key': user.key })).status).toBe(401);
    await world.stripe.deliverAll();
    expect(await count(sql.unsafe`select 1 from users where id = ${user.userId}`)).toBe(0);
    expect(await count(sql.unsafe`select 1 from subscriptions where user_id = ${user.userId}`)).toBe(0);
  });

  it('with Stripe down at first, the job waits and never erases before billing has stopped', async () => {
    const user = await world.signUp('down-leaver');
    const sessionId = await checkout(world, user.token, 'entry');
    world.stripe.completeCheckout(sessionId);
    await world.stripe.deliverAll();
    world.stripe.down = true;
    try {
      expect((await world.server.bearer('DELETE', '/api/v1/settings/account', user.token, { confirm_email: user.email })).status).toBe(202);
      const waiting = await until(
        () => deletionOf(user.userId),
        (d) => (d?.attempts ?? 0) >= 1 && d?.last_error !== null,
        'a failed attempt',
      );
      expect(waiting!.status).toBe('scheduled');
      expect(await count(sql.unsafe`select 1 from users where id = ${user.userId}`)).toBe(1);
      // While the erasure waits, no new key can be made for the account, even by a request that
      // passed the token check before the deletion was scheduled (it meets the user's row lock).
      await expect(createKeyForUser(world.server.db, { userId: user.userId, name: 'late', maxActive: 25 })).rejects.toThrow(DeletedAccountError);
      expect(await count(sql.unsafe`select 1 from api_keys where user_id = ${user.userId} and status = 'active'`)).toBe(0);
    } finally {
      world.stripe.down = false;
    }
    await world.server.db.query(sql.unsafe`update account_deletions set next_attempt_at = now() where user_id = ${user.userId}`);
    await until(
      () => deletionOf(user.userId),
      (d) => d?.status === 'completed',
      'the deletion to complete',
    );
    const subscriptionId = world.stripe.sessions.get(sessionId)!.subscription as string;
    expect(world.stripe.subscriptions.get(subscriptionId)!.status).toBe('canceled');
  });

  it("the admin API's service function deletes a user who never paid", async () => {
    const user = await world.signUp('admin-deleted');
    const scheduled = await world.server.app.accounts.deletions.schedule({ userId: user.userId, requestedBy: 'admin', reason: 'abuse report' });
    expect(scheduled.status).toBe('scheduled');
    await world.server.app.accounts.deletions.runDue();
    const record = await until(
      () => deletionOf(user.userId),
      (d) => d?.status === 'completed',
      'the deletion to complete',
    );
    expect(record).toMatchObject({ requested_by: 'admin', erased: { users: 1, api_keys: 1 } });
    // Asking again returns the record; an unknown user is refused.
    expect((await world.server.app.accounts.deletions.schedule({ userId: user.userId, requestedBy: 'admin' })).status).toBe('completed');
    await expect(world.server.app.accounts.deletions.schedule({ userId: 'never-existed', requestedBy: 'admin' })).rejects.toThrow(/no user/);
  });
});

describe('the OAuth side of a deleted account', () => {
  const REDIRECT = 'http://127.0.0.1:8400/cb';
  // Tokens are for one resource, `{public address}/mcp`: the other process answers at the same address.
  let sibling: TestServer;
  beforeAll(async () => {
    sibling = process.env.REDIS_URL
      ? await startTestServer({ peer: world.server, env: { ...world.stripe.env(), ACCOUNT_DELETION_POLL_SECONDS: '0.2', PUBLIC_BASE_URL: world.server.url } })
      : world.server;
  });
  afterAll(async () => {
    if (sibling !== world.server) await sibling?.close();
  });
  const mcp = (server: TestServer, accessToken: string) =>
    rawMcp(`${server.url}/mcp`, { jsonrpc: '2.0', id: 1, method: 'tools/list' }, { authorization: `Bearer ${accessToken}` });
  const tokenRequest = (fields: Record<string, string>) => postForm(`${world.server.url}/mcp/oauth/token`, fields);

  it('ends every grant at once, on every process, while the erasure still waits for Stripe; the consent page refuses the account', async () => {
    const user = await world.signUp('oauth-leaver');
    const sessionId = await checkout(world, user.token, 'entry');
    world.stripe.completeCheckout(sessionId);
    await world.stripe.deliverAll();
    const clientId = (await registerClient(world.server, { client_name: 'Leaving assistant', redirect_uris: [REDIRECT] })).body.client_id as string;
    const authorization = async () => {
      const pkce = pkcePair();
      const url = new URL(`${world.server.url}/mcp/oauth/authorize`);
      for (const [k, v] of Object.entries({
        response_type: 'code',
        client_id: clientId,
        redirect_uri: REDIRECT,
        code_challenge: pkce.challenge,
        code_challenge_method: 'S256',
      }))
        url.searchParams.set(k, v);
      return { id: (await openAuthorization(url)).authorizationId!, verifier: pkce.verifier };
    };
    const approved = async () => {
      const request = await authorization();
      const code = new URL((await decideViaApi(world.server, request.id, user.token)).body.redirect_to).searchParams.get('code')!;
      return { grant_type: 'authorization_code', code, code_verifier: request.verifier, redirect_uri: REDIRECT, client_id: clientId };
    };
    const signIn = (id: string, credential: string) => postForm(`${world.server.url}/mcp/oauth/consent/${id}`, { step: 'sign_in', credential });

    // Connected, and the access token in use on both processes (each has it cached).
    const pair = (await tokenRequest(await approved())).body;
    for (const server of [world.server, sibling]) expect((await mcp(server, pair.access_token)).status).toBe(200);
    // Under way when the account goes: a code not yet redeemed, a consent page signed in, one not yet.
    const unredeemed = await approved();
    const signedIn = await authorization();
    const ticket = /name="ticket" value="([^"]+)"/.exec((await signIn(signedIn.id, user.token)).body)![1]!;
    const notSignedIn = await authorization();

    // Stripe will not let the customer go: the erasure cannot finish.
    world.stripe.failNext({ method: 'DELETE', path: /^\/v1\/customers\//, status: 500, times: 1_000_000 });
    try {
      expect((await world.server.bearer('DELETE', '/api/v1/settings/account', user.token, { confirm_email: user.email })).status).toBe(202);

      for (const server of [world.server, sibling]) {
        const refused = await mcp(server, pair.access_token);
        expect(refused.status).toBe(401);
        expect(refused.headers.get('www-authenticate')).toMatch(/error="invalid_token"/);
      }
      const refresh = await tokenRequest({ grant_type: 'refresh_token', refresh_token: pair.refresh_token, client_id: clientId });
      expect(refresh.status).toBe(400);
      expect(refresh.body.error).toBe('invalid_grant');
      expect((await tokenRequest(unredeemed)).body.error).toBe('invalid_grant');

      // The consent page: neither the dashboard token (which still verifies) nor the key signs in,
      // and a sign-in from before the deletion decides nothing.
      const withToken = await signIn(notSignedIn.id, user.token);
      expect(withToken.status).toBe(401);
      expect(withToken.body).toContain('This account has been deleted.');
      expect((await signIn(notSignedIn.id, user.key)).body).toContain('This API key is not valid.');
      const decided = await postForm(`${world.server.url}/mcp/oauth/consent/${signedIn.id}`, {
        step: 'decide',
        ticket,
        decision: 'approve',
        scope: 'astro:western',
      });
      expect(decided.status).toBe(404);
      expect(decided.body).toContain('This account has been deleted');
      expect((await decideViaApi(world.server, notSignedIn.id, user.token)).status).toBe(401);
      expect(await count(sql.unsafe`select 1 from oauth_grants where user_id = ${user.userId} and status = 'active'`)).toBe(0);
      expect(
        await count(
          sql.unsafe`select 1 from oauth_tokens t join oauth_grants g on g.id = t.grant_id where g.user_id = ${user.userId} and t.revoked_at is null`,
        ),
      ).toBe(0);

      // Should a grant have been missed, its tokens are refused all the same.
      await until(
        () => deletionOf(user.userId),
        (d) => (d?.attempts ?? 0) >= 1 && d?.last_error !== null,
        'a failed attempt',
      );
      await world.server.db.query(sql.unsafe`update oauth_grants set status = 'active', revoked_at = null where user_id = ${user.userId}`);
      await world.server.db.query(
        sql.unsafe`update oauth_tokens t set revoked_at = null from oauth_grants g where g.id = t.grant_id and g.user_id = ${user.userId}`,
      );
      const missed = await mcp(world.server, pair.access_token);
      expect(missed.status).toBe(401);
      expect(missed.body.detail).toBe('This account has been deleted');
      expect((await tokenRequest({ grant_type: 'refresh_token', refresh_token: pair.refresh_token, client_id: clientId })).body).toEqual({
        error: 'invalid_grant',
        error_description: 'the account was deleted',
      });
      expect((await deletionOf(user.userId))!.status).toBe('scheduled');
    } finally {
      world.stripe.clearFailures();
    }
    await world.server.db.query(sql.unsafe`update account_deletions set next_attempt_at = now() where user_id = ${user.userId}`);
    await until(
      () => deletionOf(user.userId),
      (d) => d?.status === 'completed',
      'the deletion to complete',
    );
    expect(await count(sql.unsafe`select 1 from oauth_grants where user_id = ${user.userId}`)).toBe(0);
    expect((await mcp(sibling, pair.access_token)).status).toBe(401);
  });
});
