/**
 * The couple's day (POST /api/v1/western/synastry/horoscope): the ten transiting planets at local
 * noon of the day in `tz_str`, their major aspects to both natal charts and to the midpoint
 * composite, the context's domains, and with include_timing each transit's activation window
 * (src/astro/transit-windows.ts).
 */
import { createHash } from 'node:crypto';
import { findAspectsBetween, MAJOR_ASPECT_TYPES, type AspectPoint } from '../../../astro/aspects.ts';
import { TEN_PLANETS, bodyInfo } from '../../../astro/bodies.ts';
import { formatLocalIso, ianaZone, isValidCalendarDate, isoUtc, julianDayFromUtcMs, resolveCivilTime, utcMsFromJulianDay } from '../../../astro/civil-time.ts';
import { nearMidpoint } from '../../../astro/composite.ts';
import { calcBody } from '../../../astro/ephemeris.ts';
import { DAY_DOMAINS, bucketScore, contactPolarity, contactStrength, dayDomains, strengthLabel, toneOf } from '../../../astro/synastry-model.ts';
import { SCAN, transitWindow } from '../../../astro/transit-windows.ts';
import { degreeInSign, signOf } from '../../../astro/zodiac.ts';
import { zodiacOf } from '../../../requests/chart-request.ts';
import { MAX_YEAR, MIN_YEAR } from '../../../requests/birth-schema.ts';
import { RequestFieldError } from '../../../requests/request-error.ts';
import type { ResolvedPlace } from '../../../requests/place.ts';
import { castPerson, resolveSettings, type CastPerson } from './synastry-service.ts';
import type { SynastryHoroscopeRequest, SynastryHoroscopeResponse } from './synastry-schemas.ts';
import { DAY_TONE_HEADLINES } from './synastry-words.ts';

export interface SynastryHoroscopeTask {
  request: SynastryHoroscopeRequest;
  places: [ResolvedPlace, ResolvedPlace];
  context: 'romantic' | 'friendship';
  includeTiming: boolean;
  nowMs: number;
}

/** Orbs of the day's transits, degrees (major aspects only). */
export const DAY_ORBS = { conjunction: 3, opposition: 3, square: 3, trine: 3, sextile: 2 } as const;
const HOROSCOPE_BODIES = [...TEN_PLANETS, 'asc', 'mc'];
const EXACT_NOW_DEG = 1 / 60;

type Transit = SynastryHoroscopeResponse['transits'][number];

function instant(jd: number, zone: string) {
  const ms = Math.round(utcMsFromJulianDay(jd) / 1000) * 1000;
  const offset = Math.round(ianaZone(zone)!.offset(ms) * 60);
  return { utc: isoUtc(ms).replace(/\.000Z$/, 'Z'), local: formatLocalIso(ms, offset) };
}

/** The day asked for (today in the zone when none), and its local noon. */
export function dayReference(date: string | undefined, zone: string, nowMs: number): { date: string; jd: number; ms: number } {
  let y: number, m: number, d: number;
  if (date === undefined) {
    const local = new Date(nowMs + Math.round(ianaZone(zone)!.offset(nowMs) * 60) * 1000);
    [y, m, d] = [local.getUTCFullYear(), local.getUTCMonth() + 1, local.getUTCDate()];
  } else {
    [y, m, d] = date.split('-').map(Number) as [number, number, number];
    if (!isValidCalendarDate(y, m, d)) throw new RequestFieldError(['body', 'date'], `${date} is not a date of the Gregorian calendar`, 'value_error.date');
    if (y < MIN_YEAR || y > MAX_YEAR)
      throw new RequestFieldError(['body', 'date'], `${date} is outside the years served (${MIN_YEAR}-${MAX_YEAR})`, 'value_error.date');
  }
  const ms = resolveCivilTime({ year: y, month: m, day: d, hour: 12, minute: 0, second: 0 }, zone, 'shift_forward').utcMs;
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return { date: `${pad(y, 4)}-${pad(m)}-${pad(d)}`, jd: julianDayFromUtcMs(ms), ms };
}

function signName(lon: number) {
  return signOf(lon).name;
}

function personFacts(name: string | undefined, fallback: string, p: CastPerson) {
  const lonOf = (id: string) => p.points.find((q) => q.id === id)?.lon;
  return {
    name: name ?? fallback,
    time_known: p.timeKnown,
    sun_sign: signName(lonOf('sun')!),
    moon_sign: signName(lonOf('moon')!),
    rising_sign: p.cast.chart.houses ? signName(p.cast.chart.houses.asc) : null,
  };
}

export function synastryHoroscopeObject(task: SynastryHoroscopeTask): SynastryHoroscopeResponse {
  const { request, context } = task;
  const zone = request.tz_str && request.tz_str.toUpperCase() !== 'AUTO' ? request.tz_str : 'UTC';
  const settings = resolveSettings({ ...request.settings, bodies: HOROSCOPE_BODIES, include: { angle_contacts: true } });
  const a = castPerson(request.person_a, task.places[0], settings, ['body', 'person_a']);
  const b = castPerson(request.person_b, task.places[1], settings, ['body', 'person_b']);
  const ref = dayReference(request.date, zone, task.nowMs);
  const zodiac = zodiacOf({ zodiac_type: settings.zodiac, sidereal_ayanamsa: settings.sidereal_ayanamsa });

  const compositePoints: AspectPoint[] = [];
  for (const id of TEN_PLANETS) {
    const pa = a.points.find((p) => p.id === id)!;
    const pb = b.points.find((p) => p.id === id)!;
    compositePoints.push({ id, lon: nearMidpoint(pa.lon, pb.lon), speed: 0 });
  }
  const transiting: AspectPoint[] = TEN_PLANETS.map((id) => {
    const r = calcBody(ref.jd, bodyInfo(id).se!, zodiac);
    return { id, lon: r.lon, speed: r.speedLon };
  });
  const still = (points: AspectPoint[]) => points.map((p) => ({ id: p.id, lon: p.lon, speed: 0 }));

  const transits: Transit[] = [];
  for (const [target, points] of [
    ['person_a', still(a.points)],
    ['person_b', still(b.points)],
    ['composite', compositePoints],
  ] as const) {
    for (const f of findAspectsBetween(transiting, points, { types: MAJOR_ASPECT_TYPES, orbs: DAY_ORBS })) {
      const orb = DAY_ORBS[f.type as keyof typeof DAY_ORBS];
      const { strength } = contactStrength(f.p1, f.p2, f.type, f.orb, orb, f.is_applying);
      const { polarity } = contactPolarity(f.p1, f.p2, f.type);
      const natalLon = points.find((p) => p.id === f.p2)!.lon;
      const transit: Transit = {
        id: `transit_${f.p1}_${f.type}_${target}_${f.p2}`,
        transit_point: f.p1,
        target,
        natal_point: f.p2,
        aspect: f.type,
        aspect_angle_deg: f.deg,
        separation_deg: Math.round(f.angle * 1e6) / 1e6,
        orb_deg: Math.round(f.orb * 1e6) / 1e6,
        applying: f.is_applying,
        strength,
        strength_label: strengthLabel(strength),
        polarity,
        domains: dayDomains(context, f.p1, f.p2, polarity),
      };
      if (task.includeTiming) {
        const se = bodyInfo(f.p1).se!;
        const w = transitWindow((jd) => calcBody(jd, se, zodiac).lon, natalLon, f.deg, orb, ref.jd, SCAN[f.p1]!)!;
        let nearest: number | undefined;
        for (const e of w.exacts) if (nearest === undefined || Math.abs(e - ref.jd) < Math.abs(nearest - ref.jd)) nearest = e;
        const now = Math.abs(f.angle - f.deg) < EXACT_NOW_DEG || (nearest !== undefined && Math.abs(nearest - ref.jd) < 1 / 86400);
        transit.timing = {
          orb_entry: w.entry === undefined ? null : instant(w.entry, zone),
          exact: nearest === undefined ? null : instant(nearest, zone),
          orb_exit: w.exit === undefined ? null : instant(w.exit, zone),
          exact_count: w.exacts.length,
          duration_hours: w.entry === undefined || w.exit === undefined ? null : Math.round((w.exit - w.entry) * 24 * 100) / 100,
          trigger_phase: now ? 'exact' : nearest === undefined ? 'within_orb' : nearest > ref.jd ? 'applying' : 'separating',
        };
      }
      transits.push(transit);
    }
  }
  transits.sort((p, q) => q.strength - p.strength || (p.id < q.id ? -1 : 1));

  const domains = DAY_DOMAINS[context].map((id) => {
    const items = transits.filter((t) => t.domains.includes(id));
    return { id, score: bucketScore(items), tone: toneOf(items), transit_ids: items.slice(0, 5).map((t) => t.id) };
  });
  const tone = toneOf(transits);
  const score = Math.round(domains.reduce((s, d) => s + d.score, 0) / domains.length);
  const hash = createHash('sha256')
    .update(
      JSON.stringify({
        a: a.cast.moment.utcIso,
        al: [a.task.place.lat, a.task.place.lng],
        b: b.cast.moment.utcIso,
        bl: [b.task.place.lat, b.task.place.lng],
        day: ref.date,
        zone,
        context,
        timing: task.includeTiming,
        zodiac: settings.zodiac,
        ay: settings.sidereal_ayanamsa,
        hs: settings.house_system,
      }),
    )
    .digest('hex');
  const warnings: string[] = [];
  for (const [who, p] of [
    ['person_a', a],
    ['person_b', b],
  ] as const)
    if (!p.timeKnown) warnings.push(`${who}: birth time unknown: no Ascendant or Midheaven targets`);
  return {
    meta: {
      date: ref.date,
      tz_str: zone,
      relationship_context: context,
      include_timing: task.includeTiming,
      reference_time: instant(ref.jd, zone),
      orbs: { ...DAY_ORBS },
      settings_resolved: {
        zodiac: settings.zodiac,
        sidereal_ayanamsa: settings.sidereal_ayanamsa,
        house_system: settings.house_system,
        node_type: settings.node_type,
      },
      warnings,
      calculation_hash: hash,
    },
    persons: { person_a: personFacts(request.person_a.name, 'Person A', a), person_b: personFacts(request.person_b.name, 'Person B', b) },
    composite: {
      points: compositePoints.map((p) => {
        const s = signOf(p.lon);
        return { id: p.id, abs_pos: p.lon, sign: s.abbr, sign_id: s.id, pos: degreeInSign(p.lon) };
      }),
    },
    transits,
    domains,
    summary: { score, tone, headline: DAY_TONE_HEADLINES[context]![tone]! },
  };
}
