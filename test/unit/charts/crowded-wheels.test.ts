/**
 * The most crowded wheels (tools/crowded-charts.ts: the 4 February 1962 gathering in
 * every chart kind, eight bodies within 20°, twin stelliums, a bi-wheel crowded on both rings),
 * held to the size rules read back from their SVG: no glyph below MIN_GLYPH_PX and no degree label
 * below MIN_LABEL_PX at 700 px (in proportion at other sizes), the aspect circle at 40 % of the
 * radius or more (bi-wheels too), no boxes overlapping, no axis through a label, and a glyph not
 * conjunct with an angle clear of its axis; every glyph within 2° of its own sector (a crowd one row
 * cannot hold takes a second row of glyphs, each joined to its true degree by a leader line; a
 * bi-wheel draws its outer chart outside the zodiac to leave the inner chart that depth).
 * docs/examples holds their pictures.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initEphemeris } from '../../../src/astro/ephemeris.ts';
import { MIN_GLYPH_PX, MIN_LABEL_PX } from '../../../renderer/layout/points.ts';
import { crowdedCharts, gatheringCharts } from '../../../tools/crowded-charts.ts';
import { transitChart } from '../../../src/features/charts/charts-service.ts';
import { transitChartRequest } from '../../../src/features/charts/charts-schemas.ts';
import { checkWheel, distancesOutsideSector, leaderReport, randomChartSvg, segmentHits } from '../../helpers/wheel-layout-check.ts';

beforeAll(() => initEphemeris());

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** What the SVG says of its planets: each glyph's ink box and its label boxes (degree, sign, minute), its longitude and drawn angle. */
function pointsOf(svg: string) {
  return [...svg.matchAll(/<g data-point="([^"]+)" data-ring="(\w+)" data-lon="([\d.]+)" data-drawn="([\d.]+)" data-boxes="([^"]*)"/g)].map((m) => {
    const boxes = m[5]!.split(' ').map((s): Box => {
      const [x, y, w, h] = s.split(',').map(Number) as [number, number, number, number];
      return { x, y, w, h };
    });
    return { id: m[1]!, ring: m[2]!, lon: Number(m[3]), drawn: Number(m[4]), glyph: boxes[0]!, labels: boxes.slice(1, 4) };
  });
}

const sizeOf = (svg: string) => Number(/<svg[^>]* height="([\d.]+)"/.exec(svg)![1]);
/** The sign glyph's box is 1.15 cap heights tall, the degree's and the minute's one. */
const capOf = (labels: Box[]) => Math.min(labels[0]!.h, labels[1]!.h / 1.15, labels[2]!.h);
const sep = (a: number, b: number) => Math.abs(((((b - a) % 360) + 540) % 360) - 180);

/** The smallest glyph and label of a chart, in px at 700 px. */
function smallest(svg: string) {
  const k = 700 / sizeOf(svg);
  const pts = pointsOf(svg);
  return { glyph: Math.min(...pts.map((p) => p.glyph.w)) * k, label: Math.min(...pts.map((p) => capOf(p.labels))) * k };
}

describe('crowded wheels', () => {
  const charts = crowdedCharts();

  it('draw no glyph below the least size and no degree label below the least size, in every kind', () => {
    expect(Object.keys(charts).length).toBeGreaterThanOrEqual(10);
    for (const [name, svg] of Object.entries(charts)) {
      const s = smallest(svg);
      expect(s.glyph, name).toBeGreaterThanOrEqual(MIN_GLYPH_PX - 0.01);
      expect(s.label, name).toBeGreaterThanOrEqual(MIN_LABEL_PX - 0.01);
    }
    expect(MIN_GLYPH_PX).toBe(14);
    expect(MIN_LABEL_PX).toBe(7.5);
  });

  it('keep the aspect circle at 40 % of the radius or more, on single wheels and bi-wheels (transits, synastry, progressions, solar return) alike', () => {
    expect(Object.values(charts).filter((svg) => svg.includes('data-ring="outer"')).length).toBeGreaterThanOrEqual(4);
    for (const [name, svg] of Object.entries(charts)) {
      const r = Number(/<circle cx="[\d.]+" cy="[\d.]+" r="([\d.]+)" fill="none" data-layer="aspect-circle"/.exec(svg)![1]);
      expect(r / (sizeOf(svg) * 0.415), name).toBeGreaterThanOrEqual(0.4);
    }
  });

  it('keep the aspect circle at 40 % of the radius on random bi-wheels of every kind, their glyphs and labels at the least sizes or larger', () => {
    for (const kind of ['transits', 'synastry', 'progressions', 'solar_return'] as const)
      for (let i = 0; i < 8; i++) {
        const svg = randomChartSvg(kind, i);
        const r = Number(/<circle cx="[\d.]+" cy="[\d.]+" r="([\d.]+)" fill="none" data-layer="aspect-circle"/.exec(svg)![1]);
        expect(r / (sizeOf(svg) * 0.415), `${kind} ${i}`).toBeGreaterThanOrEqual(0.4);
        const s = smallest(svg);
        expect(s.glyph, `${kind} ${i}`).toBeGreaterThanOrEqual(MIN_GLYPH_PX - 0.01);
        expect(s.label, `${kind} ${i}`).toBeGreaterThanOrEqual(MIN_LABEL_PX - 0.01);
      }
  });

  it('keep every box apart and every axis off the labels', () => {
    for (const [name, svg] of Object.entries(charts)) {
      const r = checkWheel(svg);
      expect(r.overlaps, `${name}: ${r.details.join('; ')}`).toBe(0);
      expect(r.axisHits, name).toBe(0);
      expect(r.axisHouseHits, name).toBe(0);
      // Spread over the arcs beyond a crowd, but never round the wheel.
      expect(r.maxDisplacement, name).toBeLessThan(32);
    }
  });

  it('keep two planets’ labels side by side a word space apart, so that two minutes never read as one number ("28′09′")', () => {
    for (const [name, svg] of Object.entries(charts)) {
      const pts = pointsOf(svg);
      for (let i = 0; i < pts.length; i++)
        for (let j = i + 1; j < pts.length; j++)
          for (const a of pts[i]!.labels)
            for (const b of pts[j]!.labels) {
              // On one line: their heights overlap by half a label or more.
              const shared = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
              if (shared < Math.min(a.h, b.h) / 2) continue;
              const gap = Math.max(b.x - (a.x + a.w), a.x - (b.x + b.w));
              expect(gap, `${name}: ${pts[i]!.ring} ${pts[i]!.id} and ${pts[j]!.ring} ${pts[j]!.id}`).toBeGreaterThanOrEqual(4);
            }
    }
  });

  it('keep two planets’ labels side by side a word space apart on 32 random bi-wheels, and no boxes overlapping', () => {
    for (const kind of ['transits', 'synastry', 'progressions', 'solar_return'] as const)
      for (let i = 0; i < 8; i++) {
        const svg = randomChartSvg(kind, i);
        expect(checkWheel(svg).overlaps, `${kind} ${i}`).toBe(0);
        const pts = pointsOf(svg);
        for (let a = 0; a < pts.length; a++)
          for (let b = a + 1; b < pts.length; b++)
            for (const p of pts[a]!.labels)
              for (const q of pts[b]!.labels) {
                if (Math.min(p.y + p.h, q.y + q.h) - Math.max(p.y, q.y) < Math.min(p.h, q.h) / 2) continue;
                expect(Math.max(q.x - (p.x + p.w), p.x - (q.x + q.w)), `${kind} ${i}: ${pts[a]!.id} and ${pts[b]!.id}`).toBeGreaterThanOrEqual(4);
              }
      }
  });

  it('keep a glyph not conjunct with an angle (more than 5° from it) at least 2 px clear of its axis', () => {
    for (const [name, svg] of Object.entries(charts)) {
      const axes = [...svg.matchAll(/<line x1="([-\d.]+)" y1="([-\d.]+)" x2="([-\d.]+)" y2="([-\d.]+)" data-angle="\w+" data-lon="([\d.]+)"/g)].map((m) => ({
        from: { x: Number(m[1]), y: Number(m[2]) },
        to: { x: Number(m[3]), y: Number(m[4]) },
        lon: Number(m[5]),
      }));
      for (const p of pointsOf(svg))
        for (const a of axes) {
          if (sep(p.lon, a.lon) <= 5) continue;
          for (const b of [p.glyph, ...p.labels]) expect(segmentHits(a.from, a.to, b, -2), `${name}: ${p.ring} ${p.id} by the axis at ${a.lon}`).toBe(false);
        }
    }
  });

  it('draw every planet with its tick at its true degree, and a leader line to a glyph moved off it', () => {
    for (const [name, svg] of Object.entries(charts)) {
      const moved = pointsOf(svg).filter((p) => sep(p.lon, p.drawn) >= 0.3);
      for (const p of moved) expect(svg, `${name}: ${p.ring} ${p.id}`).toContain(`data-leader="${p.ring}:${p.id}"`);
    }
  });
});

/** The single wheels among the crowded cases. */
const SINGLE = ['natal', 'natal-ascendant', 'composite', 'eight-in-20', 'twin-stelliums'];
const furthestOutside = (svg: string) => Math.max(...distancesOutsideSector(svg).map((p) => p.outside));

describe('glyphs within reach of their sectors', () => {
  const charts = crowdedCharts();

  it('keep every glyph of a crowded single wheel within 2° of its own sector’s edge, the crowd shared between two rows', () => {
    for (const name of SINGLE) expect(furthestOutside(charts[name]!), name).toBeLessThanOrEqual(2);
    // The crowds one row cannot hold there do take the second row.
    for (const name of ['natal', 'eight-in-20', 'twin-stelliums']) expect(leaderReport(charts[name]!).secondRow, name).toBeGreaterThan(0);
  });

  it('keep every glyph within 2° of its sector on 32 random single wheels (natal and composite)', () => {
    for (const kind of ['natal', 'composite'] as const)
      for (let i = 0; i < 16; i++) expect(furthestOutside(randomChartSvg(kind, i)), `${kind} ${i}`).toBeLessThanOrEqual(2);
  });

  it('join every glyph of the second row, and every glyph moved off its degree, to its true degree by a leader line from its tick', () => {
    for (const [name, svg] of Object.entries(charts)) {
      const r = leaderReport(svg);
      expect(r.missing, name).toEqual([]);
      // Measured on the picture: the leader starts where the tick at the planet's longitude ends, on
      // the radius of that longitude (the Ascendant axis's direction turned by the difference).
      expect(r.wrongDegree, name).toEqual([]);
      expect(r.offGlyph, name).toEqual([]);
    }
  });

  it('keep the second row’s glyphs and labels as large as the first row’s, and the aspect circle at 40 %', () => {
    for (const name of SINGLE) {
      const svg = charts[name]!;
      const pts = pointsOf(svg);
      const second = [...svg.matchAll(/<g data-point="([^"]+)" data-ring="inner"[^>]*data-tier="1"/g)].map((m) => m[1]);
      if (second.length === 0) continue;
      const glyphs = pts.map((p) => p.glyph.w);
      expect(Math.max(...glyphs) - Math.min(...glyphs), name).toBeLessThan(0.01);
      expect(Math.min(...glyphs) * (700 / sizeOf(svg)), name).toBeGreaterThanOrEqual(MIN_GLYPH_PX);
    }
  });

  it('keep every glyph of a crowded bi-wheel within 2° of its sector: the outer chart drawn outside the zodiac, a second row on the crowded ring, the angles named among the outer glyphs', () => {
    for (const name of ['transits', 'synastry', 'progressions', 'solar_return', 'full-bi-wheel', 'outer-stellium'])
      expect(furthestOutside(charts[name]!), name).toBeLessThanOrEqual(2);
    // The inner chart's crowd takes a second row inside, the outer chart's a second row beyond.
    expect(charts['transits']!).toMatch(/data-ring="inner"[^>]*data-tier="1"/);
    expect(charts['outer-stellium']!).toMatch(/data-ring="outer"[^>]*data-tier="1"/);
    for (const name of ['transits', 'synastry', 'progressions', 'full-bi-wheel', 'outer-stellium']) {
      const svg = charts[name]!;
      const c = sizeOf(svg) / 2;
      const dist = (b: Box) => Math.hypot(b.x + b.w / 2 - c, b.y + b.h / 2 - c);
      const pts = pointsOf(svg);
      const innerMost = Math.max(...pts.filter((p) => p.ring === 'inner').map((p) => dist(p.glyph)));
      // Every outer glyph lies beyond the zodiac (its sign glyphs), every inner one within it.
      const zodiac = Math.max(
        ...[...svg.matchAll(/data-sign="\d+" transform="translate\(([\d.]+) ([\d.]+)\)/g)].map((m) => Math.hypot(Number(m[1]) - c, Number(m[2]) - c)),
      );
      for (const p of pts.filter((q) => q.ring === 'outer')) expect(dist(p.glyph), `${name}: outer ${p.id}`).toBeGreaterThan(zodiac + 10);
      expect(innerMost, name).toBeLessThan(zodiac - 10);
      // The four angles, each named with its position among the outer glyphs (their boxes kept apart by checkWheel).
      const marks = [...svg.matchAll(/data-angle-label="(\w+)" data-box="[^"]+" data-boxes="([^"]+)" data-lon="([\d.]+)"/g)];
      expect(marks.map((m) => m[1]).sort(), name).toEqual(['asc', 'dsc', 'ic', 'mc']);
      for (const m of marks) expect(m[2]!.split(' '), name).toHaveLength(4);
      // The inner chart's cusp degrees still printed, in the outer band clear of its glyphs.
      expect((svg.match(/data-cusp-label="\d+"/g) ?? []).length, name).toBeGreaterThanOrEqual(6);
    }
  });

  it('keep every glyph within 2° of its sector on 64 random bi-wheels (transits, synastry, progressions, solar return)', () => {
    for (const kind of ['transits', 'synastry', 'progressions', 'solar_return'] as const)
      for (let i = 0; i < 16; i++) expect(furthestOutside(randomChartSvg(kind, i)), `${kind} ${i}`).toBeLessThanOrEqual(2);
  });
});

describe('the least sizes', () => {
  it('grow with the picture: at 1,400 px the gathering’s transits draw glyphs and labels twice as large as the least at 700 px', () => {
    const svg = String(
      transitChart({
        request: transitChartRequest.parse({
          natal: { name: 'G', year: 1962, month: 2, day: 4, hour: 12, minute: 0, lat: 28.6139, lng: 77.209, tz_str: 'Asia/Kolkata' },
          transit_date: '2024-03-01T12:00',
          size: 1400,
        }),
        natalPlace: { city: null, country: null, lat: 28.6139, lng: 77.209, source: 'request' },
        transitPlace: { city: null, country: null, lat: 28.6139, lng: 77.209, source: 'request' },
        nowMs: 0,
      }).body,
    );
    expect(sizeOf(svg)).toBe(1400);
    const pts = pointsOf(svg);
    expect(Math.min(...pts.map((p) => p.glyph.w))).toBeGreaterThanOrEqual(2 * MIN_GLYPH_PX - 0.02);
    expect(Math.min(...pts.map((p) => capOf(p.labels)))).toBeGreaterThanOrEqual(2 * MIN_LABEL_PX - 0.02);
  });

  it('hold for the gathering in every kind the service draws', () => {
    const kinds = Object.keys(gatheringCharts());
    expect(kinds).toEqual(expect.arrayContaining(['natal', 'transits', 'synastry', 'progressions', 'solar_return', 'composite']));
  });
});
