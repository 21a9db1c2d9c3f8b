/**
 * The sky events answer (GET /api/v1/sky-events), declared once by its response schema: the
 * service builds the object, this writes its bytes (schema-serializer.ts), and the answer's
 * contract test (test/unit/answers/object-answers-contract.test.ts) holds the two together.
 */
import { schemaSerializer } from './schema-serializer.ts';
import { skyEventsResponse } from '../features/sky-events/sky-events-schemas.ts';

export const skyEventsAnswer = schemaSerializer(skyEventsResponse);
