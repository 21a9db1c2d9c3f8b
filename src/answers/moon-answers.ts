/**
 * The Moon's answers (GET /api/v1/moon/phase and /api/v1/moon/month), declared once by their
 * response schemas: the service builds the objects, these write their bytes
 * (schema-serializer.ts), and the answers' contract test
 * (test/unit/answers/object-answers-contract.test.ts) holds the two together.
 */
import { schemaSerializer } from './schema-serializer.ts';
import { moonMonthResponse, moonPhaseResponse } from '../features/moon/moon-schemas.ts';

export const moonPhaseAnswer = schemaSerializer(moonPhaseResponse);
export const moonMonthAnswer = schemaSerializer(moonMonthResponse);
