/**
 * The annual profection: runs in a compute worker (or inline). The natal chart inside the answer
 * is the natal answer itself (natalAnswerBytes of a NatalTask made from the request), parsed;
 * the profection's rules are src/astro/profections.ts.
 */
import type { z } from 'zod/v4';
import { ASPECT_TYPES, aspectTypeFromName, MAJOR_ASPECT_TYPES, type AspectType } from '../../../astro/aspects.ts';
import { CivilTimeError, DEFAULT_DST_POLICY, julianDayFromUtcMs, resolveCivilTime, utcMsFromJulianDay } from '../../../astro/civil-time.ts';
import { POINT_NAMES } from '../../../astro/bodies.ts';
import { birthdayInYear, profect, signOfIndex, solarMonthStarts, wholeSignHouse, type Profection } from '../../../astro/profections.ts';
import { solarReturnNear } from '../../../astro/solar-return.ts';
import { natalAnswerBytes } from '../natal/natal-answer.ts';
import { MAX_YEAR } from '../../../requests/birth-schema.ts';
import { zodiacOf } from '../../../requests/chart-request.ts';
import { momentAtInstant, type ResolvedMoment } from '../../../requests/moment.ts';
import type { ResolvedPlace } from '../../../requests/place.ts';
import { RequestFieldError } from '../../../requests/request-error.ts';
import { natalMoment, type NatalTask } from '../natal/natal-service.ts';
import type { NatalRequest, natalResponse } from '../natal/natal-schemas.ts';
import { MAX_PROFECTION_AGE, PROFECTION_INCLUDES, type ProfectionAnswer, type ProfectionInclude, type ProfectionRequest } from './profections-schemas.ts';

export interface ProfectionTask {
  request: ProfectionRequest;
  place: ResolvedPlace;
  includes: ProfectionInclude[];
}

type NatalAnswer = z.output<typeof natalResponse>;

/** The blocks an `include` list names (comma-separated, any case, `all` for every one); a 422 on `include` for any other. */
export function profectionIncludes(text: string | undefined): ProfectionInclude[] {
  const tokens = (text ?? '')
    .split(',')
    .map((t) => t.trim().toLowerCase())
    .filter(Boolean);
  const chosen = new Set<ProfectionInclude>();
  for (const token of tokens) {
    if (token === 'all') PROFECTION_INCLUDES.forEach((i) => chosen.add(i));
    else if ((PROFECTION_INCLUDES as readonly string[]).includes(token)) chosen.add(token as ProfectionInclude);
    else throw new RequestFieldError(['query', 'include'], `unknown block '${token}': one of ${PROFECTION_INCLUDES.join(', ')}, all`, 'value_error.include');
  }
  return PROFECTION_INCLUDES.filter((i) => chosen.has(i));
}

/** The natal request's orb settings from the orb policy: the default for every type looked for, then the named ones. */
function orbSettingsOf(policy: NonNullable<NonNullable<ProfectionRequest['annual_profection']['settings']>['orb_policy']> | undefined): {
  orbs: Record<string, number> | undefined;
  includeMinor: boolean;
} {
  if (!policy) return { orbs: undefined, includeMinor: false };
  const named = Object.keys(policy.by_aspect_deg ?? {}).map((n) => aspectTypeFromName(n)!);
  const includeMinor = named.some((t) => !MAJOR_ASPECT_TYPES.includes(t));
  const orbs: Record<string, number> = {};
  if (policy.default_orb_deg !== undefined) for (const t of includeMinor ? ASPECT_TYPES : MAJOR_ASPECT_TYPES) orbs[t] = policy.default_orb_deg;
  for (const [name, orb] of Object.entries(policy.by_aspect_deg ?? {})) orbs[aspectTypeFromName(name) as AspectType] = orb;
  return { orbs, includeMinor };
}

/** The natal task of a profection request: its birth and chart settings, the profection's zodiac, dignities on. */
export function profectionNatalTask(task: ProfectionTask): NatalTask {
  const { annual_profection: profection, ...birth } = task.request;
  const settings = profection.settings;
  const { orbs, includeMinor } = orbSettingsOf(settings?.orb_policy);
  const request: NatalRequest = {
    ...birth,
    zodiac_type: settings?.zodiac_type ?? birth.zodiac_type,
    sidereal_ayanamsa: settings?.sidereal_ayanamsa ?? birth.sidereal_ayanamsa,
    include_dignity: true,
    orb_settings: orbs,
  };
  return { request, place: task.place, includeMinor, includeStelliums: false, interpretation: undefined };
}

const decoder = new TextDecoder();

/** The instant (UTC ms) of the birthday in `year`: the birth's wall-clock time (00:00 when unknown) in the birth place's zone. */
function birthdayUtcMs(request: ProfectionRequest, moment: ResolvedMoment, year: number): number {
  const date = birthdayInYear(request.month, request.day, year);
  const time = moment.timeKnown ? { hour: request.hour!, minute: request.minute!, second: request.second ?? 0 } : { hour: 0, minute: 0, second: 0 };
  try {
    return resolveCivilTime({ ...date, ...time }, moment.zone, request.dst_policy ?? DEFAULT_DST_POLICY).utcMs;
  } catch (error) {
    if (error instanceof CivilTimeError)
      throw new RequestFieldError(['body', 'annual_profection', 'year'], `the birthday in ${year}: ${error.message}`, `value_error.${error.code}`);
    throw error;
  }
}

function periodOf(startMs: number, endMs: number, place: ResolvedPlace, zone: string) {
  const start = momentAtInstant(startMs, place, zone);
  const end = momentAtInstant(endMs, place, zone);
  return { start: start.localIso, end: end.localIso, start_utc: start.utcIso, end_utc: end.utcIso };
}

function activatedOf(p: Profection) {
  const sign = signOfIndex(p.signIndex);
  return {
    activated_house: p.house,
    activated_sign: sign.abbr,
    activated_sign_name: sign.name,
    activated_sign_id: sign.id,
    time_lord_name: POINT_NAMES[p.ruler]!,
    time_lord_id: p.ruler,
  };
}

export function computeProfection(task: ProfectionTask): ProfectionAnswer {
  const { request, place, includes } = task;
  const year = request.annual_profection.year;
  const lastYear = Math.min(request.year + MAX_PROFECTION_AGE, MAX_YEAR - 1);
  if (year < request.year || year > lastYear) {
    throw new RequestFieldError(
      ['body', 'annual_profection', 'year'],
      `year must be from the birth year ${request.year} to ${lastYear}`,
      'value_error.number.not_in_range',
    );
  }
  const natalTask = profectionNatalTask(task);
  const moment = natalMoment(natalTask);
  const natal = JSON.parse(decoder.decode(natalAnswerBytes(natalTask))) as NatalAnswer;
  const rulership = request.annual_profection.settings?.rulership ?? 'traditional';
  const sun = natal.planets.find((p) => p.id === 'sun')!;
  const timed = natal.angles !== undefined;
  const base = timed ? natal.angles!.asc : sun.abs_pos;
  const age = year - request.year;
  const annual = profect(base, age, rulership);

  const basis = request.annual_profection.settings?.period_basis ?? 'birthday';
  const zodiac = zodiacOf(natalTask.request);
  // A solar return to the second: the instant the ephemeris's Sun comes back to its natal longitude.
  const returnMs = (y: number) =>
    Math.round(utcMsFromJulianDay(solarReturnNear(julianDayFromUtcMs(birthdayUtcMs(request, moment, y)), sun.abs_pos, zodiac)) / 1000) * 1000;
  const startMs = basis === 'birthday' ? birthdayUtcMs(request, moment, year) : year === request.year ? moment.utcMs : returnMs(year);
  const endMs = basis === 'birthday' ? birthdayUtcMs(request, moment, year + 1) : returnMs(year + 1);
  const period = periodOf(startMs, endMs, place, moment.zone);
  const warnings = [...natal.warnings];
  if (basis === 'solar_return' && !timed)
    warnings.push('Birth time unknown: the solar returns are those of the Sun at local noon of the birth day, up to about half a day from the true ones.');
  if (basis === 'birthday' && request.month === 2 && request.day === 29)
    warnings.push('Born on 29 February: in common years the birthday is read as 28 February.');

  const profection: ProfectionAnswer['profection'] = { annual: { age, ...activatedOf(annual), period } };
  if (includes.includes('monthly_profections')) {
    if (timed) {
      const starts = solarMonthStarts(julianDayFromUtcMs(startMs), julianDayFromUtcMs(endMs), sun.abs_pos, zodiac).map(
        (jd) => Math.round(utcMsFromJulianDay(jd) / 1000) * 1000,
      );
      const bounds = [startMs, ...starts, endMs];
      profection.monthly_profections = bounds.slice(0, 12).map((from, k) => ({
        month: k + 1,
        ...activatedOf(profect(base, age + k, rulership)),
        period: periodOf(from, bounds[k + 1]!, place, moment.zone),
      }));
    } else {
      warnings.push('Birth time unknown: the monthly profections are left out (their signs count from the Ascendant).');
    }
  }
  if (includes.includes('time_lord_natal')) {
    const lord = natal.planets.find((p) => p.id === annual.ruler)!;
    profection.time_lord_natal = { ...lord, whole_sign_house: wholeSignHouse(base, lord.abs_pos) };
  }
  if (includes.includes('activated_house_planets')) {
    const signId = signOfIndex(annual.signIndex).id;
    profection.activated_house_planets = natal.planets.filter((p) => p.sign_id === signId);
  }
  if (includes.includes('time_lord_aspects')) {
    profection.time_lord_aspects = natal.aspects.filter((a) => a.p1 === annual.ruler || a.p2 === annual.ruler);
  }
  if (!timed) warnings.push("Birth time unknown: houses are counted from the Sun's sign (solar whole-sign houses) instead of the Ascendant's.");

  return {
    subject: natal.subject,
    profection,
    meta: {
      annual_profection: {
        target_year: year,
        period: { start: period.start, end: period.end },
        period_basis: basis,
        house_basis: timed ? 'ascendant' : 'sun',
        rulership,
        zodiac_type: natal.subject.settings.zodiac_type,
        sidereal_ayanamsa: natal.subject.settings.sidereal_ayanamsa,
        includes,
      },
    },
    warnings,
  };
}
