// A worker thread that lowers its own priority as the heavy lane's do, and reports its stat line.
// Plain JavaScript that registers the TypeScript loader itself, as a worker's entry module must.
import fs from 'node:fs';
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();

const { lowerThisThreadPriority } = await import('../../src/compute/thread-priority.ts');
const lowered = lowerThisThreadPriority(10);
parentPort.postMessage({ lowered, stat: fs.readFileSync('/proc/thread-self/stat', 'utf8') });
