/**
 * Piscina task module: one Swiss Ephemeris context per worker thread (the C library keeps its
 * state in thread-local storage), running the tasks of src/compute/tasks.ts.
 */
import { initEphemeris } from '../src/astro/ephemeris.ts';
import { Piscina } from 'piscina';
import { runTask, type TaskName } from '../src/compute/tasks.ts';
import { ownedBytes } from '../src/answers/json-tape.ts';

initEphemeris();

export default function compute({ name, payload }: { name: TaskName; payload: never }) {
  const outcome = runTask(name, payload);
  // Transfer the JSON bytes instead of copying them back to the main thread (a small answer is a
  // view of a block that later answers share: that one is copied out of it first).
  return outcome instanceof Uint8Array ? Piscina.move(ownedBytes(outcome)) : outcome;
}
