/** The gochara timeline's MCP tools: each version's REST request as input and its answer as output. */
import { READ_ONLY, defineTool } from '../../mcp/tool-definition.ts';
import { jsonResult, outcomeOfError } from '../../mcp/tool-results.ts';
import { outputSchema, toolSchema } from '../../mcp/tool-schema.ts';
import { calculateVedicGochar } from './vedic-gochar-calculate.ts';
import { VEDIC_GOCHAR_TEXT } from './vedic-gochar-routes.ts';
import { vedicGocharRequest, vedicGocharV1Response, vedicGocharV2Response } from './vedic-gochar-schemas.ts';

const BIRTH =
  'Birth data: year, month, day, hour, minute (local time), `city` or `lat`/`lng`, `tz_str`; `ayanamsha` (lahiri default), `node_type`; the range `start_date`, `end_date`.';

const gocharTool = (version: 1 | 2) =>
  defineTool({
    name: `v${version}_vedic_gochar_timeline`,
    title: `Gochara timeline (v${version})`,
    description: `POST /api/v${version}/vedic/gochar/timeline. ${VEDIC_GOCHAR_TEXT} ${BIRTH}`,
    families: ['vedic'],
    input: toolSchema(vedicGocharRequest),
    output: outputSchema(version === 1 ? vedicGocharV1Response : vedicGocharV2Response),
    annotations: READ_ONLY,
    run: async (args, { compute }) => {
      try {
        return jsonResult(await calculateVedicGochar(compute, args, version));
      } catch (error) {
        return outcomeOfError(error);
      }
    },
  });

export const GOCHAR_TOOLS = [gocharTool(1), gocharTool(2)];
