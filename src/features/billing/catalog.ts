/**
 * What can be bought: the public paid plans (subscriptions) and the report-credit packs
 * (one-off), by product code, with their Stripe Price ids. Price ids come from STRIPE_PRICES or
 * from the tables, never from a client; a plan without one is not for sale.
 */
import { type CommonQueryMethods } from 'slonik';
import { sql } from '../../db/sql.ts';
import { z } from 'zod/v4';
import { PlanRepository, type PlanRow } from '../../db/plans.ts';

export interface Product {
  code: string;
  kind: 'plan' | 'credit_pack';
  name: string;
  priceCents: number;
  currency: string;
  /** Report credits: per period for a plan, per pack for a pack. */
  credits: number;
  stripePriceId: string | null;
}

const packRow = z.object({
  code: z.string(),
  name: z.string(),
  credits: z.number(),
  price_cents: z.number(),
  currency: z.string(),
  stripe_price_id: z.string().nullable(),
});
export type CreditPackRow = z.infer<typeof packRow>;

export class Catalog {
  constructor(
    private readonly db: CommonQueryMethods,
    private readonly configuredPrices: Record<string, string>,
  ) {}

  async product(code: string): Promise<Product | null> {
    const plan = await this.db.maybeOne(sql.type(
      z.object({
        code: z.string(),
        name: z.string(),
        price_cents: z.number(),
        currency: z.string(),
        report_credits: z.number(),
        stripe_price_id: z.string().nullable(),
      }),
    )`
      select code, name, price_cents, currency, report_credits, stripe_price_id from plans where code = ${code} and public and price_cents > 0`);
    if (plan)
      return {
        code,
        kind: 'plan',
        name: plan.name,
        priceCents: plan.price_cents,
        currency: plan.currency,
        credits: plan.report_credits,
        stripePriceId: this.configuredPrices[code] ?? plan.stripe_price_id,
      };
    const pack = await this.db.maybeOne(
      sql.type(packRow)`select code, name, credits, price_cents, currency, stripe_price_id from credit_packs where code = ${code} and active`,
    );
    if (pack)
      return {
        code,
        kind: 'credit_pack',
        name: pack.name,
        priceCents: pack.price_cents,
        currency: pack.currency,
        credits: pack.credits,
        stripePriceId: this.configuredPrices[code] ?? pack.stripe_price_id,
      };
    return null;
  }

  /** The plan a subscription's Stripe Price stands for. */
  async planOfPrice(priceId: string): Promise<string | null> {
    const configured = Object.entries(this.configuredPrices).find(([, id]) => id === priceId)?.[0];
    if (configured) return (await new PlanRepository(this.db).find(configured)) ? configured : null;
    return this.db.maybeOneFirst(sql.type(z.object({ code: z.string() }))`select code from plans where stripe_price_id = ${priceId} limit 1`);
  }

  async publicPlans(): Promise<readonly PlanRow[]> {
    return (await new PlanRepository(this.db).list()).filter((p) => p.public);
  }

  async creditPacks(): Promise<readonly CreditPackRow[]> {
    return this.db.any(
      sql.type(packRow)`select code, name, credits, price_cents, currency, stripe_price_id from credit_packs where active order by price_cents, code`,
    );
  }
}
