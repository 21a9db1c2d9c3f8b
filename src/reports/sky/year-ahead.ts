/**
 * The year ahead of a report: the main transits and progressions of the twelve months after the
 * report is made, with their dates.
 *
 * - Transits: Jupiter, Saturn, Uranus, Neptune and Pluto making a major aspect (conjunction,
 *   sextile, square, trine, opposition) to the natal Sun, Moon, Mercury, Venus, Mars and, for a
 *   timed chart, the Ascendant and the Midheaven; and each of them a conjunction, square or
 *   opposition to its own natal place (the turns of its cycle). Each exact hit in the year is found on the
 *   ephemeris by the service's exact-hit finder (src/astro/transit-hits.ts: the track cut at its
 *   stations, so the three hits of a retrograde loop are all found), and its window (orb entry and
 *   exit, 1° for Jupiter and Saturn, 1.5° for the outer three: the span in which such a transit
 *   is usually felt) by the service's transit-window search (src/astro/transit-windows.ts). A station within
 *   half a degree of an aspect that never reaches it is a near miss (nearMisses), listed with the station's date; for a
 *   turn of the planet's own cycle (Uranus standing 52′ short of its opposition to its own place, a year before it is
 *   exact), a station anywhere within the orb. A stretch within orb already open on the year's first day whose exact hits
 *   came before it is read too, with those hits (openAtStart): the planet is still felt there. A transit listed gives
 *   every pass within orb in the year, those without a hit or a near miss too (otherPasses).
 * - Progressions (secondary, a day for a year): where the progressed Sun and Moon stand at the
 *   year's start and end, the progressed Moon's change of sign and its
 *   exact conjunctions, squares and oppositions to the natal Sun, Moon and Ascendant, and the
 *   progressed Sun's change of sign and its exact conjunctions, squares and oppositions to the natal planets and angles,
 *   when they fall in the year; and in the progressed chart itself, the stations of progressed Mercury, Venus and Mars
 *   (a turn of direction that holds for decades of life) and the progressed Sun's conjunctions, squares and oppositions
 *   to them (progressedPlanetEvents).
 *
 * An untimed chart is progressed from its noon positions: its progressed Moon can be off by up to
 * six months of progressed motion, which the report says; the natal Moon is no transit target
 * there (its position is uncertain by several degrees).
 */
import { calcBody, calcLongitude, TROPICAL } from '../../astro/ephemeris.ts';
import { brent, wrap180 } from '../../astro/events/root-finding.ts';
import { julianDayFromUtcMs, utcMsFromJulianDay } from '../../astro/civil-time.ts';
import { ageYears, lifeJdOf, progressedJd, secondaryClock } from '../../astro/progression-clock.ts';
import {
  bodyTrack,
  exactAspectsBetween,
  LUNATION_PHASES,
  lunationPhaseChanges,
  lunationPhaseOf,
  stations as trackStations,
  type LunationPhase,
} from '../../astro/progressed-events.ts';
import { SCAN, transitWindow, type Scan, type TransitWindow } from '../../astro/transit-windows.ts';
import { exactHits, TrackSpan, transitTrack } from '../../astro/transit-hits.ts';
import { aspectOrb, normalizeDegrees, signedSeparation, signIndexOf, SIGNS } from '../../astro/zodiac.ts';
import { isTimed, type NatalChartInput } from '../../interpretations/chart-input.ts';
import { DAY_MINUTES, NOON } from './local-minutes.ts';
import type { MajorAspectType, SignId } from '../../interpretations/keys.ts';

const SE: Record<string, number> = { sun: 0, moon: 1, jupiter: 5, saturn: 6, uranus: 7, neptune: 8, pluto: 9 };
const TRANSITING = ['jupiter', 'saturn', 'uranus', 'neptune', 'pluto'] as const;
/**
 * The personal points and the angles, and natal Jupiter to Pluto for their own cycles only (CYCLE_TARGETS): a return or
 * a planet's square or opposition to its own place (the Saturn return at 29 or 58, Uranus opposite its own place in the
 * early forties, Neptune's square at about forty) marks a stage of life, where the slow planets' contacts to one another
 * are shared with everyone born within a year or two.
 */
const NATAL_TARGETS = ['sun', 'moon', 'mercury', 'venus', 'mars', 'jupiter', 'saturn', 'uranus', 'neptune', 'pluto', 'asc', 'mc'] as const;
const CYCLE_TARGETS = new Set<string>(['jupiter', 'saturn', 'uranus', 'neptune', 'pluto']);
/** The aspects of a cycle's turns, and of the progressed Moon's seasons: the conjunction and the hard aspects. */
const TURNING_ASPECTS = new Set<string>(['conjunction', 'square', 'opposition']);
/** The natal points the progressed Moon's and Sun's aspects are found to: the ten planets and the angles. */
const PROGRESSED_TARGETS = ['sun', 'moon', 'mercury', 'venus', 'mars', 'jupiter', 'saturn', 'uranus', 'neptune', 'pluto', 'asc', 'mc'] as const;
const ASPECTS: { type: MajorAspectType; angle: number }[] = [
  { type: 'conjunction', angle: 0 },
  { type: 'sextile', angle: 60 },
  { type: 'square', angle: 90 },
  { type: 'trine', angle: 120 },
  { type: 'opposition', angle: 180 },
];
/** The progressed planets whose stations, and meetings with the progressed Sun, the year reads. */
export const PROGRESSED_PLANETS = ['mercury', 'venus', 'mars'] as const;
export type ProgressedPlanet = (typeof PROGRESSED_PLANETS)[number];
/**
 * The age up to which a progressed planet's next station is looked for: beyond it the new direction is said to hold for
 * the rest of a long life (a progressed Mercury keeps a direction for some 20 or 90 years, Venus 40 or 540, Mars 60 to 80
 * or about 700).
 */
const NEXT_STATION_AGE = 100;
const WINDOW_ORB: Record<string, number> = { jupiter: 1, saturn: 1, uranus: 1.5, neptune: 1.5, pluto: 1.5 };
/** A stretch within orb, its ends as Julian days (undefined where the search did not find one). */
type Stretch = Pick<TransitWindow, 'entry' | 'exit'>;
const NOT_FOUND: Stretch = { entry: undefined, exit: undefined };

/**
 * One aspect of one slow planet to one natal point, as the searches below read it: the planet's track cut at its stations
 * (`span`, tropical) and its longitude in the chart's zodiac (`lonAt`), the natal point in the chart's zodiac and the
 * zodiac's offset from the tropical, the aspect's angle, the orb within which it is felt, and the window search's step.
 */
interface AspectSearch {
  span: TrackSpan;
  lonAt: (jd: number) => number;
  natalLon: number;
  offset: number;
  angle: number;
  orb: number;
  scan: Scan;
}
/**
 * A station this close to an aspect (degrees) that never reaches it is read as a near miss: half a degree, the inner
 * half of Jupiter's and Saturn's orb, within which a slow planet standing still keeps the contact as present for weeks
 * as an exact one. Stations further off, still within orb, are left out: they would fill the year with contacts that
 * only graze the orb's edge. (A quarter of a degree had left out a station 19′ short beside a transit of the same weeks
 * that was read, which a reader took for an omission.)
 */
const NEAR_MISS = 0.5;
/** How far past the year exact hits are sought, for a stretch within orb that begins inside the year. */
const LOOKAHEAD_DAYS = 90;
/** How far back a near miss's last exact hit is looked for. */
const YEAR_DAYS = 365.25;
/** Two exact hits this close belong to one series of passes (a retrograde loop's are months apart, the next loop's years). */
const SERIES_GAP_DAYS = 300;
/** A bound on a series' passes either side of those listed (Pluto's longest loops make five in all). */
const SERIES_MAX = 4;

/** The exact hits chained to `first` and `last` by gaps under SERIES_GAP_DAYS: before the one and after the other, in order. */
function seriesAround(search: AspectSearch, first: number, last: number): { before: number[]; after: number[] } {
  const { span, natalLon, offset, angle } = search;
  const at = (a: number, b: number) => exactHits(span, normalizeDegrees(natalLon - offset), [angle], a, b).map((h) => h.jd);
  const before: number[] = [];
  const after: number[] = [];
  // Half a day off the known hit, so that it is not found again.
  for (let edge = first, k = 0; k < SERIES_MAX; k++) {
    const previous = at(edge - SERIES_GAP_DAYS, edge - 0.5).at(-1);
    if (previous === undefined) break;
    before.unshift(previous);
    edge = previous;
  }
  for (let edge = last, k = 0; k < SERIES_MAX; k++) {
    const next = at(edge + 0.5, edge + SERIES_GAP_DAYS)[0];
    if (next === undefined) break;
    after.push(next);
    edge = next;
  }
  return { before, after };
}

export interface YearTransit {
  body: (typeof TRANSITING)[number];
  type: MajorAspectType;
  target: (typeof NATAL_TARGETS)[number];
  /**
   * ISO dates (YYYY-MM-DD, UT) of the exact hits in the year, of those after it in a stretch begun within it and of those
   * before it in a stretch still open when it begins (openAtStart), and of the first stretch's entry and exit (null beyond
   * the search). Empty for a near miss alone (`closest`).
   */
  exact: string[];
  /**
   * A near miss: the planet comes within orb but turns (stations) short of the exact aspect, in the year (before or after
   * its hits, if it has any). The station's date and how far short of exact it stays there, degrees; its stretch within
   * orb is among `stretches`.
   */
  closest?: { date: string; short: number };
  /**
   * A near miss alone: the aspect's last exact hit in the twelve months before the year, on an earlier pass (Saturn back on
   * its natal place in April, turning 52′ short of it in December: a reader took "never exact" for a return that never came).
   */
  exactBefore?: string;
  from: string | null;
  to: string | null;
  /**
   * Every stretch within orb that holds one of those hits or the near miss, in order (the first is `from` to `to`): a
   * retrograde loop that leaves the orb between two hits makes two or three.
   */
  stretches: { from: string | null; to: string | null }[];
  /**
   * An untimed chart's: how the hour of birth moves the exact dates, its natal point taken at the birth day's first and last
   * minute instead of noon (the Sun moves a degree a day, a month of Pluto's motion). `days`: the most any exact hit moves;
   * `decides`: at some hour a hit is missing or one more is made (a pass near a station exact or not). Absent when timed,
   * and when the dates move by less than a day.
   */
  hourShift?: { days: number; decides: boolean } | undefined;
  /**
   * The exact hits of the same series of passes that fall outside `exact`: before its first and after its last, each within
   * SERIES_GAP_DAYS of the next (a retrograde loop's passes come months apart, the next loop's years later). Three readers
   * met "exact twice: the first pass raises the matter" over the last two of three passes, the first months before the
   * year. Absent when there are none, and for an untimed chart's Moon, whose dates move with the hour by weeks.
   */
  series?: { before: string[]; after: string[] } | undefined;
  /**
   * Natal points conjunct the target (within ALSO_REACHED_ORB; timed charts' personal planets and angles) that the
   * transiting planet comes within its orb of in the same aspect, during the transit's stretches, without a transit of
   * their own in the year: how far apart the two natal points stand, and the closest the aspect to the other point comes
   * and when (degrees; a reader met Neptune's sextile to a Midheaven read without the Moon a degree from it).
   */
  alsoReaches?: { target: string; apart: number; closest: number; date: string; exact?: string[] | undefined }[] | undefined;
}

/** How close a natal point stands to a transit's target for the transit to be read as reaching it too, degrees. */
const ALSO_REACHED_ORB = 3;
/**
 * Two natal points this close take the same passes of a transit within days of each other: one transit is read, the
 * other point's dates in it (a reader born at a New Moon met "Uranus square Your Sun" and "Uranus square Your Moon" as
 * two readings with the same dates, half of the year's eight).
 */
const ONE_TRANSIT_ORB = 1;
/** The points a transit can be said to reach beside its target: those whose transits the year counts, the Moon timed only. */
const ALSO_REACHED = ['sun', 'moon', 'mercury', 'venus', 'mars', 'asc', 'mc'] as const;

/**
 * The closest the planet (`lonAt`) comes to `angle` from `natalLon` at the midnights (UT) of `windows` within the year
 * (an open end is the year's), and the day it does: daily samples, the slow planets moving well under a degree a day.
 * A pass through exact in the year is not looked for: it makes a transit of the point's own, and the point is then
 * not read as reached beside another.
 */
function closestInWindows(lonAt: (jd: number) => number, natalLon: number, angle: number, windows: readonly Stretch[], start: number, end: number) {
  let best = { orb: Infinity, jd: start };
  for (const w of windows) {
    const [from, to] = [Math.max(start, w.entry ?? start), Math.min(end, w.exit ?? end)];
    // A Julian day begins at noon: its midnights are the halves.
    for (let jd = Math.ceil(from - 0.5) + 0.5; jd <= to; jd++) {
      const orb = aspectOrb(lonAt(jd), natalLon, angle);
      if (orb < best.orb) best = { orb, jd };
    }
  }
  return best;
}

export interface YearProgression {
  /**
   * `station`: a progressed planet (`body`) turns `direction`; `sun_progressed_aspect`: the progressed Sun meets the progressed
   * planet `target` (the other kinds' targets are natal points).
   */
  kind: 'moon_ingress' | 'sun_ingress' | 'moon_aspect' | 'sun_aspect' | 'station' | 'sun_progressed_aspect';
  date: string;
  sign?: SignId | undefined;
  type?: MajorAspectType | undefined;
  target?: string | undefined;
  /** A progressed Moon's change of sign: about how many months it stays in the new sign. */
  months?: number | undefined;
  body?: ProgressedPlanet | undefined;
  direction?: 'retrograde' | 'direct' | undefined;
  /**
   * A station: the age at the planet's previous progressed station (absent when it has moved this way since before birth)
   * and the years until its next (absent when none comes before the age of NEXT_STATION_AGE).
   */
  sinceAge?: number | undefined;
  untilNext?: number | undefined;
  /** A meeting of the progressed Sun and a progressed planet: the years either side of its date that the two stay within 1°. */
  withinDegreeYears?: number | undefined;
}

export interface YearAhead {
  /** The year's first and last day (ISO dates). */
  from: string;
  to: string;
  transits: YearTransit[];
  progressions: YearProgression[];
  /** The progressed Sun's and Moon's longitudes (the chart's zodiac) on the year's first and last day: read every year, events or not. */
  progressed?: { sun: [number, number]; moon: [number, number] } | undefined;
  /** The progressed lunation phase the year begins in (progressedLunation). */
  lunation?: ProgressedLunation | undefined;
  /**
   * Untimed: how far the progressed Moon, and its elongation from the progressed Sun, may stand from the noon chart's at
   * the year's start, degrees: half their motion over the day of the progressed chart that stands for the year (a birth
   * half a day either side of noon moves the progressed instant as much), not over the birth day, whose Moon may run
   * slower or faster.
   */
  progressedReach?: { moon: number; elongation: number } | undefined;
  /**
   * Untimed: the contacts to the Moon exact in the year for some hours of birth only, which the table leaves out (it lists
   * what holds whatever the hour): the first and last minute of the local birth day for which each is (a reader missed
   * Uranus conjunct the Moon, exact for every birth before about 10:55).
   */
  moonSomeHours?: MoonSomeHours[] | undefined;
}

/** A contact to an untimed Moon exact in the year for the births from minute `from` to minute `to` of the local day (0 to 1440). */
export interface MoonSomeHours {
  body: (typeof TRANSITING)[number];
  type: MajorAspectType;
  from: number;
  to: number;
}

/**
 * The phase of the progressed lunation cycle (the progressed Moon's elongation from the progressed Sun, in the eight
 * phases of 45° that the natal reading uses, a turn of the cycle in about thirty years) on the year's first day: its
 * elongation, and when the phase began and ends (ISO dates), searched up to PHASE_SEARCH_YEARS either side; `began` is
 * null when the phase is the one of birth.
 */
export interface ProgressedLunation {
  phase: LunationPhase;
  elongation: number;
  began: string | null;
  ends: string | null;
  next: LunationPhase;
}

/** A phase of the progressed lunation lasts from about three to four and a half years (the progressed Moon's pace). */
const PHASE_SEARCH_YEARS = 5;

const isoDate = (jd: number) => new Date(utcMsFromJulianDay(jd)).toISOString().slice(0, 10);

/** A transit's first date: its first exact hit or the station of its near miss, whichever comes first. */
export const firstDate = (t: YearTransit): string => [t.exact[0], t.closest?.date].filter((d) => d !== undefined).sort()[0]!;

/** The natal longitude of each target (of `ids`) the chart has. */
function natalTargets(chart: NatalChartInput, ids: readonly string[] = NATAL_TARGETS, untimedMoon = false): Map<string, number> {
  const out = new Map<string, number>();
  const timed = isTimed(chart);
  // An untimed chart's Moon is known only to within about seven degrees: a progression's dates to it would be years off,
  // and a transit is kept only where every hour of the birth day gives it (`untimedMoon`, the year's transits).
  for (const p of chart.planets) if (ids.includes(p.id) && (timed || p.id !== 'moon' || untimedMoon)) out.set(p.id, p.abs_pos);
  if (timed && chart.angles) {
    if (ids.includes('asc')) out.set('asc', chart.angles.asc);
    if (ids.includes('mc')) out.set('mc', chart.angles.mc);
  }
  return out;
}

/** The chart's zodiac as an offset from the ephemeris's tropical positions (the natal Sun's). */
function zodiacOffset(chart: NatalChartInput, natalJd: number): number {
  const sun = chart.planets.find((p) => p.id === 'sun');
  return sun ? signedSeparation(calcBody(natalJd, SE.sun!).lon, sun.abs_pos) : 0;
}

/**
 * `f` with its values kept. The year's searches ask one body's place at the same instants for every natal point and
 * aspect (the scans share their steps), and the ephemeris was most of a report's time.
 */
function remembered(f: (jd: number) => number): (jd: number) => number {
  const values = new Map<number, number>();
  return (jd) => {
    let value = values.get(jd);
    if (value === undefined) {
      value = f(jd);
      values.set(jd, value);
    }
    return value;
  };
}

/**
 * Times in [a, b] at which `g` crosses zero, found on steps of `step` days and refined. A change
 * of sign larger than `maxJump` is the wrap of an angle, not a crossing.
 */
function zeros(g: (jd: number) => number, a: number, b: number, step: number, maxJump = 90): number[] {
  const out: number[] = [];
  let t0 = a;
  let g0 = g(t0);
  for (let t1 = a + step; t0 < b; t1 = Math.min(b, t1 + step)) {
    const g1 = g(t1);
    // A sign change of a wrapped angle is a crossing only when the values are small (not the jump at ±180).
    if (g0 !== g1 && g0 <= 0 !== g1 <= 0 && Math.abs(g0 - g1) < maxJump) out.push(brent(g, t0, t1, g0, g1, 1e-5));
    t0 = t1;
    g0 = g1;
    if (t1 >= b) break;
  }
  return out;
}

/**
 * The near misses of one aspect to one natal point among the planet's `stations` of the year: a station within `limit` of the
 * aspect (NEAR_MISS, or the orb for a turn of the planet's own cycle) whose stretch within orb (`orb`) holds no exact hit,
 * the planet turning short of it (Saturn standing still five minutes of arc from a trine and going back). Felt like a
 * contact while the planet stands there; its closest approach is the station. Stations inside a stretch already found for a hit (`windows`) belong to that hit.
 */
function nearMisses(
  search: AspectSearch,
  stations: readonly number[],
  windows: readonly Stretch[],
  limit: number,
): { jd: number; short: number; window: Stretch }[] {
  const { span, lonAt, natalLon, offset, angle, orb, scan } = search;
  const out: { jd: number; short: number; window: Stretch }[] = [];
  for (const jd of stations) {
    if (windows.some((w) => w.entry !== undefined && w.exit !== undefined && jd >= w.entry && jd <= w.exit)) continue;
    if (out.some((m) => m.window.exit !== undefined && jd <= m.window.exit)) continue;
    const short = aspectOrb(natalLon, lonAt(jd), angle);
    if (short > limit) continue;
    const window = transitWindow(lonAt, natalLon, angle, orb, jd, scan);
    if (!window) continue;
    // No exact hit anywhere in the stretch (before the year or after it either).
    const from = window.entry ?? jd - scan.bound;
    const to = window.exit ?? jd + scan.bound;
    if (exactHits(span, normalizeDegrees(natalLon - offset), [angle], from, to).length > 0) continue;
    out.push({ jd, short, window });
  }
  return out;
}

/**
 * A stretch within orb already open when the year begins, with the exact hits it held before the year: a transit exact last
 * spring and still within orb in January (Pluto two months past its square to its own place, 0°11′ from exact on the
 * year's first day) is felt in the year as much as one that becomes exact in it. Empty when the planet is out of orb at the
 * start, or when the stretch it is in has not yet been exact (its hits in the year, or a near miss, are found as usual).
 */
function openAtStart(search: AspectSearch, start: number): { hits: number[]; windows: Stretch[] } {
  const { span, lonAt, natalLon, offset, angle, orb, scan } = search;
  const window = transitWindow(lonAt, natalLon, angle, orb, start, scan);
  if (!window) return { hits: [], windows: [] };
  const hits = exactHits(span, normalizeDegrees(natalLon - offset), [angle], window.entry ?? start - scan.bound, start).map((h) => h.jd);
  return hits.length ? { hits, windows: [window] } : { hits: [], windows: [] };
}

/**
 * The passes within orb in the year of a transit already listed that hold neither its hits nor its near miss: Pluto back
 * within 1½° of a natal Mercury for two months in the autumn, turning 1°19′ short, after a hit in the spring. The transit
 * is felt then too, and its table row, fact line and timeline say so. Found on the scan's steps, each pass's ends by the
 * transit-window search.
 */
function otherPasses(search: AspectSearch, start: number, end: number, known: readonly Stretch[]): Stretch[] {
  const { lonAt, natalLon, angle, orb, scan } = search;
  const out: Stretch[] = [];
  const covered = (jd: number) =>
    [...known, ...out].some((w) => (w.entry === undefined || jd >= w.entry - scan.step) && (w.exit === undefined || jd <= w.exit + scan.step));
  // The scan's steps and the year's last day, where a pass may just begin.
  const steps = Math.ceil((end - start) / scan.step);
  for (let i = 0; i <= steps; i++) {
    const jd = Math.min(end, start + i * scan.step);
    if (covered(jd) || aspectOrb(natalLon, lonAt(jd), angle) > orb) continue;
    const window = transitWindow(lonAt, natalLon, angle, orb, jd, scan);
    if (window) out.push(window);
  }
  return out;
}

/** Hits of another hour this many days from one of noon's are that hit moved; further off, they are another pass. */
const SAME_HIT_DAYS = 60;

/**
 * Untimed: how far the hour of birth moves one aspect's exact hits (`noonHits`, Julian days), the natal point at the day's
 * first and last minute (`halfDay` degrees either side of noon's place); undefined when by less than a day and no hit comes
 * or goes. Searched a little beyond the year so that a hit moved across its edge is not taken for a hit lost.
 */
function hourShift(
  span: TrackSpan,
  natalLon: number,
  halfDay: number,
  angle: number,
  noonHits: readonly number[],
  from: number,
  to: number,
): YearTransit['hourShift'] {
  let days = 0;
  let decides = false;
  // Noon's own hits over the same reach, kept or not: a later pass the year does not list (its stretch begins after the
  // year) is still noon's, and another hour's copy of it decides nothing (a reader met "can decide whether a pass is exact
  // at all" over Saturn's two passes to Venus, exact at every hour).
  const noonAll = exactHits(span, natalLon, [angle], from - SAME_HIT_DAYS, to + SAME_HIT_DAYS).map((h) => h.jd);
  for (const side of [-halfDay, halfDay]) {
    const moved = exactHits(span, normalizeDegrees(natalLon + side), [angle], from - SAME_HIT_DAYS, to + SAME_HIT_DAYS).map((h) => h.jd);
    const nearest = (jd: number, among: readonly number[]) => Math.min(...among.map((x) => Math.abs(x - jd)));
    for (const hit of noonHits) {
      const shift = nearest(hit, moved);
      if (shift > SAME_HIT_DAYS) decides = true;
      else days = Math.max(days, shift);
    }
    // A hit of another hour inside the searched span that noon's chart does not make.
    if (moved.some((jd) => jd >= from && jd <= to && !(nearest(jd, noonAll) <= SAME_HIT_DAYS))) decides = true;
  }
  return days >= 1 || decides ? { days: Math.round(days), decides } : undefined;
}

/**
 * Transits of one planet in one aspect to two natal points within ONE_TRANSIT_ORB of each other (timed charts' personal
 * planets and angles) become one: the point that comes first in ALSO_REACHED keeps its transit, and the other's exact
 * dates (or its closest approach) are given in it as a point reached as well.
 */
function joinConjunctTargets(transits: YearTransit[], targets: ReadonlyMap<string, number>): void {
  const rank = (id: string) => (ALSO_REACHED as readonly string[]).indexOf(id);
  for (const t of [...transits].sort((a, b) => rank(a.target) - rank(b.target))) {
    if (rank(t.target) < 0 || !transits.includes(t)) continue;
    for (const u of [...transits]) {
      if (u === t || u.body !== t.body || u.type !== t.type || rank(u.target) < 0) continue;
      const apart = Math.abs(signedSeparation(targets.get(u.target)!, targets.get(t.target)!));
      if (apart > ONE_TRANSIT_ORB) continue;
      transits.splice(transits.indexOf(u), 1);
      const reached = u.exact.length
        ? { target: u.target, apart, closest: 0, date: u.exact[0]!, exact: u.exact }
        : { target: u.target, apart, closest: u.closest?.short ?? 0, date: u.closest?.date ?? firstDate(u) };
      t.alsoReaches = [...(t.alsoReaches ?? []), reached];
    }
  }
}

/**
 * Untimed: the minutes of the local birth day (0 to 1440) for which a slow planet's aspect to the Moon is exact in the year,
 * as one interval; undefined when for none. The places the planet holds in the year are one arc (its path is continuous),
 * from its least to its greatest distance from the aspect to noon's Moon, read at its scan's steps and its stations; the
 * Moon moves evenly over the day, so the births whose Moon the arc reaches form one interval of the day.
 */
function moonMinutesExact(
  lonAt: (jd: number) => number,
  moon: { noon: number; dayTravel: number },
  angle: number,
  instants: readonly number[],
): { from: number; to: number } | undefined {
  let best: { from: number; to: number } | undefined;
  for (const aim of angle === 0 || angle === 180 ? [moon.noon + angle] : [moon.noon + angle, moon.noon - angle]) {
    const offs = instants.map((jd) => wrap180(lonAt(jd) - aim));
    const [low, high] = [Math.min(...offs), Math.max(...offs)];
    // Far from this side of the aspect all year (an arc of a few degrees, not across the wrap): none of the day's births.
    if (high - low > 90) continue;
    const minuteOf = (off: number) => NOON + (off / moon.dayTravel) * DAY_MINUTES;
    const [from, to] = [Math.max(0, Math.ceil(minuteOf(low))), Math.min(DAY_MINUTES, Math.floor(minuteOf(high)))];
    if (from <= to && (!best || to - from > best.to - best.from)) best = { from, to };
  }
  return best;
}

export function yearAhead(chart: NatalChartInput, asOfMs: number): YearAhead {
  // A date that does not parse (NaN) would send the year's window searches stepping without end.
  if (!Number.isFinite(asOfMs)) throw new RangeError(`yearAhead: the year's start is not a date (${asOfMs})`);
  const start = julianDayFromUtcMs(asOfMs);
  const end = start + 365;
  const natalJd = julianDayFromUtcMs(Date.parse(chart.subject.datetime_utc));
  const offset = zodiacOffset(chart, natalJd);
  const targets = natalTargets(chart, NATAL_TARGETS, true);
  const timed = isTimed(chart);
  // Untimed: how far each natal point moved in half a day, either side of the noon chart's place.
  const halfDay = new Map(chart.planets.map((p) => [p.id, Math.abs(p.speed) / 2]));
  // Untimed: the Moon (tropical, as the transit finder takes it) at the birth day's first and last minute (noon's is the chart's).
  const moonAtDayEnds = timed ? [] : [natalJd - 0.5, natalJd + 0.5].map((jd) => calcBody(jd, SE.moon!).lon);
  const transits: YearTransit[] = [];
  const moonSomeHours: MoonSomeHours[] = [];
  for (const body of TRANSITING) {
    const lonAt = remembered((jd) => normalizeDegrees(calcLongitude(jd, SE[body]!) + offset));
    // The exact hits come from the service's one transit finder (stations and retrograde loops
    // included), on the tropical track: a natal degree of the chart's zodiac is that degree less the offset.
    const span = new TrackSpan(transitTrack(body, TROPICAL));
    // Every search of this body reads its places on one grid from the year's start, remembered once for all points and aspects.
    const scan: Scan = { ...SCAN[body]!, origin: start };
    const stations = span.stations(start, end);
    // Untimed: the instants at which the body's least and greatest longitudes of the year fall (moonMinutesExact).
    const yearInstants = timed ? [] : [...Array.from({ length: Math.ceil((end - start) / scan.step) }, (_, i) => start + i * scan.step), end, ...stations];
    for (const [target, natalLon] of targets) {
      if (CYCLE_TARGETS.has(target) && target !== body) continue;
      for (const { type, angle } of ASPECTS) {
        if (CYCLE_TARGETS.has(target) && !TURNING_ASPECTS.has(type)) continue;
        // Untimed, a contact to the Moon exact for some hours of the birth day only is named apart, not listed.
        if (!timed && target === 'moon') {
          const dayTravel = normalizeDegrees(moonAtDayEnds[1]! - moonAtDayEnds[0]!);
          const minutes = moonMinutesExact(lonAt, { noon: natalLon, dayTravel }, angle, yearInstants);
          if (minutes && (minutes.from > 0 || minutes.to < DAY_MINUTES)) {
            moonSomeHours.push({ body, type, ...minutes });
            continue;
          }
        }
        // One window per stretch: a hit inside the window of an earlier one belongs to it. A hit after the year is read
        // when its stretch began inside the year (Saturn back on the Ascendant in the year's last weeks, a retrograde
        // loop's last pass in the stretch that runs on into the next year).
        const search: AspectSearch = { span, lonAt, natalLon, offset, angle, orb: WINDOW_ORB[body]!, scan };
        const { hits, windows } = openAtStart(search, start);
        for (const { jd: hit } of exactHits(span, normalizeDegrees(natalLon - offset), [angle], start, end + LOOKAHEAD_DAYS)) {
          const last = windows.at(-1);
          const inLast = last !== undefined && (last.exit === undefined || hit <= last.exit);
          if (inLast) {
            hits.push(hit);
            continue;
          }
          const window: Stretch = transitWindow(lonAt, natalLon, angle, WINDOW_ORB[body]!, hit, scan) ?? NOT_FOUND;
          // Hits come in order: once one after the year begins its stretch after the year, so do the rest.
          if (hit > end && (window.entry === undefined || window.entry > end)) break;
          hits.push(hit);
          windows.push(window);
        }
        // A turn of the planet's own cycle is a passage of years: a station anywhere within its orb is its closest approach of the year.
        const limit = CYCLE_TARGETS.has(target) ? WINDOW_ORB[body]! : NEAR_MISS;
        const misses = nearMisses(search, stations, windows, limit);
        if (hits.length === 0 && misses.length === 0) continue;
        // One transit of the aspect: its hits and its nearest miss (a planet may turn short of it and reach it on a later pass),
        // and any other pass within orb in the year, their stretches in order.
        const held = [...windows, ...misses.map((m) => m.window)];
        const inOrb = [...held, ...otherPasses(search, start, end, held)];
        const stretches = [...inOrb]
          .sort((a, b) => (a.entry ?? -Infinity) - (b.entry ?? -Infinity))
          .map((w) => ({ from: w.entry === undefined ? null : isoDate(w.entry), to: w.exit === undefined ? null : isoDate(w.exit) }));
        const miss = misses.reduce<(typeof misses)[number] | undefined>((m, x) => (m === undefined || x.short < m.short ? x : m), undefined);
        const shift = timed
          ? undefined
          : hourShift(span, normalizeDegrees(natalLon - offset), halfDay.get(target) ?? 0, angle, hits, Math.min(start, ...hits), end + LOOKAHEAD_DAYS);
        // Untimed, the Moon spans its day's motion: its contact is kept only when exact in the year for a birth at the day's
        // first and last minute as at noon, so at every minute between (the places a slow planet reaches in a year make one
        // arc, which holds the Moon's whole day once it holds both ends), and not as a near miss alone (a reader met none of
        // Saturn's square to the Moon, which held for every hour). Another hour may still add or take away a pass, as the
        // fact line says (a reader missed Jupiter's opposition, exact once or twice whatever the hour).
        const everyHour = () =>
          hits.some((h) => h >= start && h <= end) && moonAtDayEnds.every((moon) => exactHits(span, moon, [angle], start, end).length > 0);
        if (!timed && target === 'moon' && !everyHour()) continue;
        // The natal points beside the target that the aspect reaches too (kept below only where they have no transit of their own).
        const alsoReaches =
          !timed || !(ALSO_REACHED as readonly string[]).includes(target)
            ? []
            : ALSO_REACHED.filter((id) => id !== target && targets.has(id))
                .map((id) => ({ id, apart: Math.abs(signedSeparation(targets.get(id)!, natalLon)) }))
                .filter(({ apart }) => apart <= ALSO_REACHED_ORB)
                .map(({ id, apart }) => ({ id, apart, ...closestInWindows(lonAt, targets.get(id)!, angle, inOrb, start, end) }))
                .filter((r) => r.orb <= WINDOW_ORB[body]!)
                .map((r) => ({ target: r.id, apart: r.apart, closest: r.orb, date: isoDate(r.jd) }));
        const exactBefore = hits.length === 0 ? exactHits(span, normalizeDegrees(natalLon - offset), [angle], start - YEAR_DAYS, start).at(-1) : undefined;
        const around = hits.length && (timed || target !== 'moon') ? seriesAround(search, Math.min(...hits), Math.max(...hits)) : undefined;
        const series =
          around && (around.before.length || around.after.length) ? { before: around.before.map(isoDate), after: around.after.map(isoDate) } : undefined;
        transits.push({
          body,
          type,
          target: target as YearTransit['target'],
          exact: hits.map(isoDate),
          ...(miss ? { closest: { date: isoDate(miss.jd), short: miss.short } } : {}),
          ...(exactBefore ? { exactBefore: isoDate(exactBefore.jd) } : {}),
          ...stretches[0]!,
          stretches,
          ...(shift ? { hourShift: shift } : {}),
          ...(series ? { series } : {}),
          ...(alsoReaches.length ? { alsoReaches } : {}),
        });
      }
    }
  }
  transits.sort((x, y) => firstDate(x).localeCompare(firstDate(y)));
  // A point with a transit of its own in the year is read there, not as one this transit reaches too.
  for (const t of transits) {
    const own = t.alsoReaches?.filter((r) => !transits.some((u) => u.body === t.body && u.type === t.type && u.target === r.target));
    if (own?.length) t.alsoReaches = own;
    else delete t.alsoReaches;
  }
  if (timed) joinConjunctTargets(transits, targets);
  const clock = secondaryClock(natalJd);
  const at = (body: number, t: number) => normalizeDegrees(calcBody(progressedJd(clock, t), body).lon + offset);
  const progressed = { sun: [at(SE.sun!, start), at(SE.sun!, end)] as [number, number], moon: [at(SE.moon!, start), at(SE.moon!, end)] as [number, number] };
  return {
    from: isoDate(start),
    to: isoDate(end),
    transits,
    progressions: progressions(chart, natalJd, offset, start, end),
    progressed,
    lunation: progressedLunation(natalJd, start),
    progressedReach: isTimed(chart) ? undefined : progressedReach(natalJd, start),
    ...(moonSomeHours.length ? { moonSomeHours } : {}),
  };
}

function progressedReach(natalJd: number, start: number): { moon: number; elongation: number } {
  const t = progressedJd(secondaryClock(natalJd), start);
  const [moon0, moon1] = [t - 0.5, t + 0.5].map((x) => calcBody(x, SE.moon!).lon) as [number, number];
  const [sun0, sun1] = [t - 0.5, t + 0.5].map((x) => calcBody(x, SE.sun!).lon) as [number, number];
  const moon = normalizeDegrees(moon1 - moon0);
  return { moon: moon / 2, elongation: (moon - normalizeDegrees(sun1 - sun0)) / 2 };
}

/**
 * The progressed lunation phase on day `start`, its edges found by the progressions' own search over ephemeris time
 * (lunationPhaseChanges) and mapped back to dates of life (the zodiac's offset cancels in the elongation).
 */
function progressedLunation(natalJd: number, start: number): ProgressedLunation {
  const clock = secondaryClock(natalJd);
  const [moon, sun] = [bodyTrack('moon', TROPICAL, 'mean'), bodyTrack('sun', TROPICAL, 'mean')];
  const now = progressedJd(clock, start);
  const elongation = normalizeDegrees(moon.at(now).lon - sun.at(now).lon);
  const span = PHASE_SEARCH_YEARS * 365.25;
  const changes = lunationPhaseChanges(moon, sun, Math.max(natalJd, progressedJd(clock, start - span)), progressedJd(clock, start + span));
  const began = changes.filter((c) => c.t <= now).at(-1);
  const ends = changes.find((c) => c.t > now);
  return {
    phase: lunationPhaseOf(elongation),
    elongation,
    began: began ? isoDate(lifeJdOf(clock, began.t)) : null,
    ends: ends ? isoDate(lifeJdOf(clock, ends.t)) : null,
    next: LUNATION_PHASES[(Math.floor(elongation / 45) + 1) % 8]!,
  };
}

/** The progressed Sun's and Moon's events whose real dates fall between `start` and `end`. */
function progressions(chart: NatalChartInput, natalJd: number, offset: number, start: number, end: number): YearProgression[] {
  // A real date t corresponds to the secondary progressed instant: a day after birth for each year of life.
  const clock = secondaryClock(natalJd);
  const lon = (body: number) => remembered((t: number) => normalizeDegrees(calcLongitude(progressedJd(clock, t), body) + offset));
  const moon = lon(SE.moon!);
  const sun = lon(SE.sun!);
  const out: YearProgression[] = [];
  for (const [kind, at] of [
    ['moon_ingress', moon],
    ['sun_ingress', sun],
  ] as const) {
    // A sign boundary is where the longitude crosses a multiple of 30.
    const g = (t: number) => wrap180(at(t) - 30 * Math.round(at(t) / 30));
    for (const t of zeros(g, start, end, 5, 10)) {
      // The progressed Moon's stay in its new sign: 30° at its speed there, a day of the ephemeris standing for a year
      // (from two to two and a half years as the Moon runs fast or slow; the Sun's, three decades, needs no figure).
      // Its stay: to the next ingress, found on the same progressed track (a reader counted 27.7 months where the speed at
      // the ingress, 30° at that pace, had said 29).
      const next = kind === 'moon_ingress' ? zeros(g, t + 300, t + 1200, 10, 10)[0] : undefined;
      const months = next !== undefined ? Math.round((next - t) / 30.4375) : undefined;
      out.push({ kind, date: isoDate(t), sign: SIGNS[signIndexOf(at(t + 1))]!.id, ...(months ? { months } : {}) });
    }
  }
  // The progressed Moon's and Sun's conjunctions, squares and oppositions to every natal planet and (timed) angle. The
  // Moon moves about a degree a month, so each is a season of a month or two, and one year holds two or three of them;
  // the Sun about a degree a year, so each of its aspects is the turn of a year or two and comes a few times in a life
  // (the Sun's own place is no target for it: the progressed Sun leaves it at birth).
  const targets = natalTargets(chart, PROGRESSED_TARGETS);
  for (const [kind, at, step] of [
    ['moon_aspect', moon, 5],
    ['sun_aspect', sun, 30],
  ] as const) {
    for (const target of PROGRESSED_TARGETS) {
      const natalLon = targets.get(target);
      if (natalLon === undefined || (kind === 'sun_aspect' && target === 'sun')) continue;
      for (const { type, angle } of ASPECTS.filter((a) => TURNING_ASPECTS.has(a.type))) {
        const aims = angle === 0 || angle === 180 ? [natalLon + angle] : [natalLon + angle, natalLon - angle];
        for (const aim of aims) for (const t of zeros((jd) => wrap180(at(jd) - aim), start, end, step)) out.push({ kind, date: isoDate(t), type, target });
      }
    }
  }
  out.push(...progressedPlanetEvents(natalJd, start, end));
  return out.sort((x, y) => x.date.localeCompare(y.date));
}

/**
 * Events within the progressed chart: the stations of progressed Mercury, Venus and Mars, and the progressed Sun's
 * conjunctions, squares and oppositions to them (Mercury and Venus, never far from the Sun, only meet it), found on the
 * progressions' own tracks over ephemeris time and mapped back to dates of life. A progressed day is a year, so a station
 * turns the planet for as many years as its direct or retrograde stretch has days, and a meeting with the Sun holds within
 * a degree for years. The zodiac's offset cancels in both.
 */
export function progressedPlanetEvents(natalJd: number, start: number, end: number): YearProgression[] {
  const clock = secondaryClock(natalJd);
  const [from, to] = [progressedJd(clock, start), progressedJd(clock, end)];
  // The age in years at a progressed instant.
  const ageAt = (t: number) => ageYears(clock, lifeJdOf(clock, t));
  const sun = bodyTrack('sun', TROPICAL, 'mean');
  const out: YearProgression[] = [];
  for (const body of PROGRESSED_PLANETS) {
    const track = bodyTrack(body, TROPICAL, 'mean');
    for (const s of trackStations(track, from, to)) {
      const before = trackStations(track, natalJd, s.t - 0.5).at(-1);
      const after = s.t + 0.5 < natalJd + NEXT_STATION_AGE ? trackStations(track, s.t + 0.5, natalJd + NEXT_STATION_AGE)[0] : undefined;
      out.push({
        kind: 'station',
        date: isoDate(lifeJdOf(clock, s.t)),
        body,
        direction: s.kind,
        ...(before ? { sinceAge: Math.floor(ageAt(before.t)) } : {}),
        ...(after ? { untilNext: Math.round(ageAt(after.t) - ageAt(s.t)) } : {}),
      });
    }
    for (const hit of exactAspectsBetween(sun, track, [0, 90, 180], from, to)) {
      const relative = Math.abs(sun.at(hit.t).speed - track.at(hit.t).speed);
      out.push({
        kind: 'sun_progressed_aspect',
        date: isoDate(lifeJdOf(clock, hit.t)),
        type: hit.angle === 0 ? 'conjunction' : hit.angle === 90 ? 'square' : 'opposition',
        target: body,
        // A degree at the pair's relative pace on the day of the meeting (the progressed day is a year).
        withinDegreeYears: Math.round(1 / Math.max(relative, 0.01)),
      });
    }
  }
  return out;
}
