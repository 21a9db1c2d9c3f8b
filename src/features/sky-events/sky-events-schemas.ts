/** GET /api/v1/sky-events: query and SkyEventsResponse. */
import { z } from 'zod/v4';
import { ianaZone } from '../../astro/civil-time.ts';
import { queryBoolean } from '../../requests/query-boolean.ts';

export const SKY_EVENTS_PRESETS = ['quiet', 'daily', 'full'] as const;
const flag = queryBoolean();

export const skyEventsQuery = z.object({
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'expected YYYY-MM-DD')
    .describe('The local calendar day (YYYY-MM-DD) in `timezone`.')
    .meta({ example: '2024-03-01' }),
  timezone: z
    .string()
    .max(64)
    .refine((v) => v.toUpperCase() !== 'AUTO' && ianaZone(v) !== undefined, { message: 'expected an IANA time zone such as Europe/Paris' })
    .default('UTC')
    .describe('IANA time zone of the day and of the local times. Default UTC.'),
  preset: z
    .enum(SKY_EVENTS_PRESETS)
    .default('quiet')
    .describe(
      'SkyEventsPreset: quiet = lunations, stations and non-Moon ingresses; daily = quiet + Moon ingresses + exact major aspects between planets; full = daily + exact Moon aspects',
    ),
  include_moon: flag.describe('Moon sign ingresses'),
  include_exact_hits: flag.describe('Exact major aspects between Sun..Pluto (Moon excluded)'),
  include_moon_exact_hits: flag.describe('Exact major aspects of the Moon to Sun..Pluto'),
  include_ingresses: flag.describe('Sign ingresses of Sun..Pluto'),
  include_retrogrades: flag.describe('Retrograde and direct stations of Mercury..Pluto'),
  include_lunations: flag.describe('New and Full Moons'),
  include_formulation: flag.describe('A short deterministic phrase per event'),
});

export type SkyEventsQuery = z.output<typeof skyEventsQuery>;

export const skyEvent = z.object({
  id: z.string().describe('Stable id of the event (type, bodies and UTC second): the same event has the same id in every answer'),
  type: z.enum(['lunation', 'ingress', 'moon_ingress', 'station', 'exact_aspect']).describe('Kind of event'),
  exact_at_utc: z.string().describe('When the event is exact, UTC, ISO 8601 with Z'),
  local_time: z.string().describe('The same instant in `timezone`, ISO 8601 with its UTC offset'),
  body: z.string().describe('Id of the body the event is about (moon for a lunation)'),
  other_body: z.string().optional().describe('Exact aspects and lunations: the second body (sun for a lunation)'),
  aspect: z.string().optional().describe('Exact aspects: conjunction, sextile, square, trine or opposition'),
  phase: z.enum(['new_moon', 'full_moon']).optional().describe('Lunations: which one'),
  sign_id: z.string().optional().describe("Ingresses: the sign entered; stations: the sign of the station; lunations: the Moon's sign (tropical)"),
  direction: z
    .enum(['retrograde', 'direct'])
    .optional()
    .describe('Stations: the motion that begins; ingresses: retrograde when the body re-enters the previous sign moving backwards'),
  formulation: z.string().optional().describe('With include_formulation: a short fixed phrase naming the event'),
});

export const skyEventsResponse = z
  .object({
    date: z.string().describe('The local day asked for, YYYY-MM-DD'),
    timezone: z.string().describe('IANA time zone of the day'),
    preset: z.enum(SKY_EVENTS_PRESETS).describe('The preset used'),
    window: z
      .object({
        start_utc: z.string().describe('Start of the local day in UTC, ISO 8601'),
        end_utc: z.string().describe('Start of the next local day in UTC, ISO 8601 (excluded)'),
        hours: z.number().describe('Length of the day in hours (23 or 25 on a clock-change day)'),
      })
      .describe('The span of time searched'),
    counts: z.record(z.string(), z.number().int()).describe('Number of events of each type found (types with none are left out)'),
    events: z.array(skyEvent).describe('The events, in time order'),
  })
  .meta({ id: 'SkyEventsResponse' });
