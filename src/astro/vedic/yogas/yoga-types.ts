/**
 * What a yoga rule finds in a chart, and the options where schools differ. A rule reads the
 * chart's facts (chart-facts.ts) and returns findings: a yoga present (or formed and cancelled,
 * as Kemadruma can be), or, for `explain`, a near miss with the one condition that failed.
 */
import type { GrahaId } from '../grahas.ts';
import type { ChartFacts } from './chart-facts.ts';

export const YOGA_CATEGORIES = ['pancha_mahapurusha', 'raja', 'dhana', 'chandra', 'surya', 'auspicious', 'parivartana', 'nabhasa', 'arishta'] as const;
export type YogaCategory = (typeof YOGA_CATEGORIES)[number];

export const STRENGTH_LABELS = ['strong', 'moderate', 'weak'] as const;
export type StrengthLabel = (typeof STRENGTH_LABELS)[number];

export interface YogaStrength {
  label: StrengthLabel;
  /** 0 to 1: the share of the rule's grading conditions that hold. */
  score: number;
  /** Which grading the rule applied, in words. */
  basis: string;
}

/** Where a yoga's houses are counted from: the lagna, the Moon, the Sun, or only signs (no reference). */
export type YogaReference = 'lagna' | 'moon' | 'sun' | 'lagna_or_moon' | 'signs';

export interface YogaFinding {
  /** Stable id: the yoga's key, with the grahas that form it for yogas that can occur more than once (`raja_yoga:mars+jupiter`). */
  id: string;
  /** The yoga's key, the same for every occurrence (`raja_yoga`, `ruchaka`). */
  key: string;
  name: string;
  category: YogaCategory;
  /** The variety within the category: `mahapurusha`, `conjunction`, `maha_parivartana`, `akriti` … */
  type: string;
  /** A display grouping for clients that show one label: `Wealth & Success` … */
  theme: string;
  grahas: GrahaId[];
  /** Houses (whole-sign, counted as the chart counts them) of the grahas that form the yoga, each once, ascending. */
  houses: number[];
  reference: YogaReference;
  /** The rule that fired, in words, with this chart's facts. */
  evidence: string;
  strength: YogaStrength | null;
  /** `cancelled`: formed, and undone by a cancellation the texts give (Kemadruma). */
  status: 'present' | 'cancelled';
  /** The cancellations that hold (empty when none). */
  cancellations: string[];
  /** The classical text or school of the rule as applied. */
  source: string;
  /** What the yoga is said to give, in brief. */
  description: string;
}

export interface YogaNearMiss {
  key: string;
  name: string;
  category: YogaCategory;
  grahas: GrahaId[];
  /** The conditions that hold. */
  met: string[];
  /** The condition that failed. */
  failed: string;
}

/** The options where schools differ; each default is named in docs/api/vedic.md ("Vedic yogas"). */
export interface YogaOptions {
  /** Gajakesari: Jupiter in a kendra from the Moon only (default) or from the Moon or the lagna. */
  gajakesari_from: 'moon' | 'moon_or_lagna';
  /** Pancha Mahapurusha: the kendras from the lagna only (default, Parashara) or from the lagna or the Moon. */
  mahapurusha_from: 'lagna' | 'lagna_or_moon';
  /** Which grahas in the 2nd or 12th from the Moon (or joining it) prevent Kemadruma: Mars to Saturn (default), and the Sun, the nodes, or both. */
  kemadruma_grahas: 'five' | 'with_sun' | 'with_nodes' | 'with_sun_and_nodes';
  /** Adhi: all three natural benefics in the 6th, 7th and 8th from the Moon (default), or two of them. */
  adhi_benefics: 'all_three' | 'two_or_more';
  /** Chandra-Mangala: the Moon and Mars in one sign (default), or also in opposite signs (mutual aspect). */
  chandra_mangala: 'conjunction' | 'conjunction_or_aspect';
  /** Dhana: lords of the 2nd and 11th with lords of the trikonas (default, Parashara), or any two of the lords of the 1st, 2nd, 5th, 9th and 11th. */
  dhana_lords: 'parashara' | 'extended';
  /** Nabhasa sankhya: only when no other Nabhasa yoga holds (default, Parashara), or always. */
  nabhasa_sankhya: 'when_no_other' | 'always';
  /** Also return the near misses: yogas one condition short. */
  explain: boolean;
}

export const DEFAULT_YOGA_OPTIONS: Readonly<YogaOptions> = {
  gajakesari_from: 'moon',
  mahapurusha_from: 'lagna',
  kemadruma_grahas: 'five',
  adhi_benefics: 'all_three',
  chandra_mangala: 'conjunction',
  dhana_lords: 'parashara',
  nabhasa_sankhya: 'when_no_other',
  explain: false,
};

export interface RuleOutput {
  found: YogaFinding[];
  near: YogaNearMiss[];
}

/**
 * One group of yogas. `needsLagna`: with these options the group is counted from the lagna only,
 * so it is skipped for an untimed birth (a warning names it); other groups run, reading the lagna
 * where they have it.
 */
export interface YogaRule {
  group: string;
  needsLagna: (options: YogaOptions) => boolean;
  evaluate(facts: ChartFacts, options: YogaOptions, out: RuleOutput): void;
}
