/**
 * The services around accounts that the routes, the usage log and the admin API share: Stripe
 * billing, the mailer and notifications, usage alerts, and the account deletion job.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { DatabasePool } from 'slonik';
import type Stripe from 'stripe';
import type { Config } from './config.ts';
import { ApiKeyRepository } from './db/api-keys.ts';
import type { IdempotencyStore } from './http/idempotency-store.ts';
import type { KeyRevocations } from './http/key-revocation.ts';
import type { RateLimiter } from './http/rate-limit.ts';
import { Mailer } from './mail/mailer.ts';
import { createSmtpTransport } from './mail/transport.ts';
import { BillingService } from './features/billing/billing-service.ts';
import { createStripeClient } from './features/billing/stripe-client.ts';
import { AccountDeletions } from './features/settings/account-deletion.ts';
import { Notifications } from './features/settings/notifications.ts';
import { UsageAlerts } from './features/settings/usage-alerts.ts';

export interface AccountServices {
  stripe: Stripe | null;
  mailer: Mailer;
  notifications: Notifications;
  billing: BillingService;
  usageAlerts: UsageAlerts;
  deletions: AccountDeletions;
  close(): Promise<void>;
}

export function createAccountServices(deps: {
  config: Config;
  db: DatabasePool;
  log: FastifyBaseLogger;
  rateLimiter: RateLimiter;
  revocations: KeyRevocations;
  idempotency: IdempotencyStore;
}): AccountServices {
  const { config, db, log } = deps;
  const stripe = createStripeClient(config);
  const transport = createSmtpTransport(config);
  if (!transport) log.info('no SMTP configured: e-mails are kept in the email_outbox table (npm run cli -- mail outbox)');
  const mailer = new Mailer(db, transport, config.MAIL_FROM, log);
  const notifications = new Notifications(db, mailer);
  const keys = new ApiKeyRepository(db);
  const used = (userId: string, period: 'day' | 'month') => deps.rateLimiter.used(userId, period);
  const billing = new BillingService({
    db,
    stripe,
    config,
    log,
    usedRequests: used,
    forgetUserKeys: async (userId) => deps.revocations.forget(await keys.hashesOfUser(userId)),
    paymentFailed: async (userId, failure) => {
      await notifications.paymentFailed(userId, failure);
    },
  });
  const usageAlerts = new UsageAlerts(db, used, notifications, (message, error) => log.error({ err: error }, message));
  const deletions = new AccountDeletions({
    db,
    log,
    revocations: deps.revocations,
    idempotency: deps.idempotency,
    pollSeconds: config.ACCOUNT_DELETION_POLL_SECONDS,
    stopBilling: (userId) => billing.stopBilling(userId),
  });
  return {
    stripe,
    mailer,
    notifications,
    billing,
    usageAlerts,
    deletions,
    async close() {
      await deletions.close();
      await usageAlerts.settled();
      mailer.close();
    },
  };
}
