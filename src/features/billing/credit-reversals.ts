/**
 * Report credits follow the money back: a refunded or disputed payment for a credit pack or a
 * plan period takes back the credits it granted (what is left of them: spent credits stay spent),
 * and a refund that fails or a dispute the merchant wins gives them back.
 *
 * It works from the mirror (billing_payments, billing_refunds, billing_disputes), after each
 * refund or dispute is read again from Stripe, and again once a payment is mirrored (a refund's
 * event may come before the purchase's). Every withdrawal is keyed by the refund's or dispute's
 * id, so however many events tell of one refund, in whatever order, it withdraws once.
 * A partial refund asks back the same share of the credits, rounded up.
 */
import { type CommonQueryMethods, type DatabasePool } from 'slonik';
import { sql } from '../../db/sql.ts';
import { z } from 'zod/v4';
import { ReportCreditRepository } from '../../db/report-credits.ts';
import { lockUser } from './entitlements.ts';

/** Refund statuses under which the money is (or is about to be) back with the customer. */
const REFUND_TAKES = new Set(['succeeded', 'pending', 'requires_action']);
const REFUND_GIVES_BACK = new Set(['failed', 'canceled']);
/** A dispute's funds are withdrawn from the merchant in these; inquiries (`warning_*`) move no money. */
const DISPUTE_TAKES = new Set(['needs_response', 'under_review', 'lost']);
const DISPUTE_GIVES_BACK = new Set(['won']);

const paymentRow = z.object({
  user_id: z.string().nullable(),
  kind: z.string(),
  checkout_session_id: z.string().nullable(),
  invoice_id: z.string().nullable(),
  amount_cents: z.number(),
});
const movementRow = z.object({ id: z.string(), kind: z.enum(['refund', 'dispute']), amount_cents: z.number(), status: z.string() });

/** The ledger reference of what a payment granted, or null when it granted no report credits. */
function grantOf(payment: z.infer<typeof paymentRow>): string | null {
  if (payment.kind === 'credit_pack' && payment.checkout_session_id) return `checkout:${payment.checkout_session_id}`;
  if (payment.kind === 'subscription' && payment.invoice_id) return `invoice:${payment.invoice_id}`;
  return null;
}

function actionOf(movement: z.infer<typeof movementRow>): 'withdraw' | 'restore' | null {
  const [takes, givesBack] = movement.kind === 'refund' ? [REFUND_TAKES, REFUND_GIVES_BACK] : [DISPUTE_TAKES, DISPUTE_GIVES_BACK];
  return takes.has(movement.status) ? 'withdraw' : givesBack.has(movement.status) ? 'restore' : null;
}

/** Brings the report credits of one payment in line with its refunds and disputes as mirrored now. */
export async function reconcileCreditsOfPayment(db: DatabasePool, paymentId: string): Promise<void> {
  const payment = await db.maybeOne(sql.type(paymentRow)`
    select user_id, kind, checkout_session_id, invoice_id, amount_cents::int as amount_cents from billing_payments where payment_id = ${paymentId}`);
  const grant = payment ? grantOf(payment) : null;
  if (!payment?.user_id || !grant) return;
  const movements = await db.any(sql.type(movementRow)`
    select refund_id as id, 'refund' as kind, amount_cents::int as amount_cents, status, created_at from billing_refunds where payment_id = ${paymentId}
    union all
    select dispute_id, 'dispute', amount_cents::int, status, created_at from billing_disputes where payment_id = ${paymentId}
    order by created_at, id`);
  const credits = new ReportCreditRepository(db);
  for (const movement of movements) {
    const action = actionOf(movement);
    if (!action) continue;
    await db.transaction(async (tx: CommonQueryMethods) => {
      // The user first, then their credit account: the order every billing change takes.
      if (!(await lockUser(tx, payment.user_id!))) return;
      const reference = `${movement.kind}:${movement.id}`;
      if (action === 'withdraw') {
        await credits.withdraw(tx, {
          userId: payment.user_id!,
          reference,
          reverses: grant,
          portion: { amountCents: movement.amount_cents, paidCents: payment.amount_cents },
          note: `${movement.kind} ${movement.id} of ${payment.amount_cents > movement.amount_cents ? 'part of ' : ''}${grant}`,
        });
      } else {
        await credits.restoreWithdrawal(tx, {
          userId: payment.user_id!,
          reference,
          note: `${movement.kind} ${movement.id} ${movement.status}: the credits it took are given back`,
        });
      }
    });
  }
}
