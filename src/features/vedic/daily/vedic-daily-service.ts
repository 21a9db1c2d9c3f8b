/**
 * The Vedic personal daily reading of a request: the natal chart cast (vedic-service.ts
 * castVedic), the day's sky at the place of the day (vedic-daily-sky.ts), the factors and their
 * scores per life area (vedic-daily-factors.ts), the words (vedic-daily-texts.ts). Runs in a
 * compute worker (or inline).
 */
import { ayanamsaDegrees } from '../../../astro/ephemeris.ts';
import { formatLocalIso, isValidCalendarDate, utcMsFromJulianDay } from '../../../astro/civil-time.ts';
import { zoneOffsetSeconds } from '../../../astro/zone-offset-table.ts';
import type { CalendarDate } from '../../../astro/panchang/panchang-day.ts';
import { NAKSHATRA_NAMES, nakshatraLord, pakshaOfTithi, tithiName, VARAS, YOGA_NAMES, karanaName } from '../../../astro/panchang/panchang-names.ts';
import { resolveMoment } from '../../../requests/moment.ts';
import { placeWarnings, requestedZone, type ResolvedPlace } from '../../../requests/place.ts';
import { RequestFieldError } from '../../../requests/request-error.ts';
import { castVedic, grahaName, signNameOf } from '../vedic-service.ts';
import { secondIso } from '../vedic-dasha-service.ts';
import { LEVEL_NAMES } from '../dasha-insights/dasha-insights-service.ts';
import { bandOf, byWeight, ordinal } from '../reading/reading-factor.ts';
import { AREAS, type Area, type VedicDailyAnswer, type VedicDailyRequest } from './vedic-daily-schemas.ts';
import { dailySky, type DailySky } from './vedic-daily-sky.ts';
import { areaScore, dailyFactors } from './vedic-daily-factors.ts';
import { AREA_TITLES, areaSection, headlineOf, keywordsOf, narrativeOf, remedyOf } from './vedic-daily-texts.ts';

export interface VedicDailyTask {
  request: VedicDailyRequest;
  /** The birth place. */
  place: ResolvedPlace;
  /** The place of the day (the birth place when no `location` is sent). */
  dayPlace: ResolvedPlace;
  nowMs: number;
}

export const DAILY_MODEL = 'vedic_daily_v1';

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** The day's zone: the location's zone field, else the birth's (unless LMT), else the place's own. */
function dayZone(task: VedicDailyTask, noon: CalendarDate): { zone: string; loc: string[]; field: string; tz: string | undefined } {
  const { request } = task;
  const fromLocation = request.location !== undefined;
  const fields = fromLocation ? request.location! : request;
  const loc = fromLocation ? ['body', 'location'] : ['body'];
  const z = requestedZone(fields, loc);
  const tz = z.tz?.toUpperCase() === 'LMT' ? undefined : z.tz;
  const zone = resolveMoment({ ...noon, hour: 12, minute: 0, second: 0, time_known: true }, tz, task.dayPlace, undefined, loc, z.field).zone;
  return { zone, loc, field: z.field, tz };
}

function targetDate(task: VedicDailyTask): CalendarDate {
  const text = task.request.target_date;
  if (text === undefined) {
    // Today at the place: the zone read at the current instant.
    const probe = dayZone(task, { year: 2000, month: 1, day: 1 }).zone;
    const local = new Date(task.nowMs + zoneOffsetSeconds(probe, task.nowMs) * 1000);
    return { year: local.getUTCFullYear(), month: local.getUTCMonth() + 1, day: local.getUTCDate() };
  }
  const [year, month, day] = text.split('-').map(Number) as [number, number, number];
  if (!isValidCalendarDate(year, month, day) || year < 1800 || year > 2399)
    throw new RequestFieldError(['body', 'target_date'], `${text} is not a date of the Gregorian calendar between 1800 and 2399`, 'value_error.date');
  return { year, month, day };
}

function localIn(zone: string) {
  return (jdUt: number) => {
    const ms = Math.round(utcMsFromJulianDay(jdUt) / 1000) * 1000;
    return formatLocalIso(ms, zoneOffsetSeconds(zone, ms));
  };
}

function timingOf(sky: DailySky, local: (jd: number) => string): VedicDailyAnswer['timing'] {
  const p = sky.panchang.periods;
  const wednesday = sky.panchang.weekday === 3;
  return {
    abhijit: {
      key: 'abhijit',
      label: 'Abhijit muhurta',
      start: local(p.abhijitMuhurta.start),
      end: local(p.abhijitMuhurta.end),
      note: `The 8th of the 15 muhurtas of the daytime, around local midday: good for beginnings${wednesday ? ', though tradition does not use it on a Wednesday' : ''}.`,
    },
    rahu_kalam: {
      key: 'rahu_kalam',
      label: 'Rahu kalam',
      start: local(p.rahuKalam.start),
      end: local(p.rahuKalam.end),
      note: 'An eighth of the daytime, chosen by the weekday: avoided for new undertakings.',
    },
    yamaganda: {
      key: 'yamaganda',
      label: 'Yamaganda',
      start: local(p.yamaganda.start),
      end: local(p.yamaganda.end),
      note: 'An eighth of the daytime ruled over by Yama: avoided for auspicious work.',
    },
    gulika: {
      key: 'gulika',
      label: 'Gulika kalam',
      start: local(p.gulikaKalam.start),
      end: local(p.gulikaKalam.end),
      note: "An eighth of the daytime, Saturn's son Gulika's: what starts then tends to repeat.",
    },
  };
}

export function computeVedicDaily(task: VedicDailyTask): VedicDailyAnswer {
  const { request } = task;
  // The reading reads the natal grahas' sidereal places, never a declination: no tropical positions.
  const cast = castVedic(task, { declinations: false });
  const natal = cast.chart;
  const date = targetDate(task);
  const { zone } = dayZone(task, date);
  const sky = dailySky({ natal, natalBirthMs: cast.moment.utcMs, date, zone, lat: task.dayPlace.lat, lng: task.dayPlace.lng, ayanamsa: natal.ayanamsa.name });
  const local = localIn(zone);
  const factors = dailyFactors(sky, natal);
  const ranked = [...factors].sort(byWeight);
  const overall = areaScore(factors, 'overall');
  const areaScores = Object.fromEntries(AREAS.map((a) => [a, areaScore(factors, a)])) as Record<Area, number>;
  const band = bandOf(overall);
  const sortedAreas = [...AREAS].sort((a, b) => areaScores[b] - areaScores[a]);
  const p = sky.panchang;
  const [tithi, nakshatra, yoga, karana] = [p.limbs.tithi[0]!, p.limbs.nakshatra[0]!, p.limbs.yoga[0]!, p.limbs.karana[0]!];
  const moonLine = `The Moon is in ${signNameOf(sky.moon.signIndex)} (${NAKSHATRA_NAMES[nakshatra.index]}), the ${ordinal(sky.moon.houseFromMoon)} from your natal Moon${sky.moon.houseFromLagna ? ` and the ${ordinal(sky.moon.houseFromLagna)} from your lagna` : ''}.`;
  const dashaLine = sky.dasha.length
    ? `You are in the ${sky.dasha
        .slice(0, 2)
        .map((d) => `${grahaName(d.lord)} ${LEVEL_NAMES[d.level - 1]}`)
        .join(' and ')}.`
    : '';
  const text = request.include_interpretation_blocks;
  const warnings = [...cast.warnings];
  if (request.location) for (const w of placeWarnings(task.dayPlace)) warnings.push(`location: ${w}`);
  if (p.day.sunrise.fallback || p.day.sunset.fallback)
    warnings.push(
      `the Sun does not ${p.day.sunrise.fallback ? 'rise' : 'set'} at latitude ${task.dayPlace.lat} on this date: 06:00 and 18:00 local apparent solar time stand in for sunrise and sunset, and the kalams are reckoned from them`,
    );
  const saturn = sky.transits.find((t) => t.graha === 'saturn')!;
  const phase = saturn.houseFromMoon === 12 ? 'rising' : saturn.houseFromMoon === 1 ? 'peak' : saturn.houseFromMoon === 2 ? 'setting' : null;
  const dhaiya = saturn.houseFromMoon === 4 ? 'kantaka' : saturn.houseFromMoon === 8 ? 'ashtama' : null;
  const natalMoon = natal.grahas[1]!;
  return {
    meta: {
      target_date: `${pad(date.year, 4)}-${pad(date.month)}-${pad(date.day)}`,
      timezone: zone,
      reference_time: local(sky.jdUt),
      location: { city: task.dayPlace.city, lat: task.dayPlace.lat, lng: task.dayPlace.lng },
      ayanamsha: natal.ayanamsa.name,
      node_type: natal.nodeType,
      house_system: natal.houseSystem,
      model: DAILY_MODEL,
    },
    profile: {
      lagna: natal.lagna ? { sign: signNameOf(natal.lagna.signIndex), lord: grahaName(natal.lagna.signLord) } : null,
      moon: {
        sign: signNameOf(natalMoon.signIndex),
        nakshatra: natalMoon.nakshatra.name,
        pada: natalMoon.nakshatra.pada,
        nakshatra_lord: grahaName(natalMoon.nakshatra.lord),
      },
      active_dasha_stack: sky.dasha.map((d) => ({
        level: d.level,
        level_name: LEVEL_NAMES[d.level - 1]!,
        lord: grahaName(d.lord),
        start: secondIso(d.startMs),
        end: secondIso(d.endMs),
      })),
    },
    theme: { headline: headlineOf(band, ranked[0]), keywords: keywordsOf(ranked) },
    scores: {
      overall: { score: overall, band },
      career: { score: areaScores.career, band: bandOf(areaScores.career) },
      wealth: { score: areaScores.wealth, band: bandOf(areaScores.wealth) },
      relationships: { score: areaScores.relationships, band: bandOf(areaScores.relationships) },
      health: { score: areaScores.health, band: bandOf(areaScores.health) },
      mind: { score: areaScores.mind, band: bandOf(areaScores.mind) },
      spiritual: { score: areaScores.spiritual, band: bandOf(areaScores.spiritual) },
    },
    narrative: text
      ? narrativeOf({
          band,
          overall,
          ranked,
          best: { area: sortedAreas[0]!, score: areaScores[sortedAreas[0]!] },
          worst: { area: sortedAreas.at(-1)!, score: areaScores[sortedAreas.at(-1)!] },
          moonLine,
          dashaLine,
          abhijit: `${local(p.periods.abhijitMuhurta.start).slice(11, 16)}-${local(p.periods.abhijitMuhurta.end).slice(11, 16)}`,
          rahuKalam: `${local(p.periods.rahuKalam.start).slice(11, 16)}-${local(p.periods.rahuKalam.end).slice(11, 16)}`,
        })
      : null,
    remedy: text ? remedyOf(ranked) : null,
    sections: text
      ? AREAS.map((a) => {
          const s = areaSection(a, areaScores[a], bandOf(areaScores[a]), factors);
          return { key: a, title: AREA_TITLES[a], score: areaScores[a], band: bandOf(areaScores[a]), summary: s.summary, advice: s.advice, factors: s.factors };
        })
      : [],
    influences: { all_ranked: ranked.map((f, i) => ({ id: f.id, rank: i + 1, polarity: f.polarity, title: f.title, summary: f.detail })) },
    timing: timingOf(sky, local),
    panchang: {
      sunrise: local(p.day.sunrise.jdUt),
      sunset: local(p.day.sunset.jdUt),
      vara: { ...VARAS[p.weekday]! },
      tithi: { number: tithi.index + 1, name: tithiName(tithi.index + 1), end: local(tithi.end), paksha: pakshaOfTithi(tithi.index + 1) },
      nakshatra: { number: nakshatra.index + 1, name: NAKSHATRA_NAMES[nakshatra.index]!, end: local(nakshatra.end), lord: nakshatraLord(nakshatra.index) },
      yoga: { number: yoga.index + 1, name: YOGA_NAMES[yoga.index]!, end: local(yoga.end) },
      karana: { number: karana.index + 1, name: karanaName(karana.index + 1), end: local(karana.end) },
    },
    gochar: {
      moon: {
        sign: signNameOf(sky.moon.signIndex),
        nakshatra: NAKSHATRA_NAMES[nakshatra.index]!,
        house_from_moon: sky.moon.houseFromMoon,
        house_from_lagna: sky.moon.houseFromLagna,
        chandra_bala: sky.moon.favourable,
        chandrashtama: sky.moon.houseFromMoon === 8,
        sign_changes: sky.moonSignChanges.map((c) => ({ at: local(c.jdUt), sign: signNameOf(c.signIndex), house_from_moon: c.houseFromMoon })),
      },
      tara_bala: {
        tara: sky.taras[0]!.tara,
        name: sky.taras[0]!.name,
        favourable: sky.taras[0]!.good,
        changes: sky.taras
          .slice(1)
          .map((t) => ({ at: local(t.jdUt), nakshatra: NAKSHATRA_NAMES[t.nakshatra]!, tara: t.tara, name: t.name, favourable: t.good })),
      },
      transits: sky.transits.map((t) => ({
        graha: grahaName(t.graha),
        sign: signNameOf(t.signIndex),
        degree: t.degreeInSign,
        retrograde: t.retrograde,
        house_from_moon: t.houseFromMoon,
        house_from_lagna: t.houseFromLagna,
        favourable: t.favourable,
        vedha: t.vedha ? { house: t.vedha.house, kind: t.vedha.kind, by: t.vedha.by.map(grahaName) } : null,
      })),
      saturn: { sade_sati: { active: phase !== null, phase }, dhaiya: { active: dhaiya !== null, kind: dhaiya } },
    },
    evidence: request.include_evidence
      ? factors.map((f) => ({ id: f.id, polarity: f.polarity, weight: f.weight, title: f.title, detail: f.detail, areas: { ...f.areas } }))
      : null,
    raw_facts: request.include_raw_facts
      ? {
          julian_day: sky.jdUt,
          // Only here: the answer prints the ayanamsa's value nowhere else (a library call saved on every other reading).
          ayanamsha_degrees: ayanamsaDegrees(sky.jdUt, natal.ayanamsa.name),
          transit_longitudes: Object.fromEntries(sky.grahas.map((g) => [g.name, g.longitude])),
          natal_longitudes: Object.fromEntries([
            ...natal.grahas.map((g) => [g.name, g.longitude] as const),
            ...(natal.lagna ? [['Lagna', natal.lagna.longitude] as const] : []),
          ]),
        }
      : null,
    warnings,
  };
}
