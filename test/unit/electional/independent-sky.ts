/**
 * An independent reading of the sky for the electional tests: straight from the ephemeris binding
 * (calcBody, calcHouses) with this file's own tables and brute-force searches, sharing none of the
 * engine's code, so a factor the engine states can be checked against what is really there.
 */
import { calcBody, calcHouses, trueAltitude } from '../../../src/astro/ephemeris.ts';

export const SE = { sun: 0, moon: 1, mercury: 2, venus: 3, mars: 4, jupiter: 5, saturn: 6, uranus: 7, neptune: 8, pluto: 9 } as const;
export type Body = keyof typeof SE;

/** Traditional rulers, Aries first. */
const RULER: Body[] = ['mars', 'venus', 'mercury', 'moon', 'sun', 'mercury', 'venus', 'mars', 'jupiter', 'saturn', 'saturn', 'jupiter'];
/** Domiciles and exaltations by sign index (0 Aries). */
const DOMICILE: Partial<Record<Body, number[]>> = {
  sun: [4],
  moon: [3],
  mercury: [2, 5],
  venus: [1, 6],
  mars: [0, 7],
  jupiter: [8, 11],
  saturn: [9, 10],
};
const EXALTATION: Partial<Record<Body, number>> = { sun: 0, moon: 1, mercury: 5, venus: 11, mars: 9, jupiter: 3, saturn: 6 };

const norm = (x: number) => ((x % 360) + 360) % 360;
export const sep = (a: number, b: number) => {
  const d = norm(a - b);
  return d > 180 ? 360 - d : d;
};
export const signOf = (lon: number) => Math.floor(norm(lon) / 30);
export const lonOf = (body: Body, jd: number) => calcBody(jd, SE[body]).lon;
export const speedOf = (body: Body, jd: number) => calcBody(jd, SE[body]).speedLon;

export function dignityOf(body: Body, lon: number): 'dignified' | 'debilitated' | 'peregrine' {
  const s = signOf(lon);
  const dom = DOMICILE[body] ?? [];
  const ex = EXALTATION[body];
  if (dom.includes(s) || ex === s) return 'dignified';
  if (dom.some((d) => (d + 6) % 12 === s) || (ex !== undefined && (ex + 6) % 12 === s)) return 'debilitated';
  return 'peregrine';
}

/** Which of the twelve houses (cusps counter-clockwise) holds a longitude. */
export function houseOf(lon: number, cusps: number[]): number {
  for (let i = 0; i < 12; i++) {
    const a = cusps[i]!,
      b = cusps[(i + 1) % 12]!;
    if (norm(lon - a) < norm(b - a)) return i + 1;
  }
  throw new Error('no house');
}

export function housesAt(jd: number, lat: number, lng: number, letter: string) {
  const h = calcHouses(jd, lat, lng, letter);
  return { cusps: h.cusps, asc: h.asc, rulerOf: (house: number) => RULER[signOf(h.cusps[house - 1]!)]! };
}

const TARGETS = [0, 60, 90, 120, 180, 240, 270, 300];
const ASPECT_OF: Record<number, string> = {
  0: 'conjunction',
  60: 'sextile',
  90: 'square',
  120: 'trine',
  180: 'opposition',
  240: 'trine',
  270: 'square',
  300: 'sextile',
};
const STEP = 1 / 48;

/**
 * The Moon's next exact Ptolemaic aspect to Sun..Pluto before it leaves its sign, by sampling every
 * half hour and bisecting the sample interval of each crossing; null when there is none (void).
 */
export function moonNextAspect(jd: number): { body: Body; aspect: string; jd: number } | null {
  const sign = signOf(lonOf('moon', jd));
  let exit = jd;
  while (signOf(lonOf('moon', exit + STEP)) === sign) exit += STEP;
  let lo = exit,
    hi = exit + STEP;
  for (let i = 0; i < 40; i++) {
    const mid = (lo + hi) / 2;
    if (signOf(lonOf('moon', mid)) === sign) lo = mid;
    else hi = mid;
  }
  exit = lo;
  const elong = (b: Body, t: number) => norm(lonOf('moon', t) - lonOf(b, t));
  let best: { body: Body; aspect: string; jd: number } | null = null;
  for (const body of Object.keys(SE) as Body[]) {
    if (body === 'moon') continue;
    for (let t = jd; t < exit; t += STEP) {
      const t1 = Math.min(t + STEP, exit);
      const e0 = elong(body, t);
      const e1 = e0 + norm(elong(body, t1) - e0); // unwrapped: the elongation only grows
      const target = TARGETS.map((x) => [x, x + 360])
        .flat()
        .find((x) => x > e0 && x <= e1);
      if (target === undefined) continue;
      let a = t,
        b = t1;
      for (let i = 0; i < 40; i++) {
        const m = (a + b) / 2;
        const em = e0 + norm(elong(body, m) - e0);
        if (em < target) a = m;
        else b = m;
      }
      if (!best || a < best.jd) best = { body, aspect: ASPECT_OF[target % 360]!, jd: a };
      break;
    }
  }
  return best;
}

/** Whether the body's speed changes sign within `days` of jd (hourly samples). */
export function stationWithin(body: Body, jd: number, days: number): boolean {
  let prev = speedOf(body, jd - days);
  for (let t = jd - days + 1 / 24; t <= jd + days; t += 1 / 24) {
    const v = speedOf(body, t);
    if (v >= 0 !== prev >= 0) return true;
    prev = v;
  }
  return false;
}

/** The closest hard aspect (0, 90, 180) of Mars or Saturn to a body, in degrees of orb. */
export function hardMaleficOrb(body: Body, jd: number): number {
  let best = Infinity;
  for (const m of ['mars', 'saturn'] as const) {
    if (m === body) continue;
    const s = sep(lonOf(body, jd), lonOf(m, jd));
    for (const a of [0, 90, 180]) best = Math.min(best, Math.abs(s - a));
  }
  return best;
}

const CHALDEAN: Body[] = ['saturn', 'jupiter', 'mars', 'sun', 'venus', 'mercury', 'moon'];
const DAY_RULER: Body[] = ['sun', 'moon', 'mars', 'mercury', 'jupiter', 'venus', 'saturn'];
/** The Sun's upper limb on the horizon with the usual 34′ of refraction: its centre's true altitude. */
const HORIZON = -(34 + 16) / 60;

/** The Sun's horizon crossings from jd − 1.5 to jd + 1.5 days, every 10 minutes then bisected. */
function sunCrossings(jd: number, lat: number, lng: number): { kind: 'rise' | 'set'; jd: number }[] {
  const alt = (t: number) => trueAltitude(t, 0, lat, lng).altitude - HORIZON;
  const out: { kind: 'rise' | 'set'; jd: number }[] = [];
  const step = 10 / 1440;
  let t0 = jd - 1.5,
    a0 = alt(t0);
  for (let t1 = t0 + step; t1 <= jd + 1.5; t1 += step) {
    const a1 = alt(t1);
    if (a0 < 0 !== a1 < 0) {
      let lo = t0,
        hi = t1;
      for (let i = 0; i < 30; i++) {
        const m = (lo + hi) / 2;
        if (alt(m) < 0 === a0 < 0) lo = m;
        else hi = m;
      }
      out.push({ kind: a0 < 0 ? 'rise' : 'set', jd: lo });
    }
    t0 = t1;
    a0 = a1;
  }
  return out;
}

/**
 * The planetary hour's ruler at jd, or null near an hour's boundary (within `margin` days, where
 * the two horizon definitions may disagree) or without a rise and a set.
 */
export function planetaryHourRuler(jd: number, lat: number, lng: number, zone: string, margin = 2 / 1440): Body | null {
  const c = sunCrossings(jd, lat, lng);
  const i = c.findIndex((e) => e.jd > jd) - 1;
  if (i < 0 || !c[i + 1]) return null;
  const [e0, e1] = [c[i]!, c[i + 1]!];
  const rise = e0.kind === 'rise' ? e0 : c[i - 1];
  if (!rise || rise.kind !== 'rise') return null;
  const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(
    new Intl.DateTimeFormat('en-US', { timeZone: zone, weekday: 'short' }).format(new Date((rise.jd - 2440587.5) * 86_400_000)),
  );
  const length = (e1.jd - e0.jd) / 12;
  const k = (jd - e0.jd) / length;
  if (Math.abs(k - Math.round(k)) * length < margin) return null;
  const n = Math.floor(k) + (e0.kind === 'rise' ? 0 : 12);
  return CHALDEAN[(CHALDEAN.indexOf(DAY_RULER[weekday]!) + n) % 7]!;
}
