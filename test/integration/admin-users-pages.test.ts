/**
 * The users listing's pages, whichever way the directory builds them (a search's or a high
 * min_requests' candidates sorted alone, the two index-ordered runs of a sort by activity or
 * plan, the plain query), equal the plain definition: the left join of every user to their
 * subscription and activity, filtered, sorted with ties broken by id, cut to the page.
 */
import { describe, expect, it } from 'vitest';
import { sql } from '../../src/db/sql.ts';
import { useTestDatabasePool } from '../helpers/database.ts';
import { seededRandom } from '../helpers/seeded-random.ts';
import { directoryUserRow, UserDirectory, USER_SORTS, type UserListQuery } from '../../src/db/user-directory.ts';

const testDatabase = useTestDatabasePool();

const SORT_COLUMNS = {
  joined: sql.fragment`u.created_at`,
  last_active: sql.fragment`a.last_active_at`,
  requests: sql.fragment`coalesce(a.request_count, 0)`,
  email: sql.fragment`lower(u.email)`,
  plan: sql.fragment`s.plan_code`,
};

/** The definition of a page, written plainly. */
async function reference(q: UserListQuery) {
  const where = [sql.fragment`true`];
  if (q.status === 'none') where.push(sql.fragment`s.user_id is null`);
  else if (q.status) where.push(sql.fragment`s.status = ${q.status}`);
  if (q.plan) where.push(sql.fragment`s.plan_code = ${q.plan}`);
  if (q.minRequests !== undefined) where.push(sql.fragment`coalesce(a.request_count, 0) >= ${q.minRequests}`);
  if (q.lastActiveDays !== undefined) where.push(sql.fragment`a.last_active_at >= now() - make_interval(days => ${q.lastActiveDays})`);
  if (q.search) {
    const pattern = `%${q.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(sql.fragment`(lower(u.email) like ${pattern} or lower(u.full_name) like ${pattern})`);
  }
  const from = sql.fragment`from users u left join subscriptions s on s.user_id = u.id left join user_activity a on a.user_id = u.id where ${sql.join(where, sql.fragment` and `)}`;
  const direction = q.order === 'asc' ? sql.fragment`asc` : sql.fragment`desc`;
  const items = await testDatabase.pool.any(sql.type(directoryUserRow)`
    select u.id, u.email, u.full_name, s.plan_code, coalesce(s.status, 'none') as status, u.created_at as joined_at,
      a.last_active_at, coalesce(a.request_count, 0)::int8 as request_count, u.email_verified_at is not null as email_verified
    ${from}
    order by ${SORT_COLUMNS[q.sortBy]} ${direction} nulls last, u.id ${direction}
    limit ${q.perPage} offset ${(q.page - 1) * q.perPage}`);
  const total = await testDatabase.pool.oneFirst(sql.type(directoryUserRow.pick({ request_count: true }))`select count(*)::int8 as request_count ${from}`);
  return { items, total };
}

describe('users listing pages', () => {
  it('equal the plain definition for searches, filters, sorts, orders and pages', async () => {
    const random = seededRandom(4242);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
    const names = ['Ada Lovelace', 'Grace Hopper', 'Zhang Heng', 'Marie Curie', 'Alan Turing', null];
    for (let i = 0; i < 240; i++) {
      const id = `user-${String(i).padStart(3, '0')}`;
      const name = pick(names);
      const email = `${(name ?? 'anon').toLowerCase().replace(' ', '.')}${i}@${pick(['gmail.com', 'proton.me', 'example.org'])}`;
      const joined = new Date(Date.now() - Math.floor(random() * 700) * 86_400_000 - Math.floor(random() * 3) * 1000).toISOString();
      await testDatabase.pool.query(sql.unsafe`insert into users (id, email, full_name, created_at) values (${id}, ${email}, ${name}, ${joined})`);
      if (random() < 0.9) {
        await testDatabase.pool.query(sql.unsafe`
          insert into subscriptions (user_id, plan_code, status, current_period_start, current_period_end)
          values (${id}, ${pick(['free', 'free', 'entry', 'high'])}, ${pick(['active', 'active', 'trialing', 'past_due', 'canceled'])}, now(), now() + interval '1 month')`);
      }
      if (random() < 0.7) {
        const at = new Date(Date.now() - Math.floor(random() * 60) * 86_400_000).toISOString();
        // Ties on purpose: a few request counts and days repeat.
        await testDatabase.pool.query(sql.unsafe`
          insert into user_activity (user_id, request_count, first_request_at, last_active_at)
          values (${id}, ${pick([1, 5, 50, 500, 1000, 1000, 5000])}, ${at}, ${at})`);
      }
    }
    const directory = new UserDirectory(testDatabase.pool);
    let nonEmpty = 0;
    for (let i = 0; i < 250; i++) {
      const q: UserListQuery = {
        page: pick([1, 1, 2, 3, 9]),
        perPage: pick([5, 20]),
        sortBy: pick(USER_SORTS),
        order: pick(['asc', 'desc'] as const),
        ...(random() < 0.6 ? { search: pick(['ada', 'ZHANG', 'gmail', 'curie1', 'nobody', 'e.', '7']) } : {}),
        ...(random() < 0.3 ? { minRequests: pick([0, 1, 500, 1000, 6000]) } : {}),
        ...(random() < 0.2 ? { status: pick(['active', 'past_due', 'none'] as const) } : {}),
        ...(random() < 0.2 ? { plan: pick(['entry', 'high']) } : {}),
        ...(random() < 0.2 ? { lastActiveDays: pick([7, 30]) } : {}),
      };
      const page = await directory.page(q);
      expect(page, JSON.stringify(q)).toEqual(await reference(q));
      if (page.items.length) nonEmpty++;
    }
    expect(nonEmpty).toBeGreaterThan(100);
  });
});
