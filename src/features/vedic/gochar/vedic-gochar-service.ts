/**
 * The gochara timeline of a request: the natal chart cast (vedic-service.ts castVedic), its Moon's
 * sign, and the transits of the grahas over the range read from it (src/astro/vedic/gochara/).
 * Runs in a compute worker (or inline).
 */
import { isoUtc, julianDayFromUtcMs, utcMsFromJulianDay } from '../../../astro/civil-time.ts';
import { gocharaTimeline, type GocharaStay } from '../../../astro/vedic/gochara/gochara.ts';
import { favourableHouses } from '../../../astro/vedic/gochara/gochara-table.ts';
import { checkEphemerisYears, rangeInstantMs } from '../../western/forecast/forecast-plan.ts';
import { RequestFieldError } from '../../../requests/request-error.ts';
import { castVedic, grahaName, signNameOf, vedicSubject, type VedicTask } from '../vedic-service.ts';
import {
  GOCHARA_MAX_DAYS,
  GOCHARA_MAX_DAYS_WITH_MOON,
  type VedicGocharRequest,
  type VedicGocharV1Answer,
  type VedicGocharV2Answer,
} from './vedic-gochar-schemas.ts';

export type VedicGocharTask = VedicTask<VedicGocharRequest>;

export const GOCHARA_TABLE_NAME = 'phaladeepika_26';

/** The range asked for, at most the cap; a 422 naming the field otherwise. */
export function gocharRange(request: VedicGocharRequest): { a: number; b: number; startMs: number; endMs: number; maxDays: number } {
  const startMs = rangeInstantMs(request.start_date, false, ['body', 'start_date']);
  const endMs = rangeInstantMs(request.end_date, true, ['body', 'end_date']);
  if (endMs <= startMs) throw new RequestFieldError(['body', 'end_date'], 'end_date must be after start_date', 'value_error.range');
  const maxDays = request.include_moon ? GOCHARA_MAX_DAYS_WITH_MOON : GOCHARA_MAX_DAYS;
  if (endMs - startMs > maxDays * 86_400_000)
    throw new RequestFieldError(
      ['body', 'end_date'],
      `the gochara timeline spans at most ${maxDays} days${request.include_moon ? ' with include_moon' : ''}`,
      'value_error.range',
    );
  const a = julianDayFromUtcMs(startMs),
    b = julianDayFromUtcMs(endMs);
  checkEphemerisYears(a, b, ['body', 'start_date'], ['body', 'end_date']);
  return { a, b, startMs, endMs, maxDays };
}

const utc = (jd: number) => isoUtc(Math.round(utcMsFromJulianDay(jd) / 1000) * 1000);
const openUtc = (jd: number | undefined) => (jd === undefined ? null : utc(jd));

function stayOut(stay: GocharaStay) {
  return {
    sign: signNameOf(stay.signIndex),
    number: stay.signIndex + 1,
    start: openUtc(stay.start),
    end: openUtc(stay.end),
    duration_days: stay.start !== undefined && stay.end !== undefined ? Math.round((stay.end - stay.start) * 1000) / 1000 : null,
    entered_retrograde: stay.enteredRetrograde,
    leaves_retrograde: stay.leavesRetrograde,
    house_from_moon: stay.house,
    favourable: stay.favourable,
    vedha: stay.vedha
      ? {
          house: stay.vedha.house,
          sign: signNameOf(stay.vedha.signIndex),
          kind: stay.vedha.kind,
          obstructed: stay.vedha.obstructions.length > 0,
          obstructed_by: stay.vedha.obstructions.map((o) => ({ graha: grahaName(o.graha), start: utc(o.start), end: utc(o.end) })),
        }
      : null,
  };
}

/** The answer with the sign number under `number`: each version renames it. */
function computeGochar(task: VedicGocharTask) {
  const { request } = task;
  const range = gocharRange(request);
  const cast = castVedic(task);
  const moon = cast.chart.grahas[1]!;
  const transits = gocharaTimeline({
    moonSign: moon.signIndex,
    from: range.a,
    to: range.b,
    ayanamsa: cast.chart.ayanamsa.name,
    nodeType: cast.chart.nodeType,
    includeMoon: request.include_moon,
    vedhaByMoon: request.vedha_by_moon,
    vedhaByNodes: request.vedha_by_nodes,
  });
  return {
    subject: vedicSubject(task, cast),
    natal_moon: { sign: signNameOf(moon.signIndex), number: moon.signIndex + 1, longitude: moon.longitude, nakshatra: moon.nakshatra.name },
    range: { start: isoUtc(range.startMs), end: isoUtc(range.endMs), days: Math.round(((range.endMs - range.startMs) / 86_400_000) * 1000) / 1000 },
    transits: transits.map((t) => ({ graha: grahaName(t.graha), favourable_houses: favourableHouses(t.graha), stays: t.stays.map(stayOut) })),
    metadata: {
      ayanamsha: cast.chart.ayanamsa.name,
      node_type: cast.chart.nodeType,
      reference: 'natal_moon_sign' as const,
      table: GOCHARA_TABLE_NAME,
      vedha_by_moon: request.vedha_by_moon,
      vedha_by_nodes: request.vedha_by_nodes,
      max_range_days: range.maxDays,
    },
    warnings: cast.warnings,
  };
}

export function computeVedicGocharV1(task: VedicGocharTask): VedicGocharV1Answer {
  const g = computeGochar(task);
  return {
    ...g,
    natal_moon: { sign: g.natal_moon.sign, sign_num: g.natal_moon.number, longitude: g.natal_moon.longitude, nakshatra: g.natal_moon.nakshatra },
    transits: g.transits.map((t) => ({ ...t, stays: t.stays.map(({ sign, number, ...rest }) => ({ sign, sign_num: number, ...rest })) })),
  };
}

export function computeVedicGocharV2(task: VedicGocharTask): VedicGocharV2Answer {
  const g = computeGochar(task);
  return {
    ...g,
    natal_moon: { sign: g.natal_moon.sign, sign_id: g.natal_moon.number, longitude: g.natal_moon.longitude, nakshatra: g.natal_moon.nakshatra },
    transits: g.transits.map((t) => ({ ...t, stays: t.stays.map(({ sign, number, ...rest }) => ({ sign, sign_id: number, ...rest })) })),
  };
}
