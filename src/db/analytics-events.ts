/**
 * Product analytics events: the milestones the service records (once per user) and the events
 * the dashboard sends, and what the admin dashboard reads from them: funnels, signup cohorts and
 * the Vedic chat figures.
 */
import { type CommonQueryMethods, type FragmentSqlToken } from 'slonik';
import { sql } from './sql.ts';
import { z } from 'zod/v4';
import { MILESTONE_EVENTS, type DashboardEvent, type MilestoneEvent } from './analytics-event-names.ts';

/** A funnel's count per step (int8: numbers, or strings from a driver that keeps them exact). */
const funnelCountsRow = z.object({ counts: z.array(z.union([z.string(), z.number()])) });

const isMilestone = (name: string): name is MilestoneEvent => (MILESTONE_EVENTS as readonly string[]).includes(name);

/**
 * `days` UTC days as an interval of seconds. Adding a days interval to a time goes through the
 * session's time zone calendar, which was most of a funnel's or a cohort's cost per member, and
 * made a window depend on the database server's zone (23 or 25 hours across its DST changes).
 * The statistics count UTC days, where a day is always 86,400 s: in a UTC session the sum is the
 * same as before, in any session it is now the UTC one.
 */
const utcDays = (days: number) => sql.fragment`make_interval(secs => ${days * 86_400})`;

export interface FunnelDefinition {
  steps: readonly string[];
  conversionWindowDays: number;
  periodDays: number;
}

const cohortRow = z.object({
  cohort_start: z.string(),
  signups: z.number(),
  first_api_key: z.number(),
  first_request: z.number(),
  first_successful_request: z.number(),
  first_payment: z.number(),
});
export type CohortRow = z.infer<typeof cohortRow>;

const chatDay = z.object({ date: z.string(), sessions: z.number(), messages: z.number(), users: z.number() });
export type ChatDay = z.infer<typeof chatDay>;

export class AnalyticsEventRepository {
  constructor(private readonly db: CommonQueryMethods) {}

  async recordDashboardEvent(userId: string, name: DashboardEvent, properties: Record<string, unknown>): Promise<void> {
    await this.db.query(sql.unsafe`
      insert into analytics_events (name, user_id, source, properties) values (${name}, ${userId}, 'dashboard', ${sql.jsonb(properties as never)})`);
  }

  /**
   * Users at each step of a funnel. Entrants did step 1 within the period (their first such
   * event); step k is reached by an event of its name at or after step k-1's and within the
   * conversion window from step 1's. A funnel of milestones only is answered from
   * user_milestones (one row per user, sql/015_admin_precomputed.sql); any other from the events.
   */
  async funnelCounts(funnel: FunnelDefinition): Promise<number[]> {
    return funnel.steps.every(isMilestone) ? this.milestoneFunnelCounts(funnel) : this.eventFunnelCounts(funnel);
  }

  /**
   * A milestone is recorded once per user (the unique index of sql/013_admin.sql; the dashboard
   * may not send these names), so each step has at most one time per user: its column, and the
   * chain of eventFunnelCounts becomes a condition on the columns of one row. Step k is reached
   * when step k-1 was and its time lies between step k-1's and the end of the window from step
   * 1's. Each entrant's depth (steps reached) is one nested CASE, which stops at the first step
   * missed; one pass over user_milestones, grouped by depth, no join.
   */
  private async milestoneFunnelCounts(funnel: FunnelDefinition): Promise<number[]> {
    const column = (i: number) => sql.identifier(['m', funnel.steps[i]!]);
    const windowEnd = sql.fragment`${column(0)} + ${utcDays(funnel.conversionWindowDays)}`;
    let depth: FragmentSqlToken = sql.fragment`${funnel.steps.length}`;
    for (let i = funnel.steps.length - 1; i >= 1; i--) {
      depth = sql.fragment`case when ${column(i)} >= ${column(i - 1)} and ${column(i)} <= ${windowEnd} then ${depth} else ${i} end`;
    }
    const rows = await this.db.any(sql.type(z.object({ depth: z.number(), n: z.number() }))`
      select depth, count(*)::int8 as n from (
        select ${depth}::int as depth from user_milestones m
        where ${column(0)} >= now() - make_interval(days => ${funnel.periodDays})) x
      group by depth`);
    // Step k (0-based) counts the entrants who reached more than k steps.
    return funnel.steps.map((_, k) => rows.reduce((n, r) => n + (r.depth > k ? r.n : 0), 0));
  }

  /**
   * Every event that can count happened after the period began (at or after its user's step 1),
   * so one range scan of the (name, time) index over the period gathers them all, grouped per
   * user into one array of times per step; each user's chain is then followed within their
   * arrays. No join: the work grows with the events of the period, and no estimate of the
   * planner can turn it into a nested loop over the steps.
   */
  private async eventFunnelCounts(funnel: FunnelDefinition): Promise<number[]> {
    const step = (i: number) => sql.identifier([`s${i}`]);
    const times = (i: number) => sql.identifier([`a${i}`]);
    const arrays = funnel.steps.map((name, i) => sql.fragment`array_agg(occurred_at) filter (where name = ${name}) as ${times(i)}`);
    const chain = funnel.steps.map((_, i) =>
      i === 0
        ? sql.fragment`cross join lateral (select min(x) as t from unnest(p.a0) x) as s0`
        : sql.fragment`cross join lateral (
          select min(x) as t from unnest(p.${times(i)}) x
          where x >= ${step(i - 1)}.t and x <= s0.t + ${utcDays(funnel.conversionWindowDays)}) as ${step(i)}`,
    );
    const counts = funnel.steps.map((_, i) => sql.fragment`count(${step(i)}.t)::int8`);
    // A year's events of 100,000 users are some 16 MB to group: within the server's default
    // work_mem (4 MB) the grouping sorts on disk, which took most of the time.
    const row = await this.db.transaction(async (t) => {
      await t.query(sql.unsafe`set local work_mem = '64MB'`);
      return t.one(sql.type(funnelCountsRow)`
      with per_user as (
        select user_id, ${sql.join(arrays, sql.fragment`, `)} from analytics_events
        where name = any(${sql.array([...new Set(funnel.steps)], 'text')}) and user_id is not null
          and occurred_at >= now() - make_interval(days => ${funnel.periodDays})
        group by user_id)
      select array[${sql.join(counts, sql.fragment`, `)}] as counts
      from per_user p ${sql.join(chain, sql.fragment` `)}
      where p.a0 is not null`);
    });
    return row.counts.map(Number);
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
      -- user_milestones: one row per user with their joining time and milestones (what the
      -- users table and the service events hold, kept by triggers), read by the joining-time
      -- index and counted per cohort at once (a few dozen groups, no sort of the members). A
      -- milestone counts from the first cohort's start (one dated before it never did) to the
      -- member's deadline.
      -- The deadline is computed once per member (OFFSET 0 keeps the subquery from being merged,
      -- which would repeat the addition in each count).
      members as (
        select m.joined_week as cohort_start, m.joined_at + ${utcDays(cohortDays)} as deadline,
          first_signup, m.first_api_key, m.first_request, m.first_successful_request, m.first_payment
        from user_milestones m, signup_range
        where m.joined_at >= first_signup and m.joined_at < signups_end
        offset 0),
      per_cohort as (
        select cohort_start, count(*) as signups,
          count(*) filter (where first_api_key >= first_signup and first_api_key <= deadline) as first_api_key,
          count(*) filter (where first_request >= first_signup and first_request <= deadline) as first_request,
          count(*) filter (where first_successful_request >= first_signup and first_successful_request <= deadline) as first_successful_request,
          count(*) filter (where first_payment >= first_signup and first_payment <= deadline) as first_payment
        from members group by cohort_start)
      select to_char(w.cohort_start, 'YYYY-MM-DD') as cohort_start, coalesce(c.signups, 0)::int8 as signups,
        coalesce(c.first_api_key, 0)::int8 as first_api_key, coalesce(c.first_request, 0)::int8 as first_request,
        coalesce(c.first_successful_request, 0)::int8 as first_successful_request, coalesce(c.first_payment, 0)::int8 as first_payment
      from weeks w left join per_cohort c on c.cohort_start = w.cohort_start
      order by w.cohort_start`);
  }

  /**
   * Vedic chat sessions, messages and their users per UTC day, zero-filled, from
   * vedic_chat_user_days (one row per day and user, kept by triggers on the events).
   */
  async vedicChatDays(days: number): Promise<readonly ChatDay[]> {
    // The range's rows summed per day first (a range scan of the key), then zero-filled.
    return this.db.any(sql.type(chatDay)`
      with series as (
        select d::date as day from generate_series((now() at time zone 'UTC')::date - ${days - 1}::int, (now() at time zone 'UTC')::date, interval '1 day') d),
      per_day as (
        select day, sum(sessions) as sessions, sum(messages) as messages, count(user_id) as users from vedic_chat_user_days
        where day between (now() at time zone 'UTC')::date - ${days - 1}::int and (now() at time zone 'UTC')::date
        group by day)
      select to_char(s.day, 'YYYY-MM-DD') as date, coalesce(v.sessions, 0)::int8 as sessions, coalesce(v.messages, 0)::int8 as messages,
        coalesce(v.users, 0)::int8 as users
      from series s left join per_day v on v.day = s.day
      order by s.day`);
  }

  /** Distinct users from the first day of the series on (a later day included, as the events would be). */
  async vedicChatUsers(days: number): Promise<number> {
    return this.db.oneFirst(sql.type(z.object({ n: z.number() }))`
      select count(*)::int8 as n from (
        select user_id from vedic_chat_user_days
        where day >= (now() at time zone 'UTC')::date - ${days - 1}::int and user_id is not null
        group by user_id) u`);
  }
}
