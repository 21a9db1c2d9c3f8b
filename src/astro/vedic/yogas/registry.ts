/**
 * Every yoga group, in the order the answer lists them, and `yogasOfChart`: the yogas of a rasi
 * chart with the options where schools differ. Groups counted only from the lagna are skipped for
 * an untimed birth, with one warning naming them; the Moon's and the Sun's yogas and those read
 * from signs alone are still computed.
 */
import type { VedicChart } from '../sidereal-chart.ts';
import { chartFacts } from './chart-facts.ts';
import { mahapurushaYogas } from './mahapurusha.ts';
import { rajaYogas } from './raja-yogas.ts';
import { neechaBhangaYoga } from './neecha-bhanga.ts';
import { viparitaYogas } from './viparita.ts';
import { dhanaYogas } from './dhana-yogas.ts';
import { amalaYoga, lakshmiSaraswatiYogas } from './auspicious-yogas.ts';
import { chandraYogas } from './chandra-yogas.ts';
import { suryaYogas } from './surya-yogas.ts';
import { parivartanaYogas } from './parivartana.ts';
import { nabhasaShapeYogas, nabhasaSignYogas } from './nabhasa.ts';
import { kemadrumaYoga } from './kemadruma.ts';
import { arishtaYogas } from './arishta-yogas.ts';
import { DEFAULT_YOGA_OPTIONS, type RuleOutput, type YogaFinding, type YogaNearMiss, type YogaOptions, type YogaRule } from './yoga-types.ts';

export const YOGA_RULES: readonly YogaRule[] = [
  mahapurushaYogas,
  rajaYogas,
  neechaBhangaYoga,
  viparitaYogas,
  dhanaYogas,
  lakshmiSaraswatiYogas,
  amalaYoga,
  chandraYogas,
  suryaYogas,
  parivartanaYogas,
  // The shapes before the sign counts: Parashara's sankhya yogas hold only when no other Nabhasa yoga does.
  nabhasaShapeYogas,
  nabhasaSignYogas,
  kemadrumaYoga,
  arishtaYogas,
];

export interface ChartYogas {
  /** The yogas formed, active or cancelled, in the order of the groups. */
  yogas: YogaFinding[];
  /** With `explain`: the yogas one condition short. Empty otherwise. */
  nearMisses: YogaNearMiss[];
  /** The groups not evaluated (untimed birth), by name. */
  skipped: string[];
  warnings: string[];
  options: YogaOptions;
}

export function yogasOfChart(chart: VedicChart, options: Partial<YogaOptions> = {}): ChartYogas {
  const opts: YogaOptions = { ...DEFAULT_YOGA_OPTIONS, ...options };
  const facts = chartFacts(chart);
  const out: RuleOutput = { found: [], near: [] };
  const skipped: string[] = [];
  for (const rule of YOGA_RULES) {
    if (facts.lagnaSign === null && rule.needsLagna(opts)) {
      skipped.push(rule.group);
      continue;
    }
    rule.evaluate(facts, opts, out);
  }
  const warnings = skipped.length
    ? [
        `Birth time unknown: the yogas counted from the lagna were not evaluated (${skipped.join(', ')}); the Moon's, the Sun's and those read from signs alone were.`,
      ]
    : [];
  return { yogas: out.found, nearMisses: opts.explain ? out.near : [], skipped, warnings, options: opts };
}
