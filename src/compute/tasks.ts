/**
 * Every CPU-bound task the API hands to the compute pool, by name. The same table serves the
 * worker threads and the inline runner, so both run exactly the same code.
 */
import { computeNatal, computeSimpleNatal, type NatalTask } from '../features/natal/service.ts';
import { computeTransits, type TransitTask } from '../features/transits/service.ts';
import type { SimpleNatalRequest } from '../features/natal/schemas.ts';
import type { ResolvedPlace } from '../features/shared/place.ts';
import { RequestFieldError } from '../features/shared/request-error.ts';

export const TASKS = {
  natal: (p: NatalTask) => computeNatal(p),
  simple_natal: (p: { request: SimpleNatalRequest; place: ResolvedPlace }) => computeSimpleNatal(p.request, p.place),
  transits: (p: TransitTask) => computeTransits(p),
} as const;

export type TaskName = keyof typeof TASKS;
export type TaskPayload<N extends TaskName> = Parameters<(typeof TASKS)[N]>[0];
export type TaskResult<N extends TaskName> = ReturnType<(typeof TASKS)[N]>;

/** What crosses the thread boundary: errors of the request are data, not exceptions. */
export type TaskOutcome<T> = { ok: true; value: T } | { ok: false; error: { loc: (string | number)[]; msg: string; type: string } };

export function runTask<N extends TaskName>(name: N, payload: TaskPayload<N>): TaskOutcome<TaskResult<N>> {
  try {
    const fn = TASKS[name] as (p: TaskPayload<N>) => TaskResult<N>;
    return { ok: true, value: fn(payload) };
  } catch (error) {
    if (error instanceof RequestFieldError) return { ok: false, error: { loc: error.loc, msg: error.message, type: error.type } };
    throw error;
  }
}
