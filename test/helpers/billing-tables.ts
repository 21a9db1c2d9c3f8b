/**
 * The tables of the payment provider's mirror that revenue analytics reads, created as the
 * billing migration creates them, for databases that do not have them yet (columns the revenue
 * queries do not read are left out). Where the billing migration has run, nothing is created.
 */
import { sql, type DatabasePool } from 'slonik';

export async function ensureBillingTables(db: DatabasePool): Promise<void> {
  await db.query(sql.unsafe`create table if not exists billing_subscriptions (
    subscription_id text primary key, customer_id text not null, user_id text, status text not null, plan_code text, price_id text,
    quantity integer not null default 1, currency text not null, unit_amount_cents bigint not null default 0, billing_interval text,
    interval_count integer, mrr_cents bigint not null default 0, created_at timestamptz not null, read_at timestamptz not null,
    updated_at timestamptz not null default now())`);
  await db.query(sql.unsafe`create table if not exists billing_mrr_changes (
    id bigint generated always as identity primary key, subscription_id text not null, user_id text, currency text not null,
    previous_mrr_cents bigint not null, mrr_cents bigint not null,
    kind text not null check (kind in ('new', 'expansion', 'contraction', 'churn', 'reactivation')), plan_code text,
    occurred_at timestamptz not null default now())`);
  await db.query(sql.unsafe`create table if not exists billing_payments (
    payment_id text primary key, user_id text, customer_id text, invoice_id text, checkout_session_id text,
    kind text not null check (kind in ('subscription', 'credit_pack', 'request_pack')), product_code text,
    amount_cents bigint not null, currency text not null, status text not null, paid_at timestamptz, created_at timestamptz not null default now())`);
  await db.query(sql.unsafe`create table if not exists billing_refunds (
    refund_id text primary key, payment_id text, charge_id text, user_id text, amount_cents bigint not null, currency text not null,
    status text not null, reason text, created_at timestamptz not null, read_at timestamptz not null)`);
  await db.query(sql.unsafe`create table if not exists billing_disputes (
    dispute_id text primary key, payment_id text, charge_id text, user_id text, amount_cents bigint not null, currency text not null,
    status text not null, reason text, created_at timestamptz not null, read_at timestamptz not null)`);
}
