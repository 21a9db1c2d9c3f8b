/**
 * Several kundlis on one image: each division's chart, as the renderer draws it, set in a panel
 * (its own background, an optional border and padding), the panels in rows of `columns`, with an
 * optional badge naming the division and the chart's outer square drawn over in its own colour
 * and width. A single chart with none of these options is the renderer's SVG unchanged.
 */
import type { KundliDrawing } from '../../../../renderer/kundli/kundli-model.ts';
import { kundliLayout, renderKundliSvg } from '../../../../renderer/kundli/kundli-render.ts';
import { SymbolRegistry } from '../../../../renderer/glyphs/registry.ts';
import { SvgBuilder, attr, num, strokeAttrs, textContent } from '../../../../renderer/svg-builder.ts';
import { drawText, textWidth } from '../../../../renderer/text.ts';
import type { PanelOptions } from './vedic-visual-options.ts';

export interface KundliPanel {
  drawing: KundliDrawing;
  /** The badge's text: D1, D9 … */
  badge: string;
}

export interface PanelSheet {
  svg: string;
  width: number;
  height: number;
}

/** Whether the panels need drawing at all: one chart with no panel option is the renderer's own image. */
export const needsPanels = (panels: readonly KundliPanel[], o: PanelOptions) =>
  panels.length > 1 ||
  o.border !== undefined ||
  o.outerLine !== undefined ||
  o.padding !== undefined ||
  o.badge === true ||
  o.background !== panels[0]!.drawing.colors.background;

/** The image's geometry: panel size, padding, gap, columns and rows. */
export function sheetGeometry(panels: readonly KundliPanel[], o: PanelOptions) {
  const first = kundliLayout(panels[0]!.drawing);
  const size = panels[0]!.drawing.size;
  const padding = o.padding ?? (panels.length > 1 ? Math.round(size * 0.02) : 0);
  const gap = panels.length > 1 ? Math.round(size * 0.03) : 0;
  const columns = Math.min(o.columns ?? 2, panels.length);
  const rows = Math.ceil(panels.length / columns);
  const panelWidth = first.width + 2 * padding,
    panelHeight = first.height + 2 * padding;
  const width = columns * panelWidth + (columns + 1) * gap,
    height = rows * panelHeight + (rows + 1) * gap;
  return { padding, gap, columns, rows, panelWidth, panelHeight, width, height };
}

/** The renderer's SVG placed at (x, y) inside the sheet: a nested <svg> keeps its own viewBox and symbol ids. */
const placed = (svg: string, x: number, y: number) => svg.replace(/^<svg /, `<svg x="${num(x)}" y="${num(y)}" `);

export function renderPanelSheet(panels: readonly KundliPanel[], o: PanelOptions): PanelSheet {
  const g = sheetGeometry(panels, o);
  const b = new SvgBuilder();
  const reg = new SymbolRegistry(`p${panels.length}${panels.map((p) => p.badge).join('')}`);
  const badge = o.badge ?? panels.length > 1;
  b.el('rect', `x="0" y="0" width="${num(g.width)}" height="${num(g.height)}" fill="${attr(o.background)}"`);
  panels.forEach((panel, i) => {
    const d = panel.drawing;
    const px = g.gap + (i % g.columns) * (g.panelWidth + g.gap),
      py = g.gap + Math.floor(i / g.columns) * (g.panelHeight + g.gap);
    const line = (d.size / 320) * d.lineScale;
    b.raw(`<g data-division="${attr(panel.badge)}">`);
    b.el(
      'rect',
      `x="${num(px)}" y="${num(py)}" width="${num(g.panelWidth)}" height="${num(g.panelHeight)}" fill="${attr(d.colors.background)}"` +
        (o.border ? ` ${strokeAttrs(o.border, line)}` : ''),
    );
    const cx = px + g.padding,
      cy = py + g.padding;
    b.raw(placed(renderKundliSvg(d), cx, cy));
    const lay = kundliLayout(d);
    if (o.outerLine && o.outerLine.width > 0)
      b.el(
        'rect',
        `x="${num(cx + lay.x0)}" y="${num(cy + lay.y0)}" width="${num(lay.side)}" height="${num(lay.side)}" fill="none" ${strokeAttrs(o.outerLine.color, o.outerLine.width)}`,
      );
    if (badge) {
      const cap = d.size * 0.024;
      const w = textWidth(panel.badge, cap) + cap * 1.2,
        h = cap * 2;
      // At the chart square's top left corner, inside it: clear of the header and of the frame's lines.
      const bx = cx + lay.x0 + line * 2,
        by = cy + lay.y0 + line * 2;
      b.el(
        'rect',
        `x="${num(bx)}" y="${num(by)}" width="${num(w)}" height="${num(h)}" rx="${num(cap * 0.4)}" fill="${attr(o.badgeBackground ?? d.colors.background)}" ${strokeAttrs(d.colors.frame, line * 0.6)}`,
      );
      drawText(
        b,
        reg,
        panel.badge,
        bx + w / 2,
        by + h / 2 + cap / 2,
        cap,
        'middle',
        { color: d.colors.text, weight: 0.13 },
        ` data-badge="${attr(panel.badge)}"`,
      );
    }
    b.raw('</g>');
  });
  const title = panels.map((p) => p.drawing.title).join(' · ');
  const w = num(g.width),
    h = num(g.height);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"` +
    ` stroke-linecap="round" stroke-linejoin="round" role="img" aria-label="${attr(title.slice(0, 200))}" data-style="${panels[0]!.drawing.style}" data-divisions="${attr(panels.map((p) => p.badge).join(','))}">` +
    `<title>${textContent(title)}</title>` +
    reg.defs() +
    b.toString() +
    '</svg>';
  return { svg, width: g.width, height: g.height };
}
