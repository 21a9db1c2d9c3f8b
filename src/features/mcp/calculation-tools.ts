/**
 * The JSON tools: each a thin call into the feature service its REST endpoint calls, with the
 * endpoint's request schema as input and its response as `structuredContent`.
 */
import { z } from 'zod/v4';
import { calculateProfile } from '../numerology/numerology-service.ts';
import { NumerologyProfileRequestSchema } from '../../numerology/index.ts';
import { READ_ONLY, defineTool } from './tool-definition.ts';
import { errorResult, objectResult } from './tool-results.ts';
import { outputSchema, toolSchema } from './tool-schema.ts';

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
