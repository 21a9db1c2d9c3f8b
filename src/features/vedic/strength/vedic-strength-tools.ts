/** The strength endpoints' MCP tools: each version's REST request as input and its answer as output. */
import { READ_ONLY, defineTool } from '../../mcp/tool-definition.ts';
import { jsonResult, outcomeOfError } from '../../mcp/tool-results.ts';
import { outputSchema, toolSchema } from '../../mcp/tool-schema.ts';
import { calculateVedicStrength } from './vedic-strength-calculate.ts';
import { vedicStrengthRequest, vedicStrengthV1Response, vedicStrengthV2Response } from './vedic-strength-schemas.ts';
import { VEDIC_STRENGTH_TEXT } from './vedic-strength-routes.ts';

const BIRTH =
  'Birth data: year, month, day, hour, minute (local time), `city` or `lat`/`lng`, `tz_str`; `ayanamsha` (lahiri default), `node_type`, `house_system`; `ashtakavarga_reductions`.';

const strengthTool = (version: 1 | 2) =>
  defineTool({
    name: `v${version}_vedic_strength`,
    title: `Vedic strength: shadbala, bhava bala, ashtakavarga${version === 2 ? ' (v2)' : ''}`,
    description:
      version === 1
        ? `POST /api/v1/vedic/strength. ${VEDIC_STRENGTH_TEXT} ${BIRTH}`
        : `POST /api/v2/vedic/strength: the strengths of v1_vedic_strength in the v2 shape (shadbala keyed sun … saturn, ishta_kashta, sarvashtakavarga and bhinnashtakavarga as rows of twelve, prastharashtakavarga). ${BIRTH}`,
    families: ['vedic'],
    input: toolSchema(vedicStrengthRequest),
    output: outputSchema(version === 1 ? vedicStrengthV1Response : vedicStrengthV2Response),
    annotations: READ_ONLY,
    run: async (args, { compute }) => {
      try {
        return jsonResult(await calculateVedicStrength(compute, args, version));
      } catch (error) {
        return outcomeOfError(error);
      }
    },
  });

export const VEDIC_STRENGTH_TOOLS = [strengthTool(1), strengthTool(2)];
