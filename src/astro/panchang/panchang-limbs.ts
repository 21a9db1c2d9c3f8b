/**
 * The four moving limbs of the panchang as runs of consecutive elements over a window of time,
 * each element with the instants it begins and ends:
 *
 *   tithi      the Moon's longitude less the Sun's, in 30 parts of 12°
 *   karana     the same, in 60 parts of 6° (half a tithi)
 *   nakshatra  the Moon's sidereal longitude, in 27 parts of 13°20′
 *   yoga       the Sun's and the Moon's sidereal longitudes added, in 27 parts of 13°20′
 *
 * Geocentric apparent longitudes of the engine (the positions of every other endpoint). Each
 * boundary is a crossing of a target angle by a continuous function, found by the event
 * search's scanner (events/scan.ts: a half-day grid, every interval proved monotonic, each
 * crossing refined by bracketed Newton on the analytic speeds to about 1e-9 day). The tithi's
 * and karana's function is the same in every zodiac; the nakshatra's and yoga's take the ayanamsa.
 */
import { PositionCache } from '../events/positions.ts';
import { makeGrid, scanSignal, type Signal } from '../events/scan.ts';
import { GRID_STEP, SPEED_JERK } from '../events/search.ts';

export type LimbKind = 'tithi' | 'karana' | 'nakshatra' | 'yoga';

/** Degrees of each element and how many make the circle. */
export const LIMB_SPAN: Readonly<Record<LimbKind, { span: number; count: number }>> = {
  tithi: { span: 12, count: 30 },
  karana: { span: 6, count: 60 },
  nakshatra: { span: 360 / 27, count: 27 },
  yoga: { span: 360 / 27, count: 27 },
};

/** One element of a limb: `index` from 0 (tithi 1, Ashwini, Vishkambha, the first karana). */
export interface LimbElement {
  index: number;
  start: number;
  end: number;
}

/**
 * How long an element can last, in days, with margin: a tithi up to about 26.8 h, a nakshatra
 * 27.2 h (the Moon at its slowest, 11.8°/day), a yoga 25 h. The window is widened by this much
 * each side so that the elements running at its ends are found whole.
 */
export const LONGEST_ELEMENT_DAYS = 1.3;

const targetsOf = (kind: LimbKind) => Array.from({ length: LIMB_SPAN[kind].count }, (_, i) => i * LIMB_SPAN[kind].span);

/** The function whose crossings bound a limb's elements: elongation, Moon, or Sun + Moon. */
function signalOf(kind: LimbKind, cache: PositionCache): Signal {
  if (kind === 'nakshatra')
    return {
      at(t) {
        const m = cache.get('moon', t);
        return { v: m.lon, r: m.speedLon };
      },
      jerk: SPEED_JERK.moon,
    };
  if (kind === 'yoga')
    return {
      at(t) {
        const m = cache.get('moon', t),
          s = cache.get('sun', t);
        return { v: m.lon + s.lon, r: m.speedLon + s.speedLon };
      },
      jerk: SPEED_JERK.moon + SPEED_JERK.sun,
    };
  return {
    at(t) {
      const m = cache.get('moon', t),
        s = cache.get('sun', t);
      return { v: m.lon - s.lon, r: m.speedLon - s.speedLon };
    },
    jerk: SPEED_JERK.moon + SPEED_JERK.sun,
  };
}

/**
 * The elements of a limb that run at some instant of [from, to], in order, each with its start
 * and end. The crossings are searched over the window widened by `margin` (longer than any of its elements), so the
 * first element's start and the last one's end are found too.
 */
export function limbElements(kind: LimbKind, from: number, to: number, cache: PositionCache, margin = LONGEST_ELEMENT_DAYS): LimbElement[] {
  const { span, count } = LIMB_SPAN[kind];
  const crossings: { t: number; index: number }[] = [];
  scanSignal(signalOf(kind, cache), makeGrid(from - margin, to + margin, GRID_STEP), {
    targets: targetsOf(kind),
    onCrossing(t, target, rising) {
      // The element that begins at the boundary: its index from the target itself, never from a longitude a hair either side of it.
      const index = Math.round(target / span) % count;
      crossings.push({ t, index: rising ? index : (index + count - 1) % count });
    },
  });
  crossings.sort((a, b) => a.t - b.t);
  const out: LimbElement[] = [];
  for (let i = 0; i + 1 < crossings.length; i++) {
    const start = crossings[i]!.t,
      end = crossings[i + 1]!.t;
    if (end <= from || start > to) continue;
    out.push({ index: crossings[i]!.index, start, end });
  }
  return out;
}

/**
 * The tithis spanned by a run of karanas (karana 2k + 1 and 2k + 2, counted from 1, make tithi
 * k + 1): a half-tithi at either end of the run is dropped, since its tithi's other end lies
 * outside the window searched, which LONGEST_ELEMENT_DAYS makes wide enough that this never
 * touches the tithis asked for.
 */
export function tithisOfKaranas(karanas: readonly LimbElement[]): LimbElement[] {
  const out: LimbElement[] = [];
  for (let i = 0; i + 1 < karanas.length; i++) {
    const first = karanas[i]!,
      second = karanas[i + 1]!;
    if (first.index % 2 !== 0) continue;
    out.push({ index: first.index / 2, start: first.start, end: second.end });
    i++;
  }
  return out;
}

/** The element running at instant t (start <= t < end), among elements found for a window holding t. */
export function elementAt(elements: readonly LimbElement[], t: number): LimbElement | undefined {
  return elements.find((e) => e.start <= t && t < e.end);
}
