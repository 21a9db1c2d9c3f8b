/** A user's notification settings (defaults until they save some) and the log of notifications sent. */
import { type CommonQueryMethods } from 'slonik';
import { sql } from './sql.ts';
import { z } from 'zod/v4';

export const notificationSettingsRow = z.object({
  usage_alerts: z.boolean(),
  usage_alert_threshold_pct: z.number(),
  billing_emails: z.boolean(),
  product_updates: z.boolean(),
  report_completed_emails: z.boolean(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsRow>;

export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  usage_alerts: true,
  usage_alert_threshold_pct: 80,
  billing_emails: true,
  product_updates: false,
  report_completed_emails: true,
};

const columns = sql.fragment`usage_alerts, usage_alert_threshold_pct, billing_emails, product_updates, report_completed_emails`;

export class NotificationSettingsRepository {
  constructor(private readonly db: CommonQueryMethods) {}

  async get(userId: string): Promise<NotificationSettings> {
    return (
      (await this.db.maybeOne(sql.type(notificationSettingsRow)`select ${columns} from notification_settings where user_id = ${userId}`)) ?? {
        ...DEFAULT_NOTIFICATION_SETTINGS,
      }
    );
  }

  async save(userId: string, s: NotificationSettings): Promise<NotificationSettings> {
    return this.db.one(sql.type(notificationSettingsRow)`
      insert into notification_settings (user_id, usage_alerts, usage_alert_threshold_pct, billing_emails, product_updates, report_completed_emails)
      values (${userId}, ${s.usage_alerts}, ${s.usage_alert_threshold_pct}, ${s.billing_emails}, ${s.product_updates}, ${s.report_completed_emails})
      on conflict (user_id) do update set usage_alerts = excluded.usage_alerts, usage_alert_threshold_pct = excluded.usage_alert_threshold_pct,
        billing_emails = excluded.billing_emails, product_updates = excluded.product_updates, report_completed_emails = excluded.report_completed_emails, updated_at = now()
      returning ${columns}`);
  }

  /** Records that a notification goes out; false when it went out before (once per user, kind and reference). */
  async claim(userId: string, kind: string, reference: string): Promise<boolean> {
    const row = await this.db.maybeOneFirst(sql.type(z.object({ kind: z.string() }))`
      insert into notification_log (user_id, kind, reference) values (${userId}, ${kind}, ${reference})
      on conflict do nothing returning kind`);
    return row !== null;
  }
}
