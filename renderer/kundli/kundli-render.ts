/**
 * A Jyotish chart image as a self-contained SVG: the style's frame, each sign's number or short
 * name, its labels fitted into its cell (kundli-labels.ts), and a header. Text is drawn with the
 * renderer's stroke font as <use> symbols, like the wheels, and the colours are the drawing's
 * (a theme's, light, dark or mono, or a request's own).
 */
import { SymbolRegistry } from '../glyphs/registry.ts';
import { SvgBuilder, attr, num, strokeAttrs, textContent } from '../svg-builder.ts';
import { drawText, fittingPrefix } from '../text.ts';
import { kundliCells, kundliFrame } from './kundli-cells.ts';
import { fitLabels } from './kundli-labels.ts';
import type { KundliCell, KundliDrawing } from './kundli-model.ts';

/** The header band above the chart, as a share of the width. */
const HEADER = 0.085;
const MARGIN = 0.025;

export interface KundliLayout {
  width: number;
  height: number;
  /** The chart square. */
  x0: number;
  y0: number;
  side: number;
  cells: KundliCell[];
}

/** The image's height for its width: the chart square, and the header band when there is one. */
export const kundliHeight = (size: number, showMetadata: boolean) => size + (showMetadata ? size * HEADER : 0);

export function kundliLayout(d: KundliDrawing): KundliLayout {
  const header = kundliHeight(d.size, d.showMetadata) - d.size;
  const margin = d.size * MARGIN;
  const side = d.size - 2 * margin;
  const x0 = margin,
    y0 = header + margin;
  return { width: d.size, height: d.size + header, x0, y0, side, cells: kundliCells(d.style, x0, y0, side, d.firstHouseSign) };
}

export function renderKundliSvg(d: KundliDrawing): string {
  const lay = kundliLayout(d);
  const pal = d.colors;
  const reg = new SymbolRegistry(kundliKey(d)); // ids of this chart's own, so that several charts can share a page
  const b = new SvgBuilder();
  const line = (d.size / 320) * d.lineScale;
  b.el('rect', `x="0" y="0" width="${num(lay.width)}" height="${num(lay.height)}" fill="${attr(pal.background)}"`);

  for (const [p, q] of kundliFrame(d.style, lay.x0, lay.y0, lay.side)) b.line(p[0], p[1], q[0], q[1], strokeAttrs(pal.frame, line));

  const lagnaCell = lay.cells.find((c) => c.house === 1)!;
  if (d.lagnaKnown && d.style !== 'north_indian') markLagna(b, lagnaCell, d.style, lay.side, pal.lagna, line);

  // Labels as large as every cell allows, and no larger than the fullest cell's: one size reads as one chart.
  const maxCap = d.size * 0.03 * d.labelScale,
    minCap = d.size * 0.011;
  const fitted = lay.cells.map((c) =>
    fitLabels(
      c.labelArea,
      d.bySign[c.sign]!.map((l) => l.text),
      maxCap,
      minCap,
    ),
  );
  const common = Math.min(...fitted.filter((f) => f.rows.length).map((f) => f.cap), maxCap);
  lay.cells.forEach((cell, i) => {
    b.raw(`<g data-sign="${cell.sign}" data-house="${cell.house}">`);
    if (d.showSignMarkers) drawText(b, reg, cell.marker.text, cell.marker.x, cell.marker.y, cell.marker.cap, cell.marker.anchor, { color: pal.signMarker });
    const labels = d.bySign[cell.sign]!;
    // Refitted at the common size, so every cell's rows are placed for the size they are drawn at.
    const f =
      fitted[i]!.cap > common
        ? fitLabels(
            cell.labelArea,
            labels.map((l) => l.text),
            common,
            common,
          )
        : fitted[i]!;
    for (const row of f.rows)
      for (const t of row.texts) {
        const label = labels[t.index]!;
        const color = label.kind === 'lagna' ? pal.lagna : pal.graha;
        drawText(b, reg, t.text, t.x, row.baseline, f.cap, 'start', { color, weight: label.kind === 'lagna' ? 0.14 : 0.11 }, ` data-label="${attr(t.text)}"`);
      }
    b.raw('</g>');
  });

  if (d.showMetadata) {
    const cap = d.size * 0.03,
      small = d.size * 0.021;
    const room = d.size - 2 * lay.x0;
    drawText(b, reg, fittingPrefix(d.title, '', cap, room), lay.x0, lay.x0 + cap, cap, 'start', { color: pal.text, weight: 0.13 });
    drawText(b, reg, fittingPrefix(d.subtitle, '', small, room), lay.x0, lay.x0 + cap + small * 1.9, small, 'start', { color: pal.muted });
  }

  const w = num(lay.width),
    h = num(lay.height);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"` +
    ` stroke-linecap="round" stroke-linejoin="round" role="img" aria-label="${attr(d.title.slice(0, 200))}" data-style="${d.style}">` +
    `<title>${textContent(d.title)}</title><desc>${textContent(kundliSummary(d))}</desc>` +
    reg.defs() +
    b.toString() +
    '</svg>'
  );
}

/** A short key of what the chart shows (FNV-1a of its content), for its symbol ids. */
function kundliKey(d: KundliDrawing): string {
  const src = JSON.stringify([
    d.style,
    d.size,
    d.colors,
    d.labelScale,
    d.lineScale,
    d.showSignMarkers,
    d.firstHouseSign,
    d.bySign,
    d.title,
    d.subtitle,
    d.showMetadata,
  ]);
  let h = 0x811c9dc5;
  for (let i = 0; i < src.length; i++) h = Math.imul(h ^ src.charCodeAt(i), 0x01000193);
  return `k${(h >>> 0).toString(36)}`;
}

const SIGN_NAMES = ['Aries', 'Taurus', 'Gemini', 'Cancer', 'Leo', 'Virgo', 'Libra', 'Scorpio', 'Sagittarius', 'Capricorn', 'Aquarius', 'Pisces'];

/** The chart in words: each house's sign and what stands in it. */
export function kundliSummary(d: KundliDrawing): string {
  const parts = [d.subtitle];
  for (let house = 1; house <= 12; house++) {
    const sign = (d.firstHouseSign + house - 1) % 12;
    const labels = d.bySign[sign]!;
    parts.push(`house ${house} ${SIGN_NAMES[sign]}${labels.length ? `: ${labels.map((l) => l.text).join(', ')}` : ''}`);
  }
  return parts.join('. ');
}

/** The lagna's cell in the fixed-sign styles: a slanted line across its top left corner (South Indian), its outline drawn over (East Indian, whose corner cells are triangles). */
function markLagna(b: SvgBuilder, cell: KundliCell, style: KundliDrawing['style'], side: number, color: string, line: number): void {
  if (style === 'south_indian') {
    const [x, y] = cell.polygon[0]!;
    const k = side * 0.05;
    b.line(x, y + k, x + k, y, strokeAttrs(color, line * 1.6));
    return;
  }
  const d = cell.polygon.map((p, i) => `${i ? 'L' : 'M'}${num(p[0])} ${num(p[1])}`).join('') + 'Z';
  b.path(d, `fill="none" ${strokeAttrs(color, line * 2.2)}`);
}
