/**
 * The aspect grid's legend: the five marks named in it, in the corner the staircase leaves empty,
 * beside the cells' orbs.
 */
import { describe, expect, it } from 'vitest';
import { aspectGridFigure } from '../../../src/reports/figures/aspect-grid-figure.ts';
import { composeReport } from '../../../src/reports/text/compose-report.ts';
import { randomReportCharts } from '../../helpers/random-report-charts.ts';
import { reportSky } from '../../../src/reports/sky/report-sky.ts';
import { isTimed } from '../../../src/interpretations/chart-input.ts';
import { wholeDay } from '../../../src/reports/text/aspect-facts.ts';

const GRID = ['sun', 'moon', 'mercury', 'venus', 'mars', 'jupiter', 'saturn', 'uranus', 'neptune', 'pluto', 'asc', 'mc'];

describe('the aspect grid', () => {
  it('names its five marks in a legend', () => {
    for (const chart of randomReportCharts(20, 611)) {
      const report = composeReport(chart, { asOf: '2026-11-25T00:00:00Z' });
      const svg = report.figures!.central_tension![0]!.svg;
      const labels = [...svg.matchAll(/class="o"[^>]*>([^<]*)</g)].map((m) => m[1]!);
      expect(labels.filter((l) => /^[a-z]+$/.test(l))).toEqual(['conjunction', 'sextile', 'square', 'trine', 'opposition']);
      // The cells' orbs are still there beside the legend.
      expect(labels.filter((l) => /^\d+°\d\d$/.test(l)).length).toBeGreaterThan(0);
    }
  });

  it('keeps the legend clear of the cells', () => {
    const svg = aspectGridFigure(GRID, []);
    const width = Number(/viewBox="0 0 (\d+(?:\.\d+)?) /.exec(svg)![1]);
    // The legend's marks sit right of the last column's left edge, above the staircase's top cells at that column.
    const legendX = Math.min(...[...svg.matchAll(/<circle cx="([\d.]+)" cy="10"/g)].map((m) => Number(m[1])));
    expect(legendX).toBeGreaterThan(width / 2);
  });

  it('draws dashed, with a legend line, exactly the untimed aspects in orb for part of the birth day', () => {
    let dashed = 0;
    for (const chart of randomReportCharts(60, 912).filter((c) => !isTimed(c))) {
      const sky = reportSky({ chart, asOf: '2026-11-25T00:00:00Z' });
      const day = sky.moonDay!;
      const onGrid = [...day.aspects.map((d) => ({ ...d, p1: 'moon', p2: d.other })), ...day.pairs].filter((d) => GRID.includes(d.p1) && GRID.includes(d.p2));
      const someHours = onGrid.filter((d) => !wholeDay(d)).length;
      const svg = composeReport(chart, { sky }).figures!.central_tension![0]!.svg;
      expect(svg.includes('>some hours<'), chart.subject.datetime).toBe(someHours > 0);
      expect((svg.match(/<g stroke-dasharray/g) ?? []).length, chart.subject.datetime).toBe(someHours);
      dashed += someHours;
    }
    expect(dashed).toBeGreaterThan(3);
  });
});
