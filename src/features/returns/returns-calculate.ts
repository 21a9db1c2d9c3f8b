/**
 * Serving a return request (REST and MCP share these): the places of the birth and of the return
 * are resolved on the event loop (the gazetteer and zone caches live there); the compute pool
 * then reads the rest (returns-service.ts: the nested birth's moment, the settings, the search
 * window and its bounds, a problem there a 422 naming the field), casts the charts and writes the
 * answer.
 */
import type { ComputeRunner } from '../../compute/runner.ts';
import type { ReturnsRequest, SolarReturnRequest } from './returns-schemas.ts';
import { returnsPlaces, solarReturnPlaces } from './returns-service.ts';

export function calculateSolarReturn(compute: ComputeRunner, body: SolarReturnRequest): Promise<Buffer> {
  return compute.run('solar_return', { body, places: solarReturnPlaces(body) });
}

export function calculateReturns(compute: ComputeRunner, body: ReturnsRequest): Promise<Buffer> {
  return compute.run('planet_returns', { body, places: returnsPlaces(body) });
}
