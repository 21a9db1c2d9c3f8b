/**
 * The Vedic rasi chart of a request: the birth resolved to its instant, the sidereal chart cast
 * (src/astro/vedic/sidereal-chart.ts), and its presentation in the v1 and v2 shapes. Runs in a
 * compute worker (or inline); the vargas, dasha and calculate answers start from the same cast.
 */
import { SIGNS } from '../../astro/zodiac.ts';
import { GRAHAS, type GrahaId } from '../../astro/vedic/grahas.ts';
import { COMBUSTION_ORBS_NAME } from '../../astro/vedic/combustion.ts';
import type { NakshatraPosition } from '../../astro/vedic/nakshatras.ts';
import { castVedicChart, type VedicChart } from '../../astro/vedic/sidereal-chart.ts';
import { formatLocalIso, formatOffset } from '../../astro/civil-time.ts';
import { birthMoment, momentAtInstant, momentWarnings, type ResolvedMoment } from '../../requests/moment.ts';
import { placeWarnings, type ResolvedPlace } from '../../requests/place.ts';
import { isLocalMeanTime, type VedicBirthRequest } from './vedic-request-schemas.ts';
import type { VedicChartV1Answer, VedicChartV2Answer } from './vedic-schemas.ts';
import { sadeSatiStatusBlock } from './doshas/sade-sati-block.ts';

export interface VedicTask<R extends VedicBirthRequest = VedicBirthRequest> {
  request: R;
  place: ResolvedPlace;
}

export interface VedicCast {
  moment: ResolvedMoment;
  chart: VedicChart;
  /** The chart's warnings and the place's. */
  warnings: string[];
}

/**
 * The birth's moment when its time is local mean time: the wall time read at the offset of the
 * place's longitude (UT + longitude/15 h, to the second); the answer's zone is the place's.
 */
function localMeanTimeMoment(request: VedicBirthRequest, place: ResolvedPlace): ResolvedMoment {
  const asUtc = birthMoment({ ...request, tz_str: 'UTC', timezone: undefined, dst_policy: undefined }, place, ['body']);
  const offsetSeconds = Math.round(place.lng * 240);
  const utcMs = asUtc.utcMs - offsetSeconds * 1000;
  const moment = momentAtInstant(utcMs, place, undefined);
  return {
    ...moment,
    offsetSeconds,
    localIso: formatLocalIso(utcMs, offsetSeconds),
    timeKnown: asUtc.timeKnown,
    warning: `tz_str LMT: the time was read as local mean time at longitude ${place.lng} (UTC${formatOffset(offsetSeconds)})`,
  };
}

/** `declinations: false` for a caller that reads none (the daily reading): see ChartMomentInput. */
export function castVedic(task: VedicTask, options: { declinations?: boolean } = {}): VedicCast {
  const { request, place } = task;
  const moment = isLocalMeanTime(request) ? localMeanTimeMoment(request, place) : birthMoment(request, place, ['body']);
  const chart = castVedicChart({
    jdUt: moment.jdUt,
    lat: place.lat,
    lng: place.lng,
    timeKnown: moment.timeKnown,
    ayanamsa: request.ayanamsha ?? request.ayanamsa ?? 'lahiri',
    nodeType: request.node_type,
    houseSystem: request.house_system ?? 'whole_sign',
    warnings: momentWarnings(moment),
    declinations: options.declinations,
  });
  return { moment, chart, warnings: [...placeWarnings(place), ...chart.warnings] };
}

export const grahaName = (id: GrahaId) => GRAHAS[id].name;
export const signNameOf = (index: number): string => SIGNS[index]!.name;

export function nakshatraJson(n: NakshatraPosition) {
  return { name: n.name, number: n.number, pada: n.pada, lord: grahaName(n.lord) };
}

export function vedicSubject(task: VedicTask, cast: VedicCast) {
  const { moment } = cast;
  return {
    name: task.request.name ?? 'User',
    datetime: moment.localIso,
    datetime_utc: moment.utcIso,
    timezone: moment.zone,
    city: task.place.city,
    lat: task.place.lat,
    lng: task.place.lng,
    time_known: moment.timeKnown,
    julian_day: moment.jdUt,
  };
}

export function vedicMetadata(cast: VedicCast) {
  const { chart } = cast;
  return {
    ayanamsha: chart.ayanamsa.name,
    ayanamsha_degrees: chart.ayanamsa.degrees,
    zodiac: 'sidereal' as const,
    house_system: chart.houseSystem,
    house_reference: chart.houseReference,
    node_type: chart.nodeType,
    combustion_orbs: COMBUSTION_ORBS_NAME,
    timezone: cast.moment.zone,
    ruleset: 'parashara',
  };
}

export function vedicChartV1(task: VedicTask, cast = castVedic(task)): VedicChartV1Answer {
  const { chart } = cast;
  const lagna = chart.lagna;
  const moonSign = chart.grahas[1]!.signIndex;
  return {
    subject: vedicSubject(task, cast),
    ascendant: lagna
      ? {
          sign: signNameOf(lagna.signIndex),
          sign_num: lagna.signIndex + 1,
          degree: lagna.degreeInSign,
          longitude: lagna.longitude,
          nakshatra: nakshatraJson(lagna.nakshatra),
          sign_lord: grahaName(lagna.signLord),
        }
      : null,
    chandra_lagna: { sign: signNameOf(moonSign), sign_num: moonSign + 1 },
    planets: chart.grahas.map((g) => ({
      id: g.id,
      name: g.name,
      abbr: GRAHAS[g.id].abbr,
      sign: signNameOf(g.signIndex),
      sign_num: g.signIndex + 1,
      degree: g.degreeInSign,
      longitude: g.longitude,
      latitude: g.latitude,
      speed: g.speed,
      house: g.house,
      whole_sign_house: g.signHouse,
      nakshatra: nakshatraJson(g.nakshatra),
      is_retrograde: g.retrograde,
      is_combust: g.combust,
      combustion_orb: g.combustionOrb,
      dignity: g.dignity,
      sign_lord: grahaName(g.signLord),
    })),
    houses: chart.houses.map((h) => ({
      house: h.house,
      sign: signNameOf(h.signIndex),
      sign_num: h.signIndex + 1,
      lord: grahaName(h.lord),
      cusp: h.cusp,
    })),
    metadata: vedicMetadata(cast),
    warnings: cast.warnings,
  };
}

export function vedicChartV2(task: VedicTask, cast = castVedic(task)): VedicChartV2Answer {
  const { chart } = cast;
  const lagna = chart.lagna;
  const moonSign = chart.grahas[1]!.signIndex;
  return {
    subject: vedicSubject(task, cast),
    ascendant: lagna
      ? {
          sign: signNameOf(lagna.signIndex),
          sign_id: lagna.signIndex + 1,
          degree: lagna.degreeInSign,
          absolute_degree: lagna.longitude,
          nakshatra: nakshatraJson(lagna.nakshatra),
          sign_lord: grahaName(lagna.signLord),
        }
      : null,
    chandra_lagna: { sign: signNameOf(moonSign), sign_id: moonSign + 1 },
    planets: chart.grahas.map((g) => ({
      name: g.name,
      id: g.id,
      abbr: GRAHAS[g.id].abbr,
      sign: signNameOf(g.signIndex),
      sign_id: g.signIndex + 1,
      house: g.house,
      whole_sign_house: g.signHouse,
      absolute_degree: g.longitude,
      degree_in_sign: g.degreeInSign,
      latitude: g.latitude,
      speed: g.speed,
      is_retrograde: g.retrograde,
      nakshatra: g.nakshatra.name,
      nakshatra_id: g.nakshatra.number,
      pada: g.nakshatra.pada,
      nakshatra_lord: grahaName(g.nakshatra.lord),
      is_combust: g.combust,
      combustion_orb: g.combustionOrb,
      dignity: g.dignity,
      sign_lord: grahaName(g.signLord),
    })),
    houses: chart.houses.map((h) => ({
      house: h.house,
      sign: signNameOf(h.signIndex),
      sign_id: h.signIndex + 1,
      degree_cusp: h.cusp,
      lord: grahaName(h.lord),
    })),
    // The chart takes no date: Sade Sati is read at the start (00:00 UTC) of the day of the request, so the answer holds all day.
    sade_sati: sadeSatiStatusBlock(moonSign, Math.floor(((task as { nowMs?: number }).nowMs ?? Date.now()) / 86_400_000) * 86_400_000, chart.ayanamsa.name),
    metadata: vedicMetadata(cast),
    warnings: cast.warnings,
  };
}
