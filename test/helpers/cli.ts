/** The command line as a user runs it, from tests: a child process on the compiled sources (test/helpers/built.ts). */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { built, ROOT } from './built.ts';

const run = promisify(execFile);
export { ROOT };

/** This process's environment without the servers the suite was given: a command sees only what a test passes. */
export const cleanEnv: NodeJS.ProcessEnv = Object.fromEntries(
  Object.entries(process.env).filter(([k]) => !['DATABASE_URL', 'REDIS_URL', 'TEST_DATABASE_URL'].includes(k)),
);

/** Runs `cli <args>` and answers its standard output; a non-zero exit rejects with its output. */
export async function cli(args: string[], env: Record<string, string>): Promise<string> {
  const { stdout } = await run(process.execPath, [built('src/cli.ts'), ...args], { cwd: ROOT, env: { ...cleanEnv, LOG_LEVEL: 'silent', ...env } });
  return stdout;
}
