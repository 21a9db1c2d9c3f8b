/**
 * Serving a transits request: both places resolved on the event loop, then the compute task.
 * Shared by the REST route and the MCP tool.
 */
import type { ComputeRunner } from '../../compute/runner.ts';
import { resolveSubjectPlace, resolveTransitPlace } from '../../requests/place.ts';
import type { TransitRequest } from './transits-schemas.ts';
import { interpretationOptions } from '../../requests/interpretation-schema.ts';

export function calculateTransits(compute: ComputeRunner, body: TransitRequest, options: { include_minor?: boolean | undefined } = {}): Promise<Buffer> {
  const natalPlace = resolveSubjectPlace(body.natal, ['body', 'natal']);
  const transitPlace = resolveTransitPlace(body, natalPlace);
  return compute.run('transits', {
    request: body,
    natalPlace,
    transitPlace,
    nowMs: Date.now(),
    includeMinor: options.include_minor ?? body.include_minor ?? false,
    interpretation: interpretationOptions(body.interpretation, true),
  });
}
