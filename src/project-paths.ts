/**
 * Where the project's files are (data files, migrations, the native build, the texts), whether
 * this code runs as TypeScript sources (tests, tools) or compiled under dist/ (`npm start`,
 * production): the root is the nearest folder above this file that holds package.json, so a
 * module names its files from the root instead of counting `../` from its own place.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function findRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}

export const PROJECT_ROOT = findRoot(path.dirname(fileURLToPath(import.meta.url)));

/** A path inside the project, from its root: `projectPath('build', 'zone-tiles.bin')`. */
export function projectPath(...parts: string[]): string {
  return path.join(PROJECT_ROOT, ...parts);
}

/**
 * Whether this process runs the compiled JavaScript: worker threads and child processes must then
 * load the compiled modules too, without a TypeScript loader.
 */
export const RUNS_COMPILED = import.meta.url.endsWith('.js');

/** The module file of `relative` (without extension, from the root) in the form this process runs. */
export function runnableModule(relative: string): string {
  return RUNS_COMPILED ? projectPath('dist', `${relative}.js`) : projectPath(`${relative}.ts`);
}
