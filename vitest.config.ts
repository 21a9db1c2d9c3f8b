import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 60_000,
    // Integration suites share one PostgreSQL and one Redis; files run in parallel workers but
    // each suite creates its own schema/users, so they do not step on each other.
    pool: 'forks',
    // Vitest's default is one worker per CPU but one: a single worker on the 2-core CI box, which ran
    // the files one after another (19 minutes). Most files wait on PostgreSQL, Redis, child
    // processes and Chromium rather than compute, so three at a time fill the two cores.
    maxWorkers: 3,
  },
});
