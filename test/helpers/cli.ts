/**
 * The command line from tests: as a user runs it (a child process on the compiled sources,
 * test/helpers/built.ts), or its operations run in the test's own process (`runCli`), for tests
 * that use a command but are not about the command line as a process. A child costs a start of
 * the service's modules (some 3 s of CPU on a 2-core box) per command; in process a command costs
 * what it does. Each command keeps at least one test that runs it as a child.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { runCli } from '../../src/cli-program.ts';
import { built, ROOT } from './built.ts';

const run = promisify(execFile);
export { ROOT };

/** This process's environment without the servers the suite was given: a command sees only what a test passes. */
export const cleanEnv: NodeJS.ProcessEnv = Object.fromEntries(
  Object.entries(process.env).filter(([k]) => !['DATABASE_URL', 'REDIS_URL', 'TEST_DATABASE_URL'].includes(k)),
);

/** Runs `cli <args>` as a child process and answers its standard output; a non-zero exit rejects with its output. */
export async function cli(args: string[], env: Record<string, string>): Promise<string> {
  const { stdout } = await run(process.execPath, [built('src/cli.ts'), ...args], { cwd: ROOT, env: { ...cleanEnv, LOG_LEVEL: 'silent', ...env } });
  return stdout;
}

/**
 * Runs `cli <args>` in this process with the same environment `cli` gives its child (`base`
 * instead of `cleanEnv` where a test passes another); answers what it printed on standard output.
 * A non-zero exit code rejects with the code and both outputs, as a failed child does.
 */
export async function cliInProcess(args: string[], env: Record<string, string>, base: NodeJS.ProcessEnv = cleanEnv): Promise<string> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, {
    out: (text) => void (stdout += text),
    err: (text) => void (stderr += text),
    env: { ...base, LOG_LEVEL: 'silent', ...env },
  });
  if (code !== 0) throw new Error(`cli ${args.join(' ')} exited with ${code}\n${stderr}${stdout}`);
  return stdout;
}
