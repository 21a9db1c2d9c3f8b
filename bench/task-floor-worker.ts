/** Worker of task-floor.ts: runs the natal or transits task back to back for random requests for a while. */
import { parentPort, workerData } from 'node:worker_threads';
import { initEphemeris } from '../src/astro/ephemeris.ts';
import { runTask } from '../src/compute/tasks.ts';
import { natalRequest } from '../src/features/natal/schemas.ts';
import { transitRequest } from '../src/features/transits/schemas.ts';
import { resolveSubjectPlace, resolveTransitPlace } from '../src/features/shared/place.ts';
import { interpretationOptions } from '../src/features/shared/interpretation-schema.ts';
import type { TaskFloorKind } from './task-floor.ts';
import { randomBirth, randomTransitRequest } from './births.ts';

const { ms, kind } = workerData as { ms: number; kind: TaskFloorKind };
initEphemeris();
// Places reach the task as calculateNatal and calculateTransits hand them to a compute worker:
// with their zones looked up on the event loop, not in the task.
const COUNT = 10_000;
const run: (i: number) => unknown = kind === 'transits'
  ? (() => {
    const tasks = Array.from({ length: COUNT }, () => {
      const request = transitRequest.parse(randomTransitRequest());
      const natalPlace = resolveSubjectPlace(request.natal, ['body', 'natal']);
      return { request, natalPlace, transitPlace: resolveTransitPlace(request, natalPlace), nowMs: Date.now(), includeMinor: false, interpretation: interpretationOptions(request.interpretation, true) };
    });
    return (i: number) => runTask('transits', tasks[i % COUNT]!);
  })()
  : (() => {
    const tasks = Array.from({ length: COUNT }, () => {
      const request = natalRequest.parse(randomBirth());
      return { request, place: resolveSubjectPlace(request, ['body']), includeMinor: false, includeStelliums: false };
    });
    return (i: number) => runTask('natal', tasks[i % COUNT]!);
  })();

let k = 0;
const chartsFor = (duration: number) => {
  let charts = 0;
  const end = Date.now() + duration;
  while (Date.now() < end) {
    run(k++);
    charts++;
  }
  return charts;
};
// Warm up first (JIT, time-zone tiles), as the server is before it is measured.
chartsFor(2000);
parentPort!.postMessage(chartsFor(ms));
