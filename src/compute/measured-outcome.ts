/**
 * A task's outcome with the compute time it took, as it crosses back from a worker thread: the
 * answer's bytes, moved without a copy, carry the milliseconds in 8 bytes before them; a refused
 * request comes back as data beside them.
 */
import type { TaskFieldError } from './pool-task.ts';

export type MeasuredOutcome = Uint8Array | { fieldError: TaskFieldError; cpuMs: number };

export function writeMeasured(outcome: Uint8Array | TaskFieldError, cpuMs: number): MeasuredOutcome {
  if (!(outcome instanceof Uint8Array)) return { fieldError: outcome, cpuMs };
  const framed = new Uint8Array(8 + outcome.length);
  new DataView(framed.buffer).setFloat64(0, cpuMs);
  framed.set(outcome, 8);
  return framed;
}

export function readMeasured(measured: MeasuredOutcome): { outcome: Uint8Array | TaskFieldError; cpuMs: number } {
  if (!(measured instanceof Uint8Array)) return { outcome: measured.fieldError, cpuMs: measured.cpuMs };
  const cpuMs = new DataView(measured.buffer, measured.byteOffset, 8).getFloat64(0);
  return { outcome: measured.subarray(8), cpuMs };
}
