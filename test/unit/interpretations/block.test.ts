import { describe, expect, it } from 'vitest';
import { buildNatalBlock, NATAL_SECTIONS, UNTIMED_NOTE } from '../../../src/interpretations/block/natal.ts';
import { buildTransitBlock, MAX_TRANSIT_ITEMS, transitScore } from '../../../src/interpretations/block/transits.ts';
import { extractChartFactors } from '../../../src/interpretations/chart-factors/index.ts';
import { aspectFamily, isGrammarKey, readablePair } from '../../../src/interpretations/keys.ts';
import { buildLibrary } from '../../../src/interpretations/library.ts';
import { fixtureLibrary, fixtureSources } from '../../helpers/interpretation-fixture.ts';
import { natalChartFor, PLACES, SAMPLE_BIRTHS } from '../../helpers/natal-charts.ts';

const library = fixtureLibrary({ variants: 2 });
const timed = natalChartFor(SAMPLE_BIRTHS.timed.birth, SAMPLE_BIRTHS.timed.place);
const untimed = natalChartFor(SAMPLE_BIRTHS.untimed.birth, SAMPLE_BIRTHS.untimed.place);

const KEY_SHAPES = [
  /^planet\.(sun|moon|mercury|venus|mars|jupiter|saturn|uranus|neptune|pluto|chiron|north_node|lilith)\.sign\.[a-z]+$/,
  /^planet\.[a-z_]+\.house\.([1-9]|1[0-2])$/,
  /^angle\.(asc|mc)\.sign\.[a-z]+$/,
  /^aspect\.[a-z_]+\.(conjunction|trine|sextile|square|opposition)\.[a-z_]+$/,
  /^(balance|hemisphere|shape|config|moon_phase|dominant|retrograde)\./,
];

describe('the natal block', () => {
  const block = buildNatalBlock(timed, { style: 'standard', library });
  const items = Object.values(block.sections).flat();

  it("has the eight sections, every item once (the chart ruler's under two categories), keys as the clients read them", () => {
    expect(Object.keys(block.sections)).toEqual([...NATAL_SECTIONS]);
    for (const section of NATAL_SECTIONS) expect(block.sections[section]!.length, section).toBeGreaterThan(0);
    expect(new Set(items.map((i) => `${i.category} ${i.key}`)).size).toBe(items.length);
    const ruler = items.filter((i) => i.category === 'chart_ruler').map((i) => i.key);
    expect(
      items
        .filter((i) => ruler.includes(i.key))
        .map((i) => i.category)
        .sort(),
    ).toEqual(['chart_ruler', 'chart_ruler', 'planet_house', 'planet_sign']);
    for (const item of items) {
      expect(
        KEY_SHAPES.some((r) => r.test(item.key)),
        item.key,
      ).toBe(true);
      expect(Object.keys(item)).toEqual(['category', 'key', 'title', 'body']);
    }
    expect(block).toMatchObject({ library_version: '0.0.0-test', language: 'en', style: 'standard', notes: [] });
  });

  it('every placement with an entry appears: the 13 planets and points in sign and house, both angles', () => {
    const keys = new Set(items.map((i) => i.key));
    for (const p of timed.planets.filter((p) =>
      ['sun', 'moon', 'mercury', 'venus', 'mars', 'jupiter', 'saturn', 'uranus', 'neptune', 'pluto', 'chiron', 'north_node', 'lilith'].includes(p.id),
    )) {
      expect(
        [...keys].some((k) => k.startsWith(`planet.${p.id}.sign.`)),
        p.id,
      ).toBe(true);
      expect(keys.has(`planet.${p.id}.house.${p.house}`), p.id).toBe(true);
    }
    expect(items.filter((i) => i.key.startsWith('angle.'))).toHaveLength(2);
    expect(block.sections.core_self!.map((i) => i.category)).toContain('chart_ruler');
  });

  it('every major aspect between points with entries appears once, keyed by its real type', () => {
    const expected = timed.aspects
      .filter((a) => aspectFamily(a.type) && readablePair(a.p1, a.p2))
      .map((a) => {
        const [p1, p2] = readablePair(a.p1, a.p2)!;
        return `aspect.${p1}.${a.type}.${p2}`;
      });
    expect(expected.length).toBeGreaterThan(5);
    expect(expected.some((k) => /\.(chiron|north_node|lilith)$/.test(k))).toBe(true);
    expect(
      items
        .filter((i) => i.category === 'aspect')
        .map((i) => i.key)
        .sort(),
    ).toEqual(expected.sort());
    // The fixture has only family entries: the text is the family's.
    const square = items.find((i) => i.key.includes('.square.') || i.key.includes('.opposition.'))!;
    expect(square.title).toMatch(/\.tense\./);
  });

  it('prefers an entry of the exact aspect type over the family entry', () => {
    const aspect = items.find((i) => i.category === 'aspect')!;
    const override = { ...library.entries.get('planet.sun.sign.aries')!, key: aspect.key, title: 'Exact' };
    const withOverride = buildLibrary([...fixtureSources(), { file: 'aspects/extra.json', content: { group: 'aspects/extra', entries: [override] } }], {
      version: 't',
      language: 'en',
    });
    const b = buildNatalBlock(timed, { style: 'standard', library: withOverride });
    expect(
      Object.values(b.sections)
        .flat()
        .find((i) => i.key === aspect.key)!.title,
    ).toBe('Exact');
  });

  it('the improved style adds strengths, challenges and reflection', () => {
    const improved = Object.values(buildNatalBlock(timed, { style: 'improved', library }).sections).flat();
    for (const item of improved) {
      expect(item.strengths!.length).toBeGreaterThanOrEqual(2);
      expect(item.challenges!.length).toBeGreaterThanOrEqual(2);
      expect(item.reflection![0]).toMatch(/\?$/);
    }
  });

  it('is deterministic, and the variant depends on the chart', () => {
    expect(buildNatalBlock(timed, { style: 'standard', library })).toEqual(block);
    const other = natalChartFor({ ...SAMPLE_BIRTHS.timed.birth, minute: 31 }, PLACES.paris);
    const a = new Map(items.map((i) => [i.key, i.body]));
    const differing = Object.values(buildNatalBlock(other, { style: 'standard', library }).sections)
      .flat()
      .filter((i) => a.has(i.key) && a.get(i.key) !== i.body);
    expect(differing.length).toBeGreaterThan(0);
  });

  it('untimed: no houses, angles or aspects to them, and a note says so', () => {
    const b = buildNatalBlock(untimed, { style: 'standard', library });
    const keys = Object.values(b.sections)
      .flat()
      .map((i) => i.key);
    expect(keys.filter((k) => /\.house\.|^angle\.|\.asc$|\.mc$|^hemisphere\.|config\.stellium\.house/.test(k))).toEqual([]);
    expect(keys.some((k) => k.startsWith('planet.sun.sign.'))).toBe(true);
    expect(b.notes).toEqual([UNTIMED_NOTE]);
    expect(b.sections.core_self!.map((i) => i.category)).not.toContain('chart_ruler');
  });

  it('leaves out keys the library has no entry for', () => {
    const partial = fixtureLibrary({ omit: (k) => k.startsWith('planet.') });
    const b = buildNatalBlock(timed, { style: 'standard', library: partial });
    expect(
      Object.values(b.sections)
        .flat()
        .some((i) => i.key.startsWith('planet.')),
    ).toBe(false);
    expect(b.sections.patterns!.length).toBeGreaterThan(0);
  });

  it('patterns name the factors', () => {
    const f = extractChartFactors(timed);
    const keys = block.sections.patterns!.map((i) => i.key);
    expect(keys).toContain(`dominant.planet.${f.dominant.planet}`);
    expect(keys).toContain(`moon_phase.${f.moonPhase!.phase}`);
    if (f.shape) expect(keys).toContain(`shape.${f.shape}`);
    for (const key of keys) expect(isGrammarKey(key), key).toBe(true);
  });
});

describe('the transits block', () => {
  const subject = timed.subject;
  const aspects = [
    { p1: 'moon', p2: 'sun', type: 'conjunction', orb: 0.1 },
    { p1: 'pluto', p2: 'moon', type: 'square', orb: 2.5 },
    { p1: 'saturn', p2: 'asc', type: 'opposition', orb: 0.5 },
    { p1: 'mercury', p2: 'venus', type: 'trine', orb: 4 },
    { p1: 'jupiter', p2: 'mc', type: 'sextile', orb: 1 },
    { p1: 'true_node', p2: 'sun', type: 'conjunction', orb: 0.1 },
    { p1: 'mars', p2: 'chiron', type: 'square', orb: 0.1 },
    { p1: 'venus', p2: 'moon', type: 'quincunx', orb: 0.1 },
  ];

  it('ranks by planet weight and orb, keys carry the real type, other points are left out', () => {
    const b = buildTransitBlock(subject, aspects, { style: 'standard', library, natalTimed: true });
    expect(Object.keys(b.sections)).toEqual(['transits']);
    const keys = b.sections.transits!.map((i) => i.key);
    expect(keys).toEqual([
      'transit.saturn.opposition.asc',
      'transit.pluto.square.moon',
      'transit.jupiter.sextile.mc',
      'transit.mars.square.chiron',
      'transit.moon.conjunction.sun',
      'transit.mercury.trine.venus',
    ]);
    expect(b.sections.transits![0]!.category).toBe('transit');
    expect(b.sections.transits![0]!.title).toBe('Title transit.saturn.tense.asc');
    // A tight Moon conjunction outranks a wide Mercury trine; a slow planet's wider square outranks both.
    expect(transitScore(aspects[0]!)).toBeGreaterThan(transitScore(aspects[3]!));
    expect(transitScore(aspects[1]!)).toBeGreaterThan(transitScore(aspects[0]!));
  });

  it('shows at most fifteen', () => {
    const many = ['sun', 'moon', 'mercury', 'venus', 'mars', 'jupiter', 'saturn', 'uranus', 'neptune', 'pluto'].flatMap((p1) =>
      ['sun', 'moon'].map((p2) => ({ p1, p2, type: 'trine', orb: 1 })),
    );
    expect(buildTransitBlock(subject, many, { style: 'improved', library, natalTimed: false }).sections.transits).toHaveLength(MAX_TRANSIT_ITEMS);
    expect(buildTransitBlock(subject, many, { style: 'improved', library, natalTimed: false }).notes).toEqual([UNTIMED_NOTE]);
  });
});
