/**
 * The dasha insights of a request: the Vimshottari timeline (vedic-dasha-service.ts castDashas),
 * the periods running at the reference date, each lord read in the birth chart
 * (reading/lord-reading.ts), the mahadasha and antardasha lords' mutual placement, and the next
 * change at each level. Runs in a compute worker (or inline).
 */
import type { DashaPeriod } from '../../../astro/vedic/dasha-periods.ts';
import { runningPeriods } from '../../../astro/vedic/dasha-periods.ts';
import { GRAHAS, type GrahaId } from '../../../astro/vedic/grahas.ts';
import { houseBetween } from '../../../astro/vedic/graha-role.ts';
import type { VedicChart } from '../../../astro/vedic/sidereal-chart.ts';
import { castDashas, dashaWarnings, secondIso, type DashaCasts } from '../vedic-dasha-service.ts';
import { grahaName, nakshatraJson, signNameOf, vedicMetadata, vedicSubject, type VedicTask } from '../vedic-service.ts';
import { HOUSE_WORDS, GRAHA_WORDS } from '../reading/house-words.ts';
import { lordReading, mutualPlacement, type LordReading } from '../reading/lord-reading.ts';
import { bandOf, byWeight, factor, ordinal, scoreOf, type ReadingFactor } from '../reading/reading-factor.ts';
import type { DashaInsightsAnswer, DashaInsightsRequest } from './dasha-insights-schemas.ts';

export interface DashaInsightsTask extends VedicTask<DashaInsightsRequest> {
  nowMs: number;
}

export const LEVEL_NAMES = ['mahadasha', 'antardasha', 'pratyantardasha'] as const;
export type LevelName = (typeof LEVEL_NAMES)[number];

/** A lord's 0-100 score: 50 plus 8 per unit of its summed weight. */
export const LORD_SCALE = 8;

/** What a lord means in the chart, in one sentence built from its role. */
export function lordSummary(reading: LordReading): string {
  const r = reading.role;
  const name = GRAHAS[r.graha].name;
  const rules = r.dispositor
    ? `acting for ${GRAHAS[r.dispositor].name}`
    : `ruling ${r.housesRuled.map((h) => `the ${ordinal(h)} (${HOUSE_WORDS[h]})`).join(' and ')}`;
  const band = bandOf(scoreOf([reading.weight], LORD_SCALE));
  const tone =
    band === 'strong'
      ? 'a well-supported lord'
      : band === 'favorable'
        ? 'a helpful lord'
        : band === 'mixed'
          ? 'a lord of mixed results'
          : 'a lord that asks for care';
  return `${name}, ${rules} and placed in the ${ordinal(r.house)} (${HOUSE_WORDS[r.house]}), is ${tone} here: its periods turn on ${GRAHA_WORDS[r.graha]}.`;
}

function lordJson(reading: LordReading, levels: LevelName[]) {
  const r = reading.role;
  const score = scoreOf([reading.weight], LORD_SCALE);
  return {
    lord: grahaName(r.graha),
    levels,
    sign: signNameOf(r.signIndex),
    house: r.house,
    houses_ruled: r.housesRuled,
    dispositor: r.dispositor ? grahaName(r.dispositor) : null,
    dignity: r.dignity,
    relation_to_lagna_lord: r.relationToLagnaLord,
    functional_nature: r.nature,
    retrograde: r.retrograde,
    combust: r.combust,
    score,
    band: bandOf(score),
    summary: lordSummary(reading),
    factors: reading.factors,
  };
}

/** The factor of the antardasha lord's place from the mahadasha lord's (and likewise one level down). */
export function mutualFactor(chart: VedicChart, upper: GrahaId, lower: GrahaId, upperLevel: LevelName, lowerLevel: LevelName): ReadingFactor {
  const house = houseBetween(chart, upper, lower);
  const m = mutualPlacement(house);
  const a = GRAHAS[upper].name,
    b = GRAHAS[lower].name;
  if (upper === lower)
    return factor(
      `${lowerLevel}_own_period`,
      0.5,
      `${b} within its own ${upperLevel}`,
      `${b} lords both the ${upperLevel} and the ${lowerLevel}: its matters run undiluted.`,
    );
  return factor(
    `${lowerLevel}_from_${upperLevel}`,
    m.weight,
    `${b} ${ordinal(house)} from ${a}`,
    `In the birth chart ${b}, the ${lowerLevel} lord, is in the ${ordinal(house)} sign from ${a}, the ${upperLevel} lord: ${m.words}.`,
  );
}

/** The next change of each level read after `ms`: the end of the running period at that level. */
function nextChanges(d: DashaCasts, running: DashaPeriod<GrahaId>[], readingOf: (g: GrahaId) => LordReading) {
  const out: DashaInsightsAnswer['next_changes'] = [];
  for (const p of running) {
    const after = runningPeriods(d.vimshottari.periods, p.endMs);
    const next = after[p.level - 1];
    if (!next) continue;
    const reading = readingOf(next.lord);
    out.push({
      level: p.level,
      level_name: LEVEL_NAMES[p.level - 1]!,
      at: secondIso(p.endMs),
      from_lord: grahaName(p.lord),
      to_lord: grahaName(next.lord),
      to_summary: lordSummary(reading),
      to_band: bandOf(scoreOf([reading.weight], LORD_SCALE)),
    });
  }
  return out.sort((a, b) => a.at.localeCompare(b.at));
}

export interface DashaReading {
  running: DashaPeriod<GrahaId>[];
  readings: Map<GrahaId, LordReading>;
  mutual: { factor: ReadingFactor; level: LevelName; lord: GrahaId }[];
  score: number;
}

/** The running stack read: each lord's reading, their mutual placements, the stack's score. */
export function readDashaStack(chart: VedicChart, running: DashaPeriod<GrahaId>[]): DashaReading {
  const readings = new Map<GrahaId, LordReading>();
  const readingOf = (g: GrahaId) => {
    let r = readings.get(g);
    if (!r) readings.set(g, (r = lordReading(chart, g, `${GRAHAS[g].id}_lord`)));
    return r;
  };
  for (const p of running) readingOf(p.lord);
  const mutual = running.slice(1).map((p, i) => {
    const upper = running[i]!;
    const level = LEVEL_NAMES[p.level - 1]!;
    return { factor: mutualFactor(chart, upper.lord, p.lord, LEVEL_NAMES[upper.level - 1]!, level), level, lord: p.lord };
  });
  // The mahadasha counts twice: it colours every sub-period.
  const weights = running.flatMap((p, i) => (i === 0 ? [readingOf(p.lord).weight, readingOf(p.lord).weight] : [readingOf(p.lord).weight]));
  const mean = weights.length ? weights.reduce((s, w) => s + w, 0) / weights.length : 0;
  const score = running.length ? scoreOf([mean, ...mutual.map((m) => m.factor.weight)], LORD_SCALE) : 50;
  return { running, readings, mutual, score };
}

function periodSummary(chart: VedicChart, r: DashaReading): string {
  if (!r.running.length) return 'No Vimshottari period runs at this date (outside the 120 years from birth).';
  const [maha, antar] = r.running;
  const mahaReading = r.readings.get(maha!.lord)!;
  const parts = [`The ${GRAHAS[maha!.lord].name} mahadasha sets the chapter: ${lordSummary(mahaReading)}`];
  if (antar) {
    const m = r.mutual[0]!.factor;
    parts.push(`Within it, ${GRAHAS[antar.lord].name}'s antardasha colours the present: ${m.detail}`);
  }
  const best = [...r.readings.values()]
    .flatMap((x) => x.factors)
    .filter((f) => f.weight > 0)
    .sort(byWeight)[0];
  const worst = [...r.readings.values()]
    .flatMap((x) => x.factors)
    .filter((f) => f.weight < 0)
    .sort(byWeight)[0];
  if (best) parts.push(`Strongest support: ${best.title}.`);
  if (worst) parts.push(`Main caution: ${worst.title}.`);
  if (!chart.lagna) parts.push('The birth time is unknown, so the houses are counted from the Moon sign.');
  return parts.join(' ');
}

function themes(r: DashaReading) {
  const byHouse = new Map<number, Set<string>>();
  for (const reading of r.readings.values())
    for (const h of [...reading.role.housesRuled, reading.role.house]) {
      if (!byHouse.has(h)) byHouse.set(h, new Set());
      byHouse.get(h)!.add(grahaName(reading.role.graha));
    }
  return [...byHouse.entries()]
    .sort((a, b) => b[1].size - a[1].size || a[0] - b[0])
    .map(([house, lords]) => ({ house, meaning: HOUSE_WORDS[house]!, lords: [...lords] }));
}

export function computeDashaInsights(task: DashaInsightsTask): DashaInsightsAnswer {
  const { request } = task;
  const d = castDashas(task, {
    levels: request.levels,
    yearDays: request.year_length ?? 365.25,
    yogini: false,
    referenceDate: request.reference_date,
    nowMs: task.nowMs,
  });
  const chart = d.cast.chart;
  const running = runningPeriods(d.vimshottari.periods, d.refMs);
  const r = readDashaStack(chart, running);
  const levelsOf = (g: GrahaId) => running.filter((p) => p.lord === g).map((p) => LEVEL_NAMES[p.level - 1]!);
  const insights = running
    .flatMap((p) => {
      const level = LEVEL_NAMES[p.level - 1]!;
      // A lord of two levels is listed under its higher one.
      if (running.findIndex((q) => q.lord === p.lord) !== p.level - 1) return [];
      return r.readings.get(p.lord)!.factors.map((f) => ({ level, lord: p.lord, f }));
    })
    .concat(r.mutual.map((m) => ({ level: m.level, lord: m.lord, f: m.factor })))
    .sort((a, b) => byWeight(a.f, b.f))
    .map((x, i) => ({ rank: i + 1, level_name: x.level, lord: grahaName(x.lord), ...x.f }));
  const lagna = chart.lagna;
  return {
    subject: vedicSubject(task, d.cast),
    reference_date: secondIso(d.refMs),
    lagna: lagna ? { sign: signNameOf(lagna.signIndex), lord: grahaName(lagna.signLord) } : null,
    moon_nakshatra: nakshatraJson(chart.grahas[1]!.nakshatra),
    active_dasha_stack: running.map((p) => ({
      level: p.level,
      level_name: LEVEL_NAMES[p.level - 1]!,
      lord: grahaName(p.lord),
      start: secondIso(p.startMs),
      end: secondIso(p.endMs),
      progress_fraction: (d.refMs - p.startMs) / (p.endMs - p.startMs),
      remaining_days: Math.round((p.endMs - d.refMs) / 864_000) / 100,
    })),
    headline: running.length ? running.map((p) => `${grahaName(p.lord)} ${LEVEL_NAMES[p.level - 1]}`).join(' / ') : 'No running period',
    period_reading: { score: r.score, band: bandOf(r.score), summary: periodSummary(chart, r), themes: themes(r) },
    lords: [...r.readings.entries()].map(([g, reading]) => lordJson(reading, levelsOf(g))),
    insights,
    next_changes: nextChanges(d, running, (g) => r.readings.get(g) ?? lordReading(chart, g, `${g}_lord`)),
    settings: { levels: d.levels, year_length_days: d.yearDays },
    metadata: vedicMetadata(d.cast),
    warnings: dashaWarnings(d),
  };
}
