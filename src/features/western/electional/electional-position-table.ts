/**
 * The seven planets' longitudes and speeds at any instant of a search window, interpolated from
 * exact ephemeris samples instead of computed afresh at every step of the scan.
 *
 * The samples are the ones the event search of the window's sky blocks computed anyway (its half-day
 * grid and its root refinements; electional-sky-blocks.ts), with more added wherever two samples
 * lie further apart than MAX_GAP_DAYS. Between two samples the longitude is the cubic Hermite
 * polynomial through both positions and speeds. Over half a day its error is below 2e-5° for the
 * Moon and far below for the planets (checked against the ephemeris over 1800-2400 by
 * test/unit/electional/electional-position-table.test.ts), well inside INTERPOLATION_MARGIN_DEG,
 * the margin the scan keeps from every threshold a rule compares with (electional-scan-sky.ts).
 */
import type { ZodiacSetting } from '../../../astro/ephemeris.ts';
import { PositionCache } from '../../../astro/events/positions.ts';
import { wrap180 } from '../../../astro/events/root-finding.ts';
import { normalizeDegrees } from '../../../astro/zodiac.ts';
import { PLANET_INDEX, SEVEN_PLANETS, type Planet } from './electional-planets.ts';
import { blocksCovering, skyBlock } from './electional-sky-blocks.ts';

/** Samples further apart than this (half a day and a few minutes) get one between them. */
export const MAX_GAP_DAYS = 0.5 + 5 / 1440;
/**
 * Bounds on the interpolation's error in longitude (degrees), with a wide allowance: the scan's
 * margins. The Moon's error reaches 1e-5°, the planets' 2e-6° (Mercury's; the others' below
 * 2e-7°): at least fifty times that. The cusps computed from the sidereal angle keep the Moon's.
 */
export const INTERPOLATION_MARGIN_DEG = 1e-3;
export const MARGIN_DEG: Readonly<Record<Planet, number>> = {
  sun: 1e-4,
  moon: INTERPOLATION_MARGIN_DEG,
  mercury: 1e-4,
  venus: 1e-4,
  mars: 1e-4,
  jupiter: 1e-4,
  saturn: 1e-4,
};
/**
 * Bounds on the interpolated speed's error (degrees a day), twenty times the worst seen (Mercury's
 * reaches 1.3e-5, Venus's 3e-6, the others' 2e-6): a speed nearer zero than this is computed exactly.
 */
export const SPEED_MARGIN: Readonly<Record<Planet, number>> = {
  sun: 1e-4,
  moon: 1e-2,
  mercury: 1e-3,
  venus: 2e-4,
  mars: 1e-4,
  jupiter: 1e-4,
  saturn: 1e-4,
};

/**
 * Within NEAR_SUN_DEG of the Sun (electional-scan-sky.ts) the light deflection makes a planet's
 * track wiggle faster than the samples follow: errors up to 6e-4° in longitude and 6e-3° a day in
 * speed (Saturn's; Mars, Mercury and Venus below 2e-4° and 2e-3° a day), seen at every 7 minutes of
 * 400 windows of 1800-2400. There the margins widen to these, over ten times as much.
 */
export const NEAR_SUN_MARGIN_DEG = 1e-2;
export const NEAR_SUN_SPEED_MARGIN = 5e-2;

/**
 * A planet's samples and, for each pair of neighbouring samples k, k+1, the cubic Hermite polynomial
 * through both positions and speeds in the fraction s of the pair's span h: longitude (unwrapped) =
 * c0 + c1·s + c2·s² + c3·s³, speed = (c1 + 2·c2·s + 3·c3·s²)/h. Made once per table, so that a
 * step reads four coefficients instead of building them from the samples.
 */
interface Track {
  t: Float64Array;
  /** 1/h of each pair. */
  perSpan: Float64Array;
  c0: Float64Array;
  c1: Float64Array;
  c2: Float64Array;
  c3: Float64Array;
  /** The index of the sample pair read last. */
  last: number;
}

function trackOf(t: number[], lon: number[], speed: number[]): Track {
  const pairs = t.length - 1;
  const track: Track = {
    t: Float64Array.from(t),
    perSpan: new Float64Array(pairs),
    c0: new Float64Array(pairs),
    c1: new Float64Array(pairs),
    c2: new Float64Array(pairs),
    c3: new Float64Array(pairs),
    last: 0,
  };
  for (let k = 0; k < pairs; k++) {
    const h = t[k + 1]! - t[k]!;
    const y0 = lon[k]!;
    const y1 = y0 + wrap180(lon[k + 1]! - y0);
    const m0 = speed[k]! * h,
      m1 = speed[k + 1]! * h;
    track.perSpan[k] = 1 / h;
    track.c0[k] = y0;
    track.c1[k] = m0;
    track.c2[k] = 3 * (y1 - y0) - 2 * m0 - m1;
    track.c3[k] = 2 * (y0 - y1) + m0 + m1;
  }
  return track;
}

export interface InterpolatedPosition {
  lon: number;
  speed: number;
}

export class PositionTable {
  /** In SEVEN_PLANETS order. */
  private readonly tracks: Track[] = [];

  /** Samples covering [from, to] for each of the seven planets, in the zodiac given: the sky blocks' own, joined. */
  constructor(zodiac: ZodiacSetting, from: number, to: number) {
    const blocks = blocksCovering(from - MAX_GAP_DAYS, to + MAX_GAP_DAYS).map((index) => skyBlock(index, zodiac));
    // Asked of the ephemeris only where two samples lie too far apart (the blocks' samples lie at most half a day apart).
    const fills = new PositionCache(zodiac);
    for (const p of SEVEN_PLANETS) {
      const t: number[] = [];
      const lon: number[] = [];
      const speed: number[] = [];
      const add = (time: number, l: number, v: number) => {
        t.push(time);
        lon.push(l);
        speed.push(v);
      };
      for (const block of blocks) {
        const track = block.tracks[p];
        for (let i = 0; i < track.t.length; i++) {
          const time = track.t[i]!;
          // Neighbouring blocks overlap by a minute or two: keep each instant once, in order.
          const last = t.length ? t[t.length - 1]! : -Infinity;
          if (time <= last) continue;
          const pieces = Math.ceil((time - last) / MAX_GAP_DAYS);
          for (let k = 1; k < pieces && t.length; k++) {
            const cut = last + ((time - last) * k) / pieces;
            const pos = fills.get(p, cut);
            add(cut, pos.lon, pos.speedLon);
          }
          add(time, track.lon[i]!, track.speed[i]!);
        }
      }
      this.tracks.push(trackOf(t, lon, speed));
    }
  }

  /** The interpolated longitude [0, 360) and speed of a planet at jdUt (inside the table's span). */
  at(p: Planet, jdUt: number): InterpolatedPosition {
    const i = PLANET_INDEX[p];
    const lon = new Float64Array(SEVEN_PLANETS.length);
    const speed = new Float64Array(SEVEN_PLANETS.length);
    this.intoArrays(i, jdUt, lon, speed);
    return { lon: lon[i]!, speed: speed[i]! };
  }

  /**
   * The same for the planet of that index in SEVEN_PLANETS, written at that index of `lon` and
   * `speed`: the scan's steps make no object, and typed arrays hold their doubles unboxed. The
   * sample pair found last for the planet is tried first: a scan asks in time order, so a search
   * is needed only between pairs.
   */
  intoArrays(planet: number, jdUt: number, lon: Float64Array, speed: Float64Array): void {
    const track = this.tracks[planet]!;
    const t = track.t;
    let lo = track.last;
    if (!(t[lo]! <= jdUt && jdUt <= t[lo + 1]!)) {
      lo = 0;
      let hi = t.length - 1;
      if (!(jdUt >= t[0]! && jdUt <= t[hi]!)) throw new RangeError(`PositionTable: ${jdUt} is outside the table`);
      while (hi - lo > 1) {
        const mid = (lo + hi) >> 1;
        if (t[mid]! <= jdUt) lo = mid;
        else hi = mid;
      }
      track.last = lo;
    }
    const perSpan = track.perSpan[lo]!;
    const s = (jdUt - t[lo]!) * perSpan;
    const c1 = track.c1[lo]!,
      c2 = track.c2[lo]!,
      c3 = track.c3[lo]!;
    lon[planet] = normalizeDegrees(track.c0[lo]! + s * (c1 + s * (c2 + s * c3)));
    speed[planet] = (c1 + s * (2 * c2 + 3 * c3 * s)) * perSpan;
  }
}
