/**
 * Piscina task module: one Swiss Ephemeris context per worker thread (the C library keeps its
 * state in thread-local storage), running the tasks of src/compute/tasks.ts.
 */
import { initEphemeris } from '../src/astro/ephemeris.ts';
import { runTask, type TaskName } from '../src/compute/tasks.ts';

initEphemeris();

export default function compute({ name, payload }: { name: TaskName; payload: never }) {
  return runTask(name, payload);
}
