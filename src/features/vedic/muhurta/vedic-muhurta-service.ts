/**
 * The muhurta search of a request: the dates and the place resolved, the person's natal Moon cast
 * when a birth is sent (vedic-service.ts castVedic), the windows found and scored
 * (src/astro/vedic/muhurta/), the best `limit` of them written in the public service's shape.
 * Runs in a compute worker (or inline).
 */
import { formatLocalIso, isValidCalendarDate, utcMsFromJulianDay } from '../../../astro/civil-time.ts';
import { zoneOffsetSeconds } from '../../../astro/zone-offset-table.ts';
import type { CalendarDate } from '../../../astro/panchang/panchang-day.ts';
import { nextDate } from '../../../astro/panchang/panchang-day.ts';
import { GRAHAS } from '../../../astro/vedic/grahas.ts';
import { MIN_WINDOW_MINUTES, searchMuhurta, type MuhurtaWindow, type NatalMoon } from '../../../astro/vedic/muhurta/muhurta-search.ts';
import { resolveMoment } from '../../../requests/moment.ts';
import { placeWarnings, requestedZone, type ResolvedPlace } from '../../../requests/place.ts';
import { RequestFieldError } from '../../../requests/request-error.ts';
import { castVedic, signNameOf } from '../vedic-service.ts';
import { muhurtaCore } from './vedic-muhurta-core.ts';
import { MUHURTA_MAX_DAYS, type MuhuratSearchAnswer, type MuhuratSearchRequest } from './vedic-muhurta-schemas.ts';

export interface MuhuratSearchTask {
  request: MuhuratSearchRequest;
  place: ResolvedPlace;
  /** The birth's place, when a birth is sent. */
  birthPlace: ResolvedPlace | undefined;
}

export const MUHURTA_RULES_NAME = 'muhurta_chintamani';

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
export const dateText = (d: CalendarDate) => `${pad(d.year, 4)}-${pad(d.month)}-${pad(d.day)}`;

function readDate(text: string, field: string): CalendarDate {
  const [year, month, day] = text.split('-').map(Number) as [number, number, number];
  if (!isValidCalendarDate(year, month, day) || year < 1800 || year > 2399)
    throw new RequestFieldError(['body', field], `${text} is not a date of the Gregorian calendar between 1800 and 2399`, 'value_error.date');
  return { year, month, day };
}

/** The dates from start_date to end_date inclusive, at most MUHURTA_MAX_DAYS; a 422 naming the field otherwise. */
export function muhurtaDates(request: Pick<MuhuratSearchRequest, 'start_date' | 'end_date'>): CalendarDate[] {
  const first = readDate(request.start_date, 'start_date');
  const last = readDate(request.end_date, 'end_date');
  const ms = (d: CalendarDate) => Date.UTC(d.year, d.month - 1, d.day);
  const count = Math.round((ms(last) - ms(first)) / 86_400_000) + 1;
  if (count < 1) throw new RequestFieldError(['body', 'end_date'], 'end_date must not be before start_date', 'value_error.range');
  if (count > MUHURTA_MAX_DAYS)
    throw new RequestFieldError(['body', 'end_date'], `the muhurta search spans at most ${MUHURTA_MAX_DAYS} days (${count} asked)`, 'value_error.range');
  const dates = [first];
  while (dates.length < count) dates.push(nextDate(dates[dates.length - 1]!));
  return dates;
}

export function localTimeIn(zone: string) {
  return (jdUt: number) => {
    const ms = Math.round(utcMsFromJulianDay(jdUt) / 1000) * 1000;
    return formatLocalIso(ms, zoneOffsetSeconds(zone, ms));
  };
}

export function windowOut(w: MuhurtaWindow, local: (jd: number) => string, zone: string) {
  const f = w.factors;
  const all = [f.tithi, f.nakshatra, f.yoga, f.karana, f.weekday, f.hora, f.abhijit, f.taraBala, f.chandraBala];
  return {
    date: dateText(w.date),
    start: local(w.start),
    end: local(w.end),
    duration_minutes: Math.round((w.end - w.start) * 14400) / 10,
    score: w.score,
    quality: w.quality,
    reasons: all.filter((x) => x?.tone === 'reason').map((x) => x!.text),
    warnings: all.filter((x) => x?.tone === 'warning').map((x) => x!.text),
    source_periods: w.sourcePeriods.map((s) => ({ kind: s.kind, name: s.name, start: local(s.start), end: local(s.end) })),
    criteria: {
      tithi: { number: f.tithi.number, name: f.tithi.name, points: f.tithi.points, note: f.tithi.text, paksha: f.tithi.paksha },
      nakshatra: { number: f.nakshatra.number, name: f.nakshatra.name, points: f.nakshatra.points, note: f.nakshatra.text, class: f.nakshatra.class },
      yoga: { number: f.yoga.number, name: f.yoga.name, points: f.yoga.points, note: f.yoga.text },
      karana: { number: f.karana.number, name: f.karana.name, points: f.karana.points, note: f.karana.text },
      weekday: { number: f.weekday.number, name: f.weekday.name, points: f.weekday.points, note: f.weekday.text },
      hora: { lord: GRAHAS[f.hora.lord].name, points: f.hora.points, note: f.hora.text },
      abhijit_muhurta: { within: f.abhijit.within, points: f.abhijit.points, note: f.abhijit.text },
      tara_bala: f.taraBala ? { tara: f.taraBala.tara, name: f.taraBala.name, points: f.taraBala.points, note: f.taraBala.text } : null,
      chandra_bala: f.chandraBala
        ? { house: f.chandraBala.house, moon_sign: signNameOf(f.chandraBala.moonSign), points: f.chandraBala.points, note: f.chandraBala.text }
        : null,
    },
    ...muhurtaCore(w, zone),
  };
}

/** The birth's chart; a field error of the birth block names its field under `birth`. */
function birthCast(birth: NonNullable<MuhuratSearchRequest['birth']>, place: ResolvedPlace) {
  try {
    return castVedic({ request: birth, place });
  } catch (error) {
    if (error instanceof RequestFieldError && error.loc[0] === 'body')
      throw new RequestFieldError(['body', 'birth', ...error.loc.slice(1)], error.message, error.type, error.alsoAt);
    throw error;
  }
}

/** The muhurta texts are written in English only: a request for another language is answered in English and told so. */
export function untranslatedNotice(language: string | undefined): string | undefined {
  return language !== undefined && language.toLowerCase() !== 'en' ? `language '${language}' is not available: the texts are in English` : undefined;
}

/** The warning both muhurta searches give for the dates a polar day or night left without a Hindu day. */
export function polarDatesWarning(lat: number, skippedDates: readonly string[]): string | undefined {
  return skippedDates.length
    ? `the Sun does not rise or set at latitude ${lat} on ${skippedDates.length} of the dates (${skippedDates.join(', ')}): no Hindu day to reckon from, not searched`
    : undefined;
}

/** The zone of the place's dates, read as the panchang reads it (the first date's noon). */
export function muhurtaZone(request: Parameters<typeof requestedZone>[0], place: ResolvedPlace, dates: ReturnType<typeof muhurtaDates>): string {
  const zoneField = requestedZone(request, ['body']);
  return resolveMoment({ ...dates[0]!, hour: 12, minute: 0, second: 0, time_known: true }, zoneField.tz, place, undefined, ['body'], zoneField.field).zone;
}

export function computeMuhuratSearch(task: MuhuratSearchTask): MuhuratSearchAnswer {
  const { request, place } = task;
  const dates = muhurtaDates(request);
  const zone = muhurtaZone(request, place, dates);
  const warnings = placeWarnings(place);
  let natalMoon: NatalMoon | undefined;
  if (request.birth && task.birthPlace) {
    const cast = birthCast(request.birth, task.birthPlace);
    const moon = cast.chart.grahas[1]!;
    natalMoon = { nakshatra: moon.nakshatra.index, sign: moon.signIndex };
    for (const w of cast.warnings) warnings.push(`birth: ${w}`);
  } else warnings.push('no birth sent: tara bala and chandra bala were not scored');
  const languageNotice = untranslatedNotice(request.language);
  if (languageNotice) warnings.push(languageNotice);

  const result = searchMuhurta({
    purpose: request.purpose,
    dates,
    zone,
    lat: place.lat,
    lng: place.lng,
    ayanamsa: request.ayanamsha ?? request.ayanamsa ?? 'lahiri',
    natalMoon,
  });
  const skipped = result.skippedDates.map(dateText);
  const polar = polarDatesWarning(place.lat, skipped);
  if (polar) warnings.push(polar);
  const best = [...result.windows].sort((a, b) => b.score - a.score || a.start - b.start).slice(0, request.limit);
  const local = localTimeIn(zone);
  return {
    purpose: request.purpose,
    range: { start_date: dateText(dates[0]!), end_date: dateText(dates[dates.length - 1]!), day_count: dates.length },
    best_windows: best.map((w) => windowOut(w, local, zone)),
    location: { city: place.city, lat: place.lat, lng: place.lng, timezone: zone },
    metadata: {
      ayanamsha: request.ayanamsha ?? request.ayanamsa ?? 'lahiri',
      rules: MUHURTA_RULES_NAME,
      personal_factors_scored: natalMoon !== undefined,
      windows_found: result.windows.length,
      min_window_minutes: MIN_WINDOW_MINUTES,
      skipped_dates: skipped,
    },
    warnings,
  };
}
