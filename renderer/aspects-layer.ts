/** Aspect lines across the central disk, coloured by type; minors dashed. */
import type { ChartAspect, ChartDrawing } from './chart-model.ts';
import { angleDiff, norm360, type Point } from './geometry.ts';
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
  const angles = ring?.angles ?? ring?.axisAngles;
  const lon = key && angles ? angles[key] : undefined;
  return lon !== undefined && Number.isFinite(lon) ? lay.frame.xy(lon, lay.geometry.aspectR) : null;
}

/** Longitude of an aspect endpoint (placed point, else the ring's angle). */
function endpointLon(d: ChartDrawing, lay: ChartLayout, end: ChartAspect['a']): number | null {
  const placed = lay.points.find((p) => p.ring === end.ring && p.id === end.id);
  if (placed) return placed.lon;
  const ring = end.ring === 'outer' ? d.outer : d.inner;
  const key = ANGLE_IDS[end.id.toLowerCase()];
  const angles = ring?.angles ?? ring?.axisAngles;
  const lon = key && angles ? angles[key] : undefined;
  return lon !== undefined && Number.isFinite(lon) ? lon : null;
}

/**
 * A conjunction joins two points that sit side by side on the rim, so a straight line would be
 * a stub of a few px. It is drawn instead as an arc just inside the aspect ring spanning the
 * two longitudes (at least a short visible dash), stepped inwards where arcs would overlap.
 */
export function conjunctionArc(
  lay: ChartLayout,
  lonA: number,
  lonB: number,
  taken: Array<{ from: number; span: number; level: number }>,
): { d: string; r: number; level: number } {
  const g = lay.geometry;
  const px = lay.style.px;
  const step = 4.2 * px;
  // Steps stay in the outer third of the disc (of a disc made small by an inner tier of glyphs,
  // in as much depth as a usual disc's third, up to 60 %); a larger stellium shares the innermost one.
  const depth = Math.max(g.aspectR * 0.3, Math.min(g.aspectR * 0.6, 0.135 * g.R));
  // At least ~8 px long even on the innermost step.
  const minSpan = ((8 * px) / Math.max(g.aspectR - depth, g.aspectR * 0.4)) * (180 / Math.PI);
  let from = angleDiff(lonA, lonB) >= 0 ? lonA : lonB;
  let span = Math.abs(angleDiff(lonB, lonA));
  if (span < minSpan) {
    from = norm360(from - (minSpan - span) / 2);
    span = minSpan;
  }
  const overlaps = (t: { from: number; span: number }) => {
    const start = norm360(from - t.from);
    return start < t.span + minSpan * 0.3 || norm360(t.from - from) < span + minSpan * 0.3;
  };
  let level = 0;
  const maxLevel = Math.max(0, Math.floor((depth - 7 * px) / step));
  while (taken.some((t) => t.level === level && overlaps(t)) && level < maxLevel) level++;
  taken.push({ from, span, level });
  const r = g.aspectR - 7 * px - level * step;
  const a = lay.frame.xy(from, r);
  const b = lay.frame.xy(from + span, r);
  // Increasing longitude runs counter-clockwise on screen (sweep-flag 0).
  return { d: `M${num(a.x)} ${num(a.y)}A${num(r)} ${num(r)} 0 0 0 ${num(b.x)} ${num(b.y)}`, r, level };
}

interface GroupMember {
  ring: 'inner' | 'outer';
  id: string;
  lon: number;
}

/**
 * Points joined by conjunctions, chained (a stellium): each point's group, by "ring id". Arcs of
 * every pair of a group of three or more lie on one another however they step, so such a group is
 * drawn as one mark.
 */
function conjunctionGroups(d: ChartDrawing, lay: ChartLayout): Map<string, GroupMember[]> {
  const groups = new Map<string, GroupMember[]>();
  if (!lay.style.aspect.conjunction) return groups;
  for (const a of d.aspects) {
    if (a.type !== 'conjunction') continue;
    const la = endpointLon(d, lay, a.a);
    const lb = endpointLon(d, lay, a.b);
    if (la === null || lb === null) continue;
    const ka = `${a.a.ring} ${a.a.id}`;
    const kb = `${a.b.ring} ${a.b.id}`;
    const ga = groups.get(ka) ?? [{ ring: a.a.ring, id: a.a.id, lon: la }];
    const gb = groups.get(kb) ?? [{ ring: a.b.ring, id: a.b.id, lon: lb }];
    if (ga === gb) continue;
    const merged = [...ga, ...gb];
    for (const m of merged) groups.set(`${m.ring} ${m.id}`, merged);
  }
  return groups;
}

/**
 * A group of points joined by conjunctions: one arc just inside the aspect ring from the first
 * member's longitude to the last, with a short tick across it at every member's longitude.
 */
export function conjunctionGroup(
  lay: ChartLayout,
  lons: readonly number[],
  taken: Array<{ from: number; span: number; level: number }>,
): { d: string; level: number } {
  // The members in order round the circle, starting after the widest gap between them.
  const sorted = lons.map(norm360).sort((a, b) => a - b);
  let start = 0;
  let widest = -1;
  sorted.forEach((l, i) => {
    const gap = norm360(sorted[(i + 1) % sorted.length]! - l + 360) || 360;
    if (gap > widest) {
      widest = gap;
      start = (i + 1) % sorted.length;
    }
  });
  const first = sorted[start]!;
  const last = sorted[(start + sorted.length - 1) % sorted.length]!;
  const arc = conjunctionArc(lay, first, last, taken);
  const tick = 2.6 * lay.style.px;
  const ticks = sorted.map((l) => {
    const a = lay.frame.xy(l, arc.r - tick);
    const b = lay.frame.xy(l, arc.r + tick);
    return `M${num(a.x)} ${num(a.y)}L${num(b.x)} ${num(b.y)}`;
  });
  return { d: arc.d + ticks.join(''), level: arc.level };
}

export function drawAspects(b: SvgBuilder, reg: SymbolRegistry, d: ChartDrawing, lay: ChartLayout): void {
  const st = lay.style;
  // Minors underneath, then majors; within each, the tightest orbs last so they end on top.
  const sorted = [...d.aspects].sort((x, y) => Number(MAJOR_ASPECTS.has(x.type)) - Number(MAJOR_ASPECTS.has(y.type)) || Math.abs(y.orb) - Math.abs(x.orb));
  const symbols: string[] = [];
  const placed: Point[] = [];
  const arcs: Array<{ from: number; span: number; level: number }> = [];
  const conjunctions: string[] = [];
  const groups = conjunctionGroups(d, lay);
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
    if (a.type === 'conjunction') {
      const la = endpointLon(d, lay, a.a);
      const lb = endpointLon(d, lay, a.b);
      if (la !== null && lb !== null) {
        const key = (e: ChartAspect['a']) => `${e.ring} ${e.id}`;
        // Points joined by conjunctions into a group of three or more: one mark for the group (below).
        if ((groups.get(key(a.a))?.length ?? 0) > 2) continue;
        const arc = conjunctionArc(lay, la, lb, arcs);
        // Drawn after every line, so the lines leaving the same two points cannot hide it.
        conjunctions.push(
          `<path d="${arc.d}" data-aspect="conjunction" data-aspect-arc="${arc.level}" stroke="${attr(s.color)}" stroke-width="${num(Math.max(s.width * tight, 2.6 * st.px))}"${dash}/>`,
        );
        continue;
      }
    }
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
  const conj = st.aspect.conjunction;
  if (conj) {
    for (const members of new Set(groups.values())) {
      if (members.length < 3) continue;
      const mark = conjunctionGroup(
        lay,
        members.map((m) => m.lon),
        arcs,
      );
      conjunctions.push(
        `<path d="${mark.d}" data-aspect="conjunction" data-aspect-arc="${mark.level}" data-conjunction-group="${attr(members.map((m) => `${m.ring}:${m.id}`).join(' '))}" stroke="${attr(conj.color)}" stroke-width="${num(Math.max(conj.width, 2.6 * st.px))}"/>`,
      );
    }
  }
  if (conjunctions.length) b.raw(`<g data-layer="conjunctions" fill="none" stroke-linecap="round">${conjunctions.join('')}</g>`);
  if (symbols.length) b.raw(`<g data-layer="aspect-symbols">${symbols.join('')}</g>`);
}
