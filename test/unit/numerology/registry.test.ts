import { describe, expect, it } from 'vitest';
import { getAlphabets, getAlphabetsEtag, getRegistry, getRegistryEtag, ifNoneMatchMatches } from '../../../src/numerology/index.ts';
import { requestForVector, loadVectors, run } from './helpers.ts';
import type { AnyJson } from './helpers.ts';

const PYTHAGOREAN_17 = [
  'life_path',
  'expression',
  'soul_urge',
  'personality',
  'birthday',
  'maturity',
  'personal_year',
  'personal_month',
  'personal_day',
  'pinnacles',
  'challenges',
  'balance',
  'rational_thought',
  'subconscious_self',
  'karmic_lessons',
  'hidden_passion',
  'karmic_debt',
];

/** spec.md §0. */
const SPEC_PROFILES: Record<string, { system: string; slugs: string[] }> = {
  'pythagorean-component-preserve-core-v1': { system: 'pythagorean', slugs: PYTHAGOREAN_17 },
  'pythagorean-raw-date-preserve-core-v1': { system: 'pythagorean', slugs: PYTHAGOREAN_17 },
  'chaldean-cheiro-current-name-v1': { system: 'chaldean', slugs: ['chaldean_name_number'] },
  'chaldean-cheiro-birth-name-v1': { system: 'chaldean', slugs: ['chaldean_name_number'] },
  'kabbalah-gematria-hechrechi-v1': { system: 'kabbalah', slugs: ['kabbalah_gematria'] },
  'kabbalah-gematria-siduri-v1': { system: 'kabbalah', slugs: ['kabbalah_gematria'] },
  'kabbalah-gematria-katan-v1': { system: 'kabbalah', slugs: ['kabbalah_gematria'] },
  'kabbalah-gematria-katan-mispari-v1': { system: 'kabbalah', slugs: ['kabbalah_gematria'] },
  'kabbalah-gematria-millui-alef-v1': { system: 'kabbalah', slugs: ['kabbalah_gematria'] },
  'kabbalah-gematria-millui-alef-reduced-v1': { system: 'kabbalah', slugs: ['kabbalah_gematria'] },
  'ank-jyotish-civil-cheiro-navagraha-reduce-all-v1': { system: 'ank_jyotish', slugs: ['moolank', 'bhagyank', 'namank'] },
};

const registry = getRegistry() as AnyJson;
const allProfiles: AnyJson[] = registry.systems.flatMap((s: AnyJson) => s.profiles.map((p: AnyJson) => ({ ...p, system: s.system })));

describe('numerology registry (interface §2.5)', () => {
  it('has version 2026-07 and the four supported systems', () => {
    expect(registry.registry_version).toBe('2026-07');
    expect(registry.systems.map((s: AnyJson) => s.system).sort()).toEqual(['ank_jyotish', 'chaldean', 'kabbalah', 'pythagorean']);
    for (const s of registry.systems) expect(s.status).toBe('supported');
  });

  it('lists exactly the profiles and slugs of spec.md §0', () => {
    expect(allProfiles.map((p) => p.id).sort()).toEqual(Object.keys(SPEC_PROFILES).sort());
    for (const p of allProfiles) {
      const spec = SPEC_PROFILES[p.id];
      expect(spec, p.id).toBeDefined();
      expect(p.system).toBe(spec?.system);
      expect([...p.calculation_slugs].sort()).toEqual([...(spec?.slugs ?? [])].sort());
    }
  });

  it('gives every profile required fields and exact policy combinations', () => {
    for (const p of allProfiles) {
      expect(p.required_fields.length).toBeGreaterThan(0);
      expect(p.policy_combinations.length).toBeGreaterThan(0);
      for (const c of p.policy_combinations) {
        const system = registry.systems.find((s: AnyJson) => s.system === p.system);
        expect(system.master_policies).toContain(c.master_policy);
        expect(system.compound_policies).toContain(c.compound_policy);
      }
    }
    const component = allProfiles.find((p) => p.id === 'pythagorean-component-preserve-core-v1');
    expect(component.policy_combinations[0]).toEqual({ master_policy: 'preserve_core_11_22_33', compound_policy: 'full_trace' });
    expect(component.required_fields).toEqual(['subject.birth_date', 'subject.name.birth', 'date_context.reference_date OR subject.tz_str']);
    expect(allProfiles.find((p) => p.id === 'chaldean-cheiro-current-name-v1').name_source).toBe('current');
    expect(allProfiles.find((p) => p.id === 'chaldean-cheiro-birth-name-v1').name_source).toBe('birth');
  });

  it('documents the Ank Jyotish profile parameters, graha mapping and component sources', () => {
    const ank = registry.systems.find((s: AnyJson) => s.system === 'ank_jyotish');
    expect(ank.profile_type).toBe('explicit_composite_modern');
    const profile = ank.profiles[0];
    expect(profile).toMatchObject({ birth_date_boundary: 'civil_midnight', calendar: 'gregory', date_digit_order: 'DDMMYYYY' });
    expect(typeof profile.oracle_corpus_id).toBe('string');
    expect(Object.keys(ank.graha_mapping).sort()).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9']);
    expect(ank.graha_mapping['4']).toMatchObject({ english: 'Rahu', common: 'Rahu', iast: 'Rāhu', hindi: 'राहु' });
    expect(ank.graha_mapping['9']).toMatchObject({ english: 'Mars', common: 'Mangal', iast: 'Maṅgala', hindi: 'मंगल' });
    for (const g of Object.values<AnyJson>(ank.graha_mapping)) expect(Array.isArray(g.aliases)).toBe(true);
    expect(Object.keys(ank.component_sources)).toEqual(expect.arrayContaining(['moolank', 'bhagyank', 'namank', 'graha_metadata', 'policies']));
    for (const s of registry.systems) {
      if (s.system !== 'ank_jyotish') {
        expect(s.graha_mapping).toBeUndefined();
        expect(s.component_sources).toBeUndefined();
      }
    }
  });

  it('describes calculations with aliases and method variance', () => {
    for (const s of registry.systems) {
      const slugs = new Set(s.profiles.flatMap((p: AnyJson) => p.calculation_slugs));
      expect(new Set(s.calculations.map((c: AnyJson) => c.slug))).toEqual(slugs);
      for (const c of s.calculations) {
        expect(Array.isArray(c.aliases)).toBe(true);
        expect(typeof c.method_variance.varies_across_profiles).toBe('boolean');
      }
    }
    const py = registry.systems.find((s: AnyJson) => s.system === 'pythagorean');
    expect(py.calculations.find((c: AnyJson) => c.slug === 'life_path').method_variance.varies_across_profiles).toBe(true);
    expect(py.calculations.find((c: AnyJson) => c.slug === 'challenges').method_variance.varies_across_profiles).toBe(false);
  });

  it('has discriminators and resolvable content sources', () => {
    expect(registry.request_discriminator).toEqual({ property_path: 'method.system', values: ['pythagorean', 'chaldean', 'kabbalah', 'ank_jyotish'] });
    expect(registry.response_discriminator).toEqual({ property_path: 'data.kind', values: ['pythagorean', 'chaldean', 'kabbalah', 'ank_jyotish'] });
    const ids = new Set(registry.content_sources.map((s: AnyJson) => s.id));
    expect(ids.size).toBe(registry.content_sources.length);
    for (const s of registry.content_sources) {
      for (const key of ['id', 'type', 'authority_class', 'title', 'usage']) expect(typeof s[key], key).toBe('string');
      expect(Array.isArray(s.supports)).toBe(true);
      expect(Array.isArray(s.does_not_support)).toBe(true);
    }
    for (const p of allProfiles) for (const id of p.content_source_ids) expect(ids.has(id), id).toBe(true);
  });

  it('contains no subject-like data and is immutable', () => {
    expect(Object.isFrozen(registry)).toBe(true);
    expect(Object.isFrozen(registry.systems[0].profiles[0].policy_combinations)).toBe(true);
    expect(() => {
      registry.systems[0].status = 'removed';
    }).toThrow();
  });

  it('has a stable strong ETag and supports If-None-Match', () => {
    const etag = getRegistryEtag();
    expect(etag).toMatch(/^"numerology-methods-2026-07-[0-9a-f]{32}"$/);
    expect(getRegistryEtag()).toBe(etag);
    expect(ifNoneMatchMatches(etag, etag)).toBe(true);
    expect(ifNoneMatchMatches(`W/${etag}, "other"`, etag)).toBe(true);
    expect(ifNoneMatchMatches('*', etag)).toBe(true);
    expect(ifNoneMatchMatches('"other"', etag)).toBe(false);
    expect(ifNoneMatchMatches(undefined, etag)).toBe(false);
    expect(getAlphabetsEtag()).not.toBe(etag);
  });
});

describe('numerology alphabets (NumerologyAlphabetsResponse)', () => {
  const alphabets = getAlphabets() as AnyJson;

  it('resolves every alphabet id of the registry to exactly one immutable table', () => {
    const ids = new Set<string>(registry.systems.flatMap((s: AnyJson) => s.alphabet_ids));
    for (const p of allProfiles) if (p.alphabet_id) ids.add(p.alphabet_id);
    expect(ids.size).toBeGreaterThan(0);
    for (const id of ids) {
      const tables = alphabets.alphabets.filter((a: AnyJson) => a.id === id);
      expect(tables, id).toHaveLength(1);
      expect(Object.isFrozen(tables[0])).toBe(true);
      expect(tables[0].content_sha256).toMatch(/^[0-9a-f]{64}$/);
    }
    expect(ids.has('pythagorean-latin-a-z-cyclic-1-9-v1')).toBe(true);
  });

  it('has the spec tables', () => {
    const py = alphabets.alphabets.find((a: AnyJson) => a.id === 'pythagorean-latin-a-z-cyclic-1-9-v1');
    expect(py.letters.map((l: AnyJson) => l.value).join('')).toBe('12345678912345678912345678');
    const ch = alphabets.alphabets.find((a: AnyJson) => a.id === 'chaldean-cheiro-latin-1-8-v1');
    expect(ch.letters.map((l: AnyJson) => l.value).join('')).toBe('12345835112345781234666517');
    const he = alphabets.alphabets.find((a: AnyJson) => a.script === 'Hebr');
    expect(he.letters).toHaveLength(22);
    expect(he.columns).toEqual(['hechrechi', 'siduri', 'katan', 'millui_alef']);
    expect(he.millui_alef_total).toBe(4240);
  });
});

describe('registry-driven requests', () => {
  it('every profile computes all its slugs with its first policy combination', () => {
    const subject = {
      birth_date: '1987-03-23',
      name: { birth: 'Thomas John Hancock', current: 'Tom Hancock' },
    };
    for (const p of allProfiles) {
      const hebrew = p.system === 'kabbalah';
      const res = run({
        method: { system: p.system, profile: p.id, ...p.policy_combinations[0] },
        subject: hebrew ? { name: { birth: 'שלום' } } : subject,
        date_context: { reference_date: '2024-06-15' },
      });
      expect(res.status, p.id).toBe(200);
      const body = res.body as AnyJson;
      expect(Object.keys(body.data.calculations)).toEqual([...p.calculation_slugs]);
      expect(body.method.alphabet_id).toBe(p.alphabet_id);
    }
  });

  it('every vector profile id is in the registry', () => {
    const ids = new Set(allProfiles.map((p) => p.id));
    for (const v of loadVectors().vectors) {
      expect(ids.has(v.profile_id)).toBe(true);
      expect(() => requestForVector(v)).not.toThrow();
    }
  });
});
