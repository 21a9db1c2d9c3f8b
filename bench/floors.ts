/**
 * The library floor and the task floor of a route measured in alternating rounds, and the ratio
 * of their times per chart in each round: the box is shared and drifts, so a ratio of two figures
 * taken minutes apart says little, one of figures taken side by side says more.
 */
import { libraryFloor } from './library-floor.ts';
import { taskFloor, type TaskFloorKind } from './task-floor.ts';

export interface FloorFigures {
  threads: number;
  /** Medians of the rounds, charts per second (for transits: natal chart + transit chart). */
  libraryPerSecond: number;
  taskPerSecond: number;
  /** Task time per chart / library time per chart: median of the rounds' ratios. */
  taskToLibrary: number;
  rounds: { library: number[]; task: number[]; taskToLibrary: number[] };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function floors(kind: TaskFloorKind, rounds: number, seconds = 5): Promise<FloorFigures> {
  const library: number[] = [];
  const task: number[] = [];
  let threads = 0;
  for (let round = 0; round < rounds; round++) {
    const l = await libraryFloor(seconds, kind);
    const t = await taskFloor(seconds, kind);
    threads = l.threads;
    library.push(l.chartsPerSecond);
    task.push(t.chartsPerSecond);
  }
  const taskToLibrary = library.map((l, i) => l / task[i]!);
  return { threads, libraryPerSecond: median(library), taskPerSecond: median(task), taskToLibrary: median(taskToLibrary), rounds: { library, task, taskToLibrary } };
}
