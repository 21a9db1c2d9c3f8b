/**
 * The milestones first payment and first report on a database with history (sql/020): each
 * user's earliest succeeded payment and earliest completed report; nothing for a payment of a
 * user who is gone, a payment that did not succeed or a job that did not complete. And after it,
 * the triggers of sql/018: a payment read late that was paid earlier moves the milestone back.
 */
import { describe, expect, it } from 'vitest';
import { sql } from '../../src/db/sql.ts';
import { z } from 'zod/v4';
import { useTestDatabasePool } from '../helpers/database.ts';
import { migrate } from '../../src/db/migrate.ts';

const testDatabase = useTestDatabasePool({ migrateTo: '017_oauth_redirect_uri_given.sql' });

const milestones = () =>
  testDatabase.pool.any(sql.type(z.object({ user_id: z.string(), name: z.string(), occurred_at: z.string() }))`
  select user_id, name, to_char(occurred_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI') as occurred_at from analytics_events
  where name in ('first_payment', 'first_report') order by user_id, name`);

describe('018 and 020 on existing data', () => {
  it("record each user's first payment and first report, and keep the earliest afterwards", async () => {
    const db = testDatabase.pool;
    await db.query(sql.unsafe`insert into users (id, email) values ('payer', 'payer@example.com'), ('reader', 'reader@example.com')`);
    await db.query(sql.unsafe`insert into billing_payments (payment_id, user_id, kind, amount_cents, currency, status, paid_at) values
      ('pi_2', 'payer', 'subscription', 800, 'usd', 'succeeded', '2026-03-02T10:00:00Z'),
      ('pi_1', 'payer', 'credit_pack', 1500, 'usd', 'succeeded', '2026-03-01T10:00:00Z'),
      ('pi_0', 'payer', 'credit_pack', 1500, 'usd', 'requires_payment_method', null),
      ('pi_x', 'reader', 'credit_pack', 1500, 'usd', 'canceled', null),
      ('pi_gone', 'gone', 'subscription', 800, 'usd', 'succeeded', '2026-02-01T10:00:00Z')`);
    await db.query(sql.unsafe`insert into report_jobs (id, user_id, status, birth, options, credit_reserved, completed_at) values
      ('rpt_a', 'reader', 'completed', '{}', '{}', false, '2026-04-05T08:00:00Z'),
      ('rpt_b', 'reader', 'completed', '{}', '{}', false, '2026-04-04T08:00:00Z'),
      ('rpt_c', 'payer', 'failed', '{}', '{}', false, null)`);
    await migrate(testDatabase.url);
    expect(await milestones()).toEqual([
      { user_id: 'payer', name: 'first_payment', occurred_at: '2026-03-01 10:00' },
      { user_id: 'reader', name: 'first_report', occurred_at: '2026-04-04 08:00' },
    ]);
    expect(
      await db.oneFirst(
        sql.type(z.object({ n: z.number() }))`select count(*)::int as n from user_milestones where user_id = 'payer' and first_payment is not null`,
      ),
    ).toBe(1);

    // From now on, the triggers: an earlier payment read late moves the milestone back; a later one changes nothing.
    await db.query(sql.unsafe`insert into billing_payments (payment_id, user_id, kind, amount_cents, currency, status, paid_at) values
      ('pi_early', 'payer', 'request_pack', 900, 'usd', 'succeeded', '2026-02-20T10:00:00Z'),
      ('pi_late', 'payer', 'request_pack', 900, 'usd', 'succeeded', '2026-05-20T10:00:00Z')`);
    // A payment that succeeds later (its status updated), for a user without one so far.
    await db.query(sql.unsafe`update billing_payments set status = 'succeeded', paid_at = '2026-06-01T12:00:00Z' where payment_id = 'pi_x'`);
    await db.query(sql.unsafe`update report_jobs set status = 'completed', completed_at = '2026-06-02T12:00:00Z' where id = 'rpt_c'`);
    expect(await milestones()).toEqual([
      { user_id: 'payer', name: 'first_payment', occurred_at: '2026-02-20 10:00' },
      { user_id: 'payer', name: 'first_report', occurred_at: '2026-06-02 12:00' },
      { user_id: 'reader', name: 'first_payment', occurred_at: '2026-06-01 12:00' },
      { user_id: 'reader', name: 'first_report', occurred_at: '2026-04-04 08:00' },
    ]);
  });
});
