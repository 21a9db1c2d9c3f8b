/**
 * The money side of the Stripe mirror: invoices, payments, refunds and disputes, amounts in the
 * currency's smallest unit with their currency. They are kept when a user is erased.
 */
import { type CommonQueryMethods } from 'slonik';
import { sql } from './sql.ts';
import { z } from 'zod/v4';

export interface InvoiceMirror {
  invoice_id: string;
  customer_id: string | null;
  user_id: string | null;
  subscription_id: string | null;
  status: string | null;
  billing_reason: string | null;
  currency: string;
  amount_due_cents: number;
  amount_paid_cents: number;
  total_cents: number;
  attempt_count: number;
  plan_code: string | null;
  price_id: string | null;
  period_start: string | null;
  period_end: string | null;
  number: string | null;
  created_at: string;
  paid_at: string | null;
  read_at: string;
}

export interface PaymentRecord {
  payment_id: string;
  user_id: string | null;
  customer_id: string | null;
  invoice_id: string | null;
  checkout_session_id: string | null;
  kind: 'subscription' | 'credit_pack' | 'request_pack';
  product_code: string | null;
  amount_cents: number;
  currency: string;
  status: string;
  paid_at: string | null;
}

export interface MoneyMovement {
  id: string;
  payment_id: string | null;
  charge_id: string | null;
  user_id: string | null;
  amount_cents: number;
  currency: string;
  status: string;
  reason: string | null;
  created_at: string;
  read_at: string;
}

export class BillingRecordRepository {
  constructor(private readonly db: CommonQueryMethods) {}

  /** Stores an invoice read unless a newer read is stored. */
  async storeInvoice(i: InvoiceMirror): Promise<void> {
    await this.db.query(sql.unsafe`
      insert into billing_invoices (invoice_id, customer_id, user_id, subscription_id, status, billing_reason, currency, amount_due_cents, amount_paid_cents,
        total_cents, attempt_count, plan_code, price_id, period_start, period_end, number, created_at, paid_at, read_at)
      values (${i.invoice_id}, ${i.customer_id}, ${i.user_id}, ${i.subscription_id}, ${i.status}, ${i.billing_reason}, ${i.currency}, ${i.amount_due_cents},
        ${i.amount_paid_cents}, ${i.total_cents}, ${i.attempt_count}, ${i.plan_code}, ${i.price_id}, ${i.period_start}, ${i.period_end}, ${i.number},
        ${i.created_at}, ${i.paid_at}, ${i.read_at})
      on conflict (invoice_id) do update set
        user_id = coalesce(excluded.user_id, billing_invoices.user_id), status = excluded.status, amount_due_cents = excluded.amount_due_cents,
        amount_paid_cents = excluded.amount_paid_cents, total_cents = excluded.total_cents, attempt_count = excluded.attempt_count,
        plan_code = coalesce(excluded.plan_code, billing_invoices.plan_code), paid_at = coalesce(excluded.paid_at, billing_invoices.paid_at), read_at = excluded.read_at
      where billing_invoices.read_at <= excluded.read_at`);
  }

  async storePayment(p: PaymentRecord): Promise<void> {
    await this.db.query(sql.unsafe`
      insert into billing_payments (payment_id, user_id, customer_id, invoice_id, checkout_session_id, kind, product_code, amount_cents, currency, status, paid_at)
      values (${p.payment_id}, ${p.user_id}, ${p.customer_id}, ${p.invoice_id}, ${p.checkout_session_id}, ${p.kind}, ${p.product_code}, ${p.amount_cents},
        ${p.currency}, ${p.status}, ${p.paid_at})
      on conflict (payment_id) do update set
        status = excluded.status, amount_cents = excluded.amount_cents, paid_at = coalesce(billing_payments.paid_at, excluded.paid_at),
        user_id = coalesce(billing_payments.user_id, excluded.user_id), invoice_id = coalesce(billing_payments.invoice_id, excluded.invoice_id),
        checkout_session_id = coalesce(billing_payments.checkout_session_id, excluded.checkout_session_id),
        product_code = coalesce(billing_payments.product_code, excluded.product_code)`);
  }

  async userOfPayment(paymentId: string): Promise<string | null> {
    return this.db.maybeOneFirst(sql.type(z.object({ user_id: z.string().nullable() }))`select user_id from billing_payments where payment_id = ${paymentId}`);
  }

  async storeRefund(r: MoneyMovement): Promise<void> {
    await this.db.query(sql.unsafe`
      insert into billing_refunds (refund_id, payment_id, charge_id, user_id, amount_cents, currency, status, reason, created_at, read_at)
      values (${r.id}, ${r.payment_id}, ${r.charge_id}, ${r.user_id}, ${r.amount_cents}, ${r.currency}, ${r.status}, ${r.reason}, ${r.created_at}, ${r.read_at})
      on conflict (refund_id) do update set status = excluded.status, amount_cents = excluded.amount_cents, reason = excluded.reason, read_at = excluded.read_at
      where billing_refunds.read_at <= excluded.read_at`);
  }

  async storeDispute(d: MoneyMovement): Promise<void> {
    await this.db.query(sql.unsafe`
      insert into billing_disputes (dispute_id, payment_id, charge_id, user_id, amount_cents, currency, status, reason, created_at, read_at)
      values (${d.id}, ${d.payment_id}, ${d.charge_id}, ${d.user_id}, ${d.amount_cents}, ${d.currency}, ${d.status}, ${d.reason}, ${d.created_at}, ${d.read_at})
      on conflict (dispute_id) do update set status = excluded.status, amount_cents = excluded.amount_cents, reason = excluded.reason, read_at = excluded.read_at
      where billing_disputes.read_at <= excluded.read_at`);
  }
}
