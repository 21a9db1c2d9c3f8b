/**
 * SERVICE_PROCESSES > 1: this process becomes the parent of that many API processes that share
 * PORT (node:cluster: the parent holds the listening socket and hands each new connection to the
 * processes in turn). It serves no request itself; it merges their metrics for a scrape, replaces
 * a process that dies (after a growing delay when they keep dying young), and stops them all on
 * SIGTERM or SIGINT.
 *
 * Why several processes on one machine: a request's own work on the event loop (HTTP, auth,
 * validation, the answer's bytes) is most of a natal request's cost, and one process's event loop
 * uses one core however many compute threads it has. Processes computing their light tasks inline
 * use every core for both (bench/: `BENCH_MODES=processes`).
 */
import cluster, { type Worker } from 'node:cluster';
import type { Logger } from 'pino';
import type { Config } from './config.ts';
import { answerClusterMetrics } from './http/cluster-metrics.ts';

/** The message that asks a process to stop as it would on SIGTERM. */
export const STOP_MESSAGE = 'astro:stop';

/** After the processes' own deadline (SHUTDOWN_TIMEOUT_MS and their last resort), the parent ends what is left. */
const KILL_MARGIN_MS = 20_000;

/**
 * A process that ends within this long of starting is replaced after a delay that doubles from
 * the first to the last below with each such end, so that processes which die as soon as they
 * serve (a request that crashes them, memory that runs out) do not restart in a tight loop. One
 * that lived longer is replaced at once, and the delay starts over.
 */
const SHORT_LIFE_MS = 30_000;
const FIRST_RESTART_DELAY_MS = 1_000;
const LAST_RESTART_DELAY_MS = 30_000;

/**
 * A process that something else stopped while it started (a stop signal, or its clean exit on
 * one) did not fail: it is replaced like any process that ends. Only its own failure (an exit
 * code, a crash) says that starting again would fail the same way.
 */
const OUTSIDE_STOPS: ReadonlySet<string> = new Set(['SIGTERM', 'SIGINT', 'SIGKILL', 'SIGHUP']);
const stoppedFromOutside = (code: number | null, signal: string | null) => code === 0 || (signal !== null && OUTSIDE_STOPS.has(signal));

export function runProcessGroup(config: Config, log: Logger): Promise<number> {
  answerClusterMetrics();
  let stopping = false;
  /** A process failed to start, or one did not stop cleanly: the group's exit code says so. */
  let failed = false;
  const listening = new WeakSet<Worker>();
  /**
   * The processes not yet seen to exit. Not `cluster.workers`: the cluster drops a worker on its exit or its disconnect,
   * whichever comes second, so at the last one's exit it could still be listed, and with nothing left to wait on the
   * parent ended with code 0 where a failed start must give 1.
   */
  const live = new Set<Worker>();

  return new Promise<number>((resolve) => {
    const finishIfEmpty = () => {
      if (live.size === 0) resolve(failed ? 1 : 0);
    };
    const stopAll = (why: string) => {
      if (stopping) return;
      stopping = true;
      log.info({ why }, 'stopping the API processes');
      for (const timer of pendingRestarts) clearTimeout(timer);
      pendingRestarts.clear();
      for (const worker of live) {
        // A process that serves gets a message rather than a signal: a terminal's Ctrl-C also
        // reached every process of the group, and a second signal would mean "stop at once" to
        // it. One still starting may not listen for messages yet, and has nothing to finish.
        if (!listening.has(worker)) worker.process.kill('SIGTERM');
        else if (worker.isConnected()) worker.send(STOP_MESSAGE);
      }
      setTimeout(() => {
        log.error('API processes did not stop in time; ending them');
        for (const worker of live) worker.process.kill('SIGKILL');
      }, config.SHUTDOWN_TIMEOUT_MS + KILL_MARGIN_MS).unref();
      finishIfEmpty();
    };

    let restartDelayMs = 0;
    /** Replacements waiting for their delay: a stop cancels them. */
    const pendingRestarts = new Set<NodeJS.Timeout>();
    const start = () => {
      const startedAt = Date.now();
      const worker = cluster.fork();
      live.add(worker);
      log.info({ pid: worker.process.pid }, 'started an API process');
      worker.once('listening', () => listening.add(worker));
      worker.once('exit', (code, signal) => {
        live.delete(worker);
        if (stopping) {
          // However one that never served ended, nothing was lost.
          if (code !== 0 && listening.has(worker)) failed = true;
          return finishIfEmpty();
        }
        if (!listening.has(worker) && !stoppedFromOutside(code, signal)) {
          // It failed before serving (bad configuration, the port taken, the database down):
          // its own log says why, and starting it again would fail the same way.
          log.fatal({ pid: worker.process.pid, code, signal }, 'an API process ended before it served; stopping the others');
          failed = true;
          return stopAll('a process failed to start');
        }
        const shortLived = Date.now() - startedAt < SHORT_LIFE_MS;
        restartDelayMs = shortLived ? Math.min(LAST_RESTART_DELAY_MS, restartDelayMs ? 2 * restartDelayMs : FIRST_RESTART_DELAY_MS) : 0;
        log.error({ pid: worker.process.pid, code, signal, restartInMs: restartDelayMs }, 'an API process ended; starting another');
        if (restartDelayMs === 0) return start();
        const timer = setTimeout(() => {
          pendingRestarts.delete(timer);
          start();
        }, restartDelayMs);
        pendingRestarts.add(timer);
      });
    };
    const onSignal = (signal: NodeJS.Signals) => {
      // A second signal changes nothing here. A second Ctrl-C reaches every process of the group
      // from the terminal, and each stops at once on it, as a single server does; but a wrapper
      // (npm, tsx) may pass the first signal on once more, and that must not cut the stop short.
      if (stopping) return log.info({ signal }, 'already stopping the API processes');
      stopAll(signal);
    };
    // Before the first fork: a signal from now on stops the processes rather than orphaning them.
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
    log.info({ processes: config.SERVICE_PROCESSES, compute: config.COMPUTE_MODE }, 'starting the API processes');
    for (let i = 0; i < config.SERVICE_PROCESSES; i++) start();
  });
}
