/** The BaZi flow answer (POST /api/v1/chinese/bazi/flow), declared once by its response schema. */
import { schemaSerializer } from './schema-serializer.ts';
import { baziFlowResponse } from '../features/bazi/bazi-flow-schemas.ts';
import { computeBaziFlow, type BaziFlowTask } from '../features/bazi/bazi-flow-service.ts';

export const baziFlowAnswer = schemaSerializer(baziFlowResponse);

export const baziFlowAnswerBytes = (task: BaziFlowTask) => baziFlowAnswer(computeBaziFlow(task));
