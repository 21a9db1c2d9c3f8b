/**
 * Serving an annual profection: the place is resolved on the event loop, the `include` list read,
 * then the answer is computed by the compute runner. The REST route and the MCP tool call this,
 * so both answer with the same bytes.
 */
import type { ComputeRunner } from '../../compute/runner.ts';
import { resolveSubjectPlace } from '../../requests/place.ts';
import { profectionIncludes } from './profections-service.ts';
import type { ProfectionRequest } from './profections-schemas.ts';

export function calculateProfection(compute: ComputeRunner, body: ProfectionRequest, query: { include?: string | undefined } = {}): Promise<Buffer> {
  const includes = profectionIncludes(query.include);
  return compute.run('profections_annual', { request: body, place: resolveSubjectPlace(body, ['body']), includes });
}
