/**
 * The interpretation block covers what the natal and transits answers can carry: every point the
 * natal endpoint can return in every sign and house, every aspect it can return between two of
 * its points, and every transit the transits answer can return, has an item read from the real
 * library, or is listed below with the reason it has none (the same list is in docs/api/natal.md,
 * "Interpretation text", "What the block covers").
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_NATAL_BODIES, DEFAULT_TRANSIT_BODIES, FEATURE_BODIES } from '../../../src/astro/bodies.ts';
import { ASPECT_TYPES, axisGroup } from '../../../src/astro/aspects.ts';
import { SIGNS } from '../../../src/astro/zodiac.ts';
import { HOUSE_POINTS } from '../../../src/astro/aspect-points.ts';
import { buildNatalBlock } from '../../../src/interpretations/block/natal.ts';
import { buildTransitBlock } from '../../../src/interpretations/block/transits.ts';
import type { NatalChartInput } from '../../../src/interpretations/chart-input.ts';
import { aspectFamily, readablePair } from '../../../src/interpretations/keys.ts';
import { getLibrary } from '../../../src/interpretations/library.ts';

const library = getLibrary();

/** Points a natal answer can carry: the default bodies and every `include_features` point. */
const NATAL_POINTS = [...new Set<string>([...DEFAULT_NATAL_BODIES, ...FEATURE_BODIES])];
/** Points of the natal answer's aspects: its points but the house points, and the Ascendant and the Midheaven (with a birth time). */
const NATAL_ASPECT_POINTS = [...NATAL_POINTS.filter((id) => !HOUSE_POINTS.has(id)), 'asc', 'mc'];
/** The transits answer: its transiting bodies, to the default natal points and the two angles. */
const TRANSIT_NATAL_POINTS = [...DEFAULT_NATAL_BODIES, 'asc', 'mc'];

const ASTEROIDS = 'the library has no entries for the asteroids and Pholus';

/** Points without sign items, and why. */
export const NO_SIGN_ITEM: Record<string, string> = {
  ic: "the IC is the point opposite the Midheaven: the Midheaven's angle_sign item reads that axis",
  dc: "the Descendant is the point opposite the Ascendant: the Ascendant's angle_sign item reads that axis",
  vertex: 'the library has no entries for the Vertex',
  part_of_fortune: 'the library has no entries for the Part of Fortune',
  pholus: ASTEROIDS,
  ceres: ASTEROIDS,
  pallas: ASTEROIDS,
  juno: ASTEROIDS,
  vesta: ASTEROIDS,
};
/** Points without house items, and why. */
export const NO_HOUSE_ITEM: Record<string, string> = {
  ...NO_SIGN_ITEM,
  asc: 'the Ascendant is the cusp of the 1st house: its sign item reads it',
  mc: 'the Midheaven is the cusp of the 10th house (or near it): its sign item reads it',
};
/** Points whose aspects have no items, and why. */
export const NO_ASPECT_ITEM: Record<string, string> = {
  // The answer's north node is always there: a conjunction to the south node comes with an opposition
  // to it, a square with a square, a sextile with a trine (with the default orbs, only a trine to the
  // south node wider than the sextile's 5° has no mirror).
  south_node: "the south node is the north node's opposite point: each aspect to it comes with the mirror aspect to the north node, whose item reads the axis",
  part_of_fortune: NO_SIGN_ITEM.part_of_fortune!,
  pholus: ASTEROIDS,
  ceres: ASTEROIDS,
  pallas: ASTEROIDS,
  juno: ASTEROIDS,
  vesta: ASTEROIDS,
};
export const MINOR_ASPECTS = 'the library reads the five major aspects; minor ones (include_minor_aspects, include_minor) have no items';
export const ANGLE_AXIS =
  'the angle between the Ascendant and the Midheaven is set by the latitude and the season of the birth, not a relation between two parts of a person';
/** Transiting points without transit items, and why. */
export const NO_TRANSIT_ITEM: Record<string, string> = {
  true_node: 'the library has transit entries for the Sun to Pluto; the moving node, Chiron and Lilith are listed in aspects[] without text',
  chiron: 'the library has transit entries for the Sun to Pluto; the moving node, Chiron and Lilith are listed in aspects[] without text',
  lilith: 'the library has transit entries for the Sun to Pluto; the moving node, Chiron and Lilith are listed in aspects[] without text',
};

const SUBJECT: NatalChartInput['subject'] = {
  name: 'Coverage',
  datetime: '1990-05-12T14:30:00+02:00',
  datetime_utc: '1990-05-12T12:30:00Z',
  location: { city: null, country: null, lat: 48.85, lng: 2.35, timezone: 'Europe/Paris' },
  settings: { house_system: 'placidus', house_system_requested: 'placidus', zodiac_type: 'tropical', sidereal_ayanamsa: null, time_known: true },
};

/** A timed chart with every point in the middle of sign `i` and in house `i + 1`, and the given aspects. */
function chartInSign(i: number, aspects: NatalChartInput['aspects'] = []): NatalChartInput {
  const lon = 30 * i + 15;
  return {
    subject: SUBJECT,
    planets: NATAL_POINTS.map((id) => ({ id, abs_pos: lon, speed: 1, house: i + 1 })),
    houses: Array.from({ length: 12 }, (_, h) => ({ house: h + 1, abs_pos: (30 * (i + h)) % 360 })),
    angles: { asc: lon, mc: lon },
    aspects,
    confidence: { houses: 'high', angles: 'high', overall: 'high', notes: [] },
  };
}

const itemsOf = (chart: NatalChartInput) => Object.values(buildNatalBlock(chart, { style: 'standard', library }).sections).flat();

describe('the natal block covers every point in every sign and house', () => {
  it('a sign item for every point but those listed, a house item likewise', () => {
    const missing: string[] = [];
    SIGNS.forEach((sign, i) => {
      const keys = new Set(itemsOf(chartInSign(i)).map((item) => `${item.category} ${item.key}`));
      for (const id of NATAL_POINTS) {
        const angle = id === 'asc' || id === 'mc';
        const signItem = angle ? `angle_sign angle.${id}.sign.${sign.id}` : `planet_sign planet.${id}.sign.${sign.id}`;
        if (!(id in NO_SIGN_ITEM) && !keys.has(signItem)) missing.push(signItem);
        const houseItem = `planet_house planet.${id}.house.${i + 1}`;
        if (!(id in NO_HOUSE_ITEM) && !keys.has(houseItem)) missing.push(houseItem);
      }
    });
    expect(missing).toEqual([]);
  });

  it("the chart ruler is shown as chart_ruler and as its planet's own sign and house items", () => {
    const items = itemsOf(chartInSign(0)); // Ascendant in Aries: Mars rules
    for (const category of ['chart_ruler', 'planet_sign', 'planet_house']) {
      expect(items.filter((i) => i.category === category && i.key.startsWith('planet.mars.')).length, category).toBeGreaterThan(0);
    }
  });
});

describe('the natal block covers every aspect the natal endpoint can return', () => {
  const returned: { p1: string; p2: string; type: string }[] = [];
  NATAL_ASPECT_POINTS.forEach((p1, i) => {
    for (const p2 of NATAL_ASPECT_POINTS.slice(i + 1)) {
      // Two ends of one axis, or two versions of one point, are never returned as an aspect.
      if (axisGroup(p1) !== 0 && axisGroup(p1) === axisGroup(p2)) continue;
      for (const type of ASPECT_TYPES) returned.push({ p1, p2, type });
    }
  });

  /** Why an aspect has no item, or undefined when it must have one. */
  function reason(a: { p1: string; p2: string; type: string }): string | undefined {
    if (!aspectFamily(a.type)) return MINOR_ASPECTS;
    if ((a.p1 === 'asc' && a.p2 === 'mc') || (a.p1 === 'mc' && a.p2 === 'asc')) return ANGLE_AXIS;
    return NO_ASPECT_ITEM[a.p1] ?? NO_ASPECT_ITEM[a.p2];
  }

  it('an item for every pair and type but those listed', () => {
    expect(returned.length).toBeGreaterThan(2000);
    const keys = new Set(
      itemsOf(
        chartInSign(
          0,
          returned.map((a) => ({ ...a, orb: 1 })),
        ),
      )
        .filter((i) => i.category === 'aspect')
        .map((i) => i.key),
    );
    const missing: string[] = [];
    let covered = 0;
    for (const a of returned) {
      if (reason(a) !== undefined) continue;
      const pair = readablePair(a.p1, a.p2);
      const key = pair && `aspect.${pair[0]}.${a.type}.${pair[1]}`;
      if (key && keys.has(key)) covered++;
      else missing.push(`${a.p1} ${a.type} ${a.p2}`);
    }
    expect(missing).toEqual([]);
    expect(covered).toBeGreaterThan(700);
  });
});

describe('the transits block covers every transit the transits answer can return', () => {
  it('an item for every transiting body, natal point and type but those listed', () => {
    const missing: string[] = [];
    for (const p1 of DEFAULT_TRANSIT_BODIES) {
      for (const p2 of TRANSIT_NATAL_POINTS) {
        for (const type of ASPECT_TYPES) {
          if (p1 in NO_TRANSIT_ITEM || !aspectFamily(type)) continue;
          const block = buildTransitBlock(SUBJECT, [{ p1, p2, type, orb: 1 }], { style: 'standard', library, natalTimed: true });
          if (block.sections.transits?.[0]?.key !== `transit.${p1}.${type}.${p2}`) missing.push(`${p1} ${type} ${p2}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});
