/**
 * The sky of one day for a horoscope: the local day in its zone (midnight to midnight, and its
 * noon, the reference instant), the ten planets at noon, the Moon's sign and phase, and the
 * transits in orb to a chart's points (or, for a sign's solar chart, the whole-sign aspects to
 * the sign). Nothing here is said of a transit that is not within its orb at noon.
 */
import { aspectAngle, findAspectsBetween, MAJOR_ASPECT_TYPES, type AspectPoint } from '../../../astro/aspects.ts';
import { bodyInfo, TEN_PLANETS } from '../../../astro/bodies.ts';
import { isValidCalendarDate, julianDayFromUtcMs, resolveCivilTime, formatLocalIso } from '../../../astro/civil-time.ts';
import { zoneOffsetSeconds } from '../../../astro/zone-offset-table.ts';
import { calcBody, FILES_END_JD, FILES_START_JD, type ZodiacSetting } from '../../../astro/ephemeris.ts';
import { MOON_PHASE_LABELS, moonPhaseOf } from '../../../astro/moon-phase.ts';
import { HOROSCOPE_ORBS, polaritySign } from '../../../astro/horoscope-model.ts';
import { contactStrength } from '../../../astro/synastry-model.ts';
import { exactHits, nearestHitInWindow, orbWindowAt, TrackSpan, transitTrack } from '../../../astro/transit-hits.ts';
import { signIndexOf } from '../../../astro/zodiac.ts';
import { MOON_PHASES } from '../../../interpretations/keys.ts';
import { MAX_YEAR, MIN_YEAR } from '../../../requests/birth-schema.ts';
import { RequestFieldError } from '../../../requests/request-error.ts';

const DAY_MS = 86_400_000;
const pad = (n: number, w = 2) => String(n).padStart(w, '0');

export interface DayFrame {
  date: string;
  year: number;
  month: number;
  day: number;
  /** 0 Sunday … 6 Saturday. */
  weekday: number;
  /** Days since a fixed origin (the Julian day number): consecutive days differ by one. */
  dayNumber: number;
  zone: string;
  startMs: number;
  endMs: number;
  noonMs: number;
  noonJd: number;
  /** Whether the day was "today" (no date sent, or `today`). */
  today: boolean;
}

/** The local civil day `y-m-d` in `zone`: its midnight, the next midnight (a skipped midnight starts at the change) and its noon. */
export function frameOfDate(year: number, month: number, day: number, zone: string, today = false): DayFrame {
  const at = (h: number, y = year, m = month, d = day) =>
    resolveCivilTime({ year: y, month: m, day: d, hour: h, minute: 0, second: 0 }, zone, 'shift_forward').utcMs;
  const next = new Date(Date.UTC(year, month - 1, day) + DAY_MS);
  const noonMs = at(12);
  const civilMs = Date.UTC(year, month - 1, day);
  return {
    date: `${pad(year, 4)}-${pad(month)}-${pad(day)}`,
    year,
    month,
    day,
    weekday: new Date(civilMs).getUTCDay(),
    dayNumber: Math.round(civilMs / DAY_MS) + 2_440_588,
    zone,
    startMs: at(0),
    endMs: at(0, next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate()),
    noonMs,
    noonJd: julianDayFromUtcMs(noonMs),
    today,
  };
}

/** Today's calendar date in `zone` at `nowMs`. */
export function todayIn(zone: string, nowMs: number): { year: number; month: number; day: number } {
  const local = new Date(nowMs + zoneOffsetSeconds(zone, nowMs) * 1000);
  return { year: local.getUTCFullYear(), month: local.getUTCMonth() + 1, day: local.getUTCDate() };
}

/** The day a request names (`YYYY-MM-DD`, `today`, or nothing for today), checked: a 422 on `loc` for anything else. */
export function dayOfRequest(text: string | undefined, zone: string, nowMs: number, loc: (string | number)[]): DayFrame {
  if (text === undefined || text.trim().toLowerCase() === 'today') {
    const t = todayIn(zone, nowMs);
    return frameOfDate(t.year, t.month, t.day, zone, true);
  }
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
  if (!match) throw new RequestFieldError(loc, `expected a date YYYY-MM-DD or today, got '${text}'`, 'value_error.date');
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (!isValidCalendarDate(y, m, d)) throw new RequestFieldError(loc, `${text} is not a date of the Gregorian calendar`, 'value_error.date');
  if (y < MIN_YEAR || y > MAX_YEAR - 1)
    throw new RequestFieldError(loc, `${text} is outside the years served (${MIN_YEAR}-${MAX_YEAR - 1})`, 'value_error.date');
  return frameOfDate(y, m, d, zone);
}

/** The day `n` days after `frame` in the same zone. */
export function dayAfter(frame: DayFrame, n: number): DayFrame {
  const d = new Date(Date.UTC(frame.year, frame.month - 1, frame.day) + n * DAY_MS);
  return frameOfDate(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), frame.zone);
}

/** A local ISO time (to the second) of a Julian day in a zone (its offset from the cached table of zone-offset-table.ts). */
export function localIsoOf(jd: number, zone: string): string {
  const ms = Math.round(((jd - 2_440_587.5) * DAY_MS) / 1000) * 1000;
  return formatLocalIso(ms, zoneOffsetSeconds(zone, ms));
}

export interface PlanetAtNoon {
  readonly id: string;
  readonly lon: number;
  readonly speed: number;
}

/** Shared between the requests of a thread (skyAtNoon): frozen. */
export interface DaySky {
  readonly planets: readonly PlanetAtNoon[];
  readonly moonSignIndex: number;
  readonly phase: { readonly key: (typeof MOON_PHASES)[number]; readonly angle: number };
}

/**
 * Skies already cast on this thread, by noon instant and zodiac. A day's noon is the same instant
 * in every zone of one UTC offset, so the personal horoscopes of a day share a few dozen skies;
 * a sky is a function of its key alone, so a kept one is the very sky a new cast would give.
 * Emptied when it holds MAX_SKIES (about a kilobyte each).
 */
const SKIES = new Map<string, DaySky>();
const MAX_SKIES = 2000;

/** The ten planets at the frame's noon, and the Moon's sign and phase (kept per thread: SKIES). */
export function skyAtNoon(frame: DayFrame, zodiac: ZodiacSetting): DaySky {
  const key = zodiac.type === 'sidereal' ? `${frame.noonJd}/${zodiac.ayanamsa}` : String(frame.noonJd);
  let sky = SKIES.get(key);
  if (!sky) {
    sky = castSky(frame.noonJd, zodiac);
    if (SKIES.size >= MAX_SKIES) SKIES.clear();
    SKIES.set(key, sky);
  }
  return sky;
}

function castSky(noonJd: number, zodiac: ZodiacSetting): DaySky {
  const raw = TEN_PLANETS.map((id) => ({ id, position: calcBody(noonJd, bodyInfo(id).se!, zodiac) }));
  const sun = raw[0]!.position;
  const moon = raw[1]!.position;
  const phase = moonPhaseOf(sun, moon);
  return Object.freeze({
    planets: Object.freeze(raw.map(({ id, position }) => Object.freeze({ id, lon: position.lon, speed: position.speedLon }))),
    moonSignIndex: signIndexOf(moon.lon),
    // The eight phases of moon-phase.ts, named by the library's phase ids (the same order).
    phase: Object.freeze({ key: MOON_PHASES[MOON_PHASE_LABELS.indexOf(phase.label)]!, angle: phase.angle }),
  });
}

export interface Contact {
  transiting: string;
  /** The natal point, or `sign` for a sign's solar chart. */
  natal: string;
  aspect: string;
  /** Exact angle of the aspect. */
  angle: number;
  orb: number;
  applying: boolean;
  /** 0-1 (contactStrength of the synastry model, on the horoscope's orbs). */
  strength: number;
  /** +1 supportive, −1 challenging, +0.25 a mixed conjunction. */
  sign: number;
  /** The natal point's longitude (undefined for a sign's whole-sign aspect). */
  natalLon: number | undefined;
  /** The transiting planet's longitude at noon. */
  transitingLon: number;
}

/** The transits at noon within the horoscope's orbs, strongest first. */
export function transitsInOrb(sky: DaySky, targets: readonly AspectPoint[]): Contact[] {
  const still = targets.map((p) => ({ id: p.id, lon: p.lon, speed: 0 }));
  const found = findAspectsBetween(sky.planets, still, { types: MAJOR_ASPECT_TYPES, orbs: HOROSCOPE_ORBS });
  const contacts = found.map((f): Contact => {
    const maxOrb = HOROSCOPE_ORBS[f.type as keyof typeof HOROSCOPE_ORBS];
    return {
      transiting: f.p1,
      natal: f.p2,
      aspect: f.type,
      angle: f.deg,
      orb: f.orb,
      applying: f.is_applying,
      strength: contactStrength(f.p1, f.p2, f.type, f.orb, maxOrb, f.is_applying).strength,
      sign: polaritySign(f.p1, f.p2, f.type),
      natalLon: still.find((p) => p.id === f.p2)!.lon,
      transitingLon: sky.planets.find((p) => p.id === f.p1)!.lon,
    };
  });
  return contacts.sort((a, b) => b.strength - a.strength || a.orb - b.orb);
}

/** The share of its orb at which a whole-sign aspect counts. */
export const SIGN_ASPECT_ORB_SHARE = 0.75;

/** The whole-sign aspect of a sign distance (0-11), if any. */
const WHOLE_SIGN_ASPECTS: readonly (string | undefined)[] = [
  'conjunction',
  undefined,
  'sextile',
  'square',
  'trine',
  undefined,
  'opposition',
  undefined,
  'trine',
  'square',
  'sextile',
  undefined,
];

/**
 * A sign's solar chart: each planet's whole-sign aspect to the sign (in it, or 2, 3, 4 or 6 signs
 * away), counted as a transit to the Sun at three quarters of its orb: the Sun of a reader of the
 * sign stands anywhere in it, so a sign-to-sign aspect is a looser tie than one within orb.
 */
export function signAspects(sky: DaySky, signIndex: number): Contact[] {
  const contacts: Contact[] = [];
  for (const p of sky.planets) {
    const distance = (signIndexOf(p.lon) - signIndex + 12) % 12;
    const aspect = WHOLE_SIGN_ASPECTS[distance];
    if (!aspect) continue;
    const maxOrb = HOROSCOPE_ORBS[aspect as keyof typeof HOROSCOPE_ORBS];
    contacts.push({
      transiting: p.id,
      natal: 'sun',
      aspect,
      angle: aspectAngle(aspect),
      orb: SIGN_ASPECT_ORB_SHARE * maxOrb,
      applying: false,
      strength: contactStrength(p.id, 'sun', aspect, SIGN_ASPECT_ORB_SHARE * maxOrb, maxOrb, false).strength,
      sign: polaritySign(p.id, 'sun', aspect),
      natalLon: undefined,
      transitingLon: p.lon,
    });
  }
  return contacts.sort((a, b) => b.strength - a.strength);
}

/**
 * Whether the exact-hit finder serves the day: it works on the ephemeris files' years (1800-2399)
 * and finds nothing outside them, so a day outside (or within three days of their end) has no
 * exact instants, windows or next ingress; the answers say so in a warning.
 */
export function withinFinderYears(frame: DayFrame): boolean {
  return frame.noonJd >= FILES_START_JD + 1 && frame.noonJd + 3 < FILES_END_JD;
}

export const OUTSIDE_FINDER_WARNING =
  'Exact instants, windows in orb and the Moon’s next ingress are found within the years of the ephemeris files (1800-2399); for this day they are null.';

export interface ContactTiming {
  /** Julian days UT: the exact hit of the window nearest noon (undefined when the planet turns inside the orb without reaching exact). */
  exact: number | undefined;
  /** When the planet came within orb and when it leaves it (undefined beyond the ephemeris files or 80 years). */
  entry: number | undefined;
  exit: number | undefined;
}

/**
 * When the transit is exact and when it entered and leaves its orb: the window of the project's
 * exact-hit finder (src/astro/transit-hits.ts, orbWindowAt) that holds noon, and the exact hit
 * in it nearest noon (nearestHitInWindow: of a retrograde loop's three, only the nearest is
 * solved). The finder keeps each body's cut track per thread, so the days most asked for (today,
 * tomorrow) reuse it.
 */
export function contactTiming(contact: Contact, frame: DayFrame, zodiac: ZodiacSetting): ContactTiming {
  if (!withinFinderYears(frame)) return { exact: undefined, entry: undefined, exit: undefined };
  const orb = HOROSCOPE_ORBS[contact.aspect as keyof typeof HOROSCOPE_ORBS];
  const span = noonSpan(contact, frame, zodiac);
  const w = orbWindowAt(span, contact.natalLon!, contact.angle, orb, frame.noonJd);
  if (!w) return { exact: undefined, entry: undefined, exit: undefined };
  return { exact: nearestHitInWindow(span, contact.natalLon!, contact.angle, orb, frame.noonJd)?.jd, entry: w.start, exit: w.end };
}

/**
 * contactTiming's exact instant alone, for the answers that show no window: the same instant,
 * found without solving the window's entry and exit (transit-hits.ts nearestHitInWindow).
 */
export function contactExact(contact: Contact, frame: DayFrame, zodiac: ZodiacSetting): number | undefined {
  if (!withinFinderYears(frame)) return undefined;
  const orb = HOROSCOPE_ORBS[contact.aspect as keyof typeof HOROSCOPE_ORBS];
  return nearestHitInWindow(noonSpan(contact, frame, zodiac), contact.natalLon!, contact.angle, orb, frame.noonJd)?.jd;
}

/** The transiting body's track, told its longitude at noon: the day's sky computed it already (skyAtNoon, the same call). */
function noonSpan(contact: Contact, frame: DayFrame, zodiac: ZodiacSetting): TrackSpan {
  const span = new TrackSpan(transitTrack(contact.transiting, zodiac));
  span.remember(frame.noonJd, contact.transitingLon);
  return span;
}

/**
 * The Moon's next sign ingress after noon: its first crossing of the next sign's first degree,
 * within 2.6 days (the Moon never moves less than 11.7° a day), by the exact-hit finder
 * (src/astro/transit-hits.ts) on the Moon's track.
 */
export function nextMoonIngress(frame: DayFrame, sky: DaySky, zodiac: ZodiacSetting): { jd: number; signIndex: number } | undefined {
  if (!withinFinderYears(frame)) return undefined;
  const signIndex = (sky.moonSignIndex + 1) % 12;
  const span = new TrackSpan(transitTrack('moon', zodiac));
  const hit = exactHits(span, signIndex * 30, [0], frame.noonJd, frame.noonJd + 2.6)[0];
  return hit && { jd: hit.jd, signIndex };
}
