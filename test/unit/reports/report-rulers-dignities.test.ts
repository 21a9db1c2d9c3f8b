/**
 * Two things astrologers look for first, which readers missed: a traditional planet's essential
 * dignity by sign in its fact line (Saturn in Aries, in its fall), recomputed from the sign rulers
 * of tradition rather than from the service's table; and, under a slow modern chart ruler (Uranus,
 * Neptune or Pluto), its house read rather than its generation's sign, with the sign's traditional
 * ruler named and placed.
 */
import { describe, expect, it } from 'vitest';
import { composeReport } from '../../../src/reports/text/compose-report.ts';
import { randomReportCharts } from '../../helpers/random-report-charts.ts';

const SIGNS = ['Aries', 'Taurus', 'Gemini', 'Cancer', 'Leo', 'Virgo', 'Libra', 'Scorpio', 'Sagittarius', 'Capricorn', 'Aquarius', 'Pisces'];
/** Tradition's domiciles and exaltations, by sign index. */
const DOMICILE: Record<string, number[]> = { Sun: [4], Moon: [3], Mercury: [2, 5], Venus: [1, 6], Mars: [0, 7], Jupiter: [8, 11], Saturn: [9, 10] };
const EXALTATION: Record<string, number> = { Sun: 0, Moon: 1, Mercury: 5, Venus: 11, Mars: 9, Jupiter: 3, Saturn: 6 };
const TRADITIONAL_RULER: Record<string, string> = { Scorpio: 'Mars', Aquarius: 'Saturn', Pisces: 'Jupiter' };

function dignitiesOf(planet: string, sign: number): string[] {
  const out: string[] = [];
  if (DOMICILE[planet]!.includes(sign)) out.push('domicile');
  if (EXALTATION[planet] === sign) out.push('exaltation');
  if (DOMICILE[planet]!.some((d) => (d + 6) % 12 === sign)) out.push('detriment');
  if ((EXALTATION[planet]! + 6) % 12 === sign) out.push('fall');
  return out;
}

describe('dignities and rulers as tradition reads them', () => {
  const charts = randomReportCharts(60, 4417);
  const reports = charts.map((chart) => composeReport(chart, { asOf: '2026-11-25T00:00:00Z' }).markdown);

  it('gives every traditional planet’s fact line its dignity or debility by sign, and none where it has neither', () => {
    let checked = 0;
    let dignified = 0;
    for (const md of reports)
      for (const m of md.matchAll(
        /^\*(Sun|Moon|Mercury|Venus|Mars|Jupiter|Saturn) \d+°\d+′ ([A-Z][a-z]+)(?:, \d+\w\w house)?(?:, retrograde)?(?:, in its ([a-z ]+))?\*$/gm,
      )) {
        const [, planet, sign, stated] = m;
        const expected = dignitiesOf(planet!, SIGNS.indexOf(sign!));
        expect(stated ? stated.split(' and ') : [], m[0]).toEqual(expected);
        checked++;
        if (stated) dignified++;
      }
    expect(checked).toBeGreaterThan(200);
    expect(dignified).toBeGreaterThan(20);
  });

  it('reads a slow chart ruler by its house and names the rising sign’s traditional ruler where it stands', () => {
    let slow = 0;
    charts.forEach((chart, i) => {
      const asc = chart.angles?.asc;
      if (!chart.subject.settings.time_known || asc === undefined) return;
      const rising = SIGNS[Math.floor((((asc % 360) + 360) % 360) / 30)]!;
      const traditional = TRADITIONAL_RULER[rising];
      const md = reports[i]!;
      if (!traditional) {
        expect(md).not.toContain('In the older scheme');
        return;
      }
      slow++;
      const p = chart.planets.find((x) => x.id === traditional.toLowerCase())!;
      const sign = SIGNS[Math.floor(p.abs_pos / 30)]!;
      expect(md, chart.subject.datetime_utc).toContain(
        `In the older scheme, before the outer planets were known, ${rising} is ruled by ${traditional}, which stands in ${sign}`,
      );
      // The modern ruler's sign entry is not the chart ruler's reading.
      expect(md).not.toMatch(/^### Chart Ruler: (Uranus|Neptune|Pluto) in [A-Z][a-z]+$/m);
    });
    expect(slow).toBeGreaterThan(5);
  });
});
