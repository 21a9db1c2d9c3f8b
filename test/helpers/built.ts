/**
 * The compiled service in dist/, for tests that start it (or its command line) as a child
 * process. Under node the compiled code starts in a fraction of the CPU that `--import tsx` costs
 * (the loader compiles every imported source on each start: a second or more per process on a
 * 2-core box), and it is what `npm start` and the image run. The suite's global setup
 * (test/setup/build-dist.ts) builds dist/ when a source is newer; a file run with
 * TESTS_WITHOUT_DIST=1, or a source edited since, would run old code: such a test fails here
 * saying so, instead of testing what the sources no longer say.
 */
import fs from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');
const SOURCES = ['src', 'workers', 'renderer'];
/** The file each build writes (tsc writes the whole of dist/ in one run). */
export const BUILT_ENTRY = path.join(ROOT, 'dist/src/main.js');

/** The modification time of the newest TypeScript source the build compiles. */
export function newestSource(): number {
  let newest = 0;
  for (const top of SOURCES) {
    for (const file of fs.readdirSync(path.join(ROOT, top), { recursive: true, encoding: 'utf8' })) {
      if (file.endsWith('.ts')) newest = Math.max(newest, fs.statSync(path.join(ROOT, top, file)).mtimeMs);
    }
  }
  return newest;
}

/** Whether dist/ was built after the last change to a source. */
export function distIsFresh(): boolean {
  return fs.existsSync(BUILT_ENTRY) && fs.statSync(BUILT_ENTRY).mtimeMs > newestSource();
}

let checked = false;

/**
 * The absolute path of a compiled module, `source` named as in the sources (`src/main.ts`,
 * `src/cli.ts`); throws when dist/ is missing or older than a source.
 */
export function built(source: string): string {
  const file = path.join(ROOT, 'dist', source.replace(/\.ts$/, '.js'));
  if (!checked) {
    if (!distIsFresh())
      throw new Error(
        `dist/ is ${fs.existsSync(BUILT_ENTRY) ? 'older than a source' : 'missing'}: this test runs the compiled service; run \`npm run build\` (the suite builds it first unless TESTS_WITHOUT_DIST=1)`,
      );
    checked = true;
  }
  if (!fs.existsSync(file)) throw new Error(`${path.relative(ROOT, file)} is not in dist/: is ${source} a source of the build?`);
  return file;
}
