/** Funnels, signup cohorts, Vedic chat figures and the analytics cache (field-reference §11, extended). */
import { z } from 'zod/v4';
import { KNOWN_EVENTS } from '../../db/analytics-event-names.ts';
import { storableText } from '../../requests/storable-text.ts';

export const MAX_FUNNELS = 100;
export const MAX_FUNNEL_STEPS = 10;

const eventName = z.string().refine((name) => KNOWN_EVENTS.includes(name), { message: `an analytics event name: ${KNOWN_EVENTS.join(', ')}` });

export const analyticsFunnelPayload = z
  .object({
    name: storableText().trim().min(1).max(200).describe('Funnel name, 1 to 200 characters.'),
    steps: z
      .array(
        z.object({
          event: eventName.describe('An analytics event name.'),
          label: storableText().trim().min(1).max(100).optional().describe('Defaults to the event name.'),
        }),
      )
      .min(2)
      .max(MAX_FUNNEL_STEPS)
      .describe(`The steps in order, 2 to ${MAX_FUNNEL_STEPS}.`),
    conversion_window_days: z.number().int().min(1).max(365).default(7).describe('Days from the first step within which the others count.'),
    period_days: z.number().int().min(1).max(366).default(30).describe('Users whose first step happened within this many days are evaluated.'),
  })
  .meta({
    id: 'AnalyticsFunnelPayload',
    example: { name: 'Signup to first request', steps: [{ event: 'signup' }, { event: 'first_api_key' }, { event: 'first_request', label: 'First call' }] },
  });

const rate = z.number().nullable().describe('0 to 1, rounded to 4 decimals; null when nobody reached the step it is measured from.');

export const analyticsFunnelResponse = z
  .object({
    id: z.string().describe('Id of the funnel'),
    name: z.string().describe("The funnel's name"),
    steps: z
      .array(
        z.object({
          event: z.string().describe('The analytics event of the step'),
          label: z.string().describe("The step's label (the event name when none was given)"),
          count: z.number().int().describe('Users who reached this step.'),
          conversion_from_previous: rate,
          conversion_from_start: rate,
          drop_off: z.number().int().describe('Users of the previous step who did not reach this one.'),
        }),
      )
      .describe('The steps in order, each evaluated'),
    conversion_window_days: z.number().int().describe('Days from the first step within which the others count'),
    period_days: z.number().int().describe('Users whose first step happened within this many days are evaluated'),
    conversion: rate.describe('Last step over first step.'),
    evaluated_at: z.string().describe('When the counts were computed (this answer), ISO 8601 UTC'),
    created_at: z.string().describe('When the funnel was made, ISO 8601 UTC'),
    updated_at: z.string().describe('When the funnel was last changed, ISO 8601 UTC'),
  })
  .meta({ id: 'AnalyticsFunnelResponse' });

export const funnelIdParams = z.object({
  funnel_id: z.string().describe('The id the funnel was created with.').meta({ example: '00000000-0000-4000-8000-000000000001' }),
});

export const cohortQuery = z.object({
  cohort_days: z.coerce.number().int().min(1).max(180).default(30).describe('Days after each signup within which a milestone counts.'),
  cohorts: z.coerce.number().int().min(1).max(104).default(12).describe('Weekly cohorts, the newest matured one last.'),
});

const milestoneShare = z.object({ count: z.number().int().describe('Users of the cohort who reached the milestone within `cohort_days`'), share: rate });

export const maturedSignupFunnelResponse = z
  .object({
    cohort_days: z.number().int().describe('Days after each signup within which a milestone counts'),
    cohorts: z
      .array(
        z.object({
          cohort_start: z.string().describe('Monday of the signup week (UTC).'),
          cohort_end: z.string().describe('The following Monday (exclusive).'),
          signups: z.number().int().describe('Users who signed up that week'),
          activated: z.number().int().describe('Made a successful API request within `cohort_days`.'),
          converted: z.number().int().describe('Paid within `cohort_days`.'),
          milestones: z
            .object({
              first_api_key: milestoneShare.describe('Made an API key'),
              first_request: milestoneShare.describe('Made an API request'),
              first_successful_request: milestoneShare.describe('Made a successful API request'),
              first_payment: milestoneShare.describe('Paid'),
            })
            .describe('How many reached each milestone, and their share of the signups'),
        }),
      )
      .describe('Weekly signup cohorts old enough to have had `cohort_days`, oldest first'),
  })
  .meta({ id: 'MaturedSignupFunnelResponse' });

export const vedicChatMetricsResponse = z
  .object({
    days: z.number().int().describe('UTC days counted, today included'),
    sessions: z.number().int().describe('Chat sessions in the period'),
    messages: z.number().int().describe('Chat messages in the period'),
    users: z.number().int().describe('Distinct users with a session or a message in the period.'),
    messages_per_session: z.number().nullable().describe('Messages over sessions, 2 decimals; null without sessions'),
    series: z
      .array(
        z.object({
          date: z.string().describe('UTC day, YYYY-MM-DD'),
          sessions: z.number().int().describe('Chat sessions of the day'),
          messages: z.number().int().describe('Chat messages of the day'),
          users: z.number().int().describe('Distinct users of the day'),
        }),
      )
      .describe('Every UTC day of the period, oldest first, zero when quiet'),
  })
  .meta({ id: 'VedicChatMetricsResponse' });

export const MAX_CACHE_VALUE_BYTES = 64 * 1024;
/** Any JSON value (a parsed body holds nothing else); present, whatever it is. */
const jsonValue = z.unknown().refine((v) => v !== undefined, { message: 'Field required' });
const cacheKey = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[\x21-\x7e]+$/, 'printable ASCII without spaces')
  .describe('Printable ASCII without spaces, 1 to 200 characters.');

export const cacheGetQuery = z.object({ cache_key: cacheKey.meta({ example: 'report:weekly' }) });

export const cacheSetRequest = z
  .object({
    cache_key: cacheKey,
    value: jsonValue.describe('Any JSON, up to 64 KiB.'),
    ttl_seconds: z
      .number()
      .int()
      .min(1)
      .max(366 * 86400)
      .nullable()
      .optional()
      .describe('Without it the entry does not expire.'),
  })
  .meta({ example: { cache_key: 'report:weekly', value: { signups: 12 }, ttl_seconds: 3600 } });

export const cacheEntryResponse = z.object({
  cache_key: z.string().describe("The entry's key"),
  value: jsonValue.describe('The JSON value stored'),
  expires_at: z.string().nullable().describe('When the entry expires, ISO 8601 UTC; null: never'),
  updated_at: z.string().describe('When the entry was last written, ISO 8601 UTC'),
});
export const cacheSetResponse = cacheEntryResponse.omit({ value: true });
