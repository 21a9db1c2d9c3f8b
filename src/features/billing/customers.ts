/** The Stripe customer of a user: created (once, even under concurrent checkouts) and linked before any session. */
import { BillingCustomerRepository } from '../../db/billing-customers.ts';
import type { UserRow } from '../../db/users.ts';
import type { BillingContext } from './context.ts';

export async function ensureCustomer(ctx: BillingContext, user: UserRow): Promise<string> {
  const customers = new BillingCustomerRepository(ctx.db);
  const live = await customers.liveCustomerOf(user.id);
  if (live) return live;
  // Concurrent first checkouts send the same idempotency key, so Stripe creates one customer.
  // The key changes with each customer the user ever had (after one was deleted, a new one).
  const generation = (await customers.customersOf(user.id)).length;
  const customer = await ctx.stripe.customers.create(
    { email: user.email, name: user.full_name ?? undefined, metadata: { user_id: user.id } },
    { idempotencyKey: `customer-of-${user.id}-${Date.parse(user.created_at)}-${generation}` },
  );
  return customers.link({ customerId: customer.id, userId: user.id, email: user.email, livemode: customer.livemode });
}
