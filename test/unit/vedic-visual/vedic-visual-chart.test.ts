/**
 * The Vedic chart images, read back from the SVG the service draws: in each of the three styles,
 * for a stellium (five grahas and the lagna in Sagittarius and Capricorn, 5 January 2020 at Delhi)
 * and random births, every graha and the lagna stand in the cell of their varga sign, every label
 * lies inside its cell, no two labels overlap, and the labels stay legible (a cap height of at
 * least 1.5 % of the width, 9 px at 600 px, with five grahas in one house). Also: the varga signs
 * are those of the varga rules, the North Indian chart's first house holds the lagna's sign, and
 * a chart without a birth time is counted from the Moon's sign.
 */
import { describe, expect, it } from 'vitest';
import { initEphemeris } from '../../../src/astro/ephemeris.ts';
import { computeChartMoment } from '../../../src/astro/chart.ts';
import { vargaSign, type VargaDivision } from '../../../src/astro/vedic/vargas.ts';
import { GRAHAS } from '../../../src/astro/vedic/grahas.ts';
import { visualChartRequest } from '../../../src/features/vedic/visual/vedic-visual-schemas.ts';
import { visualChartDrawing, visualChartImage } from '../../../src/features/vedic/visual/vedic-visual-service.ts';
import { resolveSubjectPlace } from '../../../src/requests/place.ts';
import { kundliLayout, renderKundliSvg } from '../../../renderer/kundli/kundli-render.ts';
import { KUNDLI_STYLES } from '../../../renderer/kundli/kundli-model.ts';
import { textWidth } from '../../../renderer/text.ts';
import { randomBirthFrom } from '../../helpers/random-births.ts';
import { seededRandom } from '../../helpers/seeded-random.ts';

initEphemeris();

const STELLIUM = { name: 'Stellium', year: 2020, month: 1, day: 5, hour: 9, minute: 0, lat: 28.6139, lng: 77.209, tz_str: 'Asia/Kolkata' };

const taskOf = (body: Record<string, unknown>) => {
  const request = visualChartRequest.parse(body);
  return { request, place: resolveSubjectPlace(request, ['body']) };
};

type Point = readonly [number, number];

/** Inside a convex polygon (either winding), with a tolerance in px. */
function inside(poly: readonly Point[], [x, y]: Point, tol = 0.5): boolean {
  let sign = 0;
  for (let i = 0; i < poly.length; i++) {
    const [x1, y1] = poly[i]!;
    const [x2, y2] = poly[(i + 1) % poly.length]!;
    const cross = (x2 - x1) * (y - y1) - (y2 - y1) * (x - x1);
    const distance = cross / Math.hypot(x2 - x1, y2 - y1);
    if (Math.abs(distance) <= tol) continue;
    const s = Math.sign(distance);
    if (sign !== 0 && s !== sign) return false;
    sign = s;
  }
  return true;
}

interface DrawnLabel {
  text: string;
  sign: number;
  box: { x: number; y: number; w: number; h: number };
}

/** The labels of a drawn chart, with the cell (sign) they are drawn in: read from the SVG's groups. */
function drawnLabels(svg: string): DrawnLabel[] {
  const out: DrawnLabel[] = [];
  const re = /<g data-sign="(\d+)"|<g transform="translate\(([-\d.]+) ([-\d.]+)\) scale\(([\d.]+)\)"[^>]*data-label="([^"]+)"/g;
  let sign = -1;
  for (const m of svg.matchAll(re)) {
    if (m[1] !== undefined) {
      sign = Number(m[1]);
      continue;
    }
    const cap = Number(m[4]) * 100;
    const text = m[5]!.replace(/&apos;/g, "'");
    out.push({ text, sign, box: { x: Number(m[2]), y: Number(m[3]) - cap, w: textWidth(text, cap), h: cap } });
  }
  return out;
}

const overlap = (a: DrawnLabel['box'], b: DrawnLabel['box']) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

function checkChart(body: Record<string, unknown>, n: VargaDivision) {
  const task = taskOf({ ...body, divisions: n });
  const { drawing, chart } = visualChartDrawing(task);
  const svg = renderKundliSvg(drawing);
  const layout = kundliLayout(drawing);
  const labels = drawnLabels(svg);
  // Every graha and the lagna, once, in the cell of its varga sign.
  expect(labels.length).toBe(chart.grahas.length + (chart.lagna ? 1 : 0));
  for (const g of chart.grahas) {
    const label = labels.find((l) => l.text.startsWith(`${GRAHAS[g.id].abbr} `))!;
    expect(label.sign, `${g.id} D${n}`).toBe(vargaSign(g.longitude, n));
  }
  if (chart.lagna) expect(labels.find((l) => l.text.startsWith('Asc '))!.sign).toBe(vargaSign(chart.lagna.longitude, n));
  // Inside their cells, apart from each other, legible.
  for (const l of labels) {
    const cell = layout.cells.find((c) => c.sign === l.sign)!;
    const { x, y, w, h } = l.box;
    for (const corner of [
      [x, y],
      [x + w, y],
      [x + w, y + h],
      [x, y + h],
    ] as const)
      expect(inside(cell.polygon, corner), `${drawing.style} D${n} ${l.text} in sign ${l.sign}`).toBe(true);
    expect(h, `${drawing.style} ${l.text}`).toBeGreaterThanOrEqual(drawing.size * 0.015);
  }
  for (let i = 0; i < labels.length; i++)
    for (let j = i + 1; j < labels.length; j++) expect(overlap(labels[i]!.box, labels[j]!.box), `${labels[i]!.text} / ${labels[j]!.text}`).toBe(false);
  return { drawing, chart, labels, layout };
}

describe('the Vedic chart images', () => {
  it('fit five grahas and the lagna in one house legibly, in every style', () => {
    for (const style of KUNDLI_STYLES) {
      const { labels, drawing } = checkChart({ ...STELLIUM, chart_style: style }, 1);
      // Sagittarius holds the Sun, Mercury, Jupiter, Saturn and Ketu.
      expect(labels.filter((l) => l.sign === 8).map((l) => l.text.slice(0, 2))).toEqual(['Su', 'Me', 'Ju', 'Sa', 'Ke']);
      expect(Math.min(...labels.map((l) => l.box.h))).toBeGreaterThanOrEqual(drawing.size * 0.015);
    }
  });

  it('place every graha in its varga sign, inside its cell, over random births, vargas and styles', () => {
    const random = seededRandom(9_27_60);
    const divisions: VargaDivision[] = [1, 2, 3, 4, 7, 9, 10, 12, 16, 20, 24, 27, 30, 40, 45, 60];
    for (let i = 0; i < 24; i++) {
      const body = {
        ...randomBirthFrom(random),
        chart_style: KUNDLI_STYLES[i % 3],
        size: [300, 600, 1000][i % 3],
      };
      checkChart(body, divisions[i % divisions.length]!);
    }
  });

  it('counts the North Indian houses from the lagna, counter-clockwise from the top', () => {
    const { drawing, layout, chart } = checkChart({ ...STELLIUM, chart_style: 'north_indian' }, 1);
    expect(drawing.firstHouseSign).toBe(chart.lagna!.signIndex);
    const top = layout.cells.find((c) => c.house === 1)!;
    const left = layout.cells.find((c) => c.house === 4)!;
    // House 1 is the top kite, house 4 the left one.
    expect(Math.max(...top.polygon.map((p) => p[1]))).toBeCloseTo(layout.y0 + layout.side / 2, 6);
    expect(Math.max(...left.polygon.map((p) => p[0]))).toBeCloseTo(layout.x0 + layout.side / 2, 6);
    expect(top.marker.text).toBe(String(chart.lagna!.signIndex + 1));
  });

  it('draws a Moon chart without a birth time, and says so', () => {
    const task = taskOf({ ...STELLIUM, time_known: false, hour: undefined, minute: undefined, chart_style: 'south_indian' });
    const { drawing, chart } = visualChartDrawing(task);
    expect(chart.lagna).toBeUndefined();
    expect(drawing.firstHouseSign).toBe(chart.grahas.find((g) => g.id === 'moon')!.signIndex);
    const image = visualChartImage(task);
    expect(JSON.parse(image.headers['X-Warnings']!).join(' ')).toMatch(/birth time is unknown/);
    expect(String(image.body)).not.toContain('data-label="Asc');
  });

  it('reads the birth as the Vedic endpoints do: tz_str LMT is local mean time at the longitude', () => {
    const image = visualChartImage(taskOf({ ...STELLIUM, tz_str: 'LMT' }));
    expect(JSON.parse(image.headers['X-Warnings']!).join(' ')).toMatch(/local mean time at longitude 77.209/);
    expect(image.summary![1]).toMatch(/^2020-01-05 09:00\+05:08:50/);
  });

  it('writes SVG or PNG in every theme', () => {
    for (const theme of ['light', 'dark', 'mono']) {
      const png = visualChartImage(taskOf({ ...STELLIUM, theme_type: theme, format: 'png', size: 400, png_quality_scale: 1 }));
      expect(png.contentType).toBe('image/png');
      const bytes = png.body as Uint8Array;
      expect([...bytes.slice(1, 4)].map((c) => String.fromCharCode(c)).join('')).toBe('PNG');
      // Width 400, height 400 + the header band.
      const view = new DataView(bytes.buffer, bytes.byteOffset);
      expect([view.getUint32(16), view.getUint32(20)]).toEqual([400, 434]);
    }
    const svg = visualChartImage(taskOf({ ...STELLIUM, divisions: 'D9', chart_style: 'East' }));
    expect(svg.contentType).toMatch(/svg/);
    expect(svg.headers).toMatchObject({ 'X-Chart-Style': 'east_indian', 'X-Varga': 'D9' });
  });
});

describe('the Vedic chart image’s styling options', () => {
  const labelsOf = (body: Record<string, unknown>) => drawnLabels(renderKundliSvg(visualChartDrawing(taskOf({ ...STELLIUM, ...body })).drawing));

  it('draws the outer planets asked for by body_types, in the sign of their sidereal longitude', () => {
    const { chart } = visualChartDrawing(taskOf(STELLIUM));
    const tropical = computeChartMoment({
      jdUt: chart.jdUt,
      lat: 0,
      lng: 0,
      timeKnown: false,
      zodiac: { type: 'tropical' },
      houseSystem: 'whole_sign',
      points: ['uranus', 'neptune', 'pluto'],
      nodeVariant: 'mean',
    });
    expect(labelsOf({}).some((l) => /^(Ur|Ne|Pl) /.test(l.text))).toBe(false);
    const labels = labelsOf({ body_types: ['grahas', 'lagna', 'outer_planets'] });
    expect(labels).toHaveLength(13);
    for (const [abbr, p] of [
      ['Ur', 0],
      ['Ne', 1],
      ['Pl', 2],
    ] as const) {
      const sidereal = (((tropical.points[p]!.lon - chart.ayanamsa.degrees) % 360) + 360) % 360;
      expect(labels.find((l) => l.text.startsWith(`${abbr} `))!.sign, abbr).toBe(Math.floor(sidereal / 30));
    }
    // In a varga too: the label stands in the varga sign, with the rasi degree.
    const d9 = labelsOf({ body_types: ['outer_planets'], divisions: 9 });
    expect(d9.map((l) => l.text.slice(0, 2)).sort()).toEqual(['Ne', 'Pl', 'Ur']);
  });

  it('turns single points on and off by display_settings, over body_types', () => {
    const labels = labelsOf({ display_settings: { ketu: false, lagna: false, pluto: true } }).map((l) => l.text.slice(0, 3).trim());
    expect(labels).not.toContain('Ke');
    expect(labels).not.toContain('Asc');
    expect(labels).toContain('Pl');
    expect(labels).not.toContain('Ur');
    expect(labels).toHaveLength(9);
    expect(labelsOf({ body_types: ['lagna'] }).map((l) => l.text.slice(0, 3))).toEqual(['Asc']);
  });

  it('colours the chart by custom_theme and refuses what is not a CSS colour', () => {
    const svg = renderKundliSvg(
      visualChartDrawing(
        taskOf({
          ...STELLIUM,
          chart_style: 'south_indian',
          custom_theme: { background: '#102030', frame: 'rgb(1, 2, 3)', graha: 'teal', lagna: '#abcdef', sign_marker: 'hsl(10, 50%, 50%)' },
        }),
      ).drawing,
    );
    expect(svg).toContain('fill="#102030"');
    expect(svg).toContain('stroke="rgb(1, 2, 3)"');
    for (const colour of ['teal', '#abcdef', 'hsl(10, 50%, 50%)']) expect(svg).toContain(colour);
    for (const bad of [{ background: 'url(#x)' }, { frame: '"/><script>' }, { grid: 'red; x' }])
      expect(visualChartRequest.safeParse({ ...STELLIUM, custom_theme: bad }).success, JSON.stringify(bad)).toBe(false);
    // A key that colours nothing drawn here is left out (and named in X-Unknown-Fields by the route), not refused.
    expect(visualChartRequest.parse({ ...STELLIUM, custom_theme: { planet: 'red' } }).custom_theme).toEqual({});
  });

  it('draws labels without degrees or ℞, without sign markers, with thicker lines and smaller labels by chart_config', () => {
    const plain = labelsOf({ chart_config: { show_degrees: false, show_retrograde: false } });
    expect(
      plain.every((l) => /^[A-Z][a-z]{1,2}$/.test(l.text)),
      plain.map((l) => l.text).join(),
    ).toBe(true);
    const base = visualChartDrawing(taskOf(STELLIUM)).drawing;
    const marked = renderKundliSvg(base);
    const unmarked = renderKundliSvg(visualChartDrawing(taskOf({ ...STELLIUM, chart_config: { show_sign_markers: false } })).drawing);
    expect(unmarked.length).toBeLessThan(marked.length);
    const width = (svg: string) => Number(/stroke-width="([\d.]+)"/.exec(svg)![1]);
    expect(width(renderKundliSvg(visualChartDrawing(taskOf({ ...STELLIUM, chart_config: { line_width: 2 } })).drawing))).toBeCloseTo(2 * width(marked), 1);
    const small = checkChart({ ...STELLIUM, chart_config: { label_scale: 0.6 } }, 1).labels;
    const full = checkChart(STELLIUM, 1).labels;
    expect(Math.max(...small.map((l) => l.box.h))).toBeLessThan(Math.max(...full.map((l) => l.box.h)));
    for (const bad of [{ label_scale: 3 }, { line_width: 0 }, { show_degrees: 'no' }])
      expect(visualChartRequest.safeParse({ ...STELLIUM, chart_config: bad }).success, JSON.stringify(bad)).toBe(false);
    expect(visualChartRequest.parse({ ...STELLIUM, display_settings: { chiron: true } }).display_settings).toEqual({});
    expect(visualChartRequest.safeParse({ ...STELLIUM, body_types: ['asteroids'] }).success).toBe(false);
  });
});
