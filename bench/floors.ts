/**
 * The library floor and the task floor of a route, measured side by side: on every core a worker
 * alternates 50 ms batches of the library's unit of work and of the service's task (floor-units.ts),
 * so that the drift and the other work of this shared box weigh on both alike. Two figures taken
 * a few seconds apart did not compare here (task/library 2.40, 5.61 and 0.95 in three rounds of
 * one run). Figures: medians of the batches' time per unit, and the rate all cores reach at it.
 */
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { FloorKind } from './floor-units.ts';
import { median } from './median.ts';

export interface FloorFigures {
  threads: number;
  /** Median µs per unit (for transits: a natal chart plus the transiting bodies) of the batches of every thread. */
  libraryMicros: number;
  taskMicros: number;
  /** What all threads reach at those times, units per second. */
  libraryPerSecond: number;
  taskPerSecond: number;
  /** taskMicros / libraryMicros. */
  taskToLibrary: number;
  batches: number;
}

export async function floors(kind: FloorKind, seconds: number): Promise<FloorFigures> {
  const threads = os.availableParallelism();
  const entry = fileURLToPath(new URL('./floors-entry.cjs', import.meta.url));
  const results = await Promise.all(
    Array.from(
      { length: threads },
      (_, i) =>
        new Promise<{ libraryMicros: number[]; taskMicros: number[] }>((resolve, reject) => {
          const w = new Worker(entry, { execArgv: ['--import', 'tsx'], workerData: { ms: seconds * 1000, kind, seed: 1 + i * 7919 } });
          w.once('message', resolve);
          w.once('error', reject);
        }),
    ),
  );
  const libraryMicros = median(results.flatMap((r) => r.libraryMicros));
  const taskMicros = median(results.flatMap((r) => r.taskMicros));
  return {
    threads,
    libraryMicros,
    taskMicros,
    libraryPerSecond: (threads * 1e6) / libraryMicros,
    taskPerSecond: (threads * 1e6) / taskMicros,
    taskToLibrary: taskMicros / libraryMicros,
    batches: results.reduce((n, r) => n + r.libraryMicros.length, 0),
  };
}
