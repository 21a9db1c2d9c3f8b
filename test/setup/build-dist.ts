/**
 * Tests that start the service as a user does (`npm start`, `npm run cli`) run the compiled
 * JavaScript in dist/: compile it once before the suite, so that they run the sources of this
 * checkout rather than whatever the last build left.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

export default function buildDist(): void {
  execFileSync('npm', ['run', '-s', 'build'], { cwd: path.resolve(import.meta.dirname, '../..'), stdio: 'inherit' });
}
