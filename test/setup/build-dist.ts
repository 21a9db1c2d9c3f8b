/**
 * Tests that start the service as a user does (`npm start`, `npm run cli`) run the compiled
 * JavaScript in dist/: compile it once before the suite, so that they run the sources of this
 * checkout rather than whatever the last build left. Type errors are the typecheck's to report
 * (CI runs it first); the compiler writes dist/ all the same, and only a build that wrote nothing
 * stops the suite.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export default function buildDist(): void {
  const root = path.resolve(import.meta.dirname, '../..');
  const started = Date.now();
  const build = spawnSync('npm', ['run', '-s', 'build'], { cwd: root, encoding: 'utf8' });
  const entry = path.join(root, 'dist/src/main.js');
  if (build.error || !fs.existsSync(entry) || fs.statSync(entry).mtimeMs < started - 1000) {
    throw new Error(`npm run build did not write dist/: ${build.error?.message ?? ''}\n${build.stdout}${build.stderr}`);
  }
}
