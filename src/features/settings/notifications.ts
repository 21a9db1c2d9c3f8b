/**
 * Notifications that act on the user's settings: a usage threshold crossed (once per period), a
 * failed payment (once per invoice attempt), a completed report (once per job; the report
 * pipeline calls reportCompleted). Each goes out once, whatever calls it twice.
 */
import { type DatabasePool } from 'slonik';
import { sql } from '../../db/sql.ts';
import { z } from 'zod/v4';
import { NotificationSettingsRepository } from '../../db/notification-settings.ts';
import type { Mailer, MailOutcome } from '../../mail/mailer.ts';
import { paymentFailedMessage, reportCompletedMessage, usageAlertMessage } from './notification-messages.ts';

const recipientRow = z.object({ email: z.string(), plan_name: z.string().nullable(), grace_until: z.string().nullable() });

export interface UsageCrossing {
  used: number;
  limit: number;
  thresholdPct: number;
  periodStart: string;
  resetsAt: string;
}

export class Notifications {
  private readonly settings: NotificationSettingsRepository;

  constructor(
    private readonly db: DatabasePool,
    private readonly mailer: Mailer,
  ) {
    this.settings = new NotificationSettingsRepository(db);
  }

  private async recipient(userId: string) {
    return this.db.maybeOne(sql.type(recipientRow)`
      select u.email, p.name as plan_name, s.grace_until
      from users u left join effective_subscriptions s on s.user_id = u.id left join plans p on p.code = s.plan_code
      where u.id = ${userId}`);
  }

  /** Null when nothing was sent: the setting is off, it was sent before, or the user is gone. */
  async usageThresholdCrossed(userId: string, crossing: UsageCrossing): Promise<MailOutcome | null> {
    const settings = await this.settings.get(userId);
    if (!settings.usage_alerts) return null;
    const to = await this.recipient(userId);
    if (!to || !(await this.settings.claim(userId, 'usage_alert', crossing.periodStart))) return null;
    const message = usageAlertMessage({ ...crossing, planName: to.plan_name ?? 'current' });
    return this.mailer.send({ to: to.email, ...message, kind: 'usage_alert', userId });
  }

  async paymentFailed(
    userId: string,
    failure: { invoiceId: string; attempt: number; amountCents: number; currency: string; planCode: string | null },
  ): Promise<MailOutcome | null> {
    const settings = await this.settings.get(userId);
    if (!settings.billing_emails) return null;
    const to = await this.recipient(userId);
    if (!to || !(await this.settings.claim(userId, 'payment_failed', `${failure.invoiceId}:${failure.attempt}`))) return null;
    const message = paymentFailedMessage({
      amountCents: failure.amountCents,
      currency: failure.currency,
      attempt: failure.attempt,
      planName: to.plan_name,
      graceUntil: to.grace_until,
    });
    return this.mailer.send({ to: to.email, ...message, kind: 'payment_failed', userId });
  }

  /** For the report pipeline: the report `jobId` of `userId` has completed. */
  async reportCompleted(userId: string, report: { jobId: string; title?: string | null; url?: string | null }): Promise<MailOutcome | null> {
    const settings = await this.settings.get(userId);
    if (!settings.report_completed_emails) return null;
    const to = await this.recipient(userId);
    if (!to || !(await this.settings.claim(userId, 'report_completed', report.jobId))) return null;
    return this.mailer.send({ to: to.email, ...reportCompletedMessage(report), kind: 'report_completed', userId });
  }
}
