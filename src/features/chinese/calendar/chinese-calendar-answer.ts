/** The Chinese calendar day's answer, declared once by its response schema. */
import { schemaSerializer } from '../../../answers/schema-serializer.ts';
import { calendarResponse } from './chinese-calendar-schemas.ts';
import { computeCalendarDay, type ChineseCalendarTask } from './chinese-calendar-service.ts';

export const chineseCalendarAnswer = schemaSerializer(calendarResponse);

export const chineseCalendarAnswerBytes = (task: ChineseCalendarTask) => chineseCalendarAnswer(computeCalendarDay(task));
