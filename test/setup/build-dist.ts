/**
 * Tests that start the service as a user does (`npm start`, `npm run cli`, or the compiled entry
 * points through test/helpers/built.ts) run the compiled JavaScript in dist/: compile it before
 * the suite when a source is newer than the last build, so that they run the sources of this
 * checkout rather than whatever the last build left. Type errors are the typecheck's to report (CI
 * runs it first); the compiler writes dist/ all the same, and only a build that wrote nothing
 * stops the suite. Then the migrated DATA_DIR that tests copy (test/helpers/migrated-data-dir.ts),
 * when the system's temporary directory does not hold one for these migrations yet.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { BUILT_ENTRY, distIsFresh, ROOT } from '../helpers/built.ts';
import { migratedOriginal } from '../helpers/migrated-data-dir.ts';

export default async function buildDist(): Promise<void> {
  // The unit tests run the sources alone (`npm run test:unit` says so).
  if (process.env.TESTS_WITHOUT_DIST === '1') return;
  if (!distIsFresh()) {
    const started = Date.now();
    const build = spawnSync('npm', ['run', '-s', 'build'], { cwd: ROOT, encoding: 'utf8' });
    if (build.error || !fs.existsSync(BUILT_ENTRY) || fs.statSync(BUILT_ENTRY).mtimeMs < started - 1000) {
      throw new Error(`npm run build did not write dist/: ${build.error?.message ?? ''}\n${build.stdout}${build.stderr}`);
    }
  }
  // Made here, before the files run, rather than inside a test that waits on it.
  await migratedOriginal();
}
