/**
 * The annual profection's answer (POST /api/v1/western/profections/annual), declared once by its
 * response schema: the service builds the object, this writes its bytes (schema-serializer.ts);
 * test/unit/profections/profections-answer-contract.test.ts holds the two together.
 */
import { schemaSerializer } from './schema-serializer.ts';
import { profectionResponse } from '../features/profections/profections-schemas.ts';

export const profectionAnswer = schemaSerializer(profectionResponse);
