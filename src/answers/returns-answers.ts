/**
 * The solar return and planetary returns answers (POST /api/v1/western/solar/calculate,
 * POST /api/v1/western/returns/calculate), declared once by their response schemas: the service
 * builds the objects (src/features/returns/returns-service.ts), these write their bytes.
 */
import { schemaSerializer } from './schema-serializer.ts';
import { returnsResponse, solarReturnResponse } from '../features/returns/returns-schemas.ts';
import { computeReturns, computeSolarReturn, type ReturnsTask, type SolarReturnTask } from '../features/returns/returns-service.ts';

export const solarReturnAnswer = schemaSerializer(solarReturnResponse);
export const returnsAnswer = schemaSerializer(returnsResponse);

export const solarReturnAnswerBytes = (task: SolarReturnTask) => solarReturnAnswer(computeSolarReturn(task));
export const returnsAnswerBytes = (task: ReturnsTask) => returnsAnswer(computeReturns(task));
