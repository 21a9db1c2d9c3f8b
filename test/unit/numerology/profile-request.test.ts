import { afterEach, describe, expect, it, vi } from 'vitest';
import { NumerologyProfileRequestSchema } from '../../../src/numerology/index.ts';
import { calc, okBody, run } from './helpers.ts';
import type { AnyJson } from './helpers.ts';

const FULL_PY = {
  system: 'pythagorean',
  profile: 'pythagorean-component-preserve-core-v1',
  master_policy: 'preserve_core_11_22_33',
  compound_policy: 'full_trace',
};

describe('NumerologyProfileResponse shape', () => {
  it('returns registry_version, method, data, provenance and warnings', () => {
    const res = run({
      method: FULL_PY,
      subject: { birth_date: '1987-03-23', name: { birth: 'John Peter Hancock' } },
      date_context: { reference_date: '2024-06-15' },
    });
    expect(res.status).toBe(200);
    expect(res.contentType).toBe('application/json');
    const body = res.body as AnyJson;
    expect(body.registry_version).toBe('2026-07');
    expect(body.method).toEqual({
      system: 'pythagorean',
      profile_id: 'pythagorean-component-preserve-core-v1',
      master_policy: 'preserve_core_11_22_33',
      compound_policy: 'full_trace',
      name_source: 'birth',
      alphabet_id: 'pythagorean-latin-a-z-cyclic-1-9-v1',
    });
    expect(body.data.kind).toBe('pythagorean');
    expect(Object.keys(body.data.calculations)).toHaveLength(17);
    expect(body.provenance).toMatchObject({
      registry_version: '2026-07',
      profile_id: 'pythagorean-component-preserve-core-v1',
      alphabet_ids: ['pythagorean-latin-a-z-cyclic-1-9-v1'],
      reference_date: '2024-06-15',
      reference_date_source: 'date_context.reference_date',
      persisted: false,
    });
    expect(body.provenance.content_source_ids.length).toBeGreaterThan(0);
    expect(body.warnings).toEqual([]);
    // The body is plain JSON.
    expect(JSON.parse(JSON.stringify(body))).toEqual(body);
  });

  it('keeps the requested calculation order, resolves aliases and removes duplicates', () => {
    const body = okBody(
      run({
        method: FULL_PY,
        subject: { birth_date: '1990-05-14', name: { birth: 'Anna Williams' } },
        calculations: ['karmic_debts', 'destiny', 'life_path', 'expression'],
      }),
    );
    expect(Object.keys(body.data.calculations)).toEqual(['karmic_debt', 'expression', 'life_path']);
    expect(body.data.calculations.expression.value).toBe(11);
  });

  it('accepts documented profile aliases and echoes them', () => {
    const cases: [string, string, string][] = [
      ['pythagorean', 'raw_date', 'pythagorean-raw-date-preserve-core-v1'],
      ['chaldean', 'birth_name', 'chaldean-cheiro-birth-name-v1'],
      ['kabbalah', 'ordinal', 'kabbalah-gematria-siduri-v1'],
      ['kabbalah', 'reduced_letters', 'kabbalah-gematria-katan-v1'],
      ['kabbalah', 'reduced_total', 'kabbalah-gematria-katan-mispari-v1'],
      ['kabbalah', 'full_letter_names', 'kabbalah-gematria-millui-alef-v1'],
      ['kabbalah', 'full_letter_names_reduced', 'kabbalah-gematria-millui-alef-reduced-v1'],
      ['ank_jyotish', 'standard', 'ank-jyotish-civil-cheiro-navagraha-reduce-all-v1'],
    ];
    for (const [system, alias, id] of cases) {
      const subject = system === 'kabbalah' ? { name: { birth: 'שלום' } } : { birth_date: '1990-01-01', name: { birth: 'Ram' } };
      const body = okBody(run({ method: { system, profile: alias }, subject, date_context: { reference_date: '2024-01-01' } }));
      expect(body.method.profile_id).toBe(id);
      expect(body.method.profile_alias).toBe(alias);
    }
  });

  it('completes omitted policies from the profile and warns', () => {
    const body = okBody(run({ method: { system: 'chaldean', profile: 'current_name' }, subject: { name: { current: 'Cheiro' } } }));
    expect(body.method).toMatchObject({ master_policy: 'reduce_all', compound_policy: 'full_trace', name_source: 'current' });
    expect(body.warnings.map((w: AnyJson) => w.code)).toContain('policy_defaulted');
  });
});

describe('compound policies', () => {
  it('root_only keeps value (and status) only', () => {
    const body = okBody(
      run({
        method: { ...FULL_PY, compound_policy: 'root_only' },
        subject: { birth_date: '1992-11-22', name: { birth: 'Aeio Uae' } },
        calculations: ['life_path', 'personality', 'pinnacles'],
      }),
    );
    expect(body.data.calculations).toEqual({
      life_path: { value: 9 },
      personality: { value: null, status: 'no_consonants' },
      pinnacles: { value: [33, 7, 4, 5] },
    });
  });

  it('compound_and_root drops the letter-level trace only', () => {
    const r = calc(
      {
        method: { system: 'chaldean', profile: 'chaldean-cheiro-birth-name-v1', master_policy: 'reduce_all', compound_policy: 'compound_and_root' },
        subject: { name: { birth: 'Wolfgang Amadeus Mozart' } },
      },
      'chaldean_name_number',
    );
    expect(r).toEqual({ value: 4, name_basis: 'birth_name', total: 85, chain: [85, 13, 4], cheiro_compound: 13 });
  });
});

describe('name sources', () => {
  it('namank prefers the current name, and name_source can force the birth name', () => {
    const subject = { name: { birth: 'Mohandas Karamchand Gandhi', current: 'Mahatma Gandhi' } };
    const method = { system: 'ank_jyotish', profile: 'standard' };
    const current = okBody(run({ method, subject, calculations: ['namank'] }));
    expect(current.data.calculations.namank).toMatchObject({ name_basis: 'current_name', value: 3 });
    expect(current.method.name_source).toBe('current');
    const birth = okBody(run({ method: { ...method, name_source: 'birth' }, subject, calculations: ['namank'] }));
    expect(birth.data.calculations.namank).toMatchObject({ name_basis: 'birth_name', normalized: 'MOHANDAS KARAMCHAND GANDHI' });
    expect(birth.method.name_source).toBe('birth');
  });

  it('kabbalah reads the birth name unless name_source selects the current one', () => {
    const subject = { name: { birth: 'אחד', current: 'אמת' } };
    expect(calc({ method: { system: 'kabbalah', profile: 'standard' }, subject }, 'kabbalah_gematria').value).toBe(13);
    expect(calc({ method: { system: 'kabbalah', profile: 'standard', name_source: 'current' }, subject }, 'kabbalah_gematria').value).toBe(441);
  });

  it('Latin systems use the transliteration and report it in provenance', () => {
    const body = okBody(
      run({
        method: { system: 'chaldean', profile: 'birth_name' },
        subject: { name: { birth: 'Мария', script: 'Cyrl', transliteration: { profile: 'caller', birth: 'Maria' } } },
      }),
    );
    expect(body.data.calculations.chaldean_name_number.value).toBe(9);
    expect(body.provenance.inputs_used).toEqual(['subject.name.transliteration.birth']);
    expect(body.provenance.transliteration_profile).toBe('caller');
  });
});

describe('date context', () => {
  const body = (subject: Record<string, unknown>, date_context?: Record<string, unknown>) => ({
    method: FULL_PY,
    subject: { birth_date: '1965-04-23', ...subject },
    ...(date_context ? { date_context } : {}),
    calculations: ['personal_year', 'personal_day'],
  });

  it('derives "today" from subject.tz_str at ctx.now', () => {
    const now = new Date('2020-10-06T20:30:00Z'); // already 2020-10-07 in Tokyo, still 2020-10-06 in New York
    const tokyo = okBody(run(body({ tz_str: 'Asia/Tokyo' }), { now }));
    expect(tokyo.data.calculations.personal_day).toMatchObject({ reference_date: '2020-10-07', value: 3 });
    expect(tokyo.provenance).toMatchObject({ reference_date_source: 'subject.tz_str', reference_time_zone: 'Asia/Tokyo' });
    const ny = okBody(run(body({ tz_str: 'America/New_York' }), { now }));
    expect(ny.data.calculations.personal_day.reference_date).toBe('2020-10-06');
  });

  it('prefers date_context.reference_date over tz_str', () => {
    const r = okBody(run(body({ tz_str: 'Asia/Tokyo' }, { reference_date: '2020-10-07', year_anchor: 'calendar_year' })));
    expect(r.provenance.reference_date_source).toBe('date_context.reference_date');
  });

  it('changes the personal year on January 1', () => {
    const dec = calc(body({}, { reference_date: '2020-12-31' }), 'personal_year');
    const jan = calc(body({}, { reference_date: '2021-01-01' }), 'personal_year');
    expect(dec.components.reference_year.input).toBe(2020);
    expect(jan.components.reference_year.input).toBe(2021);
  });

  it('resolves tz_str AUTO through the optional resolver', () => {
    const resolveTimeZone = vi.fn(() => 'Asia/Kolkata');
    const r = run(body({ tz_str: 'AUTO', lat: 28.6, lng: 77.2 }), { resolveTimeZone, now: new Date('2020-10-06T20:00:00Z') });
    expect(okBody(r).data.calculations.personal_day.reference_date).toBe('2020-10-07');
    expect(resolveTimeZone).toHaveBeenCalledWith({ lat: 28.6, lng: 77.2 });
  });

  it('does not need a reference date when no personal cycle is requested', () => {
    expect(run({ method: FULL_PY, subject: { birth_date: '1965-04-23' }, calculations: ['life_path'] }).status).toBe(200);
  });
});

describe('Ank Jyotish civil midnight (spec.md §5.1)', () => {
  it('never shifts the civil date for birth_time or tz_str', () => {
    const body = okBody(
      run({
        method: { system: 'ank_jyotish', profile: 'standard' },
        subject: { birth_date: '1988-06-29', birth_time: '00:15', tz_str: 'Asia/Kolkata', lat: 28.6, lng: 77.2, city: 'Delhi', locale: 'hi-IN' },
        calculations: ['moolank', 'bhagyank'],
      }),
    );
    expect(body.data.calculations.moolank).toMatchObject({ day: 29, chain: [29, 11, 2], value: 2 });
    expect(body.data.calculations.bhagyank).toMatchObject({ digits: '29061988' });
    expect(body.warnings.map((w: AnyJson) => w.code)).toContain('birth_time_not_used');
    expect(body.provenance).toMatchObject({ birth_date_boundary: 'civil_midnight', calendar: 'gregory', date_digit_order: 'DDMMYYYY' });
  });
});

describe('purity', () => {
  afterEach(() => vi.restoreAllMocks());

  it('does not log, does not mutate its input and is deterministic', () => {
    const spies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((m) => vi.spyOn(console, m));
    const request = {
      method: FULL_PY,
      subject: { birth_date: '1962-07-03', name: { birth: 'Thomas Cruise Mapother' } },
      date_context: { reference_date: '2024-06-15' },
      include_interpretations: true,
    };
    const snapshot = JSON.parse(JSON.stringify(request));
    const a = run(request);
    const b = run(request);
    run({ method: FULL_PY, subject: { name: { birth: '漢字' } } });
    expect(a).toEqual(b);
    expect(request).toEqual(snapshot);
    for (const spy of spies) expect(spy).not.toHaveBeenCalled();
    expect((a.body as AnyJson).warnings.map((w: AnyJson) => w.code)).toContain('interpretations_unavailable');
  });

  it('exports the zod request schema for documentation', () => {
    expect(NumerologyProfileRequestSchema.safeParse({ method: { system: 'kabbalah', profile: 'standard' } }).success).toBe(true);
  });
});
