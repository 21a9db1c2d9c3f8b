/**
 * The panchang's answers (POST /api/v1/vedic/panchang and /api/v2/vedic/panchang), each declared
 * once by its response schema: the service builds the object, these write its bytes
 * (schema-serializer.ts); test/unit/vedic-panchang/vedic-panchang-answer.test.ts holds them together.
 */
import { schemaSerializer } from '../../../answers/schema-serializer.ts';
import { panchangV1Response, panchangV2Response } from './vedic-panchang-schemas.ts';
import { computePanchangV1, computePanchangV2, type PanchangTask } from './vedic-panchang-service.ts';

export const panchangV1Answer = schemaSerializer(panchangV1Response);
export const panchangV2Answer = schemaSerializer(panchangV2Response);

export const panchangV1AnswerBytes = (task: PanchangTask) => panchangV1Answer(computePanchangV1(task));
export const panchangV2AnswerBytes = (task: PanchangTask) => panchangV2Answer(computePanchangV2(task));
