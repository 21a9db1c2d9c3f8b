/** The doshas' MCP tools, named like the paths. */
import { READ_ONLY, defineTool } from '../../mcp/tool-definition.ts';
import { jsonResult, outcomeOfError } from '../../mcp/tool-results.ts';
import { outputSchema, toolSchema } from '../../mcp/tool-schema.ts';
import { calculateVedicDoshas } from './vedic-doshas-calculate.ts';
import { vedicDoshasRequest, vedicDoshasResponse } from './vedic-doshas-schemas.ts';
import { VEDIC_DOSHAS_TEXT } from './vedic-doshas-routes.ts';

const BIRTH =
  'Birth data: year, month, day, hour, minute (local time), `city` or `lat`/`lng`, `tz_str`; `ayanamsha` (lahiri default), `node_type`; `date` for Sade Sati.';
// Without a date, Sade Sati depends on the day of the call.
const DATED = { ...READ_ONLY, idempotentHint: false };

const doshasTool = (version: 1 | 2) =>
  defineTool({
    name: `v${version}_vedic_doshas`,
    title: version === 1 ? 'Vedic doshas' : 'Vedic doshas (v2)',
    description: `POST /api/v${version}/vedic/doshas. ${VEDIC_DOSHAS_TEXT} ${BIRTH}`,
    families: ['vedic'],
    input: toolSchema(vedicDoshasRequest),
    output: outputSchema(vedicDoshasResponse),
    annotations: DATED,
    run: async (args, { compute }) => {
      try {
        return jsonResult(await calculateVedicDoshas(compute, args));
      } catch (error) {
        return outcomeOfError(error);
      }
    },
  });

export const VEDIC_DOSHAS_TOOLS = [doshasTool(1), doshasTool(2)];
