/**
 * The sign lookup's answer (POST /api/v1/western/signs/{point}), declared once by its response
 * schema: the service builds the object, this writes its bytes (schema-serializer.ts);
 * test/unit/signs/signs-answer-contract.test.ts holds the two together.
 */
import { schemaSerializer } from './schema-serializer.ts';
import { signResponse } from '../features/signs/signs-schemas.ts';

export const signAnswer = schemaSerializer(signResponse);
