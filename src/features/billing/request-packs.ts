/**
 * Private offers of extra requests. The operator makes one for one user (CLI `billing offer`, or
 * the admin API through createRequestPackOffer); only that user sees it and can pay it, once, and
 * the requests are added to the quota of their current limit period.
 */
import type { DatabasePool } from 'slonik';
import { RequestPackOfferRepository, type OfferRow } from '../../db/request-pack-offers.ts';
import { UserRepository } from '../../db/users.ts';

export class OfferInputError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

export interface OfferInput {
  userId: string;
  requests: number;
  priceCents: number;
  currency?: string;
  /** When the offer lapses; null or absent: it stays until bought or replaced. */
  expiresAt?: string | null;
  note?: string | null;
}

/** Stripe's smallest charge is about 50 cents in most currencies. */
const MIN_PRICE_CENTS = 50;

export async function createRequestPackOffer(db: DatabasePool, input: OfferInput): Promise<OfferRow> {
  if (!Number.isInteger(input.requests) || input.requests < 1 || input.requests > 1_000_000_000)
    throw new OfferInputError('requests', 'requests must be a whole number from 1 to 1,000,000,000');
  if (!Number.isInteger(input.priceCents) || input.priceCents < MIN_PRICE_CENTS || input.priceCents > 100_000_000)
    throw new OfferInputError('price_cents', `price_cents must be a whole number from ${MIN_PRICE_CENTS} to 100,000,000`);
  const currency = (input.currency ?? 'usd').toLowerCase();
  if (!/^[a-z]{3}$/.test(currency)) throw new OfferInputError('currency', 'currency must be a three-letter ISO code such as usd');
  const expiresMs = input.expiresAt ? Date.parse(input.expiresAt) : undefined;
  if (expiresMs !== undefined && (Number.isNaN(expiresMs) || expiresMs <= Date.now()))
    throw new OfferInputError('expires_at', 'expires_at must be an instant in the future');
  if (input.note && input.note.length > 500) throw new OfferInputError('note', 'note must be at most 500 characters');
  if (!(await new UserRepository(db).findById(input.userId))) throw new OfferInputError('user_id', `no user ${input.userId}`);
  return db.transaction((tx) =>
    new RequestPackOfferRepository(tx).create({
      userId: input.userId,
      requests: input.requests,
      priceCents: input.priceCents,
      currency,
      expiresAt: expiresMs === undefined ? null : new Date(expiresMs).toISOString(),
      note: input.note ?? null,
    }),
  );
}

export async function withdrawRequestPackOffer(db: DatabasePool, offerId: string): Promise<boolean> {
  return new RequestPackOfferRepository(db).withdraw(offerId);
}
