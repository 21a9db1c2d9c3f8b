/**
 * The Sun and the Moon in an aspect across the border of their signs (a trine from an air Sun to a
 * water Moon): the bridge between them names the aspect instead of saying their elements rarely
 * agree beside a passage on the aspect that says they cooperate. A reader found both in the Lima
 * 1992 report, three pages apart.
 */
import { describe, expect, it } from 'vitest';
import { composeReport } from '../../../src/reports/text/compose-report.ts';
import { signElement } from '../../../src/interpretations/chart-factors/balance.ts';
import { signOf } from '../../../src/astro/zodiac.ts';
import { randomReportCharts } from '../../helpers/random-report-charts.ts';

const FRIENDLY: Record<string, string> = { fire: 'air', air: 'fire', earth: 'water', water: 'earth' };
const CONTRAST_TEXTS = /rarely agree at first|speak different languages, and part of your growth/;

describe('the Sun and the Moon across their signs', () => {
  it('are bridged by the aspect, never by their elements’ disagreement alone', () => {
    let seen = 0;
    for (const chart of randomReportCharts(400, 9343).filter((c) => c.subject.settings.time_known)) {
      const [sun, moon] = ['sun', 'moon'].map((id) => chart.planets.find((p) => p.id === id)!.abs_pos) as [number, number];
      const [se, me] = [signElement(signOf(sun).id), signElement(signOf(moon).id)];
      const trine = chart.aspects.find((a) => [a.p1, a.p2].includes('sun') && [a.p1, a.p2].includes('moon') && (a.type === 'trine' || a.type === 'sextile'));
      if (!trine || se === me || FRIENDLY[se] === me) continue;
      seen++;
      const md = composeReport(chart, { asOf: '2026-11-25T00:00:00Z' }).markdown;
      expect(md, chart.subject.datetime_utc).not.toMatch(CONTRAST_TEXTS);
      expect(md, chart.subject.datetime_utc).toContain(`stand in a ${trine.type} across the border of their signs`);
    }
    expect(seen).toBeGreaterThan(2);
  });
});
