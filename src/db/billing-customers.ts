/** Stripe customers of our users (one live customer per user). */
import { type CommonQueryMethods } from 'slonik';
import { sql } from './sql.ts';
import { z } from 'zod/v4';

export class BillingCustomerRepository {
  constructor(private readonly db: CommonQueryMethods) {}

  async liveCustomerOf(userId: string): Promise<string | null> {
    return this.db.maybeOneFirst(
      sql.type(z.object({ customer_id: z.string() }))`select customer_id from billing_customers where user_id = ${userId} and deleted_at is null`,
    );
  }

  /** Links a customer to the user; the live customer already linked wins a race (its id is returned). */
  async link(input: { customerId: string; userId: string; email: string | null; livemode: boolean }): Promise<string> {
    await this.db.query(sql.unsafe`
      insert into billing_customers (customer_id, user_id, email, livemode) values (${input.customerId}, ${input.userId}, ${input.email}, ${input.livemode})
      on conflict do nothing`);
    return (await this.liveCustomerOf(input.userId)) ?? input.customerId;
  }

  async userOf(customerId: string): Promise<string | null> {
    return this.db.maybeOneFirst(sql.type(z.object({ user_id: z.string() }))`select user_id from billing_customers where customer_id = ${customerId}`);
  }

  /** Stripe deleted the customer: the row stays for its invoices, without the address. */
  async markDeleted(customerId: string): Promise<string | null> {
    return this.db.maybeOneFirst(sql.type(z.object({ user_id: z.string() }))`
      update billing_customers set deleted_at = coalesce(deleted_at, now()), email = null where customer_id = ${customerId} returning user_id`);
  }

  async customersOf(userId: string): Promise<readonly { customer_id: string; deleted_at: string | null }[]> {
    return this.db.any(sql.type(z.object({ customer_id: z.string(), deleted_at: z.string().nullable() }))`
      select customer_id, deleted_at from billing_customers where user_id = ${userId} order by created_at`);
  }
}
