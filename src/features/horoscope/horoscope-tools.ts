/** The horoscopes' MCP tools, named as the public service names them: each REST endpoint's request as input and its answer as output. */
import { READ_ONLY, defineTool, type ToolDefinition } from '../mcp/tool-definition.ts';
import { jsonResult, outcomeOfError } from '../mcp/tool-results.ts';
import { outputSchema, toolSchema } from '../mcp/tool-schema.ts';
import { calculateDailyPersonal, calculateDailySign, calculateWeeklyPersonal } from './horoscope-calculate.ts';
import {
  dailyPersonalRequest,
  dailyPersonalV1Response,
  dailyPersonalV2Response,
  dailyPersonalV3Response,
  dailySignQuery,
  dailySignV1Response,
  dailySignV2Response,
  weeklyPersonalRequest,
  weeklyPersonalResponse,
} from './horoscope-schemas.ts';

const BIRTH =
  'Birth as `birth{year, month, day, hour, minute, city | lat + lng, tz_str, time_known}`; `date` YYYY-MM-DD (default today), `tz_str` the zone of the day.';

const PERSONAL_OUTPUT = { v1: dailyPersonalV1Response, v2: dailyPersonalV2Response, v3: dailyPersonalV3Response };

const personal = (version: 'v1' | 'v2' | 'v3') =>
  defineTool({
    name: `${version}_horoscope_daily_personal`,
    title: `Personal daily horoscope (${version === 'v1' ? 'legacy v1, the v2 data' : version})`,
    description: `POST /api/${version}/horoscope/daily/personal: the day’s scores (overall, love, career, money, health) with their factors, theme, text, keywords, do and don’t, lucky colour, number and hour, the Moon’s sign and phase, and the top transits to the birth chart${version === 'v3' ? ', with their windows, the exact hits of the day and the next shift' : ''}. ${BIRTH}`,
    families: ['western'],
    input: toolSchema(dailyPersonalRequest),
    output: outputSchema(PERSONAL_OUTPUT[version]),
    annotations: READ_ONLY,
    run: async (args, { compute }) => {
      try {
        return jsonResult(await calculateDailyPersonal(compute, args, version));
      } catch (error) {
        return outcomeOfError(error);
      }
    },
  });

const weekly = defineTool({
  name: 'v3_horoscope_weekly_personal',
  title: 'Personal weekly horoscope',
  description: `POST /api/v3/horoscope/weekly/personal: seven days from \`week_start\` (default this week’s Monday), each day’s scores and theme, the week’s means, best and hardest day, and its strongest transits. ${BIRTH}`,
  families: ['western'],
  input: toolSchema(weeklyPersonalRequest),
  output: outputSchema(weeklyPersonalResponse),
  annotations: READ_ONLY,
  run: async (args, { compute }) => {
    try {
      return jsonResult(await calculateWeeklyPersonal(compute, args));
    } catch (error) {
      return outcomeOfError(error);
    }
  },
});

const sign = (version: 'v1' | 'v2') =>
  defineTool({
    name: `${version}_horoscope_daily_sign`,
    title: `Daily sign horoscope (${version})`,
    description: `GET /api/${version}/horoscope/daily/sign: the sign’s daily horoscope from its solar chart (the sign as 1st house, whole-sign houses) under the day’s sky: scores, theme, text, lucky items, the Moon. Arguments: \`sign\` (aries … pisces), \`date\` (YYYY-MM-DD or today), \`tz_str\`, \`locale\`.`,
    families: ['western'],
    input: toolSchema(dailySignQuery),
    output: outputSchema(version === 'v2' ? dailySignV2Response : dailySignV1Response),
    annotations: READ_ONLY,
    run: async (args, { compute }) => {
      try {
        return jsonResult(await calculateDailySign(compute, args, version));
      } catch (error) {
        return outcomeOfError(error);
      }
    },
  });

export const HOROSCOPE_TOOLS: readonly ToolDefinition[] = [personal('v3'), personal('v2'), personal('v1'), weekly, sign('v2'), sign('v1')];
