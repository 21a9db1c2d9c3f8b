/** `serve`: configuration → dependencies → app → listen, with a graceful shutdown. */
import { loadConfig } from './config.ts';
import { buildApp } from './app.ts';
import { createComputeRunner, openDatabase } from './services.ts';

export async function serve(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(config, { migrate: config.MIGRATE_ON_START, log: (m) => console.log(m) });
  const compute = createComputeRunner(config);
  const { app } = await buildApp({ config, db: database.pool, compute });
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await compute.close();
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
