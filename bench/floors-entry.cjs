// Worker entry of floors.ts: in a worker thread, tsx's hooks reach TypeScript through require.
require('./floors-worker.ts');
