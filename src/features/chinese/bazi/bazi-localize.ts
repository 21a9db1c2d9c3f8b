/**
 * Simplified Chinese names in a BaZi answer built in English (`lang=zh-CN`). The answers are built
 * once, in English; this pass rewrites, on a copy, the fields that carry a name or a fixed text, by
 * field: ids, enum values (elements, polarities, kinds, labels) and Chinese characters are the same
 * in every language, so that a client's parsing does not depend on the language.
 */
import { animalChinese, ELEMENT_DICTIONARY, STAR_DICTIONARY, TEN_GOD_DICTIONARY } from '../../../astro/chinese/dictionary.ts';
import { BRANCHES, STEMS } from '../../../astro/chinese/stems-branches.ts';
import { ruleTextZh } from './bazi-rule-text-zh.ts';

const TEN_GOD_ZH = new Map(TEN_GOD_DICTIONARY.map((t) => [t.english, t.chinese]));
const ELEMENT_ZH = new Map(ELEMENT_DICTIONARY.map((t) => [t.english, t.chinese]));
/** Stems and branches by pinyin with tones, which tells 戊 wù from 午 wǔ. */
const CHAR_BY_PINYIN = new Map([...STEMS, ...BRANCHES].map((s) => [s.pinyin, s.char]));

const STAR_DESC_ZH: Record<string, string> = {
  tian_yi_nobleman: '危难之时得人相助',
  academic_star: '学业、读书与文字之才',
  peach_blossom: '魅力、吸引与情缘',
  travelling_horse: '走动、远行与迁变',
  void_branch: '此柱所主之事易落空或来迟',
};
const STAR_ID_BY_NAME = new Map(STAR_DICTIONARY.map((t) => [t.english, t.id]));

/** `Wood (Mu)` as the professional block writes an element → 木. */
const elementText = (v: string) => ELEMENT_ZH.get(v.replace(/ \(.*\)$/, '')) ?? v;

function localizeObject(o: Record<string, unknown>): void {
  // A stem's or branch's info: its name becomes the character.
  if (typeof o.name === 'string' && typeof o.pinyin === 'string' && 'polarity' in o) {
    const char = CHAR_BY_PINYIN.get(o.pinyin);
    if (char) o.name = char;
  }
  // A named thing that carries its Chinese name: a life stage, a nayin, a star, an interaction.
  if (typeof o.chinese === 'string') {
    const starId = typeof o.name === 'string' ? STAR_ID_BY_NAME.get(o.name) : undefined;
    if (starId && typeof o.desc === 'string') o.desc = STAR_DESC_ZH[starId]!;
    if (typeof o.name === 'string') o.name = o.chinese;
    if (typeof o.type === 'string') o.type = o.chinese;
  }
  for (const key of ['ten_god', 'stem'] as const) {
    const v = o[key];
    if (typeof v === 'string' && TEN_GOD_ZH.has(v)) o[key] = TEN_GOD_ZH.get(v);
  }
  if (typeof o.zodiac === 'string') o.zodiac = animalChinese(o.zodiac);
  if (typeof o.animal === 'string') o.animal = animalChinese(o.animal);
  if (typeof o.structure === 'string') {
    const god = o.structure.replace(/ Structure$/, '');
    if (TEN_GOD_ZH.has(god)) o.structure = `${TEN_GOD_ZH.get(god)}格`;
  }
  for (const key of ['favorable_elements', 'unfavorable_elements', 'yong_shen_candidates'] as const) {
    const v = o[key];
    if (Array.isArray(v)) o[key] = (v as unknown[]).map((e) => (typeof e === 'string' ? elementText(e) : e));
  }
  for (const key of ['note', 'trigger_text', 'direction_rule', 'season_reason', 'structure_rationale'] as const) {
    const v = o[key];
    if (typeof v === 'string') o[key] = ruleTextZh(v);
  }
  for (const value of Object.values(o)) localizeValue(value);
}

function localizeValue(value: unknown): void {
  if (Array.isArray(value)) for (const v of value) localizeValue(v);
  else if (value !== null && typeof value === 'object') localizeObject(value as Record<string, unknown>);
}

/**
 * The answer with its names in Simplified Chinese. It is rewritten on a copy: an answer shares
 * objects with the tables it was built from (a stem's info, a star's entry), and rewriting those in
 * place gave every later English answer on the thread the Chinese names.
 */
export function localizeBaziAnswer<T>(answer: T): T {
  const copy = structuredClone(answer);
  localizeValue(copy);
  return copy;
}
