/** The calculation routes of the families that do not declare their endpoints yet (src/http/endpoint.ts). */
import type { FastifyInstance } from 'fastify';
import type { ComputeRunner } from './compute/runner.ts';
import { progressionsRoutes } from './features/progressions/progressions-routes.ts';
import { returnsRoutes } from './features/returns/returns-routes.ts';
import { profectionRoutes } from './features/profections/profections-routes.ts';
import { synastryRoutes } from './features/synastry/synastry-routes.ts';

export async function registerLegacyRoutes(calc: FastifyInstance, compute: ComputeRunner): Promise<void> {
  await calc.register(progressionsRoutes(compute));
  await calc.register(returnsRoutes(compute));
  await calc.register(profectionRoutes(compute));
  await calc.register(synastryRoutes(compute));
}
