/**
 * Public types of the event-search engine: the events it finds inside a UT window and the Moon's
 * void-of-course periods. Ids follow the rest of the service: bodies as in `bodies.ts` ('sun',
 * 'moon', 'mercury'...), signs as in `zodiac.ts` ('aries'...), aspects as in `aspects.ts`.
 */
import type { AspectType } from '../aspects.ts';
import type { ZodiacSetting } from '../ephemeris.ts';
import type { Sign } from '../zodiac.ts';
import type { EventBodyId } from './event-bodies.ts';
import type { PositionCache } from './positions.ts';

export type SignId = Sign['id'];

export { EVENT_BODIES, type EventBodyId } from './event-bodies.ts';

/** Bodies that take part in planetary aspects and ingresses: Sun, Mercury..Pluto (no Moon). */
export const PLANETS = ['sun', 'mercury', 'venus', 'mars', 'jupiter', 'saturn', 'uranus', 'neptune', 'pluto'] as const;
export type PlanetId = (typeof PLANETS)[number];

/** Bodies that station (Mercury..Pluto). */
export const STATIONING_BODIES = ['mercury', 'venus', 'mars', 'jupiter', 'saturn', 'uranus', 'neptune', 'pluto'] as const;
export type StationingBodyId = (typeof STATIONING_BODIES)[number];

/** The five major (Ptolemaic) aspects. */
export type MajorAspectType = Extract<AspectType, 'conjunction' | 'sextile' | 'square' | 'trine' | 'opposition'>;

/** Exact phase angles (lonA - lonB mod 360) of the major aspects. */
export const MAJOR_PHASE_ANGLES = [0, 60, 90, 120, 180, 240, 270, 300] as const;

export type Direction = 'direct' | 'retrograde';

/** The event kinds a search can be asked for. */
export const EVENT_KINDS = ['lunation', 'ingress', 'moon_ingress', 'station', 'exact_aspect', 'moon_aspect'] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

/** The `type` field of an event (Moon aspects are 'exact_aspect' events with body 'moon'). */
export type SkyEventType = 'lunation' | 'ingress' | 'moon_ingress' | 'station' | 'exact_aspect';

interface EventBase {
  type: SkyEventType;
  /** Exact time, Julian Day UT. */
  jdUt: number;
}

/** New Moon (Moon - Sun = 0) or Full Moon (= 180), apparent longitudes. */
export interface LunationEvent extends EventBase {
  type: 'lunation';
  body: 'moon';
  other_body: 'sun';
  phase: 'new_moon' | 'full_moon';
  aspect: 'conjunction' | 'opposition';
  /** The Moon's longitude at the event and its sign. */
  lon: number;
  sign_id: SignId;
}

/** A body's longitude crossing a multiple of 30°: 'ingress' (Sun..Pluto) or 'moon_ingress'. */
export interface IngressEvent extends EventBase {
  type: 'ingress' | 'moon_ingress';
  body: EventBodyId;
  /** The sign entered. */
  sign_id: SignId;
  /** The sign left. */
  from_sign_id: SignId;
  /** 'retrograde' when the body re-enters the previous sign moving backwards. */
  direction: Direction;
  /** The boundary crossed (0, 30, ... 330). */
  lon: number;
  /** Longitude speed at the crossing, degrees/day. */
  speed: number;
}

/** Longitude speed = 0 (Mercury..Pluto). */
export interface StationEvent extends EventBase {
  type: 'station';
  body: StationingBodyId;
  /** 'retrograde': the speed turns from + to -; 'direct': from - to +. */
  direction: Direction;
  lon: number;
  sign_id: SignId;
}

/**
 * An exact major aspect. For planetary aspects `body` comes before `other_body` in Sun, Mercury..Pluto
 * order; for Moon aspects `body` is 'moon'. `phase_angle` = (lon(body) - lon(other_body)) mod 360.
 */
export interface AspectEvent extends EventBase {
  type: 'exact_aspect';
  body: EventBodyId;
  other_body: PlanetId;
  aspect: MajorAspectType;
  /** The aspect angle: 0, 60, 90, 120 or 180. */
  angle: number;
  phase_angle: number;
  lon: number;
  other_lon: number;
  /** speed(body) - speed(other_body), degrees/day. */
  rel_speed: number;
}

export type SkyEvent = LunationEvent | IngressEvent | StationEvent | AspectEvent;

export interface EventSearchOptions {
  /** Which kinds to search; default all. Only what is asked for is computed. */
  kinds?: readonly EventKind[];
  /** Zodiac of ingresses and station signs; default tropical. */
  zodiac?: ZodiacSetting;
  /** Share positions with other computations at the same instants (must use the same zodiac). */
  cache?: PositionCache;
  /** The planets whose ingresses and stations are searched; default all of PLANETS. */
  planets?: readonly PlanetId[];
}

export interface VoidLastAspect {
  body: PlanetId;
  aspect: MajorAspectType;
  angle: number;
  /** Exact time of the aspect (= the period's start), Julian Day UT. */
  jdUt: number;
}

/** One void-of-course period of the Moon. */
export interface VoidOfCoursePeriod {
  /** Julian Day UT: the last exact Ptolemaic aspect in the sign, or the ingress when there is none. */
  start: number;
  /** Julian Day UT of the Moon's ingress into `next_sign`. */
  end: number;
  moon_sign: SignId;
  next_sign: SignId;
  /** Julian Day UT of the Moon's ingress into `moon_sign`. */
  sign_entered: number;
  last_aspect: VoidLastAspect | null;
  /** Exact aspects to Sun, Mercury..Pluto the Moon made during the whole stay in `moon_sign`. */
  aspects_in_sign: number;
}

export interface VoidOfCourseOptions {
  zodiac?: ZodiacSetting;
}
