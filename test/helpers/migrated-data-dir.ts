/**
 * A DATA_DIR whose embedded database is already created and migrated, for tests that start the
 * service or a command on DATA_DIR but are not about its first start. Creating PGlite's files and
 * applying the migrations costs some 11 s of CPU on this project's 2-core box (a process that
 * opens a migrated DATA_DIR pays 4 s); a copy of a migrated one costs a tenth of a second.
 *
 * The migrated original is made once by the command line (`migrate`) and kept in the system's
 * temporary directory, named after what decides its contents (the migrations and the PGlite
 * version), so that a changed migration makes a new one. Tests about a fresh DATA_DIR (the
 * README's quick start, several processes racing to create it) make their own empty one.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { built, ROOT } from './built.ts';

const run = promisify(execFile);

/** What the migrated files depend on: every migration's name and text, and PGlite's version. */
function contentsKey(): string {
  const hash = createHash('sha256');
  const sqlDir = path.join(ROOT, 'sql');
  for (const name of fs.readdirSync(sqlDir).sort()) hash.update(name).update(fs.readFileSync(path.join(sqlDir, name)));
  const pglite = JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')) as { version: string };
  return hash.update(pglite.version).digest('hex').slice(0, 16);
}

let original: Promise<string> | undefined;

/**
 * The migrated original, made when missing by the suite's global setup (test/setup/build-dist.ts)
 * or else by the first caller (of any test process; the first to finish keeps its copy).
 */
export async function migratedOriginal(): Promise<string> {
  const target = path.join(os.tmpdir(), `astro-migrated-data-dir-${contentsKey()}`);
  if (fs.existsSync(path.join(target, 'pglite'))) return target;
  const making = fs.mkdtempSync(path.join(os.tmpdir(), 'astro-migrating-'));
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !['DATABASE_URL', 'REDIS_URL', 'TEST_DATABASE_URL'].includes(k)));
  await run(process.execPath, [built('src/cli.ts'), 'migrate'], { cwd: ROOT, env: { ...env, DATA_DIR: making, LOG_LEVEL: 'silent' } });
  try {
    fs.renameSync(making, target);
  } catch (error) {
    // Another test process made it meanwhile: theirs is the same.
    fs.rmSync(making, { recursive: true, force: true });
    if (!fs.existsSync(path.join(target, 'pglite'))) throw error;
  }
  return target;
}

/** A new temporary DATA_DIR (named `prefix…`) holding a copy of a migrated embedded database, which nobody holds. */
export async function migratedDataDir(prefix: string): Promise<string> {
  original ??= migratedOriginal();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.cpSync(await original, dir, { recursive: true });
  return dir;
}
