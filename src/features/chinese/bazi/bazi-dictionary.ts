/**
 * GET /api/v1/chinese/bazi/dictionary: the stable ids the BaZi answers use, with their names. The
 * answer does not depend on the caller or the chart, so each language's bytes are made once.
 */
import {
  BRANCH_DICTIONARY,
  ELEMENT_DICTIONARY,
  ELEMENT_RELATION_DICTIONARY,
  HIDDEN_ROLE_DICTIONARY,
  INTERACTION_DICTIONARY,
  LIFE_STAGE_DICTIONARY,
  PILLAR_DICTIONARY,
  POLARITY_DICTIONARY,
  PUNISHMENT_DICTIONARY,
  STAR_DICTIONARY,
  STEM_DICTIONARY,
  TEN_GOD_DICTIONARY,
  stemId,
  type Term,
} from '../../../astro/chinese/dictionary.ts';
import { BRANCHES, HIDDEN_ROLES } from '../../../astro/chinese/stems-branches.ts';
import { metaOf, resolveLang, type BaziLang } from './bazi-lang.ts';
import { CONSTITUTION_DICTIONARY, CURVE_PHASE_DICTIONARY, STRAIN_DICTIONARY } from './bazi-model-terms.ts';
import type { BaziDictionaryResponse } from './bazi-dictionary-schemas.ts';

export const DICTIONARY_VERSION = '1';

const named = (lang: BaziLang) => (t: Term) => ({
  id: t.id,
  name: lang === 'zh-CN' ? t.chinese : t.english,
  chinese: t.chinese,
  pinyin: t.pinyin,
  english: t.english,
});

export function baziDictionary(requested: string | undefined): BaziDictionaryResponse {
  const resolved = resolveLang(requested);
  const n = named(resolved.lang);
  return {
    version: DICTIONARY_VERSION,
    lang: resolved.lang,
    stems: STEM_DICTIONARY.map((s) => ({ ...n(s), element: s.element, polarity: s.polarity })),
    branches: BRANCH_DICTIONARY.map((b) => ({
      ...n(b),
      element: b.element,
      polarity: b.polarity,
      animal: resolved.lang === 'zh-CN' ? b.animal.chinese : b.animal.english,
      hidden_stems: b.hidden_stems,
    })),
    ten_gods: TEN_GOD_DICTIONARY.map(n),
    hidden_stems: {
      roles: HIDDEN_ROLE_DICTIONARY.map(n),
      by_branch: BRANCHES.map((b, i) => ({
        branch: BRANCH_DICTIONARY[i]!.id,
        stems: b.hidden.map((h, k) => ({ stem: stemId(h), role: HIDDEN_ROLES[k]! })),
      })),
    },
    elements: ELEMENT_DICTIONARY.map(n),
    polarities: POLARITY_DICTIONARY.map(n),
    element_relations: ELEMENT_RELATION_DICTIONARY.map(n),
    interactions: INTERACTION_DICTIONARY.map(n),
    punishments: PUNISHMENT_DICTIONARY.map(n),
    symbolic_stars: STAR_DICTIONARY.map(n),
    life_stages: LIFE_STAGE_DICTIONARY.map(n),
    pillars: PILLAR_DICTIONARY.map(n),
    strain_types: STRAIN_DICTIONARY.map(n),
    constitution: CONSTITUTION_DICTIONARY.map(n),
    curve_phases: CURVE_PHASE_DICTIONARY.map(n),
    meta: metaOf(resolved),
  };
}

const cache = new Map<string, Buffer>();

/** The answer's bytes, made once per language tag (a bounded number of distinct tags is kept). */
export function baziDictionaryBytes(requested: string | undefined): Buffer {
  const key = requested ?? '';
  let bytes = cache.get(key);
  if (!bytes) {
    bytes = Buffer.from(JSON.stringify(baziDictionary(requested)));
    if (cache.size < 64) cache.set(key, bytes);
  }
  return bytes;
}
