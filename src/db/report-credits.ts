/**
 * Report credits of a user: the credits their plan includes for the current period (they lapse
 * at its end) and the credits they bought or were given (they last). Every movement is a ledger
 * row with a unique (reason, reference), so a grant, a reservation or a refund happens once
 * however often it is asked for; the balances live on one row per user, locked while they move,
 * so that concurrent reservations never take them below zero.
 *
 * Periods: a paid plan's period is its Stripe billing period, granted when its invoice is paid
 * (grantPlanPeriod). Plans not billed through Stripe (free, operator plans) get their monthly
 * credits lazily, the first time the balance is looked at in a calendar month (UTC).
 *
 * Reversals: a refunded or disputed payment takes back what it granted (`withdraw`, keyed by the
 * refund or dispute), never below zero; a failed refund or a won dispute gives it back
 * (`restoreWithdrawal`). Operators adjust the lasting credits with `adjust`.
 */
import { type CommonQueryMethods, type DatabasePool } from 'slonik';
import { sql } from './sql.ts';
import { z } from 'zod/v4';
import { periodWindow } from '../http/rate-limit-period.ts';

export class InsufficientCreditsError extends Error {
  constructor() {
    super('No report credits left');
  }
}

export type GrantReason = 'plan_grant' | 'purchase' | 'admin_adjustment';

export interface Adjustment {
  /** False when this reference had been used already (nothing moved now). */
  created: boolean;
  /** Credits that moved: the requested count, or less when taking it all would go below zero. */
  applied: number;
  /** Credits the user can spend now. */
  remaining: number;
}

/** A payment that bought credits, refunded or disputed: which grant it reverses and how much of it. */
export interface Withdrawal {
  userId: string;
  /** The refund's or dispute's id: one withdrawal per refund or dispute, whichever event tells of it. */
  reference: string;
  /** The grant's ledger reference: `checkout:<session>` (lasting credits) or `invoice:<invoice>` (a plan period). */
  reverses: string;
  /** How much of the payment went back: that share of the grant is asked back, rounded up. */
  portion: { amountCents: number; paidCents: number };
  note: string;
}

export interface CreditSummary {
  remaining: number;
  included_per_period: number;
  used_this_period: number;
  period_resets_at: string | null;
}

export interface Reservation {
  /** False when this reference had already reserved its credit (nothing was taken now). */
  reserved: boolean;
  remaining: number;
}

const accountRow = z.object({
  user_id: z.string(),
  period_start: z.string().nullable(),
  period_end: z.string().nullable(),
  included: z.number(),
  period_remaining: z.number(),
  purchased_remaining: z.number(),
});
type AccountRow = z.infer<typeof accountRow>;

const ledgerRow = z.object({ user_id: z.string(), bucket: z.enum(['period', 'purchased']), period_start: z.string().nullable() });

export class ReportCreditRepository {
  constructor(private readonly pool: DatabasePool) {}

  /** Credits the user can spend now. */
  async balance(userId: string): Promise<number> {
    return (await this.periodSummary(userId)).remaining;
  }

  /** What GET /api/v1/natal/report-credits answers. */
  async periodSummary(userId: string): Promise<CreditSummary> {
    return this.pool.transaction(async (tx) => {
      const account = await this.lockedAccount(tx, userId);
      if (!account) return { remaining: 0, included_per_period: 0, used_this_period: 0, period_resets_at: null };
      const used = account.period_start
        ? await tx.oneFirst(sql.type(z.object({ n: z.number() }))`
        select count(*)::int as n from report_credit_ledger r
        where r.user_id = ${userId} and r.reason = 'reservation' and r.created_at >= ${account.period_start}
          and not exists (select 1 from report_credit_ledger f where f.reason = 'refund' and f.reference = r.reference)`)
        : 0;
      return {
        remaining: account.period_remaining + account.purchased_remaining,
        included_per_period: account.included,
        used_this_period: used,
        period_resets_at: account.period_end,
      };
    });
  }

  /**
   * Takes one credit for `jobRef` inside the caller's transaction (the job row and the credit
   * commit or roll back together). The period's included credits go first. A second call with the
   * same reference takes nothing. Throws InsufficientCreditsError when nothing is left.
   */
  async reserve(tx: CommonQueryMethods, userId: string, jobRef: string): Promise<Reservation> {
    const account = await this.lockedAccount(tx, userId);
    if (!account) throw new InsufficientCreditsError();
    const earlier = await tx.maybeOne(
      sql.type(ledgerRow)`select user_id, bucket, period_start from report_credit_ledger where reason = 'reservation' and reference = ${jobRef}`,
    );
    if (earlier) {
      if (earlier.user_id !== userId) throw new Error('this reservation reference belongs to another user');
      return { reserved: false, remaining: account.period_remaining + account.purchased_remaining };
    }
    const bucket = account.period_remaining > 0 ? 'period' : account.purchased_remaining > 0 ? 'purchased' : null;
    if (!bucket) throw new InsufficientCreditsError();
    await tx.query(sql.unsafe`
      insert into report_credit_ledger (user_id, reason, reference, delta, bucket, period_start, period_end)
      values (${userId}, 'reservation', ${jobRef}, -1, ${bucket}, ${account.period_start}, ${account.period_end})`);
    await tx.query(
      bucket === 'period'
        ? sql.unsafe`update report_credit_accounts set period_remaining = period_remaining - 1, updated_at = now() where user_id = ${userId}`
        : sql.unsafe`update report_credit_accounts set purchased_remaining = purchased_remaining - 1, updated_at = now() where user_id = ${userId}`,
    );
    return { reserved: true, remaining: account.period_remaining + account.purchased_remaining - 1 };
  }

  /**
   * Gives back the credit `jobRef` reserved, once (false when there was no such reservation or it
   * was refunded already). It returns to the period it came from while that period lasts, and
   * becomes a lasting credit otherwise: a failed job never costs the user a credit. Runs in `tx`
   * when given (the failing job's transaction).
   */
  async refund(userId: string, jobRef: string, tx?: CommonQueryMethods): Promise<boolean> {
    const run = async (tx: CommonQueryMethods) => {
      const account = await this.lockedAccount(tx, userId);
      if (!account) return false;
      const reservation = await tx.maybeOne(sql.type(ledgerRow)`
        select user_id, bucket, period_start from report_credit_ledger where reason = 'reservation' and reference = ${jobRef} and user_id = ${userId}`);
      if (!reservation) return false;
      const samePeriod =
        reservation.bucket === 'period' &&
        reservation.period_start !== null &&
        reservation.period_start === account.period_start &&
        account.period_end !== null &&
        Date.parse(account.period_end) > Date.now();
      const bucket = samePeriod ? 'period' : 'purchased';
      const inserted = await tx.maybeOneFirst(sql.type(z.object({ id: z.number() }))`
        insert into report_credit_ledger (user_id, reason, reference, delta, bucket, period_start, period_end)
        values (${userId}, 'refund', ${jobRef}, 1, ${bucket}, ${reservation.period_start}, ${account.period_end})
        on conflict (reason, reference) do nothing returning id`);
      if (inserted === null) return false;
      await tx.query(
        bucket === 'period'
          ? sql.unsafe`update report_credit_accounts set period_remaining = period_remaining + 1, updated_at = now() where user_id = ${userId}`
          : sql.unsafe`update report_credit_accounts set purchased_remaining = purchased_remaining + 1, updated_at = now() where user_id = ${userId}`,
      );
      return true;
    };
    return tx ? run(tx) : this.pool.transaction(run);
  }

  /**
   * Lasting credits: a purchase (reference: the Checkout Session) or an operator's adjustment
   * (which may be negative, never below zero). Once per (reason, reference); true when it
   * happened now. Runs in `tx` when given (the fulfilment's transaction).
   */
  async grant(
    input: { userId: string; reason: 'purchase' | 'admin_adjustment'; reference: string; credits: number; note?: string },
    tx?: CommonQueryMethods,
  ): Promise<boolean> {
    const run = async (db: CommonQueryMethods) => {
      const account = await this.lockedAccount(db, input.userId);
      if (!account) throw new Error(`no user ${input.userId}`);
      if (account.purchased_remaining + input.credits < 0) throw new InsufficientCreditsError();
      const inserted = await db.maybeOneFirst(sql.type(z.object({ id: z.number() }))`
        insert into report_credit_ledger (user_id, reason, reference, delta, bucket, note)
        values (${input.userId}, ${input.reason}, ${input.reference}, ${input.credits}, 'purchased', ${input.note ?? null})
        on conflict (reason, reference) do nothing returning id`);
      if (inserted === null) return false;
      await db.query(
        sql.unsafe`update report_credit_accounts set purchased_remaining = purchased_remaining + ${input.credits}, updated_at = now() where user_id = ${input.userId}`,
      );
      return true;
    };
    return tx ? run(tx) : this.pool.transaction(run);
  }

  /**
   * An operator's adjustment of the lasting credits (positive or negative), once per reference.
   * A negative one takes what is there and stops at zero: the ledger row says what moved, its
   * note why.
   */
  async adjust(input: { userId: string; reference: string; credits: number; note: string }, tx?: CommonQueryMethods): Promise<Adjustment | null> {
    const run = async (db: CommonQueryMethods): Promise<Adjustment | null> => {
      const account = await this.lockedAccount(db, input.userId);
      if (!account) return null;
      const applied = Math.max(input.credits, -account.purchased_remaining);
      const inserted = await db.maybeOneFirst(sql.type(z.object({ id: z.number() }))`
        insert into report_credit_ledger (user_id, reason, reference, delta, bucket, note, requested)
        values (${input.userId}, 'admin_adjustment', ${input.reference}, ${applied}, 'purchased', ${input.note}, ${input.credits})
        on conflict (reason, reference) do nothing returning id`);
      const before = account.period_remaining + account.purchased_remaining;
      if (inserted === null) return { created: false, applied: 0, remaining: before };
      await db.query(
        sql.unsafe`update report_credit_accounts set purchased_remaining = purchased_remaining + ${applied}, updated_at = now() where user_id = ${input.userId}`,
      );
      return { created: true, applied, remaining: before + applied };
    };
    return tx ? run(tx) : this.pool.transaction(run);
  }

  /**
   * Takes back what a refunded or disputed payment granted, once per refund or dispute. All of
   * a grant's withdrawals together ask for at most what it gave; each takes what is left of it
   * and stops at zero (spent credits stay spent; `requested` and `delta` of the row tell both).
   * A pack's credits come out of the lasting balance; a plan period's out of the period's
   * included credits while it is the current period (after it they lapsed anyway). Returns the
   * credits taken now, or null when there is nothing to reverse (no such grant, done already).
   */
  async withdraw(tx: CommonQueryMethods, input: Withdrawal): Promise<number | null> {
    const account = await this.lockedAccount(tx, input.userId);
    if (!account) return null;
    const grant = await tx.maybeOne(sql.type(z.object({ delta: z.number(), bucket: z.enum(['period', 'purchased']), period_start: z.string().nullable() }))`
      select delta, bucket, period_start from report_credit_ledger
      where user_id = ${input.userId} and reason in ('purchase', 'plan_grant') and reference = ${input.reverses}`);
    if (!grant) return null;
    // Withdrawals of this grant still standing (a won dispute's was given back).
    const asked = await tx.oneFirst(sql.type(z.object({ n: z.number() }))`
      select coalesce(sum(w.requested), 0)::int as n from report_credit_ledger w
      where w.reason = 'reversal' and w.reverses = ${input.reverses}
        and not exists (select 1 from report_credit_ledger r where r.reason = 'reversal_restored' and r.reference = w.reference)`);
    const { amountCents, paidCents } = input.portion;
    const wanted = paidCents <= 0 || amountCents >= paidCents ? grant.delta : Math.ceil((grant.delta * Math.max(0, amountCents)) / paidCents);
    const requested = Math.max(0, Math.min(wanted, grant.delta - asked));
    const current =
      grant.bucket === 'purchased' ||
      (grant.period_start !== null && account.period_start !== null && Date.parse(grant.period_start) === Date.parse(account.period_start));
    const available = !current ? 0 : grant.bucket === 'purchased' ? account.purchased_remaining : account.period_remaining;
    const taken = Math.min(requested, available);
    const inserted = await tx.maybeOneFirst(sql.type(z.object({ id: z.number() }))`
      insert into report_credit_ledger (user_id, reason, reference, delta, bucket, period_start, period_end, note, reverses, requested)
      values (${input.userId}, 'reversal', ${input.reference}, ${-taken}, ${grant.bucket}, ${grant.period_start}, ${grant.bucket === 'period' ? account.period_end : null},
        ${`${input.note}: ${requested} asked, ${taken} taken${taken < requested ? (current ? ` (${requested - taken} already spent)` : ' (the period is over)') : ''}`},
        ${input.reverses}, ${requested})
      on conflict (reason, reference) do nothing returning id`);
    if (inserted === null) return null;
    await this.move(tx, input.userId, grant.bucket, -taken);
    return taken;
  }

  /**
   * Gives back what the withdrawal `reference` took (a refund that failed, a dispute won), once.
   * A plan period's credits return only while that period lasts. Returns the credits given back,
   * or null when there was no such withdrawal or it was given back already.
   */
  async restoreWithdrawal(tx: CommonQueryMethods, input: { userId: string; reference: string; note: string }): Promise<number | null> {
    const account = await this.lockedAccount(tx, input.userId);
    if (!account) return null;
    const withdrawal = await tx.maybeOne(sql.type(
      z.object({ delta: z.number(), bucket: z.enum(['period', 'purchased']), period_start: z.string().nullable(), reverses: z.string().nullable() }),
    )`
      select delta, bucket, period_start, reverses from report_credit_ledger where reason = 'reversal' and reference = ${input.reference} and user_id = ${input.userId}`);
    if (!withdrawal) return null;
    const current =
      withdrawal.bucket === 'purchased' ||
      (withdrawal.period_start !== null && account.period_start !== null && Date.parse(withdrawal.period_start) === Date.parse(account.period_start));
    const given = current ? -withdrawal.delta : 0;
    const inserted = await tx.maybeOneFirst(sql.type(z.object({ id: z.number() }))`
      insert into report_credit_ledger (user_id, reason, reference, delta, bucket, period_start, period_end, note, reverses, requested)
      values (${input.userId}, 'reversal_restored', ${input.reference}, ${given}, ${withdrawal.bucket}, ${withdrawal.period_start}, ${withdrawal.bucket === 'period' ? account.period_end : null},
        ${current ? input.note : `${input.note} (the period is over: nothing to give back)`}, ${withdrawal.reverses}, ${-withdrawal.delta})
      on conflict (reason, reference) do nothing returning id`);
    if (inserted === null) return null;
    await this.move(tx, input.userId, withdrawal.bucket, given);
    return given;
  }

  /**
   * A plan's credits for one billing period (a paid invoice; reference: the invoice). A newer
   * period replaces the old one (its unused credits lapse); the same period again (an upgrade's
   * invoice) raises the included credits to the new plan's; an older one changes nothing.
   */
  async grantPlanPeriod(
    tx: CommonQueryMethods,
    input: { userId: string; reference: string; credits: number; periodStart: string; periodEnd: string },
  ): Promise<boolean> {
    const account = await this.lockedAccount(tx, input.userId, { refresh: false });
    if (!account) throw new Error(`no user ${input.userId}`);
    const inserted = await tx.maybeOneFirst(sql.type(z.object({ id: z.number() }))`
      insert into report_credit_ledger (user_id, reason, reference, delta, bucket, period_start, period_end)
      values (${input.userId}, 'plan_grant', ${input.reference}, ${input.credits}, 'period', ${input.periodStart}, ${input.periodEnd})
      on conflict (reason, reference) do nothing returning id`);
    if (inserted === null) return false;
    const start = Date.parse(input.periodStart);
    const current = account.period_start ? Date.parse(account.period_start) : -Infinity;
    if (start > current) {
      await this.setPeriod(tx, input.userId, input.periodStart, input.periodEnd, input.credits, input.credits);
    } else if (start === current && input.credits > account.included) {
      await tx.query(sql.unsafe`
        update report_credit_accounts set included = ${input.credits}, period_remaining = period_remaining + ${input.credits - account.included},
               period_end = greatest(period_end, ${input.periodEnd}::timestamptz), updated_at = now()
        where user_id = ${input.userId}`);
    }
    return true;
  }

  /**
   * The user's account row, locked for the rest of the transaction, after starting a new
   * monthly period when the last one is over and the plan is not billed through Stripe. Null
   * when the user does not exist.
   */
  private async lockedAccount(tx: CommonQueryMethods, userId: string, options: { refresh?: boolean } = {}): Promise<AccountRow | null> {
    await tx.query(sql.unsafe`insert into report_credit_accounts (user_id) select id from users where id = ${userId} on conflict (user_id) do nothing`);
    const account = await tx.maybeOne(sql.type(accountRow)`
      select user_id, period_start, period_end, included, period_remaining, purchased_remaining
      from report_credit_accounts where user_id = ${userId} for update`);
    if (!account || options.refresh === false) return account;
    if (account.period_end && Date.parse(account.period_end) > Date.now()) return account;
    return this.startMonthlyPeriod(tx, account);
  }

  private async startMonthlyPeriod(tx: CommonQueryMethods, account: AccountRow): Promise<AccountRow> {
    const plan = await tx.maybeOne(sql.type(z.object({ report_credits: z.number(), stripe_managed: z.boolean() }))`
      select p.report_credits, s.provider_subscription_id is not null as stripe_managed
      from effective_subscriptions s join plans p on p.code = s.plan_code where s.user_id = ${account.user_id}`);
    if (!plan || plan.stripe_managed) {
      // A paid period is over and its renewal invoice has not been paid (yet): nothing included.
      if (account.period_remaining === 0) return account;
      await tx.query(sql.unsafe`update report_credit_accounts set period_remaining = 0, updated_at = now() where user_id = ${account.user_id}`);
      return { ...account, period_remaining: 0 };
    }
    const window = periodWindow('month', Date.now());
    const start = new Date(window.start * 1000).toISOString();
    const end = new Date(window.end * 1000).toISOString();
    let remaining = 0;
    if (plan.report_credits > 0) {
      const inserted = await tx.maybeOneFirst(sql.type(z.object({ id: z.number() }))`
        insert into report_credit_ledger (user_id, reason, reference, delta, bucket, period_start, period_end)
        values (${account.user_id}, 'plan_grant', ${`monthly:${account.user_id}:${start.slice(0, 7)}`}, ${plan.report_credits}, 'period', ${start}, ${end})
        on conflict (reason, reference) do nothing returning id`);
      // Granted earlier this month (before a paid period came and went): not twice.
      remaining = inserted === null ? 0 : plan.report_credits;
    }
    await this.setPeriod(tx, account.user_id, start, end, plan.report_credits, remaining);
    return { ...account, period_start: start, period_end: end, included: plan.report_credits, period_remaining: remaining };
  }

  private async move(tx: CommonQueryMethods, userId: string, bucket: 'period' | 'purchased', delta: number): Promise<void> {
    if (delta === 0) return;
    await tx.query(
      bucket === 'period'
        ? sql.unsafe`update report_credit_accounts set period_remaining = period_remaining + ${delta}, updated_at = now() where user_id = ${userId}`
        : sql.unsafe`update report_credit_accounts set purchased_remaining = purchased_remaining + ${delta}, updated_at = now() where user_id = ${userId}`,
    );
  }

  private async setPeriod(tx: CommonQueryMethods, userId: string, start: string, end: string, included: number, remaining: number): Promise<void> {
    await tx.query(sql.unsafe`
      update report_credit_accounts set period_start = ${start}, period_end = ${end}, included = ${included}, period_remaining = ${remaining}, updated_at = now()
      where user_id = ${userId}`);
  }
}
