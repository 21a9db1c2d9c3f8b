/**
 * The optional blocks of the moon endpoints (`include_*`): each a function of the instant, the
 * zone and the lunations found around it. Runs in a compute worker.
 */
import { calcBody, eclipseAtPlace, findEclipse, nextRiseOrSet, trueObliquity, type EclipseFound } from '../../astro/ephemeris.ts';
import { brightLimbAngle } from '../../astro/bright-limb.ts';
import { newAndFullMoons } from '../../astro/lunation-series.ts';
import { formatLocalIso, julianDayFromUtcMs, resolveCivilTime, utcMsFromJulianDay } from '../../astro/civil-time.ts';
import { type LunarPhaseEvent, type PositionCache, type PrincipalPhase } from '../../astro/events/index.ts';
import { brent, wrap180 } from '../../astro/events/root-finding.ts';
import {
  distanceLabel,
  harvestAndHunter,
  isEclipseSeason,
  isSecondInMonth,
  SPECIAL_MOON_RULES,
  type Lunation,
  type SpecialMoonLabel,
} from '../../astro/moon-specials.ts';
import type { MoonPhaseLabel } from '../../astro/moon-phase.ts';
import { TRADITIONAL_MOON_SYSTEM, traditionalMoonName } from '../../astro/traditional-moons.ts';
import { zoneOffsetSeconds } from '../../astro/zone-offset-table.ts';
import { degreeInSign, normalizeDegrees, signOf } from '../../astro/zodiac.ts';
import { PHASE_TEXTS } from './phase-texts.ts';

const AU_KM = 149_597_870.7;
const SE_MOON = 1;
const SE_TRUE_NODE = 11;

export const localIso = (utcMs: number, zone: string) => formatLocalIso(utcMs, zoneOffsetSeconds(zone, utcMs));
export const msOfJd = (jd: number) => Math.round(utcMsFromJulianDay(jd));
const localDateOf = (jd: number, zone: string) => localIso(msOfJd(jd), zone).slice(0, 10);
/** Days as a number with two decimals (a quarter of an hour is 0.01 day). */
const days = (d: number) => Math.round(d * 100) / 100;

export const distanceKmAt = (cache: PositionCache, jd: number) => cache.get('moon', jd).distAu * AU_KM;

/** The Moon's tropical sign and degree. */
export function zodiacBlock(moonLon: number) {
  const lon = normalizeDegrees(moonLon);
  const sign = signOf(lon);
  return { sign: sign.name, sign_id: sign.id, sign_abbr: sign.abbr, degree: degreeInSign(lon), abs_pos: lon, zodiac_type: 'tropical' as const };
}

/** The bright limb's position angle at `jd` (see bright-limb.ts). */
export function brightLimbAt(cache: PositionCache, jd: number): number {
  return brightLimbAngle(cache.get('sun', jd), cache.get('moon', jd), trueObliquity(jd));
}

export function interpretationBlock(label: MoonPhaseLabel) {
  const text = PHASE_TEXTS[label];
  return { phase: label, title: text.title, body: text.body, keywords: [...text.keywords] };
}

/** The next instant of each principal phase after `jd`, local time with offset; and the same with more detail. */
export function nextPhases(jd: number, events: readonly LunarPhaseEvent[], zone: string) {
  const next = (kind: PrincipalPhase) => events.find((e) => e.phase === kind && e.jdUt > jd)!;
  const kinds = ['new_moon', 'first_quarter', 'full_moon', 'last_quarter'] as const;
  const next_phases = Object.fromEntries(kinds.map((k) => [k, localIso(msOfJd(next(k).jdUt), zone)])) as Record<PrincipalPhase, string>;
  const next_phases_detail = kinds
    .map((k) => next(k))
    .sort((a, b) => a.jdUt - b.jdUt)
    .map((e) => ({
      phase: e.phase,
      exact_at_utc: new Date(msOfJd(e.jdUt)).toISOString(),
      local_time: localIso(msOfJd(e.jdUt), zone),
      days_until: days(e.jdUt - jd),
    }));
  return { next_phases, next_phases_detail };
}

/** The instant the Sun's apparent longitude reaches `target` (0 or 180) in `year`: the March or September equinox. */
function equinox(year: number, target: 0 | 180, cache: PositionCache): number {
  const month = target === 0 ? 2 : 8;
  const a = julianDayFromUtcMs(Date.UTC(year, month, 12));
  const b = julianDayFromUtcMs(Date.UTC(year, month, 30));
  return brent((t) => wrap180(cache.get('sun', t).lon - target), a, b);
}

interface LabelledLunation extends Lunation {
  phase: 'new_moon' | 'full_moon';
  labels: SpecialMoonLabel[];
}

/**
 * Every New and Full Moon in [from, to) with the special-moon labels of each. Blue and Black
 * Moons need the whole local month of each lunation, Harvest Moons the autumn equinox: the search
 * reaches 45 days beyond the window on each side for them.
 */
export function labelledLunations(from: number, to: number, zone: string, southern: boolean, cache: PositionCache): LabelledLunation[] {
  const all = newAndFullMoons(from - 45, to + 45, cache).map((e): LabelledLunation => ({
    phase: e.phase,
    jdUt: e.jdUt,
    localMonth: localDateOf(e.jdUt, zone).slice(0, 7),
    distanceKm: distanceKmAt(cache, e.jdUt),
    labels: [],
  }));
  const fulls = all.filter((m) => m.phase === 'full_moon');
  const news = all.filter((m) => m.phase === 'new_moon');
  for (const m of fulls) {
    const byDistance = distanceLabel(m.distanceKm);
    if (byDistance) m.labels.push(byDistance);
    if (isSecondInMonth(m, fulls)) m.labels.push('Blue Moon');
  }
  for (const m of news) if (isSecondInMonth(m, news)) m.labels.push('Black Moon');
  const firstYear = new Date(msOfJd(from - 45)).getUTCFullYear();
  const lastYear = new Date(msOfJd(to + 45)).getUTCFullYear();
  for (let year = firstYear; year <= lastYear; year++) {
    const { harvest, hunter } = harvestAndHunter(fulls, equinox(year, southern ? 0 : 180, cache));
    if (harvest) (harvest as LabelledLunation).labels.push('Harvest Moon');
    if (hunter) (hunter as LabelledLunation).labels.push("Hunter's Moon");
  }
  return all.filter((m) => m.jdUt >= from && m.jdUt < to);
}

const nearest = <T extends { jdUt: number }>(list: readonly T[], jd: number): T =>
  list.reduce((best, m) => (Math.abs(m.jdUt - jd) < Math.abs(best.jdUt - jd) ? m : best));

/** The special-moon block: the labels of the Full Moon (and, for the Black Moon, the New Moon) nearest the instant. */
export function specialBlock(jd: number, lunations: readonly LabelledLunation[], zone: string, cache: PositionCache) {
  const full = nearest(
    lunations.filter((m) => m.phase === 'full_moon'),
    jd,
  );
  const newMoon = nearest(
    lunations.filter((m) => m.phase === 'new_moon'),
    jd,
  );
  const labels: string[] = [...full.labels, ...newMoon.labels];
  const eclipseSeason = isEclipseSeason(cache.get('sun', jd).lon, calcBody(jd, SE_TRUE_NODE).lon);
  if (eclipseSeason) labels.push('Eclipse Season');
  const reference = (m: LabelledLunation) => ({
    exact_at_utc: new Date(msOfJd(m.jdUt)).toISOString(),
    local_time: localIso(msOfJd(m.jdUt), zone),
    distance_km: Math.round(m.distanceKm),
    days_from_query: days(m.jdUt - jd),
  });
  return {
    labels,
    is_supermoon: full.labels.includes('Supermoon'),
    is_micromoon: full.labels.includes('Micromoon'),
    is_blue_moon: full.labels.includes('Blue Moon'),
    is_black_moon: newMoon.labels.includes('Black Moon'),
    is_harvest_moon: full.labels.includes('Harvest Moon'),
    is_hunter_moon: full.labels.includes("Hunter's Moon"),
    is_eclipse_season: eclipseSeason,
    full_moon: reference(full),
    new_moon: reference(newMoon),
    rule: SPECIAL_MOON_RULES,
  };
}

/** The first labelled Full or New Moon after the instant (a year ahead at most), or null. */
export function nextSpecial(jd: number, lunations: readonly LabelledLunation[], zone: string) {
  const m = lunations.find((l) => l.jdUt > jd && l.labels.length > 0);
  if (!m) return null;
  return { type: m.labels[0]!, labels: [...m.labels], date: localIso(msOfJd(m.jdUt), zone), days_until: days(m.jdUt - jd) };
}

const eclipseTypeName = (e: EclipseFound) => `${e.type}_${e.kind}`;

/** The next eclipse of either kind after `jd`. */
export function nextEclipse(jd: number): EclipseFound | undefined {
  const found = [findEclipse(jd, 'lunar', false), findEclipse(jd, 'solar', false)].filter((e): e is EclipseFound => e !== undefined);
  return found.sort((a, b) => a.maxJd - b.maxJd)[0];
}

export function nextEclipseSummary(jd: number, zone: string) {
  const e = nextEclipse(jd);
  return e ? { type: eclipseTypeName(e), kind: e.kind, date: localIso(msOfJd(e.maxJd), zone), days_until: days(e.maxJd - jd) } : null;
}

/**
 * The eclipse nearest the instant (lunar or solar, before or after, by greatest eclipse).
 * `is_eclipse`: the instant falls between its first and last contact, or its greatest eclipse
 * falls on the instant's local date. Visibility needs a place.
 */
export function eclipseBlock(jd: number, zone: string, place: { lat: number; lng: number } | undefined) {
  const candidates = [findEclipse(jd, 'lunar', false), findEclipse(jd, 'lunar', true), findEclipse(jd, 'solar', false), findEclipse(jd, 'solar', true)].filter(
    (e): e is EclipseFound => e !== undefined,
  );
  // The library finds one in each direction for every date served; none would mean it could not search.
  if (candidates.length === 0) return null;
  const e = nearest(
    candidates.map((c) => ({ ...c, jdUt: c.maxJd })),
    jd,
  );
  const inProgress = e.startJd <= jd && jd <= e.endJd;
  const isEclipse = inProgress || localDateOf(e.maxJd, zone) === localDateOf(jd, zone);
  let visibility: 'visible' | 'below_horizon' | 'not_at_this_place' | null = null;
  let at_place: { altitude_deg: number; magnitude: number } | null = null;
  if (place) {
    const seen = eclipseAtPlace(e.maxJd, e.kind, place.lat, place.lng);
    at_place = { altitude_deg: Math.round(seen.altitude * 100) / 100, magnitude: Math.round(seen.covered * 1000) / 1000 };
    visibility = e.kind === 'solar' && seen.covered <= 0 ? 'not_at_this_place' : seen.altitude > 0 ? 'visible' : 'below_horizon';
  }
  const iso = (t: number) => new Date(msOfJd(t)).toISOString();
  return {
    is_eclipse: isEclipse,
    in_progress: inProgress,
    type: eclipseTypeName(e),
    kind: e.kind,
    is_blood_moon: e.kind === 'lunar' && e.type === 'total',
    date: localIso(msOfJd(e.maxJd), zone),
    greatest_at_utc: iso(e.maxJd),
    begins_at_utc: iso(e.startJd),
    ends_at_utc: iso(e.endJd),
    days_from_query: days(e.maxJd - jd),
    visibility,
    at_place,
  };
}

/**
 * The traditional name of the Full Moon of the instant's local month (the first, when a month
 * has two; the nearest, in a month without one).
 */
export function traditionalBlock(jd: number, lunations: readonly LabelledLunation[], zone: string) {
  const month = localDateOf(jd, zone).slice(0, 7);
  const fulls = lunations.filter((m) => m.phase === 'full_moon');
  const inMonth = fulls.filter((m) => m.localMonth === month);
  const full = inMonth[0] ?? nearest(fulls, jd);
  const monthNumber = Number(full.localMonth.slice(5, 7));
  return {
    name: traditionalMoonName(monthNumber),
    naming_system: TRADITIONAL_MOON_SYSTEM,
    month: monthNumber,
    full_moon_at: localIso(msOfJd(full.jdUt), zone),
    is_current_full_moon: localDateOf(full.jdUt, zone) === localDateOf(jd, zone),
    full_moons_in_month: inMonth.length,
  };
}

/**
 * Moonrise and moonset on the instant's local calendar day at the place: the first of each from
 * local midnight to the next, or null on a day without one (the rise comes about 50 minutes later
 * each day, so one day a month has none; near the poles the Moon can stay up or down for days).
 */
export function riseSetBlock(jd: number, zone: string, place: { lat: number; lng: number }) {
  const [y, mo, d] = localDateOf(jd, zone).split('-').map(Number) as [number, number, number];
  const start = resolveCivilTime({ year: y, month: mo, day: d, hour: 0, minute: 0, second: 0 }, zone, 'shift_forward').utcMs;
  const next = new Date(Date.UTC(y, mo - 1, d + 1));
  const end = resolveCivilTime(
    { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate(), hour: 0, minute: 0, second: 0 },
    zone,
    'shift_forward',
  ).utcMs;
  const [startJd, endJd] = [julianDayFromUtcMs(start), julianDayFromUtcMs(end)];
  const within = (t: number | undefined) => (t !== undefined && t < endJd ? t : undefined);
  // The search starts a moment before midnight so that an event exactly at midnight is found.
  const rise = within(nextRiseOrSet(startJd - 1e-7, SE_MOON, 'rise', place.lat, place.lng));
  const set = within(nextRiseOrSet(startJd - 1e-7, SE_MOON, 'set', place.lat, place.lng));
  const utc = (t: number | undefined) => (t === undefined ? null : new Date(msOfJd(t)).toISOString());
  const local = (t: number | undefined) => (t === undefined ? null : localIso(msOfJd(t), zone));
  return {
    date: localDateOf(jd, zone),
    moonrise: local(rise),
    moonset: local(set),
    moonrise_utc: utc(rise),
    moonset_utc: utc(set),
    definition: 'upper limb on the horizon, standard refraction (1013.25 mbar, 10 °C), topocentric, sea level',
    lat: place.lat,
    lng: place.lng,
  };
}
