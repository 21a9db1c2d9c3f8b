/** What the billing services share: the database, the Stripe client, the catalogue and settings. */
import type { DatabasePool } from 'slonik';
import type Stripe from 'stripe';
import type { Catalog } from './catalog.ts';

export interface PaymentFailure {
  invoiceId: string;
  attempt: number;
  amountCents: number;
  currency: string;
  planCode: string | null;
}

export interface BillingContext {
  db: DatabasePool;
  stripe: Stripe;
  catalog: Catalog;
  /** How long a past-due subscription keeps its paid plan. */
  graceHours: number;
  /** Every API process forgets the user's cached keys: their plan or limits changed. */
  forgetUserKeys(userId: string): Promise<void>;
  /** Tells the user their payment failed (their settings decide whether an e-mail goes out). */
  paymentFailed(userId: string, failure: PaymentFailure): Promise<void>;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

/** Billing needs Stripe and Stripe is not configured. */
export class BillingDisabledError extends Error {
  constructor() {
    super('Billing is not configured on this server');
  }
}
