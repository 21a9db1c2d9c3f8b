/**
 * The strength answers (POST /api/v1/vedic/strength and /api/v2/vedic/strength), each declared
 * once by its response schema: the service builds the object, these write its bytes;
 * test/unit/vedic-strength/vedic-strength-answer.test.ts holds them to their schemas.
 */
import { schemaSerializer } from './schema-serializer.ts';
import { vedicStrengthV1Response, vedicStrengthV2Response } from '../features/vedic/strength/vedic-strength-schemas.ts';
import { computeVedicStrengthV1, computeVedicStrengthV2, type VedicStrengthTask } from '../features/vedic/strength/vedic-strength-service.ts';

export const vedicStrengthV1Answer = schemaSerializer(vedicStrengthV1Response);
export const vedicStrengthV2Answer = schemaSerializer(vedicStrengthV2Response);

export const vedicStrengthV1Bytes = (task: VedicStrengthTask) => vedicStrengthV1Answer(computeVedicStrengthV1(task));
export const vedicStrengthV2Bytes = (task: VedicStrengthTask) => vedicStrengthV2Answer(computeVedicStrengthV2(task));
