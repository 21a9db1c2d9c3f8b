/**
 * Serving a sign lookup: the point's need of a birth time checked and the place resolved on the
 * event loop, then the answer computed by the compute runner. The REST route and the MCP tools
 * call this, so both answer with the same bytes.
 */
import type { ComputeRunner } from '../../compute/runner.ts';
import { resolveSubjectPlace } from '../../requests/place.ts';
import { checkSignRequest } from './signs-service.ts';
import type { SignPoint, SignRequest } from './signs-schemas.ts';

export function calculateSign(compute: ComputeRunner, point: SignPoint, body: SignRequest): Promise<Buffer> {
  checkSignRequest(point, body);
  return compute.run('sign_lookup', { point, request: body, place: resolveSubjectPlace(body, ['body']) });
}
