/** The yogas' MCP tools: each version's REST request as input and its answer as output. */
import { READ_ONLY, defineTool } from '../../mcp/tool-definition.ts';
import { jsonResult, outcomeOfError } from '../../mcp/tool-results.ts';
import { outputSchema, toolSchema } from '../../mcp/tool-schema.ts';
import { calculateVedicYogas, type YogasVersion } from './vedic-yogas-calculate.ts';
import { vedicYogasRequest, vedicYogasV1Response, vedicYogasV2Response } from './vedic-yogas-schemas.ts';
import { VEDIC_YOGAS_TEXT } from './vedic-yogas-routes.ts';

const BIRTH =
  'Birth data: year, month, day, hour, minute (local time), `city` or `lat`/`lng`, `tz_str`; `ayanamsha` (lahiri default), `node_type`, `house_system`.';

const yogasTool = (version: YogasVersion) =>
  defineTool({
    name: `v${version}_vedic_yogas`,
    title: version === 1 ? 'Vedic yogas' : 'Vedic yogas (v2)',
    description:
      version === 1
        ? `POST /api/v1/vedic/yogas. ${VEDIC_YOGAS_TEXT} ${BIRTH}`
        : `POST /api/v2/vedic/yogas: the yogas of v1_vedic_yogas with stable ids, type, category, strength and its basis, houses, the rule that fired (evidence), the source text, active_yogas and a summary by category. ${BIRTH}`,
    families: ['vedic'],
    input: toolSchema(vedicYogasRequest),
    output: outputSchema(version === 1 ? vedicYogasV1Response : vedicYogasV2Response),
    annotations: READ_ONLY,
    run: async (args, { compute }) => {
      try {
        return jsonResult(await calculateVedicYogas(compute, args, version));
      } catch (error) {
        return outcomeOfError(error);
      }
    },
  });

export const VEDIC_YOGAS_TOOLS = [yogasTool(1), yogasTool(2)];
