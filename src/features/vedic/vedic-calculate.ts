/**
 * Serving the Vedic endpoints: the place resolved on the event loop, the answer computed in the
 * compute pool. The REST routes and the MCP tools call these, so both answer with the same bytes.
 */
import type { ComputeRunner } from '../../compute/runner.ts';
import { resolveSubjectPlace } from '../../requests/place.ts';
import type { VedicChartRequest } from './vedic-schemas.ts';
import type { VedicVargasRequest } from './vedic-vargas-schemas.ts';
import type { VedicDashaRequest } from './vedic-dasha-schemas.ts';
import type { VedicCalculateRequest } from './vedic-calculate-schemas.ts';

export type VedicVersion = 1 | 2;

export function calculateVedicChart(compute: ComputeRunner, body: VedicChartRequest, version: VedicVersion): Promise<Buffer> {
  const task = { request: body, place: resolveSubjectPlace(body, ['body']) };
  return version === 1 ? compute.run('vedic_chart_v1', task) : compute.run('vedic_chart_v2', task);
}

export function calculateVedicVargas(compute: ComputeRunner, body: VedicVargasRequest, version: VedicVersion): Promise<Buffer> {
  const task = { request: body, place: resolveSubjectPlace(body, ['body']) };
  return version === 1 ? compute.run('vedic_vargas_v1', task) : compute.run('vedic_vargas_v2', task);
}

export function calculateVedicDasha(compute: ComputeRunner, body: VedicDashaRequest, version: VedicVersion): Promise<Buffer> {
  const task = { request: body, place: resolveSubjectPlace(body, ['body']), nowMs: Date.now() };
  return version === 1 ? compute.run('vedic_dasha_v1', task) : compute.run('vedic_dasha_v2', task);
}

export function calculateVedicCalculate(compute: ComputeRunner, body: VedicCalculateRequest): Promise<Buffer> {
  return compute.run('vedic_calculate', { request: body, place: resolveSubjectPlace(body, ['body']), nowMs: Date.now() });
}
