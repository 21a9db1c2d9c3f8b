/** The panchang's MCP tools: each version's REST request as input and its answer as output. */
import { READ_ONLY, defineTool } from '../../mcp/tool-definition.ts';
import { jsonResult, outcomeOfError } from '../../mcp/tool-results.ts';
import { outputSchema, toolSchema } from '../../mcp/tool-schema.ts';
import { calculatePanchang, type PanchangVersion } from './vedic-panchang-calculate.ts';
import { panchangRequest, panchangV1Response, panchangV2Response } from './vedic-panchang-schemas.ts';

const DESCRIPTION =
  'the Hindu almanac of a local date at a place (year, month, day, city or lat/lng, tz_str, ayanamsha default lahiri): vara, tithi with paksha, nakshatra, yoga and karana, each with its start and end to the second and the ones that follow before the next sunrise; sunrise, sunset, moonrise, moonset; Rahu kalam, Yamaganda, Gulika kalam, Abhijit muhurta; the amanta and purnimanta lunar month, ritu, ayana, Vikram and Shaka samvat.';

const panchangTool = (version: PanchangVersion) =>
  defineTool({
    name: `${version}_vedic_panchang`,
    title: `Panchang (${version})`,
    description:
      version === 'v1'
        ? `The panchang of POST /api/v1/vedic/panchang: ${DESCRIPTION}`
        : `The panchang of POST /api/v2/vedic/panchang: ${DESCRIPTION} Adds every transition of the day in time order, and the limbs at the local hour and minute sent (request_time_panchang).`,
    families: ['vedic'],
    input: toolSchema(panchangRequest),
    output: outputSchema(version === 'v1' ? panchangV1Response : panchangV2Response),
    annotations: READ_ONLY,
    run: async (body, { compute }) => {
      try {
        return jsonResult(await calculatePanchang(compute, version, body));
      } catch (error) {
        return outcomeOfError(error);
      }
    },
  });

export const PANCHANG_TOOLS = [panchangTool('v1'), panchangTool('v2')];
