/** Worker of task-floor.ts: runs the natal task back to back for random births for a while. */
import { parentPort, workerData } from 'node:worker_threads';
import { initEphemeris } from '../src/astro/ephemeris.ts';
import { runTask } from '../src/compute/tasks.ts';
import { natalRequest } from '../src/features/natal/schemas.ts';
import { resolveSubjectPlace } from '../src/features/shared/place.ts';
import { randomBirth } from './births.ts';

initEphemeris();
const births = Array.from({ length: 20_000 }, () => randomBirth());
const requests = births.map((b) => natalRequest.parse(b));
// The place as the service hands it to a compute worker: its zone looked up on the event loop
// (calculateNatal), not in the task.
const places = requests.map((r) => resolveSubjectPlace(r, ['body']));
let k = 0;
const chartsFor = (ms: number) => {
  let charts = 0;
  const end = Date.now() + ms;
  while (Date.now() < end) {
    runTask('natal', { request: requests[k % births.length]!, place: places[k % births.length]!, includeMinor: false, includeStelliums: false });
    k++;
    charts++;
  }
  return charts;
};
// Warm up first (JIT, time-zone tiles), as the server is before it is measured.
chartsFor(2000);
parentPort!.postMessage(chartsFor((workerData as { ms: number }).ms));
