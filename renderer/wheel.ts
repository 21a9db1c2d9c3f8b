/** Composes the layers of a chart wheel (single or bi-wheel) into one SVG document. */
import { chartKey, titleAndDesc } from './accessibility.ts';
import { drawAngles } from './angles-layer.ts';
import { drawAspects } from './aspects-layer.ts';
import { drawCuspLabels, placeCuspLabels } from './cusp-labels.ts';
import { drawTrackBackgrounds, drawTrackDividers, ringLegend } from './bi-wheel.ts';
import type { ChartDrawing } from './chart-model.ts';
import { SymbolRegistry } from './glyphs/registry.ts';
import { drawShape, SHAPE_LABELS, shapeMetadata, shapeOf } from './horoscope-shape.ts';
import { drawCusps, drawHouseBackgrounds } from './houses-layer.ts';
import { boxesOf, computeLayout } from './layout/points.ts';
import { drawMetadata } from './metadata.ts';
import { drawPlanets } from './planets-layer.ts';
import { drawSidePanel, panelWidth } from './side-panel.ts';
import { SvgBuilder, attr, num, strokeAttrs } from './svg-builder.ts';
import { resolveStyle } from './themes.ts';
import { drawBackground, drawSignGlyphs, drawZodiacBackground, drawZodiacLines } from './zodiac-layer.ts';

export function renderWheel(d: ChartDrawing): string {
  const st = resolveStyle(d);
  const lay = computeLayout(d, st);
  const g = lay.geometry;
  const f = lay.frame;
  const reg = new SymbolRegistry(chartKey(d)); // ids of this chart's own
  const b = new SvgBuilder();

  const cfg = d.options.chartConfig;
  const flags = { grid: cfg.show_aspect_grid === true, table: cfg.show_positions_table === true };
  const extra = panelWidth(g.size, flags);
  drawBackground(b, g.size + extra, g.size, st);
  drawZodiacBackground(b, g, f, st);
  drawTrackBackgrounds(b, g, st);
  drawHouseBackgrounds(b, d, g, f, st);
  if (st.aspectDisk) b.circle(g.cx, g.cy, g.aspectR, `fill="${attr(st.aspectDisk)}"`);
  drawZodiacLines(b, g, f, st);
  drawTrackDividers(b, g, st);
  drawCusps(b, reg, d, g, f, st);
  b.circle(g.cx, g.cy, g.aspectR, `fill="none" data-layer="aspect-circle" ${strokeAttrs(st.ringInner.color, st.ringInner.width)}`);

  const shape = st.shape.show ? shapeOf(d) : null;
  if (shape && st.shape.style !== 'label') drawShape(b, d, lay, shape);
  drawAspects(b, reg, d, lay);
  const pointBoxes = lay.points.flatMap(boxesOf);
  const angleBoxes = drawAngles(b, reg, d, g, f, st, pointBoxes, lay.angleMarks.flatMap(boxesOf));
  drawPlanets(b, reg, d, lay);
  const a = d.inner.angles;
  const axes = a && angleBoxes.length > 0 ? [a.asc, a.dc, a.mc, a.ic] : [];
  // Outside the zodiac the cusp labels share the outer ring's band with its glyphs: they keep clear of them.
  const taken = g.outside ? [...angleBoxes, ...pointBoxes] : angleBoxes;
  const cuspLabels = drawCuspLabels(b, reg, placeCuspLabels(d, g, f, axes, taken), st);
  const obstacles = [...angleBoxes, ...cuspLabels, ...(g.outside ? pointBoxes : [])];
  drawSignGlyphs(b, reg, g, f, st, a ? [a.asc, a.dc, a.mc, a.ic].filter(Number.isFinite) : []);

  if (d.options.showMetadata) {
    drawMetadata(
      b,
      reg,
      {
        title: d.metadata.title,
        lines: d.metadata.lines,
        legend: ringLegend(d, st),
        shapeLabel: shape && st.shape.label ? `Shape: ${SHAPE_LABELS[shape]}` : null,
      },
      g,
      st,
      obstacles,
    );
  }
  if (extra > 0) drawSidePanel(b, reg, d, lay, g.size, flags);
  const meta = shape && st.shape.embed ? shapeMetadata(shape, d) : '';
  const s = num(g.size);
  const sw = num(g.size + extra);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${sw}" height="${s}" viewBox="0 0 ${sw} ${s}"` +
    ` stroke-linecap="round" stroke-linejoin="round" role="img" aria-label="${attr([...d.metadata.title].slice(0, 200).join(''))}" data-kind="${attr(d.kind)}"` +
    `${shape ? ` data-horoscope-shape="${shape}"` : ''}>` +
    titleAndDesc(d) +
    meta +
    reg.defs() +
    b.toString() +
    '</svg>'
  );
}
