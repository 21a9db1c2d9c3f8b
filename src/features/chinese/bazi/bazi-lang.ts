/**
 * The language of a BaZi answer. `en` (default) and `zh-CN` (Simplified Chinese) are served; any
 * other tag is answered in English and the answer's `meta` says so, rather than refusing the call:
 * a client that sends its user's locale everywhere still gets its chart.
 */
import { z } from 'zod/v4';
import { answerObject } from './bazi-field-text.ts';

export const BAZI_LANGS = ['en', 'zh-CN'] as const;
export type BaziLang = (typeof BAZI_LANGS)[number];

/** A language tag is short (BCP 47 tags in use are under 20 characters); a long one is refused by name. */
export const langField = z
  .string()
  .max(35)
  .optional()
  .describe(
    'Language of names and texts: `en` (default) or `zh-CN` (Simplified Chinese; `zh`, `zh-Hans`, `zh_CN` are read as zh-CN). Any other tag is answered in English and `meta.lang` says so. Ids, enum values and Chinese characters are the same in every language.',
  );

export interface ResolvedLang {
  lang: BaziLang;
  requested: string | null;
  fallback: boolean;
}

export function resolveLang(requested: string | undefined): ResolvedLang {
  if (requested === undefined || requested.trim() === '') return { lang: 'en', requested: null, fallback: false };
  const tag = requested.trim().toLowerCase().replace(/_/g, '-');
  if (tag === 'zh' || tag === 'zh-cn' || tag === 'zh-hans' || tag === 'zh-hans-cn' || tag === 'zh-sg' || tag === 'zh-hans-sg')
    return { lang: 'zh-CN', requested, fallback: false };
  if (tag === 'en' || tag.startsWith('en-')) return { lang: 'en', requested, fallback: false };
  return { lang: 'en', requested, fallback: true };
}

export const metaSchema = answerObject({
  lang: z.enum(BAZI_LANGS).describe('The language the names and texts are written in'),
  requested_lang: z.string().nullable().describe('The `lang` the request sent (null when none)'),
  lang_fallback: z.boolean().describe('True when the requested language is not served and English was written instead'),
  supported_langs: z.array(z.string()).describe('The languages served'),
});

export const metaOf = (r: ResolvedLang) => ({ lang: r.lang, requested_lang: r.requested, lang_fallback: r.fallback, supported_langs: [...BAZI_LANGS] });

/** A text in both languages, picked by the resolved language. */
export type Bilingual = { en: string; zh: string };
export const pick = (lang: BaziLang, text: Bilingual) => (lang === 'zh-CN' ? text.zh : text.en);
