/**
 * Serving the forecasting endpoints: the birth place is resolved on the event loop, then the
 * answer is computed by the compute runner. The REST routes and the MCP tools call these, so both
 * answer with the same bytes.
 */
import type { ComputeRunner } from '../../compute/runner.ts';
import { resolveSubjectPlace } from '../../requests/place.ts';
import type { TimelineRequest } from './forecast-timeline-schemas.ts';
import type { SearchRequest } from './forecast-search-schemas.ts';
import type { NatalInsightsRequest, TransitInsightsRequest } from './forecast-insights-schemas.ts';

export function calculateTimeline(compute: ComputeRunner, body: TimelineRequest): Promise<Buffer> {
  return compute.run('transits_timeline', { request: body, place: resolveSubjectPlace(body.natal, ['body', 'natal']) });
}

export function calculateSearch(compute: ComputeRunner, body: SearchRequest): Promise<Buffer> {
  return compute.run('transits_search', { request: body, place: resolveSubjectPlace(body.natal, ['body', 'natal']), nowMs: Date.now() });
}

export function calculateNatalInsights(compute: ComputeRunner, body: NatalInsightsRequest): Promise<Buffer> {
  return compute.run('natal_insights', { request: body, place: resolveSubjectPlace(body, ['body']) });
}

export function calculateTransitInsights(compute: ComputeRunner, body: TransitInsightsRequest): Promise<Buffer> {
  return compute.run('transits_insights', { request: body, place: resolveSubjectPlace(body.natal, ['body', 'natal']) });
}
