/**
 * Serving the muhurta search: the places (the search's and the birth's) resolved on the event
 * loop, the search run in the compute pool. The REST route and the MCP tool call this, so both
 * answer with the same bytes.
 */
import type { ComputeRunner } from '../../../compute/runner.ts';
import { resolveSubjectPlace } from '../../../requests/place.ts';
import type { MuhuratSearchRequest } from './vedic-muhurta-schemas.ts';

export function calculateMuhuratSearch(compute: ComputeRunner, body: MuhuratSearchRequest): Promise<Buffer> {
  const place = resolveSubjectPlace(body, ['body']);
  const birthPlace = body.birth ? resolveSubjectPlace(body.birth, ['body', 'birth']) : undefined;
  return compute.run('vedic_muhurat_search', { request: body, place, birthPlace });
}
