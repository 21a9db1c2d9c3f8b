import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Files that take far longer than their size says. Without timings of its own (a clean clone, as
 * CI runs it) Vitest starts the largest files first, and the layout proofs, four lines each over
 * a minute of CPU, ran last and alone at the end of the run: they go first.
 */
const SMALL_BUT_SLOW = ['test/unit/renderer/wheel-layout-'];

class SmallButSlowFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => (SMALL_BUT_SLOW.some((start) => file.moduleId.includes(start)) ? 0 : 1);
    // Array sort is stable: the rest keep Vitest's order.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/setup/build-dist.ts'],
    // CPU seconds per test file, on request (test/setup/cpu-per-file.ts).
    setupFiles: process.env.TEST_CPU_PER_FILE ? ['test/setup/cpu-per-file.ts'] : [],
    // A guard against a hung test, not a timing: on the loaded 2-core box a test of 14 CPU seconds (200 reports composed)
    // took 131 s of wall time beside the production image's install, and failed at the 120 s this was before.
    testTimeout: 300_000,
    // A file's last hook drops its database, and PostgreSQL's DROP DATABASE waits for a checkpoint: on a box whose disk
    // another file is loading (the production image's install), one took over a minute.
    hookTimeout: 120_000,
    // Integration suites share one PostgreSQL and one Redis; files run in parallel workers but
    // each suite creates its own schema/users, so they do not step on each other.
    pool: 'forks',
    // Vitest's default is one worker per CPU but one: a single worker on the 2-core CI box, which ran
    // the files one after another (19 minutes). Most files wait on PostgreSQL, Redis, child
    // processes and Chromium rather than compute, so three at a time fill the two cores.
    maxWorkers: 3,
    // A worker keeps its modules from one file to the next instead of importing the service anew
    // for each (the imports cost 420 s of the suite's time, 40-50 s without isolation, and the
    // suite's wall time went from about 730 s to 500-610 s). So a file must leave shared state as it
    // found it: the tests make their own apps, databases and key prefixes anyway; a test that
    // changes process-wide state (the ephemeris binding's data path, say) restores it.
    isolate: false,
    sequence: { sequencer: SmallButSlowFirst },
  },
});
