/**
 * A minimal server with the natal route alone: no platform layers, no logger, no other routes.
 * A second reference beside the service without its platform layers, showing what the rest of
 * the service (its logger, its other features' memory) costs on top. Bench only.
 */
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { loadConfig } from '../src/config.ts';
import { createComputeRunner } from '../src/compute/runner.ts';
import { POOL_TASKS } from '../src/pool-tasks.ts';
import { registerErrorHandling } from '../src/http/errors.ts';
import { registerEndpoints } from '../src/http/endpoint-routes.ts';
import { NATAL_ENDPOINTS } from '../src/features/western/natal/natal-endpoints.ts';
import { nullMeansAbsent } from '../src/http/null-means-absent.ts';

const config = loadConfig();
const compute = createComputeRunner(config, POOL_TASKS);
const app = Fastify({ logger: false, bodyLimit: config.BODY_LIMIT_BYTES });
app.setValidatorCompiler(validatorCompiler);
app.setSerializerCompiler(serializerCompiler);
registerErrorHandling(app);
app.get('/healthz', async () => ({ status: 'ok' }));
app.get('/readyz', async () => ({ status: 'ready' }));
// Part of the calculation routes' contract (explicit null = not given), not a platform layer.
app.addHook('preValidation', nullMeansAbsent);
registerEndpoints(app, NATAL_ENDPOINTS, { compute });
await app.listen({ port: config.PORT, host: config.HOST });
process.on(
  'SIGTERM',
  () =>
    void app
      .close()
      .then(() => compute.close())
      .then(() => process.exit(0)),
);
