/**
 * The topology run of bench/topology.ts in its short form: 3 API processes and 2 report workers
 * against PgBouncer and a Redis Cluster, mixed load for 15 s with a random process killed every
 * 3 s. No request ends without an answer or a retryable status (a refused or cut connection is
 * one), no report is lost and no job charged twice, the quota holds across the processes, and
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
    expect(figures.reports.lost).toBe(0);
    expect(figures.reports.chargedTwice).toBe(0);
    // Each job is charged once; a job made twice for one order (a kill between the job's commit and
    // its idempotency record) is charged once per job, and counted in the figures.
    const jobs = figures.reports.jobs + figures.reports.duplicateJobsPerOrder;
    expect(figures.reports.completed + figures.reports.failed).toBe(figures.reports.jobs);
    expect(figures.reports.creditsSpent).toBeGreaterThanOrEqual(figures.reports.completed);
    expect(figures.reports.creditsSpent).toBeLessThanOrEqual(jobs);
    expect(figures.rateLimit.allowed).toBeGreaterThan(0);
    expect(figures.rateLimit.allowed).toBeLessThanOrEqual(figures.rateLimit.quota);
    expect(figures.metrics.scraped).toBe(figures.metrics.processes);
  });
});
