/**
 * The command line: `serve`, `migrate`, `keys create`, `token`. Works in both modes and whether
 * or not the server runs (in embedded mode it then talks to the server's database socket).
 */
import { Command, InvalidArgumentError } from 'commander';
import { loadConfig } from './config.ts';
import { openDatabase } from './services.ts';
import { createKeyForEmail, UnknownPlanError } from './features/keys/service.ts';
import { withJwtSecret } from './features/auth/jwt-secret.ts';
import { mintToken } from './features/auth/token.ts';

const program = new Command().name('astro').description('Astrology calculation service').showHelpAfterError();

program.command('serve').description('run the HTTP API').action(async () => {
  const { serve } = await import('./main.ts');
  await serve();
});

program.command('migrate').description('apply pending database migrations').action(async () => {
  const config = loadConfig();
  const db = await openDatabase(config, { migrate: false });
  try {
    const { migrate } = await import('./db/migrate.ts');
    const applied = await migrate(db.url);
    console.log(applied.length ? `applied: ${applied.join(', ')}` : 'database is up to date');
  } finally {
    await db.close();
  }
});

const email = (value: string) => {
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value) || value.length > 254) throw new InvalidArgumentError('not an e-mail address');
  return value;
};

const keys = program.command('keys').description('manage API keys');
keys
  .command('create')
  .description('create an API key for a user (created on first use); the key is printed once')
  .requiredOption('--email <email>', 'owner e-mail address', email)
  .option('--plan <code>', 'put the user on this plan (free, entry, high, unlimited)')
  .option('--name <name>', 'a label for the key', 'default')
  .option('--json', 'print JSON')
  .action(async (options: { email: string; plan?: string; name: string; json?: boolean }) => {
    const config = loadConfig();
    const db = await openDatabase(config, { migrate: true });
    try {
      const created = await createKeyForEmail(db.pool, { email: options.email, plan: options.plan, name: options.name });
      const output = { key: created.key, id: created.id, name: created.name, prefix: created.prefix, user_id: created.user_id, email: created.email, plan: created.plan_code, created_at: created.created_at };
      if (options.json) console.log(JSON.stringify(output));
      else console.log(`API key for ${output.email} (plan ${output.plan}):\n  ${output.key}\nIt is shown only once; store it now.`);
    } catch (error) {
      if (error instanceof UnknownPlanError) {
        console.error(error.message);
        process.exitCode = 2;
        return;
      }
      throw error;
    } finally {
      await db.close();
    }
  });

const seconds = (value: string) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 366 * 86400) throw new InvalidArgumentError('a whole number of seconds, 1 to 31622400');
  return n;
};

program
  .command('token')
  .description('mint a dashboard bearer token (HS256) with AUTH_JWT_SECRET, or the secret the embedded mode keeps in DATA_DIR')
  .requiredOption('--user <id>', 'the user id (the token subject)')
  .option('--email <email>', 'the e-mail claim', email)
  .option('--ttl <seconds>', 'lifetime', seconds, 3600)
  .option('--json', 'print JSON')
  .action(async (options: { user: string; email?: string; ttl: number; json?: boolean }) => {
    const config = withJwtSecret(loadConfig());
    if (!config.AUTH_JWT_SECRET) {
      console.error('AUTH_JWKS_URL is set without AUTH_JWT_SECRET: tokens come from the identity provider only');
      process.exitCode = 2;
      return;
    }
    if (!options.user.trim() || options.user.length > 255) throw new InvalidArgumentError('--user must be 1 to 255 characters');
    const token = await mintToken({ userId: options.user, email: options.email, secret: config.AUTH_JWT_SECRET, ttlSeconds: options.ttl, audience: config.AUTH_JWT_AUDIENCE, issuer: config.AUTH_JWT_ISSUER });
    if (options.json) console.log(JSON.stringify({ token, user_id: options.user, email: options.email ?? null, expires_in: options.ttl }));
    else console.log(token);
  });

program.parseAsync().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
