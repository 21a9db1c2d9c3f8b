/**
 * The numerology method registry (`GET /api/v1/numerology/methods`, interface §2.5) and the
 * alphabets document (`GET /api/v1/numerology/alphabets`). Both are static, contain no subject data
 * and are safe to cache by `registry_version` / ETag.
 */
import { ALPHABET_IDS, chaldeanTable, hebrewTable, pythagoreanTable } from './alphabets.ts';
import { contentSources } from './content-sources.ts';
import { deepFreeze } from './deep-freeze.ts';
import type { DeepReadonly } from './deep-freeze.ts';
import { canonicalJson, etagFor, sha256Hex } from './etag.ts';
import { grahaMappingTable } from './graha.ts';
import {
  DEFAULT_PROFILE_IDS,
  REGISTRY_VERSION,
  SYSTEM_IDS,
  calculationDefs,
  needAlternatives,
  profileDefs,
  requiredFieldLabel,
  requiredFieldsFor,
} from './profiles.ts';
import type { MasterPolicy, CompoundPolicy, ProfileDef, SystemId } from './profiles.ts';

const LATIN_NAME_SCRIPTS = ['Latn', 'non_latin_with_caller_latin_transliteration'];

function interpretationSupport(labelLocales: string[]) {
  return {
    default_include: false,
    available: false,
    content_kinds: [] as string[],
    locales: [] as string[],
    content_versions: [] as string[],
    label_locales: labelLocales,
    when_unavailable: 'omit_with_warning',
    warning_code: 'interpretations_unavailable',
    locale_fallback: 'none',
  };
}

function profileEntry(profile: ProfileDef) {
  return {
    id: profile.id,
    aliases: [...profile.aliases],
    is_default: DEFAULT_PROFILE_IDS[profile.system] === profile.id,
    required_fields: requiredFieldsFor(profile, profile.calculation_slugs),
    policy_combinations: profile.policy_combinations.map((c) => ({ ...c })),
    // What a request that names no policy gets (the first combination).
    default_policy_combination: { ...profile.policy_combinations[0]! },
    calculation_slugs: [...profile.calculation_slugs],
    alphabet_id: profile.alphabet_id,
    ...(profile.alphabet_column ? { alphabet_column: profile.alphabet_column } : {}),
    ...profile.registry_fields,
    content_source_ids: [...profile.content_source_ids],
  };
}

function calculationEntries(system: SystemId) {
  const profiles = profileDefs().filter((p) => p.system === system);
  return calculationDefs(system).map((c) => {
    const supporting = profiles.filter((p) => p.calculation_slugs.includes(c.slug));
    const byProfile = Object.fromEntries(supporting.map((p) => [p.id, c.needs.map((n) => requiredFieldLabel(needAlternatives(p, n)))]));
    const distinct = unique(Object.values(byProfile).map((fields) => JSON.stringify(fields)));
    const first = Object.values(byProfile)[0] ?? [];
    return {
      slug: c.slug,
      aliases: [...c.aliases],
      ...(c.group ? { group: c.group } : {}),
      ...(c.labels ? { labels: { ...c.labels } } : {}),
      summary: c.summary,
      // Per-calculation required fields, worded like the profile-level lists.
      ...(distinct.length <= 1 ? { required_fields: first } : { required_fields_by_profile: byProfile }),
      profiles: supporting.map((p) => p.id),
      method_variance: { ...c.method_variance },
    };
  });
}

function unique<T>(values: readonly T[]): T[] {
  return [...new Set(values)];
}

function systemEntry(system: SystemId) {
  const profiles = profileDefs().filter((p) => p.system === system);
  const combos = profiles.flatMap((p) => p.policy_combinations);
  const base = {
    system,
    status: 'supported',
    // What a request without method.profile gets.
    default_profile: DEFAULT_PROFILE_IDS[system],
    profiles: profiles.map(profileEntry),
    calculations: calculationEntries(system),
    master_policies: unique<MasterPolicy>(combos.map((c) => c.master_policy)),
    compound_policies: unique<CompoundPolicy>(combos.map((c) => c.compound_policy)),
    alphabet_ids: unique(profiles.map((p) => p.alphabet_id).filter((id): id is string => id !== null)),
    supported_name_scripts: system === 'kabbalah' ? ['Hebr'] : LATIN_NAME_SCRIPTS,
    interpretation_support: interpretationSupport(system === 'ank_jyotish' ? ['en', 'hi'] : ['en']),
  };
  if (system !== 'ank_jyotish') return base;
  return {
    ...base,
    profile_type: 'explicit_composite_modern',
    component_sources: ankJyotishComponentSources(),
    graha_mapping: Object.fromEntries(
      grahaMappingTable().map((g) => [
        String(g.number),
        { number: g.number, english: g.english, common: g.common, iast: g.iast, hindi: g.hindi, aliases: [...g.aliases], notes: g.notes },
      ]),
    ),
  };
}

function ankJyotishComponentSources() {
  return {
    moolank: {
      rule: 'reduce_single(birth day); civil date as given',
      content_source_ids: ['ankjyotish-learn', 'vedhoroscope-mulank-bhagyank-namank', 'vaastu-vigyan-vol-1'],
    },
    bhagyank: {
      rule: 'reduce_single(sum of the digits of DDMMYYYY)',
      content_source_ids: ['ankjyotish-learn', 'vedhoroscope-mulank-bhagyank-namank', 'vaastu-vigyan-vol-1'],
    },
    namank: {
      rule: 'reduce_single(sum of Cheiro letter values of the current name, else the birth name)',
      content_source_ids: ['cheiro-book-of-numbers', 'mahajyotish-name-numerology', 'vedhoroscope-mulank-bhagyank-namank'],
    },
    graha_metadata: {
      rule: 'navagraha 1–9 with Rahu (4) and Ketu (7) replacing Cheiro’s Uranus and Neptune',
      content_source_ids: ['vaastu-vigyan-vol-1', 'free-calculators-numerology-report'],
    },
    policies: {
      birth_date_boundary: { value: 'civil_midnight', content_source_ids: ['numerology-spec-v1'] },
      calendar: { value: 'gregory', content_source_ids: ['numerology-spec-v1'] },
      reduction: { value: 'reduce_all', content_source_ids: ['numerology-spec-v1', 'ankjyotish-learn'] },
      letter_table: { value: 'chaldean-cheiro-latin-1-8-v1', content_source_ids: ['cheiro-book-of-numbers'] },
      name_source: { value: 'current_then_birth', content_source_ids: ['numerology-spec-v1'] },
    },
  };
}

function buildRegistry() {
  return {
    registry_version: REGISTRY_VERSION,
    systems: SYSTEM_IDS.map(systemEntry),
    content_sources: contentSources().map((s) => ({ ...s, supports: [...s.supports], does_not_support: [...s.does_not_support] })),
    request_discriminator: { property_path: 'method.system', values: [...SYSTEM_IDS] },
    response_discriminator: { property_path: 'data.kind', values: [...SYSTEM_IDS] },
  };
}

export type NumerologyMethodsResponse = DeepReadonly<ReturnType<typeof buildRegistry>>;

function withContentHash<T extends object>(table: T): T & { content_sha256: string } {
  return { ...table, content_sha256: sha256Hex(canonicalJson(table)) };
}

function buildAlphabets() {
  const tables = [pythagoreanTable(), chaldeanTable(), hebrewTable()].map(withContentHash);
  return {
    registry_version: REGISTRY_VERSION,
    alphabet_ids: [...ALPHABET_IDS],
    alphabets: tables,
  };
}

export type NumerologyAlphabetsResponse = DeepReadonly<ReturnType<typeof buildAlphabets>>;

const REGISTRY: NumerologyMethodsResponse = deepFreeze(buildRegistry());
const ALPHABETS: NumerologyAlphabetsResponse = deepFreeze(buildAlphabets());
const REGISTRY_ETAG = etagFor(`numerology-methods-${REGISTRY_VERSION}`, REGISTRY);
const ALPHABETS_ETAG = etagFor(`numerology-alphabets-${REGISTRY_VERSION}`, ALPHABETS);

/** The NumerologyMethodsResponse (deeply frozen; serialise it as is). */
export function getRegistry(): NumerologyMethodsResponse {
  return REGISTRY;
}

/** The NumerologyAlphabetsResponse: every alphabet id of the registry resolves to one table. */
export function getAlphabets(): NumerologyAlphabetsResponse {
  return ALPHABETS;
}

/** Strong ETag of the registry document (changes whenever its content changes). */
export function getRegistryEtag(): string {
  return REGISTRY_ETAG;
}

export function getAlphabetsEtag(): string {
  return ALPHABETS_ETAG;
}

export function getRegistryVersion(): string {
  return REGISTRY_VERSION;
}
