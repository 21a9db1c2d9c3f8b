/**
 * Piscina task module: one Swiss Ephemeris context per worker thread (the C library keeps its
 * state in thread-local storage), running the tasks of the table src/pool-tasks.ts builds. A heavy lane's
 * threads lower their own priority first (src/compute/thread-priority.ts).
 */
import { initEphemeris } from '../src/astro/ephemeris.ts';
import { Piscina } from 'piscina';
import { workerData } from 'node:worker_threads';
import { runTask } from '../src/pool-tasks.ts';
import { ownedBytes } from '../src/answers/json-tape.ts';
import { startCpuClock } from '../src/compute/thread-cpu.ts';
import { writeMeasured } from '../src/compute/measured-outcome.ts';
import { lowerThisThreadPriority } from '../src/compute/thread-priority.ts';
import { announceThreadLoaded } from '../src/compute/threads-loaded.ts';

initEphemeris();
const data = workerData as { nice?: number; loadedChannel?: string } | undefined;
lowerThisThreadPriority(Number(data?.nice ?? 0));

export default function compute({ name, payload, measure }: { name: string; payload: unknown; measure?: true }) {
  const clock = measure ? startCpuClock() : undefined;
  const outcome = runTask(name, payload);
  if (clock) {
    // The frame is a new array of the answer's own: moved as it is.
    const measured = writeMeasured(outcome, clock());
    return measured instanceof Uint8Array ? Piscina.move(measured) : measured;
  }
  // Transfer the JSON bytes instead of copying them back to the main thread (a small answer is a
  // view of a block that later answers share: that one is copied out of it first).
  return outcome instanceof Uint8Array ? Piscina.move(ownedBytes(outcome)) : outcome;
}

// The owner waits for this before it may stop the thread. Not announced from here directly:
// Piscina's `require` of this module is still running when its last line has run (Node then builds
// the CommonJS view of the module), and a thread terminated inside that aborts the whole process.
// The next turn of the thread's event loop comes after `require` has returned.
setImmediate(() => announceThreadLoaded(data?.loadedChannel));
