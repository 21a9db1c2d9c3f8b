/** The subscription statuses of the code are the ones the database accepts. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { holdsPlan, isSubscriptionStatus, PLAN_HOLDING_STATUSES, REVENUE_STATUSES, SUBSCRIPTION_STATUSES } from '../../../src/db/subscription-status.ts';

describe('subscription statuses', () => {
  it('are the check of subscriptions.status', () => {
    const migration = readFileSync(new URL('../../../sql/001_accounts.sql', import.meta.url), 'utf8');
    const table = migration.slice(migration.indexOf('create table subscriptions'));
    const check = /status text not null check \(status in \(([^)]*)\)\)/.exec(table);
    expect(check).not.toBeNull();
    const listed = check![1]!.split(',').map((s) => s.trim().replace(/^'|'$/g, ''));
    expect(listed).toEqual([...SUBSCRIPTION_STATUSES]);
  });

  it('hold a plan when active, trialing or past due; count as revenue when paid for', () => {
    expect(SUBSCRIPTION_STATUSES.filter(holdsPlan)).toEqual([...PLAN_HOLDING_STATUSES]);
    expect(PLAN_HOLDING_STATUSES).toEqual(['active', 'trialing', 'past_due']);
    expect(REVENUE_STATUSES).toEqual(['active', 'past_due']);
    expect(isSubscriptionStatus('incomplete')).toBe(false);
    expect(holdsPlan('canceled')).toBe(false);
  });
});
