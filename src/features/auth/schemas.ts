/** Request and response schemas of the dashboard account endpoints (field-reference §11). */
import { z } from 'zod/v4';
import { storableText } from '../shared/storable-text.ts';

const text = (max: number) => storableText().trim().min(1).max(max);

export const syncUserRequest = z.object({
  user_id: storableText().min(1).max(255).describe('The identity provider subject; must be the token\'s `sub`.'),
  email: z.email().max(254),
  full_name: text(200).nullable().optional(),
}).meta({ id: 'SyncUserRequest' });

export const onboardingRequest = z.object({
  use_case: text(500),
  company: text(200).nullable().optional(),
  role: text(200).nullable().optional(),
  expected_volume: text(100).nullable().optional(),
  referral_source: text(200).nullable().optional(),
}).meta({ id: 'OnboardingRequest' });

export const profileResponse = z.object({
  id: z.string(),
  email: z.string(),
  full_name: z.string().nullable(),
  plan_code: z.string().nullable(),
  subscription_status: z.string().nullable(),
  created_at: z.string(),
  onboarding_completed: z.boolean(),
}).meta({ id: 'UserProfile' });

export const feedbackRequest = z.object({
  rating: z.number().int().min(1).max(5),
  comment: text(2000).nullable().optional(),
  endpoint: text(200).nullable().optional().describe('The endpoint of the first successful call.'),
}).meta({ id: 'FeedbackRequest' });

export const feedbackResponse = z.object({
  rating: z.number(), comment: z.string().nullable(), endpoint: z.string().nullable(), created_at: z.string(), updated_at: z.string(),
});

export const detailError = z.object({ detail: z.string() });
export const conflictError = z.object({ error: z.string(), detail: z.string() });
