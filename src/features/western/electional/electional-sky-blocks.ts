/**
 * The geocentric sky of the searches, kept per process in blocks of BLOCK_DAYS aligned on the
 * Julian day count: each block's Moon aspects and ingresses, the planets' stations and the seven
 * planets' ephemeris samples. None of it depends on the place or the purpose, and searches ask for
 * the same weeks again and again (most ask for "the next month"), so a window's events are put
 * together from blocks computed once instead of being searched afresh for every request
 * (docs/performance.md, electional search). The blocks are searched by the service's event search
 * (src/astro/events) over their own span, so an event is the same whichever window asks for it.
 *
 * A block costs a few kilobytes; MAX_BLOCKS of them (about 16 years of one zodiac) bound the
 * memory of each compute thread.
 */
import { LRUCache } from 'lru-cache';
import type { ZodiacSetting } from '../../../astro/ephemeris.ts';
import { PositionCache } from '../../../astro/events/positions.ts';
import { findEvents, type AspectEvent, type IngressEvent, type PlanetId, type StationEvent } from '../../../astro/events/index.ts';
import { SEVEN_PLANETS, type Planet } from './electional-planets.ts';

export const BLOCK_DAYS = 16;

/** How close to an exact station a planet counts as stationing, in days, by planet (its slow days there). */
export const STATION_DAYS: Readonly<Record<string, number>> = { mercury: 2, venus: 3, mars: 4, jupiter: 6, saturn: 7 };
export const LONGEST_STATION_DAYS = 7;
/**
 * Only the planets a rule can find stationing are searched: the outer planets' long slow stretches
 * are where the station search spends most.
 */
const STATION_PLANETS = Object.keys(STATION_DAYS) as PlanetId[];
const MAX_BLOCKS = 400;

/** A planet's samples in time order: instants (Julian day UT), longitudes and speeds (degrees a day). */
export interface Track {
  t: Float64Array;
  lon: Float64Array;
  speed: Float64Array;
}

/** A block's events and samples. */
export interface SkyBlock {
  /** The Moon's exact aspects and sign ingresses. */
  aspects: AspectEvent[];
  ingresses: IngressEvent[];
  /** The stations of the planets of STATION_DAYS. */
  stations: StationEvent[];
  /**
   * The seven planets' samples (the event searches' half-day grid and root refinements, from a
   * minute before the block to a minute after it): the scan interpolates between them.
   */
  tracks: Readonly<Record<Planet, Track>>;
}

const blocks = new LRUCache<string, SkyBlock>({ max: MAX_BLOCKS });

const zodiacKey = (zodiac: ZodiacSetting) => (zodiac.type === 'tropical' ? 'tropical' : `sidereal:${zodiac.ayanamsa}`);

/** The indices of the blocks that cover [from, to]. */
export function blocksCovering(from: number, to: number): number[] {
  const out: number[] = [];
  for (let i = Math.floor(from / BLOCK_DAYS); i * BLOCK_DAYS <= to; i++) out.push(i);
  return out;
}

/** The block of that index, searched now if it is not held. */
export function skyBlock(index: number, zodiac: ZodiacSetting): SkyBlock {
  const key = `${zodiacKey(zodiac)}:${index}`;
  let block = blocks.get(key);
  if (!block) {
    // One position cache for both searches: the stations' planets are sampled by the Moon's search too.
    const cache = new PositionCache(zodiac);
    const from = index * BLOCK_DAYS;
    const moon = findEvents(from, from + BLOCK_DAYS, { kinds: ['moon_aspect', 'moon_ingress'], cache });
    const stations = findEvents(from, from + BLOCK_DAYS, { kinds: ['station'], cache, planets: STATION_PLANETS });
    block = {
      aspects: moon.filter((e): e is AspectEvent => e.type === 'exact_aspect' && e.body === 'moon'),
      ingresses: moon.filter((e): e is IngressEvent => e.type === 'moon_ingress'),
      stations: stations.filter((e): e is StationEvent => e.type === 'station'),
      tracks: Object.fromEntries(
        SEVEN_PLANETS.map((p) => {
          const samples = [...cache.samples(p)].sort((a, b) => a[0] - b[0]);
          const track: Track = {
            t: Float64Array.from(samples, ([t]) => t),
            lon: Float64Array.from(samples, ([, position]) => position.lon),
            speed: Float64Array.from(samples, ([, position]) => position.speedLon),
          };
          return [p, track];
        }),
      ) as Record<Planet, Track>,
    };
    blocks.set(key, block);
  }
  return block;
}

/** Empties the blocks (the bench measures a search on a cold process with it). */
export function forgetSkyBlocks(): void {
  blocks.clear();
}
