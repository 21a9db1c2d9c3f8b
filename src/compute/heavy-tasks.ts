/**
 * The tasks that run in the heavy lane: those whose compute grows with the request (a search over
 * a century, a timeline of a year, returns over a long window, a muhurat search) and can hold a
 * thread for seconds. Everything else takes at most a few milliseconds and runs in the light lane,
 * which heavy work can neither queue in front of nor take the cores from (runner.ts).
 *
 * `billed` tasks take one of their caller's heavy places and cost quota by the compute they took;
 * an export's chunks are admitted and charged by the export itself (by rows, export-admission.ts)
 * and only share the lane's places fairly.
 */
import type { TaskName } from './tasks.ts';

export type HeavyKind = 'billed' | 'export_chunk';

export const HEAVY_TASKS: ReadonlyMap<TaskName, HeavyKind> = new Map<TaskName, HeavyKind>([
  ['transits_search', 'billed'],
  ['transits_timeline', 'billed'],
  ['transits_insights', 'billed'],
  ['planet_returns', 'billed'],
  ['progressions_calendar', 'billed'],
  ['progressions_exact_aspects', 'billed'],
  ['progressions_exact_ingresses', 'billed'],
  ['vedic_gochar_v1', 'billed'],
  ['vedic_gochar_v2', 'billed'],
  ['vedic_muhurat_search', 'billed'],
  ['ephemeris_chunk', 'export_chunk'],
]);
