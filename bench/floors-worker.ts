/**
 * Worker of floors.ts: alternates short batches of the library's unit of work and of the
 * service's task, so that both see the same load of the shared box, and reports the time per
 * unit of each batch.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { libraryUnit, taskUnit, type FloorKind } from './floor-units.ts';

const { ms, kind, seed } = workerData as { ms: number; kind: FloorKind; seed: number };
const library = libraryUnit(kind, seed);
const task = taskUnit(kind);
const BATCH_MS = 50;

/** Units of `f` run in about BATCH_MS, and the µs each took. */
function batch(f: () => void): number {
  let units = 0;
  const start = process.hrtime.bigint();
  const end = start + BigInt(BATCH_MS * 1e6);
  let now = start;
  while (now < end) {
    f();
    units++;
    if ((units & 7) === 0) now = process.hrtime.bigint();
  }
  return Number(process.hrtime.bigint() - start) / 1000 / units;
}

// Warm up first (JIT, time-zone tiles, the library's files), as the server is before it is measured.
const warmEnd = Date.now() + 2000;
while (Date.now() < warmEnd) {
  batch(library);
  batch(task);
}
const libraryMicros: number[] = [];
const taskMicros: number[] = [];
const end = Date.now() + ms;
while (Date.now() < end) {
  libraryMicros.push(batch(library));
  taskMicros.push(batch(task));
}
parentPort!.postMessage({ libraryMicros, taskMicros });
