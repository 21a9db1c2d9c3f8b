/**
 * The flow of a target year against a birth chart, computed in a compute worker: the chart's
 * pillars and luck pillars as the BaZi answer casts them (computeBazi, the same request), then the
 * year's pillar from its Lichun and its twelve month pillars from their jie, each with its
 * interactions with the natal pillars and the stars of the chart it brings.
 */
import { formatLocalIso, utcMsFromJulianDay } from '../../../astro/civil-time.ts';
import { zoneOffsetSeconds } from '../../../astro/zone-offset-table.ts';
import { findInteractions, type PlacedPillar } from '../../../astro/chinese/interactions.ts';
import { yearPillar } from '../../../astro/chinese/pillars.ts';
import { starsOnBranch } from '../../../astro/chinese/shen-sha.ts';
import { termsOfYear, type SolarTerm } from '../../../astro/chinese/solar-terms.ts';
import { BRANCHES, STEMS, ganZhiText, mod, type GanZhi } from '../../../astro/chinese/stems-branches.ts';
import { tenGodOf } from '../../../astro/chinese/ten-gods.ts';
import type { ResolvedPlace } from '../../../requests/place.ts';
import { RequestFieldError } from '../../../requests/request-error.ts';
import { computeBazi, interactionOut, withLang } from './bazi-service.ts';
import type { BaziFlowRequest, BaziFlowResponse } from './bazi-flow-schemas.ts';
import { baziRequest } from './bazi-schemas.ts';

export interface BaziFlowTask {
  request: BaziFlowRequest;
  place: ResolvedPlace;
  /** The target year when the request names none (the current UTC year where the request was received). */
  defaultYear: number;
}

const utcText = (ms: number) => new Date(Math.round(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
const gz = (text: string): GanZhi => ({ stem: STEMS.findIndex((s) => s.char === text[0]), branch: BRANCHES.findIndex((b) => b.char === text[1]) });

export function computeBaziFlow(task: BaziFlowTask): BaziFlowResponse {
  const r = task.request;
  const target = r.target_year ?? task.defaultYear;
  if (r.target_year_end !== undefined && r.target_year_end !== target)
    throw new RequestFieldError(['body', 'target_year_end'], 'one year per answer: target_year_end must equal target_year', 'value_error.range');
  const chart = computeBazi({
    request: baziRequest.parse({
      ...r,
      include_ten_gods: false,
      include_pinyin: false,
      include_debug: false,
      include_stars: false,
      include_interactions: false,
      include_professional: false,
      lang: undefined,
    }),
    place: task.place,
  });
  const zone = chart.conventions.zone;
  const dm = STEMS.findIndex((s) => s.char === chart.day_master.stem);
  const natal = chart.pillars.map((p) => ({ label: p.label, pillar: gz(p.gan_zhi) }));
  const placed: PlacedPillar[] = natal.map((p, position) => ({ ...p, position }));
  const monthBranch = natal[1]!.pillar.branch;
  const birthYear = Number(chart.conventions.gregorian_date.slice(0, 4));
  const simple = (p: GanZhi) => ({ gan_zhi: ganZhiText(p), gan: STEMS[p.stem]!.char, zhi: BRANCHES[p.branch]!.char, ten_god: tenGodOf(dm, p.stem).name });
  const against = (label: string, p: GanZhi, scope: string) =>
    findInteractions(placed, monthBranch, [{ label, pillar: p }]).map((i) => interactionOut(i, scope));
  const stars = (label: string, p: GanZhi) =>
    starsOnBranch(natal, p.branch).map((s) => ({
      name: s.name,
      chinese: s.chinese,
      pillar: label,
      zhi: BRANCHES[p.branch]!.char,
      reference_pillar: s.reference.pillar,
      reference: s.reference.char,
      trigger_text: s.rule,
    }));

  // The year from its Lichun; its months from the jie of Lichun (315°) to Xiaohan (285°) of the next January.
  const annual = yearPillar(target);
  const jie: SolarTerm[] = [...termsOfYear(target), ...termsOfYear(target + 1)].filter((t) => t.kind === 'jie');
  const first = jie.findIndex((t) => t.longitude === 315);
  const monthJie = jie.slice(first, first + 12);
  const lichunMs = utcMsFromJulianDay(monthJie[0]!.jdUt);
  const months = monthJie.map((t, k) => {
    const p = { stem: mod(2 * annual.stem + 2 + k, 10), branch: mod(2 + k, 12) };
    const ms = Math.round(utcMsFromJulianDay(t.jdUt) / 1000) * 1000;
    return {
      index: k + 1,
      ...simple(p),
      jie: t.chinese,
      starts: utcText(ms),
      starts_local: formatLocalIso(ms, zoneOffsetSeconds(zone, ms)),
      interactions: against('month', p, 'monthly'),
      stars: stars('month', p),
    };
  });
  // The luck pillar in force at the year's Lichun.
  const lichunDate = new Date(lichunMs + zoneOffsetSeconds(zone, lichunMs) * 1000).toISOString().slice(0, 10);
  let active: (typeof chart.luck_cycle.pillars)[number] | undefined;
  for (const l of chart.luck_cycle.pillars) if (l.start_date <= lichunDate) active = l;
  const luck = active ? gz(active.gan_zhi) : undefined;
  const answer: BaziFlowResponse = {
    target_year: target,
    natal: { day_master: chart.day_master.stem, pillars: chart.pillars.map((p) => ({ label: p.label, gan_zhi: p.gan_zhi })) },
    annual_pillar: { year: target, ...simple(annual), starts: utcText(lichunMs) },
    monthly_pillars: months.map((m) => ({ index: m.index, gan_zhi: m.gan_zhi, gan: m.gan, zhi: m.zhi, ten_god: m.ten_god, starts: m.starts })),
    years: [
      {
        year: target,
        ...simple(annual),
        age: target - birthYear + 1,
        starts: utcText(lichunMs),
        active_luck: active ? { gan_zhi: active.gan_zhi, start_year: active.start_year, end_year: active.end_year, start_date: active.start_date } : null,
        luck_interactions: luck ? against('luck', luck, 'luck') : [],
        interactions: against('annual', annual, 'annual'),
        stars: stars('annual', annual),
        months,
      },
    ],
    warnings: chart.warnings,
  };
  return withLang(answer, r.lang);
}
