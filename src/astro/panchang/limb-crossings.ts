/**
 * The crossings of one panchang limb's target angles in one interval of a fixed half-day grid,
 * kept in a bounded cache per worker thread.
 *
 * Why a cache: a limb's boundaries (the instants a tithi, karana, nakshatra or yoga ends) do not
 * depend on the place, only on the sky and, for the nakshatra and yoga, the ayanamsa. Clients ask
 * mostly for today and tomorrow, so readings for many places and births meet the same few days:
 * each interval's crossings are worked out once per thread and reused.
 *
 * Why exact: the grid is anchored at the Julian day's multiples of GRID_STEP (not at each request's
 * sunrise), so an interval's crossings are one deterministic computation of (limb, zodiac,
 * interval): the event scanner on that interval, the same search a request would make. A hit
 * returns the very numbers a miss computes. The key holds the interval's number, the limb's
 * function (the elongation for tithi and karana, the Moon for the nakshatra, Sun plus Moon for the
 * yoga) and the zodiac (the ayanamsa: sidereal longitudes, and so their difference's last bits,
 * are the ayanamsa's).
 *
 * Bounded: least recently used entries are dropped beyond LIMB_CACHE_ENTRIES (an entry is a
 * handful of numbers; a day's reading uses six to ten).
 */
import { LRUCache } from 'lru-cache';
import type { PositionCache } from '../events/positions.ts';
import { scanSignal, type ScanSpec, type Signal } from '../events/scan.ts';
import { GRID_STEP } from '../events/search.ts';

/** A crossing of one of a limb's target angles: `k` the target's number (target = k · span), `rising` the direction of the pass. */
export interface Boundary {
  readonly t: number;
  readonly k: number;
  readonly rising: boolean;
}

/** Intervals kept per thread (a few hundred kilobytes at most). */
export const LIMB_CACHE_ENTRIES = 4096;

const cache = new LRUCache<string, readonly Boundary[]>({ max: LIMB_CACHE_ENTRIES });

/** The number of the fixed grid's interval holding t: [n · GRID_STEP, (n + 1) · GRID_STEP]. */
export const gridIntervalOf = (t: number): number => Math.floor(t / GRID_STEP);

/** What the crossings of an interval are found with: the function, its targets and their span. */
export interface LimbSearch {
  /** The limb's function's name, part of the cache key: 'elongation', 'moon' or 'sun+moon'. */
  name: string;
  signal: Signal;
  targets: readonly number[];
  span: number;
  count: number;
}

/** The zodiac part of the key. */
const zodiacKey = (positions: PositionCache): string => (positions.zodiac.type === 'sidereal' ? positions.zodiac.ayanamsa : 'tropical');

/**
 * The crossings in interval n of the fixed grid, in time order (a crossing exactly at the
 * interval's start belongs to the interval before: the scanner's intervals are half-open).
 */
export function intervalCrossings(search: LimbSearch, n: number, positions: PositionCache): readonly Boundary[] {
  const key = `${search.name}|${zodiacKey(positions)}|${n}`;
  const known = cache.get(key);
  if (known !== undefined) return known;
  const found: Boundary[] = [];
  const { span, count } = search;
  const spec: ScanSpec = {
    targets: search.targets,
    onCrossing(t, target, rising) {
      // The target's number from the target itself, never from a longitude a hair either side of it.
      found.push({ t, k: Math.round(target / span) % count, rising });
    },
  };
  scanSignal(search.signal, [n * GRID_STEP, (n + 1) * GRID_STEP], spec);
  found.sort((a, b) => a.t - b.t);
  cache.set(key, found);
  return found;
}

/** How many intervals this thread holds (at most LIMB_CACHE_ENTRIES). */
export const limbCrossingsHeld = (): number => cache.size;

/** Empties this thread's cache (tests that compare a cold search with a warm one). */
export function clearLimbCrossings(): void {
  cache.clear();
}
