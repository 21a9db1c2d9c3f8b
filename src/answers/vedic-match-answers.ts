/**
 * The match answer (POST /api/v1|v2/vedic/match, one shape), declared once by its response
 * schema: the service in src/features/vedic-match builds the object, this writes its bytes.
 */
import { schemaSerializer } from './schema-serializer.ts';
import { vedicMatchResponse } from '../features/vedic/match/vedic-match-schemas.ts';
import { computeVedicMatch, type VedicMatchTask } from '../features/vedic/match/vedic-match-service.ts';

export const vedicMatchAnswer = schemaSerializer(vedicMatchResponse);
export const vedicMatchBytes = (task: VedicMatchTask) => vedicMatchAnswer(computeVedicMatch(task));
