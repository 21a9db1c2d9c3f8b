import { describe, expect, it } from 'vitest';
import { PROBLEM_CONTENT_TYPE, problemTypeUri } from '../../../src/numerology/index.ts';
import { run } from './helpers.ts';
import type { AnyJson } from './helpers.ts';

const PY = { system: 'pythagorean', profile: 'pythagorean-component-preserve-core-v1' };

function problem(body: unknown, ctx = {}): AnyJson {
  const res = run(body, ctx);
  expect(res.status).toBeGreaterThanOrEqual(400);
  expect(res.contentType).toBe(PROBLEM_CONTENT_TYPE);
  const p = res.body as AnyJson;
  expect(p.status).toBe(res.status);
  return p;
}

describe('problem details shape (interface §2.6)', () => {
  it('carries every field, with a type URI built from the code', () => {
    const p = problem({ method: PY, subject: {}, calculations: ['life_path'] });
    expect(Object.keys(p).sort()).toEqual(['calculation', 'code', 'detail', 'field', 'instance', 'status', 'title', 'trace_id', 'type'].sort());
    expect(p).toMatchObject({
      type: 'https://astro.example/problems/missing_required_field',
      status: 422,
      code: 'missing_required_field',
      field: 'subject.birth_date',
      calculation: 'life_path',
      instance: '/api/v1/numerology/profile',
      trace_id: 'trace-test-0001',
    });
    expect(typeof p.title).toBe('string');
    expect(typeof p.detail).toBe('string');
  });

  it('uses the base URL from the context', () => {
    const p = problem({ method: PY, subject: {} }, { problemBaseUrl: 'https://api.example.org/problems/' });
    expect(p.type).toBe(`https://api.example.org/problems/${p.code}`);
    expect(problemTypeUri('invalid_date', 'https://x.test/p')).toBe('https://x.test/p/invalid_date');
  });

  it('never echoes subject data in the detail', () => {
    const p = problem({ method: PY, subject: { name: { birth: 'Дмитрий Менделеев' } }, calculations: ['expression'] });
    expect(p.code).toBe('unsupported_characters');
    expect(JSON.stringify(p)).not.toContain('Дмитрий');
    const q = problem({ method: PY, subject: { birth_date: '1900-02-29' }, calculations: ['life_path'] });
    expect(JSON.stringify(q)).not.toContain('1900');
  });
});

describe('400: date context resolution', () => {
  it('date_context_unresolved when tz_str is AUTO and nothing resolves it', () => {
    const p = problem({ method: PY, subject: { birth_date: '1990-05-14', tz_str: 'AUTO' }, calculations: ['personal_year'] });
    expect(p).toMatchObject({ status: 400, code: 'date_context_unresolved', field: 'subject.tz_str', calculation: 'personal_year' });
  });

  it('date_context_unresolved when the AUTO resolver fails', () => {
    const p = problem(
      { method: PY, subject: { birth_date: '1990-05-14', tz_str: 'AUTO', lat: 10, lng: 20 }, calculations: ['personal_day'] },
      { resolveTimeZone: () => null },
    );
    expect(p).toMatchObject({ status: 400, code: 'date_context_unresolved' });
  });

  it('invalid_tz for an unknown IANA zone', () => {
    const p = problem({ method: PY, subject: { birth_date: '1990-05-14', tz_str: 'Mars/Olympus_Mons' }, calculations: ['personal_month'] });
    expect(p).toMatchObject({ status: 400, code: 'invalid_tz', field: 'subject.tz_str' });
  });
});

describe('409: incompatible policies and profiles', () => {
  it('policy_incompatible for a master policy of another system', () => {
    const p = problem({ method: { ...PY, master_policy: 'reduce_all', compound_policy: 'full_trace' }, subject: {} });
    expect(p).toMatchObject({ status: 409, code: 'policy_incompatible', field: 'method.master_policy' });
  });

  it('policy_incompatible for a combination the profile does not list', () => {
    const p = problem({
      method: { system: 'kabbalah', profile: 'kabbalah-gematria-siduri-v1', master_policy: 'not_applicable', compound_policy: 'root_only' },
      subject: { name: { birth: 'שלום' } },
    });
    expect(p).toMatchObject({ status: 409, code: 'policy_incompatible', field: 'method.compound_policy' });
  });

  it('policy_incompatible when name_source contradicts a fixed-basis profile', () => {
    const p = problem({
      method: { system: 'chaldean', profile: 'chaldean-cheiro-birth-name-v1', name_source: 'current' },
      subject: { name: { birth: 'Ram', current: 'Shyam' } },
    });
    expect(p).toMatchObject({ status: 409, code: 'policy_incompatible', field: 'method.name_source' });
  });

  it('profile_system_mismatch for a profile id of another system', () => {
    const p = problem({ method: { system: 'pythagorean', profile: 'chaldean-cheiro-current-name-v1' }, subject: {} });
    expect(p).toMatchObject({ status: 409, code: 'profile_system_mismatch', field: 'method.profile' });
  });

  it('profile_system_mismatch for an alias that only exists in another system', () => {
    const p = problem({ method: { system: 'kabbalah', profile: 'current_name' }, subject: {} });
    expect(p).toMatchObject({ status: 409, code: 'profile_system_mismatch', field: 'method.profile' });
  });
});

describe('422: request validation', () => {
  const cases: [string, unknown, { code: string; field: string | null; calculation?: string | null }][] = [
    ['non-object body', null, { code: 'validation_failed', field: null }],
    ['missing method', {}, { code: 'missing_required_field', field: 'method' }],
    ['unknown system', { method: { system: 'vedic', profile: 'x' } }, { code: 'validation_failed', field: 'method.system' }],
    // Without a profile the default applies (chaldean: current name), which then needs its name.
    ['missing profile and name', { method: { system: 'chaldean' } }, { code: 'missing_required_field', field: 'subject.name.current' }],
    ['unknown policy value', { method: { ...PY, master_policy: 'keep_all' } }, { code: 'validation_failed', field: 'method.master_policy' }],
    ['name too long', { method: PY, subject: { name: { birth: 'A'.repeat(201) } } }, { code: 'validation_failed', field: 'subject.name.birth' }],
    [
      'transliteration without profile',
      { method: PY, subject: { name: { birth: 'Мария', transliteration: { birth: 'Maria' } } } },
      { code: 'missing_required_field', field: 'subject.name.transliteration.profile' },
    ],
    ['bad script code', { method: PY, subject: { name: { birth: 'Maria', script: 'latin' } } }, { code: 'validation_failed', field: 'subject.name.script' }],
    ['non-gregorian calendar', { method: PY, subject: { calendar: 'julian' } }, { code: 'validation_failed', field: 'subject.calendar' }],
    ['year anchor', { method: PY, date_context: { year_anchor: 'birthday' } }, { code: 'validation_failed', field: 'date_context.year_anchor' }],
    ['latitude out of range', { method: PY, subject: { lat: 91 } }, { code: 'validation_failed', field: 'subject.lat' }],
    ['bad birth_time', { method: PY, subject: { birth_time: '24:00' } }, { code: 'validation_failed', field: 'subject.birth_time' }],
    ['empty calculations', { method: PY, calculations: [] }, { code: 'validation_failed', field: 'calculations' }],
    ['unknown profile', { method: { system: 'pythagorean', profile: 'pythagorean-v9' } }, { code: 'unknown_profile', field: 'method.profile' }],
    [
      'unknown calculation',
      { method: PY, subject: { birth_date: '1990-01-01' }, calculations: ['life_path', 'moolank'] },
      { code: 'unknown_calculation', field: 'calculations.1', calculation: 'moolank' },
    ],
    [
      'invalid birth date (1900 is not a leap year)',
      { method: PY, subject: { birth_date: '1900-02-29' }, calculations: ['life_path'] },
      { code: 'invalid_date', field: 'subject.birth_date', calculation: 'life_path' },
    ],
    [
      'malformed birth date',
      { method: PY, subject: { birth_date: '1990-1-1' }, calculations: ['birthday'] },
      { code: 'invalid_date', field: 'subject.birth_date' },
    ],
    ['year 0000', { method: PY, subject: { birth_date: '0000-01-01' }, calculations: ['birthday'] }, { code: 'invalid_date', field: 'subject.birth_date' }],
    [
      'invalid reference date',
      { method: PY, subject: { birth_date: '1990-01-01' }, date_context: { reference_date: '2023-02-29' }, calculations: ['personal_year'] },
      { code: 'invalid_date', field: 'date_context.reference_date' },
    ],
    [
      'missing reference date and tz_str',
      { method: PY, subject: { birth_date: '1990-01-01' }, calculations: ['personal_year'] },
      { code: 'missing_required_field', field: 'date_context.reference_date|subject.tz_str', calculation: 'personal_year' },
    ],
    [
      'missing birth name for pythagorean',
      { method: PY, subject: { name: { current: 'Maria' } }, calculations: ['expression'] },
      { code: 'missing_required_field', field: 'subject.name.birth' },
    ],
    [
      'namank without any name',
      { method: { system: 'ank_jyotish', profile: 'standard' }, subject: { birth_date: '1990-01-01' }, calculations: ['namank'] },
      { code: 'missing_required_field', field: 'subject.name.current|subject.name.birth' },
    ],
    [
      'kabbalah needs Hebrew script',
      { method: { system: 'kabbalah', profile: 'standard' }, subject: { name: { birth: 'Moshe' } } },
      { code: 'requires_hebrew_script', field: 'subject.name.birth' },
    ],
    [
      'kabbalah name made of marks only',
      { method: { system: 'kabbalah', profile: 'standard' }, subject: { name: { birth: '־ ׃' } } },
      { code: 'empty_name', field: 'subject.name.birth' },
    ],
    [
      'bad transliteration',
      { method: { system: 'chaldean', profile: 'birth_name' }, subject: { name: { birth: 'Мария', transliteration: { profile: 'caller', birth: 'Мaria' } } } },
      { code: 'unsupported_characters', field: 'subject.name.transliteration.birth' },
    ],
  ];

  it.each(cases)('%s', (_label, body, expected) => {
    const p = problem(body);
    expect(p.status).toBe(422);
    expect(p).toMatchObject(expected);
  });
});
