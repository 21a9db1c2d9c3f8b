/**
 * The year-ahead timeline figure: one row per transit and per progression, bars clamped to the
 * year with an open end where a pass runs beyond it, a dot at each exact date placed by its
 * date, the aspect's colour; and in the report, the figure of the year-ahead chapter.
 */
import { describe, expect, it } from 'vitest';
import { composeReport } from '../../../src/reports/text/compose-report.ts';
import { reportSky } from '../../../src/reports/sky/report-sky.ts';
import { randomReportCharts } from '../../helpers/random-report-charts.ts';
import { yearAheadFigure } from '../../../src/reports/figures/year-ahead-figure.ts';
import type { YearAhead } from '../../../src/reports/sky/year-ahead.ts';
import { natalChartFor } from '../../helpers/natal-charts.ts';

const YEAR: YearAhead = {
  from: '2026-11-25',
  to: '2027-11-25',
  transits: [
    // A retrograde loop: three exact dates, its first pass begun the year before, the last two in a second stretch.
    {
      body: 'pluto',
      type: 'square',
      target: 'mars',
      exact: ['2027-02-11', '2027-08-06', '2027-10-20'],
      from: '2025-12-25',
      to: '2027-02-27',
      stretches: [
        { from: '2025-12-25', to: '2027-02-27' },
        { from: '2027-06-30', to: '2027-11-02' },
      ],
    },
    {
      body: 'jupiter',
      type: 'trine',
      target: 'sun',
      exact: ['2027-07-23'],
      from: '2027-07-18',
      to: '2027-07-28',
      stretches: [{ from: '2027-07-18', to: '2027-07-28' }],
    },
    // A pass that goes on after the year, and one whose window was not found.
    {
      body: 'uranus',
      type: 'conjunction',
      target: 'moon',
      exact: ['2027-11-16'],
      from: '2027-11-01',
      to: '2028-01-03',
      stretches: [{ from: '2027-11-01', to: '2028-01-03' }],
    },
    { body: 'saturn', type: 'sextile', target: 'venus', exact: ['2027-03-01'], from: null, to: null, stretches: [{ from: null, to: null }] },
  ],
  progressions: [
    { kind: 'moon_ingress', date: '2027-06-21', sign: 'scorpio' },
    { kind: 'moon_aspect', date: '2027-09-02', type: 'opposition', target: 'sun' },
  ],
};

const attrs = (svg: string, tag: string) =>
  [...svg.matchAll(new RegExp(`<${tag} ([^>]*)/>`, 'g'))].map((m) => Object.fromEntries([...m[1]!.matchAll(/([\w-]+)="([^"]*)"/g)].map((a) => [a[1]!, a[2]!])));

describe('the year-ahead figure', () => {
  const svg = yearAheadFigure(YEAR)!;
  const width = Number(/viewBox="0 0 (\d+)/.exec(svg)![1]);

  it('has a row per transit and per progression, labelled in words', () => {
    for (const label of [
      'Pluto square Mars',
      'Jupiter trine Sun',
      'Uranus conjunct Moon',
      'Saturn sextile Venus',
      'Prog. Moon enters Scorpio',
      'Prog. Moon opposite Sun',
    ])
      expect(svg).toContain(`>${label}</text>`);
    expect(attrs(svg, 'path').filter((p) => p.d!.endsWith('Z'))).toHaveLength(2); // the progressions' diamonds
  });

  it('places each exact date by its date, in the aspect colour, and keeps the bars inside the year', () => {
    const dots = attrs(svg, 'circle');
    expect(dots).toHaveLength(6);
    const pluto = dots.slice(0, 3).map((d) => Number(d.cx));
    expect(pluto[0]).toBeLessThan(pluto[1]!);
    expect(pluto[1]).toBeLessThan(pluto[2]!);
    // Equal spans of days are equal spans across: 11 Feb to 6 Aug is 176 days, 6 Aug to 20 Oct 75.
    expect((pluto[1]! - pluto[0]!) / (pluto[2]! - pluto[1]!)).toBeCloseTo(176 / 75, 1);
    expect(dots[0]!.fill).toBe('#c0392b'); // a square: tense
    expect(dots[3]!.fill).toBe('#2f6fb0'); // a trine: flowing
    expect(dots[4]!.fill).toBe('#6b5ca5'); // a conjunction
    const bars = attrs(svg, 'rect');
    expect(bars).toHaveLength(4); // Pluto's two stretches; the sextile's window was not found: dots alone
    for (const b of bars) {
      expect(Number(b.x)).toBeGreaterThanOrEqual(190);
      expect(Number(b.x) + Number(b.width)).toBeLessThanOrEqual(width);
    }
  });

  it('marks an open end where a pass began before the year or goes on after it', () => {
    const arrows = attrs(svg, 'path').filter((p) => !p.d!.endsWith('Z'));
    expect(arrows).toHaveLength(2);
    expect(arrows[0]!.stroke).toBe('#c0392b'); // Pluto's pass began in 2025
    expect(arrows[1]!.stroke).toBe('#6b5ca5'); // Uranus's goes on into 2028
  });

  it('is left out of a year with nothing to draw', () => {
    expect(yearAheadFigure({ ...YEAR, transits: [], progressions: [] })).toBeUndefined();
  });

  it('goes with the year-ahead chapter of a report', () => {
    const chart = natalChartFor(
      { name: 'Eleni Markou', year: 1981, month: 1, day: 2, hour: 13, minute: 0 },
      { city: 'Athens', country: 'GR', lat: 37.9838, lng: 23.7275, source: 'request', zone: 'Europe/Athens' },
    );
    const report = composeReport(chart, { asOf: '2026-11-25T00:00:00Z' });
    const figure = report.figures?.year_ahead?.[0];
    expect(figure?.caption).toMatch(/^The year ahead by date/);
    // Every transit of the chapter's table has its row.
    const rows = report.sections.find((s) => s.id === 'year_ahead')!.markdown.match(/ natal [A-Z]\w+ \|/g) ?? [];
    expect(rows.length).toBeGreaterThan(0);
    expect((figure!.svg.match(/class="l"/g) ?? []).length).toBe(rows.length);
  });
});

describe('the report’s figures on one page', () => {
  it('scope every style rule by their own root class, so that no figure styles another’s marks', () => {
    const chart = randomReportCharts(1, 31)[0]!;
    const report = composeReport(chart, { sky: reportSky({ chart, asOf: '2026-11-25T00:00:00Z' }) });
    const svgs = Object.values(report.figures ?? {}).flatMap((list) => list.map((f) => f.svg));
    expect(svgs.length).toBeGreaterThanOrEqual(3);
    const roots = new Set<string>();
    for (const svg of svgs) {
      const root = /^<svg [^>]*class="([\w-]+)"/.exec(svg)?.[1];
      expect(root, svg.slice(0, 120)).toBeDefined();
      roots.add(root!);
      const style = /<style>([^<]*)<\/style>/.exec(svg)?.[1] ?? '';
      const selectors = [...style.matchAll(/(?:^|\})([^{}]+)\{/g)].map((m) => m[1]!.trim());
      expect(selectors.length).toBeGreaterThan(0);
      for (const selector of selectors) expect(selector.startsWith(`.${root} `), `${root}: ${selector}`).toBe(true);
    }
    expect(roots.size).toBe(svgs.length);
  });
});
