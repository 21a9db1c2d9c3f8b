/**
 * The IANA time zone in force at a place, from the offline timezone-boundary-builder dataset.
 * The "all" product keeps zones that differ before 1970, which matters for historical births.
 *
 * The library decodes one boundary tile per lookup area and, by default, keeps every decoded
 * tile forever. Decoded, the whole dataset takes about 1.8 GB (some 230 bytes per vertex), and
 * every thread that looks zones up holds its own copy, so a service fed births from all over
 * the world would grow without bound. The tiles are kept in an LRU bounded by vertex count.
 */
import { find, setCache } from 'geo-tz/all';
import { LRUCache } from 'lru-cache';

/** About 90 MB of decoded tiles per thread; the populated areas of a typical clientele fit. */
export const MAX_CACHED_VERTICES = 400_000;

interface Tile {
  features: { geometry: { coordinates: unknown } }[];
}

function vertexCount(tile: Tile): number {
  let n = 0;
  const walk = (a: unknown): void => {
    if (!Array.isArray(a)) return;
    if (typeof a[0] === 'number') {
      n++;
      return;
    }
    for (const x of a) walk(x);
  };
  for (const f of tile.features) walk(f.geometry.coordinates);
  // lru-cache needs a positive size; an empty tile still costs its objects.
  return Math.max(1, n);
}

let evictions = 0;
const tiles = new LRUCache<string, Tile>({
  maxSize: MAX_CACHED_VERTICES, sizeCalculation: vertexCount,
  dispose: (_tile, _key, reason) => { if (reason === 'evict') evictions++; },
});
setCache({ store: tiles });

export function timeZoneAt(lat: number, lng: number): string {
  const zones = find(lat, lng);
  // Over open ocean the dataset answers with nautical Etc/GMT±N zones, which is right there.
  return zones[0] ?? 'Etc/UTC';
}

/** What the tile cache of this thread holds (for tests and diagnostics). */
export function timeZoneCacheUsage(): { tiles: number; vertices: number; evictions: number } {
  return { tiles: tiles.size, vertices: tiles.calculatedSize, evictions };
}
