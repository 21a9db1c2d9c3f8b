/**
 * The JSON tools: each a thin call into the feature service its REST endpoint calls, with the
 * endpoint's request schema as input and its response as `structuredContent`.
 */
import { z } from 'zod/v4';
import { calculateNatal, calculateCompactNatal } from '../natal/natal-calculate.ts';
import { natalRequest, natalResponse, compactNatalRequest, compactNatalResponse } from '../natal/natal-schemas.ts';
import { calculateTransits } from '../transits/transits-calculate.ts';
import { transitRequest, transitResponse } from '../transits/transits-schemas.ts';
import { buildEphemerisPlan } from '../ephemeris/plan.ts';
import { ephemerisRequest } from '../ephemeris/ephemeris-schemas.ts';
import { calculateSkyEvents } from '../sky-events/sky-events-calculate.ts';
import { skyEventsQuery, skyEventsResponse } from '../sky-events/sky-events-schemas.ts';
import { calculateProfile } from '../numerology/numerology-service.ts';
import { NumerologyProfileRequestSchema } from '../../numerology/index.ts';
import { RequestFieldError } from '../../requests/request-error.ts';
import { READ_ONLY, defineTool } from './tool-definition.ts';
import { errorResult, jsonResult, objectResult, outcomeOfError } from './tool-results.ts';
import { outputSchema, toolSchema } from './tool-schema.ts';

/** An ephemeris in one tool result: a day-by-day year. Longer tables are the REST export's job. */
export const MCP_MAX_EPHEMERIS_ROWS = 366;

async function json(run: () => Promise<Buffer>) {
  try {
    return jsonResult(await run());
  } catch (error) {
    return outcomeOfError(error);
  }
}

const BIRTH =
  'Birth data: year, month, day, hour, minute (local civil time at the place), and the place as `city` (optionally `country`) or `lat`/`lng`; the time zone is looked up unless `tz_str` names one. `time_known: false` for an unknown birth time.';

export const compactNatalTool = defineTool({
  name: 'natal',
  title: 'Compact natal chart',
  description: `The compact natal chart of POST /natal: the ten planets and the north node with sign, house and degree, the sign on each house cusp, and a summary (Sun, Moon and rising sign, dominant element and modality). ${BIRTH}`,
  families: ['western'],
  input: toolSchema(compactNatalRequest),
  output: outputSchema(compactNatalResponse),
  annotations: READ_ONLY,
  run: (args, { compute }) => json(() => calculateCompactNatal(compute, args)),
});

export const natalTool = defineTool({
  name: 'v1_natal_calculate',
  title: 'Natal chart',
  description: `The full natal chart of POST /api/v1/natal/calculate: positions of the planets and points (sign, degree, house, speed, retrograde), house cusps, angles and aspects with orbs, with the same options (zodiac, house system, extra bodies, minor aspects, stelliums). ${BIRTH}`,
  families: ['western'],
  // Reports are asked for through REST (they spend a credit and run for seconds); the tool is read-only.
  input: toolSchema(natalRequest.omit({ psychological_report: true })),
  output: outputSchema(natalResponse),
  annotations: READ_ONLY,
  run: (args, { compute }) => json(() => calculateNatal(compute, args)),
});

export const transitsTool = defineTool({
  name: 'v1_transits_calculate',
  title: 'Transits to a natal chart',
  description:
    'The transits of POST /api/v1/transits/calculate: where the planets stand at `transit_date` (local time at the transit place, or with an offset; now when omitted) and their aspects to the natal chart in `natal` (birth data as for the natal chart). The transit place defaults to the natal place.',
  families: ['western'],
  input: toolSchema(transitRequest),
  output: outputSchema(transitResponse),
  // Without a transit_date the answer depends on the moment of the call.
  annotations: { ...READ_ONLY, idempotentHint: false },
  run: (args, { compute }) => json(() => calculateTransits(compute, args)),
});

const bufferedFormat = z.enum(['json', 'table']).nullish();
const ephemerisToolRequest = ephemerisRequest.extend({
  format: bufferedFormat.describe('`json` (rows of positions) or `table` (rows, columns or a grid of text cells)'),
  response_mode: bufferedFormat,
});

export const ephemerisTool = defineTool({
  name: 'v1_ephemeris_calculate',
  title: 'Ephemeris table',
  description: `Positions over a date range, as POST /api/v1/ephemeris/calculate answers in JSON or table form: \`start\` and \`end\` (ISO dates or date-times, local to \`tz_str\`, the place's zone, or UTC), \`step\` (\`<N>m\`, \`<N>h\`, \`<N>d\`), bodies, and optional houses, angles, aspects, dignities, Moon void of course and fixed stars. At most ${MCP_MAX_EPHEMERIS_ROWS} rows per call.`,
  families: ['ephemeris'],
  input: toolSchema(ephemerisToolRequest),
  output: outputSchema(z.object({ meta: z.record(z.string(), z.unknown()) }).passthrough()),
  annotations: READ_ONLY,
  run: (args, { compute }) =>
    json(async () => {
      const plan = buildEphemerisPlan(args);
      if (plan.rowCount > MCP_MAX_EPHEMERIS_ROWS) {
        throw new RequestFieldError(
          ['body', 'end'],
          `${plan.rowCount} rows exceed the ${MCP_MAX_EPHEMERIS_ROWS} rows of one tool call; use a larger step or a shorter range (the REST endpoint exports up to 2,000,000 rows as CSV or NDJSON)`,
          'value_error.too_many_rows',
        );
      }
      return compute.run('ephemeris', plan);
    }),
});

/**
 * The same tool under the name a chat assistant looks for (GET /api/v1/ephemeris's, `v1_ephemeris`):
 * it attaches its month-table image only after a tool of that name answered.
 */
export const ephemerisAliasTool = defineTool({
  ...ephemerisTool,
  name: 'v1_ephemeris',
  title: 'Ephemeris table (v1_ephemeris)',
  description: `The ephemeris of GET and POST /api/v1/ephemeris, as v1_ephemeris_calculate answers it: ${ephemerisTool.description.slice(ephemerisTool.description.indexOf(':') + 2)}`,
});

/** The query's flags as booleans: tool arguments are JSON, not query-string text. */
type SkyEventFlag = Extract<keyof typeof skyEventsQuery.shape, `include_${string}`>;
const flags = Object.fromEntries(
  Object.entries(skyEventsQuery.shape)
    .filter(([k]) => k.startsWith('include_'))
    .map(([k, v]) => [
      k,
      z
        .boolean()
        .optional()
        .describe(v.description ?? k),
    ]),
) as Record<SkyEventFlag, z.ZodOptional<z.ZodBoolean>>;

export const skyEventsTool = defineTool({
  name: 'v1_sky_events',
  title: 'Sky events of a day',
  description:
    'The sky events of GET /api/v1/sky-events for one local calendar day (`date`, `timezone`): New and Full Moons, sign ingresses, stations, exact aspects between the planets and of the Moon, each exact to the second, with an optional short phrase per event. `preset` quiet, daily or full chooses the kinds; include_* flags override it.',
  families: ['ephemeris'],
  input: toolSchema(skyEventsQuery.extend(flags)),
  output: outputSchema(skyEventsResponse),
  annotations: READ_ONLY,
  run: (args, { compute }) => json(() => calculateSkyEvents(compute, args)),
});

export const numerologyTool = defineTool({
  name: 'v1_numerology_profile',
  title: 'Numerology profile',
  description:
    'A numerology profile as POST /api/v1/numerology/profile computes it: `method.system` (pythagorean, chaldean, kabbalah, ank_jyotish) and `method.profile` select the system and profile, `subject` carries the name and birth date, `calculations` picks slugs (default: all of the profile). Every number comes with its reduction trace. Nothing of the subject is stored.',
  families: ['numerology'],
  // The engine validates the request itself, as on the REST endpoint (where a null is a value).
  input: toolSchema(NumerologyProfileRequestSchema, { dropNulls: false, keepInput: true }),
  output: outputSchema(
    z.object({ registry_version: z.string(), method: z.record(z.string(), z.unknown()), data: z.record(z.string(), z.unknown()) }).passthrough(),
  ),
  annotations: READ_ONLY,
  run: async (args) => {
    const answer = calculateProfile(args, '/mcp/tools/v1_numerology_profile');
    if (answer.status === 200) return objectResult(answer.body as Record<string, unknown>);
    const problem = answer.body as { title?: string; detail?: string };
    return errorResult(answer.status, `${problem.title ?? 'Problem'}: ${problem.detail ?? ''}\n${JSON.stringify(answer.body)}`);
  },
});
