/**
 * The report's themes and the order the chart gives them. The first theme (how you meet the
 * world) opens the reading, the central tension gathers what the others said and the year ahead
 * closes it; the four between are ranked by how much of the chart bears on each, so that a chart
 * crowded in the 7th house talks about love before work. A theme's score adds, for each of its points, 2 when the point stands on an angle (in the
 * 1st, 4th, 7th or 10th house, or within 5° of an angle in the house before it: a Moon 0°25′ short of the Descendant in the
 * 6th is read as on the Descendant) and 1 for each major aspect it makes within 3°; 2 for each planet
 * in one of the theme's houses; and, for the central tension, 3 for each classic aspect figure (for an untimed chart, one that held all day) and
 * 1 for each square or opposition within 3° between planets. Ties keep the order below.
 *
 * The same table tells the year ahead which theme a transit sets off: the theme of the natal
 * point it touches.
 */
import type { ReportContext } from '../context.ts';
import { TEN_PLANET_IDS } from '../../../interpretations/keys.ts';
import { signedSeparation } from '../../../astro/zodiac.ts';
import { angleLongitudes, ON_ANGLE_DEG } from '../../synthesis/angle-figures.ts';

export type ThemeId = 'meeting_world' | 'inner_needs' | 'relationships' | 'vocation' | 'parental_images' | 'central_tension' | 'year_ahead';

interface ThemeDefinition {
  id: ThemeId;
  title: string;
  /** The natal points this theme reads (a point belongs to one theme). */
  points: readonly string[];
  /** The houses whose planets count toward it. */
  houses: readonly number[];
}

export const THEMES: Record<ThemeId, ThemeDefinition> = {
  meeting_world: { id: 'meeting_world', title: 'How You Meet the World', points: ['sun', 'asc', 'mercury'], houses: [1] },
  inner_needs: { id: 'inner_needs', title: 'What You Need to Feel Safe', points: ['moon'], houses: [4, 8, 12] },
  relationships: { id: 'relationships', title: 'How You Love', points: ['venus', 'mars'], houses: [5, 7] },
  vocation: { id: 'vocation', title: 'How You Work', points: ['saturn', 'jupiter', 'mc'], houses: [2, 6, 10] },
  parental_images: { id: 'parental_images', title: 'The Family You Come From', points: [], houses: [4, 10] },
  central_tension: { id: 'central_tension', title: 'The Central Tension', points: ['uranus', 'neptune', 'pluto'], houses: [] },
  year_ahead: { id: 'year_ahead', title: 'The Year Ahead', points: [], houses: [] },
};

const RANKED: ThemeId[] = ['inner_needs', 'relationships', 'vocation', 'parental_images'];
const ANGULAR = new Set([1, 4, 7, 10]);
/** In an angular house, or within ON_ANGLE_DEG of an angle from the cadent house before it (the angle's cusp is where it acts). */
function isAngular(ctx: ReportContext, point: { lon: number; house?: number | undefined }): boolean {
  if (point.house !== undefined && ANGULAR.has(point.house)) return true;
  const angles = angleLongitudes(ctx);
  return angles !== undefined && Object.values(angles).some((angle) => Math.abs(signedSeparation(point.lon, angle)) <= ON_ANGLE_DEG);
}

/** The theme that reads a natal point (the chart ruler, but a light, is read with the rising sign in the first). */
export function themeOfPoint(ctx: ReportContext, id: string): ThemeId {
  if (id === ctx.factors.chartRuler && id !== 'moon') return 'meeting_world';
  for (const t of Object.values(THEMES)) if (t.points.includes(id)) return t.id;
  return 'central_tension';
}

export function themeScore(ctx: ReportContext, id: ThemeId): number {
  const t = THEMES[id];
  let score = 0;
  for (const p of t.points) {
    const point = ctx.factors.points.get(p);
    if (!point) continue;
    if (isAngular(ctx, point)) score += 2;
    score += ctx.factors.aspects.filter((a) => (a.p1 === p || a.p2 === p) && a.orb <= 3).length;
  }
  for (const planet of TEN_PLANET_IDS) {
    const house = ctx.factors.points.get(planet)?.house;
    if (house !== undefined && t.houses.includes(house)) score += 2;
  }
  if (id === 'parental_images') {
    // The parental images are read from the Moon, the Sun and Saturn: their aspects to each other count.
    score += ctx.factors.aspects.filter((a) => ['sun-saturn', 'moon-saturn', 'sun-moon'].includes(`${a.p1}-${a.p2}`)).length * 2;
  }
  if (id === 'central_tension') {
    score += ctx.figures.sure.length * 3;
    score += ctx.factors.aspects.filter((a) => (a.type === 'square' || a.type === 'opposition') && a.orb <= 3).length;
  }
  return score;
}

/**
 * The themes in reading order: the first, the four personal themes ranked by score, then the
 * central tension, where what they said meets (its score says how much of the chart it carries,
 * and how many of its aspects it reads in full), and the year ahead.
 */
export function themeOrder(ctx: ReportContext): ThemeId[] {
  const ranked = RANKED.map((id, i) => ({ id, i, score: themeScore(ctx, id) })).sort((a, b) => b.score - a.score || a.i - b.i);
  return ['meeting_world', ...ranked.map((r) => r.id), 'central_tension', 'year_ahead'];
}
