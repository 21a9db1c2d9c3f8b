/**
 * The muhurta search's answer (POST /api/v2/vedic/muhurat/search), declared once by its response
 * schema: the service builds the object, this writes its bytes.
 */
import { schemaSerializer } from './schema-serializer.ts';
import { muhuratSearchResponse } from '../features/vedic/muhurta/vedic-muhurta-schemas.ts';
import { computeMuhuratSearch, type MuhuratSearchTask } from '../features/vedic/muhurta/vedic-muhurta-service.ts';

export const muhuratSearchAnswer = schemaSerializer(muhuratSearchResponse);

export const muhuratSearchBytes = (task: MuhuratSearchTask) => muhuratSearchAnswer(computeMuhuratSearch(task));
