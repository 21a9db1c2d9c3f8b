/**
 * What the picture says beside the glyphs: the positions table and the aspect grid list the
 * bodies in the chart's own order (Sun, Moon, Mercury …) whatever order the layout placed them
 * in; every cusp's degree is printed (the angles on their own labels); a house system that
 * replaced the one asked for is named as such.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initEphemeris } from '../../../src/astro/ephemeris.ts';
import { natalChart, synastryChart } from '../../../src/features/charts/charts-service.ts';
import { natalChartRequest, synastryChartRequest } from '../../../src/features/charts/charts-schemas.ts';
import { formatPosition } from '../../../renderer/angles-layer.ts';

beforeAll(() => initEphemeris());

const delhi = { city: null, country: null, lat: 28.6139, lng: 77.209, source: 'request' as const };
const tromso = { city: null, country: null, lat: 69.6492, lng: 18.9553, source: 'request' as const };
/** 1962-02-04: seven bodies in Aquarius, laid out far from their listed order. */
const gathering = { name: 'G', year: 1962, month: 2, day: 4, hour: 12, minute: 0, lat: delhi.lat, lng: delhi.lng, tz_str: 'Asia/Kolkata' };
const CONVENTIONAL = ['sun', 'moon', 'mercury', 'venus', 'mars', 'jupiter', 'saturn', 'uranus', 'neptune', 'pluto'];

const natalSvg = (body: Record<string, unknown>, place = delhi) => String(natalChart({ request: natalChartRequest.parse(body), place }).body);
const ids = (svg: string, re: RegExp) => [...svg.matchAll(re)].map((m) => m[1]!);

describe('the positions table and the aspect grid', () => {
  it('list the bodies in the conventional order, the Sun first', () => {
    const svg = natalSvg({ ...gathering, chart_config: { show_aspect_grid: true, show_positions_table: true } });
    const table = ids(svg, /data-position="(\w+)"/g);
    expect(table.slice(0, CONVENTIONAL.length)).toEqual(CONVENTIONAL);
    const grid = ids(svg, /data-grid-head="inner:(\w+)"/g);
    expect(grid.slice(0, CONVENTIONAL.length)).toEqual(CONVENTIONAL);
  });

  it('list both rings of a bi-wheel in that order', () => {
    const svg = String(
      synastryChart({
        request: synastryChartRequest.parse({ person_a: { ...gathering, chart_config: { show_aspect_grid: true } }, person_b: { ...gathering, day: 5 } }),
        placeA: delhi,
        placeB: delhi,
      }).body,
    );
    for (const ring of ['inner', 'outer']) {
      const grid = ids(svg, new RegExp(`data-grid-head="${ring}:(\\w+)"`, 'g'));
      expect(grid.slice(0, CONVENTIONAL.length), ring).toEqual(CONVENTIONAL);
    }
  });
});

describe('cusp degrees on the wheel', () => {
  it('prints the degree of each of the twelve cusps: the eight intermediate ones by their cusps, the four angles on their labels', () => {
    const svg = natalSvg(gathering);
    const cusps = [...svg.matchAll(/data-cusp="(\d+)" data-ring="inner" data-lon="([\d.]+)"/g)].map((m) => Number(m[2]));
    expect(cusps).toHaveLength(12);
    const labelled = ids(svg, /data-cusp-label="(\d+)"/g).map(Number);
    expect(labelled.sort((a, b) => a - b)).toEqual([2, 3, 5, 6, 8, 9, 11, 12]);
    expect(ids(svg, /data-angle-label="(\w+)"/g).sort()).toEqual(['asc', 'dsc', 'ic', 'mc']);
    // Each label is its cusp's own text (degree, sign, minute), drawn outside the zodiac.
    for (const house of labelled) expect(formatPosition(cusps[house - 1]!)).toMatch(/^\d+°.\d\d′$/);
  });

  it('prints them on a polar chart too, apart from one another, and names the house system that replaced the one asked for', () => {
    const svg = natalSvg({ ...gathering, year: 1995, month: 12, day: 21, hour: 11, lat: tromso.lat, lng: tromso.lng, tz_str: 'Europe/Oslo' }, tromso);
    expect(svg).toContain('Porphyry (Placidus was asked for)');
    const boxes = [...svg.matchAll(/data-cusp-label="\d+" data-box="([^"]+)"/g)].map((m) => m[1]!.split(',').map(Number) as [number, number, number, number]);
    expect(boxes.length).toBeGreaterThanOrEqual(6);
    for (let i = 0; i < boxes.length; i++)
      for (let j = i + 1; j < boxes.length; j++) {
        const [ax, ay, aw, ah] = boxes[i]!;
        const [bx, by, bw, bh] = boxes[j]!;
        expect(ax < bx + bw && bx < ax + aw && ay < by + bh && by < ay + ah, `labels ${i} and ${j}`).toBe(false);
      }
  });
});
