/**
 * The doshas answer (POST /api/v1|v2/vedic/doshas), declared once by its response schema: the
 * service in src/features/vedic-doshas builds the object, this writes its bytes.
 */
import { schemaSerializer } from './schema-serializer.ts';
import { vedicDoshasResponse } from '../features/vedic/doshas/vedic-doshas-schemas.ts';
import { computeVedicDoshas, type VedicDoshasTask } from '../features/vedic/doshas/vedic-doshas-service.ts';

export const vedicDoshasAnswer = schemaSerializer(vedicDoshasResponse);
export const vedicDoshasBytes = (task: VedicDoshasTask) => vedicDoshasAnswer(computeVedicDoshas(task));
