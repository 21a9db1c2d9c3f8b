/** The muhurta search's MCP tool: the REST request as input and its answer as output. */
import { READ_ONLY, defineTool } from '../../mcp/tool-definition.ts';
import { jsonResult, outcomeOfError } from '../../mcp/tool-results.ts';
import { outputSchema, toolSchema } from '../../mcp/tool-schema.ts';
import { calculateMuhuratSearch } from './vedic-muhurta-calculate.ts';
import { MUHURAT_SEARCH_TEXT } from './vedic-muhurta-routes.ts';
import { muhuratSearchRequest, muhuratSearchResponse } from './vedic-muhurta-schemas.ts';

export const muhuratSearchTool = defineTool({
  name: 'v2_vedic_muhurat_search',
  title: 'Muhurta search',
  description: `POST /api/v2/vedic/muhurat/search. ${MUHURAT_SEARCH_TEXT} Place: \`city\` or \`lat\`/\`lng\`, \`tz_str\`; \`ayanamsha\` (lahiri default); \`limit\` 1-50.`,
  families: ['vedic'],
  input: toolSchema(muhuratSearchRequest),
  output: outputSchema(muhuratSearchResponse),
  annotations: READ_ONLY,
  run: async (args, { compute }) => {
    try {
      return jsonResult(await calculateMuhuratSearch(compute, args));
    } catch (error) {
      return outcomeOfError(error);
    }
  },
});
