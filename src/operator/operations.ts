/**
 * What the command line asks of the database: apply the migrations, create an API key, give a
 * user report credits, read the e-mail outbox and send what it holds, offer a request pack. Run by the
 * process that holds the database: the CLI itself (a PostgreSQL server, or DATA_DIR when no
 * server holds it), or the embedded server on the CLI's behalf (endpoint.ts), so that the same
 * code does the work however the command reaches the database.
 */
import { z } from 'zod/v4';
import type { DatabasePool } from 'slonik';
import { migrate } from '../db/migrate.ts';
import { createKeyForEmail, UnknownPlanError } from '../features/keys/keys-service.ts';
import { PlanRepository } from '../db/plans.ts';
import { EmailOutboxRepository, type OutboxRow } from '../db/email-outbox.ts';
import { UserRepository } from '../db/users.ts';
import { createRequestPackOffer, OfferInputError } from '../features/billing/request-packs.ts';
import { adjustReportCredits, MAX_ADJUSTMENT, MAX_REASON_LENGTH } from './report-credit-adjustment.ts';
import { createSmtpTransport } from '../mail/transport.ts';
import { Mailer } from '../mail/mailer.ts';
import type { Config } from '../config.ts';

export interface OperationDatabase {
  url: string;
  pool: DatabasePool;
  /** The settings of the process that runs the operation (the server's, when it runs one for a command): its SMTP server, for one. */
  config: Config;
}

export const keysCreateInput = z.object({
  email: z.string().email().max(254),
  plan: z.string().min(1).max(64).optional(),
  name: z.string().min(1).max(255).default('default'),
  /** Lasting report credits given with the key (to try a report on an operator plan, which includes none). */
  credits: z.number().int().min(1).max(MAX_ADJUSTMENT).optional(),
});

export const creditsGrantInput = z.object({
  email: z.string().email().max(254),
  count: z.number().int().min(1).max(MAX_ADJUSTMENT),
  reason: z.string().trim().min(1).max(MAX_REASON_LENGTH).default('granted from the command line'),
});

export const mailOutboxInput = z.object({
  limit: z.number().int().min(1).max(1000).default(20),
  status: z.enum(['held', 'sent', 'failed']).optional(),
});

export const mailSendHeldInput = z.object({ limit: z.number().int().min(1).max(10_000).default(100) });

export const billingOfferInput = z.object({
  email: z.string().email().max(254),
  requests: z.number().int().min(1).max(1_000_000_000),
  price_cents: z.number().int().min(1).max(100_000_000),
  currency: z.string().min(1).max(10).default('usd'),
  expires_days: z.number().int().min(1).max(3650).optional(),
  note: z.string().max(500).optional(),
});

export interface CreatedKey {
  key: string;
  id: string;
  name: string;
  prefix: string;
  user_id: string;
  email: string;
  plan: string;
  /** The plan's limits: requests per period (null: none) and per second (null: none). */
  limits: { requests: number | null; period: 'day' | 'month'; per_second: number | null };
  /** The user's report credits now; present when the key came with credits (`credits`). */
  report_credits?: number;
  created_at: string;
}

export interface GrantedCredits {
  user_id: string;
  email: string;
  granted: number;
  /** Credits the user can spend now. */
  remaining: number;
}

export const operations = {
  migrate: async (db: OperationDatabase): Promise<{ applied: string[] }> => ({ applied: await migrate(db.url) }),

  'keys.create': async (db: OperationDatabase, input: unknown): Promise<CreatedKey> => {
    const { email, plan, name, credits } = keysCreateInput.parse(input);
    // A server started with MIGRATE_ON_START=false may not have the tables yet.
    await migrate(db.url);
    const created = await createKeyForEmail(db.pool, { email, plan, name });
    const limits = (await new PlanRepository(db.pool).find(created.plan_code))!;
    // Keyed by the new key: the grant belongs to this key's creation and happens once with it.
    const granted = credits
      ? await adjustReportCredits(db.pool, {
          userId: created.user_id,
          credits,
          reason: `granted with the API key ${created.prefix}`,
          channel: 'key',
          reference: created.id,
        })
      : null;
    return {
      key: created.key,
      id: created.id,
      name: created.name,
      prefix: created.prefix,
      user_id: created.user_id,
      email: created.email,
      plan: created.plan_code,
      limits: { requests: limits.request_limit, period: limits.limit_period, per_second: limits.rps_limit },
      ...(granted ? { report_credits: granted.remaining } : {}),
      created_at: created.created_at,
    };
  },

  'credits.grant': async (db: OperationDatabase, input: unknown): Promise<GrantedCredits> => {
    const { email, count, reason } = creditsGrantInput.parse(input);
    await migrate(db.url);
    const user = await new UserRepository(db.pool).findByEmail(email);
    if (!user) throw new OperationRefused('not_found', `no user with the address ${email} (keys create makes one)`);
    const granted = await adjustReportCredits(db.pool, { userId: user.id, credits: count, reason, channel: 'cli' });
    if (!granted) throw new OperationRefused('not_found', `no user with the address ${email}`);
    return { user_id: user.id, email: user.email, granted: granted.applied, remaining: granted.remaining };
  },

  'mail.outbox': async (db: OperationDatabase, input: unknown): Promise<{ emails: OutboxRow[] }> => {
    const { limit, status } = mailOutboxInput.parse(input);
    await migrate(db.url);
    return { emails: [...(await new EmailOutboxRepository(db.pool).recent({ limit, status }))] };
  },

  'mail.send-held': async (db: OperationDatabase, input: unknown): Promise<{ sent: number; failed: number }> => {
    const { limit } = mailSendHeldInput.parse(input);
    const transport = createSmtpTransport(db.config);
    if (!transport) throw new OperationRefused('not_configured', 'no SMTP configured (SMTP_URL or SMTP_HOST)');
    await migrate(db.url);
    const mailer = new Mailer(db.pool, transport, db.config.MAIL_FROM, { info: () => {}, warn: () => {} });
    try {
      return await mailer.sendUnsent(limit);
    } finally {
      mailer.close();
    }
  },

  'billing.offer': async (db: OperationDatabase, input: unknown) => {
    const { email, requests, price_cents, currency, expires_days, note } = billingOfferInput.parse(input);
    await migrate(db.url);
    const user = await new UserRepository(db.pool).findByEmail(email);
    if (!user) throw new OperationRefused('not_found', `no user with the address ${email}`);
    try {
      const offer = await createRequestPackOffer(db.pool, {
        userId: user.id,
        requests,
        priceCents: price_cents,
        currency,
        note: note ?? null,
        expiresAt: expires_days ? new Date(Date.now() + expires_days * 86_400_000).toISOString() : null,
      });
      return { ...offer, email: user.email };
    } catch (error) {
      if (error instanceof OfferInputError) throw new OperationRefused('invalid_input', error.message);
      throw error;
    }
  },
};

export type OperationName = keyof typeof operations;
export type OperationResult<N extends OperationName> = Awaited<ReturnType<(typeof operations)[N]>>;

export const isOperationName = (name: string): name is OperationName => Object.hasOwn(operations, name);

export const REFUSAL_CODES = ['unknown_plan', 'invalid_input', 'not_found', 'not_configured'] as const;
export type RefusalCode = (typeof REFUSAL_CODES)[number];

/** An operation's refusal that the command line reports as a usage error (exit code 2), wherever it ran. */
export class OperationRefused extends Error {
  constructor(
    readonly code: RefusalCode,
    message: string,
  ) {
    super(message);
  }
}

export async function runOperation<N extends OperationName>(db: OperationDatabase, name: N, input: unknown): Promise<OperationResult<N>> {
  try {
    return (await operations[name](db, input)) as OperationResult<N>;
  } catch (error) {
    if (error instanceof UnknownPlanError) throw new OperationRefused('unknown_plan', error.message);
    if (error instanceof z.ZodError)
      throw new OperationRefused('invalid_input', error.issues.map((i) => `${i.path.join('.') || 'input'}: ${i.message}`).join('; '));
    throw error;
  }
}
