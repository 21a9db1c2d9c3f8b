/** The MCP tools of the returns endpoints, named as the public service names them. */
import { calculateReturns, calculateSolarReturn } from './returns-calculate.ts';
import { returnsRequest, returnsResponse, solarReturnRequest, solarReturnResponse } from './returns-schemas.ts';
import { READ_ONLY, defineTool } from '../mcp/tool-definition.ts';
import { jsonResult, outcomeOfError } from '../mcp/tool-results.ts';
import { outputSchema, toolSchema } from '../mcp/tool-schema.ts';

const NATAL =
  'Birth data in `natal`: `datetime` (`YYYY-MM-DD HH:MM`) or year, month, day, hour, minute (local time; hour 12 and minute 0 by default), `time_known`, and `location` {city, or lat and lng; tz_str or timezone, AUTO by default}.';

export const solarReturnTool = defineTool({
  name: 'v1_western_solar_calculate',
  title: 'Solar return',
  description: `The solar return of POST /api/v1/western/solar/calculate: the exact instant in \`solar_return.year\` at which the Sun returns to its natal longitude, the return chart (planets, houses, angles, aspects) at \`solar_return.location\` (default the birth place), and its comparison with the natal chart (aspects, house overlay, angular planets). ${NATAL}`,
  families: ['western'],
  input: toolSchema(solarReturnRequest),
  output: outputSchema(solarReturnResponse),
  annotations: READ_ONLY,
  run: async (args, { compute }) => {
    try {
      return jsonResult(await calculateSolarReturn(compute, args));
    } catch (error) {
      return outcomeOfError(error);
    }
  },
});

export const returnsTool = defineTool({
  name: 'v1_western_returns_calculate',
  title: 'Planetary returns',
  description: `The returns of POST /api/v1/western/returns/calculate: when \`return_target.body\` (sun, moon for the lunar return, mercury … pluto, chiron) comes back to its natal longitude: the first return at or after \`search_start\` (YYYY-MM-DD), or every one up to \`search_end\`, each with its return chart and comparison with the natal chart. ${NATAL}`,
  families: ['western'],
  input: toolSchema(returnsRequest),
  output: outputSchema(returnsResponse),
  annotations: READ_ONLY,
  run: async (args, { compute }) => {
    try {
      return jsonResult(await calculateReturns(compute, args));
    } catch (error) {
      return outcomeOfError(error);
    }
  },
});

export const RETURNS_TOOLS = [solarReturnTool, returnsTool];
