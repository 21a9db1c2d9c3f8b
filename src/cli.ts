/**
 * The command line's entry (`npm run cli -- …`, `node dist/src/cli.js …`): runs the command its
 * arguments name (cli-program.ts) with this process's output and environment.
 */
import { processIo, runCli } from './cli-program.ts';

const code = await runCli(process.argv.slice(2), processIo);
// A refused or failed command ends the process at once with its code: a connection it opened
// must not keep the process waiting. A command that went on (serve, worker reports) keeps it.
if (code !== 0) process.exit(code);
