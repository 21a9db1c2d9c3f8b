/**
 * The BaZi answer (POST /api/v1/chinese/bazi), declared once by its response schema: the service
 * builds the object (src/features/bazi/bazi-service.ts), this writes its bytes.
 */
import { schemaSerializer } from './schema-serializer.ts';
import { baziResponse } from '../features/bazi/bazi-schemas.ts';
import { computeBazi, type BaziTask } from '../features/bazi/bazi-service.ts';

export const baziAnswer = schemaSerializer(baziResponse);

export const baziAnswerBytes = (task: BaziTask) => baziAnswer(computeBazi(task));
