/**
 * Where a natal task's time goes, in process on one thread: the library floor's unit of work
 * (ΔT, obliquity, 13 bodies, houses); the task's steps: the moment, the moment and the chart cast
 * with its aspects, the whole task (with the answer on the JSON tape); and, as the reference it
 * replaced, the older path cut at its steps: the answer's objects, JSON.stringify, the UTF-8
 * bytes. Batches of each alternate and are timed in CPU time, so that
 * the drift and the other work of a shared box weigh on all alike; the figures are medians of
 * the batches, in µs per chart, and each step's cost is the difference between two neighbours.
 */
import { initEphemeris } from '../src/astro/ephemeris.ts';
import { castNatal, natalMoment } from '../src/features/western/natal/natal-service.ts';
import { computeNatal } from '../test/helpers/answer-oracles.ts';
import { runTask } from '../src/pool-tasks.ts';
import { natalRequest } from '../src/features/western/natal/natal-schemas.ts';
import { resolveSubjectPlace } from '../src/requests/place.ts';
import { randomBirth } from './births.ts';
import { libraryUnit } from './floor-units.ts';
import { median } from './median.ts';

export interface NatalTaskSplit {
  /**
   * Median CPU µs per chart of each step: library; the task's moment, cast (the moment and the
   * chart with its aspects) and task (with the answer on the tape); and the older path,
   * cumulative from the cast: objects, stringify, encoded (its whole task).
   */
  micros: Record<'library' | 'moment' | 'cast' | 'task' | 'objects' | 'stringify' | 'encoded', number>;
  batches: number;
}

const encoder = new TextEncoder();

export function natalTaskSplit(seconds: number): NatalTaskSplit {
  initEphemeris();
  const tasks = Array.from({ length: 5000 }, () => {
    const request = natalRequest.parse(randomBirth());
    return { request, place: resolveSubjectPlace(request, ['body']), includeMinor: false, includeStelliums: false };
  });
  const library = libraryUnit('natal', 7);
  let k = 0;
  const next = () => tasks[k++ % tasks.length]!;
  const steps = {
    library,
    moment: () => natalMoment(next()),
    cast: () => castNatal(next()),
    objects: () => computeNatal(next()),
    stringify: () => JSON.stringify(computeNatal(next())),
    encoded: () => encoder.encode(JSON.stringify(computeNatal(next()))),
    task: () => runTask('natal', next()),
  };
  const names = Object.keys(steps) as (keyof typeof steps)[];
  const samples = Object.fromEntries(names.map((n) => [n, [] as number[]])) as Record<keyof typeof steps, number[]>;
  for (let i = 0; i < 2000; i++) for (const n of names) steps[n]();
  const perBatch = 200;
  const end = Date.now() + seconds * 1000;
  while (Date.now() < end) {
    for (const n of names) {
      const f = steps[n];
      const before = process.cpuUsage();
      for (let i = 0; i < perBatch; i++) f();
      const used = process.cpuUsage(before);
      samples[n].push((used.user + used.system) / perBatch);
    }
  }
  return { micros: Object.fromEntries(names.map((n) => [n, median(samples[n])])) as NatalTaskSplit['micros'], batches: samples.library.length };
}
