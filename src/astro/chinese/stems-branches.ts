/**
 * The ten heavenly stems and twelve earthly branches: characters, pinyin with tones, element,
 * polarity, the branch's animal and hidden stems, the sixty-pair cycle (jiazi), its nayin, and
 * the twelve life stages of a stem in a branch. Pure tables; indexes count from 0 = 甲 / 子.
 */

export const ELEMENTS = ['Wood', 'Fire', 'Earth', 'Metal', 'Water'] as const;
export type Element = (typeof ELEMENTS)[number];
export type Polarity = 'Yang' | 'Yin';

export interface StemInfo {
  char: string;
  name: string;
  pinyin: string;
  element: Element;
  polarity: Polarity;
}

export const STEMS: readonly StemInfo[] = [
  { char: '甲', name: 'Jia', pinyin: 'jiǎ', element: 'Wood', polarity: 'Yang' },
  { char: '乙', name: 'Yi', pinyin: 'yǐ', element: 'Wood', polarity: 'Yin' },
  { char: '丙', name: 'Bing', pinyin: 'bǐng', element: 'Fire', polarity: 'Yang' },
  { char: '丁', name: 'Ding', pinyin: 'dīng', element: 'Fire', polarity: 'Yin' },
  { char: '戊', name: 'Wu', pinyin: 'wù', element: 'Earth', polarity: 'Yang' },
  { char: '己', name: 'Ji', pinyin: 'jǐ', element: 'Earth', polarity: 'Yin' },
  { char: '庚', name: 'Geng', pinyin: 'gēng', element: 'Metal', polarity: 'Yang' },
  { char: '辛', name: 'Xin', pinyin: 'xīn', element: 'Metal', polarity: 'Yin' },
  { char: '壬', name: 'Ren', pinyin: 'rén', element: 'Water', polarity: 'Yang' },
  { char: '癸', name: 'Gui', pinyin: 'guǐ', element: 'Water', polarity: 'Yin' },
];

export interface BranchInfo extends StemInfo {
  animal: string;
  /** Hidden stems by stem index: main qi first, then the middle and the residual qi where the branch has them. */
  hidden: readonly number[];
}

export const BRANCHES: readonly BranchInfo[] = [
  { char: '子', name: 'Zi', pinyin: 'zǐ', element: 'Water', polarity: 'Yang', animal: 'Rat', hidden: [9] },
  { char: '丑', name: 'Chou', pinyin: 'chǒu', element: 'Earth', polarity: 'Yin', animal: 'Ox', hidden: [5, 9, 7] },
  { char: '寅', name: 'Yin', pinyin: 'yín', element: 'Wood', polarity: 'Yang', animal: 'Tiger', hidden: [0, 2, 4] },
  { char: '卯', name: 'Mao', pinyin: 'mǎo', element: 'Wood', polarity: 'Yin', animal: 'Rabbit', hidden: [1] },
  { char: '辰', name: 'Chen', pinyin: 'chén', element: 'Earth', polarity: 'Yang', animal: 'Dragon', hidden: [4, 1, 9] },
  { char: '巳', name: 'Si', pinyin: 'sì', element: 'Fire', polarity: 'Yin', animal: 'Snake', hidden: [2, 6, 4] },
  { char: '午', name: 'Wu', pinyin: 'wǔ', element: 'Fire', polarity: 'Yang', animal: 'Horse', hidden: [3, 5] },
  { char: '未', name: 'Wei', pinyin: 'wèi', element: 'Earth', polarity: 'Yin', animal: 'Goat', hidden: [5, 3, 1] },
  { char: '申', name: 'Shen', pinyin: 'shēn', element: 'Metal', polarity: 'Yang', animal: 'Monkey', hidden: [6, 8, 4] },
  { char: '酉', name: 'You', pinyin: 'yǒu', element: 'Metal', polarity: 'Yin', animal: 'Rooster', hidden: [7] },
  { char: '戌', name: 'Xu', pinyin: 'xū', element: 'Earth', polarity: 'Yang', animal: 'Dog', hidden: [4, 7, 3] },
  { char: '亥', name: 'Hai', pinyin: 'hài', element: 'Water', polarity: 'Yin', animal: 'Pig', hidden: [8, 0] },
];

export const HIDDEN_ROLES = ['main', 'middle', 'residual'] as const;
export type HiddenRole = (typeof HIDDEN_ROLES)[number];

export const mod = (n: number, m: number) => ((n % m) + m) % m;

/** A pair of the sixty cycle: index 0 = 甲子 … 59 = 癸亥. */
export interface GanZhi {
  stem: number;
  branch: number;
}

export const cycleIndex = (p: GanZhi) => mod(6 * p.stem - 5 * p.branch, 60);
export const ganZhiOf = (index: number): GanZhi => ({ stem: mod(index, 10), branch: mod(index, 12) });
export const ganZhiText = (p: GanZhi) => `${STEMS[p.stem]!.char}${BRANCHES[p.branch]!.char}`;

/** Nayin of each pair of the cycle (two consecutive pairs share one): Chinese, then English. */
const NAYIN: readonly (readonly [string, string, Element])[] = [
  ['海中金', 'Metal in the Sea', 'Metal'],
  ['炉中火', 'Fire in the Furnace', 'Fire'],
  ['大林木', 'Wood of the Great Forest', 'Wood'],
  ['路旁土', 'Earth by the Road', 'Earth'],
  ['剑锋金', 'Metal of the Sword Edge', 'Metal'],
  ['山头火', 'Fire on the Mountain Top', 'Fire'],
  ['涧下水', 'Water in the Ravine', 'Water'],
  ['城头土', 'Earth of the City Wall', 'Earth'],
  ['白蜡金', 'Metal of White Wax', 'Metal'],
  ['杨柳木', 'Wood of the Willow', 'Wood'],
  ['泉中水', 'Water of the Spring', 'Water'],
  ['屋上土', 'Earth on the Roof', 'Earth'],
  ['霹雳火', 'Fire of the Thunderbolt', 'Fire'],
  ['松柏木', 'Wood of Pine and Cypress', 'Wood'],
  ['长流水', 'Water of the Long River', 'Water'],
  ['沙中金', 'Metal in the Sand', 'Metal'],
  ['山下火', 'Fire below the Mountain', 'Fire'],
  ['平地木', 'Wood of the Plain', 'Wood'],
  ['壁上土', 'Earth on the Wall', 'Earth'],
  ['金箔金', 'Metal of Gold Leaf', 'Metal'],
  ['覆灯火', 'Fire of the Lamp', 'Fire'],
  ['天河水', 'Water of the Heavenly River', 'Water'],
  ['大驿土', 'Earth of the Great Post Road', 'Earth'],
  ['钗钏金', 'Metal of Hairpins and Bracelets', 'Metal'],
  ['桑柘木', 'Wood of the Mulberry', 'Wood'],
  ['大溪水', 'Water of the Great Stream', 'Water'],
  ['沙中土', 'Earth in the Sand', 'Earth'],
  ['天上火', 'Fire in the Sky', 'Fire'],
  ['石榴木', 'Wood of the Pomegranate', 'Wood'],
  ['大海水', 'Water of the Great Sea', 'Water'],
];

export function nayinOf(p: GanZhi): { chinese: string; name: string; element: Element } {
  const [chinese, name, element] = NAYIN[Math.floor(cycleIndex(p) / 2)]!;
  return { chinese, name, element };
}

/** The twelve life stages (长生十二宫), in their order. */
export const LIFE_STAGES: readonly (readonly [string, string])[] = [
  ['长生', 'Birth'],
  ['沐浴', 'Bath'],
  ['冠带', 'Youth'],
  ['临官', 'Official'],
  ['帝旺', 'Peak'],
  ['衰', 'Decline'],
  ['病', 'Sickness'],
  ['死', 'Death'],
  ['墓', 'Grave'],
  ['绝', 'Extinction'],
  ['胎', 'Conception'],
  ['养', 'Nurture'],
];

/**
 * Where each stem's Birth stage stands: yang stems go forward through the branches, yin stems
 * backward; Earth follows Fire (戊 with 丙, 己 with 丁), the rule of the common almanacs.
 */
const BIRTH_BRANCH = [11, 6, 2, 9, 2, 9, 5, 0, 8, 3];

export function lifeStageOf(stem: number, branch: number): { index: number; chinese: string; name: string } {
  const index = stem % 2 === 0 ? mod(branch - BIRTH_BRANCH[stem]!, 12) : mod(BIRTH_BRANCH[stem]! - branch, 12);
  const [chinese, name] = LIFE_STAGES[index]!;
  return { index, chinese, name };
}

/** The element that `e` produces (Wood → Fire → Earth → Metal → Water → Wood) and the one it controls. */
export const produces = (e: number) => (e + 1) % 5;
export const controls = (e: number) => (e + 2) % 5;
export const elementIndex = (e: Element) => ELEMENTS.indexOf(e);
export const stemElement = (stem: number) => Math.floor(stem / 2);
