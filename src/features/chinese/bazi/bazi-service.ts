/**
 * The BaZi chart of a birth, computed in a compute worker: the moment (zone, historical offset,
 * DST) as every chart resolves it, the pillars under the requested conventions, the pillars the
 * other conventions would give, ten gods, element balance, luck pillars, solar terms, lunar date.
 */
import { formatLocalIso, formatOffset, isValidCalendarDate, julianDayFromUtcMs, utcMsFromJulianDay } from '../../../astro/civil-time.ts';
import { MAX_YEAR, MIN_YEAR } from '../../../requests/birth-schema.ts';
import { equationOfTimeDays } from '../../../astro/equation-of-time.ts';
import { elementBalance, ELEMENT_WEIGHTS } from '../../../astro/chinese/element-balance.ts';
import { lunarDateOfDay, lunarDateText } from '../../../astro/chinese/lunar-calendar.ts';
import { addToDate, isForward, luckPillars, luckStart } from '../../../astro/chinese/luck-pillars.ts';
import {
  dayAndHour,
  fourPillars,
  monthPillar,
  solarYearOf,
  yearPillar,
  DAY_BOUNDARIES,
  PILLAR_LABELS,
  type DayBoundary,
} from '../../../astro/chinese/pillars.ts';
import { jieAround, lichunOf, termsAround, termsOfYear, type SolarTerm } from '../../../astro/chinese/solar-terms.ts';
import { BRANCHES, HIDDEN_ROLES, STEMS, ganZhiText, lifeStageOf, mod, nayinOf, type GanZhi } from '../../../astro/chinese/stems-branches.ts';
import { DAY_MASTER, tenGodOf } from '../../../astro/chinese/ten-gods.ts';
import { dayMasterStrength } from '../../../astro/chinese/day-master-strength.ts';
import { findStars, voidOf } from '../../../astro/chinese/shen-sha.ts';
import { findInteractions, type Interaction, type PlacedPillar } from '../../../astro/chinese/interactions.ts';
import { birthMoment, UNTIMED_HOUR } from '../../../requests/moment.ts';
import type { ResolvedPlace } from '../../../requests/place.ts';
import { placeWarnings } from '../../../requests/place.ts';
import { RequestFieldError } from '../../../requests/request-error.ts';
import { metaOf, resolveLang } from './bazi-lang.ts';
import { localizeBaziAnswer } from './bazi-localize.ts';
import { DISTINCT_CLOCKS, MAX_ANNUAL_YEARS, type BaziRequest, type BaziResponse, type TimeStandard } from './bazi-schemas.ts';

export interface BaziTask {
  request: BaziRequest;
  place: ResolvedPlace;
  /** The moment of the request (for `include_current_flow`), so that the worker's clock is not read. */
  nowMs?: number | undefined;
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
const dateText = (d: { year: number; month: number; day: number }) => `${pad(d.year, 4)}-${pad(d.month)}-${pad(d.day)}`;
const secondMs = (ms: number) => Math.round(ms / 1000) * 1000;
const utcText = (ms: number) => new Date(secondMs(ms)).toISOString().replace('.000Z', 'Z');

/** A Julian-calendar date as the Gregorian date of the same day. */
export function julianToGregorian(year: number, month: number, day: number): { year: number; month: number; day: number } {
  const monthDays = [31, year % 4 === 0 ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  if (day > monthDays[month - 1]!)
    throw new RequestFieldError(['body', 'day'], `${year}-${month}-${day} is not a date of the Julian calendar`, 'value_error.date');
  const a = Math.floor((14 - month) / 12),
    y = year + 4800 - a,
    m = month + 12 * a - 3;
  const jdn = day + Math.floor((153 * m + 2) / 5) + 365 * y + Math.floor(y / 4) - 32083;
  const d = new Date((jdn - 2440588) * 86_400_000);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

// The stems' and branches' infos are the same in every answer: made once (JSON writes a shared object as often as it is referenced).
const STEM_INFOS = STEMS.map((s) => ({ name: s.name, pinyin: s.pinyin, element: s.element, polarity: s.polarity }));
const BRANCH_INFOS = BRANCHES.map((b) => ({
  name: b.name,
  pinyin: b.pinyin,
  element: b.element,
  polarity: b.polarity,
  zodiac: b.animal,
  hidden: b.hidden.map((h) => STEMS[h]!.char),
}));
const stemInfo = (stem: number) => STEM_INFOS[stem]!;
const branchInfo = (branch: number) => BRANCH_INFOS[branch]!;

function writeTerm(term: SolarTerm, offsetSeconds: number) {
  const ms = utcMsFromJulianDay(term.jdUt);
  return {
    chinese: term.chinese,
    pinyin: term.pinyin,
    name: term.name,
    longitude: term.longitude,
    utc: utcText(ms),
    local: formatLocalIso(secondMs(ms), offsetSeconds),
  };
}

/** A term as the answer writes it, kept with the (per-thread, cached) term for each offset it was written in. */
const writtenTerms = new WeakMap<SolarTerm, Map<number, ReturnType<typeof writeTerm>>>();
function termOut(term: SolarTerm, offsetSeconds: number) {
  let byOffset = writtenTerms.get(term);
  if (!byOffset) writtenTerms.set(term, (byOffset = new Map<number, ReturnType<typeof writeTerm>>()));
  let out = byOffset.get(offsetSeconds);
  if (!out) {
    out = writeTerm(term, offsetSeconds);
    if (byOffset.size < 64) byOffset.set(offsetSeconds, out);
  }
  return out;
}

const STAR_DESC: Record<string, string> = {
  'Tian Yi Nobleman': 'Help from others when it is most needed',
  'Academic Star': 'Learning, study and skill with words',
  'Peach Blossom': 'Charm, attraction and romance',
  'Travelling Horse': 'Movement, travel and changes of place',
  'Void Branch (Kong Wang)': 'What this pillar stands for feels empty or comes late',
};

/** An interaction as the answers write it (the BaZi chart's and the flow's). */
export function interactionOut(i: Interaction, scope: string) {
  const pillars = i.members.map((m) => m.label);
  return {
    id: `${i.kind}_${pillars.join('_')}`,
    type: i.type,
    chinese: i.chinese,
    kind: i.kind,
    scope,
    pillars,
    branches: i.members.filter((m) => m.part === 'branch').map((m) => m.char),
    stems: i.members.filter((m) => m.part === 'stem').map((m) => m.char),
    is_formed: true,
    transform_level: i.transformLevel,
    transform_to: i.transformTo,
    transforms: i.transformLevel === 'full',
    note: i.reason,
  };
}

const byElement = (values: readonly number[]) => ({ Wood: values[0]!, Fire: values[1]!, Earth: values[2]!, Metal: values[3]!, Water: values[4]! });

const debugTerms = new Map<string, ReturnType<typeof termOut>[]>();
const DEBUG_TERMS_LIMIT = 1024;

export function computeBazi(task: BaziTask): BaziResponse {
  const { request: r, place } = task;
  const date = r.calendar === 'julian' ? julianToGregorian(r.year, r.month, r.day) : { year: r.year, month: r.month, day: r.day };
  const timeKnown = r.time_known;
  const moment = birthMoment({ ...r, ...date, hour: r.hour ?? UNTIMED_HOUR, minute: r.minute ?? 0 }, place, ['body']);
  const standard: TimeStandard = r.time_standard ?? r.time_mode ?? 'civil';
  const boundary: DayBoundary = r.day_boundary;
  const sex = r.sex === 'f' ? 'F' : 'M';

  const utcMs = moment.utcMs;
  const jd = julianDayFromUtcMs(utcMs);
  const eotSeconds = equationOfTimeDays(jd) * 86400;
  const trueSolarOffset = place.lng * 240 + eotSeconds;
  const offsets: Record<TimeStandard, number> = {
    civil: moment.offsetSeconds,
    local_mean: place.lng * 240,
    true_solar: trueSolarOffset,
    true_solar_absolute: trueSolarOffset,
  };
  const localMs = (s: TimeStandard) => utcMs + offsets[s] * 1000;
  // The clock of the birth's calendar date (lunar date, luck start date, the term of the day): civil, except for true_solar_absolute.
  const dateClock: TimeStandard = standard === 'true_solar_absolute' ? 'true_solar' : 'civil';

  const four = fourPillars(utcMs, localMs(standard), boundary);
  const dm = four.day.stem;
  const chosen: [(typeof PILLAR_LABELS)[number], GanZhi][] = [
    ['year', four.year],
    ['month', four.month],
    ['day', four.day],
  ];
  if (timeKnown) chosen.push(['hour', four.hour]);

  const pillars = chosen.map(([label, p]) => {
    const nayin = nayinOf(p);
    const stage = lifeStageOf(dm, p.branch);
    const god = label === 'day' ? DAY_MASTER : tenGodOf(dm, p.stem);
    return {
      label,
      gan: STEMS[p.stem]!.char,
      zhi: BRANCHES[p.branch]!.char,
      gan_zhi: ganZhiText(p),
      gan_info: stemInfo(p.stem),
      zhi_info: branchInfo(p.branch),
      nayin: nayin.chinese,
      nayin_info: nayin,
      life_stage: { chinese: stage.chinese, name: stage.name },
      gan_pinyin: r.include_pinyin ? STEMS[p.stem]!.pinyin : undefined,
      zhi_pinyin: r.include_pinyin ? BRANCHES[p.branch]!.pinyin : undefined,
      ten_gods: r.include_ten_gods
        ? {
            stem: god.name,
            stem_chinese: god.chinese,
            hidden: BRANCHES[p.branch]!.hidden.map((h, i) => {
              const hg = tenGodOf(dm, h);
              return {
                gan: STEMS[h]!.char,
                info: stemInfo(h),
                ten_god: hg.name,
                pinyin: STEMS[h]!.pinyin,
                role: HIDDEN_ROLES[i]!,
                ten_god_chinese: hg.chinese,
              };
            }),
          }
        : undefined,
    };
  });

  // Luck pillars: from the jie around the birth's instant.
  const jie = jieAround(jd);
  const forward = isForward(four.year.stem, sex);
  const start = luckStart(jd, jie.previous.jdUt, jie.next.jdUt, forward);
  const civilDate = new Date(localMs(dateClock));
  const birthDate = { year: civilDate.getUTCFullYear(), month: civilDate.getUTCMonth() + 1, day: civilDate.getUTCDate() };
  const startDate = addToDate(birthDate, start.years, start.months, start.dayCount);
  const luck = luckPillars(four.month, forward).map((p, i) => {
    const startYear = startDate.year + 10 * i;
    const age = startYear - birthDate.year + 1;
    return {
      start_age: age,
      end_age: age + 9,
      start_year: startYear,
      end_year: startYear + 9,
      start_date: dateText(addToDate(startDate, 10 * i, 0, 0)),
      gan_zhi: ganZhiText(p),
      gan: STEMS[p.stem]!.char,
      zhi: BRANCHES[p.branch]!.char,
      gan_pinyin: r.include_pinyin ? STEMS[p.stem]!.pinyin : undefined,
      zhi_pinyin: r.include_pinyin ? BRANCHES[p.branch]!.pinyin : undefined,
      gan_info: stemInfo(p.stem),
      zhi_info: branchInfo(p.branch),
      ten_god: tenGodOf(dm, p.stem).name,
    };
  });

  const balance = elementBalance(chosen.map(([, p]) => p));

  // Lunar date (UTC+8) and the two zodiac readings.
  const lunar = lunarDateOfDay(Math.floor(localMs(dateClock) / 86_400_000) + 2440588);
  const newYear = new Date((lunar.newYearDay - 2440588) * 86_400_000);
  const lichun = lichunOf(four.solarYear);

  // A solar term on the birth's local (civil) date.
  const around = termsAround(jd, false);
  const localDay = (t: SolarTerm) => Math.floor((utcMsFromJulianDay(t.jdUt) + offsets[dateClock] * 1000) / 86_400_000);
  const birthDay = Math.floor(localMs(dateClock) / 86_400_000);
  const termToday = [around.previous, around.next].find((t) => localDay(t) === birthDay);

  // What the other conventions would change.
  const alternatives = [];
  for (const s of DISTINCT_CLOCKS) {
    for (const b of DAY_BOUNDARIES) {
      if ((s === standard || (s === 'true_solar' && standard === 'true_solar_absolute')) && b === boundary) continue;
      const other = dayAndHour(localMs(s), b);
      const changes: { label: 'day' | 'hour'; gan_zhi: string }[] = [];
      if (ganZhiText(other.day) !== ganZhiText(four.day)) changes.push({ label: 'day', gan_zhi: ganZhiText(other.day) });
      if (timeKnown && ganZhiText(other.hour) !== ganZhiText(four.hour)) changes.push({ label: 'hour', gan_zhi: ganZhiText(other.hour) });
      if (changes.length) alternatives.push({ time_standard: s, day_boundary: b, changes });
    }
  }

  // Annual pillars of a range, and the pillars in force at a date.
  const luckIn = (year: number) => {
    let found: (typeof luck)[number] | undefined;
    for (const l of luck) if (l.start_year <= year) found = l;
    return found;
  };
  let annual: BaziResponse['annual_pillars'];
  if (r.annual_from !== undefined) {
    const to = r.annual_to ?? Math.min(r.annual_from + 9, MAX_YEAR);
    if (to < r.annual_from) throw new RequestFieldError(['body', 'annual_to'], 'annual_to is before annual_from', 'value_error.range');
    if (to - r.annual_from + 1 > MAX_ANNUAL_YEARS)
      throw new RequestFieldError(['body', 'annual_to'], `at most ${MAX_ANNUAL_YEARS} annual pillars`, 'value_error.range');
    annual = [];
    for (let y = r.annual_from; y <= to; y++) {
      const p = yearPillar(y);
      annual.push({
        year: y,
        gan_zhi: ganZhiText(p),
        gan: STEMS[p.stem]!.char,
        zhi: BRANCHES[p.branch]!.char,
        gan_pinyin: r.include_pinyin ? STEMS[p.stem]!.pinyin : undefined,
        zhi_pinyin: r.include_pinyin ? BRANCHES[p.branch]!.pinyin : undefined,
        starts: utcText(utcMsFromJulianDay(lichunOf(y).jdUt)),
        age: y - birthDate.year + 1,
        ten_god: tenGodOf(dm, p.stem).name,
        luck_pillar: luckIn(y)?.gan_zhi ?? null,
      });
    }
  }
  let current: BaziResponse['current'];
  const currentDate = r.current_date ?? (r.include_current_flow ? new Date(task.nowMs ?? Date.now()).toISOString().slice(0, 10) : undefined);
  if (currentDate !== undefined) {
    const [cy, cm, cd] = currentDate.split('-').map(Number) as [number, number, number];
    if (!isValidCalendarDate(cy, cm, cd) || cy < MIN_YEAR || cy > MAX_YEAR)
      throw new RequestFieldError(['body', 'current_date'], `${currentDate} is not a date from ${MIN_YEAR} to ${MAX_YEAR}`, 'value_error.date');
    const noon = julianDayFromUtcMs(Date.UTC(cy, cm - 1, cd, 12) - moment.offsetSeconds * 1000);
    const sy = solarYearOf(noon);
    const ap = yearPillar(sy),
      mp = monthPillar(noon, sy);
    // The luck pillar in force: the last whose start date is on or before the date.
    let active: (typeof luck)[number] | undefined;
    for (const l of luck) if (l.start_date <= currentDate) active = l;
    current = {
      date: currentDate,
      age: cy - birthDate.year + 1,
      luck_pillar: active ? { gan_zhi: active.gan_zhi, start_year: active.start_year, end_year: active.end_year } : null,
      annual_pillar: { gan_zhi: ganZhiText(ap), gan: STEMS[ap.stem]!.char, zhi: BRANCHES[ap.branch]!.char, ten_god: tenGodOf(dm, ap.stem).name },
      monthly_pillar: { gan_zhi: ganZhiText(mp), gan: STEMS[mp.stem]!.char, zhi: BRANCHES[mp.branch]!.char, ten_god: tenGodOf(dm, mp.stem).name },
    };
  }

  const offset = moment.offsetSeconds;
  const warnings = [...placeWarnings(place)];
  if (moment.warning) warnings.push(moment.warning);
  if (!timeKnown) warnings.push('birth time unknown: read at local noon, without an hour pillar');
  const localText = (s: TimeStandard) => new Date(secondMs(localMs(s))).toISOString().slice(0, 19);

  let debug: BaziResponse['astro_debug'];
  if (r.include_debug) {
    // The 24 terms from the Lichun of the birth's solar year, in the birth's offset: kept per thread (they never change).
    const key = `${four.solarYear}|${offset}`;
    let terms = debugTerms.get(key);
    if (!terms) {
      terms = [...termsOfYear(four.solarYear).slice(2), ...termsOfYear(four.solarYear + 1).slice(0, 2)].map((t) => termOut(t, offset));
      if (debugTerms.size >= DEBUG_TERMS_LIMIT) debugTerms.clear();
      debugTerms.set(key, terms);
    }
    debug = { solar_terms: terms };
  }

  const placed: PlacedPillar[] = chosen.map(([label, pillar], position) => ({ label, pillar, position }));
  const stars = r.include_stars
    ? findStars(placed.map((p) => ({ label: p.label as (typeof PILLAR_LABELS)[number], pillar: p.pillar }))).map((h) => ({
        name: h.name,
        chinese: h.chinese,
        pillar: h.pillar,
        zhi: BRANCHES[h.branch]!.char,
        desc: STAR_DESC[h.name]!,
        trigger_rule: {
          type: h.reference.part === 'stem' ? ('dm_mapping' as const) : h.reference.part === 'branch' ? ('ref_mapping' as const) : ('void' as const),
          reference_pillar: h.reference.pillar,
          reference: h.reference.char,
          targets: h.targets.map((t) => BRANCHES[t]!.char),
        },
        trigger_text: h.rule,
      }))
    : undefined;
  const pinyinOf: Record<string, string> = { Wood: 'Mu', Fire: 'Huo', Earth: 'Tu', Metal: 'Jin', Water: 'Shui' };
  const named = (e: string) => `${e} (${pinyinOf[e]})`;
  let professional: BaziResponse['professional'];
  if (r.include_professional) {
    const st = dayMasterStrength(dm, four.month.branch, balance.points);
    professional = {
      dm_strength: st.strength,
      structure: st.structure,
      yong_shen_candidates: st.favorable.map(named),
      favorable_elements: st.favorable.map(named),
      unfavorable_elements: st.unfavorable.map(named),
      professional_debug: {
        method: 'support_ratio_seasonal',
        dm_strength_score: st.score,
        seasonal_factor: st.seasonalFactor,
        season_reason: st.seasonReason,
        balance_ratio: st.balanceRatio,
        structure_rationale: st.structureReason,
      },
    };
  }
  const voids = voidOf(four.day);
  const interactions = r.include_interactions ? findInteractions(placed, four.month.branch).map((i) => interactionOut(i, 'natal')) : undefined;

  const yearBranch = BRANCHES[four.year.branch]!;
  const lunarBranch = mod(lunar.year - 4, 12);
  const answer: BaziResponse = {
    day_master: { stem: STEMS[dm]!.char, info: stemInfo(dm), pinyin: r.include_pinyin ? STEMS[dm]!.pinyin : undefined },
    pillars,
    luck_cycle: {
      start_age_years: start.years,
      start_offset: { years: start.years, months: start.months, days: start.dayCount },
      start_age_decimal: Math.round(start.decimalYears * 1e4) / 1e4,
      start_date: dateText(startDate),
      is_forward: forward,
      direction_rule: `${STEMS[four.year.stem]!.polarity} year stem ${STEMS[four.year.stem]!.char} and sex ${sex}: ${forward ? 'forward' : 'backward'} (yang year with M or yin year with F goes forward)`,
      reference_jie: termOut(forward ? jie.next : jie.previous, offset),
      days_to_jie: Math.round(start.days * 1e6) / 1e6,
      pillars: luck,
    },
    elements: {
      scoring_model: 'basic_weighted',
      weights: { ...ELEMENT_WEIGHTS },
      points: byElement(balance.points),
      percentages: byElement(balance.percentages),
      counts: byElement(balance.counts),
      dominant: balance.dominant,
      deficient: balance.deficient,
    },
    summary: { lunar_date: lunarDateText(lunar), zodiac: yearBranch.animal, solar_term: termToday ? termToday.chinese : null },
    lunar_date: {
      year: lunar.year,
      month: lunar.month,
      day: lunar.day,
      is_leap_month: lunar.leap,
      month_days: lunar.monthDays,
      new_year_date: dateText({ year: newYear.getUTCFullYear(), month: newYear.getUTCMonth() + 1, day: newYear.getUTCDate() }),
      text: lunarDateText(lunar),
      time_zone: 'UTC+8',
    },
    zodiac: {
      by_lichun: { animal: yearBranch.animal, branch: yearBranch.char, year: four.solarYear, starts: utcText(utcMsFromJulianDay(lichun.jdUt)) },
      by_lunar_new_year: {
        animal: BRANCHES[lunarBranch]!.animal,
        branch: BRANCHES[lunarBranch]!.char,
        year: lunar.year,
        starts: dateText({ year: newYear.getUTCFullYear(), month: newYear.getUTCMonth() + 1, day: newYear.getUTCDate() }),
      },
    },
    solar_terms: { previous_jie: termOut(jie.previous, offset), next_jie: termOut(jie.next, offset) },
    conventions: {
      time_standard: standard,
      day_boundary: boundary,
      calendar: r.calendar,
      gregorian_date: dateText(date),
      time_known: timeKnown,
      zone: moment.zone,
      utc_offset: formatOffset(offset),
      dst_applied: moment.dst.applied,
      utc: utcText(utcMs),
      longitude: place.lng,
      clock_time_local: localText('civil'),
      local_mean_time: localText('local_mean'),
      true_solar_time: localText('true_solar'),
      equation_of_time_minutes: Math.round((eotSeconds / 60) * 100) / 100,
      effective_time: localText(standard),
      day_pillar_date: dateText(four.dayDate),
      alternatives,
    },
    stars,
    xun_kong: r.include_stars
      ? {
          void_branches: voids.branches.map((b) => BRANCHES[b]!.char),
          xun_name: ganZhiText(voids.xun),
          xun_index: voids.xunIndex,
          day_pillar: ganZhiText(four.day),
        }
      : undefined,
    interactions,
    professional,
    annual_pillars: annual,
    current,
    astro_debug: debug,
    warnings,
  };
  return withLang(answer, r.lang);
}

/** The answer in the requested language, with `meta` when the request sent `lang` (an answer without it stays as it always was). */
export function withLang<T extends { meta?: unknown }>(answer: T, lang: string | undefined): T {
  if (lang === undefined) return answer;
  const resolved = resolveLang(lang);
  answer.meta = metaOf(resolved);
  return resolved.lang === 'zh-CN' ? localizeBaziAnswer(answer) : answer;
}
