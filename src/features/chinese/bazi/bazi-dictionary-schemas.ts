/** Query and answer of GET /api/v1/chinese/bazi/dictionary. */
import { z } from 'zod/v4';
import { answerObject } from './bazi-field-text.ts';
import { langField, metaSchema } from './bazi-lang.ts';

// No component id: a query's schema is written out in its parameters, not referenced.
export const baziDictionaryQuery = z.object({ lang: langField });

const term = answerObject({
  id: z.string().describe('Stable id: never changes once published'),
  name: z.string().describe('The name in the answer language'),
  chinese: z.string().describe('Name in Simplified Chinese'),
  pinyin: z.string().describe('Pinyin with tones'),
  english: z.string().describe('Name in English, as the BaZi answers write it'),
});
const terms = z.array(term);

export const baziDictionaryResponse = answerObject({
  version: z.string().describe('Version of the dictionary: ids are only added within a version'),
  lang: z.enum(['en', 'zh-CN']).describe('Language of `name`'),
  stems: z
    .array(
      answerObject({
        ...term.shape,
        element: z.string().describe('Element id'),
        polarity: z.string().describe('Polarity id'),
      }),
    )
    .describe('The ten heavenly stems'),
  branches: z
    .array(
      answerObject({
        ...term.shape,
        element: z.string().describe('Element id'),
        polarity: z.string().describe('Polarity id'),
        animal: z.string().describe('The animal, in the answer language'),
        hidden_stems: z.array(z.string()).describe('Stem ids of the hidden stems: main, middle, residual qi'),
      }),
    )
    .describe('The twelve earthly branches'),
  ten_gods: terms.describe('The ten gods and the day master'),
  hidden_stems: answerObject({
    roles: terms.describe('Main, middle and residual qi'),
    by_branch: z.array(
      answerObject({
        branch: z.string().describe('Branch id'),
        stems: z.array(answerObject({ stem: z.string().describe('Stem id'), role: z.string().describe('Role id') })),
      }),
    ),
  }).describe('The hidden stems of each branch'),
  elements: terms.describe('The five elements'),
  polarities: terms.describe('Yang and yin'),
  element_relations: terms.describe('How one element stands to another'),
  interactions: terms.describe("Kinds of interaction (the `kind` of an answer's interaction)"),
  punishments: terms.describe('The three kinds of punishment between two branches'),
  symbolic_stars: terms.describe('The symbolic stars (shen sha)'),
  life_stages: terms.describe('The twelve life stages'),
  pillars: terms.describe('The four pillars'),
  strain_types: terms.describe('Strain types of the health timing'),
  constitution: terms.describe('Temperature and moisture labels of the health reading'),
  curve_phases: terms.describe('Phases of the life curve'),
  meta: metaSchema,
}).meta({ id: 'BaziDictionaryResponse' });
export type BaziDictionaryResponse = z.output<typeof baziDictionaryResponse>;
