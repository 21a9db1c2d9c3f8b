/**
 * The stable ids of the BaZi answers, with each term's Chinese (Simplified), pinyin and English
 * names. An id never changes once published: clients key their own texts by it. The English name
 * is the one the answers write (`Friend`, `Peach Blossom`, `Birth`), so that a client can map an
 * answer's value back to its id; the Chinese name is what `lang=zh-CN` writes.
 */
import { BRANCHES, ELEMENTS, LIFE_STAGES, STEMS, type Element } from './stems-branches.ts';

export interface Term {
  id: string;
  chinese: string;
  pinyin: string;
  english: string;
}

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');

const ELEMENT_TERMS: Record<Element, Omit<Term, 'id' | 'english'>> = {
  Wood: { chinese: '木', pinyin: 'mù' },
  Fire: { chinese: '火', pinyin: 'huǒ' },
  Earth: { chinese: '土', pinyin: 'tǔ' },
  Metal: { chinese: '金', pinyin: 'jīn' },
  Water: { chinese: '水', pinyin: 'shuǐ' },
};

export const elementId = (e: Element) => slug(e);
export const ELEMENT_DICTIONARY: readonly Term[] = ELEMENTS.map((e) => ({ id: elementId(e), english: e, ...ELEMENT_TERMS[e] }));

export const POLARITY_DICTIONARY: readonly Term[] = [
  { id: 'yang', chinese: '阳', pinyin: 'yáng', english: 'Yang' },
  { id: 'yin', chinese: '阴', pinyin: 'yīn', english: 'Yin' },
];

/** Stem ids are prefixed: the stem 戊 and the branch 午 are both "Wu" in pinyin without tones. */
export const stemId = (stem: number) => `stem_${slug(STEMS[stem]!.name)}`;
export const branchId = (branch: number) => `branch_${slug(BRANCHES[branch]!.name)}`;

export const STEM_DICTIONARY = STEMS.map((s, i) => ({
  id: stemId(i),
  chinese: s.char,
  pinyin: s.pinyin,
  english: s.name,
  element: elementId(s.element),
  polarity: slug(s.polarity),
}));

const ANIMAL_CHINESE: Record<string, string> = {
  Rat: '鼠',
  Ox: '牛',
  Tiger: '虎',
  Rabbit: '兔',
  Dragon: '龙',
  Snake: '蛇',
  Horse: '马',
  Goat: '羊',
  Monkey: '猴',
  Rooster: '鸡',
  Dog: '狗',
  Pig: '猪',
};
export const animalChinese = (animal: string) => ANIMAL_CHINESE[animal] ?? animal;

export const BRANCH_DICTIONARY = BRANCHES.map((b, i) => ({
  id: branchId(i),
  chinese: b.char,
  pinyin: b.pinyin,
  english: b.name,
  element: elementId(b.element),
  polarity: slug(b.polarity),
  animal: { english: b.animal, chinese: ANIMAL_CHINESE[b.animal]! },
  hidden_stems: b.hidden.map(stemId),
}));

export const TEN_GOD_DICTIONARY: readonly Term[] = [
  { id: 'friend', chinese: '比肩', pinyin: 'bǐ jiān', english: 'Friend' },
  { id: 'rob_wealth', chinese: '劫财', pinyin: 'jié cái', english: 'Rob Wealth' },
  { id: 'eating_god', chinese: '食神', pinyin: 'shí shén', english: 'Eating God' },
  { id: 'hurting_officer', chinese: '伤官', pinyin: 'shāng guān', english: 'Hurting Officer' },
  { id: 'indirect_wealth', chinese: '偏财', pinyin: 'piān cái', english: 'Indirect Wealth' },
  { id: 'direct_wealth', chinese: '正财', pinyin: 'zhèng cái', english: 'Direct Wealth' },
  { id: 'seven_killings', chinese: '七杀', pinyin: 'qī shā', english: '7 Killings' },
  { id: 'direct_officer', chinese: '正官', pinyin: 'zhèng guān', english: 'Direct Officer' },
  { id: 'indirect_resource', chinese: '偏印', pinyin: 'piān yìn', english: 'Indirect Resource' },
  { id: 'direct_resource', chinese: '正印', pinyin: 'zhèng yìn', english: 'Direct Resource' },
  { id: 'day_master', chinese: '日主', pinyin: 'rì zhǔ', english: 'Day Master' },
];

export const HIDDEN_ROLE_DICTIONARY: readonly Term[] = [
  { id: 'main', chinese: '本气', pinyin: 'běn qì', english: 'Main qi' },
  { id: 'middle', chinese: '中气', pinyin: 'zhōng qì', english: 'Middle qi' },
  { id: 'residual', chinese: '余气', pinyin: 'yú qì', english: 'Residual qi' },
];

const STAGE_PINYIN = ['cháng shēng', 'mù yù', 'guān dài', 'lín guān', 'dì wàng', 'shuāi', 'bìng', 'sǐ', 'mù', 'jué', 'tāi', 'yǎng'];
export const LIFE_STAGE_DICTIONARY: readonly Term[] = LIFE_STAGES.map(([chinese, english], i) => ({
  id: `stage_${slug(english)}`,
  chinese,
  pinyin: STAGE_PINYIN[i]!,
  english,
}));

/**
 * Interaction kinds. The first nine are those of the chart and flow answers' `kind`; `destruction`
 * (六破) is read by the synastry only. The punishment's sub-kinds are named in `type`.
 */
export const INTERACTION_DICTIONARY: readonly Term[] = [
  { id: 'stem_combination', chinese: '天干五合', pinyin: 'tiān gān wǔ hé', english: 'Stem Combination' },
  { id: 'stem_clash', chinese: '天干相冲', pinyin: 'tiān gān xiāng chōng', english: 'Stem Clash' },
  { id: 'six_combination', chinese: '六合', pinyin: 'liù hé', english: 'Six Combination' },
  { id: 'three_harmony', chinese: '三合', pinyin: 'sān hé', english: 'Three Harmony' },
  { id: 'half_three_harmony', chinese: '半三合', pinyin: 'bàn sān hé', english: 'Half Three Harmony' },
  { id: 'clash', chinese: '六冲', pinyin: 'liù chōng', english: 'Branch Clash' },
  { id: 'punishment', chinese: '相刑', pinyin: 'xiāng xíng', english: 'Punishment' },
  { id: 'self_punishment', chinese: '自刑', pinyin: 'zì xíng', english: 'Self Punishment' },
  { id: 'harm', chinese: '六害', pinyin: 'liù hài', english: 'Harm' },
  { id: 'destruction', chinese: '六破', pinyin: 'liù pò', english: 'Destruction' },
  { id: 'none', chinese: '无', pinyin: 'wú', english: 'No interaction' },
];

export const PUNISHMENT_DICTIONARY: readonly Term[] = [
  { id: 'punishment_rude', chinese: '无礼之刑', pinyin: 'wú lǐ zhī xíng', english: 'rude' },
  { id: 'punishment_ungrateful', chinese: '无恩之刑', pinyin: 'wú ēn zhī xíng', english: 'ungrateful' },
  { id: 'punishment_bullying', chinese: '恃势之刑', pinyin: 'shì shì zhī xíng', english: 'bullying' },
];

export const STAR_DICTIONARY: readonly Term[] = [
  { id: 'tian_yi_nobleman', chinese: '天乙贵人', pinyin: 'tiān yǐ guì rén', english: 'Tian Yi Nobleman' },
  { id: 'academic_star', chinese: '文昌', pinyin: 'wén chāng', english: 'Academic Star' },
  { id: 'peach_blossom', chinese: '桃花', pinyin: 'táo huā', english: 'Peach Blossom' },
  { id: 'travelling_horse', chinese: '驿马', pinyin: 'yì mǎ', english: 'Travelling Horse' },
  { id: 'void_branch', chinese: '空亡', pinyin: 'kōng wáng', english: 'Void Branch (Kong Wang)' },
];

/** How one element stands to another (the synastry's and the health reading's relations). */
export const ELEMENT_RELATION_DICTIONARY: readonly Term[] = [
  { id: 'same', chinese: '比和', pinyin: 'bǐ hé', english: 'Same element' },
  { id: 'produces', chinese: '相生', pinyin: 'xiāng shēng', english: 'Produces' },
  { id: 'produced_by', chinese: '被生', pinyin: 'bèi shēng', english: 'Produced by' },
  { id: 'controls', chinese: '相克', pinyin: 'xiāng kè', english: 'Controls' },
  { id: 'controlled_by', chinese: '被克', pinyin: 'bèi kè', english: 'Controlled by' },
  { id: 'combines', chinese: '相合', pinyin: 'xiāng hé', english: 'Combines' },
];

/** The pillars, by the labels the answers use. */
export const PILLAR_DICTIONARY: readonly Term[] = [
  { id: 'year', chinese: '年柱', pinyin: 'nián zhù', english: 'Year pillar' },
  { id: 'month', chinese: '月柱', pinyin: 'yuè zhù', english: 'Month pillar' },
  { id: 'day', chinese: '日柱', pinyin: 'rì zhù', english: 'Day pillar' },
  { id: 'hour', chinese: '时柱', pinyin: 'shí zhù', english: 'Hour pillar' },
];

/** English name → Chinese, over every group: what `lang=zh-CN` writes for a name an answer carries. */
export const CHINESE_OF_ENGLISH: ReadonlyMap<string, string> = new Map(
  [
    ...ELEMENT_DICTIONARY,
    ...POLARITY_DICTIONARY,
    ...STEM_DICTIONARY,
    ...BRANCH_DICTIONARY.filter((b) => b.english !== 'Wu' && b.english !== 'Yin'),
    ...TEN_GOD_DICTIONARY,
    ...LIFE_STAGE_DICTIONARY,
    ...INTERACTION_DICTIONARY,
    ...STAR_DICTIONARY,
    ...HIDDEN_ROLE_DICTIONARY,
  ].map((t) => [t.english, t.chinese]),
);
