/**
 * The event search: lunations, sign ingresses, Moon ingresses, stations, exact planetary aspects
 * and exact Moon aspects inside a UT window [jdStart, jdEnd), from apparent geocentric longitudes
 * and speeds (`calcBody`).
 *
 * Every event is a crossing (or, for stations, a turning point) of one continuous function:
 *   lunations        lon(Moon) - lon(Sun)      targets 0, 180
 *   Moon aspects     lon(Moon) - lon(X)        targets 0, 60, 90, 120, 180, 240, 270, 300
 *   aspects          lon(A) - lon(B)           the same targets, A before B in Sun, Mercury..Pluto
 *   ingresses        lon(X)                    multiples of 30
 *   stations         zeros of speed(X)         (the turning points of lon(X))
 * `scanSignal` makes each grid interval monotonic (splitting it at the zeros of the relevant speed)
 * and refines every crossing to about 1e-9 day.
 *
 * Grid: one step of half a day for all functions. Functions of the Moon never turn (the Moon's
 * speed, 11.7-15.4°/day, always exceeds every planet's), so the step only has to keep their unwrapping
 * unambiguous; planetary functions turn, and their intervals are subdivided wherever the speed bound
 * cannot rule out a hidden turning point. Positions are cached per (body, instant) within a search.
 */
import { TROPICAL } from '../ephemeris.ts';
import { SIGNS, normalizeDegrees, signOf } from '../zodiac.ts';
import { PositionCache } from './positions.ts';
import { brent } from './root-finding.ts';
import { makeGrid, scanSignal, type Signal } from './scan.ts';
import {
  EVENT_KINDS,
  MAJOR_PHASE_ANGLES,
  PLANETS,
  type AspectEvent,
  type EventBodyId,
  type EventKind,
  type EventSearchOptions,
  type MajorAspectType,
  type PlanetId,
  type SignId,
  type SkyEvent,
} from './types.ts';

/** Grid step in days. */
export const GRID_STEP = 0.5;
/** The grid extends this far (1 min) beyond the window; events are then filtered on their exact time. */
const PAD = 1 / 1440;
/** Long windows are searched in chunks of this many days, each with its own position cache. */
const CHUNK_DAYS = 64;

/**
 * Upper bounds of |d²speed/dt²| (degrees/day³): twice the largest value over 1800-2400 away from
 * conjunctions with the Sun (where light deflection adds short wiggles of a few hundredths of a degree/day).
 */
export const SPEED_JERK: Readonly<Record<EventBodyId, number>> = {
  sun: 1e-4,
  moon: 0.5,
  mercury: 0.08,
  venus: 0.01,
  mars: 0.002,
  jupiter: 3e-4,
  saturn: 1.5e-4,
  uranus: 1e-4,
  neptune: 1e-4,
  pluto: 1e-4,
};

const SIGN_BOUNDARIES = SIGNS.map((_, i) => i * 30);

const ASPECT_BY_ANGLE: Readonly<Record<number, MajorAspectType>> = {
  0: 'conjunction',
  60: 'sextile',
  90: 'square',
  120: 'trine',
  180: 'opposition',
};

/** The aspect of a phase angle (0, 60, ... 300). */
export function aspectOfPhase(phase: number): { aspect: MajorAspectType; angle: number } {
  const angle = phase <= 180 ? phase : 360 - phase;
  const aspect = ASPECT_BY_ANGLE[angle];
  if (!aspect) throw new RangeError(`not a major aspect phase: ${phase}`);
  return { aspect, angle };
}

function signId(index: number): SignId {
  return SIGNS[((index % 12) + 12) % 12]!.id;
}

const TYPE_ORDER: Readonly<Record<SkyEvent['type'], number>> = { lunation: 0, station: 1, ingress: 2, moon_ingress: 3, exact_aspect: 4 };

/** The search kind an event answers to ('moon_aspect' for exact aspects of the Moon). */
export function eventKind(e: SkyEvent): EventKind {
  return e.type === 'exact_aspect' && e.body === 'moon' ? 'moon_aspect' : e.type;
}

function compareEvents(a: SkyEvent, b: SkyEvent): number {
  return a.jdUt - b.jdUt || TYPE_ORDER[a.type] - TYPE_ORDER[b.type];
}

/**
 * All events of the requested kinds with jdStart <= jdUt < jdEnd, sorted by time.
 * Throws `EphemerisError` when the ephemeris cannot compute a body at some instant of the window.
 */
export function findEvents(jdStart: number, jdEnd: number, options: EventSearchOptions = {}): SkyEvent[] {
  if (!Number.isFinite(jdStart) || !Number.isFinite(jdEnd)) throw new RangeError('findEvents: the window must be finite');
  const kinds = new Set<EventKind>(options.kinds ?? EVENT_KINDS);
  for (const k of kinds) if (!(EVENT_KINDS as readonly string[]).includes(k)) throw new RangeError(`unknown event kind ${k}`);
  const out: SkyEvent[] = [];
  if (!(jdEnd > jdStart) || kinds.size === 0) return out;
  const zodiac = options.cache?.zodiac ?? options.zodiac ?? TROPICAL;
  for (let s = jdStart; s < jdEnd; s += CHUNK_DAYS) {
    const e = Math.min(jdEnd, s + CHUNK_DAYS);
    searchChunk(s, e, kinds, options.cache ?? new PositionCache(zodiac), out, options.planets ?? PLANETS);
  }
  return out.sort(compareEvents);
}

/**
 * The station time again, by Brent's method on the whole UT hour that contains it. The speed of the
 * slow planets carries noise of about 1e-8 °/day, which blurs their stations by a second or more; a
 * bracket that does not depend on the search window makes the result reproducible (the same station
 * from any window), and it is the bracket the reference root finder used (an hourly grid from
 * 00:00 UT). Falls back to the first estimate if the noise hides the sign change at an hour mark.
 */
function refineStation(cache: PositionCache, body: EventBodyId, tApprox: number): number {
  const midnight = Math.floor(tApprox - 0.5) + 0.5;
  const hour = Math.floor((tApprox - midnight) * 24);
  for (const h of [hour, hour - 1, hour + 1]) {
    const a = midnight + h / 24,
      b = midnight + (h + 1) / 24;
    const va = cache.get(body, a).speedLon,
      vb = cache.get(body, b).speedLon;
    if (va >= 0 !== vb >= 0) return brent((t) => cache.get(body, t).speedLon, a, b, va, vb);
  }
  return tApprox;
}

function searchChunk(s: number, e: number, kinds: ReadonlySet<EventKind>, cache: PositionCache, out: SkyEvent[], planets: readonly PlanetId[]): void {
  const grid = makeGrid(s - PAD, e + PAD, GRID_STEP);
  const inWindow = (t: number) => t >= s && t < e;

  // Signals and handlers are object methods, not arrows given as properties, which the loader
  // would name each time one is made (about 0.4 µs each, a few hundred per day searched; DESIGN.md).
  const lonSignal = (body: EventBodyId): Signal => ({
    at(t) {
      const p = cache.get(body, t);
      return { v: p.lon, r: p.speedLon };
    },
    jerk: SPEED_JERK[body],
  });
  const pairSignal = (a: EventBodyId, b: PlanetId): Signal => ({
    at(t) {
      const pa = cache.get(a, t),
        pb = cache.get(b, t);
      return { v: pa.lon - pb.lon, r: pa.speedLon - pb.speedLon };
    },
    jerk: SPEED_JERK[a] + SPEED_JERK[b],
  });

  const aspectEvent = (t: number, a: EventBodyId, b: PlanetId, phase: number): AspectEvent => {
    const pa = cache.get(a, t),
      pb = cache.get(b, t);
    return {
      type: 'exact_aspect',
      jdUt: t,
      body: a,
      other_body: b,
      ...aspectOfPhase(phase),
      phase_angle: phase,
      lon: pa.lon,
      other_lon: pb.lon,
      rel_speed: pa.speedLon - pb.speedLon,
    };
  };

  // Lunations and the Moon's aspects.
  const lunations = kinds.has('lunation'),
    moonAspects = kinds.has('moon_aspect');
  if (lunations || moonAspects) {
    for (const other of PLANETS) {
      if (other !== 'sun' && !moonAspects) continue;
      const targets = moonAspects ? MAJOR_PHASE_ANGLES : [0, 180];
      scanSignal(pairSignal('moon', other), grid, {
        targets,
        onCrossing(t, target) {
          if (!inWindow(t)) return;
          if (other === 'sun' && lunations && (target === 0 || target === 180)) {
            const lon = cache.get('moon', t).lon;
            out.push({
              type: 'lunation',
              jdUt: t,
              body: 'moon',
              other_body: 'sun',
              phase: target === 0 ? 'new_moon' : 'full_moon',
              aspect: target === 0 ? 'conjunction' : 'opposition',
              lon,
              sign_id: signOf(lon).id,
            });
          }
          if (moonAspects) out.push(aspectEvent(t, 'moon', other, target));
        },
      });
    }
  }

  // Ingresses (a body crossing a sign boundary) and stations (its speed crossing zero).
  const ingressBodies: EventBodyId[] = [];
  if (kinds.has('moon_ingress')) ingressBodies.push('moon');
  if (kinds.has('ingress') || kinds.has('station')) ingressBodies.push(...planets);
  for (const body of ingressBodies) {
    const ingresses = body === 'moon' || kinds.has('ingress');
    const stations = body !== 'moon' && body !== 'sun' && kinds.has('station');
    if (!ingresses && !stations) continue;
    scanSignal(lonSignal(body), grid, {
      targets: ingresses ? SIGN_BOUNDARIES : [],
      onCrossing(t, boundary, rising) {
        if (!inWindow(t)) return;
        const index = boundary / 30;
        out.push({
          type: body === 'moon' ? 'moon_ingress' : 'ingress',
          jdUt: t,
          body,
          sign_id: signId(rising ? index : index - 1),
          from_sign_id: signId(rising ? index - 1 : index),
          direction: rising ? 'direct' : 'retrograde',
          lon: boundary,
          speed: cache.get(body, t).speedLon,
        });
      },
      onTurn(tApprox, toNegative) {
        if (!stations) return;
        const t = refineStation(cache, body, tApprox);
        if (!inWindow(t)) return;
        const lon = normalizeDegrees(cache.get(body, t).lon);
        out.push({ type: 'station', jdUt: t, body, direction: toNegative ? 'retrograde' : 'direct', lon, sign_id: signOf(lon).id });
      },
    });
  }

  // Exact aspects between Sun, Mercury..Pluto.
  if (kinds.has('exact_aspect')) {
    for (let i = 0; i < PLANETS.length; i++) {
      for (let j = i + 1; j < PLANETS.length; j++) {
        const a = PLANETS[i]!,
          b = PLANETS[j]!;
        scanSignal(pairSignal(a, b), grid, {
          targets: MAJOR_PHASE_ANGLES,
          onCrossing(t, phase) {
            if (inWindow(t)) out.push(aspectEvent(t, a, b, phase));
          },
        });
      }
    }
  }
}
