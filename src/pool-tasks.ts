/**
 * The table of every compute task: the declared endpoints' tasks and the few that serve no
 * endpoint of their own (an export's chunks, the check of an uploaded SVG, the report's sky). The
 * worker threads build it where they start (workers/compute.ts) and the API process hands the same
 * to its runner, so both run exactly the same code under each name.
 */
import { runTask as runTaskOf, taskTable, type TaskFieldError } from './compute/pool-task.ts';
import { ENDPOINTS } from './features/endpoints.ts';
import { ephemerisChunkTask } from './features/ephemeris/ephemeris-endpoints.ts';
import { brandingSvgTask } from './features/account/branding-image.ts';
import { reportSkyTask } from './reports/sky/report-sky.ts';

export const POOL_TASKS = taskTable([...ENDPOINTS.map((e) => e.task), ephemerisChunkTask, brandingSvgTask, reportSkyTask]);

/** Runs a task of the table by name, where the caller is (tests, and the worker threads). */
export function runTask(name: string, payload: unknown): Uint8Array | TaskFieldError {
  return runTaskOf(POOL_TASKS, name, payload);
}

/** A task's name in the table. */
export type TaskName = string;

export type { TaskFieldError };
