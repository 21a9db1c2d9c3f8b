/** GET /api/v1/chinese/calendar/{date} and GET /api/v1/chinese/today: the query and the day's answer. */
import { z } from 'zod/v4';
import { ianaZone } from '../../../astro/civil-time.ts';
import { ELEMENTS } from '../../../astro/chinese/stems-branches.ts';
import { answerObject } from '../bazi/bazi-field-text.ts';

const timezone = z
  .string()
  .max(64)
  .refine((v) => ianaZone(v) !== undefined, { message: 'expected an IANA time zone such as Asia/Shanghai' })
  .default('Asia/Shanghai')
  .describe('IANA time zone whose local day is meant (the day pillar, the terms falling on that day). Default Asia/Shanghai.');

export const calendarParams = z.object({
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'expected YYYY-MM-DD')
    .describe('The local calendar day, YYYY-MM-DD (1583-01-01 to 2999-12-31).')
    .meta({ example: '2024-02-10' }),
});
export const calendarQuery = z.object({ timezone });
export const todayQuery = z.object({ timezone });
export type CalendarQuery = z.output<typeof calendarQuery>;

const element = z.enum(ELEMENTS);
const polarity = z.enum(['Yang', 'Yin']);
const pillar = answerObject({
  gan_zhi: z.string(),
  gan: z.string(),
  zhi: z.string(),
  gan_info: answerObject({ name: z.string(), pinyin: z.string(), element, polarity }),
  zhi_info: answerObject({ name: z.string(), pinyin: z.string(), element, polarity, zodiac: z.string(), hidden: z.array(z.string()) }),
  nayin: z.string(),
});
const term = answerObject({ chinese: z.string(), pinyin: z.string(), name: z.string(), longitude: z.number(), utc: z.string(), local: z.string() });

export const calendarResponse = answerObject({
  date: z.string(),
  timezone: z.string(),
  pillars: answerObject({
    year: pillar.describe('At local noon: the year from Lichun'),
    month: pillar.describe('At local noon: the month from the last jie'),
    day: pillar,
  }),
  hours: z
    .array(answerObject({ zhi: z.string(), gan_zhi: z.string(), from: z.string(), to: z.string() }))
    .describe('The twelve two-hour pillars of the day (the Zi hour from 23:00 the evening before)'),
  lunar_date: answerObject({
    year: z.number().int(),
    month: z.number().int(),
    day: z.number().int(),
    is_leap_month: z.boolean(),
    month_days: z.number().int(),
    text: z.string(),
  }).describe('Lunar date of this calendar date (months reckoned in UTC+8)'),
  solar_term: answerObject({
    current: term.describe('The term in effect at local noon'),
    today: term.nullable().describe('A term whose instant falls in this local day, else null'),
    next: term,
  }),
  zodiac: answerObject({ by_lichun: z.string(), by_lunar_new_year: z.string() }),
  changes: z.array(z.string()).describe('Pillars that change inside this day (at a jie: the month, at Lichun: the year too), with the instant'),
}).meta({ id: 'ChineseCalendarDay' });
export type CalendarResponse = z.output<typeof calendarResponse>;
