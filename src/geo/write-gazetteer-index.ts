/**
 * Writes the gazetteer's index into build/gazetteer/ (`npm run build:gazetteer`; `npm ci` runs it
 * after compiling the native modules). Without it the first city lookup of a process builds it,
 * which takes several seconds.
 */
import { buildGazetteer, writeGazetteer } from './gazetteer-build.ts';
import { GAZETTEER_DIR } from './gazetteer-index.ts';

const started = performance.now();
const files = buildGazetteer();
writeGazetteer(GAZETTEER_DIR, files);
console.log(`gazetteer: ${files.manifest.places} places, ${files.manifest.names} names in ${GAZETTEER_DIR} (${Math.round(performance.now() - started)} ms)`);
