/**
 * The IANA time zone in force at a place, from the offline timezone-boundary-builder dataset
 * that geo-tz ships. The "all" product keeps zones that differ before 1970, which matters for
 * historical births.
 *
 * The dataset is geo-tz's: a quadtree index whose leaves name a zone, or point at a boundary
 * tile of the data file (geobuf-encoded polygons). Its own `find` answers the same as this
 * module (a test holds them equal), but it keeps each decoded tile as GeoJSON, about 230 bytes
 * per vertex: the whole world takes 1.8 GB per thread, and any bounded cache of it churns under
 * births from everywhere (measured: 19 µs a lookup, a tile decoded every tenth lookup, and a
 * large old generation for the garbage collector to mark). Here a tile is kept as flat
 * coordinate arrays, 16 bytes per vertex, with each polygon's bounding box: the whole world
 * (7.9 million vertices) fits in the default budget. The tiles come ready-made from
 * build/zone-tiles.bin (zone-tile-file.ts, written at install), each read from it when a lookup
 * first needs it; without that file they are decoded from geobuf, the same numbers, at about
 * 150 µs a tile where reading the file's takes a few.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import geobuf from 'geobuf';
import Pbf from 'pbf';
import { LRUCache } from 'lru-cache';
import { tileOf, tileSource, ZoneTileFile, type Tile, type TileSource, type ZonePolygon } from './zone-tile-file.ts';
import { projectPath } from '../project-paths.ts';

/** Bytes of decoded tiles per thread: the whole dataset (about 130 MB) fits. */
export const DEFAULT_TILE_BUDGET_BYTES = 160 * 1024 * 1024;

/** The tiles decoded at install time (src/geo/write-zone-tiles.ts). */
export const ZONE_TILES_FILE = projectPath('build', 'zone-tiles.bin');

interface QuadNode {
  a?: QuadTree;
  b?: QuadTree;
  c?: QuadTree;
  d?: QuadTree;
}
/** A quadtree node: four quadrants, a list of zone indices, or a tile of the data file. */
type QuadTree = QuadNode | number[] | { pos: number; len: number };

interface GeoTzIndex {
  timezones: string[];
  lookup: QuadTree;
}

const dataDirectory = path.join(path.dirname(createRequire(import.meta.url).resolve('geo-tz/all')), '..', 'data');

/** Nautical zones, 15° wide, east to west; geo-tz answers the first whose band holds the longitude. */
const NAUTICAL_ZONES: readonly { zone: string; west: number; east: number }[] = Array.from({ length: 25 }, (_, i) => {
  const hours = 12 - i; // Etc/GMT-12 is UTC+12 (POSIX sign)
  const zone = hours === 0 ? 'Etc/GMT' : `Etc/GMT${hours > 0 ? '-' : '+'}${Math.abs(hours)}`;
  return { zone, west: Math.max(-180, hours * 15 - 7.5), east: Math.min(180, hours * 15 + 7.5) };
});

function nauticalZone(lng: number): string {
  if (lng === 180 || lng === -180) return 'Etc/GMT+12';
  return NAUTICAL_ZONES.find((band) => band.west <= lng && lng <= band.east)!.zone;
}

/** Whether (x, y) lies on the segment (x1, y1)–(x2, y2). */
function onSegment(x: number, y: number, x1: number, y1: number, x2: number, y2: number): boolean {
  if ((x2 - x1) * (y - y1) - (y2 - y1) * (x - x1) !== 0) return false;
  return Math.min(x1, x2) <= x && x <= Math.max(x1, x2) && Math.min(y1, y2) <= y && y <= Math.max(y1, y2);
}

/** 1 inside the ring, 0 outside, 2 on its boundary (even–odd rule on a horizontal ray). */
function ringSide(ring: Float64Array, x: number, y: number): 0 | 1 | 2 {
  let inside = false;
  const n = ring.length;
  for (let i = 0, j = n - 2; i < n; j = i, i += 2) {
    const xi = ring[i]!,
      yi = ring[i + 1]!,
      xj = ring[j]!,
      yj = ring[j + 1]!;
    if (onSegment(x, y, xj, yj, xi, yi)) return 2;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside ? 1 : 0;
}

/** Inside the outer ring and in none of the holes; a boundary counts as inside (as geo-tz has it). */
function polygonContains(polygon: ZonePolygon, x: number, y: number): boolean {
  if (x < polygon.west || x > polygon.east || y < polygon.south || y > polygon.north) return false;
  if (ringSide(polygon.rings[0]!, x, y) === 0) return false;
  for (let h = 1; h < polygon.rings.length; h++) if (ringSide(polygon.rings[h]!, x, y) === 1) return false;
  return true;
}

function flatRing(coordinates: number[][]): Float64Array {
  const ring = new Float64Array(coordinates.length * 2);
  coordinates.forEach(([lng, lat], i) => {
    ring[2 * i] = lng!;
    ring[2 * i + 1] = lat!;
  });
  return ring;
}

function zonePolygon(zone: string, rings: number[][][]): ZonePolygon {
  const flat = rings.map(flatRing);
  let west = Infinity,
    south = Infinity,
    east = -Infinity,
    north = -Infinity;
  const outer = flat[0]!;
  for (let i = 0; i < outer.length; i += 2) {
    west = Math.min(west, outer[i]!);
    east = Math.max(east, outer[i]!);
    south = Math.min(south, outer[i + 1]!);
    north = Math.max(north, outer[i + 1]!);
  }
  return { zone, west, south, east, north, rings: flat };
}

interface DecodedFeature {
  properties: { tzid: string };
  geometry: { type: 'Polygon'; coordinates: number[][][] } | { type: 'MultiPolygon'; coordinates: number[][][][] };
}

export class TimeZoneLookup {
  private readonly index: GeoTzIndex;
  private readonly tiles: LRUCache<string, Tile>;
  private readonly dataFile: string;
  private readonly tileFile: ZoneTileFile | undefined;
  private readonly dataSource: TileSource;
  private fd: number | undefined;
  private evictions = 0;

  /** `tileFile`: the ready-made tiles (null: decode every tile from geobuf). */
  constructor(options: { budgetBytes?: number; tileFile?: string | null } = {}) {
    // The "all" product (geo-tz/all): zones kept apart by their history before 1970 too.
    const name = 'timezones.geojson';
    const indexText = fs.readFileSync(path.join(dataDirectory, `${name}.index.json`), 'utf8');
    this.index = JSON.parse(indexText) as GeoTzIndex;
    this.dataFile = path.join(dataDirectory, `${name}.geo.dat`);
    this.dataSource = tileSource(indexText, fs.statSync(this.dataFile).size);
    const tileFile = options.tileFile === undefined ? ZONE_TILES_FILE : options.tileFile;
    this.tileFile = tileFile === null ? undefined : ZoneTileFile.open(tileFile, this.dataSource);
    if (options.tileFile === undefined && !this.tileFile) {
      // Once per thread: the answers are the same, but each tile costs a decode.
      process.emitWarning(
        `${ZONE_TILES_FILE} is missing, damaged or made from other data: time-zone tiles are decoded from geo-tz's data (run \`npm run build:zone-tiles\`)`,
        'TimeZoneTilesWarning',
      );
    }
    this.tiles = new LRUCache<string, Tile>({
      maxSize: options.budgetBytes ?? DEFAULT_TILE_BUDGET_BYTES,
      sizeCalculation: (tile) => tile.bytes,
      dispose: (_tile, _key, reason) => {
        if (reason === 'evict') this.evictions++;
      },
    });
  }

  /** The zone at a place; over open ocean the nautical Etc/GMT±N zone, which is right there. */
  zoneAt(lat: number, lng: number): string {
    if (!(lat >= -90 && lat <= 90) || !(lng >= -180 && lng <= 180)) throw new RangeError(`no place at latitude ${lat}, longitude ${lng}`);
    if (lat === 90) return NAUTICAL_ZONES[0]!.zone;
    // The index's own bounds stop just short of the poles and the antimeridian.
    const y = Math.min(89.9999, Math.max(-89.9999, lat));
    const x = Math.min(179.9999, Math.max(-179.9999, lng));
    let top = 89.9999,
      bottom = -89.9999,
      left = -179.9999,
      right = 179.9999;
    let midLat = 0,
      midLng = 0;
    let node: QuadTree | undefined = this.index.lookup;
    let key = '';
    for (;;) {
      // Quadrants: a north-east, b north-west, c south-west, d south-east (a boundary goes north and east).
      let quadrant: 'a' | 'b' | 'c' | 'd';
      if (y >= midLat) {
        bottom = midLat;
        if (x >= midLng) {
          quadrant = 'a';
          left = midLng;
        } else {
          quadrant = 'b';
          right = midLng;
        }
      } else {
        top = midLat;
        if (x < midLng) {
          quadrant = 'c';
          right = midLng;
        } else {
          quadrant = 'd';
          left = midLng;
        }
      }
      key += quadrant;
      node = (node as QuadNode)[quadrant];
      if (!node) return nauticalZone(lng);
      if ('pos' in node && node.len) {
        for (const polygon of this.tile(key, node.pos, node.len).polygons) if (polygonContains(polygon, x, y)) return polygon.zone;
        return nauticalZone(lng);
      }
      if (Array.isArray(node)) return node.length ? this.index.timezones[node[0]!]! : nauticalZone(lng);
      midLat = (top + bottom) / 2;
      midLng = (left + right) / 2;
    }
  }

  usage(): { tiles: number; bytes: number; evictions: number; fromFile: boolean } {
    return { tiles: this.tiles.size, bytes: this.tiles.calculatedSize, evictions: this.evictions, fromFile: this.tileFile !== undefined };
  }

  /** What a tile file must have been made from to be read with this dataset. */
  source(): TileSource {
    return this.dataSource;
  }

  /** Every tile of the dataset decoded from geobuf, by its position in the data file (for the tile file's writer). */
  *decodedTiles(): Generator<{ pos: number; polygons: ZonePolygon[] }> {
    const leaves: { pos: number; len: number }[] = [];
    const walk = (node: QuadTree | undefined) => {
      if (!node || Array.isArray(node)) return;
      if ('pos' in node) {
        if (node.len) leaves.push(node);
        return;
      }
      for (const quadrant of ['a', 'b', 'c', 'd'] as const) walk(node[quadrant]);
    };
    walk(this.index.lookup);
    for (const { pos, len } of leaves) yield { pos, polygons: this.decodeTile(pos, len) };
  }

  private tile(key: string, pos: number, len: number): Tile {
    const cached = this.tiles.get(key);
    if (cached) return cached;
    const tile = this.tileFile?.tile(pos) ?? tileOf(this.decodeTile(pos, len));
    this.tiles.set(key, tile);
    return tile;
  }

  private decodeTile(pos: number, len: number): ZonePolygon[] {
    this.fd ??= fs.openSync(this.dataFile, 'r');
    const bytes = Buffer.alloc(len);
    if (fs.readSync(this.fd, bytes, 0, len, pos) < len) throw new Error(`time-zone data file ${this.dataFile} is shorter than its index`);
    const collection = geobuf.decode(new Pbf(bytes)) as { features: DecodedFeature[] };
    const polygons: ZonePolygon[] = [];
    for (const feature of collection.features) {
      const zone = feature.properties.tzid;
      const geometry = feature.geometry;
      if (geometry.type === 'Polygon') polygons.push(zonePolygon(zone, geometry.coordinates));
      else for (const rings of geometry.coordinates) polygons.push(zonePolygon(zone, rings));
    }
    return polygons;
  }
}

let shared: TimeZoneLookup | undefined;

/** This thread's lookup, made on first use (reading the index and opening the tiles take about 60 ms). */
function sharedLookup(): TimeZoneLookup {
  shared ??= new TimeZoneLookup();
  return shared;
}

/**
 * Makes this thread's lookup now (a service calls it at start-up): an install without geo-tz's
 * data then fails to start, with the reason, rather than answering every `AUTO` request with a
 * 500, and the first request does not wait for the index.
 */
export function openTimeZoneLookup(): void {
  sharedLookup();
}

export function timeZoneAt(lat: number, lng: number): string {
  return sharedLookup().zoneAt(lat, lng);
}

/** What the tile cache of this thread holds (for tests and diagnostics). */
export function timeZoneCacheUsage(): { tiles: number; bytes: number; evictions: number; fromFile: boolean } {
  return sharedLookup().usage();
}
