import { Resvg } from '@resvg/resvg-js';
import { describe, expect, it } from 'vitest';
import { renderChartSvg } from '../../../renderer/index.ts';
import type { ChartDrawing } from '../../../renderer/chart-model.ts';
import { ALL_KINDS, natal, stellium, untimedNatal } from '../../../tools/sample-charts.ts';
import { checkXml } from '../../helpers/xml-check.ts';

const THEMES = ['light', 'dark', 'mono'] as const;

function expectedPoints(d: ChartDrawing, ring: 'inner' | 'outer'): number {
  const r = ring === 'inner' ? d.inner : d.outer;
  if (!r) return 0;
  // Outer-ring angles are drawn as extra points (AC, MC) on the outer track.
  return r.points.length + (ring === 'outer' && r.angles ? 2 : 0);
}

describe('renderChartSvg', () => {
  for (const [kind, make] of Object.entries(ALL_KINDS)) {
    for (const theme of THEMES) {
      it(`${kind} / ${theme}: well-formed, complete, font-free`, () => {
        const d = make(theme);
        const svg = renderChartSvg(d);
        const x = checkXml(svg);
        expect(x.root).toBe('svg');
        expect(x.rootAttrs.width).toBe('700');
        expect(x.rootAttrs.height).toBe('700');
        expect(x.rootAttrs.viewBox).toBe('0 0 700 700');
        expect(x.counts.get('text') ?? 0).toBe(0);
        expect(x.counts.get('script') ?? 0).toBe(0);
        expect(x.counts.get('style') ?? 0).toBe(0);
        expect(svg).not.toContain('url(');
        expect(svg).not.toContain('var(');

        const points = x.elements.filter((e) => e.attrs['data-point'] !== undefined);
        for (const ring of ['inner', 'outer'] as const) {
          expect(points.filter((e) => e.attrs['data-ring'] === ring)).toHaveLength(expectedPoints(d, ring));
        }
        for (const p of d.inner.points) {
          expect(points.filter((e) => e.attrs['data-point'] === p.id && e.attrs['data-ring'] === 'inner')).toHaveLength(1);
        }
        const cusps = x.elements.filter((e) => e.attrs['data-cusp'] !== undefined);
        expect(cusps).toHaveLength((d.inner.cusps?.length ?? 0) + (d.outer?.cusps?.length ?? 0));
        expect(new Set(cusps.filter((e) => e.attrs['data-ring'] === 'inner').map((e) => e.attrs['data-cusp']))).toHaveProperty('size', d.inner.cusps ? 12 : 0);
        // One mark per aspect, except a group of three or more points joined by conjunctions: one
        // mark for the group's conjunctions.
        const aspects = x.elements.filter((e) => e.attrs['data-aspect'] !== undefined);
        const groups = aspects.flatMap((e) => (e.attrs['data-conjunction-group'] ? [new Set(e.attrs['data-conjunction-group'].split(' '))] : []));
        const grouped = (a: (typeof d.aspects)[number]) =>
          a.type === 'conjunction' && groups.some((g) => g.has(`${a.a.ring}:${a.a.id}`) && g.has(`${a.b.ring}:${a.b.id}`));
        expect(d.aspects.length).toBeGreaterThan(0);
        expect(aspects.length - groups.length).toBe(d.aspects.filter((a) => !grouped(a)).length);
        for (const t of new Set(d.aspects.map((a) => a.type))) {
          expect(aspects.filter((e) => e.attrs['data-aspect'] === t && !e.attrs['data-conjunction-group'])).toHaveLength(
            d.aspects.filter((a) => a.type === t && !grouped(a)).length,
          );
        }

        // Every <use> points at a symbol defined in <defs>.
        const symbols = new Set(x.elements.filter((e) => e.name === 'symbol').map((e) => e.attrs.id));
        for (const u of x.elements.filter((e) => e.name === 'use')) {
          expect(symbols.has(u.attrs['xlink:href']!.slice(1))).toBe(true);
        }
        // resvg accepts the document as well.
        const r = new Resvg(svg, { font: { loadSystemFonts: false } });
        expect(r.width).toBe(700);
      });
    }
  }

  it('honours size and hides the metadata block', () => {
    const d = natal('light', { size: 1200, showMetadata: false });
    const x = checkXml(renderChartSvg(d));
    expect(x.rootAttrs.width).toBe('1200');
    expect(x.rootAttrs.viewBox).toBe('0 0 1200 1200');
    expect(x.elements.some((e) => e.attrs['data-layer']?.startsWith('metadata'))).toBe(false);
    const shown = checkXml(renderChartSvg(natal('light')));
    expect(shown.elements.some((e) => e.attrs['data-layer'] === 'metadata-tl')).toBe(true);
  });

  it('clamps out-of-range sizes', () => {
    expect(checkXml(renderChartSvg(natal('light', { size: 50 }))).rootAttrs.width).toBe('300');
    expect(checkXml(renderChartSvg(natal('light', { size: 9000 }))).rootAttrs.width).toBe('2000');
  });

  it('draws angles with labels only when the time is known', () => {
    const timed = checkXml(renderChartSvg(natal('light')));
    expect(timed.elements.filter((e) => e.attrs['data-angle'] !== undefined).map((e) => e.attrs['data-angle'])).toEqual(['asc', 'dsc', 'mc', 'ic']);
    const untimed = checkXml(renderChartSvg(untimedNatal('mono')));
    expect(untimed.elements.some((e) => e.attrs['data-angle'] !== undefined)).toBe(false);
    expect(untimed.elements.some((e) => e.attrs['data-cusp'] !== undefined)).toBe(false);
  });

  it('keeps hostile strings out of the markup', () => {
    const d = natal('light', { innerColor: 'red" onload="alert(1)', outerColor: 'url(#x)' });
    d.metadata.title = '</svg><script>alert(1)</script> & "quotes" \u0001\u001f \ud800 end';
    d.inner = { ...d.inner, points: d.inner.points.map((p, i) => (i === 0 ? { ...p, id: 'x"><script>\u0000' } : p)) };
    d.aspects = d.aspects.filter((a) => a.a.id !== 'sun' && a.b.id !== 'sun');
    d.options.chartConfig = { custom_planet_color: 'blue;stroke:url(#a)' };
    const svg = renderChartSvg(d);
    const x = checkXml(svg);
    expect(x.counts.get('script') ?? 0).toBe(0);
    expect(svg).not.toContain('onload');
    expect(svg).not.toContain('url(');
  });

  it('applies chart_config colours, widths and options', () => {
    const d = stellium('light');
    d.options.chartConfig = {
      aspect_conjunction_color: '#123456',
      aspect_conjunction_width: 3,
      chart_background: 'transparent',
      show_aspect_symbols: true,
      french_style: true,
      retrograde_marker_style: 'rx',
      show_horoscope_shape: true,
      embed_horoscope_shape_metadata: true,
    };
    const svg = renderChartSvg(d);
    const x = checkXml(svg);
    const conj = x.elements.filter((e) => e.attrs['data-aspect'] === 'conjunction');
    expect(conj.length).toBeGreaterThan(0);
    expect(conj.every((e) => e.attrs.stroke === '#123456')).toBe(true);
    expect(x.elements.some((e) => e.name === 'rect' && e.attrs.width === '700')).toBe(false);
    expect(x.elements.some((e) => e.attrs['data-layer'] === 'aspect-symbols')).toBe(true);
    expect(x.elements.some((e) => e.attrs['data-key']?.startsWith('horoscope_shape.'))).toBe(true);
    expect(x.elements.some((e) => e.name === 'metadata' && e.attrs.id === 'freeastroapi-horoscope-shape')).toBe(true);
  });

  it('resolves aspects to the angles of either ring', () => {
    const d = ALL_KINDS.synastry('light');
    d.aspects = [
      { a: { ring: 'inner', id: 'sun' }, b: { ring: 'inner', id: 'asc' }, type: 'square', orb: 1 },
      { a: { ring: 'inner', id: 'moon' }, b: { ring: 'outer', id: 'mc' }, type: 'trine', orb: 2 },
      { a: { ring: 'outer', id: 'venus' }, b: { ring: 'inner', id: 'ic' }, type: 'quincunx', orb: 0.5 },
    ];
    const x = checkXml(renderChartSvg(d));
    expect(x.elements.filter((e) => e.attrs['data-aspect'] !== undefined)).toHaveLength(3);
    expect(x.elements.filter((e) => e.attrs['data-aspect'] === 'quincunx')[0]!.attrs['stroke-dasharray']).toBeDefined();
    expect(x.elements.filter((e) => e.attrs['data-aspect'] === 'trine')[0]!.attrs['stroke-dasharray']).toBeUndefined();
  });

  it('copes with absurdly long metadata: the drawing stays the size of an ordinary chart', () => {
    const d = natal('light');
    const ordinary = renderChartSvg(d).length;
    d.metadata.title = 'W'.repeat(100_000);
    d.metadata.lines = Array.from({ length: 1000 }, (_, i) => `line ${i} `.repeat(5000));
    const svg = renderChartSvg(d);
    expect(checkXml(svg).root).toBe('svg');
    // The headers are cut to what fits: the work and the output do not grow with the input (the
    // time it takes is the render bench's to measure, not a test's).
    expect(svg.length).toBeLessThan(ordinary * 3);
  });

  it('renders an empty chart without failing', () => {
    const d = natal('dark');
    d.inner = { label: 'Empty', points: [] };
    d.aspects = [];
    expect(() => checkXml(renderChartSvg(d))).not.toThrow();
  });
});
