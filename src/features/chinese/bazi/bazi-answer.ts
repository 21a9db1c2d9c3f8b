/**
 * The BaZi answers (POST /api/v1/chinese/bazi and POST /api/v1/chinese/bazi/flow), declared once
 * by their response schemas: the services build the objects (bazi-service.ts, bazi-flow-service.ts),
 * these write their bytes.
 */
import { schemaSerializer } from '../../../answers/schema-serializer.ts';
import { baziResponse } from './bazi-schemas.ts';
import { computeBazi, type BaziTask } from './bazi-service.ts';
import { baziFlowResponse } from './bazi-flow-schemas.ts';
import { computeBaziFlow, type BaziFlowTask } from './bazi-flow-service.ts';

export const baziAnswer = schemaSerializer(baziResponse);

export const baziAnswerBytes = (task: BaziTask) => baziAnswer(computeBazi(task));

export const baziFlowAnswer = schemaSerializer(baziFlowResponse);

export const baziFlowAnswerBytes = (task: BaziFlowTask) => baziFlowAnswer(computeBaziFlow(task));
