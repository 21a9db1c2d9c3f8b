/**
 * `serve`: configuration → one API process (server.ts), or with SERVICE_PROCESSES > 1 the parent
 * of that many (process-group.ts). The parent loads neither the app nor its data: it serves no
 * request, and stays a small process (about 80 MB instead of 250).
 */
import cluster from 'node:cluster';
import { pino } from 'pino';
import { ConfigError, loadConfig } from './config.ts';
import { withJwtSecret } from './features/auth/jwt-secret.ts';
import { requestSerializer } from './http/log-redaction.ts';
import { runProcessGroup } from './process-group.ts';
import { startupWarnings } from './startup-warnings.ts';

/** `platformLayers: false` is for the benchmark's reference server only (see AppDeps). */
export async function serve(options: { platformLayers?: boolean } = {}): Promise<void> {
  const config = withJwtSecret(loadConfig());
  // The request serializer redacts secrets of query strings, as in every app's logger.
  const log = pino({ level: config.LOG_LEVEL, serializers: { req: requestSerializer } });
  if (cluster.isPrimary) for (const warning of startupWarnings(config)) log.warn(warning);
  if (config.SERVICE_PROCESSES > 1 && cluster.isPrimary) process.exit(await runProcessGroup(config, log));
  const { runServer } = await import('./server.ts');
  await runServer(config, log, options);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  serve().catch((error) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  });
}
