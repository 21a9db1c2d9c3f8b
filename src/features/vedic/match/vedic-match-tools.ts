/** The match's MCP tools, named like the paths. */
import { READ_ONLY, defineTool } from '../../mcp/tool-definition.ts';
import { jsonResult, outcomeOfError } from '../../mcp/tool-results.ts';
import { outputSchema, toolSchema } from '../../mcp/tool-schema.ts';
import { calculateVedicMatch } from './vedic-match-calculate.ts';
import { vedicMatchRequest, vedicMatchResponse } from './vedic-match-schemas.ts';
import { VEDIC_MATCH_TEXT } from './vedic-match-routes.ts';

const matchTool = (version: 1 | 2) =>
  defineTool({
    name: `v${version}_vedic_match`,
    title: version === 1 ? 'Vedic match (Guna Milan)' : 'Vedic match (Guna Milan, v2)',
    description: `POST /api/v${version}/vedic/match. ${VEDIC_MATCH_TEXT} Each birth: year, month, day, hour, minute, \`city\` or \`lat\`/\`lng\`, \`tz_str\`.`,
    families: ['vedic'],
    input: toolSchema(vedicMatchRequest),
    output: outputSchema(vedicMatchResponse),
    annotations: READ_ONLY,
    run: async (args, { compute }) => {
      try {
        return jsonResult(await calculateVedicMatch(compute, args, version));
      } catch (error) {
        return outcomeOfError(error);
      }
    },
  });

export const VEDIC_MATCH_TOOLS = [matchTool(1), matchTool(2)];
