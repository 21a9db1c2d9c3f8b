/**
 * Systems, versioned profiles and calculation definitions: the single source of truth used both by
 * the registry document and by request handling.
 */
import { CHALDEAN_ALPHABET_ID, HEBREW_ALPHABET_ID, PYTHAGOREAN_ALPHABET_ID, PYTHAGOREAN_Y_RULE_ID } from './alphabets.ts';
import type { HebrewColumn } from './alphabets.ts';
import { ANK_JYOTISH_SLUGS } from './ank-jyotish.ts';
import { CHALDEAN_SLUGS } from './chaldean.ts';
import type { NameBasis } from './chaldean.ts';
import { deepFreeze } from './deep-freeze.ts';
import { KABBALAH_SLUGS } from './kabbalah.ts';
import type { GematriaMethod } from './kabbalah.ts';
import { PYTHAGOREAN_SLUGS } from './pythagorean.ts';
import type { DateMethod } from './pythagorean.ts';

export const REGISTRY_VERSION = '2026-07';

export const SYSTEM_IDS = ['pythagorean', 'chaldean', 'kabbalah', 'ank_jyotish'] as const;
export type SystemId = (typeof SYSTEM_IDS)[number];

export const MASTER_POLICIES = ['preserve_core_11_22_33', 'reduce_all', 'not_applicable'] as const;
export type MasterPolicy = (typeof MASTER_POLICIES)[number];

export const COMPOUND_POLICIES = ['full_trace', 'compound_and_root', 'root_only'] as const;
export type CompoundPolicy = (typeof COMPOUND_POLICIES)[number];

export const NAME_SOURCES = ['birth', 'current'] as const;
export type NameSource = (typeof NAME_SOURCES)[number];

export interface PolicyCombination {
  readonly master_policy: MasterPolicy;
  readonly compound_policy: CompoundPolicy;
}

/** An input a calculation needs. */
export type Need = 'birth_date' | 'name' | 'reference_date';

export type NameScript = 'latin' | 'hebrew';

/**
 * How a profile chooses the name it reads.
 * - `fixed`: always this source; `method.name_source` may only repeat it.
 * - `default`: this source unless `method.name_source` selects the other.
 * - `prefer`: the first present source in `order`, unless `method.name_source` selects one.
 */
export type NamePolicy =
  | { readonly kind: 'fixed'; readonly source: NameSource }
  | { readonly kind: 'default'; readonly source: NameSource }
  | { readonly kind: 'prefer'; readonly order: readonly NameSource[] };

export interface MethodVariance {
  readonly varies_across_profiles: boolean;
  readonly value_may_differ: boolean;
  readonly trace_may_differ: boolean;
  readonly by_profile?: Readonly<Record<string, string>>;
  readonly note: string;
}

export interface CalculationDef {
  readonly slug: string;
  readonly system: SystemId;
  readonly group: string | null;
  readonly aliases: readonly string[];
  readonly needs: readonly Need[];
  readonly labels: Readonly<Record<string, string>> | null;
  readonly method_variance: MethodVariance;
  readonly summary: string;
}

export interface ProfileDef {
  readonly id: string;
  readonly system: SystemId;
  readonly aliases: readonly string[];
  readonly calculation_slugs: readonly string[];
  readonly policy_combinations: readonly PolicyCombination[];
  readonly alphabet_id: string | null;
  readonly alphabet_column: HebrewColumn | null;
  readonly name_policy: NamePolicy;
  readonly name_script: NameScript;
  readonly date_method?: DateMethod;
  readonly gematria_method?: GematriaMethod;
  readonly content_source_ids: readonly string[];
  /** Additional documented profile fields echoed verbatim in the registry. */
  readonly registry_fields: Readonly<Record<string, unknown>>;
}

// --- Calculations --------------------------------------------------------------------------------

const INVARIANT: MethodVariance = {
  varies_across_profiles: false,
  value_may_differ: false,
  trace_may_differ: false,
  note: 'identical in every profile of the system',
};

const COMPONENT_ID = 'pythagorean-component-preserve-core-v1';
const RAW_ID = 'pythagorean-raw-date-preserve-core-v1';

function py(slug: string, group: string, aliases: string[], needs: Need[], summary: string, variance: MethodVariance = INVARIANT): CalculationDef {
  return { slug, system: 'pythagorean', group, aliases, needs, labels: null, method_variance: variance, summary };
}

const PYTHAGOREAN_CALCULATIONS: CalculationDef[] = [
  py('life_path', 'core_numbers', ['life_path_number', 'lifepath'], ['birth_date'], 'birth date reduced (component or raw digit sum)', {
    varies_across_profiles: true,
    value_may_differ: true,
    trace_may_differ: true,
    by_profile: { [COMPONENT_ID]: 'component', [RAW_ID]: 'raw_digit_sum' },
    note: 'same single-digit root; master emergence and the compound (karmic debt) may differ',
  }),
  py('expression', 'core_numbers', ['destiny', 'destiny_number', 'expression_number'], ['name'], 'all letters of the full birth name, reduced per name'),
  py('soul_urge', 'core_numbers', ['hearts_desire', 'heart_desire', 'soul_urge_number'], ['name'], 'vowels of the full birth name (positional Y rule)'),
  py('personality', 'core_numbers', ['personality_number'], ['name'], 'consonants of the full birth name'),
  py('birthday', 'core_numbers', ['birth_day', 'birthday_number'], ['birth_date'], 'birth day reduced'),
  py('maturity', 'core_numbers', ['maturity_number'], ['birth_date', 'name'], 'life path + expression', {
    varies_across_profiles: true,
    value_may_differ: true,
    trace_may_differ: true,
    note: 'depends on the profile through life_path',
  }),
  py('personal_year', 'personal_cycles', ['personal_year_number'], ['birth_date', 'reference_date'], 'birth month + birth day + reference year, no masters', {
    varies_across_profiles: true,
    value_may_differ: false,
    trace_may_differ: true,
    by_profile: { [COMPONENT_ID]: 'component', [RAW_ID]: 'raw_digit_sum' },
    note: 'values are always equal across profiles; only the trace differs',
  }),
  py('personal_month', 'personal_cycles', ['personal_month_number'], ['birth_date', 'reference_date'], 'personal year + unreduced reference month'),
  py('personal_day', 'personal_cycles', ['personal_day_number'], ['birth_date', 'reference_date'], 'personal month + unreduced reference day'),
  py('pinnacles', 'life_cycles', ['pinnacle_cycles'], ['birth_date'], 'four pinnacles with ages from 36 − reduce_single(life path)', {
    varies_across_profiles: true,
    value_may_differ: false,
    trace_may_differ: true,
    note: 'pinnacle numbers and timing are profile-invariant; the echoed life_path follows the profile',
  }),
  py('challenges', 'life_cycles', ['challenge_numbers'], ['birth_date'], 'differences of single-digit month, day and year'),
  py('balance', 'name_analysis', ['balance_number'], ['name'], 'initials of the name parts'),
  py('rational_thought', 'name_analysis', ['rational_thought_number'], ['birth_date', 'name'], 'first name + birth day'),
  py('subconscious_self', 'name_analysis', ['subconscious_self_number'], ['name'], '9 − number of karmic lessons'),
  py('karmic_lessons', 'karmic_lessons', ['karmic_lesson', 'missing_numbers'], ['name'], 'digits absent from the full birth name'),
  py('hidden_passion', 'passions', ['hidden_passions'], ['name'], 'most frequent digits of the full birth name'),
  py('karmic_debt', 'debts', ['karmic_debts', 'karmic_debt_numbers'], ['birth_date', 'name'], '13/14/16/19 in the final chains of the five core numbers', {
    varies_across_profiles: true,
    value_may_differ: true,
    trace_may_differ: false,
    note: 'the life_path chain depends on the profile',
  }),
];

const CHALDEAN_CALCULATIONS: CalculationDef[] = [
  {
    slug: 'chaldean_name_number',
    system: 'chaldean',
    group: null,
    aliases: ['name_number', 'chaldean_name'],
    needs: ['name'],
    labels: null,
    method_variance: {
      varies_across_profiles: true,
      value_may_differ: true,
      trace_may_differ: true,
      by_profile: { 'chaldean-cheiro-current-name-v1': 'current_name', 'chaldean-cheiro-birth-name-v1': 'birth_name' },
      note: 'the profile selects the name basis; there is no fallback',
    },
    summary: "Cheiro's table over every letter of the name, reduced to 1–9, with the Cheiro compound 10..52",
  },
];

const KABBALAH_CALCULATIONS: CalculationDef[] = [
  {
    slug: 'kabbalah_gematria',
    system: 'kabbalah',
    group: null,
    aliases: ['gematria'],
    needs: ['name'],
    labels: null,
    method_variance: {
      varies_across_profiles: true,
      value_may_differ: true,
      trace_may_differ: true,
      by_profile: {
        'kabbalah-gematria-hechrechi-v1': 'hechrechi',
        'kabbalah-gematria-siduri-v1': 'siduri',
        'kabbalah-gematria-katan-v1': 'katan',
        'kabbalah-gematria-katan-mispari-v1': 'katan_mispari',
        'kabbalah-gematria-millui-alef-v1': 'millui_alef',
        'kabbalah-gematria-millui-alef-reduced-v1': 'millui_alef_reduced',
      },
      note: 'the profile selects the gematria method',
    },
    summary: 'gematria of the Hebrew name; final forms take their base value',
  },
];

const ANK_JYOTISH_CALCULATIONS: CalculationDef[] = [
  {
    slug: 'moolank',
    system: 'ank_jyotish',
    group: null,
    aliases: ['mulank', 'mulanka', 'psychic_number', 'driver_number'],
    needs: ['birth_date'],
    labels: { en: 'Moolank', hi: 'मूलांक' },
    method_variance: INVARIANT,
    summary: 'civil birth day reduced to 1–9, with its graha',
  },
  {
    slug: 'bhagyank',
    system: 'ank_jyotish',
    group: null,
    aliases: ['bhagyaank', 'destiny_number', 'conductor_number'],
    needs: ['birth_date'],
    labels: { en: 'Bhagyank', hi: 'भाग्यांक' },
    method_variance: INVARIANT,
    summary: 'digit sum of DDMMYYYY reduced to 1–9, with its graha',
  },
  {
    slug: 'namank',
    system: 'ank_jyotish',
    group: null,
    aliases: ['naamank', 'name_number'],
    needs: ['name'],
    labels: { en: 'Namank', hi: 'नामांक' },
    method_variance: INVARIANT,
    summary: "Cheiro's table over the current name (else the birth name) reduced to 1–9, with its graha",
  },
];

// --- Profiles ------------------------------------------------------------------------------------

const PY_COMBINATIONS: PolicyCombination[] = [
  { master_policy: 'preserve_core_11_22_33', compound_policy: 'full_trace' },
  { master_policy: 'preserve_core_11_22_33', compound_policy: 'root_only' },
];
const REDUCE_ALL_COMBINATIONS: PolicyCombination[] = [
  { master_policy: 'reduce_all', compound_policy: 'full_trace' },
  { master_policy: 'reduce_all', compound_policy: 'compound_and_root' },
];
const KABBALAH_COMBINATIONS: PolicyCombination[] = [{ master_policy: 'not_applicable', compound_policy: 'full_trace' }];

const PY_SOURCES = ['numerology-spec-v1', 'decoz-numerology-course', 'decoz-master-numbers', 'decoz-hearts-desire-y-rule', 'worldnumerology-decoz'];

function pythagoreanProfile(id: string, aliases: string[], dateMethod: DateMethod, extraSources: string[]): ProfileDef {
  return {
    id,
    system: 'pythagorean',
    aliases,
    calculation_slugs: [...PYTHAGOREAN_SLUGS],
    policy_combinations: PY_COMBINATIONS,
    alphabet_id: PYTHAGOREAN_ALPHABET_ID,
    alphabet_column: null,
    name_policy: { kind: 'fixed', source: 'birth' },
    name_script: 'latin',
    date_method: dateMethod,
    content_source_ids: [...PY_SOURCES, ...extraSources],
    registry_fields: {
      life_path_method: dateMethod,
      personal_year_method: dateMethod,
      vowel_rule_id: PYTHAGOREAN_Y_RULE_ID,
      year_anchor: 'calendar_year',
    },
  };
}

function chaldeanProfile(id: string, alias: string, source: NameSource): ProfileDef {
  return {
    id,
    system: 'chaldean',
    aliases: [alias],
    calculation_slugs: [...CHALDEAN_SLUGS],
    policy_combinations: REDUCE_ALL_COMBINATIONS,
    alphabet_id: CHALDEAN_ALPHABET_ID,
    alphabet_column: null,
    name_policy: { kind: 'fixed', source },
    name_script: 'latin',
    content_source_ids: ['numerology-spec-v1', 'cheiro-book-of-numbers', 'bostjanlovrat-cheiro-variants', 'mahajyotish-name-numerology'],
    registry_fields: { name_source: source, name_fallback: false, compound_range: [10, 52] },
  };
}

const KABBALAH_METHODS: readonly (readonly [string, string, GematriaMethod, HebrewColumn])[] = [
  ['kabbalah-gematria-hechrechi-v1', 'standard', 'hechrechi', 'hechrechi'],
  ['kabbalah-gematria-siduri-v1', 'ordinal', 'siduri', 'siduri'],
  ['kabbalah-gematria-katan-v1', 'reduced_letters', 'katan', 'katan'],
  ['kabbalah-gematria-katan-mispari-v1', 'reduced_total', 'katan_mispari', 'hechrechi'],
  ['kabbalah-gematria-millui-alef-v1', 'full_letter_names', 'millui_alef', 'millui_alef'],
  ['kabbalah-gematria-millui-alef-reduced-v1', 'full_letter_names_reduced', 'millui_alef_reduced', 'millui_alef'],
];

function kabbalahProfile([id, alias, method, column]: readonly [string, string, GematriaMethod, HebrewColumn]): ProfileDef {
  return {
    id,
    system: 'kabbalah',
    aliases: [alias],
    calculation_slugs: [...KABBALAH_SLUGS],
    policy_combinations: KABBALAH_COMBINATIONS,
    alphabet_id: HEBREW_ALPHABET_ID,
    alphabet_column: column,
    name_policy: { kind: 'default', source: 'birth' },
    name_script: 'hebrew',
    gematria_method: method,
    content_source_ids: ['numerology-spec-v1', 'wikipedia-gematria', 'pypi-hebrew', 'npm-gematria', 'inner-org-gematria'],
    registry_fields: {
      gematria_method: method,
      alphabet_column: column,
      final_forms: 'base_letter_value',
      total_reduction: method === 'katan_mispari' || method === 'millui_alef_reduced' ? 'reduce_single' : 'none',
      name_source_default: 'birth',
    },
  };
}

const ANK_ID = 'ank-jyotish-civil-cheiro-navagraha-reduce-all-v1';

const PROFILES: ProfileDef[] = [
  pythagoreanProfile(COMPONENT_ID, ['standard'], 'component', []),
  pythagoreanProfile(RAW_ID, ['raw_date'], 'raw_digit_sum', ['numberscape-definitions']),
  chaldeanProfile('chaldean-cheiro-current-name-v1', 'current_name', 'current'),
  chaldeanProfile('chaldean-cheiro-birth-name-v1', 'birth_name', 'birth'),
  ...KABBALAH_METHODS.map(kabbalahProfile),
  {
    id: ANK_ID,
    system: 'ank_jyotish',
    aliases: ['standard'],
    calculation_slugs: [...ANK_JYOTISH_SLUGS],
    policy_combinations: REDUCE_ALL_COMBINATIONS,
    alphabet_id: CHALDEAN_ALPHABET_ID,
    alphabet_column: null,
    name_policy: { kind: 'prefer', order: ['current', 'birth'] },
    name_script: 'latin',
    content_source_ids: [
      'numerology-spec-v1',
      'ankjyotish-learn',
      'vedhoroscope-mulank-bhagyank-namank',
      'vaastu-vigyan-vol-1',
      'cheiro-book-of-numbers',
      'free-calculators-numerology-report',
    ],
    registry_fields: {
      birth_date_boundary: 'civil_midnight',
      calendar: 'gregory',
      date_digit_order: 'DDMMYYYY',
      oracle_corpus_id: 'numerology-trusted-vectors-v1',
      reduction: 'reduce_all',
      name_source_default: 'current_then_birth',
    },
  },
];

const ALL_CALCULATIONS: readonly CalculationDef[] = deepFreeze([
  ...PYTHAGOREAN_CALCULATIONS,
  ...CHALDEAN_CALCULATIONS,
  ...KABBALAH_CALCULATIONS,
  ...ANK_JYOTISH_CALCULATIONS,
]);

const ALL_PROFILES: readonly ProfileDef[] = deepFreeze(PROFILES);

export function profileDefs(): readonly ProfileDef[] {
  return ALL_PROFILES;
}

export function calculationDefs(system?: SystemId): readonly CalculationDef[] {
  return system ? ALL_CALCULATIONS.filter((c) => c.system === system) : ALL_CALCULATIONS;
}

/** The calculations by system and slug: a request looks each of its slugs up several times. */
const CALCULATIONS_BY_SLUG = new Map<SystemId, Map<string, CalculationDef>>();
for (const c of ALL_CALCULATIONS) {
  let bySlug = CALCULATIONS_BY_SLUG.get(c.system);
  if (bySlug === undefined) CALCULATIONS_BY_SLUG.set(c.system, (bySlug = new Map<string, CalculationDef>()));
  if (!bySlug.has(c.slug)) bySlug.set(c.slug, c); // the first, as a search in order finds
}

export function calculationDef(system: SystemId, slug: string): CalculationDef | undefined {
  return CALCULATIONS_BY_SLUG.get(system)?.get(slug);
}

/** Resolves a canonical slug or a documented alias within a system. */
export function resolveCalculationSlug(system: SystemId, slugOrAlias: string): string | undefined {
  const defs = calculationDefs(system);
  return (defs.find((c) => c.slug === slugOrAlias) ?? defs.find((c) => c.aliases.includes(slugOrAlias)))?.slug;
}

/**
 * The profile a request without `method.profile` gets, per system (the registry names it as
 * `default_profile`), with its first policy combination. Pythagorean: component reduction
 * (`standard`); Chaldean: the current name, the one Cheiro reads; Kabbalah: standard gematria
 * (Mispar Hechrechi); Ank Jyotish: its only profile.
 */
export const DEFAULT_PROFILE_IDS: Readonly<Record<SystemId, string>> = {
  pythagorean: COMPONENT_ID,
  chaldean: 'chaldean-cheiro-current-name-v1',
  kabbalah: 'kabbalah-gematria-hechrechi-v1',
  ank_jyotish: ANK_ID,
};

export function defaultProfile(system: SystemId): ProfileDef {
  return ALL_PROFILES.find((p) => p.id === DEFAULT_PROFILE_IDS[system])!;
}

export type ProfileResolution =
  { kind: 'found'; profile: ProfileDef; via_alias: boolean } | { kind: 'other_system'; profile_system: SystemId } | { kind: 'unknown' };

/** Resolves `method.profile` (a versioned id or a documented alias) for `system`. */
export function resolveProfile(system: SystemId, idOrAlias: string): ProfileResolution {
  const own = ALL_PROFILES.filter((p) => p.system === system);
  const byId = own.find((p) => p.id === idOrAlias);
  if (byId) return { kind: 'found', profile: byId, via_alias: false };
  const byAlias = own.find((p) => p.aliases.includes(idOrAlias));
  if (byAlias) return { kind: 'found', profile: byAlias, via_alias: true };
  const foreign = ALL_PROFILES.find((p) => p.id === idOrAlias) ?? ALL_PROFILES.find((p) => p.aliases.includes(idOrAlias));
  if (foreign) return { kind: 'other_system', profile_system: foreign.system };
  return { kind: 'unknown' };
}

// --- Required-field paths ------------------------------------------------------------------------

export const REFERENCE_DATE_ALTERNATIVES = ['date_context.reference_date', 'subject.tz_str'] as const;

/** The request paths that satisfy a need, as alternatives (any one of them suffices). */
export function needAlternatives(profile: ProfileDef, need: Need): readonly string[] {
  switch (need) {
    case 'birth_date':
      return ['subject.birth_date'];
    case 'reference_date':
      return REFERENCE_DATE_ALTERNATIVES;
    case 'name': {
      const policy = profile.name_policy;
      if (policy.kind === 'prefer') return policy.order.map((s) => `subject.name.${s}`);
      return [`subject.name.${policy.source}`];
    }
  }
}

/** The registry spelling of a required field (`a OR b` for alternatives). */
export function requiredFieldLabel(alternatives: readonly string[]): string {
  return alternatives.join(' OR ');
}

/** The problem-detail `field` spelling of a missing field (`a|b` for alternatives). */
export function missingFieldLabel(alternatives: readonly string[]): string {
  return alternatives.join('|');
}

export function requiredFieldsFor(profile: ProfileDef, slugs: readonly string[]): string[] {
  const out: string[] = [];
  for (const slug of slugs) {
    const def = calculationDef(profile.system, slug);
    for (const need of def?.needs ?? []) {
      const label = requiredFieldLabel(needAlternatives(profile, need));
      if (!out.includes(label)) out.push(label);
    }
  }
  return out;
}

export function nameBasisOf(source: NameSource): NameBasis {
  return source === 'current' ? 'current_name' : 'birth_name';
}
