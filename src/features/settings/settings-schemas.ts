/** Notification settings and account deletion (field-reference §11 "Settings"). */
import { z } from 'zod/v4';
import { storableText } from '../../requests/storable-text.ts';

export const notificationSettings = z
  .object({
    usage_alerts: z.boolean().describe('E-mail when usage passes the threshold (once per period).'),
    usage_alert_threshold_pct: z.number().int().min(50).max(100).describe("Percentage of the period's quota, 50–100."),
    billing_emails: z.boolean().describe('E-mail about billing, such as a failed payment.'),
    product_updates: z.boolean().describe('News about the service.'),
    report_completed_emails: z.boolean().describe('E-mail when a report job has completed.'),
  })
  .meta({ id: 'NotificationSettings' });

/** PUT takes any of the fields; the others keep their value. */
export const notificationSettingsUpdate = notificationSettings
  .partial()
  .meta({ id: 'NotificationSettingsUpdate', example: { usage_alerts: true, usage_alert_threshold_pct: 80 } });

export const accountDeletionRequest = z
  .object({
    confirm_email: z.string().min(3).max(254).describe("The account's e-mail address, typed again to confirm."),
    reason: storableText().max(2000).nullable().optional().describe('Why the account is closed (optional, up to 2000 characters).'),
  })
  .meta({ id: 'AccountDeletionRequest', example: { confirm_email: 'ada@example.com', reason: 'No longer needed' } });

export const accountDeletionResponse = z
  .object({ status: z.literal('scheduled').describe('The deletion is queued and carried out in the background') })
  .meta({ id: 'AccountDeletionResponse' });
