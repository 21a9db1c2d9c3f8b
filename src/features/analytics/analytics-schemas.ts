/** POST /api/v1/analytics/events: one dashboard event with a few flat properties. */
import { z } from 'zod/v4';
import { jsonObject } from '../../requests/json-object.ts';
import { storableText } from '../../requests/storable-text.ts';
import { DASHBOARD_EVENTS } from '../../db/analytics-event-names.ts';

export const MAX_PROPERTIES = 20;
export const MAX_PROPERTIES_BYTES = 2048;

const propertyValue = z.union([storableText().max(200), z.number().finite(), z.boolean(), z.null()]);

export const analyticsEventRequest = z
  .object({
    name: z.enum(DASHBOARD_EVENTS).describe('The event: one of the names the dashboard may send.'),
    properties: jsonObject(propertyValue, z.string().regex(/^[a-z][a-z0-9_]{0,39}$/, 'lowercase letters, digits and _, starting with a letter, at most 40'))
      .refine((p) => Object.keys(p).length <= MAX_PROPERTIES, { message: `at most ${MAX_PROPERTIES} properties` })
      .refine((p) => Buffer.byteLength(JSON.stringify(p)) <= MAX_PROPERTIES_BYTES, { message: `at most ${MAX_PROPERTIES_BYTES} bytes of properties` })
      .default({})
      .describe('Flat values only: text up to 200 characters, numbers, booleans, null.'),
  })
  .meta({ id: 'AnalyticsEventRequest', example: { name: 'docs.viewed', properties: { page: 'quick-start' } } });

export const analyticsEventResponse = z.object({
  accepted: z.literal(true).describe('The event was recorded'),
  name: z.string().describe('The event name recorded'),
});
