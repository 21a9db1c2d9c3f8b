/** The users listing (PaginatedUsersResponse, field-reference §11) and a user's request log. */
import { z } from 'zod/v4';
import { LOGS_MAX_LIMIT } from '../../config.ts';
import { USER_SORTS } from '../../db/user-directory.ts';
import { SUBSCRIPTION_STATUSES } from '../../db/subscription-status.ts';
import { storableText } from '../../requests/storable-text.ts';

export const MAX_PER_PAGE = 200;
export const MAX_PAGE = 10_000;

export const usersQuery = z.object({
  page: z.coerce.number().int().min(1).max(MAX_PAGE).default(1).describe(`Page number, 1 to ${MAX_PAGE}. Default 1.`),
  per_page: z.coerce.number().int().min(1).max(MAX_PER_PAGE).default(50).describe(`Users per page, 1 to ${MAX_PER_PAGE}. Default 50.`),
  sort_by: z.enum(USER_SORTS).default('joined').describe('Sort key. Default joined.'),
  order: z.enum(['asc', 'desc']).default('desc').describe('Sort order. Default desc.'),
  status: z
    .enum([...SUBSCRIPTION_STATUSES, 'none'])
    .optional()
    .describe('Subscription status; `none` for users without a subscription.'),
  plan: z.string().min(1).max(50).optional().describe('Plan code.'),
  min_requests: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional().describe('Only users with at least this many API requests.'),
  last_active_days: z.coerce.number().int().min(1).max(3660).optional().describe('Only users who made an API request within this many days.'),
  search: storableText().trim().min(1).max(200).optional().describe('Part of the e-mail address or the name, in any case.'),
});

export const adminUser = z.object({
  id: z.string().describe('The user id'),
  email: z.string().describe("The user's e-mail address"),
  full_name: z.string().nullable().describe("The user's name; null when not given"),
  plan_code: z.string().nullable().describe('Code of the plan; null without a subscription'),
  status: z.string().describe('Subscription status, or `none`.'),
  joined_at: z.string().describe('When the account was made, ISO 8601 UTC'),
  last_active_at: z.string().nullable().describe('Latest API request.'),
  request_count: z.number().int().describe('API requests ever made.'),
  email_verified: z.boolean().describe('True once the user confirmed the e-mail address'),
});

export const paginatedUsersResponse = z
  .object({
    items: adminUser.array().describe('The users of this page'),
    total: z.number().int().describe('Number of users matching the filters, over all pages'),
    page: z.number().int().describe("This page's number, from 1"),
    per_page: z.number().int().describe('Users per page'),
  })
  .meta({ id: 'PaginatedUsersResponse' });

export const userIdParams = z.object({ user_id: z.string().min(1).max(255).describe('A user id from GET /api/v1/admin/users.').meta({ example: 'user-123' }) });
export const userLogsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(LOGS_MAX_LIMIT).default(50).describe(`Most entries, newest first, 1 to ${LOGS_MAX_LIMIT}. Default 50.`),
});

export const adminDeletionResponse = z.object({
  user_id: z.string().describe('The user whose account is deleted'),
  status: z
    .enum(['scheduled', 'billing_stopped', 'completed'])
    .describe('scheduled: waiting; billing_stopped: the subscription is cancelled, data not yet erased; completed: erased'),
  requested_at: z.string().describe('When the deletion was asked for, ISO 8601 UTC'),
  completed_at: z.string().nullable().describe('When the account was erased, ISO 8601 UTC; null until then'),
});
