/** Serving a BaZi request: the place resolved on the event loop, the chart in the compute pool (REST and MCP share it). */
import type { ComputeRunner } from '../../compute/runner.ts';
import { resolveSubjectPlace } from '../../requests/place.ts';
import type { BaziRequest } from './bazi-schemas.ts';
import type { BaziFlowRequest } from './bazi-flow-schemas.ts';
import type { BaziTimeCorrectionRequest } from './bazi-time-correction-schemas.ts';
import type { BaziSynastryRequest } from './bazi-synastry-schemas.ts';
import type { BaziHealthRequest } from './bazi-health-schemas.ts';
import type { BaziLifespanRequest } from './bazi-lifespan-schemas.ts';

export function calculateBazi(compute: ComputeRunner, body: BaziRequest): Promise<Buffer> {
  return compute.run('bazi', { request: body, place: resolveSubjectPlace(body, ['body']), nowMs: Date.now() });
}

export function calculateBaziFlow(compute: ComputeRunner, body: BaziFlowRequest): Promise<Buffer> {
  return compute.run('bazi_flow', { request: body, place: resolveSubjectPlace(body, ['body']), defaultYear: new Date().getUTCFullYear() });
}

export function calculateBaziTimeCorrection(compute: ComputeRunner, body: BaziTimeCorrectionRequest): Promise<Buffer> {
  return compute.run('bazi_time_correction', { request: body, place: resolveSubjectPlace(body, ['body']) });
}

export function calculateBaziSynastry(compute: ComputeRunner, body: BaziSynastryRequest): Promise<Buffer> {
  return compute.run('bazi_synastry', {
    request: body,
    placeA: resolveSubjectPlace(body.person_a, ['body', 'person_a']),
    placeB: resolveSubjectPlace(body.person_b, ['body', 'person_b']),
  });
}

export function calculateBaziHealth(compute: ComputeRunner, body: BaziHealthRequest): Promise<Buffer> {
  return compute.run('bazi_health', { request: body, place: resolveSubjectPlace(body, ['body']), defaultYear: new Date().getUTCFullYear() });
}

export function calculateBaziLifespan(compute: ComputeRunner, body: BaziLifespanRequest): Promise<Buffer> {
  return compute.run('bazi_lifespan', { request: body, place: resolveSubjectPlace(body, ['body']) });
}
