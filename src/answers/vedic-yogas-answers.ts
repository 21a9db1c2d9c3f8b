/**
 * The yogas' answers (POST /api/v1/vedic/yogas and /api/v2/vedic/yogas), each declared once by
 * its response schema: the service builds the object, these write its bytes
 * (schema-serializer.ts); test/unit/vedic-yogas/vedic-yogas-answer.test.ts holds them together.
 */
import { schemaSerializer } from './schema-serializer.ts';
import { vedicYogasV1Response, vedicYogasV2Response } from '../features/vedic/yogas/vedic-yogas-schemas.ts';
import { computeVedicYogasV1, computeVedicYogasV2, type VedicYogasTask } from '../features/vedic/yogas/vedic-yogas-service.ts';

export const vedicYogasV1Answer = schemaSerializer(vedicYogasV1Response);
export const vedicYogasV2Answer = schemaSerializer(vedicYogasV2Response);

export const vedicYogasV1Bytes = (task: VedicYogasTask) => vedicYogasV1Answer(computeVedicYogasV1(task));
export const vedicYogasV2Bytes = (task: VedicYogasTask) => vedicYogasV2Answer(computeVedicYogasV2(task));
