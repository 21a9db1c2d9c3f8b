/**
 * Aspect configurations among the ten planets: grand trine, T-square, grand cross, yod and
 * kite. Orbs are tighter than for single aspects, because a figure is only as real as its
 * weakest side: oppositions 7°, squares and trines 6°, sextiles 4°, quincunxes 2.5°. A figure's
 * quality (the modality of a T-square or grand cross) is that of most of its planets' signs; a
 * grand trine has an element only when its three corners share one: trines by degree that cross
 * into signs of other elements (Mars at 29° Leo, Jupiter in Aries, Neptune in Capricorn) make a
 * dissociate grand trine, whose reading does not speak of one element. A figure that is part of a
 * larger one (the T-squares inside a grand cross) is not listed again.
 */
import { signedSeparation } from '../../astro/zodiac.ts';
import { keys, TEN_PLANET_IDS } from '../keys.ts';
import { signElement, signModality } from './balance.ts';
import type { PlacedPoint } from './positions.ts';

export type ConfigurationKind = 'grand_trine' | 'kite' | 'grand_cross' | 't_square' | 'yod';

export interface Configuration {
  kind: ConfigurationKind;
  /** Element (grand trine, when its corners share one) or modality (T-square, grand cross); absent for yod, kite and a dissociate grand trine. */
  quality?: string | undefined;
  /** Member planets in canonical order; for a T-square and a yod the apex comes last. */
  planets: string[];
  /** The widest orb among the figure's aspects. */
  maxOrb: number;
  key: string;
}

/** Aspect codes of the pair table, and their angles and orbs. */
const OPPOSITION = 1;
const SQUARE = 2;
const TRINE = 3;
const SEXTILE = 4;
const QUINCUNX = 5;
/** The figures' own orbs, tighter than the aspect table's: one home for every reader of the figures. */
export const FIGURE_ORBS = { opposition: 7, square: 6, trine: 6, sextile: 4, quincunx: 2.5 } as const;
const CONFIG_ASPECTS: [code: number, angle: number, orb: number][] = [
  [OPPOSITION, 180, FIGURE_ORBS.opposition],
  [SQUARE, 90, FIGURE_ORBS.square],
  [TRINE, 120, FIGURE_ORBS.trine],
  [SEXTILE, 60, FIGURE_ORBS.sextile],
  [QUINCUNX, 150, FIGURE_ORBS.quincunx],
];

function majority(values: string[]): string {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  // The first value reaching the highest count: stable for ties.
  return values.reduce((best, v) => (counts.get(v)! > counts.get(best)! ? v : best), values[0]!);
}

/**
 * The aspect each pair of planets forms for the figures, if any (0: none), with its orb, as flat
 * n × n tables. The orb ranges of the five aspects do not overlap, so a pair forms at most one.
 * The tables are reused from call to call (a figure search runs to its end synchronously, and each
 * worker thread has its own copy of this module): allocating them each time cost more than the search.
 */
const MAX_PLANETS = TEN_PLANET_IDS.length;
const typeTable = new Int8Array(MAX_PLANETS * MAX_PLANETS);
const orbTable = new Float64Array(MAX_PLANETS * MAX_PLANETS);

function fillPairTable(planets: readonly PlacedPoint[]): void {
  const n = planets.length;
  typeTable.fill(0);
  for (let i = 0; i < n; i++)
    for (let j = i + 1; j < n; j++) {
      const distance = Math.abs(signedSeparation(planets[i]!.lon, planets[j]!.lon));
      for (let k = 0; k < CONFIG_ASPECTS.length; k++) {
        const [code, angle, maxOrb] = CONFIG_ASPECTS[k]!;
        const o = Math.abs(distance - angle);
        if (o <= maxOrb) {
          typeTable[i * n + j] = typeTable[j * n + i] = code;
          orbTable[i * n + j] = orbTable[j * n + i] = o;
          break;
        }
      }
    }
}

export function findConfigurations(points: ReadonlyMap<string, PlacedPoint>): Configuration[] {
  const planets = TEN_PLANET_IDS.map((id) => points.get(id)).filter((p): p is PlacedPoint => p !== undefined);
  const n = planets.length;
  fillPairTable(planets);
  const is = (i: number, j: number, code: number) => typeTable[i * n + j] === code;
  const widest = (...pairs: [number, number][]) => Math.max(...pairs.map(([i, j]) => orbTable[i * n + j]!));
  const ids = (...indices: number[]) => indices.map((i) => planets[i]!.id);
  const found: Configuration[] = [];

  // Grand trines and the kites built on them.
  for (let a = 0; a < n; a++)
    for (let b = a + 1; b < n; b++) {
      if (!is(a, b, TRINE)) continue;
      for (let c = b + 1; c < n; c++) {
        if (!is(a, c, TRINE) || !is(b, c, TRINE)) continue;
        const maxOrb = widest([a, b], [a, c], [b, c]);
        const elements = new Set([a, b, c].map((i) => signElement(planets[i]!.sign)));
        const element = elements.size === 1 ? [...elements][0]! : undefined;
        found.push({
          kind: 'grand_trine',
          quality: element,
          planets: ids(a, b, c),
          maxOrb,
          key: element ? keys.grandTrine(element) : keys.dissociateGrandTrine(),
        });
        for (let d = 0; d < n; d++) {
          for (const [tip, x, y] of [
            [a, b, c],
            [b, a, c],
            [c, a, b],
          ] as const) {
            if (is(d, tip, OPPOSITION) && is(d, x, SEXTILE) && is(d, y, SEXTILE)) {
              found.push({
                kind: 'kite',
                planets: [...ids(a, b, c), planets[d]!.id],
                maxOrb: Math.max(maxOrb, widest([d, tip], [d, x], [d, y])),
                key: keys.kite(),
              });
            }
          }
        }
      }
    }

  // Grand crosses: two oppositions whose ends all square each other (each found once, a < b, c < d, a < c).
  const crosses: number[][] = [];
  for (let a = 0; a < n; a++)
    for (let b = a + 1; b < n; b++) {
      if (!is(a, b, OPPOSITION)) continue;
      for (let c = a + 1; c < n; c++)
        for (let d = c + 1; d < n; d++) {
          if (c === b || d === b || !is(c, d, OPPOSITION)) continue;
          if (!is(a, c, SQUARE) || !is(a, d, SQUARE) || !is(b, c, SQUARE) || !is(b, d, SQUARE)) continue;
          const members = [a, b, c, d].sort((x, y) => x - y);
          crosses.push(members);
          const modality = majority(members.map((i) => signModality(planets[i]!.sign)));
          found.push({
            kind: 'grand_cross',
            quality: modality,
            planets: ids(...members),
            maxOrb: widest([a, b], [c, d], [a, c], [a, d], [b, c], [b, d]),
            key: keys.grandCross(modality),
          });
        }
    }
  const insideCross = (...members: number[]) => crosses.some((c) => members.every((m) => c.includes(m)));

  // T-squares and yods, apex last.
  for (let a = 0; a < n; a++)
    for (let b = a + 1; b < n; b++) {
      const opposition = is(a, b, OPPOSITION);
      const sextile = is(a, b, SEXTILE);
      if (!opposition && !sextile) continue;
      for (let apex = 0; apex < n; apex++) {
        if (opposition && is(apex, a, SQUARE) && is(apex, b, SQUARE) && !insideCross(a, b, apex)) {
          const modality = majority([a, b, apex].map((i) => signModality(planets[i]!.sign)));
          found.push({
            kind: 't_square',
            quality: modality,
            planets: ids(a, b, apex),
            maxOrb: widest([a, b], [apex, a], [apex, b]),
            key: keys.tSquare(modality),
          });
        }
        if (sextile && is(apex, a, QUINCUNX) && is(apex, b, QUINCUNX)) {
          found.push({ kind: 'yod', planets: ids(a, b, apex), maxOrb: widest([a, b], [apex, a], [apex, b]), key: keys.yod() });
        }
      }
    }
  const order: ConfigurationKind[] = ['grand_cross', 'kite', 'grand_trine', 't_square', 'yod'];
  return found.sort((x, y) => order.indexOf(x.kind) - order.indexOf(y.kind) || x.maxOrb - y.maxOrb);
}
