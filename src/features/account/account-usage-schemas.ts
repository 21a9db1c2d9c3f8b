/** The schema of the account's usage history (requests per day and per endpoint). */
import { z } from 'zod/v4';

export const usageQuery = z.object({
  days: z.coerce.number().int().min(1).max(90).default(30).describe('UTC days to cover, today included, 1 to 90. Default 30.'),
});

export const accountUsageResponse = z
  .object({
    dates: z.array(z.string()).describe('The UTC days covered, oldest first, YYYY-MM-DD'),
    requests: z.array(z.number().int()).describe('Requests of each day in `dates`, all endpoints'),
    errors: z.array(z.number().int()).describe('Of those, the ones answered with a 4xx or 5xx status'),
    endpoints: z
      .array(
        z.object({
          route: z.string().describe('The route template (`/api/v1/natal/calculate`)'),
          total: z.number().int().describe('Requests to it over the whole range'),
          requests: z.array(z.number().int()).describe('Requests to it on each day in `dates`'),
        }),
      )
      .describe('One entry per endpoint called in the range, most called first'),
  })
  .meta({ id: 'AccountUsage' });
