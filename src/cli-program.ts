/**
 * The command line: `serve`, `migrate`, `keys create`, `credits grant`, `token`, `worker reports`,
 * `mail outbox|send-held`, `billing offer`, `admin hash-password`. Works in both modes and whether or not the server runs:
 * in embedded mode a command asks the server that holds DATA_DIR to do its work, or opens DATA_DIR
 * itself when no server does (operator/command.ts).
 *
 * `runCli(argv, io)` runs one command with the output and environment it is given and answers its
 * exit code, so that a test (or another program) runs a command in its own process instead of
 * starting one per command; cli.ts is the entry that hands it the process's own.
 */
import { Command, CommanderError, InvalidArgumentError } from 'commander';
import { loadConfig, type Config } from './config.ts';
import { runCommandOperation } from './operator/command.ts';
import { OperationRefused, type CreatedKey, type OperationName, type OperationResult } from './operator/operations.ts';
import { withJwtSecret } from './features/auth/jwt-secret.ts';
import { mintToken } from './features/auth/token.ts';
import { hashAdminPassword, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './features/admin/password.ts';
import { PasswordMismatchError, readPassword } from './features/admin/read-password.ts';
import { MAX_ADJUSTMENT } from './operator/report-credit-adjustment.ts';

/** Where a command writes and what it reads its configuration from. */
export interface CliIo {
  /** The command's result (standard output: `KEY=$(...)` takes only this). */
  out(text: string): void;
  /** Progress notes, refusals and errors (standard error). */
  err(text: string): void;
  /** The environment the configuration is read from. */
  env: NodeJS.ProcessEnv;
}

/** The process's own output and environment. */
export const processIo: CliIo = {
  out: (text) => void process.stdout.write(text),
  err: (text) => void process.stderr.write(text),
  env: process.env,
};

/** A command's exit code: 0 done, 1 an error or a usage mistake, 2 a refusal (bad input, an unknown user, no SMTP). */
export type ExitCode = number;

function describeLimits({ plan, limits }: CreatedKey): string {
  const perPeriod = limits.requests === null ? 'no request quota' : `${limits.requests} requests a ${limits.period}`;
  const perSecond = limits.per_second === null ? 'no per-second limit' : `at most ${limits.per_second} a second`;
  return `plan ${plan}: ${perPeriod}, ${perSecond}`;
}

const email = (value: string) => {
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value) || value.length > 254) throw new InvalidArgumentError('not an e-mail address');
  return value;
};

const positiveInt = (name: string, max: number) => (value: string) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > max) throw new InvalidArgumentError(`${name} must be a whole number from 1 to ${max}`);
  return n;
};

const seconds = (value: string) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 366 * 86400) throw new InvalidArgumentError('a whole number of seconds, 1 to 31622400');
  return n;
};

/** A refusal: said on standard error, and the command ends with exit code 2. */
class Refused extends Error {}

/**
 * Runs the command that `argv` (the arguments after the program's name) names, and answers its
 * exit code. `serve` and `worker reports` answer once started: they go on in this process (`serve`
 * reads the process's own environment).
 */
export async function runCli(argv: readonly string[], io: CliIo = processIo): Promise<ExitCode> {
  try {
    await commands(io).parseAsync([...argv], { from: 'user' });
    return 0;
  } catch (error) {
    // Commander has already said what was wrong (or printed the help that was asked for); an
    // InvalidArgumentError thrown by an action has not.
    if (error instanceof CommanderError && !(error instanceof InvalidArgumentError)) return error.exitCode;
    io.err(`${error instanceof Error ? error.message : String(error)}\n`);
    return error instanceof Refused ? 2 : 1;
  }
}

/** The program, made anew for each run: commander keeps the options it parsed. */
function commands(io: CliIo): Command {
  const print = (line: string) => io.out(`${line}\n`);
  const config = (): Config => loadConfig(io.env);

  const program = new Command()
    .name('astro')
    .description('Astrology calculation service')
    .showHelpAfterError()
    // Set before the commands are added, which inherit both: no process.exit, and output to io.
    .exitOverride()
    .configureOutput({ writeOut: (text) => io.out(text), writeErr: (text) => io.err(text) });

  program
    .command('serve')
    .description('run the HTTP API')
    .action(async () => {
      const { serve } = await import('./main.ts');
      await serve();
    });

  /** Progress notes go to stderr: stdout carries only the command's result (`KEY=$(...)`). */
  const note = (line: string) => io.err(`${line}\n`);

  /**
   * An operation wherever the database is (operator/command.ts); a refusal (bad input, an unknown
   * user, no SMTP) ends the command with exit code 2.
   */
  async function operation<N extends OperationName>(name: N, input: unknown): Promise<OperationResult<N>> {
    try {
      return await runCommandOperation(config(), name, input, note);
    } catch (error) {
      if (error instanceof OperationRefused) throw new Refused(error.message);
      throw error;
    }
  }

  program
    .command('migrate')
    .description('apply pending database migrations')
    .action(async () => {
      const { applied } = await runCommandOperation(config(), 'migrate', {}, note);
      print(applied.length ? `applied: ${applied.join(', ')}` : 'database is up to date');
    });

  const keys = program.command('keys').description('manage API keys');
  keys
    .command('create')
    .description('create an API key for a user (created on first use); the key is printed once')
    .requiredOption('--email <email>', 'owner e-mail address', email)
    .option('--plan <code>', 'put the user on this plan (free, entry, high, unlimited); a new user starts on free')
    .option('--name <name>', 'a label for the key', 'default')
    .option('--credits <n>', 'also give the user this many report credits (lasting; the operator plan includes none)', positiveInt('--credits', MAX_ADJUSTMENT))
    .option('--json', 'print JSON')
    .option('--quiet', 'print only the key (for KEY=$(...))')
    .action(async (options: { email: string; plan?: string; name: string; credits?: number; json?: boolean; quiet?: boolean }) => {
      const created = await operation('keys.create', { email: options.email, plan: options.plan, name: options.name, credits: options.credits });
      if (options.json) print(JSON.stringify(created));
      else if (options.quiet) print(created.key);
      else {
        const hint = created.limits.per_second === null && created.limits.requests === null ? '' : '\n(--plan unlimited lifts the limits, for exploring)';
        const credits = created.report_credits === undefined ? '' : `\n${created.email} has ${created.report_credits} report credits.`;
        print(`API key for ${created.email} (${describeLimits(created)}):\n  ${created.key}\nIt is shown only once; store it now.${credits}${hint}`);
      }
    });

  const credits = program.command('credits').description('report credits');
  credits
    .command('grant')
    .description('give a user lasting report credits (they do not lapse); the ledger keeps the reason')
    .requiredOption('--email <email>', "the user's e-mail address", email)
    .requiredOption('--count <n>', 'how many credits', positiveInt('--count', MAX_ADJUSTMENT))
    .option('--reason <text>', 'why, kept in the ledger', 'granted from the command line')
    .option('--json', 'print JSON')
    .action(async (options: { email: string; count: number; reason: string; json?: boolean }) => {
      const granted = await operation('credits.grant', { email: options.email, count: options.count, reason: options.reason });
      if (options.json) print(JSON.stringify(granted));
      else print(`granted ${granted.granted} report credits to ${granted.email}; ${granted.remaining} to spend now`);
    });

  program
    .command('token')
    .description('mint a dashboard bearer token (HS256) with AUTH_JWT_SECRET, or the secret the embedded mode keeps in DATA_DIR')
    .requiredOption('--user <id>', 'the user id (the token subject)')
    .option('--email <email>', 'the e-mail claim', email)
    .option('--ttl <seconds>', 'lifetime', seconds, 3600)
    .option('--json', 'print JSON')
    .action(async (options: { user: string; email?: string; ttl: number; json?: boolean }) => {
      const settings = withJwtSecret(config());
      if (!settings.AUTH_JWT_SECRET) throw new Refused('AUTH_JWKS_URL is set without AUTH_JWT_SECRET: tokens come from the identity provider only');
      if (!options.user.trim() || options.user.length > 255) throw new InvalidArgumentError('--user must be 1 to 255 characters');
      if (options.ttl > settings.AUTH_JWT_MAX_LIFETIME_SECONDS)
        throw new InvalidArgumentError(
          `--ttl is longer than the ${settings.AUTH_JWT_MAX_LIFETIME_SECONDS} s the server accepts (AUTH_JWT_MAX_LIFETIME_SECONDS)`,
        );
      const token = await mintToken({
        userId: options.user,
        email: options.email,
        secret: settings.AUTH_JWT_SECRET,
        ttlSeconds: options.ttl,
        audience: settings.AUTH_JWT_AUDIENCE,
        issuer: settings.AUTH_JWT_ISSUER,
      });
      if (options.json) print(JSON.stringify({ token, user_id: options.user, email: options.email ?? null, expires_in: options.ttl }));
      else print(token);
    });

  const worker = program.command('worker').description('background workers');
  worker
    .command('reports')
    .description('render report PDFs: takes jobs from the queue (BullMQ with REDIS_URL, else PostgreSQL) until stopped (needs DATABASE_URL and Chromium)')
    .option('--metrics-port <port>', "serve the worker's Prometheus metrics on this port", (v) => {
      const port = Number(v);
      if (!Number.isInteger(port) || port < 0 || port > 65535) throw new InvalidArgumentError('not a port');
      return port;
    })
    .action(async (options: { metricsPort?: number }) => {
      const { runReportWorker, WorkerStartError } = await import('./reports/worker/worker-main.ts');
      try {
        await runReportWorker(config(), { metricsPort: options.metricsPort });
      } catch (error) {
        if (error instanceof WorkerStartError) throw new Refused(error.message);
        throw error;
      }
    });

  const mail = program.command('mail').description('outgoing e-mail');
  mail
    .command('outbox')
    .description('the e-mails the service wrote, newest first (without SMTP they wait here)')
    .option('--limit <n>', 'how many', positiveInt('--limit', 1000), 20)
    .option('--status <status>', 'only held, sent or failed e-mails')
    .option('--json', 'print JSON lines')
    .action(async (options: { limit: number; status?: string; json?: boolean }) => {
      if (options.status && !['held', 'sent', 'failed'].includes(options.status)) throw new InvalidArgumentError('--status must be held, sent or failed');
      const result = await operation('mail.outbox', { limit: options.limit, status: options.status });
      for (const row of result.emails) {
        if (options.json) print(JSON.stringify(row));
        else
          print(
            `#${row.id} ${row.created_at} ${row.status.toUpperCase()} to ${row.to_address} (${row.kind})\nSubject: ${row.subject}${row.last_error ? `\nError: ${row.last_error}` : ''}\n\n${row.body_text || '(text dropped once sent)'}\n`,
          );
      }
      if (!result.emails.length && !options.json) print('the outbox is empty');
    });
  mail
    .command('send-held')
    .description('send the held and failed e-mails of the outbox through the configured SMTP server')
    .option('--limit <n>', 'at most this many', positiveInt('--limit', 10_000), 100)
    .action(async (options: { limit: number }) => {
      // Sent with the SMTP settings of the process that holds the database: the server's, when one runs.
      const outcome = await operation('mail.send-held', { limit: options.limit });
      print(`sent ${outcome.sent}, failed ${outcome.failed}`);
    });

  const billing = program.command('billing').description('billing: private request packs');
  billing
    .command('offer')
    .description('offer one user a pack of extra requests (replaces their open offer); they see and pay it in the dashboard')
    .requiredOption('--email <email>', "the user's e-mail address", email)
    .requiredOption('--requests <n>', 'extra requests, added to the quota of the period in which they pay', positiveInt('--requests', 1_000_000_000))
    .requiredOption('--price-cents <n>', "price in the currency's smallest unit", positiveInt('--price-cents', 100_000_000))
    .option('--currency <code>', 'three-letter currency code', 'usd')
    .option('--expires-days <n>', 'the offer lapses after this many days', positiveInt('--expires-days', 3650))
    .option('--note <text>', 'a line shown with the offer')
    .option('--json', 'print JSON')
    .action(async (options: { email: string; requests: number; priceCents: number; currency: string; expiresDays?: number; note?: string; json?: boolean }) => {
      const offer = await operation('billing.offer', {
        email: options.email,
        requests: options.requests,
        price_cents: options.priceCents,
        currency: options.currency,
        expires_days: options.expiresDays,
        note: options.note,
      });
      if (options.json) print(JSON.stringify(offer));
      else
        print(
          `offer ${offer.id}: ${offer.requests} requests for ${(offer.price_cents / 100).toFixed(2)} ${offer.currency.toUpperCase()} to ${offer.email}${offer.expires_at ? `, until ${offer.expires_at}` : ''}`,
        );
    });

  const admin = program.command('admin').description('operator access');
  admin
    .command('hash-password')
    .description('print the Argon2id hash for ADMIN_PASSWORD_HASH; the password is read from standard input or a prompt, never from arguments')
    .action(async () => {
      let password: string;
      try {
        password = await readPassword();
      } catch (error) {
        if (error instanceof PasswordMismatchError) throw new Refused(error.message);
        throw error;
      }
      if (password.length < MIN_PASSWORD_LENGTH || password.length > MAX_PASSWORD_LENGTH)
        throw new Refused(`the password must have ${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters`);
      print(await hashAdminPassword(password));
    });

  return program;
}
