/**
 * The astrocartography world map as SVG: the basemap (world-basemap.ts), one path per line in its
 * body's colour (a line split at ±180° is one path of several runs, each run drawn from its own
 * vertices, so nothing is ever drawn across the map), the crossings as rings, the marked place,
 * each line's label (acg-map-labels.ts), a header and a legend of the bodies and line styles.
 * No <text>: words and glyphs are stroke-font symbols, as in the chart wheels.
 */
import { SymbolRegistry } from '../glyphs/registry.ts';
import { attr, num, SvgBuilder, textContent } from '../svg-builder.ts';
import { drawText, fittingPrefix, textWidth } from '../text.ts';
import { ACG_MAP_PALETTES, ANGLE_LABELS, BODY_GLYPHS, bodyColour, dashedAngle, type AcgMapTheme } from './acg-map-palette.ts';
import { placeLabels, type Box, type LabelRequest } from './acg-map-labels.ts';
import { basemap, fittedProjection, PROJECTION_NAMES, type MapProjection } from './world-basemap.ts';

export interface AcgMapLine {
  id: string;
  body: string;
  angle: 'asc' | 'dsc' | 'mc' | 'ic';
  /** Runs of [longitude, latitude], longitudes in [−180, 180]: a line split at the antimeridian has several. */
  segments: readonly (readonly [number, number])[][];
}

export interface AcgMapDrawing {
  width: number;
  theme: AcgMapTheme;
  projection: MapProjection;
  showMetadata: boolean;
  title: string;
  subtitle: string;
  /** The bodies in the legend's order (the request's). */
  bodies: readonly string[];
  lines: readonly AcgMapLine[];
  crossings: readonly { lon: number; lat: number }[];
  city: { name: string; lat: number; lng: number } | null;
}

export interface AcgMapImage {
  svg: string;
  width: number;
  height: number;
  /** The ids of the lines whose label had to overlap another (every place along them was taken). */
  crowdedLabels: string[];
}

const BODY_NAMES: Readonly<Record<string, string>> = { true_node: 'True Node', mean_node: 'Mean Node', true_lilith: 'True Lilith' };
export const bodyName = (id: string) => BODY_NAMES[id] ?? id.charAt(0).toUpperCase() + id.slice(1);

/** Candidate latitudes of a label: meridians near the pole of their angle first, curves at mid latitudes first. */
const MC_LATS = [66, 58, 50, 42, 34, 26, 18, 10];
const CURVE_LATS = [40, -40, 25, -25, 52, -52, 10, -10, 62, -62, 0];

export function renderAcgMap(d: AcgMapDrawing): AcgMapImage {
  const pal = ACG_MAP_PALETTES[d.theme];
  const W = Math.round(d.width);
  const margin = Math.round(W * 0.015);
  const titleCap = W * 0.0135;
  const smallCap = W * 0.0095;
  const header = d.showMetadata ? Math.round(margin + titleCap + smallCap * 2.4 + margin * 0.6) : margin;
  const mapWidth = W - 2 * margin;
  const { projection, height: mapHeight } = fittedProjection(d.projection, margin, header, mapWidth);
  const legendCap = Math.max(8, W * 0.0105);
  const legendTop = Math.round(header + mapHeight + margin * 0.8);
  const key = legendLayout(d, { x: margin, y: legendTop, w: mapWidth, cap: legendCap });
  const H = Math.round(legendTop + key.rows * legendCap * 2.2 + margin * 0.6);
  const frame: Box = { x: margin, y: header, w: mapWidth, h: mapHeight };
  const project = (lon: number, lat: number): [number, number] => projection([lon, lat]) ?? [NaN, NaN];

  const reg = new SymbolRegistry('acgmap');
  const b = new SvgBuilder();
  b.raw(`<rect width="${W}" height="${H}" fill="${attr(pal.background)}"/>`);

  // The world.
  const world = basemap(d.projection, margin, header, mapWidth);
  const hair = Math.max(0.5, W / 2400);
  b.raw(`<g id="basemap" data-source="${attr(world.source)}" data-projection="${d.projection}">`);
  b.path(world.sphere, `fill="${attr(pal.ocean)}"`);
  b.path(world.graticule, `fill="none" stroke="${attr(pal.graticule)}" stroke-width="${num(hair)}"`);
  b.path(world.land, `fill="${attr(pal.land)}" stroke="${attr(pal.coast)}" stroke-width="${num(hair * 1.2)}"`);
  b.path(world.borders, `fill="none" stroke="${attr(pal.border)}" stroke-width="${num(hair)}"`);
  b.raw('</g>');

  // The lines: one path each.
  const lineWidth = Math.max(1.2, W / 650);
  const dash = `${num(lineWidth * 4)} ${num(lineWidth * 2.5)}`;
  b.raw(`<g id="acg-lines" fill="none" stroke-width="${num(lineWidth)}" stroke-linecap="round" stroke-linejoin="round">`);
  for (const line of d.lines) {
    const parts: string[] = [];
    for (const run of line.segments) {
      let first = true;
      for (const [lon, lat] of run) {
        const [x, y] = project(lon, lat);
        if (!Number.isFinite(x) || !Number.isFinite(y)) continue;
        parts.push(`${first ? 'M' : 'L'}${num(x)} ${num(y)}`);
        first = false;
      }
    }
    const style = dashedAngle(line.angle) ? ` stroke-dasharray="${dash}"` : '';
    b.raw(
      `<path class="acg-line" data-line-id="${attr(line.id)}" data-body="${attr(line.body)}" data-angle="${line.angle}" d="${parts.join('')}" stroke="${attr(bodyColour(line.body, d.theme))}"${style}/>`,
    );
  }
  b.raw('</g>');

  // The crossings.
  const ring = Math.max(2.5, W / 380);
  b.raw(`<g id="acg-crossings" fill="${attr(pal.background)}" fill-opacity="0.7" stroke="${attr(pal.crossing)}" stroke-width="${num(lineWidth * 0.7)}">`);
  for (const c of d.crossings) {
    const [x, y] = project(c.lon, c.lat);
    if (Number.isFinite(x) && Number.isFinite(y)) b.raw(`<circle class="acg-crossing" cx="${num(x)}" cy="${num(y)}" r="${num(ring)}"/>`);
  }
  b.raw('</g>');

  // The marked place and its name: placed before the line labels, which then keep clear of them.
  const obstacles: Box[] = [];
  const labelCap = Math.max(8, W * 0.0085);
  const cityParts: string[] = [];
  if (d.city) {
    const [x, y] = project(d.city.lng, d.city.lat);
    const r = Math.max(4, W / 220);
    const nameCap = labelCap * 1.1;
    const nameW = textWidth(d.city.name, nameCap) + nameCap;
    const nameH = nameCap * 2;
    // The name to the right of the dot, or to its left near the map's east edge.
    const right = x + r + nameW + margin < frame.x + frame.w;
    const nx = right ? x + r * 1.6 : x - r * 1.6 - nameW;
    const ny = y - nameH / 2;
    obstacles.push({ x: x - r * 1.5, y: y - r * 1.5, w: r * 3, h: r * 3 }, { x: nx, y: ny, w: nameW, h: nameH });
    cityParts.push(
      `<g id="acg-city" data-lat="${d.city.lat}" data-lng="${d.city.lng}">`,
      `<circle cx="${num(x)}" cy="${num(y)}" r="${num(r * 1.9)}" fill="none" stroke="${attr(pal.city)}" stroke-width="${num(lineWidth * 0.9)}"/>`,
      `<circle class="acg-city-dot" cx="${num(x)}" cy="${num(y)}" r="${num(r)}" fill="${attr(pal.city)}" stroke="${attr(pal.cityRing)}" stroke-width="${num(lineWidth * 0.8)}"/>`,
      `<rect x="${num(nx)}" y="${num(ny)}" width="${num(nameW)}" height="${num(nameH)}" rx="${num(nameH / 4)}" fill="${attr(pal.plate)}" fill-opacity="0.9" stroke="${attr(pal.city)}" stroke-width="${num(hair * 1.5)}"/>`,
    );
  }

  // Each line's label, on the line.
  const plateH = labelCap * 2;
  const requests: LabelRequest[] = d.lines.map((line) => {
    const text = `${BODY_GLYPHS[line.body] ?? ''} ${ANGLE_LABELS[line.angle]}`.trim();
    const w = textWidth(text, labelCap) + labelCap;
    return { id: line.id, candidates: labelCandidates(line, project), w, h: plateH };
  });
  const placed = placeLabels(requests, frame, obstacles);
  b.raw('<g id="acg-labels">');
  for (const p of placed) {
    const line = d.lines.find((l) => l.id === p.id)!;
    const colour = bodyColour(line.body, d.theme);
    const text = `${BODY_GLYPHS[line.body] ?? ''} ${ANGLE_LABELS[line.angle]}`.trim();
    b.raw(
      `<g class="acg-label" data-line-id="${attr(line.id)}"><rect x="${num(p.box.x)}" y="${num(p.box.y)}" width="${num(p.box.w)}" height="${num(p.box.h)}" rx="${num(p.box.h / 4)}" fill="${attr(pal.plate)}" fill-opacity="0.92" stroke="${attr(colour)}" stroke-width="${num(hair * 1.5)}"/>`,
    );
    drawText(b, reg, text, p.box.x + p.box.w / 2, p.box.y + p.box.h / 2 + labelCap / 2, labelCap, 'middle', { color: colour, weight: 0.13 });
    b.raw('</g>');
  }
  b.raw('</g>');

  if (d.city) {
    b.raw(cityParts.join(''));
    const nameBox = obstacles[1]!;
    drawText(b, reg, d.city.name, nameBox.x + nameBox.w / 2, nameBox.y + nameBox.h / 2 + (labelCap * 1.1) / 2, labelCap * 1.1, 'middle', {
      color: pal.text,
      weight: 0.13,
    });
    b.raw('</g>');
  }

  // The globe's outline over everything drawn on it.
  b.path(world.sphere, `fill="none" stroke="${attr(pal.outline)}" stroke-width="${num(hair * 2)}"`);

  if (d.showMetadata) {
    const room = W - 2 * margin;
    b.raw('<g id="acg-header">');
    drawText(b, reg, fittingPrefix(d.title, '', titleCap, room), margin, margin + titleCap, titleCap, 'start', { color: pal.text, weight: 0.13 });
    const sub = `${d.subtitle} · ${PROJECTION_NAMES[d.projection]} projection · ${world.source}`;
    drawText(b, reg, fittingPrefix(sub, '', smallCap, room), margin, margin + titleCap + smallCap * 1.9, smallCap, 'start', { color: pal.muted });
    b.raw('</g>');
  }

  drawLegend(b, reg, d, key.items, legendCap, lineWidth, dash);

  const summary = `${d.title}: ${d.lines.length} lines of ${d.bodies.length} bodies, ${d.crossings.length} crossings${d.city ? `, ${d.city.name} marked` : ''}`;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"` +
    ` stroke-linecap="round" stroke-linejoin="round" role="img" aria-label="${attr(d.title.slice(0, 200))}" data-theme="${d.theme}">` +
    `<title>${textContent(d.title)}</title><desc>${textContent(summary)}</desc>` +
    reg.defs() +
    b.toString() +
    '</svg>';
  return { svg, width: W, height: H, crowdedLabels: placed.filter((p) => p.crowded).map((p) => p.id) };
}

/** Points of the line (projected) where its label may sit, best first. */
function labelCandidates(line: AcgMapLine, project: (lon: number, lat: number) => [number, number]): { x: number; y: number }[] {
  const points = line.segments.flat();
  const meridian = line.angle === 'mc' || line.angle === 'ic';
  const lats = meridian ? MC_LATS.map((l) => (line.angle === 'mc' ? l : -l)) : CURVE_LATS;
  const out: { x: number; y: number }[] = [];
  for (const lat of lats) {
    // The line's vertex nearest this latitude (a curve may pass it twice: both are candidates).
    let best: readonly [number, number] | undefined;
    let second: readonly [number, number] | undefined;
    for (const p of points) {
      const off = Math.abs(p[1] - lat);
      if (off > 1.5) continue;
      if (!best || off < Math.abs(best[1] - lat)) {
        if (best && Math.abs(best[0] - p[0]) > 20) second = best;
        best = p;
      } else if (Math.abs(best[0] - p[0]) > 20 && (!second || off < Math.abs(second[1] - lat))) second = p;
    }
    for (const p of [best, second]) {
      if (!p) continue;
      const [x, y] = project(p[0], p[1]);
      if (Number.isFinite(x) && Number.isFinite(y)) out.push({ x, y });
    }
  }
  return out;
}

interface LegendItem {
  kind: 'body' | 'style' | 'crossing';
  /** The body or the angle. */
  key: string;
  text: string;
  x: number;
  baseline: number;
}

const LINE_STYLES = [
  ['asc', 'AC rising'],
  ['dsc', 'DC setting'],
  ['mc', 'MC culminating'],
  ['ic', 'IC anti-culminating'],
] as const;

/**
 * The legend under the map, in rows: each body's glyph and name in its colour, then (on a new
 * row) the four line styles and the crossing ring. Items flow left to right and wrap when the
 * next one would pass the map's width, so that no name is ever cut.
 */
function legendLayout(d: AcgMapDrawing, at: { x: number; y: number; w: number; cap: number }): { items: LegendItem[]; rows: number } {
  const { cap } = at;
  const sample = cap * 3.2;
  const items: LegendItem[] = [];
  let rows = 1;
  let x = at.x;
  let baseline = at.y + cap * 1.5;
  const put = (item: Omit<LegendItem, 'x' | 'baseline'>, width: number) => {
    if (x > at.x && x + width > at.x + at.w) {
      rows++;
      x = at.x;
      baseline += cap * 2.2;
    }
    items.push({ ...item, x, baseline });
    x += width + cap * 1.8;
  };
  for (const body of d.bodies) {
    const text = `${BODY_GLYPHS[body] ?? ''} ${bodyName(body)}`.trim();
    put({ kind: 'body', key: body, text }, textWidth(text, cap));
  }
  // The styles start their own row.
  x = at.x + at.w;
  for (const [angle, text] of LINE_STYLES) put({ kind: 'style', key: angle, text }, sample + cap * 0.6 + textWidth(text, cap));
  put({ kind: 'crossing', key: 'crossing', text: 'crossing' }, cap * 1.2 + textWidth('crossing', cap));
  return { items, rows };
}

function drawLegend(b: SvgBuilder, reg: SymbolRegistry, d: AcgMapDrawing, items: readonly LegendItem[], cap: number, lineWidth: number, dash: string): void {
  const pal = ACG_MAP_PALETTES[d.theme];
  const sample = cap * 3.2;
  b.raw('<g id="acg-legend">');
  for (const it of items) {
    if (it.kind === 'body') {
      drawText(b, reg, it.text, it.x, it.baseline, cap, 'start', { color: bodyColour(it.key, d.theme), weight: 0.12 });
    } else if (it.kind === 'style') {
      const style = dashedAngle(it.key) ? ` stroke-dasharray="${dash}"` : '';
      b.line(it.x, it.baseline - cap / 2, it.x + sample, it.baseline - cap / 2, `stroke="${attr(pal.text)}" stroke-width="${num(lineWidth)}"${style}`);
      drawText(b, reg, it.text, it.x + sample + cap * 0.6, it.baseline, cap, 'start', { color: pal.muted });
    } else {
      b.circle(
        it.x + cap * 0.4,
        it.baseline - cap / 2,
        Math.max(2.5, d.width / 380),
        `fill="none" stroke="${attr(pal.crossing)}" stroke-width="${num(lineWidth * 0.7)}"`,
      );
      drawText(b, reg, it.text, it.x + cap * 1.2, it.baseline, cap, 'start', { color: pal.muted });
    }
  }
  b.raw('</g>');
}
