/**
 * The aspect grid: the chart's points down the side and along the foot of a staircase of cells,
 * one cell per pair, holding the pair's major aspect as a drawn mark (so no astrological font is
 * needed) and its orb in degrees. Conjunctions are a ring, sextiles a six-pointed star, squares a
 * square, trines a triangle, oppositions a bar between two dots; flowing aspects are blue, tense
 * ones red, conjunctions violet, as the legend in the empty corner above the staircase shows. An untimed chart's grid has no angles, its cells give the closest
 * orb of the birth day, and an aspect in orb for part of the day only is drawn dashed (a reader met the Moon's aspects of
 * a few hours drawn like the chart's own, with only the caption to tell them apart).
 */
import type { KeyedAspect } from '../../interpretations/chart-factors/aspects.ts';
import { degreesMinutes } from '../text/report-markdown.ts';

const SHORT: Record<string, string> = {
  sun: 'Sun',
  moon: 'Moon',
  mercury: 'Merc',
  venus: 'Ven',
  mars: 'Mars',
  jupiter: 'Jup',
  saturn: 'Sat',
  uranus: 'Ura',
  neptune: 'Nep',
  pluto: 'Plu',
  asc: 'Asc',
  mc: 'MC',
};

const CELL = 34;
const LEFT = 40;
const COLOUR = { conjunction: '#6b5ca5', flowing: '#2f6fb0', tense: '#c0392b' };
const LEGEND = [
  ['conjunction', 'conjunction'],
  ['sextile', 'flowing'],
  ['square', 'tense'],
  ['trine', 'flowing'],
  ['opposition', 'tense'],
] as const;

const DASHES = 'stroke-dasharray="2 1.6"';

function mark(type: string, cx: number, cy: number, colour: string): string {
  const s = `stroke="${colour}" stroke-width="1.4" fill="none"`;
  switch (type) {
    case 'conjunction':
      return `<circle cx="${cx}" cy="${cy}" r="6" ${s}/>`;
    case 'opposition':
      return `<circle cx="${cx - 6}" cy="${cy}" r="2.2" fill="${colour}"/><circle cx="${cx + 6}" cy="${cy}" r="2.2" fill="${colour}"/><line x1="${cx - 4}" y1="${cy}" x2="${cx + 4}" y2="${cy}" ${s}/>`;
    case 'square':
      return `<rect x="${cx - 5.5}" y="${cy - 5.5}" width="11" height="11" ${s}/>`;
    case 'trine':
      return `<path d="M${cx} ${cy - 7} L${cx + 6.5} ${cy + 5} L${cx - 6.5} ${cy + 5} Z" ${s}/>`;
    default: {
      // Sextile: three crossing strokes.
      const r = 6.5;
      const lines = [0, 60, 120].map((deg) => {
        const a = (deg * Math.PI) / 180;
        return `<line x1="${(cx - r * Math.cos(a)).toFixed(1)}" y1="${(cy - r * Math.sin(a)).toFixed(1)}" x2="${(cx + r * Math.cos(a)).toFixed(1)}" y2="${(cy + r * Math.sin(a)).toFixed(1)}" ${s}/>`;
      });
      return lines.join('');
    }
  }
}

/** `someHours`: whether an aspect held for part of an untimed birth day only (drawn dashed, and the legend says so). */
export function aspectGridFigure(points: readonly string[], aspects: readonly KeyedAspect[], someHours: (a: KeyedAspect) => boolean = () => false): string {
  const ids = points.filter((id) => SHORT[id]);
  const n = ids.length;
  const width = LEFT + (n - 1) * CELL + 2;
  const height = (n - 1) * CELL + 30;
  const index = new Map(ids.map((id, i) => [id, i]));
  const cells: string[] = [];
  for (let row = 1; row < n; row++) {
    cells.push(`<text x="${LEFT - 4}" y="${(row - 1) * CELL + CELL / 2 + 4}" class="l" text-anchor="end">${SHORT[ids[row]!]}</text>`);
    for (let col = 0; col < row; col++) {
      cells.push(`<rect x="${LEFT + col * CELL}" y="${(row - 1) * CELL}" width="${CELL}" height="${CELL}" fill="none" stroke="#cfcbe0" stroke-width="0.6"/>`);
    }
  }
  for (let col = 0; col < n - 1; col++) {
    cells.push(`<text x="${LEFT + col * CELL + CELL / 2}" y="${(n - 1) * CELL + 14}" class="l" text-anchor="middle">${SHORT[ids[col]!]}</text>`);
  }
  for (const a of aspects) {
    const i = index.get(a.p1);
    const j = index.get(a.p2);
    if (i === undefined || j === undefined || i === j) continue;
    const row = Math.max(i, j);
    const col = Math.min(i, j);
    const cx = LEFT + col * CELL + CELL / 2;
    const top = (row - 1) * CELL;
    const drawn = mark(a.type, cx, top + 13, COLOUR[a.family]);
    cells.push(someHours(a) ? `<g ${DASHES}>${drawn}</g>` : drawn);
    cells.push(`<text x="${cx}" y="${top + 30}" class="o" text-anchor="middle">${degreesMinutes(a.orb).replace(/′$/, '')}</text>`);
  }
  // The legend in the empty corner above the staircase (top right): each mark with its aspect's name, in its colour.
  const legendX = width - 92;
  LEGEND.forEach(([type, family], k) => {
    const y = 10 + k * 16;
    cells.push(mark(type, legendX, y, COLOUR[family]));
    cells.push(`<text x="${legendX + 12}" y="${y + 3}" class="o">${type}</text>`);
  });
  if (aspects.some(someHours)) {
    const y = 10 + LEGEND.length * 16;
    cells.push(`<line x1="${legendX - 7}" y1="${y}" x2="${legendX + 7}" y2="${y}" stroke="#55506b" stroke-width="1.4" ${DASHES}/>`);
    cells.push(`<text x="${legendX + 12}" y="${y + 3}" class="o">some hours</text>`);
  }
  return (
    // The report inlines every figure into one page: style rules are scoped by the root's class, or one figure's
    // bare `.o` styles another's (the aspect grid's orbs were drawn with the year ahead's `fill: none`).
    `<svg xmlns="http://www.w3.org/2000/svg" class="aspect-grid" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-label="Aspect grid">` +
    `<style>.aspect-grid .l{font:8pt 'Noto Serif',serif;fill:#1d1d24}.aspect-grid .o{font:6.5pt 'Noto Serif',serif;fill:#55506b}</style>${cells.join('')}</svg>`
  );
}
