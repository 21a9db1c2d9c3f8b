/** Aspect lines across the central disk, coloured by type; minors dashed. */
import type { ChartAspect, ChartDrawing } from './chart-model.ts';
import type { Point } from './geometry.ts';
import type { SymbolRegistry } from './glyphs/registry.ts';
import type { ChartLayout } from './layout/points.ts';
import { SvgBuilder, attr, num } from './svg-builder.ts';
import { MAJOR_ASPECTS } from './themes.ts';

const ANGLE_IDS: Record<string, 'asc' | 'mc' | 'ic' | 'dc'> = {
  asc: 'asc',
  ascendant: 'asc',
  mc: 'mc',
  midheaven: 'mc',
  ic: 'ic',
  dc: 'dc',
  dsc: 'dc',
  descendant: 'dc',
};

/** Aspect endpoints: placed points first, then the ring's angles (aspects to ASC/MC etc.). */
export function aspectEndpoint(d: ChartDrawing, lay: ChartLayout, end: ChartAspect['a']): Point | null {
  const placed = lay.points.find((p) => p.ring === end.ring && p.id === end.id);
  if (placed) return placed.anchor;
  const ring = end.ring === 'outer' ? d.outer : d.inner;
  const key = ANGLE_IDS[end.id.toLowerCase()];
  const lon = key && ring?.angles ? ring.angles[key] : undefined;
  return lon !== undefined && Number.isFinite(lon) ? lay.frame.xy(lon, lay.geometry.aspectR) : null;
}

export function drawAspects(b: SvgBuilder, reg: SymbolRegistry, d: ChartDrawing, lay: ChartLayout): void {
  const st = lay.style;
  // Minors underneath, then majors; within each, the tightest orbs last so they end on top.
  const sorted = [...d.aspects].sort(
    (x, y) => Number(MAJOR_ASPECTS.has(x.type)) - Number(MAJOR_ASPECTS.has(y.type)) || Math.abs(y.orb) - Math.abs(x.orb),
  );
  const symbols: string[] = [];
  const placed: Point[] = [];
  b.open('g', `data-layer="aspects" fill="none" stroke-opacity="${num(st.aspectOpacity)}"`);
  for (const a of sorted) {
    const s = st.aspect[a.type];
    if (!s) continue;
    const p = aspectEndpoint(d, lay, a.a);
    const q = aspectEndpoint(d, lay, a.b);
    if (!p || !q) continue;
    // Exact aspects read slightly heavier than wide ones.
    const tight = 1.15 - 0.3 * Math.min(1, Math.abs(a.orb) / 8);
    const dash = s.dash ? ` stroke-dasharray="${s.dash}"` : '';
    b.line(p.x, p.y, q.x, q.y, `data-aspect="${a.type}" stroke="${attr(s.color)}" stroke-width="${num(s.width * tight)}"${dash}`);
    if (st.showAspectSymbols) {
      const len = Math.hypot(q.x - p.x, q.y - p.y);
      const size = lay.geometry.R * 0.045;
      const mx = (p.x + q.x) / 2;
      const my = (p.y + q.y) / 2;
      // Parallel lines share midpoints; one symbol per spot keeps them legible.
      const free = placed.every((o) => Math.hypot(o.x - mx, o.y - my) > size * 1.05);
      if (len > size * 2.2 && free) {
        placed.push({ x: mx, y: my });
        const halo = st.aspectDisk ?? st.halo;
        const c = attr(s.color);
        symbols.push(
          (halo ? `<circle cx="${num(mx)}" cy="${num(my)}" r="${num(size * 0.5)}" fill="${attr(halo)}"/>` : '') +
            `<use xlink:href="#${reg.aspect(a.type)}" transform="translate(${num(mx)} ${num(my)}) scale(${(size / 100).toFixed(4)})" stroke="${c}" fill="none" stroke-width="${num(Math.max(8, 90 / size))}"/>`,
        );
      }
    }
  }
  b.close('g');
  if (symbols.length) b.raw(`<g data-layer="aspect-symbols">${symbols.join('')}</g>`);
}
