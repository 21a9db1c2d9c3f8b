/**
 * Serving a panchang: the place is resolved on the event loop, the day computed by the compute
 * runner in the version's shape. The REST routes and the MCP tools call this, so both answer
 * with the same bytes.
 */
import type { ComputeRunner } from '../../../compute/runner.ts';
import { resolveSubjectPlace } from '../../../requests/place.ts';
import type { PanchangRequest } from './vedic-panchang-schemas.ts';

export type PanchangVersion = 'v1' | 'v2';

export function calculatePanchang(compute: ComputeRunner, version: PanchangVersion, body: PanchangRequest): Promise<Buffer> {
  const task = { request: body, place: resolveSubjectPlace(body, ['body']) };
  return version === 'v1' ? compute.run('vedic_panchang_v1', task) : compute.run('vedic_panchang_v2', task);
}
