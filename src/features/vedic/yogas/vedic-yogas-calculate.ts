/**
 * Serving the yogas: the place resolved on the event loop, the chart and its yogas computed by
 * the compute runner in the version's shape. The REST routes and the MCP tools call this, so both
 * answer with the same bytes.
 */
import type { ComputeRunner } from '../../../compute/runner.ts';
import { resolveSubjectPlace } from '../../../requests/place.ts';
import type { VedicYogasRequest } from './vedic-yogas-schemas.ts';

export type YogasVersion = 1 | 2;

export function calculateVedicYogas(compute: ComputeRunner, body: VedicYogasRequest, version: YogasVersion): Promise<Buffer> {
  const task = { request: body, place: resolveSubjectPlace(body, ['body']) };
  return version === 1 ? compute.run('vedic_yogas_v1', task) : compute.run('vedic_yogas_v2', task);
}
