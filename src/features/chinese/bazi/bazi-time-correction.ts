/**
 * The clocks of a birth for BaZi: the zone's civil time, local mean time at the birth longitude
 * and local apparent (true) solar time, with the equation of time, and the day and hour pillars
 * each gives. Runs in a compute worker (the equation of time comes from the ephemeris).
 */
import { formatOffset, julianDayFromUtcMs } from '../../../astro/civil-time.ts';
import { equationOfTimeDays } from '../../../astro/equation-of-time.ts';
import { dayAndHour } from '../../../astro/chinese/pillars.ts';
import { BRANCHES, ganZhiText } from '../../../astro/chinese/stems-branches.ts';
import { birthMoment } from '../../../requests/moment.ts';
import { placeWarnings, type ResolvedPlace } from '../../../requests/place.ts';
import { metaOf, resolveLang } from './bazi-lang.ts';
import { julianToGregorian } from './bazi-service.ts';
import { TIME_STANDARDS, type TimeStandard } from './bazi-schemas.ts';
import type { BaziTimeCorrectionRequest, BaziTimeCorrectionResponse } from './bazi-time-correction-schemas.ts';

export interface BaziTimeCorrectionTask {
  request: BaziTimeCorrectionRequest;
  place: ResolvedPlace;
}

const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;
const isoLocal = (ms: number) => new Date(Math.round(ms / 1000) * 1000).toISOString().slice(0, 19);

const minutesText = (m: number) => `${m < 0 ? '−' : '+'}${Math.abs(round(m, 2))}`;

export function computeBaziTimeCorrection(task: BaziTimeCorrectionTask): BaziTimeCorrectionResponse {
  const { request: r, place } = task;
  const lang = resolveLang(r.lang);
  const date = r.calendar === 'julian' ? julianToGregorian(r.year, r.month, r.day) : { year: r.year, month: r.month, day: r.day };
  const moment = birthMoment({ ...r, ...date, hour: r.hour ?? 12, minute: r.minute ?? 0 }, place, ['body']);
  const standard: TimeStandard = r.time_standard ?? r.time_mode ?? 'civil';
  const eotSeconds = equationOfTimeDays(julianDayFromUtcMs(moment.utcMs)) * 86400;
  const offsets: Record<TimeStandard, number> = {
    civil: moment.offsetSeconds,
    local_mean: place.lng * 240,
    true_solar: place.lng * 240 + eotSeconds,
    true_solar_absolute: place.lng * 240 + eotSeconds,
  };
  const localMs = (s: TimeStandard) => moment.utcMs + offsets[s] * 1000;
  const civilDate = isoLocal(localMs('civil')).slice(0, 10);
  const clocks = TIME_STANDARDS.map((s) => {
    const { day, hour } = dayAndHour(localMs(s), r.day_boundary);
    const local = isoLocal(localMs(s));
    return {
      time_standard: s,
      local_time: local,
      date: local.slice(0, 10),
      offset_from_civil_seconds: round(offsets[s] - offsets.civil, 1),
      day_pillar: ganZhiText(day),
      hour_pillar: ganZhiText(hour),
      hour_branch: BRANCHES[hour.branch]!.char,
      date_differs_from_civil: local.slice(0, 10) !== civilDate,
    };
  });
  const longitudeCorrection = (offsets.local_mean - offsets.civil) / 60;
  const eotMinutes = eotSeconds / 60;
  const total = (offsets.true_solar - offsets.civil) / 60;
  const explanation =
    lang.lang === 'zh-CN'
      ? `出生地经度 ${round(place.lng, 4)}°，时区子午线 ${round(offsets.civil / 240, 4)}°：经度差修正 ${minutesText(longitudeCorrection)} 分钟得地方平太阳时；均时差 ${minutesText(eotMinutes)} 分钟得真太阳时；共修正 ${minutesText(total)} 分钟。`
      : `Birth longitude ${round(place.lng, 4)}°, zone meridian ${round(offsets.civil / 240, 4)}°: ${minutesText(longitudeCorrection)} min for the longitude gives local mean time; the equation of time, ${minutesText(eotMinutes)} min, gives true solar time; ${minutesText(total)} min in all.`;
  const warnings = [...placeWarnings(place)];
  if (moment.warning) warnings.push(moment.warning);
  return {
    time_standard: standard,
    day_boundary: r.day_boundary,
    effective_time: isoLocal(localMs(standard)),
    civil_time: isoLocal(localMs('civil')),
    utc: new Date(Math.round(moment.utcMs / 1000) * 1000).toISOString().replace('.000Z', 'Z'),
    zone: moment.zone,
    utc_offset: formatOffset(moment.offsetSeconds),
    dst_applied: moment.dst.applied,
    longitude: place.lng,
    zone_meridian: round(offsets.civil / 240, 4),
    longitude_correction_minutes: round(longitudeCorrection, 2),
    local_mean_time: isoLocal(localMs('local_mean')),
    equation_of_time_minutes: round(eotMinutes, 2),
    equation_of_time_seconds: round(eotSeconds, 1),
    true_solar_time: isoLocal(localMs('true_solar')),
    total_correction_minutes: round(total, 2),
    clocks,
    explanation,
    warnings,
    meta: metaOf(lang),
  };
}

export const baziTimeCorrectionBytes = (task: BaziTimeCorrectionTask) => Buffer.from(JSON.stringify(computeBaziTimeCorrection(task)));
