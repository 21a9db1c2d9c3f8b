/**
 * Serving the gochara timeline: the place resolved on the event loop, the answer computed in the
 * compute pool. The REST routes and the MCP tools call this, so both answer with the same bytes.
 */
import type { ComputeRunner } from '../../../compute/runner.ts';
import { resolveSubjectPlace } from '../../../requests/place.ts';
import type { VedicGocharRequest } from './vedic-gochar-schemas.ts';

export function calculateVedicGochar(compute: ComputeRunner, body: VedicGocharRequest, version: 1 | 2): Promise<Buffer> {
  const task = { request: body, place: resolveSubjectPlace(body, ['body']) };
  return version === 1 ? compute.run('vedic_gochar_v1', task) : compute.run('vedic_gochar_v2', task);
}
