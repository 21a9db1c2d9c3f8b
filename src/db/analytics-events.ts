/**
 * Product analytics events: the milestones the service records (once per user) and the events
 * the dashboard sends, and what the admin dashboard reads from them: funnels, signup cohorts and
 * the Vedic chat figures.
 */
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import type { DashboardEvent, MilestoneEvent } from '../features/analytics/event-names.ts';

export interface FunnelDefinition {
  steps: readonly string[];
  conversionWindowDays: number;
  periodDays: number;
}

const cohortRow = z.object({
  cohort_start: z.string(), signups: z.number(), first_api_key: z.number(), first_request: z.number(),
  first_successful_request: z.number(), first_payment: z.number(),
});
export type CohortRow = z.infer<typeof cohortRow>;

const chatDay = z.object({ date: z.string(), sessions: z.number(), messages: z.number(), users: z.number() });
export type ChatDay = z.infer<typeof chatDay>;

export class AnalyticsEventRepository {
  constructor(private readonly db: CommonQueryMethods) {}

  /**
   * A milestone of the user, at most once (later calls change nothing). For code that reaches a
   * milestone outside the triggers and the usage log: the first payment, the first report.
   */
  async recordMilestone(userId: string, name: MilestoneEvent, occurredAt?: string): Promise<void> {
    await this.db.query(sql.unsafe`
      insert into analytics_events (name, user_id, source, occurred_at) values (${name}, ${userId}, 'service', coalesce(${occurredAt ?? null}::timestamptz, now()))
      on conflict do nothing`);
  }

  async recordDashboardEvent(userId: string, name: DashboardEvent, properties: Record<string, unknown>): Promise<void> {
    await this.db.query(sql.unsafe`
      insert into analytics_events (name, user_id, source, properties) values (${name}, ${userId}, 'dashboard', ${sql.jsonb(properties as never)})`);
  }

  /**
   * Users at each step of a funnel. Entrants did step 1 within the period (their first such
   * event); step k is reached by an event of its name at or after step k-1's and within the
   * conversion window from step 1's. Every event that can count happened after the period began
   * (at or after its user's step 1), so one range scan of the (name, time) index over the period
   * gathers them all, grouped per user into one array of times per step; each user's chain is
   * then followed within their arrays. No join: the work grows with the events of the period, and
   * no estimate of the planner can turn it into a nested loop over the steps.
   */
  async funnelCounts(funnel: FunnelDefinition): Promise<number[]> {
    const step = (i: number) => sql.identifier([`s${i}`]);
    const times = (i: number) => sql.identifier([`a${i}`]);
    const arrays = funnel.steps.map((name, i) => sql.fragment`array_agg(occurred_at) filter (where name = ${name}) as ${times(i)}`);
    const chain = funnel.steps.map((_, i) => i === 0
      ? sql.fragment`cross join lateral (select min(x) as t from unnest(p.a0) x) as s0`
      : sql.fragment`cross join lateral (
          select min(x) as t from unnest(p.${times(i)}) x
          where x >= ${step(i - 1)}.t and x <= s0.t + make_interval(days => ${funnel.conversionWindowDays})) as ${step(i)}`);
    const counts = funnel.steps.map((_, i) => sql.fragment`count(${step(i)}.t)::int8`);
    // A year's events of 100,000 users are some 16 MB to group: within the server's default
    // work_mem (4 MB) the grouping sorts on disk, which took most of the time.
    const row = await this.db.transaction(async (t) => {
      await t.query(sql.unsafe`set local work_mem = '64MB'`);
      return t.one(sql.unsafe`
      with per_user as (
        select user_id, ${sql.join(arrays, sql.fragment`, `)} from analytics_events
        where name = any(${sql.array([...new Set(funnel.steps)], 'text')}) and user_id is not null
          and occurred_at >= now() - make_interval(days => ${funnel.periodDays})
        group by user_id)
      select array[${sql.join(counts, sql.fragment`, `)}] as counts
      from per_user p ${sql.join(chain, sql.fragment` `)}
      where p.a0 is not null`);
    });
    return (row.counts as (string | number)[]).map(Number);
  }

  /**
   * Weekly signup cohorts (Monday to Sunday, UTC) whose members' windows have all passed: the
   * newest cohort ended at least `cohortDays` ago. For each: signups and how many reached each
   * milestone within `cohortDays` of their own signup.
   */
  async maturedCohorts(cohortDays: number, cohorts: number): Promise<readonly CohortRow[]> {
    return this.db.any(sql.type(cohortRow)`
      with bounds as (
        select date_trunc('week', (now() - make_interval(days => ${cohortDays + 7})) at time zone 'UTC') as newest),
      signup_range as (
        select (newest - make_interval(weeks => ${cohorts - 1})) at time zone 'UTC' as first_signup,
               (newest + interval '1 week') at time zone 'UTC' as signups_end from bounds),
      weeks as (
        select generate_series(newest - make_interval(weeks => ${cohorts - 1}), newest, interval '1 week') as cohort_start from bounds),
      members as (
        select u.id, u.created_at, date_trunc('week', u.created_at at time zone 'UTC') as cohort_start from users u, signup_range
        where u.created_at >= first_signup and u.created_at < signups_end),
      -- A milestone comes after its user's signup, so the members' milestones that can count lie
      -- between the first signup and the last one plus cohort_days: one range scan of the
      -- (name, time) index, grouped per user (each milestone is recorded once per user) and
      -- hashed, instead of one index lookup per member.
      milestones as materialized (
        select e.user_id,
          min(e.occurred_at) filter (where e.name = 'first_api_key') as first_api_key, min(e.occurred_at) filter (where e.name = 'first_request') as first_request,
          min(e.occurred_at) filter (where e.name = 'first_successful_request') as first_successful_request,
          min(e.occurred_at) filter (where e.name = 'first_payment') as first_payment
        from analytics_events e, signup_range
        where e.source = 'service' and e.name in ('first_api_key', 'first_request', 'first_successful_request', 'first_payment')
          and e.occurred_at >= first_signup and e.occurred_at < signups_end + make_interval(days => ${cohortDays})
        group by e.user_id),
      reached as (
        select m.cohort_start, m.id, m.created_at + make_interval(days => ${cohortDays}) as deadline,
          e.first_api_key, e.first_request, e.first_successful_request, e.first_payment
        from members m left join milestones e on e.user_id = m.id)
      select to_char(w.cohort_start, 'YYYY-MM-DD') as cohort_start, count(r.id)::int8 as signups,
        count(*) filter (where r.first_api_key <= r.deadline)::int8 as first_api_key, count(*) filter (where r.first_request <= r.deadline)::int8 as first_request,
        count(*) filter (where r.first_successful_request <= r.deadline)::int8 as first_successful_request,
        count(*) filter (where r.first_payment <= r.deadline)::int8 as first_payment
      from weeks w left join reached r on r.cohort_start = w.cohort_start
      group by w.cohort_start order by w.cohort_start`);
  }

  /** Vedic chat sessions, messages and their users per UTC day, zero-filled. */
  async vedicChatDays(days: number): Promise<readonly ChatDay[]> {
    return this.db.any(sql.type(chatDay)`
      with series as (
        select d::date as day from generate_series((now() at time zone 'UTC')::date - ${days - 1}::int, (now() at time zone 'UTC')::date, interval '1 day') d),
      events as (
        select (occurred_at at time zone 'UTC')::date as day, name, user_id from analytics_events
        where name in ('vedic_chat.session_started', 'vedic_chat.message_sent')
          and occurred_at >= (((now() at time zone 'UTC')::date - ${days - 1}::int)::timestamp at time zone 'UTC'))
      select to_char(s.day, 'YYYY-MM-DD') as date,
        count(*) filter (where e.name = 'vedic_chat.session_started')::int8 as sessions,
        count(*) filter (where e.name = 'vedic_chat.message_sent')::int8 as messages,
        count(distinct e.user_id)::int8 as users
      from series s left join events e on e.day = s.day
      group by s.day order by s.day`);
  }

  async vedicChatUsers(days: number): Promise<number> {
    return this.db.oneFirst(sql.type(z.object({ n: z.number() }))`
      select count(distinct user_id)::int8 as n from analytics_events
      where name in ('vedic_chat.session_started', 'vedic_chat.message_sent')
        and occurred_at >= (((now() at time zone 'UTC')::date - ${days - 1}::int)::timestamp at time zone 'UTC')`);
  }
}
