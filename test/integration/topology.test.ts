/**
 * The topology run of bench/topology.ts in its short form: 3 API processes and 2 report workers
 * against PgBouncer and a Redis Cluster, mixed load for 15 s with a random process killed every
 * 3 s. No request ends without an answer or a retryable status (a refused or cut connection is
 * one), no report is lost, no order makes a second job or is charged twice, the quota holds across the processes, and
 * every process's metrics are scraped. `npm run bench:topology` is the long form, with figures.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { runTopology } from '../../bench/topology.ts';
import { serverUrl } from '../helpers/database.ts';

const has = (command: string) => spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;

describe.runIf(serverUrl && has('pgbouncer') && has('redis-server') && has('chromium'))('3 API processes and 2 report workers, killed at random', () => {
  it('lose no request, report or credit, and hold the quota', { timeout: 420_000 }, async () => {
    const figures = await runTopology({ serverUrl: serverUrl!, durationSeconds: 15, killEverySeconds: 3, clients: 4, quota: 15 });
    expect(figures.kills.total).toBeGreaterThanOrEqual(3);
    expect(figures.requests.answered).toBeGreaterThan(0);
    expect(figures.requests.lostSamples).toEqual([]);
    expect(figures.requests.lost).toBe(0);
    expect(figures.reports.jobs).toBeGreaterThan(0);
    // Every order ends with its one job: a client whose request was cut asks again with its key
    // and gets the job the first request made, never a second job or a second credit.
    expect(figures.reports.jobs).toBe(figures.reports.orders);
    expect(figures.reports.duplicateJobsPerOrder).toBe(0);
    expect(figures.reports.wrongJob).toBe(0);
    expect(figures.reports.lost).toBe(0);
    expect(figures.reports.chargedTwice).toBe(0);
    expect(figures.reports.completed + figures.reports.failed).toBe(figures.reports.jobs);
    // A completed report keeps its credit; a failed one is refunded.
    expect(figures.reports.creditsSpent).toBe(figures.reports.completed);
    expect(figures.rateLimit.allowed).toBeGreaterThan(0);
    expect(figures.rateLimit.allowed).toBeLessThanOrEqual(figures.rateLimit.quota);
    expect(figures.metrics.scraped).toBe(figures.metrics.processes);
  });
});
