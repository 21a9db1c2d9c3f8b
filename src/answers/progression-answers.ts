/**
 * The progressions answers (secondary, tertiary, converse secondary), declared by their response schemas
 * (src/features/progressions/progressions-schemas.ts) and written by schemaSerializer.
 */
import { schemaSerializer } from './schema-serializer.ts';
import { calendarResponse, exactAspectsResponse, exactIngressesResponse, progressedChartResponse } from '../features/progressions/progressions-schemas.ts';
import {
  computeCalendar,
  computeExactAspects,
  computeExactIngresses,
  computeProgressedChart,
  type CalendarTask,
  type ExactAspectsTask,
  type SearchTask,
  type TargetTask,
} from '../features/progressions/progressions-service.ts';

const progressedChartBytes = schemaSerializer(progressedChartResponse);
const calendarBytes = schemaSerializer(calendarResponse);
const exactAspectsBytes = schemaSerializer(exactAspectsResponse);
const exactIngressesBytes = schemaSerializer(exactIngressesResponse);

export const progressedChartAnswerBytes = (task: TargetTask) => progressedChartBytes(computeProgressedChart(task));
export const progressionCalendarAnswerBytes = (task: CalendarTask) => calendarBytes(computeCalendar(task));
export const progressionExactAspectsAnswerBytes = (task: ExactAspectsTask) => exactAspectsBytes(computeExactAspects(task));
export const progressionExactIngressesAnswerBytes = (task: SearchTask) => exactIngressesBytes(computeExactIngresses(task));
