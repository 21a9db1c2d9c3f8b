/**
 * Notification settings and the notifications they govern, with a real SMTP server: a usage
 * threshold crossed is e-mailed once per period, a completed report once per job (the report
 * pipeline's hook), and nothing when the user turned it off.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'slonik';
import { startTestServer, type TestServer } from '../helpers/app.ts';
import { startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.ts';
import { UserRepository } from '../../src/db/users.ts';

let server: TestServer;
let sink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink();
  // A long flush interval: the test writes the usage log itself, when it wants the check to run.
  server = await startTestServer({ env: { SMTP_URL: sink.url, USAGE_FLUSH_INTERVAL_MS: '60000' } });
  await server.db.query(
    sql.unsafe`insert into plans (code, name, request_limit, limit_period, rps_limit, public) values ('quota10', 'Tiny', 10, 'day', null, false)`,
  );
});
afterAll(async () => {
  await server?.close();
  await sink?.close();
});

let n = 0;
async function dashboardUser(plan?: string) {
  const userId = `settings-${process.pid}-${n++}`;
  const email = `${userId}@example.com`;
  const token = await server.token(userId, email);
  await server.bearer('POST', '/api/v1/auth/sync', token, { user_id: userId, email });
  if (plan) await new UserRepository(server.db).setPlan(userId, plan);
  const key = (await server.bearer('POST', '/api/v1/auth/keys', token, { name: 'k' })).body.key as string;
  return { userId, email, token, key };
}
/** Writes the usage log now and waits for the threshold checks it triggers. */
const settle = async () => {
  await server.app.usage.flush();
  await server.app.accounts.usageAlerts.settled();
};
const spend = async (key: string, times: number) => {
  for (let i = 0; i < times; i++) await server.get('/api/v1/numerology/alphabets', { 'x-api-key': key });
};

describe('GET and PUT /api/v1/settings/notifications', () => {
  it('defaults, partial updates, and validation', async () => {
    const user = await dashboardUser();
    const defaults = await server.bearer('GET', '/api/v1/settings/notifications', user.token);
    expect(defaults.body).toEqual({
      usage_alerts: true,
      usage_alert_threshold_pct: 80,
      billing_emails: true,
      product_updates: false,
      report_completed_emails: true,
    });
    const updated = await server.bearer('PUT', '/api/v1/settings/notifications', user.token, { usage_alert_threshold_pct: 95, product_updates: true });
    expect(updated.body).toEqual({
      usage_alerts: true,
      usage_alert_threshold_pct: 95,
      billing_emails: true,
      product_updates: true,
      report_completed_emails: true,
    });
    expect((await server.bearer('GET', '/api/v1/settings/notifications', user.token)).body).toEqual(updated.body);
    for (const [body, loc] of [
      [{ usage_alert_threshold_pct: 49 }, ['body', 'usage_alert_threshold_pct']],
      [{ usage_alert_threshold_pct: 101 }, ['body', 'usage_alert_threshold_pct']],
      [{ usage_alert_threshold_pct: 80.5 }, ['body', 'usage_alert_threshold_pct']],
      [{ billing_emails: 'maybe' }, ['body', 'billing_emails']],
    ] as const) {
      const res = await server.bearer('PUT', '/api/v1/settings/notifications', user.token, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.detail[0].loc).toEqual(loc);
    }
    expect((await server.bearer('GET', '/api/v1/settings/notifications', user.token)).body.usage_alert_threshold_pct).toBe(95);
  });

  it('404 before the first sync, 401 without a token', async () => {
    const token = await server.token('settings-nobody', 'nobody@example.com');
    expect((await server.bearer('GET', '/api/v1/settings/notifications', token)).status).toBe(404);
    expect((await server.request('GET', '/api/v1/settings/notifications', undefined, { 'x-api-key': '' })).status).toBe(401);
  });
});

describe('usage alerts', () => {
  it('crossing the threshold sends one e-mail in the period', async () => {
    const user = await dashboardUser('quota10');
    await server.bearer('PUT', '/api/v1/settings/notifications', user.token, { usage_alert_threshold_pct: 50 });
    await spend(user.key, 4);
    await settle();
    expect(sink.to(user.email)).toHaveLength(0);
    await spend(user.key, 1);
    await settle();
    const mail = await sink.waitFor((m) => m.to.includes(user.email));
    expect(mail.subject).toBe('You have used 50% of your API requests');
    expect(mail.text).toContain('5 of the 10 requests your Tiny plan allows');
    await spend(user.key, 3);
    await settle();
    // Another user's alert arrives after any second one of this user would have.
    const other = await dashboardUser('quota10');
    await spend(other.key, 9);
    await settle();
    await sink.waitFor((m) => m.to.includes(other.email));
    expect(sink.to(user.email)).toHaveLength(1);
  });

  it('no e-mail with alerts off, or on a plan without a quota', async () => {
    const off = await dashboardUser('quota10');
    await server.bearer('PUT', '/api/v1/settings/notifications', off.token, { usage_alerts: false });
    const unlimited = await dashboardUser('unlimited');
    await spend(off.key, 10);
    await spend(unlimited.key, 10);
    await settle();
    const witness = await dashboardUser('quota10');
    await spend(witness.key, 9);
    await settle();
    await sink.waitFor((m) => m.to.includes(witness.email));
    expect(sink.to(off.email)).toHaveLength(0);
    expect(sink.to(unlimited.email)).toHaveLength(0);
  });
});

describe('report completed', () => {
  it('one e-mail per job, none when turned off', async () => {
    const user = await dashboardUser();
    const notifications = server.app.accounts.notifications;
    expect((await notifications.reportCompleted(user.userId, { jobId: 'job-42', title: 'Natal report for Ada' }))?.status).toBe('sent');
    expect(await notifications.reportCompleted(user.userId, { jobId: 'job-42', title: 'Natal report for Ada' })).toBeNull();
    const mail = await sink.waitFor((m) => m.to.includes(user.email));
    expect(mail.subject).toBe('Your report is ready: Natal report for Ada');
    expect(mail.text).toContain('GET /api/v1/natal/report/job-42?format=pdf');
    await server.bearer('PUT', '/api/v1/settings/notifications', user.token, { report_completed_emails: false });
    expect(await notifications.reportCompleted(user.userId, { jobId: 'job-43' })).toBeNull();
    expect(await notifications.reportCompleted('no-such-user', { jobId: 'job-44' })).toBeNull();
  });
});
