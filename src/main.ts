/** `serve`: configuration → dependencies → app → listen, with a graceful shutdown. */
import { loadConfig } from './config.ts';
import { buildApp } from './app.ts';
import { createComputeRunner, openDatabase, openRedisFor } from './services.ts';
import { withJwtSecret } from './features/auth/jwt-secret.ts';

/** `platformLayers: false` is for the benchmark's reference server only (see AppDeps). */
export async function serve(options: { platformLayers?: boolean } = {}): Promise<void> {
  const config = withJwtSecret(loadConfig());
  const database = await openDatabase(config, { migrate: config.MIGRATE_ON_START, log: (m) => console.log(m) });
  const compute = createComputeRunner(config);
  const redis = openRedisFor(config);
  const { app } = await buildApp({ config, db: database.pool, compute, redis, platformLayers: options.platformLayers });
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    // Stops accepting, lets in-flight requests finish, then writes the buffered usage log.
    await app.close();
    await compute.close();
    await redis?.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info({ mode: config.DATABASE_URL ? 'postgres' : 'embedded', compute: config.COMPUTE_MODE, dataDir: config.DATABASE_URL ? undefined : config.dataDir }, 'service ready');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  serve().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
