/**
 * The time-zone boundary tiles, decoded once at install time into build/zone-tiles.bin: each tile's
 * polygons as the flat coordinate arrays the lookup reads (time-zone-lookup.ts), so that a tile
 * costs a few views instead of a geobuf decode through GeoJSON objects (about 150 µs a tile: over
 * 60,000 random births from everywhere a new process averaged 14 µs a lookup, 3.6 with the file).
 *
 * The file holds exactly the doubles the geobuf decode gives, so both ways answer alike; it names
 * the data it was made from (a hash of geo-tz's index, the size of its data file) and is ignored
 * when they differ (a geo-tz upgrade), as it is when missing: the lookup then decodes geobuf
 * tiles itself. Each tile carries a checksum, checked when it is first read: a tile that fails it
 * or does not hold together is decoded instead. Each tile is read with fs into memory of its
 * own the first time a lookup needs it (the tile cache of time-zone-lookup.ts then keeps it): a
 * process holds only the tiles its lookups reached, and the file's pages stay in the operating
 * system's page cache, which every process shares. Mapping the file into memory instead (a
 * native module, tried and measured) bought no served throughput, so it was retired
 * (docs/performance.md, "Native modules").
 *
 * MAGIC names the layout and the decode: change it when either changes (zonePolygon in
 * time-zone-lookup.ts, tileBytes here), so that files written before are not read.
 *
 * Layout (little-endian): MAGIC, the manifest's length (u32) and the manifest (JSON: source, zone
 * names, and per tile its geobuf position, its offset here, its length and its CRC-32); then
 * each tile at an offset that is a multiple of 8:
 *   u32 polygon count; per polygon u32 zone (index into the names), u32 ring count, and per
 *   ring u32 vertex count; padding to 8; per polygon f64 west, south, east, north; then every
 *   ring's [lng, lat, ...] as f64, polygon after polygon.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import zlib from 'node:zlib';

export interface ZonePolygon {
  zone: string;
  west: number;
  south: number;
  east: number;
  north: number;
  /** The outer ring first, then the holes, each as flat [lng, lat, ...] pairs. */
  rings: Float64Array[];
}

export interface Tile {
  polygons: ZonePolygon[];
  /** What the tile holds in memory, for the cache's budget. */
  bytes: number;
}

/** What a tile file was made from: it is read only while they are the same. */
export interface TileSource {
  /** SHA-256 of geo-tz's index (the positions and lengths of every tile of its data file). */
  indexHash: string;
  dataBytes: number;
}

/** The source of geo-tz's data whose index is this text and whose data file has this size. */
export function tileSource(indexText: string, dataBytes: number): TileSource {
  return { indexHash: crypto.createHash('sha256').update(indexText).digest('hex'), dataBytes };
}

interface Manifest {
  source: TileSource;
  zones: string[];
  /** Per tile: its position in geo-tz's data file, its offset and its length in this file, its CRC-32. */
  tiles: number[];
}

const MAGIC = 'ZTILES02';
const HEADER = MAGIC.length + 4;
const PER_TILE = 4;
/** Far above the largest tile (about 0.5 MB): a manifest that says more is not believed. */
const MAX_TILE_BYTES = 16 * 1024 * 1024;

/** A tile of these polygons, with what it holds in memory: its numbers and about 96 bytes of objects per ring. */
export function tileOf(polygons: ZonePolygon[]): Tile {
  let bytes = 64;
  for (const polygon of polygons) for (const ring of polygon.rings) bytes += ring.byteLength + 96;
  return { polygons, bytes };
}

const align8 = (n: number) => Math.ceil(n / 8) * 8;

/** One tile's bytes, as ZoneTileFile.tile reads them. */
function tileBytes(polygons: readonly ZonePolygon[], zoneIndex: (zone: string) => number): Buffer {
  const intCount = 1 + polygons.reduce((sum, p) => sum + 2 + p.rings.length, 0);
  const vertexNumbers = polygons.reduce((sum, p) => sum + p.rings.reduce((s, r) => s + r.length, 0), 0);
  const numbersAt = align8(intCount * 4);
  const bytes = Buffer.alloc(numbersAt + (polygons.length * 4 + vertexNumbers) * 8);
  let at = 0;
  const u32 = (value: number) => {
    bytes.writeUInt32LE(value, at);
    at += 4;
  };
  u32(polygons.length);
  for (const p of polygons) {
    u32(zoneIndex(p.zone));
    u32(p.rings.length);
    for (const ring of p.rings) u32(ring.length / 2);
  }
  at = numbersAt;
  const f64 = (value: number) => {
    bytes.writeDoubleLE(value, at);
    at += 8;
  };
  for (const p of polygons) [p.west, p.south, p.east, p.north].forEach(f64);
  for (const p of polygons) for (const ring of p.rings) ring.forEach(f64);
  return bytes;
}

/**
 * Writes every tile into `file` (through a temporary file, so that a reader never sees half of
 * one): `tiles` gives each tile's geobuf position with its decoded polygons.
 */
export function writeZoneTileFile(
  file: string,
  source: TileSource,
  tiles: Iterable<{ pos: number; polygons: ZonePolygon[] }>,
): { tiles: number; bytes: number } {
  const zones: string[] = [];
  const zoneIds = new Map<string, number>();
  const zoneIndex = (zone: string) => {
    let id = zoneIds.get(zone);
    if (id === undefined) zoneIds.set(zone, (id = zones.push(zone) - 1));
    return id;
  };
  const blocks: Buffer[] = [];
  const entries: number[] = [];
  let offset = 0; // from the first tile; made absolute once the manifest's length is known
  for (const { pos, polygons } of tiles) {
    const block = tileBytes(polygons, zoneIndex);
    entries.push(pos, offset, block.length, zlib.crc32(block));
    blocks.push(block);
    offset += block.length; // every block's length is a multiple of 8
  }
  // The manifest lists offsets from the file's start, which depend on the manifest's own length:
  // grown until the length it gives is the one it assumed (it then ends in spaces up to the tiles).
  const manifestFor = (base: number) => JSON.stringify({ source, zones, tiles: entries.map((n, i) => (i % PER_TILE === 1 ? n + base : n)) } satisfies Manifest);
  let base = align8(HEADER + Buffer.byteLength(manifestFor(0)));
  while (align8(HEADER + Buffer.byteLength(manifestFor(base))) !== base) base = align8(HEADER + Buffer.byteLength(manifestFor(base)));
  const manifest = Buffer.from(manifestFor(base));
  const head = Buffer.alloc(base, 0x20); // the manifest padded with spaces, which JSON allows
  head.write(MAGIC, 0, 'latin1');
  head.writeUInt32LE(manifest.length, MAGIC.length);
  manifest.copy(head, HEADER);
  // Written whole and flushed before the rename: a reader sees the old file or the new one, and a
  // crash cannot leave a renamed file whose pages were never written.
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    const fd = fs.openSync(temporary, 'w');
    try {
      for (const block of [head, ...blocks]) {
        for (let done = 0; done < block.length;) done += fs.writeSync(fd, block, done, block.length - done);
      }
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(temporary, file);
  } catch (error) {
    fs.rmSync(temporary, { force: true });
    throw error;
  }
  return { tiles: blocks.length, bytes: base + offset };
}

/** A tile's bytes, read from the file. */
interface TileBytes {
  readonly byteLength: number;
  /** `length` bytes from `offset`, at the start of an ArrayBuffer of their own (typed arrays of f64 are made on them). */
  at(offset: number, length: number): Uint8Array;
  close(): void;
}

/**
 * The file read with fs: each tile read into an ArrayBuffer of its own when the lookup first
 * needs it (the whole file, about 120 MB, read at once would be a copy per thread of tiles most
 * processes never reach). The descriptor stays open for the thread's life: the file is replaced
 * by rename, never in place, so it keeps reading the file it opened. Only a regular file is read:
 * it is opened without blocking, since opening a named pipe would wait for a writer forever.
 */
function readBytes(file: string): TileBytes {
  const fd = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
  const stat = fs.fstatSync(fd);
  if (!stat.isFile()) {
    fs.closeSync(fd);
    throw new Error(`${file} is not a regular file`);
  }
  return {
    byteLength: stat.size,
    at(offset, length) {
      const bytes = new Uint8Array(new ArrayBuffer(length));
      for (let done = 0; done < length;) {
        const read = fs.readSync(fd, bytes, done, length - done, offset + done);
        if (read === 0) throw new RangeError('the tile file ends before its tile');
        done += read;
      }
      return bytes;
    },
    close: () => fs.closeSync(fd),
  };
}

/** The tiles of a file written by writeZoneTileFile, each read when first asked for. */
export class ZoneTileFile {
  private constructor(
    private readonly bytes: TileBytes,
    private readonly zones: string[],
    private readonly where: Map<number, { offset: number; length: number; crc: number }>,
  ) {}

  /** The file's tiles; undefined when it is missing, damaged or made from other data. */
  static open(file: string, source: TileSource): ZoneTileFile | undefined {
    // The file is little-endian, and typed arrays read in the machine's order.
    if (os.endianness() !== 'LE') return undefined;
    let bytes: TileBytes;
    try {
      bytes = readBytes(file);
    } catch {
      return undefined; // missing, unreadable or not a regular file
    }
    const opened = ZoneTileFile.fromManifest(bytes, source);
    if (!opened) bytes.close(); // a file that is not read keeps no descriptor
    return opened;
  }

  /** The file's tiles from its manifest, when it holds together and was made from `source`. */
  private static fromManifest(bytes: TileBytes, source: TileSource): ZoneTileFile | undefined {
    try {
      if (bytes.byteLength < HEADER) return undefined;
      const head = Buffer.from(bytes.at(0, HEADER));
      if (head.toString('latin1', 0, MAGIC.length) !== MAGIC) return undefined;
      const manifestLength = head.readUInt32LE(MAGIC.length);
      if (HEADER + manifestLength > bytes.byteLength) return undefined;
      const manifest = JSON.parse(Buffer.from(bytes.at(HEADER, manifestLength)).toString('utf8')) as Manifest;
      if (manifest.source?.indexHash !== source.indexHash || manifest.source.dataBytes !== source.dataBytes) return undefined;
      const where = new Map<number, { offset: number; length: number; crc: number }>();
      for (let i = 0; i < manifest.tiles.length; i += PER_TILE) {
        const [pos, offset, length, crc] = [manifest.tiles[i]!, manifest.tiles[i + 1]!, manifest.tiles[i + 2]!, manifest.tiles[i + 3]!];
        if (!(offset % 8 === 0 && length >= 8 && length <= MAX_TILE_BYTES && offset + length <= bytes.byteLength)) return undefined;
        where.set(pos, { offset, length, crc });
      }
      return new ZoneTileFile(bytes, manifest.zones, where);
    } catch {
      return undefined; // unreadable, or not JSON where the manifest should be
    }
  }

  /**
   * The tile at a geobuf position (views of the bytes read for it); undefined when the file has
   * none there, or when what it has there does not hold together (the lookup then decodes it).
   */
  tile(pos: number): Tile | undefined {
    const at = this.where.get(pos);
    if (!at) return undefined;
    try {
      const bytes = this.bytes.at(at.offset, at.length);
      if (zlib.crc32(bytes) !== at.crc) return undefined;
      return this.read(bytes.buffer as ArrayBuffer, bytes.byteOffset, at.length);
    } catch {
      return undefined; // unreadable, a count past the tile's bytes, a zone past the names, numbers left over
    }
  }

  private read(buffer: ArrayBuffer, offset: number, length: number): Tile {
    const ints = new Uint32Array(buffer, offset, Math.floor(length / 4));
    const count = ints[0]!;
    if (!(count >= 1)) throw new RangeError('a tile without polygons');
    let i = 1;
    const shapes: { zone: number; rings: number; first: number }[] = [];
    for (let p = 0; p < count; p++) {
      const zone = ints[i]!;
      const rings = ints[i + 1]!;
      if (!(zone < this.zones.length && rings >= 1 && i + 2 + rings <= ints.length)) throw new RangeError('tile does not hold together');
      shapes.push({ zone, rings, first: i + 2 });
      i += 2 + rings;
    }
    const numbersAt = offset + align8(i * 4);
    const numbers = new Float64Array(buffer, numbersAt, (offset + length - numbersAt) / 8);
    let n = count * 4;
    const polygons = shapes.map((shape, p): ZonePolygon => {
      const rings: Float64Array[] = [];
      for (let r = 0; r < shape.rings; r++) {
        const vertices = ints[shape.first + r]!;
        if (vertices < 4) throw new RangeError('a ring of fewer than 4 vertices'); // closed rings: 3 corners and the first again
        rings.push(numbers.subarray(n, (n += vertices * 2)));
      }
      if (n > numbers.length) throw new RangeError('tile does not hold together');
      return { zone: this.zones[shape.zone]!, west: numbers[p * 4]!, south: numbers[p * 4 + 1]!, east: numbers[p * 4 + 2]!, north: numbers[p * 4 + 3]!, rings };
    });
    if (n !== numbers.length) throw new RangeError('numbers left over in a tile');
    return tileOf(polygons);
  }
}
