/**
 * The rule sentences of the chart and flow answers (`note`, `trigger_text`, `direction_rule`, the
 * strength's reasons) in Simplified Chinese. They are built in English from a few fixed patterns
 * (src/astro/chinese); each pattern here is one of them. A sentence no pattern knows stays in
 * English rather than being guessed at.
 */
import { ELEMENT_DICTIONARY, PILLAR_DICTIONARY, TEN_GOD_DICTIONARY } from '../../../astro/chinese/dictionary.ts';

const ELEMENT = new Map(ELEMENT_DICTIONARY.map((t) => [t.english, t.chinese]));
const PILLAR = new Map(PILLAR_DICTIONARY.map((t) => [t.id, t.chinese.replace('柱', '')]));
const GOD = new Map(TEN_GOD_DICTIONARY.map((t) => [t.english, t.chinese]));
const el = (e: string) => ELEMENT.get(e) ?? e;
const pl = (p: string) => PILLAR.get(p) ?? p;
const STAR = new Map([
  ['Nobleman', '天乙贵人'],
  ['Academic Star', '文昌'],
  ['Peach Blossom', '桃花'],
  ['Travelling Horse', '驿马'],
]);
const SEASON: Record<string, string> = {
  'in season (its own element)': '得令（当令之气）',
  'supported (its resource)': '得生（印星当令）',
  'drained (its output)': '被泄（食伤当令）',
  'weakened (its wealth)': '被耗（财星当令）',
  'controlled (its power)': '被克（官杀当令）',
};
const PUNISHMENT: Record<string, string> = { ungrateful: '无恩之刑', bullying: '恃势之刑' };

const PATTERNS: [RegExp, (...m: string[]) => string][] = [
  [
    /^(Yang|Yin) year stem (.) and sex ([MF]): (forward|backward) \(yang year with M or yin year with F goes forward\)$/,
    (_, p, s, x, d) => `${p === 'Yang' ? '阳' : '阴'}年干${s}，${x === 'M' ? '男' : '女'}命：${d === 'forward' ? '顺行' : '逆行'}（阳年男、阴年女顺行）`,
  ],
  [/^(year|day) stem (.): (Nobleman|Academic Star) in (.+)$/, (_, r, s, star, t) => `${pl(r)}干${s}：${STAR.get(star)}在${t}`],
  [/^(year|day) branch (.): (Peach Blossom|Travelling Horse) in (.+)$/, (_, r, b, star, t) => `${pl(r)}支${b}：${STAR.get(star)}在${t}`],
  [/^day pillar (..) \(week of (..)\): (.+) are void$/, (_, d, w, v) => `日柱${d}（${w}旬）：${v}空亡`],
  [/^side by side and the month branch (.) is (\w+): transforms to (\w+)$/, (_, b, s, e) => `两柱相邻，月支${b}属${el(s)}：化${el(e)}`],
  [/^side by side, the month branch is (\w+) and neither is clashed: transforms to (\w+)$/, (_, s, e) => `两柱相邻，月令属${el(s)}且均不受冲：化${el(e)}`],
  [/^the pillars are not side by side: they combine without transforming$/, () => '两柱不相邻：合而不化'],
  [/^the month branch (.) is (\w+), not (\w+): they combine without transforming$/, (_, b, s, e) => `月支${b}属${el(s)}而非${el(e)}：合而不化`],
  [/^a member is clashed by another branch: the combination holds without transforming$/, () => '一支受他支所冲：合而不化'],
  [/^stems of the same polarity six apart: the one controls the other$/, () => '同性相隔六位之干：一方克另一方'],
  [/^branches opposite each other \(six apart\)$/, () => '两支相对（相隔六位）'],
  [/^each clashes the other's combination partner$/, () => '各冲对方的六合之支'],
  [/^子 and 卯 punish each other$/, () => '子卯相刑（无礼之刑）'],
  [/^members of the (ungrateful|bullying) punishment \((.+)\)$/, (_, n, g) => `同属${PUNISHMENT[n]}（${g}）`],
  [/^(.) meets itself \(辰 午 酉 亥 punish themselves\)$/, (_, b) => `${b}${b}自刑（辰午酉亥自刑）`],
  [
    /^(.) with one member of (...): leans to (\w+) without transforming \((.) missing\)$/,
    (_, p, g, e, m) => `${p}与${g}之一相会：倾向${el(e)}而不化（缺${m}）`,
  ],
  [/^(...) are all present but the peak (.) is clashed: (\w+) without a full transformation$/, (_, g, p, e) => `${g}齐全，但旺支${p}受冲：${el(e)}局不全化`],
  [/^(...) are all present and the peak is not clashed: transforms to (\w+)$/, (_, g, e) => `${g}齐全，旺支不受冲：化${el(e)}`],
  [/^day master (\w+) in a (\w+) month: (.+)$/, (_, d, m, rel) => `日主${el(d)}生于${el(m)}月：${SEASON[rel] ?? rel}`],
  [/^the main hidden stem (.) of the month branch (.) is (.+)$/, (_, s, b, g) => `月支${b}本气${s}为${GOD.get(g) ?? g}`],
];

/** The sentence in Simplified Chinese, or as it is when no pattern knows it. */
export function ruleTextZh(text: string): string {
  for (const [pattern, write] of PATTERNS) {
    const m = pattern.exec(text);
    if (m) return write(...m);
  }
  return text;
}
