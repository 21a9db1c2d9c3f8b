import { describe, expect, it } from 'vitest';
import { hebrewRow, hebrewRows } from '../../../src/numerology/alphabets.ts';
import { kabbalahGematria } from '../../../src/numerology/kabbalah.ts';
import { normalizeHebrewName, normalizeLatinName } from '../../../src/numerology/name-normalization.ts';
import { vowelFlags } from '../../../src/numerology/pythagorean.ts';
import { digitSum, karmicDebtInChain, red, red1, reduceCore, reduceSingle, reductionChain } from '../../../src/numerology/reduction.ts';
import { calc } from './helpers.ts';

describe('reduction (spec.md §1.1–§1.3)', () => {
  it('keeps complete chains', () => {
    expect(reductionChain(1999, false)).toEqual([1999, 28, 10, 1]);
    expect(reductionChain(0, true)).toEqual([0]);
    expect(reductionChain(38, false)).toEqual([38, 11, 2]);
    expect(reductionChain(38, true)).toEqual([38, 11]);
    expect(digitSum(9876543210)).toBe(45);
  });

  it('treats only 11, 22 and 33 as masters', () => {
    expect(reduceCore(44)).toBe(8);
    expect(reduceCore(55)).toBe(1);
    expect(reduceCore(29)).toBe(11);
    expect(reduceCore(336)).toBe(3);
    expect(reduceCore(3030)).toBe(6);
    expect(reduceCore(1029)).toBe(3);
    expect(reduceSingle(29)).toBe(2);
    expect(red(33)).toEqual({ input: 33, chain: [33], value: 33, master: true, karmic_debt: null });
  });

  it('detects karmic debt only before the final element', () => {
    expect(karmicDebtInChain([49, 13, 4])).toBe(13);
    expect(karmicDebtInChain([13])).toBeNull();
    expect(karmicDebtInChain([19, 10, 1])).toBe(19);
    expect(red(49)).toEqual({ input: 49, chain: [49, 13, 4], value: 4, master: false, karmic_debt: 13 });
    expect(red1(29)).toEqual({ input: 29, chain: [29, 11, 2], value: 2, karmic_debt: null });
    expect('master' in red1(11)).toBe(false);
  });
});

describe('Latin normalisation (spec.md §1.5)', () => {
  it.each([
    ["José María Ñúñez-O'Brien", ['JOSE', 'MARIA', 'NUNEZOBRIEN']],
    ['Łukasz Ødegaard-Straße', ['LUKASZ', 'ODEGAARDSTRASSE']],
    ['Æsa Þór Đokić', ['AESA', 'THOR', 'DOKIC']],
    ['Işıl Œuvre', ['ISIL', 'OEUVRE']],
    ['O’Brien ʼAli — Jr.', ['OBRIEN', 'ALI', 'JR']],
    ['  Zoë\tSaldaña  ', ['ZOE', 'SALDANA']],
  ])('%s', (raw, parts) => {
    expect(normalizeLatinName(raw)).toEqual({ ok: true, parts });
  });

  it('rejects other scripts, digits and symbols, and empty names', () => {
    expect(normalizeLatinName('John 3rd')).toEqual({ ok: false, code: 'unsupported_characters' });
    expect(normalizeLatinName('अमिताभ')).toEqual({ ok: false, code: 'unsupported_characters' });
    expect(normalizeLatinName('Ann + Bob')).toEqual({ ok: false, code: 'unsupported_characters' });
    expect(normalizeLatinName(" -- ' ")).toEqual({ ok: false, code: 'empty_name' });
    expect(normalizeLatinName('')).toEqual({ ok: false, code: 'empty_name' });
  });
});

describe('Y rule (spec.md §2.2)', () => {
  const yIsVowel = (part: string) => vowelFlags(part)[part.indexOf('Y')];
  it.each(['LYNN', 'YVONNE', 'MARY', 'BETTY', 'ELY', 'BRYAN', 'WYATT', 'RYAN', 'CINDY', 'GLYNN', 'KYLE', 'LYUDMILA'])('%s: vowel', (p) => {
    expect(yIsVowel(p)).toBe(true);
  });
  it.each(['MALONEY', 'MURRAY', 'YOLANDA', 'YODA', 'TROY', 'KAYE', 'BOYD', 'MAYA', 'TANYA', 'SAWYER', 'KENYA', 'YEMEN'])('%s: consonant', (p) => {
    expect(yIsVowel(p)).toBe(false);
  });
  it('W is always a consonant', () => {
    expect(vowelFlags('WAW')).toEqual([false, true, false]);
  });
});

describe('Hebrew (spec.md §4)', () => {
  it('normalises niqqud, maqaf, ligatures and punctuation', () => {
    expect(normalizeHebrewName('בֶּן־גּוּרִיּוֹן')).toEqual({ ok: true, letters: [...'בןגוריון'] });
    expect(normalizeHebrewName('װײַס')).toEqual({ ok: true, letters: [...'ווייס'] });
    expect(normalizeHebrewName('ש״ס')).toEqual({ ok: true, letters: ['ש', 'ס'] });
    expect(normalizeHebrewName('Moshe')).toEqual({ ok: false, code: 'requires_hebrew_script' });
    expect(normalizeHebrewName('׃ ־')).toEqual({ ok: false, code: 'empty_name' });
  });

  it('has the letter table of §4.3', () => {
    const millui = hebrewRows().map((r) => r.millui_alef);
    expect(millui).toEqual([111, 412, 83, 434, 6, 13, 67, 418, 419, 20, 100, 74, 80, 106, 120, 130, 81, 104, 186, 510, 360, 406]);
    expect(hebrewRows().map((r) => r.katan)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 1, 2, 3, 4, 5, 6, 7, 8, 9, 1, 2, 3, 4]);
    expect(hebrewRow('ך')).toBe(hebrewRow('כ'));
    expect(hebrewRow('ץ').siduri).toBe(18);
  });

  it('values finals as their base letter and never uses gadol', () => {
    expect(kabbalahGematria([...'ארץ'], 'hechrechi').value).toBe(291);
    expect(kabbalahGematria([...'יהוה'], 'millui_alef').value).toBe(45);
    expect(kabbalahGematria([...'חן'], 'millui_alef').value).toBe(524);
    expect(kabbalahGematria([...'אחד'], 'millui_alef').value).toBe(963);
    expect(kabbalahGematria([...'תורה'], 'siduri').value).toBe(53);
    expect(kabbalahGematria([...'תורה'], 'katan').value).toBe(17);
  });
});

describe('profile consequences (spec.md §2.4)', () => {
  const lp = (profile: string, birth_date: string) =>
    calc({ method: { system: 'pythagorean', profile }, subject: { birth_date }, calculations: ['life_path'] }, 'life_path');

  it.each([
    ['1879-03-14', 6, 33],
    ['1977-05-04', 6, 33],
    ['1950-01-04', 11, 2],
  ])('%s: component %i, raw %i', (date, component, raw) => {
    expect(lp('standard', date).value).toBe(component);
    expect(lp('raw_date', date).value).toBe(raw);
  });

  it('1962-07-03: 19/1 with debt vs 28/10/1 without', () => {
    expect(lp('standard', '1962-07-03').total).toMatchObject({ chain: [19, 10, 1], karmic_debt: 19 });
    expect(lp('raw_date', '1962-07-03').total).toMatchObject({ chain: [28, 10, 1], karmic_debt: null });
  });

  it('agrees modulo 9 and keeps personal cycles, pinnacles and challenges equal across profiles', () => {
    const slugs = ['life_path', 'personal_year', 'personal_month', 'personal_day', 'pinnacles', 'challenges'];
    for (let i = 0; i < 120; i++) {
      const y = 1900 + ((i * 37) % 130);
      const m = 1 + ((i * 5) % 12);
      const d = 1 + ((i * 7) % 28);
      const birth_date = `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
      const body = (profile: string) => ({
        method: { system: 'pythagorean', profile },
        subject: { birth_date },
        date_context: { reference_date: `20${String(10 + (i % 20))}-${String(1 + (i % 12)).padStart(2, '0')}-15` },
        calculations: slugs,
      });
      const a = calc(body('standard'), 'life_path');
      const b = calc(body('raw_date'), 'life_path');
      expect(reduceSingle(a.value)).toBe(reduceSingle(b.value));
      for (const slug of ['personal_year', 'personal_month', 'personal_day', 'challenges']) {
        expect(calc(body('standard'), slug).value).toEqual(calc(body('raw_date'), slug).value);
      }
      expect(calc(body('standard'), 'pinnacles').pinnacles).toEqual(calc(body('raw_date'), 'pinnacles').pinnacles);
    }
  });
});
