/**
 * The solar return and planetary returns answers (POST /api/v1/western/solar/calculate,
 * POST /api/v1/western/returns/calculate), declared once by their response schemas: the service
 * builds the objects (src/features/returns/returns-service.ts), these write their bytes.
 */
import { schemaSerializer } from './schema-serializer.ts';
import { returnsResponse, solarReturnResponse } from '../features/returns/returns-schemas.ts';
import { computeReturns, computeSolarReturn, returnsTask, solarReturnTask, type ReturnsJob, type SolarReturnJob } from '../features/returns/returns-service.ts';

export const solarReturnAnswer = schemaSerializer(solarReturnResponse);
export const returnsAnswer = schemaSerializer(returnsResponse);

/** The answers of the compute pool's jobs: the rest of the request read there (returns-calculate.ts), then cast and written. */
export const solarReturnAnswerBytes = (job: SolarReturnJob) => solarReturnAnswer(computeSolarReturn(solarReturnTask(job.body, job.places)));
export const returnsAnswerBytes = (job: ReturnsJob) => returnsAnswer(computeReturns(returnsTask(job.body, job.places)));
