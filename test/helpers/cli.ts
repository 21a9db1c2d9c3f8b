/** The command line as a user runs it, from tests: a child process on the TypeScript sources. */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
export const ROOT = path.resolve(import.meta.dirname, '../..');

/** This process's environment without the servers the suite was given: a command sees only what a test passes. */
export const cleanEnv: NodeJS.ProcessEnv = Object.fromEntries(
  Object.entries(process.env).filter(([k]) => !['DATABASE_URL', 'REDIS_URL', 'TEST_DATABASE_URL'].includes(k)),
);

/** Runs `cli <args>` and answers its standard output; a non-zero exit rejects with its output. */
export async function cli(args: string[], env: Record<string, string>): Promise<string> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], { cwd: ROOT, env: { ...cleanEnv, LOG_LEVEL: 'silent', ...env } });
  return stdout;
}
