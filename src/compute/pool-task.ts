/**
 * A task the compute pool runs: a name, which is what crosses the thread boundary, the function
 * each thread runs under that name, and the lane it runs in. A family declares its tasks beside
 * its code; the table of every task is built above this folder (src/pool-tasks.ts), where the
 * worker threads start, and handed to the runner. Nothing here knows a family.
 */
import { RequestFieldError } from '../requests/request-error.ts';
import { encodeBinaryResponse, isBinaryResponse } from './binary-response.ts';

/**
 * Where a task runs.
 * - `inline`: takes less than a millisecond (a natal chart about 150 µs, transits about 300 µs):
 *   handing one to a thread (the payload's structured clone, a wake-up on each side, the answer's
 *   bytes back, about 45 µs) adds a quarter of its time, so in the mixed mode it runs on the event
 *   loop; otherwise in the light pool.
 * - `light`: milliseconds at most (chart images, ephemeris ranges, the moon's phase, which searches
 *   a lunation: 1.4 ms); the light pool, never on the event loop.
 * - `heavy`: compute that grows with the request (a search over a century, a timeline of a year)
 *   and can hold a thread for seconds: the heavy lane, where each task takes one of its caller's
 *   places and costs quota by the compute it took (runner.ts).
 * - `export_chunk`: an export's chunk: the heavy lane's places, admitted and charged by the export
 *   itself (by rows), not by its caller's places.
 */
export type TaskLane = 'inline' | 'light' | 'heavy' | 'export_chunk';

export interface PoolTask<P = never, N extends string = string> {
  readonly name: N;
  /** The answer as bytes (JSON), a string (an export chunk's text), an image, or an object written as JSON. */
  readonly run: (payload: P) => unknown;
  readonly lane: TaskLane;
}

export function poolTask<P, N extends string>(name: N, run: (payload: P) => unknown, lane: TaskLane = 'light'): PoolTask<P, N> {
  return { name, run, lane };
}

/** Every task a process can run, by name: the worker threads and the inline runner read the same one. */
export type TaskTable = ReadonlyMap<string, PoolTask<never>>;

/** The table of these tasks; two different tasks of one name are refused (a thread would run the wrong one). */
export function taskTable(tasks: Iterable<PoolTask<never>>): TaskTable {
  const table = new Map<string, PoolTask<never>>();
  for (const task of tasks) {
    const known = table.get(task.name);
    if (known && known !== task) throw new Error(`two compute tasks are named ${task.name}`);
    table.set(task.name, task);
  }
  return table;
}

/** A request error crosses the thread boundary as data (class identity does not survive it). */
export interface TaskFieldError {
  loc: (string | number)[];
  msg: string;
  type: string;
}

const encoder = new TextEncoder();

/**
 * Runs a task of the table and serialises its result where it ran: in a worker, the
 * serialisation is off the event loop and the bytes move back without a copy.
 */
export function runTask(table: TaskTable, name: string, payload: unknown): Uint8Array | TaskFieldError {
  const task = table.get(name);
  if (!task) throw new Error(`no compute task is named ${name}`);
  try {
    const result: unknown = (task.run as (p: unknown) => unknown)(payload);
    // Answers written as bytes already go as they are, images framed with their headers, text
    // (export chunks) as it is, the rest as JSON.
    if (result instanceof Uint8Array) return result;
    if (isBinaryResponse(result)) return encodeBinaryResponse(result);
    return encoder.encode(typeof result === 'string' ? result : JSON.stringify(result));
  } catch (error) {
    if (error instanceof RequestFieldError) return { loc: error.loc, msg: error.message, type: error.type };
    throw error;
  }
}
