/** The ids of the health and life-curve readings' labels, with their names (listed in the dictionary). */
import type { Term } from '../../../astro/chinese/dictionary.ts';

export const STRAIN_DICTIONARY: readonly Term[] = [
  { id: 'element_excess', chinese: '五行太过', pinyin: 'wǔ xíng tài guò', english: 'Element excess' },
  { id: 'element_deficiency', chinese: '五行不及', pinyin: 'wǔ xíng bù jí', english: 'Element deficiency' },
  { id: 'clash_pressure', chinese: '冲克之压', pinyin: 'chōng kè zhī yā', english: 'Clash pressure' },
  { id: 'balanced', chinese: '平和', pinyin: 'píng hé', english: 'Balanced' },
];

export const CONSTITUTION_DICTIONARY: readonly Term[] = [
  { id: 'cold', chinese: '寒', pinyin: 'hán', english: 'Cold' },
  { id: 'cool', chinese: '凉', pinyin: 'liáng', english: 'Cool' },
  { id: 'neutral', chinese: '平', pinyin: 'píng', english: 'Neutral' },
  { id: 'warm', chinese: '温', pinyin: 'wēn', english: 'Warm' },
  { id: 'hot', chinese: '热', pinyin: 'rè', english: 'Hot' },
  { id: 'dry', chinese: '燥', pinyin: 'zào', english: 'Dry' },
  { id: 'damp', chinese: '湿', pinyin: 'shī', english: 'Damp' },
];

export const CURVE_PHASE_DICTIONARY: readonly Term[] = [
  { id: 'rising', chinese: '上升', pinyin: 'shàng shēng', english: 'Rising' },
  { id: 'peak', chinese: '鼎盛', pinyin: 'dǐng shèng', english: 'Peak' },
  { id: 'steady', chinese: '平稳', pinyin: 'píng wěn', english: 'Steady' },
  { id: 'waning', chinese: '渐衰', pinyin: 'jiàn shuāi', english: 'Waning' },
];

export const termById = (terms: readonly Term[], id: string) => terms.find((t) => t.id === id)!;
