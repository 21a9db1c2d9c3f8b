/**
 * The operators' view of users: one page of users with their plan, subscription status, joining
 * date, last activity and request count, filtered, searched and sorted. Activity and counts come
 * from user_activity (kept with the usage rollups), never from the raw request log.
 */
import { type CommonQueryMethods, type FragmentSqlToken } from 'slonik';
import { sql } from './sql.ts';
import { z } from 'zod/v4';
import type { SubscriptionStatus } from './subscription-status.ts';

export const directoryUserRow = z.object({
  id: z.string(),
  email: z.string(),
  full_name: z.string().nullable(),
  plan_code: z.string().nullable(),
  status: z.string(),
  joined_at: z.string(),
  last_active_at: z.string().nullable(),
  request_count: z.number(),
  email_verified: z.boolean(),
});
export type DirectoryUserRow = z.infer<typeof directoryUserRow>;

export const USER_SORTS = ['joined', 'last_active', 'requests', 'email', 'plan'] as const;
export type UserSort = (typeof USER_SORTS)[number];
/** `none`: a user without any subscription row. */
export type UserStatusFilter = SubscriptionStatus | 'none';

export interface UserListQuery {
  page: number;
  perPage: number;
  sortBy: UserSort;
  order: 'asc' | 'desc';
  status?: UserStatusFilter;
  plan?: string;
  minRequests?: number;
  lastActiveDays?: number;
  search?: string;
}

/**
 * What each sort orders by. `nulls last` only where the value can be null: on the others it would
 * keep the planner from reading the users' indexes backwards (created_at, lower(email)), and a
 * page of 100,000 users would be a full sort instead of the first rows of an index.
 */
const SORT_COLUMNS: Record<UserSort, FragmentSqlToken> = {
  joined: sql.fragment`u.created_at`,
  last_active: sql.fragment`a.last_active_at`,
  requests: sql.fragment`coalesce(a.request_count, 0)`,
  email: sql.fragment`lower(u.email)`,
  plan: sql.fragment`s.plan_code`,
};
const NULLABLE_SORTS: ReadonlySet<UserSort> = new Set(['last_active', 'plan']);

/** `%` and `_` typed by an operator are searched for literally. */
const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The search alone: part of the e-mail address or of the name, any case. */
function searchCondition(search: string) {
  const pattern = likePattern(search);
  return sql.fragment`(lower(u.email) like ${pattern} or lower(u.full_name) like ${pattern})`;
}

/**
 * The least number of requests asked for, when it filters anything: at least 1 means the user has
 * an activity row, and the condition on the plain column can use its (request_count, user) index;
 * at least 0 is every user (undefined here).
 */
const requestsAtLeast = (q: UserListQuery) => (q.minRequests !== undefined && q.minRequests > 0 ? q.minRequests : undefined);

/** Every condition but the search (a search is met by the candidates: see fewCandidates). */
function conditions(q: UserListQuery): FragmentSqlToken {
  const where: FragmentSqlToken[] = [sql.fragment`true`];
  if (q.status === 'none') where.push(sql.fragment`s.user_id is null`);
  else if (q.status) where.push(sql.fragment`s.status = ${q.status}`);
  if (q.plan) where.push(sql.fragment`s.plan_code = ${q.plan}`);
  const minRequests = requestsAtLeast(q);
  if (minRequests !== undefined) where.push(sql.fragment`a.request_count >= ${minRequests}`);
  if (q.lastActiveDays !== undefined) where.push(sql.fragment`a.last_active_at >= now() - make_interval(days => ${q.lastActiveDays})`);
  return sql.fragment`${sql.join(where, sql.fragment` and `)}`;
}

/** Whether a condition reads the subscriptions or the activity. */
const hasJoinedFilter = (q: UserListQuery) =>
  q.status !== undefined || q.plan !== undefined || requestsAtLeast(q) !== undefined || q.lastActiveDays !== undefined;

/** See fewCandidates: up to this many users are sorted after the filter rather than read in order. */
const MAX_CANDIDATES = 20_000;

const FROM = sql.fragment`
  from users u
  left join subscriptions s on s.user_id = u.id
  left join user_activity a on a.user_id = u.id`;

const COLUMNS = sql.fragment`
  u.id, u.email, u.full_name, s.plan_code, coalesce(s.status, 'none') as status, u.created_at as joined_at,
  a.last_active_at, coalesce(a.request_count, 0)::int8 as request_count, u.email_verified_at is not null as email_verified`;

/**
 * The sorts by a column of a joined table (see joinedSortPage): the users who have a row there,
 * read in the index's order, and the users who have none.
 */
const JOINED_SORTS: Partial<Record<UserSort, { having: FragmentSqlToken; order: FragmentSqlToken; missing: FragmentSqlToken; output: FragmentSqlToken }>> = {
  requests: {
    having: sql.fragment`from user_activity a join users u on u.id = a.user_id left join subscriptions s on s.user_id = u.id`,
    order: sql.fragment`a.request_count`,
    missing: sql.fragment`a.user_id is null`,
    output: sql.fragment`request_count`,
  },
  last_active: {
    having: sql.fragment`from user_activity a join users u on u.id = a.user_id left join subscriptions s on s.user_id = u.id`,
    order: sql.fragment`a.last_active_at`,
    missing: sql.fragment`a.user_id is null`,
    output: sql.fragment`last_active_at`,
  },
  plan: {
    having: sql.fragment`from subscriptions s join users u on u.id = s.user_id left join user_activity a on a.user_id = u.id`,
    order: sql.fragment`s.plan_code`,
    missing: sql.fragment`s.user_id is null`,
    output: sql.fragment`plan_code`,
  },
};

export class UserDirectory {
  constructor(private readonly db: CommonQueryMethods) {}

  async page(q: UserListQuery): Promise<{ items: readonly DirectoryUserRow[]; total: number }> {
    const where = conditions(q);
    const direction = q.order === 'asc' ? sql.fragment`asc` : sql.fragment`desc`;
    const nulls = NULLABLE_SORTS.has(q.sortBy) ? sql.fragment`nulls last` : sql.fragment``;
    const candidates = await this.fewCandidates(q);
    if (candidates) return this.candidatePage(q, candidates, where, direction, nulls);
    const [items, total] = await Promise.all([
      q.sortBy in JOINED_SORTS
        ? this.joinedSortPage(q, where, direction, nulls)
        : this.db.any(sql.type(directoryUserRow)`
        select ${COLUMNS}
        ${FROM}
        where ${where}
        order by ${SORT_COLUMNS[q.sortBy]} ${direction} ${nulls}, u.id ${direction}
        limit ${q.perPage} offset ${(q.page - 1) * q.perPage}`),
      this.db.oneFirst(sql.type(z.object({ total: z.number() }))`select count(*)::int8 as total ${FROM} where ${where}`),
    ]);
    return { items, total };
  }

  /**
   * The users a search or a high min_requests can only be among, when they are few: the search's
   * matches (trigram indexes), those with at least min_requests requests (their index), or both.
   * Null when there is no such filter, or when min_requests alone lets more than
   * MAX_CANDIDATES through (counted up to that bound: a bounded index scan).
   */
  private async fewCandidates(q: UserListQuery): Promise<FragmentSqlToken | null> {
    const minRequests = requestsAtLeast(q);
    const busy = minRequests !== undefined ? sql.fragment`u.id in (select user_id from user_activity where request_count >= ${minRequests})` : null;
    if (q.search) return sql.fragment`select * from users u where ${searchCondition(q.search)}${busy ? sql.fragment` and ${busy}` : sql.fragment``}`;
    if (!busy) return null;
    const n = await this.db.oneFirst(sql.type(z.object({ n: z.number() }))`
      select count(*)::int8 as n from (select 1 from user_activity where request_count >= ${minRequests!} limit ${MAX_CANDIDATES + 1}) x`);
    return n <= MAX_CANDIDATES ? sql.fragment`select * from users u where ${busy}` : null;
  }

  /**
   * A page among a few candidates, sorted after them alone. Left to the planner, a sort by
   * joining date or e-mail walks that index and tests every user against the filter until the
   * page is full, which reads nearly all of them when the matches lie at the far end (a name late
   * in the alphabet, the busiest users who joined long ago); and joining all candidates to the
   * subscriptions and the activity hashes both tables whole. Here each candidate's rows are
   * looked up by key (LATERAL ... LIMIT 1 keeps them lookups). The total comes with the page (a
   * window count over the same rows); only a page past the end needs a count of its own.
   */
  private async candidatePage(q: UserListQuery, candidates: FragmentSqlToken, where: FragmentSqlToken, direction: FragmentSqlToken, nulls: FragmentSqlToken) {
    const offset = (q.page - 1) * q.perPage;
    const order = sql.fragment`order by ${SORT_COLUMNS[q.sortBy]} ${direction} ${nulls}, u.id ${direction}`;
    const subscription = sql.fragment`left join lateral (select plan_code, status, user_id from subscriptions where user_id = u.id limit 1) s on true`;
    const activity = sql.fragment`left join lateral (select last_active_at, request_count, user_id from user_activity where user_id = u.id limit 1) a on true`;
    // Without a condition on the other tables, the page is cut among the candidates with only the
    // sort's own table looked up (none for joining date and e-mail); both are looked up for the
    // page's rows alone.
    const sortTable = q.sortBy === 'plan' ? subscription : q.sortBy === 'requests' || q.sortBy === 'last_active' ? activity : sql.fragment``;
    const rows = await this.db.any(sql.type(directoryUserRow.extend({ total: z.number() }))`
      with candidates as materialized (${candidates})
      ${
        hasJoinedFilter(q)
          ? sql.fragment`
          select ${COLUMNS}, count(*) over ()::int8 as total
          from candidates u ${subscription} ${activity}
          where ${where}
          ${order} limit ${q.perPage} offset ${offset}`
          : sql.fragment`
          select ${COLUMNS}, u.total
          from (
            select u.*, count(*) over ()::int8 as total from candidates u ${sortTable}
            ${order} limit ${q.perPage} offset ${offset}) u
          ${subscription} ${activity}
          ${order}`
      }`);
    const total = rows.length
      ? rows[0]!.total
      : await this.db.oneFirst(sql.type(z.object({ total: z.number() }))`
      with candidates as materialized (${candidates})
      select count(*)::int8 as total from candidates u ${subscription} ${activity} where ${where}`);
    return { items: rows.map(({ total: _, ...row }) => row), total };
  }

  /**
   * A page sorted by a column of user_activity (requests, last activity) or subscriptions (plan).
   * Sorting the left join of all users by it is a full sort of every user; instead the users with
   * a row there come in order from its (column, user) index, those without in order of id from
   * the users' key, each cut at the page's end, and only those few rows are merged and sorted.
   * The two sets are disjoint and each is cut in the page's own order, so the page is the same.
   */
  private joinedSortPage(q: UserListQuery, where: FragmentSqlToken, direction: FragmentSqlToken, nulls: FragmentSqlToken) {
    const sort = JOINED_SORTS[q.sortBy]!;
    const end = q.page * q.perPage;
    return this.db.any(sql.type(directoryUserRow)`
      select * from (
        (select ${COLUMNS}
         ${sort.having}
         where ${where}
         order by ${sort.order} ${direction}, u.id ${direction}
         limit ${end})
        union all
        (select ${COLUMNS}
         ${FROM}
         where ${sort.missing} and ${where}
         order by u.id ${direction}
         limit ${end})
      ) page
      order by ${sort.output} ${direction} ${nulls}, id ${direction}
      limit ${q.perPage} offset ${end - q.perPage}`);
  }

  async exists(userId: string): Promise<boolean> {
    return this.db.exists(sql.unsafe`select 1 from users where id = ${userId}`);
  }
}
