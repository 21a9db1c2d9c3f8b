/**
 * Runs compute tasks (pool-task.ts) in a Piscina pool of worker threads, inline on the event
 * loop, or mixed: the `inline` lane's tasks inline and the rest in the pool. The pool's queue is bounded: when it is full
 * the request is refused (503 with Retry-After) instead of piling up latency and memory.
 *
 * Heavy tasks (the `heavy` and `export_chunk` lanes) run in a lane of their own: a second pool whose threads run at a
 * lower OS priority, entered through places shared round-robin between callers (fair-places.ts),
 * each caller admitted and charged by the HTTP layer through its ComputeCaller. A light request
 * therefore never queues behind heavy work, and gets the cores first when both want them.
 */
import { RUNS_COMPILED, runnableModule } from '../project-paths.ts';
import { Piscina } from 'piscina';
import { RequestFieldError } from '../requests/request-error.ts';
import { initEphemeris } from '../astro/ephemeris.ts';
import { runTask, type PoolTask, type TaskFieldError, type TaskTable } from './pool-task.ts';
import type { Config } from '../config.ts';
import { startCpuClock } from './thread-cpu.ts';
import { computeCallers, SERVICE_CALLER } from './compute-caller.ts';
import { FairPlaces } from './fair-places.ts';
import { readMeasured, type MeasuredOutcome } from './measured-outcome.ts';
import { watchThreadsLoaded } from './threads-loaded.ts';

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
  /** The heavy lane: its places, those taken, and the tasks waiting for one. */
  heavy?: { places: number; busy: number; waiting: number };
}

export interface ComputeRunner {
  /** The task's result as UTF-8 JSON, ready to send; a RequestFieldError when the request cannot be served. */
  run<P>(task: PoolTask<P>, payload: P): Promise<Buffer>;
  /** `run`, with the milliseconds of compute the task took on its thread. */
  runMeasured<P>(task: PoolTask<P>, payload: P): Promise<{ bytes: Buffer; cpuMs: number }>;
  stats(): ComputeStats;
  ready(): Promise<boolean>;
  close(): Promise<void>;
}

function unwrap(outcome: Uint8Array | TaskFieldError): Buffer {
  if (outcome instanceof Uint8Array) return Buffer.from(outcome.buffer, outcome.byteOffset, outcome.byteLength);
  throw new RequestFieldError(outcome.loc, outcome.msg, outcome.type);
}

/**
 * A task the table lacks is refused here, in the process that asked: a worker thread, which
 * builds the same table, would not know it either.
 */
function checkInTable<P>(tasks: TaskTable, task: PoolTask<P>): PoolTask<P> {
  if (tasks.get(task.name) !== (task as PoolTask<never>)) throw new Error(`the compute task ${task.name} is not in the task table`);
  return task;
}

export function createInlineRunner(tasks: TaskTable): ComputeRunner {
  initEphemeris();
  let completed = 0;
  return {
    async run(task, payload) {
      // Counted like the pool counts: a task that refused its request has completed too.
      const outcome = runTask(tasks, checkInTable(tasks, task).name, payload);
      completed++;
      return unwrap(outcome);
    },
    async runMeasured(task, payload) {
      const clock = startCpuClock();
      const outcome = runTask(tasks, checkInTable(tasks, task).name, payload);
      const cpuMs = clock();
      completed++;
      return { bytes: unwrap(outcome), cpuMs };
    },
    stats: () => ({ mode: 'inline', threads: 0, queueSize: 0, maxQueue: 0, utilization: 0, completed }),
    ready: async () => true,
    close: async () => {},
  };
}

/** How long a stop waits for threads still loading their module before it terminates them anyway. */
const THREAD_LOAD_WAIT_MS = 30_000;

export function createPoolRunner(options: {
  threads: number;
  maxQueue: number;
  tasksPerThread?: number;
  /** The nice value the pool's threads give themselves (Linux): above 0 for the heavy lane. */
  nice?: number;
}): ComputeRunner {
  const threadsLoaded = watchThreadsLoaded(options.threads);
  const pool = new Piscina({
    filename: runnableModule('workers/compute'),
    workerData: { nice: options.nice ?? 0, loadedChannel: threadsLoaded.channel },
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
  const submit = async (task: { name: string; payload: unknown; measure?: true }): Promise<unknown> => {
    try {
      return await pool.run(task);
    } catch (error) {
      if (error instanceof Error && /queue is at limit/i.test(error.message)) throw new ComputeOverloadedError('compute queue is full');
      throw error;
    }
  };
  return {
    run: async (task, payload) => unwrap((await submit({ name: task.name, payload })) as Uint8Array | TaskFieldError),
    async runMeasured(task, payload) {
      const { outcome, cpuMs } = readMeasured((await submit({ name: task.name, payload, measure: true })) as MeasuredOutcome);
      return { bytes: unwrap(outcome), cpuMs };
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
    // Let running tasks finish: a worker terminated inside a native call takes the process down,
    // and so does one terminated while it loads its module (threads-loaded.ts): a stop soon
    // after the start waits for the threads to have loaded first (they take seconds at most).
    async close() {
      await threadsLoaded.loaded(THREAD_LOAD_WAIT_MS);
      threadsLoaded.close();
      await pool.close();
    },
  };
}

/**
 * The tasks of the `inline` lane (pool-task.ts) on the event loop, the rest in the pool: the mode
 * of several API processes on one machine, where each process's event loop gets a core of its own
 * for its light work (bench/: two such processes serve more natal charts than one process with a
 * pool of two threads).
 */
export function createMixedRunner(inline: ComputeRunner, pool: ComputeRunner): ComputeRunner {
  const runsInline = (task: PoolTask<never>) => task.lane === 'inline';
  return {
    run: (task, payload) => (runsInline(task) ? inline.run(task, payload) : pool.run(task, payload)),
    runMeasured: (task, payload) => (runsInline(task) ? inline.runMeasured(task, payload) : pool.runMeasured(task, payload)),
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

/**
 * The light lane for everything but the heavy tasks, which go to the heavy lane through its fair
 * places: one caller's heavy backlog waits for its own turns, never in front of a light task or of
 * another caller's turn. Each heavy task is admitted by its caller (its own places, across
 * processes) and charged by the compute it took.
 */
export function createLanedRunner(options: {
  tasks: TaskTable;
  light: ComputeRunner;
  heavy: ComputeRunner;
  places: number;
  maxWaiting: number;
}): ComputeRunner {
  const { tasks, light, heavy } = options;
  const places = new FairPlaces(options.places, options.maxWaiting, () => new ComputeOverloadedError('heavy compute queue is full'));
  const isHeavy = (task: PoolTask<never>) => task.lane === 'heavy' || task.lane === 'export_chunk';
  async function runHeavy<P>(task: PoolTask<P>, payload: P): Promise<{ bytes: Buffer; cpuMs: number }> {
    const caller = computeCallers.getStore() ?? SERVICE_CALLER;
    const billed = task.lane === 'heavy';
    const release = billed && caller.admit ? await caller.admit() : undefined;
    try {
      const measured = await places.run(caller.id, () => heavy.runMeasured(task, payload));
      if (billed) await caller.settle?.(measured.cpuMs);
      return measured;
    } finally {
      release?.();
    }
  }
  return {
    async run(task, payload) {
      checkInTable(tasks, task);
      return isHeavy(task) ? (await runHeavy(task, payload)).bytes : light.run(task, payload);
    },
    runMeasured(task, payload) {
      checkInTable(tasks, task);
      return isHeavy(task) ? runHeavy(task, payload) : light.runMeasured(task, payload);
    },
    stats: () => ({ ...light.stats(), heavy: places.stats() }),
    ready: async () => (await light.ready()) && (await heavy.ready()),
    close: async () => {
      await Promise.all([light.close(), heavy === light ? undefined : heavy.close()]);
    },
  };
}

type RunnerConfig = Pick<
  Config,
  'COMPUTE_MODE' | 'COMPUTE_THREADS' | 'COMPUTE_MAX_QUEUE' | 'COMPUTE_TASKS_PER_THREAD' | 'COMPUTE_HEAVY_THREADS' | 'COMPUTE_HEAVY_NICE'
>;

/**
 * The runner that the configuration's COMPUTE_MODE names, with its heavy lane, for the tasks of
 * `tasks` (the table the worker threads build too: src/pool-tasks.ts).
 */
export function createComputeRunner(config: RunnerConfig, tasks: TaskTable): ComputeRunner {
  const maxWaiting = config.COMPUTE_MAX_QUEUE;
  if (config.COMPUTE_MODE === 'inline') {
    // Everything on the event loop: the lane keeps its fairness, admission and charges, not its threads.
    const inline = createInlineRunner(tasks);
    return createLanedRunner({ tasks, light: inline, heavy: inline, places: 1, maxWaiting });
  }
  const pool = createPoolRunner({ threads: config.COMPUTE_THREADS, maxQueue: config.COMPUTE_MAX_QUEUE, tasksPerThread: config.COMPUTE_TASKS_PER_THREAD });
  const light = config.COMPUTE_MODE === 'mixed' ? createMixedRunner(createInlineRunner(tasks), pool) : pool;
  const heavyThreads = config.COMPUTE_HEAVY_THREADS || config.COMPUTE_THREADS + 1;
  // One task per thread: a heavy task holds its thread for long, and the places decide who is next.
  const heavy = createPoolRunner({ threads: heavyThreads, maxQueue: heavyThreads, tasksPerThread: 1, nice: config.COMPUTE_HEAVY_NICE });
  return createLanedRunner({ tasks, light, heavy, places: heavyThreads, maxWaiting });
}
