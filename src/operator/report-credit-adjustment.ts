/**
 * An operator gives a user report credits, or takes some back: from the command line
 * (`credits grant`, `keys create --credits`) or the admin endpoint. The credits are lasting ones
 * (they do not lapse with a period); taking back stops at zero. Each adjustment is a ledger row
 * (reason `admin_adjustment`) whose note is the operator's reason, once per reference: the
 * caller's reference makes a retried adjustment happen once.
 */
import { randomUUID } from 'node:crypto';
import type { DatabasePool } from 'slonik';
import { ReportCreditRepository } from '../db/report-credits.ts';

export const MAX_ADJUSTMENT = 1_000_000;
export const MAX_REASON_LENGTH = 500;

export interface OperatorAdjustment {
  user_id: string;
  /** The ledger reference of the adjustment. */
  reference: string;
  /** False when this reference had adjusted the credits already: nothing moved now. */
  created: boolean;
  /** The credits asked for (negative: taken back). */
  requested: number;
  /** The credits that moved: less than asked when taking them all would go below zero. */
  applied: number;
  /** Credits the user can spend now. */
  remaining: number;
}

/**
 * Adjusts the lasting credits of `userId`; null when the user does not exist. `reference` (the
 * caller's, scoped to the user and the channel) makes a retry harmless; without one each call is
 * its own adjustment.
 */
export async function adjustReportCredits(
  db: DatabasePool,
  input: { userId: string; credits: number; reason: string; channel: 'cli' | 'admin' | 'key'; reference?: string },
): Promise<OperatorAdjustment | null> {
  const reference = `${input.channel}:${input.userId}:${input.reference ?? randomUUID()}`;
  const outcome = await new ReportCreditRepository(db).adjust({ userId: input.userId, reference, credits: input.credits, note: input.reason });
  if (!outcome) return null;
  return { user_id: input.userId, reference, created: outcome.created, requested: input.credits, applied: outcome.applied, remaining: outcome.remaining };
}
