/** The sign lookups' MCP tools, one per point: the REST endpoint's request as input and its answer as output. */
import { READ_ONLY, defineTool, type ToolDefinition } from '../mcp/tool-definition.ts';
import { jsonResult, outcomeOfError } from '../mcp/tool-results.ts';
import { outputSchema, toolSchema } from '../mcp/tool-schema.ts';
import { calculateSign } from './signs-calculate.ts';
import { SIGN_POINTS, signRequest, signResponse, type SignPoint } from './signs-schemas.ts';

const WHAT: Record<SignPoint, string> = {
  sun: 'the Sun sign',
  moon: 'the Moon sign',
  rising: 'the rising sign (the Ascendant; needs the birth time)',
  midheaven: 'the Midheaven sign (needs the birth time)',
};

function signTool(point: SignPoint) {
  return defineTool({
    name: `v1_western_signs_${point}`,
    title: `${point[0]!.toUpperCase()}${point.slice(1)} sign`,
    description: `POST /api/v1/western/signs/${point}: ${WHAT[point]}, with its degree, longitude and house, and with \`interpretation.enable\` the library's text for it. Birth data as for the natal chart (year, month, day, hour, minute, city or lat/lng, tz_str, time_known, house_system, zodiac_type).`,
    families: ['western'],
    input: toolSchema(signRequest),
    output: outputSchema(signResponse),
    annotations: READ_ONLY,
    run: async (args, { compute }) => {
      try {
        return jsonResult(await calculateSign(compute, point, args));
      } catch (error) {
        return outcomeOfError(error);
      }
    },
  });
}

export const SIGN_TOOLS: readonly ToolDefinition[] = SIGN_POINTS.map(signTool);
