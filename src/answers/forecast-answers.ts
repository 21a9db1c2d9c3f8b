/**
 * The forecasting answers (transit timeline, transit search, natal and transit insights), each
 * declared once by its response schema: the services build the objects, these write their bytes
 * (schema-serializer.ts); test/unit/forecast/forecast-answers-contract.test.ts holds them together.
 */
import { schemaSerializer } from './schema-serializer.ts';
import { timelineResponse } from '../features/forecast/forecast-timeline-schemas.ts';
import { searchResponse } from '../features/forecast/forecast-search-schemas.ts';
import { insightsResponse } from '../features/forecast/forecast-insights-schemas.ts';

export const timelineAnswer = schemaSerializer(timelineResponse);
export const searchAnswer = schemaSerializer(searchResponse);
/** Natal and transit insights share one answer schema. */
export const insightsAnswer = schemaSerializer(insightsResponse);
