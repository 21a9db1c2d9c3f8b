/**
 * Tests that start the service as a user does (`npm start`, `npm run cli`) run the compiled
 * JavaScript in dist/: compile it before the suite when a source is newer than the last build, so
 * that they run the sources of this checkout rather than whatever the last build left. Type errors
 * are the typecheck's to report (CI runs it first); the compiler writes dist/ all the same, and
 * only a build that wrote nothing stops the suite.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const SOURCES = ['src', 'workers', 'renderer'];

function newestSource(): number {
  let newest = 0;
  for (const top of SOURCES) {
    for (const file of fs.readdirSync(path.join(root, top), { recursive: true, encoding: 'utf8' })) {
      if (file.endsWith('.ts')) newest = Math.max(newest, fs.statSync(path.join(root, top, file)).mtimeMs);
    }
  }
  return newest;
}

export default function buildDist(): void {
  // The unit tests run the sources alone (`npm run test:unit` says so).
  if (process.env.TESTS_WITHOUT_DIST === '1') return;
  const entry = path.join(root, 'dist/src/main.js');
  if (fs.existsSync(entry) && fs.statSync(entry).mtimeMs > newestSource()) return;
  const started = Date.now();
  const build = spawnSync('npm', ['run', '-s', 'build'], { cwd: root, encoding: 'utf8' });
  if (build.error || !fs.existsSync(entry) || fs.statSync(entry).mtimeMs < started - 1000) {
    throw new Error(`npm run build did not write dist/: ${build.error?.message ?? ''}\n${build.stdout}${build.stderr}`);
  }
}
