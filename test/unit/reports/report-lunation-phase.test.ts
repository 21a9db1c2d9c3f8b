/**
 * The Moon's phase in the temperament chapter: the fact line names the phase the sky showed (each
 * of the eight centred on its moment), the reading follows the lunation cycle of astrological
 * tradition (each phase 45° from the New Moon onward, 315° to 360° balsamic) except within 5° short
 * of one of the four turning points, read as the phase it was about to begin, and where the two
 * name the Moon differently the fact line gives the cycle's name too; a timed birth under one of
 * the four named moments (New, First Quarter, Full, Last Quarter) is told how many hours (under an
 * hour, minutes) it stood from it, named by it ("about 10 hours before the Last Quarter"). Checked over random charts from the chart's own Sun and Moon and, for the hours, on the
 * ephemeris.
 */
import { describe, expect, it } from 'vitest';
import { calcBody } from '../../../src/astro/ephemeris.ts';
import { julianDayFromUtcMs } from '../../../src/astro/civil-time.ts';
import { composeReport } from '../../../src/reports/text/compose-report.ts';
import { randomReportCharts } from '../../helpers/random-report-charts.ts';
import { getLibrary } from '../../../src/interpretations/library.ts';
import { natalChartFor } from '../../helpers/natal-charts.ts';
import { AFTER_THE_TURN, LIGHTS_OPPOSED } from '../../../src/reports/text/sections/temperament.ts';

const TRADITION = ['New Moon', 'crescent', 'first-quarter', 'gibbous', 'Full Moon', 'disseminating', 'last-quarter', 'balsamic'];
/** The tradition's name the observed name already says ("a waxing crescent" is in the crescent phase). */
const SAYS: Record<string, string> = { 'waning crescent': 'balsamic' };
/** The library's entry read for each phase of the cycle. */
const ENTRY = ['new_moon', 'waxing_crescent', 'first_quarter', 'waxing_gibbous', 'full_moon', 'waning_gibbous', 'last_quarter', 'balsamic'];
const MOMENT: Record<string, number> = { 'New Moon': 0, 'First Quarter': 90, 'Full Moon': 180, 'Last Quarter': 270 };
const LINE =
  /^\*Moon \d+° [A-Za-z ]+?(?: at noon)?, \d+ % lit(?:: an? ([a-z ]+?)(?: Moon)?|, (within a minute of|(a minute|\d+ minutes|about an hour|about \d+ hours) (after|before)) the ([A-Za-z ]+?))(?:; in the lunation cycle, counted in 45° steps from the New Moon as this reading counts it, the ([A-Za-z -]+?) phase|; by the lunation cycle's 45° count within 5° of the end of the ([A-Za-z -]+?) phase, read here as the ([A-Za-z -]+?) phase it was about to begin)?(;[^*]*)?\*$/m;
/** The phase read (index into TRADITION): the 45° count, but within 5° short of a turning point the phase it begins. */
const readIndex = (elongation: number) => {
  const toTurn = 90 - (elongation % 90);
  return toTurn <= 5 ? Math.round((elongation + toTurn) / 45) % 8 : Math.floor(elongation / 45);
};
const elongationAt = (ms: number) => {
  const jd = julianDayFromUtcMs(ms);
  return (((calcBody(jd, 1).lon - calcBody(jd, 0).lon) % 360) + 360) % 360;
};

describe('the Moon’s phase by both counts', () => {
  const charts = randomReportCharts(60, 6029);
  const reports = charts.map((chart) => composeReport(chart, { asOf: '2026-11-25T00:00:00Z' }).markdown);
  const lines = reports.map((markdown) => LINE.exec(markdown));

  it('reads the phase of the lunation cycle, whatever the sky’s own name for it', () => {
    charts.forEach((chart, i) => {
      const [sun, moon] = ['sun', 'moon'].map((id) => chart.planets.find((p) => p.id === id)!.abs_pos) as [number, number];
      const elongation = (((moon - sun) % 360) + 360) % 360;
      const title = getLibrary().entries.get(`moon_phase.${ENTRY[readIndex(elongation)]}`)!.title;
      const read = [...getLibrary().entries.values()]
        .filter((e) => e.key.startsWith('moon_phase.') && reports[i]!.includes(`### ${e.title}\n`))
        .map((e) => e.title);
      expect(read, `${chart.subject.datetime_utc}: Moon ${elongation.toFixed(1)}° from the Sun`).toEqual([title]);
    });
  });

  it('names the tradition’s phase beside the observed one wherever the two differ', () => {
    let asides = 0;
    charts.forEach((chart, i) => {
      const line = lines[i];
      expect(line, chart.subject.datetime_utc).not.toBeNull();
      const [sun, moon] = ['sun', 'moon'].map((id) => chart.planets.find((p) => p.id === id)!.abs_pos) as [number, number];
      const elongation = (((moon - sun) % 360) + 360) % 360;
      const tradition = TRADITION[readIndex(elongation)]!;
      // The sky's own name: the phase's noun, or the moment the birth fell near.
      const observed = line![1] ?? line![5]!.toLowerCase();
      const context = `${chart.subject.datetime_utc}: Moon ${elongation.toFixed(1)}° from the Sun, "${observed}"`;
      if (readIndex(elongation) !== Math.floor(elongation / 45)) {
        // Read as the turning point ahead: the count's own phase named beside it.
        expect([line![7], line![8]], context).toEqual([TRADITION[Math.floor(elongation / 45)], tradition]);
        asides++;
        return;
      }
      const same = observed.includes(tradition.toLowerCase().replace('-', ' ')) || SAYS[observed] === tradition;
      expect(line![6], context).toBe(same ? undefined : tradition);
      if (!same) asides++;
    });
    expect(asides).toBeGreaterThan(10);
  });

  it('gives a timed birth under a named moment the hours from it, which the ephemeris bears out', () => {
    let checked = 0;
    charts.forEach((chart, i) => {
      const line = lines[i]!;
      const observed = line[1] ?? line[5]!.toLowerCase();
      const named = MOMENT[observed.replace(/\b\w/g, (c) => c.toUpperCase())];
      const timed = chart.subject.settings.time_known;
      expect(line[2] !== undefined, `${chart.subject.datetime_utc}: ${line[0]}`).toBe(timed && named !== undefined);
      if (!line[2]) return;
      checked++;
      const said = line[3] ?? '';
      const amount =
        line[2] === 'within a minute of'
          ? 0
          : said === 'a minute'
            ? 1 / 60
            : said.endsWith('minutes')
              ? Number(said.split(' ')[0]) / 60
              : said === 'about an hour'
                ? 1
                : Number(said.split(' ')[1]);
      // The birth is said before or after the moment: the moment is that many hours after or before the birth.
      const hours = line[4] === 'before' ? amount : -amount;
      // At the time said, the Moon stands at the moment's elongation, to within the rounding (half an hour, or half a minute).
      const birth = Date.parse(chart.subject.datetime_utc);
      const slack = said.includes('hour') ? 0.55 : 0.6 / 60;
      const off = (t: number) => ((((elongationAt(birth + t * 3_600_000) - MOMENT[line[5]!]!) % 360) + 540) % 360) - 180;
      expect(Math.sign(off(hours - slack)) !== Math.sign(off(hours + slack)), `${chart.subject.datetime_utc}: ${line[0]}`).toBe(true);
    });
    expect(checked).toBeGreaterThan(5);
  });

  it('gives a Moon read at the turning point just ahead a reading that does not place the birth after it', () => {
    // The Mumbai 1993 reader, born about eight hours before the Last Quarter, met "the waning Moon's days after its half-lit quarter".
    const mumbai = { city: 'Mumbai', country: 'IN', lat: 19.076, lng: 72.8777, source: 'request' as const, zone: 'Asia/Kolkata' };
    const births = [natalChartFor({ name: 'Priya Deshmukh', year: 1993, month: 11, day: 7, hour: 4, minute: 20 }, mumbai), ...randomReportCharts(200, 6031)];
    let turning = 0;
    for (const chart of births) {
      const [sun, moon] = ['sun', 'moon'].map((id) => chart.planets.find((p) => p.id === id)!.abs_pos) as [number, number];
      const elongation = (((moon - sun) % 360) + 360) % 360;
      if (readIndex(elongation) === Math.floor(elongation / 45)) continue;
      turning++;
      const markdown = composeReport(chart, { asOf: '2026-11-25T00:00:00Z' }).markdown;
      const title = getLibrary().entries.get(`moon_phase.${ENTRY[readIndex(elongation)]}`)!.title;
      const reading = markdown.split(`### ${title}\n`)[1]!.split('\n#')[0]!;
      expect(reading, `${chart.subject.datetime_utc}: Moon ${elongation.toFixed(1)}° from the Sun`).not.toMatch(AFTER_THE_TURN);
    }
    expect(turning).toBeGreaterThan(3);
  });

  it("sets the lights opposite each other only within the opposition's orb (8°), at any hour of an untimed birth day", () => {
    // The Nairobi 1986 reader, born with the Moon 38° past its opposition, in the Full Moon phase, met "the Moon standing
    // opposite the Sun".
    const nairobi = { city: 'Nairobi', country: 'KE', lat: -1.2864, lng: 36.8172, source: 'request' as const, zone: 'Africa/Nairobi' };
    const births = [natalChartFor({ name: 'Wanjiru Kamau', year: 1986, month: 4, day: 27, hour: 9, minute: 5 }, nairobi), ...randomReportCharts(400, 6032)];
    let past = 0;
    for (const chart of births) {
      const [sun, moon] = ['sun', 'moon'].map((id) => chart.planets.find((p) => p.id === id)!.abs_pos) as [number, number];
      const elongation = (((moon - sun) % 360) + 360) % 360;
      if (ENTRY[readIndex(elongation)] !== 'full_moon') continue;
      // Untimed, the Moon's elongation may be up to half a day's motion (7.5° at most) from noon's.
      const farthest = Math.abs(elongation - 180) + (chart.houses ? 0 : 7.5);
      if (farthest <= 8) continue;
      past++;
      const markdown = composeReport(chart, { asOf: '2026-11-25T00:00:00Z' }).markdown;
      const title = getLibrary().entries.get('moon_phase.full_moon')!.title;
      const reading = markdown.split(`### ${title}\n`)[1]?.split('\n#')[0] ?? '';
      expect(reading, `${chart.subject.datetime_utc}: Moon ${elongation.toFixed(1)}° from the Sun`).not.toMatch(LIGHTS_OPPOSED);
    }
    expect(past).toBeGreaterThan(5);
  });
});
