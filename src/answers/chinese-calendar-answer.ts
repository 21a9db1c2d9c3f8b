/** The Chinese calendar day's answer, declared once by its response schema. */
import { schemaSerializer } from './schema-serializer.ts';
import { calendarResponse } from '../features/chinese-calendar/chinese-calendar-schemas.ts';
import { computeCalendarDay, type ChineseCalendarTask } from '../features/chinese-calendar/chinese-calendar-service.ts';

export const chineseCalendarAnswer = schemaSerializer(calendarResponse);

export const chineseCalendarAnswerBytes = (task: ChineseCalendarTask) => chineseCalendarAnswer(computeCalendarDay(task));
