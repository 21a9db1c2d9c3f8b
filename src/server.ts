/**
 * One API process: dependencies → app → listen, with a graceful shutdown on a signal or, in a
 * process group, on its parent's request.
 */
import cluster from 'node:cluster';
import type { Logger } from 'pino';
import type { Config } from './config.ts';
import { buildApp } from './app.ts';
import { prepareApiReference } from './http/api-reference-page.ts';
import { openDatabase, openRedisFor, type Database } from './services.ts';
import { createComputeRunner } from './compute/runner.ts';
import { POOL_TASKS } from './pool-tasks.ts';
import { DataDirBusyError } from './db/embedded/database.ts';
import { currentOwner } from './db/embedded/directory-lock.ts';
import { SchemaWaitTimeoutError } from './db/migrate.ts';
import { startOperatorEndpoint, type OperatorEndpoint } from './operator/endpoint.ts';
import { STOP_MESSAGE } from './process-group.ts';
import { openTimeZoneLookup } from './geo/time-zone-lookup.ts';

/** Startup problems worth one log line rather than a stack: the message says what to do. */
class StartupError extends Error {}

const WAIT_FOR_COMMAND_MS = 120_000;

/** After the drain deadline: time left to flush the usage log and close connections before the process exits anyway. */
const LAST_RESORT_MS = 15_000;

/** A signal this soon after the first is the same request to stop, passed on by a runner (npm). */
const SAME_STOP_MS = 1000;

/**
 * The database of the server. Embedded, DATA_DIR may be held by a command (`keys create`, `migrate`)
 * for a moment: wait for it. If another server holds it, refuse: the embedded database belongs to
 * one process, and commands reach it through that server; several servers share a PostgreSQL server.
 */
async function openServerDatabase(config: Config, log: Logger): Promise<Database> {
  const started = Date.now();
  let told = false;
  for (;;) {
    try {
      return await openDatabase(config, {
        role: 'server',
        migrate: config.MIGRATE_ON_START,
        onApplied: (migration) => log.info({ migration }, 'applied migration'),
        onWaitingForSchema: (pending) =>
          log.info(
            pending instanceof Error ? { err: pending } : { pending: pending.length, first: pending[0] },
            'waiting for the migrations (MIGRATE_ON_START=false)',
          ),
        onSessionTimeouts: (source) => {
          if (source === 'pooler')
            log.info(
              "DATABASE_URL is a pooler that refuses session startup parameters: statement and idle-in-transaction timeouts are the pooler's (query_timeout, idle_transaction_timeout) or the database role's",
            );
        },
        onAbandoned: (previous) =>
          log.warn(
            { dataDir: config.dataDir, previousPid: previous.pid, previousRole: previous.role, since: previous.since },
            'the previous owner of DATA_DIR ended without closing the database; taking it over (PGlite recovers from its log)',
          ),
      });
    } catch (error) {
      if (error instanceof SchemaWaitTimeoutError) throw new StartupError(error.message);
      if (!(error instanceof DataDirBusyError)) throw error;
    }
    const owner = currentOwner(config.dataDir);
    if (owner?.role === 'server') {
      throw new StartupError(
        `${config.dataDir} is held by another server (pid ${owner.pid}); the embedded database serves one server process. Stop that one, give this one another DATA_DIR, or run several against one PostgreSQL (DATABASE_URL)`,
      );
    }
    if (Date.now() - started > WAIT_FOR_COMMAND_MS)
      throw new StartupError(`${config.dataDir} stayed in use by ${owner ? `pid ${owner.pid}` : 'another process'}; giving up`);
    if (!told) {
      log.info({ dataDir: config.dataDir, pid: owner?.pid }, 'waiting for a command that holds DATA_DIR');
      told = true;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Runs one API process until it is stopped; a startup problem is one log line and exit code 1. */
export async function runServer(config: Config, log: Logger, options: { platformLayers?: boolean }): Promise<void> {
  try {
    await start(config, log, options);
  } catch (error) {
    if (error instanceof StartupError) {
      log.fatal(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/** The time-zone boundaries for `AUTO` zones: read before the service takes requests, or the start fails with the reason. */
function openTimeZones(): void {
  try {
    openTimeZoneLookup();
  } catch (error) {
    throw new StartupError(
      `the time-zone boundaries (geo-tz's data) cannot be read, so no request with a zone of AUTO could be answered: ${error instanceof Error ? error.message : String(error)}; reinstall the dependencies (npm ci)`,
    );
  }
}

async function start(config: Config, log: Logger, options: { platformLayers?: boolean }): Promise<void> {
  openTimeZones();
  const database = await openServerDatabase(config, log);
  let operator: OperatorEndpoint | undefined;
  if (database.embedded) {
    operator = await startOperatorEndpoint({ url: database.url, pool: database.pool, config }, log);
    database.embedded.lock.publish({ control: operator.control });
  }
  const compute = createComputeRunner(config, POOL_TASKS);
  const redis = openRedisFor(config);
  const { app } = await buildApp({ config, db: database.pool, compute, redis, platformLayers: options.platformLayers, loggerInstance: log });

  let stopping: Promise<void> | undefined;
  const closeAll = () => {
    // Stops accepting, lets in-flight requests finish, then writes the buffered usage log;
    // commands being run for the CLI finish too, and later ones take DATA_DIR over.
    stopping ??= (async () => {
      const deadline = config.SHUTDOWN_TIMEOUT_MS;
      // Whatever hangs (a database that does not answer), the process still ends.
      setTimeout(() => {
        log.error('shutdown did not complete in time; exiting');
        process.exit(1);
      }, deadline + LAST_RESORT_MS).unref();
      // In-flight requests get until the deadline; then open connections (a long export, a
      // client that stopped reading) are ended, which lets the close go on.
      const drain = setTimeout(() => {
        log.warn('shutdown deadline reached: ending open connections');
        app.server.closeAllConnections();
      }, deadline);
      await app.close();
      clearTimeout(drain);
      await operator?.close();
      await compute.close();
      await redis?.close();
      await database.close();
    })();
    return stopping;
  };
  const stopGracefully = () => {
    closeAll().then(
      () => {
        log.info('stopped');
        process.exit(0);
      },
      (error) => {
        log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  // A second signal stops at once, unless it is the first one passed on again: a runner between
  // the terminal and this process (`npm start`) gets the terminal's Ctrl-C too and sends it on a
  // few milliseconds later. The parent of a process group asks by message, and that message may
  // come before the same Ctrl-C's signal reaches this process: it is not a signal.
  let firstSignalAt: number | undefined;
  const onSignal = (signal: NodeJS.Signals) => {
    if (firstSignalAt !== undefined) {
      if (performance.now() - firstSignalAt < SAME_STOP_MS) return log.info({ signal }, 'already stopping (the same signal, passed on again)');
      log.warn({ signal }, 'stopping at once');
      // Exiting drops DATA_DIR's lock too; what was committed is in PGlite's log.
      process.exit(130);
    }
    firstSignalAt = performance.now();
    if (stopping) return;
    log.info({ signal }, 'shutting down (Ctrl-C again after a second stops at once)');
    stopGracefully();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  if (cluster.isWorker) {
    // In a process group the parent asks for the stop, once, however many signals it got. (A
    // parent that is gone is node:cluster's affair: the process exits at once, since nobody is
    // left to hand it connections.)
    process.on('message', (message) => {
      if (message !== STOP_MESSAGE || stopping) return;
      log.info('shutting down (asked by the parent of the process group)');
      stopGracefully();
    });
  }

  // A signal, or the parent's request, while the process was starting: it is already closing.
  if (stopping) return;
  try {
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    await closeAll();
    if (code === 'EADDRINUSE') throw new StartupError(`port ${config.PORT} on ${config.HOST} is in use by another program; stop it or set PORT`);
    if (code === 'EADDRNOTAVAIL') throw new StartupError(`HOST ${config.HOST} is not an address of this machine`);
    if (code === 'EACCES') throw new StartupError(`port ${config.PORT} needs privileges this process does not have; set PORT above 1023`);
    throw error;
  }
  prepareApiReference(app);
  log.info(
    { mode: config.DATABASE_URL ? 'postgres' : 'embedded', compute: config.COMPUTE_MODE, dataDir: config.DATABASE_URL ? undefined : config.dataDir },
    'service ready',
  );
}
