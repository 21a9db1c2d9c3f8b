import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Integration suites share one PostgreSQL and one Redis; files run in parallel workers but
    // each suite creates its own schema/users, so they do not step on each other.
    pool: 'forks',
  },
});
