/** The profections family's MCP tool: the REST endpoint's request (with `include`) as input and its answer as output. */
import { READ_ONLY, defineTool } from '../mcp/tool-definition.ts';
import { jsonResult, outcomeOfError } from '../mcp/tool-results.ts';
import { outputSchema, toolSchema } from '../mcp/tool-schema.ts';
import { calculateProfection } from './profections-calculate.ts';
import { PROFECTION_INCLUDES, profectionQuery, profectionRequest, profectionResponse } from './profections-schemas.ts';

export const profectionTool = defineTool({
  name: 'v1_western_profections_annual',
  title: 'Annual profection',
  description: `The annual profection of POST /api/v1/western/profections/annual: for the birthday-to-birthday year that starts in \`annual_profection.year\`, the age, the activated whole-sign house and sign, the time lord (the sign's ruler) and the period. Birth data as for the natal chart (year, month, day, hour, minute, city or lat/lng, tz_str, time_known). \`include\`: comma-separated ${PROFECTION_INCLUDES.join(', ')}, or all.`,
  families: ['western'],
  input: toolSchema(profectionRequest.extend(profectionQuery.shape)),
  output: outputSchema(profectionResponse),
  annotations: READ_ONLY,
  run: async ({ include, ...body }, { compute }) => {
    try {
      return jsonResult(await calculateProfection(compute, body, { include }));
    } catch (error) {
      return outcomeOfError(error);
    }
  },
});
