/**
 * The dashas of a request: Vimshottari and Yogini from the Moon of the sidereal chart
 * (src/astro/vedic/vimshottari.ts, yogini.ts), with the periods running at the reference date,
 * in the v1 and v2 shapes. Every instant is written in UTC, rounded to the second.
 */
import { civilAtOffsetMs, readIsoDateTime } from '../../astro/iso-date-time.ts';
import { isoUtc } from '../../astro/civil-time.ts';
import type { DashaPeriod, DashaTimeline } from '../../astro/vedic/dasha-periods.ts';
import { runningPeriods } from '../../astro/vedic/dasha-periods.ts';
import { vimshottariDasha, type DashaYearLength } from '../../astro/vedic/vimshottari.ts';
import { YOGINI_LORDS, yoginiDasha, type YoginiName } from '../../astro/vedic/yogini.ts';
import type { GrahaId } from '../../astro/vedic/grahas.ts';
import { MAX_YEAR, MIN_YEAR } from '../../requests/birth-schema.ts';
import { resolveMoment } from '../../requests/moment.ts';
import { RequestFieldError } from '../../requests/request-error.ts';
import { castVedic, grahaName, nakshatraJson, vedicMetadata, vedicSubject, type VedicCast, type VedicTask } from './vedic-service.ts';
import { LEVEL_NAMES, type VedicDashaRequest, type VedicDashaV1Answer, type VedicDashaV2Answer } from './vedic-dasha-schemas.ts';

export interface VedicDashaTask extends VedicTask<VedicDashaRequest> {
  /** "Now", when the request names no reference date. */
  nowMs: number;
}

/** An instant as the answers write it: UTC, to the second. */
export function secondIso(ms: number): string {
  return isoUtc(Math.round(ms / 1000) * 1000).replace('.000Z', 'Z');
}

/** The reference date: a bare date or date-time is read in the birth's zone, one with Z or an offset as that instant. */
export function referenceMs(
  text: string | undefined,
  nowMs: number,
  cast: VedicCast,
  place: VedicTask['place'],
  loc: (string | number)[] = ['body', 'reference_date'],
): number {
  if (text === undefined) return nowMs;
  const reading = readIsoDateTime(text, { min: MIN_YEAR, max: MAX_YEAR });
  if (!reading.ok) throw new RequestFieldError(loc, `${text} ${reading.reason}`, 'value_error.datetime');
  const { civil, offsetSeconds } = reading.value;
  if (offsetSeconds !== undefined) return civilAtOffsetMs(civil, offsetSeconds);
  return resolveMoment({ ...civil, time_known: true }, cast.moment.zone, place, undefined, loc.slice(0, -1), String(loc.at(-1))).utcMs;
}

export interface DashaCasts {
  cast: VedicCast;
  vimshottari: DashaTimeline<GrahaId>;
  yogini: DashaTimeline<YoginiName> | undefined;
  refMs: number;
  yearDays: DashaYearLength;
  levels: number;
}

export function castDashas(
  task: VedicTask,
  options: { levels: number; yearDays: DashaYearLength; yogini: boolean; referenceDate: string | undefined; nowMs: number },
  cast = castVedic(task),
): DashaCasts {
  const moon = cast.chart.grahas[1]!;
  const birthMs = cast.moment.utcMs;
  const vimshottari = vimshottariDasha(moon.longitude, birthMs, options.yearDays, options.levels);
  const yogini = options.yogini ? yoginiDasha(moon.longitude, birthMs, options.yearDays, options.levels) : undefined;
  const refMs = referenceMs(options.referenceDate, options.nowMs, cast, task.place);
  return { cast, vimshottari, yogini, refMs, yearDays: options.yearDays, levels: options.levels };
}

export function dashaWarnings(d: DashaCasts): string[] {
  const warnings = [...d.cast.warnings];
  const last = d.vimshottari.periods.at(-1)!;
  if (d.refMs < d.vimshottari.periods[0]!.startMs || d.refMs >= last.endMs)
    warnings.push('The reference date is outside the dasha timeline (from the birth mahadasha to 120 years after birth): no periods are running.');
  return warnings;
}

// The periods' objects are written field by field: a spread of each (some 2,000 with three levels) cost V8's slow object clone.

function v1Period(p: DashaPeriod<GrahaId>) {
  return { planet: grahaName(p.lord), start_date: secondIso(p.startMs), end_date: secondIso(p.endMs), years: p.years };
}

function v1Antar(p: DashaPeriod<GrahaId>) {
  return {
    planet: grahaName(p.lord),
    start_date: secondIso(p.startMs),
    end_date: secondIso(p.endMs),
    years: p.years,
    pratyantardashas: p.periods?.map(v1Period),
  };
}

function v1Maha(p: DashaPeriod<GrahaId>) {
  return { planet: grahaName(p.lord), start_date: secondIso(p.startMs), end_date: secondIso(p.endMs), years: p.years, antardashas: p.periods?.map(v1Antar) };
}

function yoginiPeriod(p: DashaPeriod<YoginiName>) {
  return { yogini: p.lord, planet: grahaName(YOGINI_LORDS[p.lord]), start_date: secondIso(p.startMs), end_date: secondIso(p.endMs), years: p.years };
}

function yoginiAntar(p: DashaPeriod<YoginiName>) {
  return {
    yogini: p.lord,
    planet: grahaName(YOGINI_LORDS[p.lord]),
    start_date: secondIso(p.startMs),
    end_date: secondIso(p.endMs),
    years: p.years,
    pratyantardashas: p.periods?.map(yoginiPeriod),
  };
}

function yoginiMaha(p: DashaPeriod<YoginiName>) {
  return {
    yogini: p.lord,
    planet: grahaName(YOGINI_LORDS[p.lord]),
    start_date: secondIso(p.startMs),
    end_date: secondIso(p.endMs),
    years: p.years,
    antardashas: p.periods?.map(yoginiAntar),
  };
}

export function yoginiBlock(timeline: DashaTimeline<YoginiName>, refMs: number) {
  const running = runningPeriods(timeline.periods, refMs);
  const at = (i: number) => (running[i] ? yoginiPeriod(running[i]) : null);
  return {
    birth_yogini: timeline.birthLord,
    balance_years: timeline.balanceYears,
    periods: timeline.periods.map(yoginiMaha),
    current: { mahadasha: at(0), antardasha: at(1), pratyantardasha: at(2) },
  };
}

function moonNakshatra(cast: VedicCast) {
  const n = cast.chart.grahas[1]!.nakshatra;
  return { ...nakshatraJson(n), fraction_traversed: n.fraction };
}

function taskOptions(task: VedicDashaTask) {
  const r = task.request;
  return { levels: r.levels, yearDays: r.year_length ?? 365.25, yogini: r.include_yogini, referenceDate: r.reference_date, nowMs: task.nowMs };
}

export function computeVedicDashaV1(task: VedicDashaTask): VedicDashaV1Answer {
  const d = castDashas(task, taskOptions(task));
  const { vimshottari: v } = d;
  const running = runningPeriods(v.periods, d.refMs);
  const at = (i: number) =>
    running[i] ? { planet: grahaName(running[i].lord), start_date: secondIso(running[i].startMs), end_date: secondIso(running[i].endMs) } : null;
  const answer: VedicDashaV1Answer = {
    subject: vedicSubject(task, d.cast),
    moon_nakshatra: moonNakshatra(d.cast),
    birth_balance: { planet: grahaName(v.birthLord), years: v.balanceYears, fraction: v.balanceFraction, end_date: secondIso(v.periods[0]!.endMs) },
    vimshottari_dasha: v.periods.map(v1Maha),
    current_dasha: { date: secondIso(d.refMs), mahadasha: at(0), antardasha: at(1), pratyantardasha: at(2) },
    yogini_dasha: d.yogini && yoginiBlock(d.yogini, d.refMs),
    settings: { levels: d.levels, year_length_days: d.yearDays, reference_date: secondIso(d.refMs) },
    metadata: vedicMetadata(d.cast),
    warnings: dashaWarnings(d),
  };
  return answer;
}

type V2Period = VedicDashaV2Answer['timeline'][number];

function v2Leaf(p: DashaPeriod<GrahaId>) {
  return { lord: grahaName(p.lord), level: p.level, start: secondIso(p.startMs), end: secondIso(p.endMs), years: p.years };
}

function v2Middle(p: DashaPeriod<GrahaId>) {
  return { lord: grahaName(p.lord), level: p.level, start: secondIso(p.startMs), end: secondIso(p.endMs), years: p.years, periods: p.periods?.map(v2Leaf) };
}

function v2Top(p: DashaPeriod<GrahaId>): V2Period {
  return { lord: grahaName(p.lord), level: p.level, start: secondIso(p.startMs), end: secondIso(p.endMs), years: p.years, periods: p.periods?.map(v2Middle) };
}

/** The Vimshottari block of the v2 dasha answer (also the calculate answer's `dasha`). */
export function vimshottariV2(d: DashaCasts) {
  const v = d.vimshottari;
  return {
    moon_nakshatra: moonNakshatra(d.cast),
    birth_balance: {
      lord: grahaName(v.birthLord),
      end: secondIso(v.periods[0]!.endMs),
      remaining_years: v.balanceYears,
      remaining_fraction: v.balanceFraction,
    },
    active_periods: runningPeriods(v.periods, d.refMs).map((p) => ({
      lord: grahaName(p.lord),
      level: p.level,
      level_name: LEVEL_NAMES[p.level - 1]!,
      progress_fraction: (d.refMs - p.startMs) / (p.endMs - p.startMs),
      start: secondIso(p.startMs),
      end: secondIso(p.endMs),
    })),
    timeline: v.periods.map(v2Top),
  };
}

export function computeVedicDashaV2(task: VedicDashaTask): VedicDashaV2Answer {
  const d = castDashas(task, taskOptions(task));
  return {
    subject: vedicSubject(task, d.cast),
    ...vimshottariV2(d),
    yogini_dasha: d.yogini && yoginiBlock(d.yogini, d.refMs),
    reference_date: secondIso(d.refMs),
    year_length_days: d.yearDays,
    levels: d.levels,
    metadata: vedicMetadata(d.cast),
    warnings: dashaWarnings(d),
  };
}
