import { describe, expect, it } from 'vitest';
import { computeLayout, renderChartSvg, type Box } from '../../../renderer/index.ts';
import type { ChartDrawing, ChartPoint } from '../../../renderer/chart-model.ts';
import { radialLinesThrough } from '../../../renderer/layout/points.ts';
import { ALL_KINDS, natal, stellium, options } from '../../../tools/sample-charts.ts';
import { signGlyphLongitude } from '../../../renderer/zodiac-layer.ts';
import { checkWheel, segmentHits } from '../../helpers/wheel-layout-check.ts';

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

const norm = (x: number) => (x % 360 < 0 ? (x % 360) + 360 : x % 360);
/** Index of the arc (between consecutive lines) that holds `lon`. */
function arcOf(lon: number, lines: number[]): number {
  const s = [...new Set(lines.map((l) => Math.round(norm(l) * 1e6) / 1e6))].sort((a, b) => a - b);
  let k = s.length - 1;
  for (let i = 0; i < s.length; i++) if (s[i]! <= norm(lon)) k = i;
  return k;
}

/** Checks every geometric promise of the layout for one chart. */
function assertClean(d: ChartDrawing, cusps: 'strict' | 'angles only' = 'strict'): void {
  const lay = computeLayout(d);
  const g = lay.geometry;
  for (const ring of ['inner', 'outer'] as const) {
    const lines = radialLinesThrough(d, ring, g)
      .filter((l) => cusps === 'strict' || l.hard)
      .map((l) => l.lon);
    const track = g.tracks.find((t) => t.ring === ring);
    const pts = lay.points.filter((p) => p.ring === ring);
    if (!track || lines.length === 0) continue;
    for (const p of pts) {
      // On the correct side of every cusp and angle.
      expect(arcOf(p.displayLon, lines), `${ring} ${p.id} at ${p.lon} drawn at ${p.displayLon}`).toBe(arcOf(p.lon, lines));
      // The axes are drawn broken around the boxes that reach over them (checked below, on the SVG).
      const cuspLines = radialLinesThrough(d, ring, g)
        .filter((l) => cusps === 'strict' && !l.hard)
        .map((l) => l.lon);
      for (const l of cuspLines) {
        const from = lay.frame.xy(l, track.inner);
        const to = lay.frame.xy(l, track.outer);
        for (const b of [p.bbox, ...p.labels.map((x) => x.box)]) {
          expect(segmentHits(from, to, b, 0), `line at ${l.toFixed(2)} crosses ${ring} ${p.id}`).toBe(false);
        }
      }
    }
    for (let i = 0; i < pts.length; i++) {
      for (let j = i + 1; j < pts.length; j++) expect(overlaps(pts[i]!.bbox, pts[j]!.bbox), `${pts[i]!.id} vs ${pts[j]!.id}`).toBe(false);
    }
  }
  // No axis, as drawn, strikes through a glyph or a label.
  expect(checkWheel(renderChartSvg(d)).axisHits).toBe(0);
}

const pt = (id: string, lon: number): ChartPoint => ({ id, name: id, lon, retrograde: false });

/** 4 Feb 1962 style: a seven-planet group astride the Ascendant at 290°. */
function stelliumOnAngle(): ChartDrawing {
  const asc = 290;
  const mc = 200;
  const cusps = [asc, 335, 352, mc + 180 - 360 + 360, 45, 72, asc - 180, 142, 172, mc, 225, 258].map(norm);
  cusps[3] = norm(mc + 180);
  return {
    kind: 'natal',
    inner: {
      label: 'Natal',
      points: [
        pt('sun', 315.2),
        pt('moon', 303.9),
        pt('mercury', 310.1),
        pt('venus', 318.9),
        pt('mars', 302.4),
        pt('jupiter', 306.3),
        pt('saturn', 304.8),
        pt('uranus', 150.1),
        pt('neptune', 222.6),
        pt('pluto', 159.4),
        pt('true_node', 144.8),
        pt('chiron', 346.2),
        pt('lilith', 288.6),
      ],
      cusps,
      angles: { asc, mc, ic: norm(mc + 180), dc: norm(asc + 180) },
    },
    aspects: [],
    metadata: { title: 'Stellium on the Ascendant', lines: [] },
    options: options('light'),
  };
}

describe('axes and cusps are obstacles for the glyph layout', () => {
  it('keeps Mars after the Ascendant in a stellium that straddles it', () => {
    const d = stelliumOnAngle();
    const lay = computeLayout(d);
    const mars = lay.points.find((p) => p.id === 'mars')!;
    const lilith = lay.points.find((p) => p.id === 'lilith')!;
    expect(norm(mars.displayLon - 290)).toBeLessThan(90);
    expect(norm(290 - lilith.displayLon)).toBeLessThan(90);
    // Seven glyphs within 17° do not fit into the first house at 700 px: its far cusp gives way.
    assertClean(d, 'angles only');
    // With a wider first house, every glyph stays on its side of every cusp as well.
    const cusps = [...d.inner.cusps!];
    cusps[1] = 345;
    cusps[2] = 20;
    assertClean({ ...d, inner: { ...d.inner, cusps } });
  });

  it('keeps glyphs and labels off the lines in the sample charts', () => {
    assertClean(natal('light'));
    // Seven glyphs in one short house: the cusp gives way, the angles never do.
    assertClean(stellium('light'), 'angles only');
    for (const make of Object.values(ALL_KINDS)) assertClean(make('light'), 'angles only');
  });

  it('gives up an angle axis rather than pile glyphs on one another when two axes are a few degrees apart', () => {
    // 66° N, 20 Nov 1991 15:00 Moscow time: the Descendant at 277.8° and the Midheaven at 292.3°, with Uranus, the node and Neptune between them.
    const asc = 97.8;
    const mc = 292.3;
    const cusps = [asc, 110, 125, norm(mc + 180), 160, 200, norm(asc + 180), 281, 286, mc, 330, 60];
    const d: ChartDrawing = {
      kind: 'natal',
      inner: {
        label: 'Natal',
        cusps,
        angles: { asc, mc, ic: norm(mc + 180), dc: norm(asc + 180) },
        points: [
          pt('uranus', 281.4),
          pt('mean_node', 282.0),
          pt('neptune', 284.8),
          pt('sun', 237.7),
          pt('moon', 38.9),
          pt('saturn', 301.9),
          pt('lilith', 293.1),
        ],
      },
      aspects: [],
      metadata: { title: 'Two axes close together', lines: [] },
      options: options('light'),
    };
    const pts = computeLayout(d).points;
    for (let i = 0; i < pts.length; i++) {
      for (let j = i + 1; j < pts.length; j++) expect(overlaps(pts[i]!.bbox, pts[j]!.bbox), `${pts[i]!.id} vs ${pts[j]!.id}`).toBe(false);
    }
  });

  it('keeps a glyph sitting exactly on the Ascendant on its own side, clear of the axis', () => {
    const d = natal('light');
    const asc = d.inner.angles!.asc;
    d.inner = { ...d.inner, points: [...d.inner.points.filter((p) => p.id !== 'pholus'), pt('pholus', asc), pt('ceres', norm(asc - 0.2))] };
    assertClean(d);
  });
});

describe('sign glyphs of the zodiac band', () => {
  it('slide off an angle axis that would cross them, staying in their sign', () => {
    for (const asc of [15, 44.5, 105, 200.2, 345]) {
      const d = natal('light');
      const mc = norm(asc - 95);
      d.inner = { ...d.inner, angles: { asc, mc, ic: norm(mc + 180), dc: norm(asc + 180) } };
      const g = computeLayout(d).geometry;
      const axes = [asc, mc, norm(mc + 180), norm(asc + 180)];
      const half = (Math.asin((g.signGlyphSize * 0.5) / g.signGlyphR) * 180) / Math.PI;
      for (let sign = 0; sign < 12; sign++) {
        const lon = signGlyphLongitude(sign, axes, g);
        expect(Math.floor(lon / 30)).toBe(sign);
        for (const a of axes) expect(Math.abs(((lon - a + 540) % 360) - 180), `sign ${sign} axis ${a}`).toBeGreaterThanOrEqual(half);
      }
    }
  });
});
