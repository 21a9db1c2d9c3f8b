/** The calculation routes of the families that do not declare their endpoints yet (src/http/endpoint.ts). */
import type { FastifyInstance } from 'fastify';
import type { ComputeRunner } from './compute/runner.ts';
import type { ExportAdmission } from './http/export-admission.ts';
import { progressionsRoutes } from './features/progressions/progressions-routes.ts';
import { returnsRoutes } from './features/returns/returns-routes.ts';
import { profectionRoutes } from './features/profections/profections-routes.ts';
import { horoscopeRoutes } from './features/horoscope/horoscope-routes.ts';
import { synastryRoutes } from './features/synastry/synastry-routes.ts';
import { forecastRoutes } from './features/forecast/forecast-routes.ts';
import { ephemerisRoutes } from './features/ephemeris/ephemeris-routes.ts';

export async function registerLegacyRoutes(calc: FastifyInstance, compute: ComputeRunner, exports: ExportAdmission): Promise<void> {
  await calc.register(progressionsRoutes(compute));
  await calc.register(returnsRoutes(compute));
  await calc.register(profectionRoutes(compute));
  await calc.register(synastryRoutes(compute));
  await calc.register(horoscopeRoutes(compute));
  await calc.register(forecastRoutes(compute));
  await calc.register(ephemerisRoutes({ compute, exports }));
}
