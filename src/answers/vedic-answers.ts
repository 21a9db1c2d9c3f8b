/**
 * The Vedic answers (POST /api/v1|v2/vedic/chart, /vargas, /dasha and /api/v2/vedic/calculate),
 * each declared once by its response schema: the services in src/features/vedic build the
 * objects, these write their bytes; test/unit/vedic/vedic-answer-contract.test.ts holds each to
 * its schema.
 */
import { schemaSerializer } from './schema-serializer.ts';
import { vedicChartV1Response, vedicChartV2Response } from '../features/vedic/vedic-schemas.ts';
import { vedicVargasV1Response, vedicVargasV2Response } from '../features/vedic/vedic-vargas-schemas.ts';
import { vedicDashaV1Response, vedicDashaV2Response } from '../features/vedic/vedic-dasha-schemas.ts';
import { vedicCalculateResponse } from '../features/vedic/vedic-calculate-schemas.ts';
import { vedicChartV1, vedicChartV2, type VedicTask } from '../features/vedic/vedic-service.ts';
import { computeVedicVargasV1, computeVedicVargasV2 } from '../features/vedic/vedic-vargas-service.ts';
import { computeVedicDashaV1, computeVedicDashaV2, type VedicDashaTask } from '../features/vedic/vedic-dasha-service.ts';
import { computeVedicCalculate, type VedicCalculateTask } from '../features/vedic/vedic-calculate-service.ts';
import type { VedicVargasRequest } from '../features/vedic/vedic-vargas-schemas.ts';

export const vedicChartV1Answer = schemaSerializer(vedicChartV1Response);
export const vedicChartV2Answer = schemaSerializer(vedicChartV2Response);
export const vedicVargasV1Answer = schemaSerializer(vedicVargasV1Response);
export const vedicVargasV2Answer = schemaSerializer(vedicVargasV2Response);
export const vedicDashaV1Answer = schemaSerializer(vedicDashaV1Response);
export const vedicDashaV2Answer = schemaSerializer(vedicDashaV2Response);
export const vedicCalculateAnswer = schemaSerializer(vedicCalculateResponse);

export const vedicChartV1Bytes = (task: VedicTask) => vedicChartV1Answer(vedicChartV1(task));
export const vedicChartV2Bytes = (task: VedicTask) => vedicChartV2Answer(vedicChartV2(task));
export const vedicVargasV1Bytes = (task: VedicTask<VedicVargasRequest>) => vedicVargasV1Answer(computeVedicVargasV1(task));
export const vedicVargasV2Bytes = (task: VedicTask<VedicVargasRequest>) => vedicVargasV2Answer(computeVedicVargasV2(task));
export const vedicDashaV1Bytes = (task: VedicDashaTask) => vedicDashaV1Answer(computeVedicDashaV1(task));
export const vedicDashaV2Bytes = (task: VedicDashaTask) => vedicDashaV2Answer(computeVedicDashaV2(task));
export const vedicCalculateBytes = (task: VedicCalculateTask) => vedicCalculateAnswer(computeVedicCalculate(task));
