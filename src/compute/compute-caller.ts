/**
 * Whose work a compute task is. The HTTP layer runs each calculation request (and each MCP tool
 * call) inside `computeCallers.run(caller, …)`, so that the runner, several calls below, knows
 * whom a heavy task belongs to without every route passing it along: heavy work is shared fairly
 * between callers, each caller may have only so much of it in flight, and it is paid for by the
 * compute it took.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export interface ComputeCaller {
  /** The account the work is for: heavy places are shared round-robin between these. */
  id: string;
  /**
   * Takes one of the caller's places for heavy work (counted across processes) and gives back
   * the function that frees it; throws the refusal (HeavyWorkLimitError) when none is free.
   */
  admit?(): Promise<() => void>;
  /** Charges the work done by the compute time it took (the first unit was charged at admission). */
  settle?(cpuMs: number): Promise<void>;
}

/** Work nobody asked for over HTTP (report workers, tools, tests): shared, unlimited, unbilled. */
export const SERVICE_CALLER: ComputeCaller = { id: '' };

export const computeCallers = new AsyncLocalStorage<ComputeCaller>();

/** A caller already has as much heavy work in flight as its plan allows (answered 429). */
export class HeavyWorkLimitError extends Error {
  constructor(
    readonly limit: number,
    readonly retryAfterSeconds: number,
  ) {
    super(
      `At most ${limit === 1 ? 'one heavy request (a search, a timeline, long returns, a muhurat search) of an account runs' : `${limit} heavy requests (searches, timelines, long returns, muhurat searches) of an account run`} at a time; retry when one has finished`,
    );
  }
}
