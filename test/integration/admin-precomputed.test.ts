/**
 * The tables sql/015_admin_precomputed.sql keeps by triggers (user_milestones,
 * vedic_chat_user_days, revenue_daily) stay equal to their definition computed from the raw tables
 * after a long seeded mix of writes: events out of order, duplicates, edits and deletions, users
 * created and deleted, refunds mirrored before their payment, payments changing status, amount
 * and product, disputes won and lost, truncations. And what the admin endpoints read from them
 * equals what the raw tables give: a milestone funnel against the same funnel evaluated on the
 * events, revenue against the sums over the payments, refunds and disputes.
 */
import { describe, expect, it } from 'vitest';
import { sql } from '../../src/db/sql.ts';
import { z } from 'zod/v4';
import pg from 'pg';
import { serverUrl, useTestDatabasePool, withClient } from '../helpers/database.ts';
import { seededRandom } from '../helpers/seeded-random.ts';
import { AnalyticsEventRepository } from '../../src/db/analytics-events.ts';
import { RevenueRepository } from '../../src/db/revenue.ts';

const testDatabase = useTestDatabasePool();

const MILESTONES = ['signup', 'onboarding_completed', 'first_api_key', 'first_request', 'first_successful_request', 'first_payment', 'first_report'];
const OTHER_EVENTS = ['vedic_chat.session_started', 'vedic_chat.message_sent', 'docs.viewed'];
const USERS = Array.from({ length: 12 }, (_, i) => `u${i}`);
const PLANS = ['entry', 'high', 'reports_5', null];
const DAY = 86_400_000;

const anyRows = z.record(z.string(), z.unknown());
const rows = (query: ReturnType<typeof sql.unsafe>) => testDatabase.pool.any(sql.type(anyRows)`${query}`);

/** Each table as its definition computes it from the raw tables, in the table's column order. */
const direct = {
  userMilestones: sql.unsafe`
    select coalesce(u.id, e.user_id) as user_id, u.created_at as joined_at, e.signup, e.onboarding_completed, e.first_api_key, e.first_request,
           e.first_successful_request, e.first_payment, e.first_report
    from users u full join (
      select user_id, ${sql.join(
        MILESTONES.map((n) => sql.fragment`min(occurred_at) filter (where name = ${n}) as ${sql.identifier([n])}`),
        sql.fragment`, `,
      )}
      from analytics_events where source = 'service' and user_id is not null and name = any(${sql.array(MILESTONES, 'text')})
      group by user_id) e on e.user_id = u.id
    order by 1`,
  vedic: sql.unsafe`
    select (occurred_at at time zone 'UTC')::date::text as day, user_id,
      count(*) filter (where name = 'vedic_chat.session_started')::int8 as sessions, count(*) filter (where name = 'vedic_chat.message_sent')::int8 as messages
    from analytics_events where name like 'vedic_chat.%' group by 1, 2 order by 1, 2 nulls first`,
  revenue: sql.unsafe`
    select day::text, currency, plan, sum(gross)::int8 as gross_cents, sum(payments)::int8 as payments, sum(refunded)::int8 as refunds_cents,
      sum(refunds)::int8 as refunds, sum(disputed)::int8 as disputes_cents, sum(disputes)::int8 as disputes from (
      select (paid_at at time zone 'UTC')::date as day, lower(currency) as currency, coalesce(product_code, kind) as plan,
             amount_cents as gross, 1 as payments, 0 as refunded, 0 as refunds, 0 as disputed, 0 as disputes
      from billing_payments where status = 'succeeded' and paid_at is not null
      union all
      select (r.created_at at time zone 'UTC')::date, lower(r.currency), coalesce(p.product_code, p.kind, 'unknown'), 0, 0, r.amount_cents, 1, 0, 0
      from billing_refunds r left join billing_payments p on p.payment_id = r.payment_id where r.status = 'succeeded'
      union all
      select (created_at at time zone 'UTC')::date, lower(currency), null, 0, 0, 0, 0, amount_cents, 1 from billing_disputes where status = 'lost'
    ) x group by 1, 2, 3 order by 1, 2, 3 nulls first`,
};
const kept = {
  userMilestones: sql.unsafe`
    select user_id, joined_at, signup, onboarding_completed, first_api_key, first_request, first_successful_request, first_payment, first_report
    from user_milestones order by user_id`,
  vedic: sql.unsafe`select day::text, user_id, sessions, messages from vedic_chat_user_days order by day, user_id nulls first`,
  revenue: sql.unsafe`
    select day::text, currency, plan, gross_cents, payments, refunds_cents, refunds, disputes_cents, disputes
    from revenue_daily order by day, currency, plan nulls first`,
};

async function expectKeptEqualsDirect(when: string): Promise<void> {
  for (const table of Object.keys(direct) as (keyof typeof direct)[]) {
    expect(await rows(kept[table]), `${table} after ${when}`).toEqual(await rows(direct[table]));
  }
}

describe('tables kept by triggers', () => {
  it('equal their definition over the raw tables after a seeded mix of writes', async () => {
    const random = seededRandom(20261122);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
    const someTime = () => new Date(Date.now() - Math.floor(random() * 40 * DAY)).toISOString();
    const existingUsers = new Set<string>();
    let payments = 0;
    let refunds = 0;
    let disputes = 0;

    const operations: [string, () => Promise<unknown>][] = [
      [
        'create a user (the signup milestone comes from its trigger)',
        async () => {
          const id = pick(USERS);
          if (existingUsers.has(id)) return;
          existingUsers.add(id);
          await testDatabase.pool.query(sql.unsafe`insert into users (id, email, created_at) values (${id}, ${`${id}@example.com`}, ${someTime()})`);
        },
      ],
      [
        'delete a user (their events stay)',
        async () => {
          const id = pick(USERS);
          existingUsers.delete(id);
          await testDatabase.pool.query(sql.unsafe`delete from users where id = ${id}`);
        },
      ],
      [
        'change when a user joined',
        async () => {
          await testDatabase.pool.query(sql.unsafe`update users set created_at = ${someTime()} where id = ${pick(USERS)}`);
        },
      ],
      [
        'a milestone, at any time (often before one already recorded), once per user',
        async () => {
          await testDatabase.pool.query(sql.unsafe`
          insert into analytics_events (name, user_id, source, occurred_at) values (${pick(MILESTONES)}, ${pick(USERS)}, 'service', ${someTime()})
          on conflict do nothing`);
        },
      ],
      [
        'a dashboard event, some without a user',
        async () => {
          await testDatabase.pool.query(sql.unsafe`
          insert into analytics_events (name, user_id, source, occurred_at) values (${pick(OTHER_EVENTS)}, ${random() < 0.1 ? null : pick(USERS)}, 'dashboard', ${someTime()})`);
        },
      ],
      [
        'several events in one statement',
        async () => {
          const values = Array.from(
            { length: 4 },
            () => sql.fragment`(${pick([...OTHER_EVENTS, ...MILESTONES])}, ${pick(USERS)}, ${pick(['service', 'dashboard'])}, ${someTime()}::timestamptz)`,
          );
          await testDatabase.pool.query(sql.unsafe`
          insert into analytics_events (name, user_id, source, occurred_at) values ${sql.join(values, sql.fragment`, `)} on conflict do nothing`);
        },
      ],
      [
        'move an event in time',
        async () => {
          await testDatabase.pool.query(
            sql.unsafe`update analytics_events set occurred_at = ${someTime()} where id = (select id from analytics_events order by random() limit 1)`,
          );
        },
      ],
      [
        'give an event to another user or rename it (a service one only where that user has no such milestone)',
        async () => {
          const [user, name] = [pick(USERS), pick([...OTHER_EVENTS, ...MILESTONES])];
          await testDatabase.pool.query(sql.unsafe`
          update analytics_events e set user_id = ${user}, name = ${name}
          where e.id = (select id from analytics_events order by random() limit 1)
            and not exists (select 1 from analytics_events o where o.source = 'service' and o.user_id = ${user} and o.name = ${name})`);
        },
      ],
      [
        'delete an event',
        async () => {
          await testDatabase.pool.query(sql.unsafe`delete from analytics_events where id = (select id from analytics_events order by random() limit 1)`);
        },
      ],
      [
        'a payment, in any status, currency case and product',
        async () => {
          const id = `pi_${payments++}`;
          const status = pick(['succeeded', 'succeeded', 'requires_payment_method']);
          await testDatabase.pool.query(sql.unsafe`
          insert into billing_payments (payment_id, user_id, kind, product_code, amount_cents, currency, status, paid_at)
          values (${id}, ${pick(USERS)}, ${pick(['subscription', 'credit_pack'])}, ${pick(PLANS)}, ${100 + Math.floor(random() * 5000)}, ${pick(['usd', 'EUR', 'gbp'])},
                  ${status}, ${status === 'succeeded' || random() < 0.2 ? someTime() : null})`);
        },
      ],
      [
        'the mirror stores a payment again: paid, its product learnt, its amount corrected',
        async () => {
          await testDatabase.pool.query(sql.unsafe`
          update billing_payments set status = ${pick(['succeeded', 'succeeded', 'canceled'])}, amount_cents = amount_cents + ${Math.floor(random() * 300)},
            paid_at = coalesce(paid_at, ${someTime()}), product_code = coalesce(product_code, ${pick(PLANS)})
          where payment_id = ${`pi_${Math.floor(random() * (payments + 3))}`}`);
        },
      ],
      [
        'delete a payment',
        async () => {
          await testDatabase.pool.query(sql.unsafe`delete from billing_payments where payment_id = ${`pi_${Math.floor(random() * (payments + 3))}`}`);
        },
      ],
      [
        'a refund, often of a payment not mirrored yet',
        async () => {
          await testDatabase.pool.query(sql.unsafe`
          insert into billing_refunds (refund_id, payment_id, user_id, amount_cents, currency, status, created_at, read_at)
          values (${`re_${refunds++}`}, ${random() < 0.1 ? null : `pi_${Math.floor(random() * (payments + 4))}`}, ${pick(USERS)}, ${50 + Math.floor(random() * 900)},
                  ${pick(['usd', 'eur', 'GBP'])}, ${pick(['succeeded', 'succeeded', 'pending'])}, ${someTime()}, now())`);
        },
      ],
      [
        'a refund changes: succeeded, failed, amount, day',
        async () => {
          await testDatabase.pool.query(sql.unsafe`
          update billing_refunds set status = ${pick(['succeeded', 'failed'])}, amount_cents = amount_cents + 7, created_at = ${someTime()}
          where refund_id = ${`re_${Math.floor(random() * (refunds + 2))}`}`);
        },
      ],
      [
        'a dispute, then won or lost',
        async () => {
          if (random() < 0.5 || disputes === 0) {
            await testDatabase.pool.query(sql.unsafe`
            insert into billing_disputes (dispute_id, payment_id, user_id, amount_cents, currency, status, created_at, read_at)
            values (${`dp_${disputes++}`}, ${`pi_${Math.floor(random() * payments)}`}, ${pick(USERS)}, ${200 + Math.floor(random() * 900)}, ${pick(['usd', 'EUR'])},
                    ${pick(['needs_response', 'lost'])}, ${someTime()}, now())`);
          } else {
            await testDatabase.pool.query(
              sql.unsafe`update billing_disputes set status = ${pick(['won', 'lost'])} where dispute_id = ${`dp_${Math.floor(random() * disputes)}`}`,
            );
          }
        },
      ],
      [
        'delete a refund or a dispute',
        async () => {
          await testDatabase.pool.query(sql.unsafe`delete from billing_refunds where refund_id = ${`re_${Math.floor(random() * (refunds + 2))}`}`);
          await testDatabase.pool.query(sql.unsafe`delete from billing_disputes where dispute_id = ${`dp_${Math.floor(random() * (disputes + 2))}`}`);
        },
      ],
    ];

    for (let step = 1; step <= 600; step++) {
      const [label, run] = pick(operations);
      await run();
      if (step % 50 === 0) await expectKeptEqualsDirect(`step ${step} (${label})`);
    }
    // Something of everything was written.
    const count = async (table: string) =>
      testDatabase.pool.oneFirst(sql.type(z.object({ n: z.number() }))`select count(*)::int8 as n from ${sql.identifier([table])}`);
    for (const table of ['user_milestones', 'vedic_chat_user_days', 'revenue_daily']) expect(await count(table), table).toBeGreaterThan(5);
    expect(
      await testDatabase.pool.oneFirst(sql.type(z.object({ n: z.number() }))`select count(*)::int8 as n from revenue_daily where plan = 'unknown'`),
    ).toBeGreaterThan(0);
  });

  it('revenue read from revenue_daily equals the sums over the payments, refunds and disputes', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const start = new Date(Date.now() - 30 * DAY).toISOString().slice(0, 10);
    const read = await new RevenueRepository(testDatabase.pool).read({ startDay: start, endDay: today });
    const from = sql.fragment`(${start}::date::timestamp at time zone 'UTC')`;
    const until = sql.fragment`((${today}::date + 1)::timestamp at time zone 'UTC')`;
    // The queries the revenue analytics ran over the billing tables before revenue_daily.
    const days = await rows(sql.unsafe`
      select currency, to_char(day, 'YYYY-MM-DD') as day, sum(gross)::int8 as gross, sum(refunds)::int8 as refunds, sum(disputes)::int8 as disputes, sum(payments)::int8 as payments from (
        select lower(currency) as currency, (paid_at at time zone 'UTC')::date as day, amount_cents as gross, 0 as refunds, 0 as disputes, 1 as payments
        from billing_payments where status = 'succeeded' and paid_at >= ${from} and paid_at < ${until}
        union all
        select lower(currency), (created_at at time zone 'UTC')::date, 0, amount_cents, 0, 0
        from billing_refunds where status = 'succeeded' and created_at >= ${from} and created_at < ${until}
        union all
        select lower(currency), (created_at at time zone 'UTC')::date, 0, 0, amount_cents, 0
        from billing_disputes where status = 'lost' and created_at >= ${from} and created_at < ${until}
      ) x group by currency, day order by currency, day`);
    const plans = await rows(sql.unsafe`
      select currency, plan, sum(gross)::int8 as gross, sum(refunds)::int8 as refunds from (
        select lower(currency) as currency, coalesce(product_code, kind) as plan, amount_cents as gross, 0 as refunds
        from billing_payments where status = 'succeeded' and paid_at >= ${from} and paid_at < ${until}
        union all
        select lower(r.currency), coalesce(p.product_code, p.kind, 'unknown'), 0, r.amount_cents
        from billing_refunds r left join billing_payments p on p.payment_id = r.payment_id
        where r.status = 'succeeded' and r.created_at >= ${from} and r.created_at < ${until}
      ) x group by currency, plan order by currency, plan`);
    expect(days.length).toBeGreaterThan(5);
    expect(read.days).toEqual(days);
    expect(read.plans).toEqual(plans);
  });

  it('a milestone funnel read from user_milestones counts what the events give, for every order, window and period', async () => {
    const random = seededRandom(7);
    await testDatabase.pool.query(sql.unsafe`truncate analytics_events`);
    const users = Array.from({ length: 60 }, (_, i) => `f${i}`);
    for (const user of users) {
      for (const name of MILESTONES) {
        if (random() < 0.75) {
          await testDatabase.pool.query(sql.unsafe`
            insert into analytics_events (name, user_id, source, occurred_at)
            values (${name}, ${user}, 'service', ${new Date(Date.now() - Math.floor(random() * 60 * DAY)).toISOString()})
            on conflict do nothing`);
        }
      }
    }
    const events = new AnalyticsEventRepository(testDatabase.pool);
    const fromEvents = (events as unknown as { eventFunnelCounts: AnalyticsEventRepository['funnelCounts'] }).eventFunnelCounts.bind(events);
    for (let i = 0; i < 40; i++) {
      const steps = Array.from({ length: 2 + Math.floor(random() * 4) }, () => MILESTONES[Math.floor(random() * MILESTONES.length)]!);
      const funnel = { steps, conversionWindowDays: 1 + Math.floor(random() * 30), periodDays: 1 + Math.floor(random() * 60) };
      const counts = await events.funnelCounts(funnel);
      expect(counts, JSON.stringify(funnel)).toEqual(await fromEvents(funnel));
      if (i === 0) expect(counts[0]).toBeGreaterThan(0);
    }
  });

  it("payments mirrored at once whose refunds lie on each other's day all land (no deadlock on revenue rows)", async () => {
    // Payment a is paid on day 1 and was refunded on day 2; payment b the other way round. Mirroring
    // a adds to (day 1, plan) and then moves its refund on day 2 from 'unknown' to the plan; b does
    // the same in the opposite order of days. Unordered, the two statements wait on each other.
    if (!serverUrl) return; // the embedded database has one connection: nothing runs at once.
    const day1 = new Date(Date.now() - 3 * DAY).toISOString();
    const day2 = new Date(Date.now() - 2 * DAY).toISOString();
    const pairs = 40;
    for (let i = 0; i < pairs; i++) {
      for (const [side, refundDay] of [
        ['a', day2],
        ['b', day1],
      ] as const) {
        await testDatabase.pool.query(sql.unsafe`
          insert into billing_refunds (refund_id, payment_id, user_id, amount_cents, currency, status, created_at, read_at)
          values (${`re_x${side}${i}`}, ${`pi_x${side}${i}`}, 'u0', 10, 'usd', 'succeeded', ${refundDay}, now())`);
      }
    }
    const mirror = (client: pg.Client, side: 'a' | 'b', i: number) =>
      client.query(
        `insert into billing_payments (payment_id, user_id, kind, product_code, amount_cents, currency, status, paid_at)
       values ($1, 'u0', 'subscription', 'entry', 500, 'usd', 'succeeded', $2)`,
        [`pi_x${side}${i}`, side === 'a' ? day1 : day2],
      );
    const failures = await Promise.all(
      (['a', 'b'] as const).map((side) =>
        withClient(testDatabase.url, async (client) => {
          const errors: string[] = [];
          for (let i = 0; i < pairs; i++) await mirror(client, side, i).catch((error: Error) => errors.push(error.message));
          return errors;
        }),
      ),
    );
    expect(failures.flat()).toEqual([]);
    await expectKeptEqualsDirect('payments mirrored at once');
  });

  it('are built again after a TRUNCATE of a table they come from (which fires no row trigger)', async () => {
    for (const table of ['billing_refunds', 'billing_payments', 'billing_disputes', 'analytics_events', 'users']) {
      await testDatabase.pool.query(sql.unsafe`truncate ${sql.identifier([table])} cascade`);
      await expectKeptEqualsDirect(`truncating ${table}`);
    }
  });
});
