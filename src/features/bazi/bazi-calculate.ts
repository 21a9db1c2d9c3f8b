/** Serving a BaZi request: the place resolved on the event loop, the chart in the compute pool (REST and MCP share it). */
import type { ComputeRunner } from '../../compute/runner.ts';
import { resolveSubjectPlace } from '../requests/place.ts';
import type { BaziRequest } from './bazi-schemas.ts';
import type { BaziFlowRequest } from './bazi-flow-schemas.ts';

export function calculateBazi(compute: ComputeRunner, body: BaziRequest): Promise<Buffer> {
  return compute.run('bazi', { request: body, place: resolveSubjectPlace(body, ['body']), nowMs: Date.now() });
}

export function calculateBaziFlow(compute: ComputeRunner, body: BaziFlowRequest): Promise<Buffer> {
  return compute.run('bazi_flow', { request: body, place: resolveSubjectPlace(body, ['body']), defaultYear: new Date().getUTCFullYear() });
}
