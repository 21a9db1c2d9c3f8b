/**
 * Serving a natal request: the place is resolved on the event loop (one bounded gazetteer and
 * time-zone cache per process), then the chart is computed by the compute runner. The REST routes
 * and the MCP tools call these, so both answer with the same bytes.
 */
import type { ComputeRunner } from '../../compute/runner.ts';
import { resolveSubjectPlace } from '../../requests/place.ts';
import type { NatalRequest, CompactNatalRequest } from './natal-schemas.ts';
import { interpretationOptions } from '../../requests/interpretation-schema.ts';

/** Query-string options of the full chart; given, they win over the body's fields of the same name. */
export interface NatalOptions {
  include_minor?: boolean | undefined;
  include_stelliums?: boolean | undefined;
}

export function calculateNatal(compute: ComputeRunner, body: NatalRequest, options: NatalOptions = {}): Promise<Buffer> {
  const place = resolveSubjectPlace(body, ['body']);
  return compute.run('natal', {
    request: body,
    place,
    includeMinor: options.include_minor ?? body.include_minor ?? body.include_minor_aspects ?? false,
    includeStelliums: options.include_stelliums ?? body.include_stelliums ?? false,
    interpretation: interpretationOptions(body.interpretation, false),
  });
}

export function calculateCompactNatal(compute: ComputeRunner, body: CompactNatalRequest): Promise<Buffer> {
  return compute.run('compact_natal', { request: body, place: resolveSubjectPlace(body, ['body']) });
}
