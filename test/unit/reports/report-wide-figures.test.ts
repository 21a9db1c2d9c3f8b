/**
 * The shape of a T-square or a grand trine in the aspect table that the figures' orbs do not count is named, with the
 * aspect too wide for a figure, and what is said is the chart's: every aspect of the shape is in the table (untimed: in
 * orb at every hour the sentence names, and not at the hours just outside them), the orb stated is the table's own, and
 * it is wider than the figure's orb named (an astrologer took "no T-square" beside Venus opposite Uranus at 7°54′, both
 * square Neptune, for an error; another the trines of Venus, Mars and Saturn in a Seoul chart of 1969 beside "no grand
 * trine").
 */
import { describe, expect, it } from 'vitest';
import { composeReport } from '../../../src/reports/text/compose-report.ts';
import { reportSky } from '../../../src/reports/sky/report-sky.ts';
import { orbCell } from '../../../src/reports/text/aspect-facts.ts';
import { POINT_NAMES } from '../../../src/reports/text/phrases.ts';
import type { NatalChartInput } from '../../../src/interpretations/chart-input.ts';
import type { DayAspect, MoonDay } from '../../../src/reports/sky/moon-day.ts';
import { natalChartFor } from '../../helpers/natal-charts.ts';
import { randomReportCharts, untimedBirths } from '../../helpers/random-report-charts.ts';

const AS_OF = '2026-11-25T00:00:00Z';
const NAME = '(?:the )?([A-Z][a-z]+)';
const T_SQUARE = `${NAME} and ${NAME} in opposition, both square ${NAME}, make the shape of a T-square`;
const GRAND_TRINE = `${NAME}, ${NAME} and ${NAME}, each in trine with the other two, make the shape of a grand trine`;
const SHAPE = new RegExp(
  `(?:${T_SQUARE}|${GRAND_TRINE}) in the aspect table(?: for births ([^,]+) local time)?, but ([^;]*?)(; |, so (?:it is not|none of them is) read as a figure\\.)`,
  'g',
);
const WIDE = new RegExp(
  `the (opposition|square|trine) of ${NAME} and ${NAME} is (\\d+°\\d+′(?:–\\d+°\\d+′)?) from exact, wider than the (\\d)° a figure's \\1 is counted within`,
  'g',
);
const LIMITS: Record<string, number> = { opposition: 7, square: 6, trine: 6 };
const idOf = (name: string) => Object.entries(POINT_NAMES).find(([, n]) => n === name.charAt(0).toUpperCase() + name.slice(1))![0];
const minutes = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

/** An aspect of the table: a timed chart's, or an untimed birth day's at some hour. */
function tableAspect(chart: NatalChartInput, day: MoonDay | undefined, a: string, b: string, type: string) {
  const [x, y] = [idOf(a), idOf(b)];
  if (!day) {
    const found = chart.aspects.find((s) => s.type === type && new Set([s.p1, s.p2, x, y]).size === 2);
    return found && { orb: found.orb, cell: orbCell(found), day: undefined as DayAspect | undefined };
  }
  const other = x === 'moon' ? y : y === 'moon' ? x : undefined;
  const found: DayAspect | undefined = other
    ? day.aspects.find((d) => d.other === other && d.type === type)
    : day.pairs.find((d) => d.type === type && new Set([d.p1, d.p2, x, y]).size === 2);
  return found && { orb: found.closest, cell: orbCell({ orb: found.closest, day: found }), day: found };
}

/** Checks every shape a report names; returns how many of each kind it found. */
function checkShapes(chart: NatalChartInput, counts: Record<string, number>) {
  const sky = reportSky({ chart, asOf: AS_OF });
  const day = chart.houses ? undefined : sky.moonDay;
  const markdown = composeReport(chart, { sky }).markdown;
  for (const m of markdown.matchAll(SHAPE)) {
    const context = `${chart.subject.datetime}: ${m[0]}`;
    const [, end1, end2, apex, c1, c2, c3, hours, why] = m;
    const kind = end1 ? 't_square' : 'grand_trine';
    counts[kind]!++;
    const members: [string, string, string][] = end1
      ? [
          [end1, end2!, 'opposition'],
          [end1, apex!, 'square'],
          [end2!, apex!, 'square'],
        ]
      : [
          [c1!, c2!, 'trine'],
          [c1!, c3!, 'trine'],
          [c2!, c3!, 'trine'],
        ];
    const found = members.map(([a, b, type]) => tableAspect(chart, day, a, b, type));
    for (const f of found) expect(f, context).toBeDefined();
    // Untimed: the hours named are those every aspect of the shape is in orb, and no wider.
    const partDay = found.map((f) => f!.day).filter((d) => d && !(d.from === '00:00' && d.to === '24:00')) as DayAspect[];
    if (!day || partDay.length === 0) expect(hours, context).toBeUndefined();
    else {
      const from = Math.max(...partDay.map((d) => minutes(d.from)));
      const to = Math.min(...partDay.map((d) => minutes(d.to)));
      const clock = (x: number) => `${String(Math.floor(x / 60)).padStart(2, '0')}:${String(x % 60).padStart(2, '0')}`;
      const expected = from === 0 ? `before ${clock(to)}` : to === 1440 ? `after ${clock(from)}` : `between ${clock(from)} and ${clock(to)}`;
      expect(hours, context).toBe(expected);
    }
    const wide = [...why!.matchAll(WIDE)];
    expect(wide.length, context).toBeGreaterThan(0);
    for (const [, type, a, b, orb, limit] of wide) {
      const aspect = tableAspect(chart, day, a!, b!, type!)!;
      expect(aspect.cell, context).toBe(orb);
      expect(aspect.orb, context).toBeGreaterThan(Number(limit));
      expect(Number(limit), context).toBe(LIMITS[type!]);
    }
  }
}

describe('a figure shape too wide to be a figure', () => {
  it('is named with the aspects the chart has and their own orbs, over random timed and untimed births', () => {
    const counts = { t_square: 0, grand_trine: 0 };
    for (const chart of [...randomReportCharts(120, 9091), ...untimedBirths(60, 3113)]) checkShapes(chart, counts);
    expect(counts.t_square).toBeGreaterThan(0);
    expect(counts.grand_trine).toBeGreaterThan(0);
  });

  it('names the earth trines of a Seoul birth of 1969 for the hours they hold, and says they are no figure', () => {
    const seoul = { city: 'Seoul', country: 'KR', lat: 37.5665, lng: 126.978, source: 'request' as const, zone: 'Asia/Seoul' };
    const chart = natalChartFor({ name: 'Seoul Reader', year: 1969, month: 10, day: 5, time_known: false }, seoul);
    const counts = { t_square: 0, grand_trine: 0 };
    checkShapes(chart, counts);
    expect(counts.grand_trine).toBe(1);
    const markdown = composeReport(chart, { asOf: AS_OF }).markdown;
    expect(markdown).toContain(
      'Venus, Mars and Saturn, each in trine with the other two, make the shape of a grand trine in the aspect table for births before 05:46 local time, but the trine of Venus and Saturn is 6°41′–7°00′ from exact',
    );
    expect(markdown).toContain('so it is not read as a figure.');
  });
});
