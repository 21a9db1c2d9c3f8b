/**
 * One ephemeris row: every requested quantity at one instant. Runs in a compute worker.
 */
import { ASPECT_TYPES, MAJOR_ASPECT_TYPES, findAspectsWithin, sortByOrb } from '../../astro/aspects.ts';
import { bodyInfo } from '../../astro/bodies.ts';
import { calcBody, EphemerisError, siderealTimeHours, type EclipticPosition } from '../../astro/ephemeris.ts';
import { computeHouses } from '../../astro/chart.ts';
import { dignitiesOf, hasDignityTable } from '../../astro/dignities.ts';
import { fixedStarAt } from '../../astro/fixed-stars.ts';
import { moonPhaseOf, type MoonPhase } from '../../astro/moon-phase.ts';
import { formatLocalIso, julianDayFromUtcMs } from '../../astro/civil-time.ts';
import { degreeInSign, normalizeDegrees, signOf } from '../../astro/zodiac.ts';
import { RequestFieldError } from '../../requests/request-error.ts';
import { aspectName } from './body-names.ts';
import { rowInstant, type EphemerisPlan } from './plan.ts';
import { zoneOffsetSeconds } from '../../astro/zone-offset-table.ts';

export interface BodyCell {
  abs_pos: number;
  pos?: number;
  sign?: string;
  sign_id?: string;
  speed?: number;
  retrograde?: boolean;
  dignity?: string | null;
  dignities?: string[];
}

export interface VoidState {
  is_void: boolean;
  /** When the current void period ends (the Moon's next ingress), or null when not void. */
  until: string | null;
  next_sign: string | null;
}

export interface EphemerisRow {
  timestamp: string;
  local_timestamp: string;
  weekday: string;
  julian_day: number;
  sidereal_time?: string;
  bodies: Record<string, BodyCell>;
  houses?: { house: number; sign: string; sign_id: string; pos: number; abs_pos: number }[];
  /** The house system used, present only when the requested one could not be computed (polar circle). */
  house_system?: string;
  angles?: { asc: number; mc: number; ic: number; dc: number; vertex: number };
  aspects?: { p1: string; p2: string; type: string; deg: number; angle: number; orb: number; is_major: boolean; is_applying: boolean }[];
  moon_void_of_course?: VoidState;
  fixed_stars?: Record<string, { abs_pos: number; pos: number; sign: string; sign_id: string; latitude: number; magnitude: number | null }>;
  chart_link?: { method: 'POST'; href: string; body: Record<string, unknown> };
  /** What the public service's clients print as markers: the Moon's phase at the row's instant. */
  astrology?: { moon_phase: MoonPhase };
  /** Positions with their raw motion, kept for the table and CSV cells (not serialised). */
  raw: Record<string, EclipticPosition>;
  /**
   * Longitudes of the requested fixed stars in the order asked (not serialised): two names of
   * one star are one entry of `fixed_stars` but two CSV columns.
   */
  starLons?: number[];
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

function hms(hours: number): string {
  const total = Math.round((normalizeDegrees(hours * 15) / 15) * 3600) % 86400;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
}

export type VoidLookup = (utcMs: number) => VoidState;

export function computeRow(plan: EphemerisPlan, index: number, voidAt?: VoidLookup): EphemerisRow {
  const utcMs = rowInstant(plan, index);
  const jd = julianDayFromUtcMs(utcMs);
  const offset = zoneOffsetSeconds(plan.zone, utcMs);
  const local = new Date(utcMs + offset * 1000);
  const row: EphemerisRow = {
    timestamp: new Date(utcMs).toISOString(),
    local_timestamp: formatLocalIso(utcMs, offset),
    weekday: WEEKDAYS[local.getUTCDay()]!,
    julian_day: jd,
    bodies: {},
    raw: {},
  };
  if (plan.includeSiderealTime) {
    // Local apparent sidereal time at the place, Greenwich without one.
    row.sidereal_time = hms(siderealTimeHours(jd) + (plan.place ? plan.place.lng / 15 : 0));
  }
  for (let i = 0; i < plan.bodies.length; i++) {
    const id = plan.bodies[i]!;
    const info = bodyInfo(id);
    let p: EclipticPosition;
    if (id === 'south_node') {
      const n = calcBody(jd, 11, plan.zodiac);
      p = { ...n, lon: normalizeDegrees(n.lon + 180), lat: -n.lat };
    } else {
      try {
        p = calcBody(jd, info.se!, plan.zodiac);
      } catch (error) {
        // The plan keeps rows inside the data files; this is the safety net, never a 500.
        if (error instanceof EphemerisError)
          throw new RequestFieldError(['body', 'start'], `${info.name} cannot be computed at ${row.timestamp}: ${error.message}`, 'value_error.range');
        throw error;
      }
    }
    row.raw[id] = p;
    const cell: BodyCell = { abs_pos: p.lon };
    if (plan.includeSignDegree) {
      const sign = signOf(p.lon);
      cell.pos = degreeInSign(p.lon);
      cell.sign = plan.signDisplay === 'full' ? sign.name : sign.abbr;
      cell.sign_id = sign.id;
    }
    if (plan.includeSpeed) cell.speed = p.speedLon;
    if (plan.includeRetrograde) cell.retrograde = p.speedLon < 0;
    if (plan.includeDignity && hasDignityTable(id)) {
      const all = dignitiesOf(id, p.lon);
      cell.dignity = all[0] ?? null;
      cell.dignities = all;
    }
    row.bodies[plan.columns[i]!] = cell;
  }
  // The phase needs the Sun and the Moon, asked for or not (computed once more only when not).
  const sun = row.raw.sun ?? calcBody(jd, 0, plan.zodiac);
  const moon = row.raw.moon ?? calcBody(jd, 1, plan.zodiac);
  row.astrology = { moon_phase: moonPhaseOf(sun, moon) };
  if (plan.place && (plan.includeHouses || plan.includeAngles)) {
    const { frame } = computeHouses(jd, plan.place.lat, plan.place.lng, plan.houseSystem, plan.zodiac);
    if (frame.used !== frame.requested) row.house_system = frame.used;
    if (plan.includeHouses) {
      row.houses = frame.cusps.map((lon, i) => {
        const sign = signOf(lon);
        return { house: i + 1, sign: plan.signDisplay === 'full' ? sign.name : sign.abbr, sign_id: sign.id, pos: degreeInSign(lon), abs_pos: lon };
      });
    }
    if (plan.includeAngles)
      row.angles = { asc: frame.asc, mc: frame.mc, ic: normalizeDegrees(frame.mc + 180), dc: normalizeDegrees(frame.asc + 180), vertex: frame.vertex };
  }
  if (plan.aspects !== 'none') {
    const points = plan.bodies.map((id) => ({ id, lon: row.raw[id]!.lon, speed: row.raw[id]!.speedLon }));
    // An aspect names its bodies as their columns do, in lower case: `lilith` is the `Lilith` column (whichever apogee the request's one Lilith is), as a client joining the two by name expects.
    const nameOf = (id: string) => aspectName(plan.columns[plan.bodies.indexOf(id)]!);
    row.aspects = sortByOrb(findAspectsWithin(points, { types: plan.aspects === 'all' ? ASPECT_TYPES : MAJOR_ASPECT_TYPES })).map(
      ({ p1, p2, type, deg, angle, orb, is_major, is_applying }) => ({ p1: nameOf(p1), p2: nameOf(p2), type, deg, angle, orb, is_major, is_applying }),
    );
  }
  if (voidAt) row.moon_void_of_course = voidAt(utcMs);
  if (plan.fixedStars.length) {
    row.fixed_stars = {};
    row.starLons = [];
    plan.fixedStars.forEach((name, i) => {
      const star = fixedStarAt(jd, name, plan.zodiac);
      if (!star)
        throw new RequestFieldError(
          ['body', 'fixed_stars', i],
          `unknown fixed star '${name}' (not in the Swiss Ephemeris catalogue)`,
          'value_error.unknown_star',
        );
      const sign = signOf(star.lon);
      row.starLons!.push(star.lon);
      row.fixed_stars![star.name] = {
        abs_pos: star.lon,
        pos: degreeInSign(star.lon),
        sign: plan.signDisplay === 'full' ? sign.name : sign.abbr,
        sign_id: sign.id,
        latitude: star.lat,
        magnitude: star.magnitude,
      };
    });
  }
  if (plan.chartLinks) {
    const d = new Date(utcMs);
    row.chart_link = {
      method: 'POST',
      href: '/api/v1/natal/calculate',
      body: {
        year: d.getUTCFullYear(),
        month: d.getUTCMonth() + 1,
        day: d.getUTCDate(),
        hour: d.getUTCHours(),
        minute: d.getUTCMinutes(),
        second: d.getUTCSeconds() + d.getUTCMilliseconds() / 1000,
        tz_str: 'UTC',
        ...(plan.place ? { lat: plan.place.lat, lng: plan.place.lng } : { lat: 0, lng: 0, time_known: true }),
        zodiac_type: plan.zodiac.type,
        ...(plan.zodiac.type === 'sidereal' ? { sidereal_ayanamsa: plan.zodiac.ayanamsa } : {}),
      },
    };
  }
  return row;
}
