/**
 * Runs compute tasks in a Piscina pool of worker threads, inline on the event loop, or mixed:
 * the light tasks inline and the rest in the pool. The pool's queue is bounded: when it is full
 * the request is refused (503 with Retry-After) instead of piling up latency and memory.
 */
import { RUNS_COMPILED, runnableModule } from '../project-paths.ts';
import { Piscina } from 'piscina';
import { RequestFieldError } from '../features/requests/request-error.ts';
import { initEphemeris } from '../astro/ephemeris.ts';
import { runTask, type TaskFieldError, type TaskName, type TaskPayload } from './tasks.ts';
import type { Config } from '../config.ts';

export class ComputeOverloadedError extends Error {
  readonly retryAfterSeconds = 1;
}

export interface ComputeStats {
  mode: 'pool' | 'inline' | 'mixed';
  threads: number;
  queueSize: number;
  maxQueue: number;
  utilization: number;
  completed: number;
}

export interface ComputeRunner {
  /** The task's result as UTF-8 JSON, ready to send; a RequestFieldError when the request cannot be served. */
  run<N extends TaskName>(name: N, payload: TaskPayload<N>): Promise<Buffer>;
  stats(): ComputeStats;
  ready(): Promise<boolean>;
  close(): Promise<void>;
}

function unwrap(outcome: Uint8Array | TaskFieldError): Buffer {
  if (outcome instanceof Uint8Array) return Buffer.from(outcome.buffer, outcome.byteOffset, outcome.byteLength);
  throw new RequestFieldError(outcome.loc, outcome.msg, outcome.type);
}

export function createInlineRunner(): ComputeRunner {
  initEphemeris();
  let completed = 0;
  return {
    async run(name, payload) {
      // Counted like the pool counts: a task that refused its request has completed too.
      const outcome = runTask(name, payload);
      completed++;
      return unwrap(outcome);
    },
    stats: () => ({ mode: 'inline', threads: 0, queueSize: 0, maxQueue: 0, utilization: 0, completed }),
    ready: async () => true,
    close: async () => {},
  };
}

export function createPoolRunner(options: { threads: number; maxQueue: number; tasksPerThread?: number }): ComputeRunner {
  const pool = new Piscina({
    filename: runnableModule('workers/compute'),
    minThreads: options.threads,
    maxThreads: options.threads,
    maxQueue: options.maxQueue,
    // Worker threads load the modules in the form the main thread runs: compiled, or TypeScript
    // sources through the same loader (tests and tools).
    execArgv: RUNS_COMPILED ? [] : ['--import', 'tsx'],
    idleTimeout: 60_000,
    closeTimeout: 30_000,
    // Several tasks queued per worker: a worker goes from one task to the next without waiting
    // for the event loop to hand it another (measured: +30 % natal throughput with 1-2 threads).
    concurrentTasksPerWorker: options.tasksPerThread ?? 1,
    // Between tasks a worker's event loop must turn: native objects (resvg's pixel buffers among
    // them) are freed by finalisers that run there. Piscina's default, a synchronous Atomics.wait,
    // blocks that loop, and 60 PNG charts of 4000² pixels left a server at 8 GB instead of 0.6 GB.
    atomics: 'async',
  });
  return {
    async run(name, payload) {
      try {
        return unwrap((await pool.run({ name, payload })) as Uint8Array | TaskFieldError);
      } catch (error) {
        if (error instanceof Error && /queue is at limit/i.test(error.message)) throw new ComputeOverloadedError('compute queue is full');
        throw error;
      }
    },
    stats: () => ({
      mode: 'pool',
      threads: pool.threads.length,
      queueSize: pool.queueSize,
      maxQueue: options.maxQueue,
      utilization: pool.utilization,
      completed: pool.completed,
    }),
    async ready() {
      return pool.threads.length > 0;
    },
    // Let running tasks finish: a worker terminated inside a native call takes the process down.
    close: () => pool.close(),
  };
}

/**
 * Tasks that take less than a millisecond (a natal chart about 150 µs, transits about 300 µs):
 * handing one to a thread (the payload's structured clone, a wake-up on each side, the answer's
 * bytes back, about 45 µs) adds a quarter of a natal chart's time to the process's work.
 * Everything else (chart images, ephemeris ranges and export chunks, event searches, the moon's
 * phase, which searches a lunation: 1.4 ms) can take milliseconds or more and would hold up every
 * other request if it ran on the event loop.
 */
export const LIGHT_TASKS: ReadonlySet<TaskName> = new Set<TaskName>(['natal', 'compact_natal', 'transits']);

/**
 * Light tasks inline, the rest in the pool: the mode of several API processes on one machine,
 * where each process's event loop gets a core of its own for its light work (bench/: two such
 * processes serve more natal charts than one process with a pool of two threads).
 */
export function createMixedRunner(inline: ComputeRunner, pool: ComputeRunner): ComputeRunner {
  return {
    run: (name, payload) => (LIGHT_TASKS.has(name) ? inline.run(name, payload) : pool.run(name, payload)),
    stats() {
      const threads = pool.stats();
      return { ...threads, mode: 'mixed', completed: threads.completed + inline.stats().completed };
    },
    ready: () => pool.ready(),
    close: async () => {
      await Promise.all([pool.close(), inline.close()]);
    },
  };
}

/** The runner that the configuration's COMPUTE_MODE names. */
export function createComputeRunner(
  config: Pick<Config, 'COMPUTE_MODE' | 'COMPUTE_THREADS' | 'COMPUTE_MAX_QUEUE' | 'COMPUTE_TASKS_PER_THREAD'>,
): ComputeRunner {
  if (config.COMPUTE_MODE === 'inline') return createInlineRunner();
  const pool = createPoolRunner({ threads: config.COMPUTE_THREADS, maxQueue: config.COMPUTE_MAX_QUEUE, tasksPerThread: config.COMPUTE_TASKS_PER_THREAD });
  return config.COMPUTE_MODE === 'mixed' ? createMixedRunner(createInlineRunner(), pool) : pool;
}
