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
 * The grid is fixed (the Julian day's half days), so that each interval's crossings, which do not
 * depend on the place, are found once per thread and shared by every request (limb-crossings.ts).
 */
import type { PositionCache } from '../events/positions.ts';
import type { Signal } from '../events/scan.ts';
import { SPEED_JERK } from '../events/search.ts';
import { gridIntervalOf, intervalCrossings, type Boundary, type LimbSearch } from './limb-crossings.ts';

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
 * 27.2 h (the Moon at its slowest, 11.8°/day), a yoga 25 h. The search's grid reaches this far
 * each side of the window, so that the elements running at its ends are found whole.
 */
export const LONGEST_ELEMENT_DAYS = 1.3;

const targetsOf = (kind: LimbKind) => Array.from({ length: LIMB_SPAN[kind].count }, (_, i) => i * LIMB_SPAN[kind].span);
const TARGETS: Readonly<Record<LimbKind, readonly number[]>> = {
  tithi: targetsOf('tithi'),
  karana: targetsOf('karana'),
  nakshatra: targetsOf('nakshatra'),
  yoga: targetsOf('yoga'),
};

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

const SIGNAL_NAMES: Readonly<Record<LimbKind, string>> = { tithi: 'elongation', karana: 'elongation', nakshatra: 'moon', yoga: 'sun+moon' };

/**
 * The crossings of a limb's targets that bound the elements running from `from` to each sought
 * end, found outward from the interval holding `from` on a fixed half-day grid (the Julian day's
 * multiples of GRID_STEP; each interval's crossings come from limb-crossings.ts, cached per
 * thread): forward until, for each `{ to, every }` sought, a boundary after `to` (the end of the
 * element running there) whose target's number `every` divides (2 for the tithis among the
 * karanas' crossings), and, when `starts` is asked, backward until one at or before `from` (the
 * start of the element running there). Elements last less than LONGEST_ELEMENT_DAYS, so the
 * search never goes further than that beyond the window.
 */
function boundaries(kind: LimbKind, from: number, sought: readonly { to: number; every: number }[], cache: PositionCache, starts: boolean): Boundary[] {
  const { span, count } = LIMB_SPAN[kind];
  const search: LimbSearch = { name: SIGNAL_NAMES[kind], signal: signalOf(kind, cache), targets: TARGETS[kind], span, count };
  const found: Boundary[] = [];
  const ended = () => sought.every(({ to, every }) => found.some((b) => b.t > to && b.k % every === 0));
  const begun = () => sought.every(({ every }) => found.some((b) => b.t <= from && b.k % every === 0));
  const first = gridIntervalOf(from);
  const last = gridIntervalOf(Math.max(...sought.map((x) => x.to)) + LONGEST_ELEMENT_DAYS);
  const earliest = gridIntervalOf(from - LONGEST_ELEMENT_DAYS);
  for (let n = first; n <= last; n++) {
    for (const b of intervalCrossings(search, n, cache)) found.push(b);
    if (ended()) break;
  }
  if (starts) for (let n = first - 1; n >= earliest && !begun(); n--) for (const b of intervalCrossings(search, n, cache)) found.push(b);
  return found.sort((a, b) => a.t - b.t);
}

/**
 * The elements between consecutive boundaries (of `count` per circle) that run in [from, to], in
 * order. The element a boundary begins is its target's for a rising pass, the one before for a
 * falling pass. Without `starts`, the first element is cut at `from` (its own start not sought).
 */
function elementsOf(found: readonly Boundary[], from: number, to: number, count: number, starts: boolean): LimbElement[] {
  const begins = (b: Boundary) => (b.rising ? b.k : (b.k + count - 1) % count);
  const out: LimbElement[] = [];
  let i = 0;
  if (!starts) {
    i = found.findIndex((b) => b.t > from);
    const b = found[i]!;
    // The element before the first boundary after `from`: the one it ends.
    out.push({ index: b.rising ? (b.k + count - 1) % count : b.k, start: from, end: b.t });
  }
  for (; i + 1 < found.length; i++) {
    const start = found[i]!.t,
      end = found[i + 1]!.t;
    if (end <= from) continue;
    if (start > to) break;
    out.push({ index: begins(found[i]!), start, end });
  }
  return out;
}

/**
 * Each limb's elements that run at some instant from `from` to its own end in `to` (a number: the
 * same end for all), in order, each with its start and end; with `starts` false the first of each
 * begins at `from` (cut there; when it really began is not searched), and an end equal to `from`
 * asks for the element running then alone. The tithis are the karanas' boundaries at the
 * multiples of 12°, so the elongation is searched once for both.
 */
export function limbsOver(
  from: number,
  to: number | Readonly<Record<LimbKind, number>>,
  cache: PositionCache,
  starts: boolean,
): Record<LimbKind, LimbElement[]> {
  const end = typeof to === 'number' ? { tithi: to, karana: to, nakshatra: to, yoga: to } : to;
  const elongation = boundaries(
    'karana',
    from,
    [
      { to: end.tithi, every: 2 },
      { to: end.karana, every: 1 },
    ],
    cache,
    starts,
  );
  const tithiBounds = elongation.filter((b) => b.k % 2 === 0).map((b) => ({ t: b.t, k: b.k / 2, rising: b.rising }));
  const limb = (kind: 'nakshatra' | 'yoga') =>
    elementsOf(boundaries(kind, from, [{ to: end[kind], every: 1 }], cache, starts), from, end[kind], LIMB_SPAN[kind].count, starts);
  return {
    tithi: elementsOf(tithiBounds, from, end.tithi, LIMB_SPAN.tithi.count, starts),
    nakshatra: limb('nakshatra'),
    yoga: limb('yoga'),
    karana: elementsOf(elongation, from, end.karana, LIMB_SPAN.karana.count, starts),
  };
}

/** The element running at instant t (start <= t < end), among elements found for a window holding t. */
export function elementAt(elements: readonly LimbElement[], t: number): LimbElement | undefined {
  return elements.find((e) => e.start <= t && t < e.end);
}
