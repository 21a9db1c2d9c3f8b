/**
 * Saturn's stays in the sidereal signs: every exact ingress, direct or retrograde, found by a root
 * finder on the ephemeris (the same sidereal positions as the chart).
 *
 * Saturn is sampled every 20 days. Its shortest retrograde or direct run lasts over 130 days, so a
 * step holds at most one station; a step whose two speeds differ in sign is cut at the station
 * (Brent's method on the speed), so that each piece is monotonic in longitude. Saturn moves less
 * than 3° in a step, so a monotonic piece crosses at most one sign boundary, found by Brent's
 * method on the signed distance to it (to 1e-9 day). A retrograde re-entry into the previous sign
 * and the direct ingress that follows are thus separate events.
 *
 * The ingresses depend only on the ayanamsa, so each thread keeps them in blocks of ten years.
 */
import { calcBody, type ZodiacSetting } from '../../ephemeris.ts';
import type { AyanamsaName } from '../../ayanamsas.ts';
import { normalizeDegrees } from '../../zodiac.ts';
import { brent, wrap180 } from '../../events/root-finding.ts';

const SATURN = 6;
const STEP_DAYS = 20;
const BLOCK_DAYS = 3652.5;
const J2000 = 2451545;
/**
 * The analytic theory the engine falls back on outside its data files covers Julian days
 * 625000.5 to 2818000.5 (about 3000 BC to AD 3004); the scan stays a day inside, so that a birth
 * near the end of the served years lists what can be computed instead of failing.
 */
const FIRST_JD = 625001.5;
const LAST_JD = 2817999.5;

export interface SignIngress {
  jdUt: number;
  /** The sign left and the sign entered, 0 Aries … 11 Pisces. */
  from: number;
  to: number;
  /** Saturn was retrograde (entering the previous sign). */
  retrograde: boolean;
}

/** A stay of Saturn in one sign: from the ingress into it to the ingress out of it. */
export interface SignStay {
  sign: number;
  start: number;
  end: number;
  /** Entered retrograde (a re-entry into the sign it had left). */
  enteredRetrograde: boolean;
  /** Left retrograde (it will come back). */
  leftRetrograde: boolean;
}

const blocks = new Map<string, SignIngress[]>();

function saturnAt(jd: number, zodiac: ZodiacSetting) {
  const p = calcBody(jd, SATURN, zodiac);
  return { jd, lon: normalizeDegrees(p.lon), speed: p.speedLon };
}
type Sample = ReturnType<typeof saturnAt>;

/** The ingresses of one monotonic piece [a, b] (at most one). */
function ingressIn(a: Sample, b: Sample, zodiac: ZodiacSetting, out: SignIngress[]): void {
  const sa = Math.floor(a.lon / 30);
  const sb = Math.floor(b.lon / 30);
  if (sa === sb) return;
  const forward = wrap180(b.lon - a.lon) > 0;
  const boundary = forward ? sb * 30 : sa * 30;
  const f = (jd: number) => wrap180(saturnAt(jd, zodiac).lon - boundary);
  const jd = brent(f, a.jd, b.jd, wrap180(a.lon - boundary), wrap180(b.lon - boundary));
  out.push({ jdUt: jd, from: sa, to: sb, retrograde: !forward });
}

function computeBlock(index: number, zodiac: ZodiacSetting): SignIngress[] {
  const start = Math.max(J2000 + index * BLOCK_DAYS, FIRST_JD);
  const end = Math.min(J2000 + (index + 1) * BLOCK_DAYS, LAST_JD);
  const out: SignIngress[] = [];
  if (end <= start) return out;
  let left = saturnAt(start, zodiac);
  const steps = Math.ceil((end - start) / STEP_DAYS);
  for (let i = 1; i <= steps; i++) {
    const right = saturnAt(i === steps ? end : start + i * STEP_DAYS, zodiac);
    if (left.speed < 0 !== right.speed < 0) {
      const station = saturnAt(
        brent((jd) => saturnAt(jd, zodiac).speed, left.jd, right.jd, left.speed, right.speed, 1e-3),
        zodiac,
      );
      ingressIn(left, station, zodiac, out);
      ingressIn(station, right, zodiac, out);
    } else {
      ingressIn(left, right, zodiac, out);
    }
    left = right;
  }
  // An ingress exactly at the block's end belongs to the next block.
  return out.filter((e) => e.jdUt < end);
}

/** Every sign ingress of Saturn in [jdFrom, jdTo), in time order. */
export function saturnIngresses(jdFrom: number, jdTo: number, ayanamsa: AyanamsaName): SignIngress[] {
  const zodiac: ZodiacSetting = { type: 'sidereal', ayanamsa };
  const first = Math.floor((jdFrom - J2000) / BLOCK_DAYS);
  const last = Math.floor((jdTo - J2000) / BLOCK_DAYS);
  const out: SignIngress[] = [];
  for (let i = first; i <= last; i++) {
    const key = `${ayanamsa}:${i}`;
    let block = blocks.get(key);
    if (block === undefined) {
      block = computeBlock(i, zodiac);
      blocks.set(key, block);
    }
    for (const e of block) if (e.jdUt >= jdFrom && e.jdUt < jdTo) out.push(e);
  }
  return out;
}

/** Saturn's sidereal sign at an instant. */
export function saturnSignAt(jdUt: number, ayanamsa: AyanamsaName): number {
  return Math.floor(saturnAt(jdUt, { type: 'sidereal', ayanamsa }).lon / 30);
}

/**
 * Saturn's stays in the signs over [jdFrom, jdTo): the first starts at Saturn's last ingress
 * before jdFrom (searched up to four years back) and the last ends at its first ingress after
 * jdTo (searched up to four years on), so that every stay has its exact start and end.
 */
export function saturnStays(jdFrom: number, jdTo: number, ayanamsa: AyanamsaName): SignStay[] {
  const MARGIN = 4 * 365.25;
  const events = saturnIngresses(jdFrom - MARGIN, jdTo + MARGIN, ayanamsa);
  const stays: SignStay[] = [];
  for (let i = 0; i + 1 < events.length; i++) {
    const a = events[i]!;
    const b = events[i + 1]!;
    if (b.jdUt <= jdFrom || a.jdUt >= jdTo) continue;
    stays.push({ sign: a.to, start: a.jdUt, end: b.jdUt, enteredRetrograde: a.retrograde, leftRetrograde: b.retrograde });
  }
  return stays;
}
