/** GET /api/v1/sky-events: query and SkyEventsResponse. */
import { z } from 'zod/v4';
import { ianaZone } from '../../astro/civil-time.ts';
import { queryBoolean } from '../shared/query-boolean.ts';

export const SKY_EVENTS_PRESETS = ['quiet', 'daily', 'full'] as const;
const flag = queryBoolean();

export const skyEventsQuery = z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected YYYY-MM-DD').describe('The local calendar day (YYYY-MM-DD) in `timezone`.').meta({ example: '2024-03-01' }),
  timezone: z.string().max(64).refine((v) => v.toUpperCase() !== 'AUTO' && ianaZone(v) !== undefined, { message: 'expected an IANA time zone such as Europe/Paris' }).default('UTC').describe('IANA time zone of the day and of the local times. Default UTC.'),
  preset: z.enum(SKY_EVENTS_PRESETS).default('quiet').describe('SkyEventsPreset: quiet = lunations, stations and non-Moon ingresses; daily = quiet + Moon ingresses + exact major aspects between planets; full = daily + exact Moon aspects'),
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
  id: z.string(),
  type: z.enum(['lunation', 'ingress', 'moon_ingress', 'station', 'exact_aspect']),
  exact_at_utc: z.string(),
  local_time: z.string(),
  body: z.string(),
  other_body: z.string().optional(),
  aspect: z.string().optional(),
  sign_id: z.string().optional(),
  direction: z.enum(['retrograde', 'direct']).optional(),
  phase: z.enum(['new_moon', 'full_moon']).optional(),
  formulation: z.string().optional(),
});

export const skyEventsResponse = z
  .object({
    date: z.string(),
    timezone: z.string(),
    preset: z.enum(SKY_EVENTS_PRESETS),
    window: z.object({ start_utc: z.string(), end_utc: z.string(), hours: z.number() }),
    counts: z.record(z.string(), z.number().int()),
    events: z.array(skyEvent),
  })
  .meta({ id: 'SkyEventsResponse' });
