/**
 * The JSON tools: each a thin call into the feature service its REST endpoint calls, with the
 * endpoint's request schema as input and its response as `structuredContent`.
 */
import { z } from 'zod/v4';
import { buildEphemerisPlan } from '../ephemeris/plan.ts';
import { ephemerisRequest } from '../ephemeris/ephemeris-schemas.ts';
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
