/**
 * The panchang of a local date at a place: runs in a compute worker. The day is worked out once
 * (src/astro/panchang/panchang.ts) and written in each version's shape.
 */
import { formatLocalIso, utcMsFromJulianDay } from '../../../astro/civil-time.ts';
import { zoneOffsetSeconds } from '../../../astro/zone-offset-table.ts';
import type { AyanamsaName } from '../../../astro/ayanamsas.ts';
import { computePanchang, type Panchang } from '../../../astro/panchang/panchang.ts';
import type { LimbElement, LimbKind } from '../../../astro/panchang/panchang-limbs.ts';
import { karanaKind, karanaName, NAKSHATRA_NAMES, nakshatraLord, pakshaOfTithi, tithiName, VARAS, YOGA_NAMES } from '../../../astro/panchang/panchang-names.ts';
import { resolveMoment } from '../../../requests/moment.ts';
import { placeWarnings, requestedZone, type ResolvedPlace } from '../../../requests/place.ts';
import { LIMB_NAMES, type PanchangRequest, type PanchangV1Answer, type PanchangV2Answer } from './vedic-panchang-schemas.ts';

export interface PanchangTask {
  request: PanchangRequest;
  place: ResolvedPlace;
}

export const SUNRISE_DEFINITION =
  'the upper limb of the Sun on the horizon, standard refraction (1013.25 mbar, 10 °C), sea level; the Moon topocentric, likewise by its upper limb';

const DEFAULT_AYANAMSA: AyanamsaName = 'lahiri';

/** The ayanamsa asked for: `ayanamsha`, or its alias `ayanamsa` (as every Vedic endpoint reads them), or Lahiri. */
const ayanamsaOf = (request: PanchangRequest): AyanamsaName => request.ayanamsha ?? request.ayanamsa ?? DEFAULT_AYANAMSA;

interface Day {
  panchang: Panchang;
  zone: string;
  place: ResolvedPlace;
  date: string;
  /** The requested local time, or the sunrise. */
  at: number;
  /** A requested local time that a daylight-saving change skipped or repeated. */
  timeWarning: string | undefined;
}

function dayOf(task: PanchangTask): Day {
  const { request, place } = task;
  const zoneField = requestedZone(request, ['body']);
  const timed = request.hour !== undefined;
  const moment = resolveMoment(
    { year: request.year, month: request.month, day: request.day, hour: request.hour, minute: request.minute ?? 0, second: request.second, time_known: timed },
    zoneField.tz,
    place,
    request.dst_policy,
    ['body'],
    zoneField.field,
  );
  const date = { year: request.year, month: request.month, day: request.day };
  const panchang = computePanchang(date, moment.zone, place.lat, place.lng, ayanamsaOf(request), timed ? moment.jdUt : undefined);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return {
    panchang,
    zone: moment.zone,
    place,
    date: `${pad(date.year, 4)}-${pad(date.month)}-${pad(date.day)}`,
    at: timed ? moment.jdUt : panchang.day.sunrise.jdUt,
    timeWarning: moment.warning,
  };
}

/** An instant as local time in the zone, rounded to the second. */
function localTimeIn(zone: string) {
  return (jdUt: number) => {
    const ms = Math.round(utcMsFromJulianDay(jdUt) / 1000) * 1000;
    return formatLocalIso(ms, zoneOffsetSeconds(zone, ms));
  };
}

/** What an element is called, by limb. */
function elementName(kind: LimbKind, index: number): string {
  if (kind === 'tithi') return tithiName(index + 1);
  if (kind === 'nakshatra') return NAKSHATRA_NAMES[index]!;
  if (kind === 'yoga') return YOGA_NAMES[index]!;
  return karanaName(index + 1);
}

function limbsOut(day: Day) {
  const { panchang } = day;
  const local = localTimeIn(day.zone);
  const sunrise = panchang.day.sunrise.jdUt,
    next = panchang.day.nextSunrise.jdUt;
  const timing = (e: LimbElement) => ({ start: local(e.start), end: local(e.end), kshaya: e.start > sunrise && e.end < next });
  const tithi = (e: LimbElement) => ({ number: e.index + 1, name: tithiName(e.index + 1), paksha: pakshaOfTithi(e.index + 1), ...timing(e) });
  const nakshatra = (e: LimbElement) => ({ number: e.index + 1, name: NAKSHATRA_NAMES[e.index]!, lord: nakshatraLord(e.index), ...timing(e) });
  const yoga = (e: LimbElement) => ({ number: e.index + 1, name: YOGA_NAMES[e.index]!, ...timing(e) });
  const karana = (e: LimbElement) => ({
    number: e.index + 1,
    name: karanaName(e.index + 1),
    kind: karanaKind(e.index + 1),
    start: local(e.start),
    end: local(e.end),
  });
  const run = <T>(elements: LimbElement[], write: (e: LimbElement) => T) => ({ ...write(elements[0]!), following: elements.slice(1).map(write) });
  return {
    tithi: run(panchang.limbs.tithi, tithi),
    nakshatra: run(panchang.limbs.nakshatra, nakshatra),
    yoga: run(panchang.limbs.yoga, yoga),
    karana: run(panchang.limbs.karana, karana),
  };
}

/** The blocks both versions share, in no version's order (each answer lists its keys itself). */
function common(day: Day) {
  const { panchang, place, zone } = day;
  const local = localTimeIn(zone);
  const optional = (t: number | undefined) => (t === undefined ? null : local(t));
  const vara = VARAS[panchang.weekday]!;
  const { calendar, periods } = panchang;
  const period = (p: { start: number; end: number }) => ({ start: local(p.start), end: local(p.end) });
  const fallback = panchang.day.sunrise.fallback || panchang.day.sunset.fallback;
  const warnings = placeWarnings(place);
  if (day.timeWarning !== undefined) warnings.push(day.timeWarning);
  if (fallback)
    warnings.push(
      `the Sun does not ${panchang.day.sunrise.fallback ? 'rise' : 'set'} on ${day.date} at latitude ${place.lat}: 06:00 and 18:00 local apparent solar time stand in for the sunrise and sunset`,
    );
  else if (panchang.day.nextSunrise.fallback)
    warnings.push(`the Sun does not rise on the next date at latitude ${place.lat}: the day ends at 06:00 local apparent solar time`);
  return {
    location: { city: place.city, country: place.country, lat: place.lat, lng: place.lng, timezone: zone },
    weekday: { number: panchang.weekday + 1, name: vara.name, english: vara.english, lord: vara.lord },
    sun: {
      sunrise: local(panchang.day.sunrise.jdUt),
      sunset: local(panchang.day.sunset.jdUt),
      next_sunrise: local(panchang.day.nextSunrise.jdUt),
      moonrise: optional(panchang.moonrise),
      moonset: optional(panchang.moonset),
    },
    paksha: pakshaOfTithi(panchang.limbs.tithi[0]!.index + 1),
    kalams: {
      rahu_kalam: period(periods.rahuKalam),
      yamaganda: period(periods.yamaganda),
      gulika_kalam: period(periods.gulikaKalam),
      abhijit_muhurta: period(periods.abhijitMuhurta),
    },
    lunarMonth: {
      amanta: {
        number: calendar.amanta.index + 1,
        name: calendar.amanta.name,
        adhika: calendar.amanta.adhika,
        kshaya: calendar.amanta.kshaya,
        start: local(calendar.amanta.start),
        end: local(calendar.amanta.end),
      },
      purnimanta: { number: calendar.purnimanta.index + 1, name: calendar.purnimanta.name, adhika: calendar.purnimanta.adhika },
    },
    ritu: { name: calendar.ritu.name, english: calendar.ritu.english },
    ayana: { name: calendar.ayana, by_sankranti: calendar.ayanaSidereal },
    samvat: { vikram_samvat: calendar.vikramSamvat, shaka_samvat: calendar.shakaSamvat },
    settings: {
      ayanamsa: panchang.ayanamsa,
      ayanamsa_degrees: panchang.ayanamsaDegrees,
      sunrise_definition: SUNRISE_DEFINITION,
      day_basis: fallback ? ('apparent_solar_time' as const) : ('sunrise' as const),
    },
    warnings,
  };
}

export function computePanchangV1(task: PanchangTask): PanchangV1Answer {
  const day = dayOf(task);
  const c = common(day);
  const limbs = limbsOut(day);
  return {
    date: day.date,
    location: c.location,
    vara: c.weekday,
    ...c.sun,
    ...limbs,
    paksha: c.paksha,
    ...c.kalams,
    lunar_month: c.lunarMonth,
    ritu: c.ritu,
    ayana: c.ayana,
    samvat: c.samvat,
    settings: c.settings,
    warnings: c.warnings,
  };
}

/** Every change of element between the two sunrises, in time order (limbs in LIMB_NAMES order at one instant). */
function transitionsOf(day: Day) {
  const local = localTimeIn(day.zone);
  const out: { t: number; order: number; limb: LimbKind; from: string; to: string }[] = [];
  LIMB_NAMES.forEach((limb, order) => {
    const elements = day.panchang.limbs[limb];
    for (let i = 1; i < elements.length; i++)
      out.push({ t: elements[i]!.start, order, limb, from: elementName(limb, elements[i - 1]!.index), to: elementName(limb, elements[i]!.index) });
  });
  out.sort((a, b) => a.t - b.t || a.order - b.order);
  return out.map((x) => ({ limb: x.limb, at: local(x.t), from: x.from, to: x.to }));
}

function requestTime(day: Day) {
  const local = localTimeIn(day.zone);
  // The elements at the requested time: found in the same search as the day's (or the day's first, at sunrise).
  const at = day.panchang.at?.limbs ?? {
    tithi: day.panchang.limbs.tithi[0]!,
    nakshatra: day.panchang.limbs.nakshatra[0]!,
    yoga: day.panchang.limbs.yoga[0]!,
    karana: day.panchang.limbs.karana[0]!,
  };
  const now = (kind: LimbKind, e: LimbElement) => ({ number: e.index + 1, name: elementName(kind, e.index), end: local(e.end) });
  return {
    datetime: local(day.at),
    tithi: { ...now('tithi', at.tithi), paksha: pakshaOfTithi(at.tithi.index + 1) },
    nakshatra: now('nakshatra', at.nakshatra),
    yoga: now('yoga', at.yoga),
    karana: now('karana', at.karana),
  };
}

export function computePanchangV2(task: PanchangTask): PanchangV2Answer {
  const day = dayOf(task);
  const c = common(day);
  return {
    date: day.date,
    location: c.location,
    ...c.sun,
    weekday: c.weekday,
    lunar_month: c.lunarMonth,
    ...limbsOut(day),
    transitions: transitionsOf(day),
    ...c.kalams,
    calendar: { paksha: c.paksha, ritu: c.ritu, ayana: c.ayana, ...c.samvat },
    request_time_panchang: requestTime(day),
    metadata: { ...c.settings, timezone: day.zone },
    warnings: c.warnings,
  };
}
