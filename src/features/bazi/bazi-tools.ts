/** The MCP tool of the BaZi endpoint, named as the public service names it. */
import { calculateBazi } from './bazi-calculate.ts';
import { baziRequest, baziResponse } from './bazi-schemas.ts';
import { READ_ONLY, defineTool } from '../mcp/tool-definition.ts';
import { jsonResult, outcomeOfError } from '../mcp/tool-results.ts';
import { outputSchema, toolSchema } from '../mcp/tool-schema.ts';

export const baziTool = defineTool({
  name: 'v1_chinese_bazi',
  title: 'BaZi four pillars',
  description: 'The BaZi chart of POST /api/v1/chinese/bazi: year, month, day and hour pillars (stems, branches, hidden stems, nayin, life stages, ten gods), element balance, luck pillars (`sex` M or F sets their direction), solar terms, lunar date and zodiac. Birth data: year, month, day, hour, minute (local civil time), and the place as `city` or `lat`/`lng`; `time_standard` civil, local_mean or true_solar; `day_boundary` midnight or zi_23.',
  families: ['chinese'],
  input: toolSchema(baziRequest),
  output: outputSchema(baziResponse),
  annotations: READ_ONLY,
  run: async (args, { compute }) => {
    try {
      return jsonResult(await calculateBazi(compute, args));
    } catch (error) {
      return outcomeOfError(error);
    }
  },
});
