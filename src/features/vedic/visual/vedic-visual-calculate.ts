/**
 * Serving a Vedic chart image: the place is resolved on the event loop, the chart cast, drawn and
 * rasterised by the compute runner. The REST route and the MCP tool call this.
 */
import type { ComputeRunner } from '../../../compute/runner.ts';
import { decodeBinaryResponse } from '../../../compute/binary-response.ts';
import { resolveSubjectPlace } from '../../../requests/place.ts';
import type { VisualChartRequest } from './vedic-visual-schemas.ts';

export async function renderVedicChart(compute: ComputeRunner, body: VisualChartRequest) {
  const place = resolveSubjectPlace(body, ['body']);
  return decodeBinaryResponse(await compute.run('vedic_visual_chart', { request: body, place }));
}
