/**
 * The `interpretation` block of a natal chart: the library's entries for the chart's placements,
 * aspects and patterns, grouped in sections as the clients read them. Each item (category and
 * key) appears once, in the first section that claims it; the chart ruler's placement appears
 * twice, as `chart_ruler` in core_self and as its planet's `planet_sign`/`planet_house` items,
 * since clients look the ruler's planet up by category as they do any other:
 *
 *   core_self       the Sun and the Moon (sign, house), the Ascendant, the chart ruler (sign, house)
 *   mind            Mercury; the house entries of planets in the 3rd and 9th houses
 *   relationships   Venus; planets in the 5th and 7th houses
 *   drive_and_work  Mars, the Midheaven; planets in the 6th and 10th houses
 *   growth          Jupiter and Saturn
 *   generational    Uranus, Neptune and Pluto
 *   karmic_healing  the nodes (north, south, and the true or mean node beside them), Chiron and
 *                   Lilith (true Lilith too) by sign and house; every aspect of Chiron, the node
 *                   or Lilith; Saturn's conjunctions, squares and oppositions to the Sun, the
 *                   Moon, Mercury, Venus, Mars and the Ascendant
 *   patterns        chart shape, configurations, balance, hemispheres, Moon phase, dominant
 *                   planet, retrograde planets
 *
 * Any other aspect goes to the section of its more personal point (Sun, Moon, Ascendant first,
 * then Mercury, Venus, Mars, the Midheaven, Jupiter, Saturn, the outer planets). An aspect item's
 * key names the aspect's real type (`aspect.sun.square.moon`) even when its text is the family's,
 * and a variant point by its own id (`planet.true_node.sign.leo`, `aspect.sun.trine.true_node`)
 * with its point's text.
 */
import type { NatalChartInput } from '../chart-input.ts';
import { extractChartFactors, type ChartFactors } from '../chart-factors/index.ts';
import { readableAspects, type ReadableAspect } from '../chart-factors/readable-aspects.ts';
import { keys, readAs, SENSITIVE_POINTS, TEN_PLANET_IDS } from '../keys.ts';
import type { InterpretationLibrary } from '../library.ts';
import { chartSeed } from '../variant.ts';
import { aspectEntry, blockShell, itemOf, type InterpretationBlock, type InterpretationItem, type InterpretationStyle } from './item.ts';

export const NATAL_SECTIONS = ['core_self', 'mind', 'relationships', 'drive_and_work', 'growth', 'generational', 'karmic_healing', 'patterns'] as const;
export type NatalSection = (typeof NATAL_SECTIONS)[number];

export const UNTIMED_NOTE =
  'Birth time unknown: house placements, the Ascendant, the Midheaven and the aspects to them are left out, and the Moon may stand a few degrees from its true position.';

const PERSONAL_RANK = ['sun', 'moon', 'asc', 'mercury', 'venus', 'mars', 'mc', 'jupiter', 'saturn', 'uranus', 'neptune', 'pluto'];
const SECTION_OF_POINT: Record<string, NatalSection> = {
  sun: 'core_self',
  moon: 'core_self',
  asc: 'core_self',
  mercury: 'mind',
  venus: 'relationships',
  mars: 'drive_and_work',
  mc: 'drive_and_work',
  jupiter: 'growth',
  saturn: 'growth',
  uranus: 'generational',
  neptune: 'generational',
  pluto: 'generational',
};
const SATURN_LESSON_POINTS = new Set(['sun', 'moon', 'mercury', 'venus', 'mars', 'asc']);
const SENSITIVE: ReadonlySet<string> = new Set(SENSITIVE_POINTS);
/** The karmic_healing placements, in reading order: the node and its variants, the south node, Chiron, Lilith. */
const KARMIC_POINTS = ['north_node', 'true_node', 'mean_node', 'south_node', 'chiron', 'lilith', 'true_lilith'];

/** Houses whose planets' house entries a section claims. */
const MIND_HOUSES = [3, 9];
const RELATIONSHIP_HOUSES = [5, 7];
const WORK_HOUSES = [6, 10];

export function aspectSection(a: { p1: string; p2: string; family: string }): NatalSection {
  if (SENSITIVE.has(readAs(a.p1)) || SENSITIVE.has(readAs(a.p2))) return 'karmic_healing';
  const saturn = a.p1 === 'saturn' ? a.p2 : a.p2 === 'saturn' ? a.p1 : undefined;
  if (saturn !== undefined && a.family !== 'flowing' && SATURN_LESSON_POINTS.has(saturn)) return 'karmic_healing';
  const lead = PERSONAL_RANK.indexOf(a.p1) <= PERSONAL_RANK.indexOf(a.p2) ? a.p1 : a.p2;
  return SECTION_OF_POINT[lead]!;
}

export interface BlockOptions {
  style: InterpretationStyle;
  library: InterpretationLibrary;
}

/** Collects a block's items, each key once, in the first section that claims it. */
class NatalBlockBuilder {
  readonly sections = Object.fromEntries(NATAL_SECTIONS.map((s) => [s, [] as InterpretationItem[]])) as Record<NatalSection, InterpretationItem[]>;
  /** Keys already shown, by category: the chart ruler's entries are shown under two. */
  private readonly used = new Map<string, Set<string>>();

  constructor(
    private readonly library: InterpretationLibrary,
    private readonly style: InterpretationStyle,
    private readonly seed: number,
    private readonly factors: ChartFactors,
  ) {}

  /** Whether the item is new (and from now on, taken). */
  private claim(category: string, key: string): boolean {
    let taken = this.used.get(category);
    if (!taken) this.used.set(category, (taken = new Set()));
    if (taken.has(key)) return false;
    taken.add(key);
    return true;
  }

  /** `entryKey`: the entry that reads the item, when it is not the item's own key (a variant point). */
  add(section: NatalSection, category: string, key: string, titlePrefix?: string, entryKey = key): void {
    const entry = this.library.entries.get(entryKey);
    if (!entry || !this.claim(category, key)) return;
    this.sections[section].push(
      itemOf(entry, { category, key, style: this.style, seed: this.seed, title: titlePrefix === undefined ? undefined : titlePrefix + entry.title }),
    );
  }

  sign(section: NatalSection, id: string, category = 'planet_sign', titlePrefix?: string): void {
    const p = this.factors.points.get(id);
    if (p) this.add(section, category, keys.planetSign(id, p.sign), titlePrefix, keys.planetSign(readAs(id), p.sign));
  }

  house(section: NatalSection, id: string, category = 'planet_house', titlePrefix?: string): void {
    const h = this.factors.points.get(id)?.house;
    if (h !== undefined) this.add(section, category, keys.planetHouse(id, h), titlePrefix, keys.planetHouse(readAs(id), h));
  }

  placement(section: NatalSection, id: string): void {
    this.sign(section, id);
    this.house(section, id);
  }

  angle(section: NatalSection, id: 'asc' | 'mc'): void {
    const p = this.factors.points.get(id);
    if (p) this.add(section, 'angle_sign', keys.angleSign(id, p.sign));
  }

  /** The house entries of the ten planets standing in the given houses. */
  housesOf(section: NatalSection, houses: readonly number[]): void {
    for (const id of TEN_PLANET_IDS) {
      const h = this.factors.points.get(id)?.house;
      if (h !== undefined && houses.includes(h)) this.house(section, id);
    }
  }

  aspect(a: ReadableAspect): void {
    const entry = aspectEntry(this.library, keys.aspect(a.entry1, a.type, a.entry2), keys.aspect(a.entry1, a.family, a.entry2));
    if (!entry || !this.claim('aspect', a.key)) return;
    this.sections[aspectSection(a)].push(itemOf(entry, { category: 'aspect', key: a.key, style: this.style, seed: this.seed }));
  }
}

export function buildNatalBlock(chart: NatalChartInput, options: BlockOptions, factors: ChartFactors = extractChartFactors(chart)): InterpretationBlock {
  const b = new NatalBlockBuilder(options.library, options.style, chartSeed(chart.subject), factors);
  b.placement('core_self', 'sun');
  b.placement('core_self', 'moon');
  b.angle('core_self', 'asc');
  if (factors.chartRuler) {
    b.sign('core_self', factors.chartRuler, 'chart_ruler', 'Chart Ruler: ');
    b.house('core_self', factors.chartRuler, 'chart_ruler', 'Chart Ruler: ');
  }
  b.placement('mind', 'mercury');
  b.housesOf('mind', MIND_HOUSES);
  b.placement('relationships', 'venus');
  b.housesOf('relationships', RELATIONSHIP_HOUSES);
  b.placement('drive_and_work', 'mars');
  b.angle('drive_and_work', 'mc');
  b.housesOf('drive_and_work', WORK_HOUSES);
  b.placement('growth', 'jupiter');
  b.placement('growth', 'saturn');
  for (const id of ['uranus', 'neptune', 'pluto']) b.placement('generational', id);
  for (const id of KARMIC_POINTS) b.placement('karmic_healing', id);
  for (const a of readableAspects(chart)) b.aspect(a);
  for (const [category, key] of patternKeys(factors)) b.add('patterns', category, key);
  return blockShell(options.library, options.style, b.sections, factors.timed ? [] : [UNTIMED_NOTE]);
}

/** The pattern entries a chart reaches, in reading order, as [category, key]. */
export function patternKeys(f: ChartFactors): [string, string][] {
  const list: [string, string][] = [];
  if (f.shape) list.push(['shape', keys.shape(f.shape)]);
  for (const s of f.stelliums) list.push(['configuration', s.kind === 'sign' ? keys.stelliumSign(s.sign_id!) : keys.stelliumHouse(s.house!)]);
  for (const c of f.configurations) list.push(['configuration', c.key]);
  for (const e of f.balance.strongElements) list.push(['balance', keys.element(e, 'strong')]);
  for (const e of f.balance.weakElements) list.push(['balance', keys.element(e, 'weak')]);
  for (const m of f.balance.strongModalities) list.push(['balance', keys.modality(m, 'strong')]);
  for (const m of f.balance.weakModalities) list.push(['balance', keys.modality(m, 'weak')]);
  if (f.balance.strongPolarity) list.push(['balance', keys.polarity(f.balance.strongPolarity)]);
  for (const h of f.hemispheres?.emphasized ?? []) list.push(['hemisphere', keys.hemisphere(h)]);
  if (f.moonPhase) list.push(['moon_phase', keys.moonPhase(f.moonPhase.phase)]);
  list.push(['dominant_planet', keys.dominantPlanet(f.dominant.planet)]);
  for (const r of f.retrogrades) list.push(['retrograde', keys.retrograde(r)]);
  return list;
}
