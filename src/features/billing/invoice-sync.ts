/**
 * Invoices read again from Stripe into the mirror, with their payments. A paid subscription
 * invoice grants its period's report credits (once per invoice); a failed one tells the user; a
 * refunded or disputed one takes them back (credit-reversals.ts).
 */
import type Stripe from 'stripe';
import { BillingCustomerRepository } from '../../db/billing-customers.ts';
import { BillingRecordRepository } from '../../db/billing-records.ts';
import { PlanRepository } from '../../db/plans.ts';
import { ReportCreditRepository } from '../../db/report-credits.ts';
import type { BillingContext } from './context.ts';
import { reconcileCreditsOfPayment } from './credit-reversals.ts';
import { lockUser } from './entitlements.ts';
import { isMissingResource } from './stripe-client.ts';
import { idOf, invoiceMirror, isoOf, periodOfInvoice, priceOfInvoice } from './stripe-objects.ts';

export interface SyncedInvoice {
  invoice: Stripe.Invoice;
  userId: string | null;
  planCode: string | null;
}

export async function syncInvoice(ctx: BillingContext, invoiceId: string): Promise<SyncedInvoice | null> {
  const readAt = new Date().toISOString();
  let invoice: Stripe.Invoice;
  try {
    invoice = await ctx.stripe.invoices.retrieve(invoiceId, { expand: ['payments'] });
  } catch (error) {
    if (isMissingResource(error)) return null;
    throw error;
  }
  const customerId = idOf(invoice.customer);
  const userId = customerId ? await new BillingCustomerRepository(ctx.db).userOf(customerId) : null;
  const priceId = priceOfInvoice(invoice);
  const planCode = priceId ? await ctx.catalog.planOfPrice(priceId) : null;
  const paymentIds: string[] = [];
  await ctx.db.transaction(async (tx) => {
    const userExists = userId ? await lockUser(tx, userId) : false;
    const records = new BillingRecordRepository(tx);
    await records.storeInvoice(invoiceMirror(invoice, { userId, planCode, readAt }));
    for (const payment of invoice.payments?.data ?? []) {
      const intent = payment.payment?.type === 'payment_intent' ? idOf(payment.payment.payment_intent ?? null) : null;
      if (!intent) continue;
      paymentIds.push(intent);
      const paid = payment.status === 'paid';
      await records.storePayment({
        payment_id: intent,
        user_id: userId,
        customer_id: customerId,
        invoice_id: invoice.id,
        checkout_session_id: null,
        kind: 'subscription',
        product_code: planCode,
        amount_cents: payment.amount_paid ?? payment.amount_requested,
        currency: payment.currency,
        status: paid ? 'succeeded' : payment.status,
        paid_at: paid ? (isoOf(invoice.status_transitions?.paid_at) ?? readAt) : null,
      });
    }
    if (invoice.status !== 'paid' || !userExists || !planCode) return;
    const plan = await new PlanRepository(tx).find(planCode);
    const period = periodOfInvoice(invoice);
    if (plan && plan.report_credits > 0 && period.start && period.end) {
      await new ReportCreditRepository(ctx.db).grantPlanPeriod(tx, {
        userId: userId!,
        reference: `invoice:${invoice.id}`,
        credits: plan.report_credits,
        periodStart: period.start,
        periodEnd: period.end,
      });
    }
  });
  // A refund or dispute of the invoice's payment told of before the invoice was read.
  for (const paymentId of paymentIds) await reconcileCreditsOfPayment(ctx.db, paymentId);
  return { invoice, userId, planCode };
}
