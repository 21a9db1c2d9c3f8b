/**
 * The gochara timeline's answers (POST /api/v1|v2/vedic/gochar/timeline), each declared once by
 * its response schema: the service builds the object, these write its bytes.
 */
import { schemaSerializer } from './schema-serializer.ts';
import { vedicGocharV1Response, vedicGocharV2Response } from '../features/vedic/gochar/vedic-gochar-schemas.ts';
import { computeVedicGocharV1, computeVedicGocharV2, type VedicGocharTask } from '../features/vedic/gochar/vedic-gochar-service.ts';

export const vedicGocharV1Answer = schemaSerializer(vedicGocharV1Response);
export const vedicGocharV2Answer = schemaSerializer(vedicGocharV2Response);

export const vedicGocharV1Bytes = (task: VedicGocharTask) => vedicGocharV1Answer(computeVedicGocharV1(task));
export const vedicGocharV2Bytes = (task: VedicGocharTask) => vedicGocharV2Answer(computeVedicGocharV2(task));
