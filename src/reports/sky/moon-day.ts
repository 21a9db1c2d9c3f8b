/**
 * The Moon over an untimed birth day. Without a birth time the chart is cast for local noon, but
 * the Moon moves 12° to 15° a day: its noon sign may not have held all day, and its noon orbs say
 * nothing about the hour of birth. What the report can say is what held during the whole local
 * day: the Moon's range, the sign it entered if it changed sign, and, for each aspect it formed at
 * some hour, when it was within orb and how close it came; and the same for the aspects between the
 * other bodies, which move slowly but not so slowly that a noon orb holds at every hour.
 *
 * The Moon is the ephemeris's (sampled every ten minutes, its sign change found to the minute),
 * moved by the chart's own offset at noon so that a sidereal chart reads in its own zodiac; so are
 * the other bodies, read on the hour (Mercury's speed can change enough in twelve hours for one
 * straight line from noon to miss by half a minute of arc), but for the node, which moves by its
 * noon speed.
 */
import { ASPECT_DEFINITIONS } from '../../astro/aspects.ts';
import { BODIES } from '../../astro/bodies.ts';
import { calcBody } from '../../astro/ephemeris.ts';
import { DateTime, julianDayFromUtcMs } from '../../astro/civil-time.ts';
import { aspectOrb, normalizeDegrees, signedSeparation, signIndexOf, SIGNS } from '../../astro/zodiac.ts';
import type { NatalChartInput } from '../../interpretations/chart-input.ts';
import { ASPECT_POINTS, aspectFamily, type MajorAspectType, type SignId } from '../../interpretations/keys.ts';

const SE_MOON = 1;
const STEP_MINUTES = 10;

/** An aspect as the birth day showed it, from local midnight to the next. */
export interface DayAspect {
  type: MajorAspectType;
  /** The closest the aspect came during the day, degrees (0 when it was exact). */
  closest: number;
  /** The widest orb while it held (its orb limit when it came into or went out of orb that day). */
  widest: number;
  /** Local times "HH:MM" when it came into and went out of orb (00:00 and 24:00 when it held all day). */
  from: string;
  to: string;
  /** Local time "HH:MM" when it was exact, if it was. */
  exactAt?: string | undefined;
}

/** One of the Moon's aspects over the day. */
export interface MoonDayAspect extends DayAspect {
  other: string;
}

/**
 * An aspect between two bodies other than the Moon over the day. They move slowly, but not so
 * slowly that a noon orb holds for every hour: the Sun moves a degree a day and Mercury up to two,
 * so an aspect near its orb limit at noon may not hold at midnight, and its orb at noon is one
 * value of a range.
 */
export interface PairDayAspect extends DayAspect {
  p1: string;
  p2: string;
}

/** Every aspect of the birth day as a pair: the Moon's first (the Moon as `p1`), then the other bodies'. */
export function dayPairs(day: MoonDay): PairDayAspect[] {
  return [...day.aspects.map(({ other, ...d }) => ({ ...d, p1: 'moon', p2: other })), ...day.pairs];
}

export interface MoonDay {
  /** The local date, YYYY-MM-DD. */
  date: string;
  /** The Moon's longitude at local midnight and at the next midnight, in the chart's zodiac. */
  startLon: number;
  endLon: number;
  /** The signs the Moon stood in that day, in order (one or two). */
  signs: SignId[];
  /** When it entered the second sign, local "HH:MM". */
  ingressAt?: string | undefined;
  aspects: MoonDayAspect[];
  /** The aspects between the other bodies that held at some hour of the day. */
  pairs: PairDayAspect[];
  /**
   * The other bodies that changed sign during the day (the Sun on the day of an equinox or a solstice, say): what an
   * untimed report reads of their noon sign holds only for the births on that side of the hour. Absent when none did.
   */
  ingresses?: BodyIngress[] | undefined;
}

export interface BodyIngress {
  body: string;
  /** Its sign before the change and after (the noon sign is one of them). */
  from: SignId;
  to: SignId;
  /** Local "HH:MM" of the change. */
  at: string;
}

/** The day's bounds in UT milliseconds: local midnight to local midnight in the birth's zone. */
export function localDay(chart: NatalChartInput): { date: string; startMs: number; endMs: number; zone: string } {
  const date = chart.subject.datetime.slice(0, 10);
  const zone = chart.subject.location.timezone;
  const start = DateTime.fromISO(date, { zone });
  if (start.isValid) return { date, startMs: start.toMillis(), endMs: start.plus({ days: 1 }).toMillis(), zone };
  // A zone the clock library does not know: the chart's noon less and plus twelve hours.
  const noon = Date.parse(chart.subject.datetime_utc);
  return { date, startMs: noon - 43_200_000, endMs: noon + 43_200_000, zone: 'UTC' };
}

/** The next whole minute (a clock reading floors: the first minute inside a stretch is the one after its edge). */
const ceilMinute = (ms: number) => Math.ceil(ms / 60_000) * 60_000;

function clock(ms: number, startMs: number, zone: string, endMs: number): string {
  if (ms >= endMs) return '24:00';
  if (ms <= startMs) return '00:00';
  const t = DateTime.fromMillis(ms, { zone });
  return (t.isValid ? t : DateTime.fromMillis(ms, { zone: 'UTC' })).toFormat('HH:mm');
}

/**
 * Where a condition changes between two points, one outside it and one inside, by halving to `tolerance`: the point
 * returned is the inside one, so a stretch read from it never claims a minute the condition did not hold.
 */
export function edgeBetween(holds: (x: number) => boolean, outside: number, inside: number, tolerance: number): number {
  while (Math.abs(inside - outside) > tolerance) {
    const mid = (outside + inside) / 2;
    if (holds(mid)) inside = mid;
    else outside = mid;
  }
  return inside;
}

const HOUR_MS = 3_600_000;

/**
 * A slow body's longitude over the day from the ephemeris read on the hour, joined by straight lines: the ephemeris at
 * every ten-minute sample and at every step of the edge searches cost most of an untimed report's day, and over an hour
 * no body but the Moon bends from a straight line by more than a fraction of a second of arc.
 */
function hourlyPath(lonAt: (ms: number) => number, startMs: number, endMs: number): (ms: number) => number {
  const knots: number[] = [];
  for (let ms = startMs; ms < endMs; ms += HOUR_MS) knots.push(ms);
  knots.push(endMs);
  // Unwrapped across 0° Aries, so that a line between two knots never runs the long way round.
  const lons = knots.map(lonAt);
  for (let k = 1; k < lons.length; k++) lons[k] = lons[k - 1]! + signedSeparation(lons[k - 1]!, lons[k]!);
  return (ms) => {
    const k = Math.min(knots.length - 2, Math.max(0, Math.floor((ms - startMs) / HOUR_MS)));
    const t = (ms - knots[k]!) / (knots[k + 1]! - knots[k]!);
    return normalizeDegrees(lons[k]! + t * (lons[k + 1]! - lons[k]!));
  };
}

/** The day's sample times (every ten minutes, and the next midnight) and its bounds. */
interface DayFrame {
  times: number[];
  startMs: number;
  endMs: number;
  zone: string;
}

/** A body's path over the day: its longitude at any instant, and at the frame's sample times. */
interface DayPath {
  at: (ms: number) => number;
  lons: number[];
}

/**
 * When during the day two bodies stood within orb of a major aspect, how close they came and how
 * wide it was while it held; undefined when they never did, or did only at one edge of the day
 * (the day before's aspect, or the next day's).
 */
function aspectOfTheDay({ times, startMs, endMs, zone }: DayFrame, def: (typeof ASPECT_DEFINITIONS)[number], a: DayPath, b: DayPath): DayAspect | undefined {
  if (!aspectFamily(def.type)) return undefined;
  // Signed distance from exactness at each sample: |separation| − the aspect's angle.
  const deviation = times.map((_, i) => Math.abs(signedSeparation(b.lons[i]!, a.lons[i]!)) - def.angle);
  const holds = (ms: number) => aspectOrb(b.at(ms), a.at(ms), def.angle) <= def.orb;
  const inOrb = deviation.map((d) => Math.abs(d) <= def.orb);
  const first = inOrb.indexOf(true);
  if (first < 0) return undefined;
  const last = inOrb.lastIndexOf(true);
  if (first === times.length - 1 || last === 0) return undefined;
  let closest = Infinity;
  let widest = 0;
  let exactMs: number | undefined;
  for (let i = first; i <= last; i++) {
    closest = Math.min(closest, Math.abs(deviation[i]!));
    widest = Math.max(widest, Math.abs(deviation[i]!));
    if (i > first && exactMs === undefined && Math.sign(deviation[i]!) !== Math.sign(deviation[i - 1]!)) {
      // Exact between two samples: where the straight line through them crosses zero.
      const [before, after] = [deviation[i - 1]!, deviation[i]!];
      exactMs = times[i - 1]! + ((times[i]! - times[i - 1]!) * before) / (before - after);
      closest = 0;
    }
  }
  // Coming into or going out of orb during the day: the orb reached its limit there.
  if (first > 0 || last < times.length - 1) widest = def.orb;
  return {
    type: def.type as MajorAspectType,
    closest,
    widest,
    // The edges found to the second between the samples either side, and said by the minutes inside the orb.
    from: clock(first > 0 ? ceilMinute(edgeBetween(holds, times[first - 1]!, times[first]!, 1000)) : startMs, startMs, zone, endMs),
    to: clock(last < times.length - 1 ? edgeBetween(holds, times[last + 1]!, times[last]!, 1000) : endMs, startMs, zone, endMs),
    exactAt: exactMs === undefined ? undefined : clock(exactMs, startMs, zone, endMs),
  };
}

export function moonDay(chart: NatalChartInput): MoonDay | undefined {
  const moon = chart.planets.find((p) => p.id === 'moon');
  if (!moon) return undefined;
  const { date, startMs, endMs, zone } = localDay(chart);
  const noonMs = Date.parse(chart.subject.datetime_utc);
  // The chart's zodiac (and any convention of its Moon) as an offset from the ephemeris's tropical Moon at noon.
  const offset = signedSeparation(calcBody(julianDayFromUtcMs(noonMs), SE_MOON).lon, moon.abs_pos);
  const moonAt = (ms: number) => normalizeDegrees(calcBody(julianDayFromUtcMs(ms), SE_MOON).lon + offset);
  const others = chart.planets.filter((p) => p.id !== 'moon' && (ASPECT_POINTS as readonly string[]).includes(p.id));
  // Each other body from the ephemeris where it has a number of its own (moved by its own offset at noon, for the zodiac
  // and the kind of point the request chose), read every hour and joined by straight lines; the node, whose kind the
  // request chose, by its noon speed.
  const paths = new Map(
    others.map((p) => {
      const se = BODIES.get(p.id)?.se;
      if (se === undefined) return [p.id, (ms: number) => normalizeDegrees(p.abs_pos + (p.speed * (ms - noonMs)) / 86_400_000)];
      const offset = signedSeparation(calcBody(julianDayFromUtcMs(noonMs), se).lon, p.abs_pos);
      return [p.id, hourlyPath((ms) => calcBody(julianDayFromUtcMs(ms), se).lon + offset, startMs, endMs)];
    }),
  );

  const times: number[] = [];
  for (let ms = startMs; ms < endMs; ms += STEP_MINUTES * 60_000) times.push(ms);
  times.push(endMs);
  const moonLons = times.map(moonAt);

  const signs: SignId[] = [SIGNS[signIndexOf(moonLons[0]!)]!.id];
  let ingressAt: string | undefined;
  for (let i = 1; i < times.length; i++) {
    const before = signIndexOf(moonLons[i - 1]!);
    if (signIndexOf(moonLons[i]!) === before) continue;
    // The minute of the sign change, by halving the ten-minute step.
    const changed = edgeBetween((ms) => signIndexOf(moonAt(ms)) !== before, times[i - 1]!, times[i]!, 30_000);
    signs.push(SIGNS[signIndexOf(moonLons[i]!)]!.id);
    ingressAt = clock(changed, startMs, zone, endMs);
    break;
  }

  const frame: DayFrame = { times, startMs, endMs, zone };
  const tracks = others.map((p) => ({ id: p.id, at: paths.get(p.id)!, lons: times.map(paths.get(p.id)!) }));
  const aspects: MoonDayAspect[] = [];
  for (const track of tracks)
    for (const def of ASPECT_DEFINITIONS) {
      const held = aspectOfTheDay(frame, def, { at: moonAt, lons: moonLons }, track);
      if (held) aspects.push({ other: track.id, ...held });
    }
  const pairs: PairDayAspect[] = [];
  for (let i = 0; i < tracks.length; i++)
    for (let j = i + 1; j < tracks.length; j++)
      for (const def of ASPECT_DEFINITIONS) {
        const held = aspectOfTheDay(frame, def, tracks[i]!, tracks[j]!);
        if (held) pairs.push({ p1: tracks[i]!.id, p2: tracks[j]!.id, ...held });
      }
  aspects.sort((x, y) => x.closest - y.closest);
  // The other bodies' changes of sign.
  const ingresses: BodyIngress[] = [];
  for (const other of others) {
    const at = paths.get(other.id)!;
    const [atStart, atEnd] = [signIndexOf(at(startMs)), signIndexOf(at(endMs))];
    if (atStart === atEnd) continue;
    const changed = edgeBetween((ms) => signIndexOf(at(ms)) !== atStart, startMs, endMs, 30_000);
    ingresses.push({ body: other.id, from: SIGNS[atStart]!.id, to: SIGNS[atEnd]!.id, at: clock(changed, startMs, zone, endMs) });
  }
  return { date, startLon: moonLons[0]!, endLon: moonLons.at(-1)!, signs, ingressAt, aspects, pairs, ...(ingresses.length ? { ingresses } : {}) };
}

/**
 * Longitudes along the Moon's path through the day, from its place at midnight to the next, no more
 * than `stepDeg` apart: where an untimed chart's statements that rest on the Moon are tested (its
 * figures, the dominant planet), each holding for the chart only if it holds at all of them.
 */
export function moonPlacesOfTheDay(day: Pick<MoonDay, 'startLon' | 'endLon'>, stepDeg: number): number[] {
  // The path unwrapped across 0° Aries.
  const travel = normalizeDegrees(day.endLon - day.startLon);
  const places = Math.max(2, Math.ceil(travel / stepDeg) + 1);
  return Array.from({ length: places }, (_, k) => normalizeDegrees(day.startLon + (travel * k) / (places - 1)));
}
