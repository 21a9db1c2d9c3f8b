/**
 * Serving the chart image requests: each kind's places resolved on the event loop, then casting,
 * drawing and rasterising in the compute runner. Shared by the REST routes and the MCP tool.
 */
import type { ComputeRunner } from '../../compute/runner.ts';
import { decodeBinaryResponse } from '../../compute/binary-response.ts';
import { prefixedPlaceOr, resolveSubjectPlace, resolveTransitPlace } from '../../requests/place.ts';
import type {
  CompositeChartRequest,
  NatalChartRequest,
  ProgressionsChartRequest,
  SolarReturnChartRequest,
  SynastryChartRequest,
  TransitChartRequest,
} from './charts-schemas.ts';

export type ChartImage = ReturnType<typeof decodeBinaryResponse>;

export async function renderNatalChart(compute: ComputeRunner, body: NatalChartRequest): Promise<ChartImage> {
  const place = resolveSubjectPlace(body, ['body']);
  return decodeBinaryResponse(await compute.run('chart_natal', { request: body, place }));
}

export async function renderTransitChart(compute: ComputeRunner, body: TransitChartRequest): Promise<ChartImage> {
  const natalPlace = resolveSubjectPlace(body.natal, ['body', 'natal']);
  const transitPlace = resolveTransitPlace(body, natalPlace);
  return decodeBinaryResponse(await compute.run('chart_transits', { request: body, natalPlace, transitPlace, nowMs: Date.now() }));
}

export async function renderSolarReturnChart(compute: ComputeRunner, body: SolarReturnChartRequest): Promise<ChartImage> {
  const place = resolveSubjectPlace(body, ['body']);
  const returnPlace = prefixedPlaceOr(place, body, 'return');
  return decodeBinaryResponse(await compute.run('chart_solar_return', { request: body, place, returnPlace }));
}

export async function renderProgressionsChart(compute: ComputeRunner, body: ProgressionsChartRequest): Promise<ChartImage> {
  const place = resolveSubjectPlace(body, ['body']);
  const progressionPlace = prefixedPlaceOr(place, body, 'progression');
  return decodeBinaryResponse(await compute.run('chart_progressions', { request: body, place, progressionPlace }));
}

export async function renderCompositeChart(compute: ComputeRunner, body: CompositeChartRequest): Promise<ChartImage> {
  const placeA = resolveSubjectPlace(body.person_a, ['body', 'person_a']);
  const placeB = resolveSubjectPlace(body.person_b, ['body', 'person_b']);
  return decodeBinaryResponse(await compute.run('chart_composite', { request: body, placeA, placeB }));
}

export async function renderSynastryChart(compute: ComputeRunner, body: SynastryChartRequest): Promise<ChartImage> {
  const placeA = resolveSubjectPlace(body.person_a, ['body', 'person_a']);
  const placeB = resolveSubjectPlace(body.person_b, ['body', 'person_b']);
  return decodeBinaryResponse(await compute.run('chart_synastry', { request: body, placeA, placeB }));
}
