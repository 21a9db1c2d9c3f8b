/**
 * The ten gods (十神): what a stem is to the day master, from their elements and polarities.
 * Same element: Friend (比肩, same polarity) or Rob Wealth (劫财). The element the day master
 * produces: Eating God (食神, same) or Hurting Officer (伤官). The element it controls: Indirect
 * Wealth (偏财, same) or Direct Wealth (正财). The element that controls it: 7 Killings (七杀, same)
 * or Direct Officer (正官). The element that produces it: Indirect Resource (偏印, same) or Direct
 * Resource (正印).
 */
import { controls, produces, stemElement } from './stems-branches.ts';

export interface TenGod {
  name: string;
  chinese: string;
  pinyin: string;
}

const GODS: Readonly<Record<string, readonly [TenGod, TenGod]>> = {
  same: [
    { name: 'Friend', chinese: '比肩', pinyin: 'bǐ jiān' },
    { name: 'Rob Wealth', chinese: '劫财', pinyin: 'jié cái' },
  ],
  output: [
    { name: 'Eating God', chinese: '食神', pinyin: 'shí shén' },
    { name: 'Hurting Officer', chinese: '伤官', pinyin: 'shāng guān' },
  ],
  wealth: [
    { name: 'Indirect Wealth', chinese: '偏财', pinyin: 'piān cái' },
    { name: 'Direct Wealth', chinese: '正财', pinyin: 'zhèng cái' },
  ],
  power: [
    { name: '7 Killings', chinese: '七杀', pinyin: 'qī shā' },
    { name: 'Direct Officer', chinese: '正官', pinyin: 'zhèng guān' },
  ],
  resource: [
    { name: 'Indirect Resource', chinese: '偏印', pinyin: 'piān yìn' },
    { name: 'Direct Resource', chinese: '正印', pinyin: 'zhèng yìn' },
  ],
};

export const DAY_MASTER: TenGod = { name: 'Day Master', chinese: '日主', pinyin: 'rì zhǔ' };

export function tenGodOf(dayMaster: number, stem: number): TenGod {
  const dm = stemElement(dayMaster),
    other = stemElement(stem);
  const samePolarity = dayMaster % 2 === stem % 2 ? 0 : 1;
  const relation =
    other === dm ? 'same' : other === produces(dm) ? 'output' : other === controls(dm) ? 'wealth' : dm === controls(other) ? 'power' : 'resource';
  return GODS[relation]![samePolarity];
}
