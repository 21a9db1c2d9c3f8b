// Worker entry of task-floor.ts: in a worker thread, tsx's hooks reach TypeScript through
// require (as Piscina loads workers/compute.ts), not through import.
require('./task-floor-worker.ts');
