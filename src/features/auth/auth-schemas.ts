/** Request and response schemas of the dashboard account endpoints (field-reference §11). */
import { z } from 'zod/v4';
import { storableText } from '../../requests/storable-text.ts';

const text = (max: number) => storableText().trim().min(1).max(max);

export const syncUserRequest = z
  .object({
    user_id: storableText().min(1).max(255).describe("The identity provider subject; must be the token's `sub`."),
    email: z.email().max(254).describe("The user's e-mail address; one account per address."),
    full_name: text(200).nullable().optional().describe('Name shown in the dashboard.'),
  })
  .meta({ id: 'SyncUserRequest', example: { user_id: 'user-123', email: 'ada@example.com', full_name: 'Ada Lovelace' } });

export const onboardingRequest = z
  .object({
    use_case: text(500).describe('What the user builds with the API, up to 500 characters.'),
    company: text(200).nullable().optional().describe('Company or project name.'),
    role: text(200).nullable().optional().describe("The user's role."),
    expected_volume: text(100).nullable().optional().describe("Expected requests, in the user's words."),
    referral_source: text(200).nullable().optional().describe('How the user heard of the service.'),
  })
  .meta({
    id: 'OnboardingRequest',
    example: { use_case: 'Birth charts in a journaling app', company: 'Example Ltd', expected_volume: '10k requests a month' },
  });

export const profileResponse = z
  .object({
    id: z.string().describe('The user id (the identity provider subject)'),
    email: z.string().describe("The user's e-mail address"),
    full_name: z.string().nullable().describe('Name shown in the dashboard; null when not given'),
    plan_code: z.string().nullable().describe('Code of the current plan; null without a subscription'),
    subscription_status: z.string().nullable().describe('State of the subscription (active, trialing, past_due, canceled …); null without one'),
    created_at: z.string().describe('When the account was made, ISO 8601 UTC'),
    onboarding_completed: z.boolean().describe('True once the onboarding questions were answered'),
    report_webhook_secret: z
      .string()
      .optional()
      .describe(
        'GET /api/v1/auth/me only: the secret report callbacks are signed with (Standard Webhooks, `whsec_...`); rotate it with POST /api/v1/auth/webhook-secret/rotate.',
      ),
  })
  .meta({ id: 'UserProfile' });

export const webhookSecretResponse = z
  .object({
    report_webhook_secret: z.string().describe('The new signing secret; callbacks sent from now on are signed with it.'),
    created_at: z.string().describe('When the secret was made, ISO 8601 UTC'),
  })
  .meta({ id: 'WebhookSecret' });

export const feedbackRequest = z
  .object({
    rating: z.number().int().min(1).max(5).describe('1 (poor) to 5 (great).'),
    comment: text(2000).nullable().optional().describe('Free text, up to 2000 characters.'),
    endpoint: text(200).nullable().optional().describe('The endpoint of the first successful call.'),
  })
  .meta({ id: 'FeedbackRequest', example: { rating: 5, comment: 'Worked at the first try', endpoint: '/api/v1/natal/calculate' } });

export const feedbackResponse = z.object({
  rating: z.number().describe('The rating stored, 1 to 5'),
  comment: z.string().nullable().describe('The comment stored; null when none'),
  endpoint: z.string().nullable().describe('The endpoint stored; null when none'),
  created_at: z.string().describe('When the feedback was first given, ISO 8601 UTC'),
  updated_at: z.string().describe('When it was last changed (sending again replaces it), ISO 8601 UTC'),
});

export const detailError = z.object({ detail: z.string().describe('A sentence for people; the status code is what programs act on') });
export const conflictError = z.object({
  error: z.string().describe('A fixed code for programs naming the conflict (email_in_use, key_limit_reached, funnel_limit_reached)'),
  detail: z.string().describe('A sentence for people; the status code is what programs act on'),
});
