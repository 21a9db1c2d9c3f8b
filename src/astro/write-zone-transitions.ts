/**
 * Writes the index of every time zone's offset changes into build/ (`npm run build:zones`; `npm ci`
 * runs it after compiling the native modules). Without it civil times are resolved through Intl,
 * with the same answers, at about ten times the cost. The scan asks Intl some seven million
 * times, so the zones are shared among a thread per core.
 */
import os from 'node:os';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { RUNS_COMPILED } from '../project-paths.ts';
import { indexedZoneNames, scanZonesForIndex, writeZoneTransitionIndex, ZONE_TRANSITIONS_FILE } from './zone-transitions.ts';

if (isMainThread) {
  const started = performance.now();
  const names = indexedZoneNames();
  const threads = Math.max(1, Math.min(os.availableParallelism(), 8));
  const parts = await Promise.all(
    Array.from(
      { length: threads },
      (_, part) =>
        new Promise<Record<string, number[]>>((resolve, reject) => {
          // Compiled (as `npm ci` runs it), a thread runs this very file; as TypeScript (`npm run
          // build:zones` from the sources) its entry must be JavaScript that loads it through tsx's API.
          const share = names.filter((_, i) => i % threads === part);
          const worker = RUNS_COMPILED
            ? new Worker(new URL(import.meta.url), { workerData: share })
            : new Worker(`import('tsx/esm/api').then(({ tsImport }) => tsImport(${JSON.stringify(import.meta.url)}, ${JSON.stringify(import.meta.url)}))`, {
                eval: true,
                workerData: share,
              });
          worker.once('message', resolve).once('error', reject);
        }),
    ),
  );
  // In the order Intl lists the zones, whichever thread scanned them.
  const zones = Object.fromEntries(names.map((name) => [name, parts.find((p) => p[name])![name]!]));
  const changes = writeZoneTransitionIndex(zones);
  console.log(`time zones: ${names.length} zones, ${changes} offset changes in ${ZONE_TRANSITIONS_FILE} (${Math.round(performance.now() - started)} ms)`);
} else {
  parentPort!.postMessage(scanZonesForIndex(workerData as string[]));
}
