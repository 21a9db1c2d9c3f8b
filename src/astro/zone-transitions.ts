/**
 * Every UTC offset change of every time zone from 1850 to 2100, as Intl (the engine's ICU data)
 * gives them, found once at install time and written to build/zone-transitions.json. A birth's
 * civil time then costs a binary search instead of two Intl format calls (about 5 µs of a natal
 * chart's 140, for births in zones and years no one asked for yet).
 *
 * The index holds what this engine's Intl says, for the data version it was built with: a process
 * whose ICU time-zone data is another version (a Node upgrade) ignores the file and asks Intl, as
 * it does without the file and outside the years covered.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ianaZone, intlOffsetSeconds } from './zone-intl.ts';
import { projectPath } from '../project-paths.ts';

const DAY = 86_400_000;

export const ZONE_TRANSITIONS_FILE = projectPath('build', 'zone-transitions.json');

/** The years covered: every offset before 1850 is a zone's local mean time, asked of Intl directly. */
export const INDEX_FROM_MS = Date.UTC(1850, 0, 1);
export const INDEX_TO_MS = Date.UTC(2100, 0, 1);

/**
 * Probes lie this far apart: two changes closer than that which cancel out would go unseen. The
 * closest changes of the time-zone data from 1850 to 2100 are 6.96 days apart (Boa Vista, Recife
 * and Noronha kept summer time from 8 to 15 October 2000; Gaza and Hebron's rules give a week
 * in some years to come), found by a scan every six hours. Changes in one stretch that do not
 * cancel out are all found, by bisecting again after each.
 */
const PROBE_DAYS = 6;

export interface ZoneTransitions {
  /** Instants (ms) from which an offset holds, ascending; the first is the start of the span. */
  changes: Float64Array;
  /** The offset (seconds east of UTC) from each instant on. */
  offsets: Int32Array;
}

/** The offset changes of a zone in [fromMs, toMs], to the second, from Intl. */
export function scanZoneTransitions(zoneName: string, fromMs: number, toMs: number): { changes: number[]; offsets: number[] } {
  const zone = ianaZone(zoneName);
  if (!zone) throw new Error(`unknown time zone ${zoneName}`);
  const offsetAt = (ms: number) => intlOffsetSeconds(zone, ms);
  const changes = [fromMs];
  const offsets = [offsetAt(fromMs)];
  for (let start = fromMs; start < toMs;) {
    const end = Math.min(start + PROBE_DAYS * DAY, toMs);
    const endOffset = offsetAt(end);
    // Each change within (start, end]: bisect to the second from the last one found.
    for (let lo = start, offset = offsets[offsets.length - 1]!; offset !== endOffset;) {
      let hi = end;
      while (hi - lo > 1000) {
        const mid = lo + Math.floor((hi - lo) / 2000) * 1000;
        if (offsetAt(mid) === offset) lo = mid;
        else hi = mid;
      }
      offset = offsetAt(hi);
      changes.push(hi);
      offsets.push(offset);
      lo = hi;
    }
    start = end;
  }
  return { changes, offsets };
}

interface IndexFile {
  /** The ICU time-zone data version (process.versions.tz) the offsets come from. */
  tz: string;
  from: number;
  to: number;
  /** Per zone: the changes as alternating [seconds since `from`, offset seconds, ...]. */
  zones: Record<string, number[]>;
}

/**
 * The zones Intl lists, and those it knows but does not list: UTC, and the fixed offsets of
 * Etc/GMT+1 to +12 and Etc/GMT-1 to -14, the zones of the open sea (most random places).
 */
export function indexedZoneNames(): string[] {
  const fixed = [...Array.from({ length: 12 }, (_, i) => `Etc/GMT+${i + 1}`), ...Array.from({ length: 14 }, (_, i) => `Etc/GMT-${i + 1}`)];
  return [...Intl.supportedValuesOf('timeZone'), 'UTC', ...fixed];
}

/** Each zone's changes as the index stores them: alternating seconds since 1850 and offsets. */
export function scanZonesForIndex(names: string[]): Record<string, number[]> {
  const zones: Record<string, number[]> = {};
  for (const name of names) {
    const { changes, offsets } = scanZoneTransitions(name, INDEX_FROM_MS, INDEX_TO_MS);
    zones[name] = changes.flatMap((ms, i) => [(ms - INDEX_FROM_MS) / 1000, offsets[i]!]);
  }
  return zones;
}

/** Writes the index of the zones scanned (by scanZonesForIndex); returns how many changes it holds. */
export function writeZoneTransitionIndex(zones: Record<string, number[]>, file = ZONE_TRANSITIONS_FILE): number {
  const index: IndexFile = { tz: process.versions.tz ?? '', from: INDEX_FROM_MS, to: INDEX_TO_MS, zones };
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(index));
  return Object.values(zones).reduce((sum, pairs) => sum + pairs.length / 2, 0);
}

/** Undefined until the first lookup; null when there is no usable index. */
let loaded: Map<string, ZoneTransitions> | null | undefined;
const canonicalNames = new Map<string, string>();

/** The index in `file`; null when it is missing, unreadable, of another shape or of other time-zone data. */
function readIndex(file: string): Map<string, ZoneTransitions> | null {
  let index: IndexFile;
  try {
    index = JSON.parse(fs.readFileSync(file, 'utf8')) as IndexFile;
  } catch {
    return null;
  }
  if (typeof index !== 'object' || index === null || typeof index.zones !== 'object' || index.zones === null) return null;
  if (index.tz !== process.versions.tz || index.from !== INDEX_FROM_MS || index.to !== INDEX_TO_MS) return null;
  const zones = new Map<string, ZoneTransitions>();
  for (const [name, pairs] of Object.entries(index.zones)) {
    if (!Array.isArray(pairs) || pairs.length === 0 || pairs.length % 2 !== 0 || pairs[0] !== 0 || !pairs.every(Number.isFinite)) return null;
    const changes = new Float64Array(pairs.length / 2);
    const offsets = new Int32Array(pairs.length / 2);
    for (let i = 0; i < changes.length; i++) {
      changes[i] = INDEX_FROM_MS + pairs[2 * i]! * 1000;
      offsets[i] = pairs[2 * i + 1]!;
    }
    zones.set(name, { changes, offsets });
  }
  return zones;
}

/** Reads the index again from `file` (tests point it at one they wrote, or at none). */
export function useZoneTransitionIndex(file = ZONE_TRANSITIONS_FILE): boolean {
  loaded = readIndex(file);
  return loaded !== null;
}

/** A zone's transitions under the name Intl gives it (aliases such as US/Eastern share their zone's). */
function transitionsOf(zoneName: string): ZoneTransitions | undefined {
  if (loaded === undefined) loaded = readIndex(ZONE_TRANSITIONS_FILE);
  if (!loaded) return undefined;
  const direct = loaded.get(zoneName);
  if (direct) return direct;
  let canonical = canonicalNames.get(zoneName);
  if (canonical === undefined) {
    try {
      canonical = new Intl.DateTimeFormat('en-US', { timeZone: zoneName }).resolvedOptions().timeZone;
    } catch {
      canonical = '';
    }
    if (canonicalNames.size > 1000) canonicalNames.clear();
    canonicalNames.set(zoneName, canonical);
  }
  return loaded.get(canonical);
}

/** The index of the last change at or before `utcMs` (the first change is the span's start, at or before it). */
function changeInForce(changes: Float64Array, utcMs: number): number {
  let lo = 0;
  let hi = changes.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (changes[mid]! <= utcMs) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** The offset (seconds) of a zone at an instant from the index; undefined outside it (then ask Intl). */
export function indexedOffsetSeconds(zoneName: string, utcMs: number): number | undefined {
  if (!(utcMs >= INDEX_FROM_MS && utcMs < INDEX_TO_MS)) return undefined;
  const zone = transitionsOf(zoneName);
  return zone && zone.offsets[changeInForce(zone.changes, utcMs)];
}

/**
 * What `scanZoneTransitions` finds in [fromMs, toMs], read from the index: the offset at
 * `fromMs`, then each change after it up to `toMs`. Undefined where the index does not cover.
 */
export function indexedTransitions(zoneName: string, fromMs: number, toMs: number): { changes: number[]; offsets: number[] } | undefined {
  if (!(fromMs >= INDEX_FROM_MS && toMs < INDEX_TO_MS)) return undefined;
  const zone = transitionsOf(zoneName);
  if (!zone) return undefined;
  const first = changeInForce(zone.changes, fromMs);
  const changes = [fromMs];
  const offsets = [zone.offsets[first]!];
  for (let i = first + 1; i < zone.changes.length && zone.changes[i]! <= toMs; i++) {
    changes.push(zone.changes[i]!);
    offsets.push(zone.offsets[i]!);
  }
  return { changes, offsets };
}
