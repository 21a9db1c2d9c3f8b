/**
 * Writes the time-zone boundary tiles, decoded, into build/zone-tiles.bin (`npm run build:zone-tiles`;
 * `npm ci` runs it after compiling the native modules). Without it each tile is decoded from
 * geobuf on its first lookup, with the same answers, at about ten times the cost.
 */
import fs from 'node:fs';
import path from 'node:path';
import { TimeZoneLookup, ZONE_TILES_FILE } from './time-zone-lookup.ts';
import { writeZoneTileFile } from './zone-tile-file.ts';

const started = performance.now();
const decoder = new TimeZoneLookup({ tileFile: null });
fs.mkdirSync(path.dirname(ZONE_TILES_FILE), { recursive: true });
const written = writeZoneTileFile(ZONE_TILES_FILE, decoder.source(), decoder.decodedTiles());
console.log(
  `time-zone tiles: ${written.tiles} tiles, ${(written.bytes / 1048576).toFixed(0)} MB in ${ZONE_TILES_FILE} (${Math.round(performance.now() - started)} ms)`,
);
