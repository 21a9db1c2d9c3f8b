/** The MCP tools of the calendar endpoints, named as the public service names its paths. */
import { z } from 'zod/v4';
import { calculateCalendarDay, todayIn } from './chinese-calendar-calculate.ts';
import { calendarParams, calendarQuery, calendarResponse, todayQuery } from './chinese-calendar-schemas.ts';
import { READ_ONLY, defineTool } from '../mcp/tool-definition.ts';
import { jsonResult, outcomeOfError } from '../mcp/tool-results.ts';
import { outputSchema, toolSchema } from '../mcp/tool-schema.ts';

async function json(run: () => Promise<Buffer>) {
  try {
    return jsonResult(await run());
  } catch (error) {
    return outcomeOfError(error);
  }
}

export const chineseCalendarTool = defineTool({
  name: 'v1_chinese_calendar',
  title: 'A day of the Chinese calendar',
  description:
    'GET /api/v1/chinese/calendar/{date}: the year, month, day and hour pillars, lunar date, solar terms and zodiac of `date` (YYYY-MM-DD) in `timezone` (default Asia/Shanghai).',
  families: ['chinese'],
  input: toolSchema(z.object({ ...calendarParams.shape, ...calendarQuery.shape })),
  output: outputSchema(calendarResponse),
  annotations: READ_ONLY,
  run: (args, { compute }) => json(() => calculateCalendarDay(compute, args.date, args.timezone, ['date'])),
});

export const chineseTodayTool = defineTool({
  name: 'v1_chinese_today',
  title: 'Today in the Chinese calendar',
  description: "GET /api/v1/chinese/today: today's pillars, lunar date, solar terms and zodiac in `timezone` (default Asia/Shanghai).",
  families: ['chinese'],
  input: toolSchema(todayQuery),
  output: outputSchema(calendarResponse),
  // The answer depends on the day of the call.
  annotations: { ...READ_ONLY, idempotentHint: false },
  run: (args, { compute }) => json(() => calculateCalendarDay(compute, todayIn(args.timezone), args.timezone, ['timezone'])),
});
