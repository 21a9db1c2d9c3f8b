/** The operator's adjustment of a user's report credits. */
import { z } from 'zod/v4';
import { MAX_ADJUSTMENT, MAX_REASON_LENGTH } from '../../operator/report-credit-adjustment.ts';
import { storableText } from '../../requests/storable-text.ts';

export const creditAdjustmentRequest = z
  .object({
    credits: z
      .number()
      .int()
      .min(-MAX_ADJUSTMENT)
      .max(MAX_ADJUSTMENT)
      .refine((n) => n !== 0, { message: 'must not be 0' })
      .describe(`Credits to give (positive) or take back (negative), -${MAX_ADJUSTMENT} to ${MAX_ADJUSTMENT}, not 0. Taking back stops at zero.`),
    reason: storableText().trim().min(1).max(MAX_REASON_LENGTH).describe(`Why: kept with the ledger row. 1 to ${MAX_REASON_LENGTH} characters.`),
    reference: z
      .string()
      .regex(/^[A-Za-z0-9._:-]{1,100}$/, 'letters, digits and . _ : - only, 1 to 100 characters')
      .optional()
      .describe(
        'Your id for this adjustment: a retry with the same one adjusts once (answered with `created: false`). Without it each call is a new adjustment.',
      ),
  })
  .meta({ id: 'ReportCreditAdjustmentRequest', example: { credits: 5, reason: 'goodwill after the outage of 3 March', reference: 'ticket-1042' } });

export const creditAdjustmentResponse = z
  .object({
    user_id: z.string().describe('The user whose credits moved'),
    reference: z.string().describe('The ledger reference of the adjustment'),
    created: z.boolean().describe('False when this reference had adjusted the credits already: nothing moved now'),
    requested: z.number().int().describe('The credits asked for'),
    applied: z.number().int().describe('The credits that moved: less than asked when taking them all back would go below zero (0 for a repeated reference)'),
    remaining: z.number().int().describe('Credits the user can spend now'),
  })
  .meta({ id: 'ReportCreditAdjustment' });
