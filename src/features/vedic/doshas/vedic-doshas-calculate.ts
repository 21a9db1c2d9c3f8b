/** Serving the doshas: the place resolved on the event loop, the answer computed in the compute pool (REST and MCP alike). */
import type { ComputeRunner } from '../../../compute/runner.ts';
import { resolveSubjectPlace } from '../../../requests/place.ts';
import type { VedicDoshasRequest } from './vedic-doshas-schemas.ts';

export function calculateVedicDoshas(compute: ComputeRunner, body: VedicDoshasRequest): Promise<Buffer> {
  return compute.run('vedic_doshas', { request: body, place: resolveSubjectPlace(body, ['body']), nowMs: Date.now() });
}
