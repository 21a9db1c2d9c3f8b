/**
 * The report's themes: seven theme chapters in the order the chart ranks them, the chapters
 * readers pay for (relationships, vocation, family) long enough to draw on several factors, the
 * rising sign read in its own words (Tromsø 1990-12-10 06:15, Scorpio rising), and an untimed
 * report that ranks only what held over the whole birth day.
 */
import { describe, expect, it } from 'vitest';
import { composeReport } from '../../../src/reports/text/compose-report.ts';
import { proseWordCount } from '../../../src/reports/text/report-markdown.ts';
import { reportSky } from '../../../src/reports/sky/report-sky.ts';
import { natalChartFor, PLACES } from '../../helpers/natal-charts.ts';
import { randomReportCharts } from '../../helpers/random-report-charts.ts';

const ATHENS = { city: 'Athens', country: 'GR', lat: 37.9838, lng: 23.7275, source: 'request' as const, zone: 'Europe/Athens' };
const AS_OF = '2026-11-25T00:00:00Z';
const THEMES = ['meeting_world', 'inner_needs', 'relationships', 'vocation', 'parental_images', 'central_tension', 'year_ahead'];

const words = (report: ReturnType<typeof composeReport>, id: string) => proseWordCount(report.sections.find((s) => s.id === id)!.markdown);

describe('the themes', () => {
  const athens = composeReport(natalChartFor({ name: 'Athens Reader', year: 1981, month: 1, day: 1, hour: 23, minute: 30 }, ATHENS), { asOf: AS_OF });

  it('are seven chapters, the first and the last two fixed, the four personal ones between', () => {
    const ids = athens.sections.map((s) => s.id).filter((id) => THEMES.includes(id));
    expect(ids).toHaveLength(7);
    expect(ids[0]).toBe('meeting_world');
    expect(ids.slice(5)).toEqual(['central_tension', 'year_ahead']);
  });

  it('give relationships, vocation and the family at least 600 words in timed reports, 300 each untimed', () => {
    const least: Record<string, number> = {};
    for (const chart of randomReportCharts(30, 4409)) {
      const report = composeReport(chart, { asOf: AS_OF });
      const timed = report.sections.some((s) => s.id === 'house_rulers');
      for (const id of ['relationships', 'vocation', 'parental_images']) {
        const floor = timed ? 600 : 300;
        expect(words(report, id), `${chart.subject.datetime_utc} ${id}`).toBeGreaterThanOrEqual(floor);
        least[`${timed ? 'timed' : 'untimed'} ${id}`] = Math.min(least[`${timed ? 'timed' : 'untimed'} ${id}`] ?? Infinity, words(report, id));
      }
    }
    expect(Object.keys(least).length).toBe(6);
  });

  it('read the central figure once (Athens: the Sun and Mercury square Jupiter and Saturn)', () => {
    const md = athens.sections.find((s) => s.id === 'central_tension')!.markdown;
    expect(md).toContain('### Sun and Mercury Square Jupiter and Saturn');
    // None of its four aspects is read again on its own.
    expect(athens.markdown).not.toMatch(/### (\d+\. )?(Sun|Mercury) in Tension with (Jupiter|Saturn)/);
  });

  it('tie each transit read in full to the theme of the natal point it touches, and read the progressed Sun and Moon', () => {
    const md = athens.sections.find((s) => s.id === 'year_ahead')!.markdown;
    const read = md.match(/\n### (Saturn|Jupiter|Uranus|Neptune|Pluto) [A-Z][a-z]+ Your /g) ?? [];
    expect(read.length).toBeGreaterThan(0);
    expect((md.match(/"(How You Meet the World|What You Need to Feel Safe|How You Love|How You Work)"/g) ?? []).length).toBeGreaterThanOrEqual(read.length);
    expect(md).toMatch(/your progressed Sun moves from [^.]* and your progressed Moon from /);
  });

  it('read the rising sign in its own words even where it disagrees with an earlier passage (Tromsø, Scorpio rising)', () => {
    const tromso = composeReport(natalChartFor({ name: 'Tromsø Reader', year: 1990, month: 12, day: 10, hour: 6, minute: 15 }, PLACES.tromso), { asOf: AS_OF });
    const world = tromso.sections.find((s) => s.id === 'meeting_world')!.markdown;
    const rising = world.split('\n### ').find((s) => /^Ascendant in Scorpio\n/.test(s))!;
    // Heading, facts line, the library's own reading of Scorpio rising (more than a tension passage).
    expect(proseWordCount(rising)).toBeGreaterThan(90);
    expect(rising).toMatch(/Scorpio/);
  });
});

describe('an untimed report ranks only what held all day', () => {
  it('lists no Moon aspect in the key aspects that held for part of the birth day only', () => {
    let left = 0;
    for (const chart of randomReportCharts(120, 6113).filter((c) => !c.houses)) {
      const sky = reportSky({ chart, asOf: AS_OF });
      const md = composeReport(chart, { sky }).sections.find((s) => s.id === 'central_tension')!.markdown;
      const table = md.split('\n').filter((l) => /^\| \d+ \| Moon |^\| \d+ \| [A-Za-z ]+ Moon \|/.test(l));
      for (const row of table) {
        const [, , aspect] = row.split('|').map((c) => c.trim());
        const [p1, word, p2] = aspect!.split(' ');
        const other = (p1 === 'Moon' ? p2 : p1)!.toLowerCase();
        const type = { conjunct: 'conjunction', sextile: 'sextile', square: 'square', trine: 'trine', opposite: 'opposition' }[word!];
        const day = sky.moonDay!.aspects.find((a) => a.other === other && a.type === type)!;
        expect([day.from, day.to], row).toEqual(['00:00', '24:00']);
      }
      if (/held only part of the day|for part of the day only and (is|are) left out/.test(md)) left++;
    }
    expect(left).toBeGreaterThan(0);
  });
});
