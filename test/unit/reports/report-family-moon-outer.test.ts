/**
 * The family chapter and the Moon's contacts with the slow planets (a reader met a 1° Moon–Pluto
 * square read elsewhere and never named among the family's images). Over timed reports, recomputed
 * from the chart's positions: the Moon's closest contact with Uranus, Neptune or Pluto within 6° is
 * named in the family chapter as an image of care, once, its aspect and orb true, and the chapter
 * it says the aspect was read in really reads it earlier; none is named that the chart lacks.
 */
import { describe, expect, it } from 'vitest';
import { composeReport } from '../../../src/reports/text/compose-report.ts';
import { randomReportCharts } from '../../helpers/random-report-charts.ts';

const AS_OF = '2026-11-25T00:00:00Z';
const ANGLE: Record<string, number> = { conjunction: 0, sextile: 60, square: 90, trine: 120, opposition: 180 };
const NAME: Record<string, string> = { uranus: 'Uranus', neptune: 'Neptune', pluto: 'Pluto' };
const IMAGE =
  /The Moon's (conjunction|sextile|square|trine|opposition) with (Uranus|Neptune|Pluto) \(orb (\d+)°(\d+)′(?:, read as an aspect in "([^"]+)")?\) colours that image of care/;

describe('the Moon and the slow planets in the family chapter', () => {
  // Timed births (untimed ones name a contact only when it held all day; the untimed tests see to that rule).
  const charts = randomReportCharts(120, 5303).filter((c) => c.subject.settings.time_known !== false);

  it('names the closest contact within 6°, truly, once', () => {
    let images = 0;
    for (const [i, chart] of charts.entries()) {
      const moon = chart.planets.find((p) => p.id === 'moon')!.abs_pos;
      const contacts = chart.aspects
        .filter((a) => (a.p1 === 'moon' || a.p2 === 'moon') && ['uranus', 'neptune', 'pluto'].includes(a.p1 === 'moon' ? a.p2 : a.p1) && a.orb <= 6)
        .sort((a, b) => a.orb - b.orb);
      const report = composeReport(chart, { asOf: AS_OF });
      const family = report.sections.find((s) => s.id === 'parental_images')!.markdown;
      const m = IMAGE.exec(family);
      const closest = contacts[0];
      if (!closest) {
        expect(m, `chart ${i}`).toBeNull();
        continue;
      }
      const planet = closest.p1 === 'moon' ? closest.p2 : closest.p1;
      expect(m, `chart ${i}: ${closest.type} ${planet} within ${closest.orb.toFixed(2)}°`).not.toBeNull();
      images++;
      const [, type, name, deg, min, chapter] = m!;
      expect(`${type} ${name}`, `chart ${i}`).toBe(`${closest.type} ${NAME[planet]}`);
      // The orb from the positions themselves, to the minute.
      const lon = chart.planets.find((p) => p.id === planet)!.abs_pos;
      const sep = Math.abs(((((moon - lon) % 360) + 540) % 360) - 180);
      const orb = Math.abs(sep - ANGLE[type!]!);
      expect(Math.abs(Number(deg) * 60 + Number(min) - orb * 60), `chart ${i}`).toBeLessThanOrEqual(1);
      expect(family.match(new RegExp(IMAGE.source, 'g'))!.length, `chart ${i}`).toBe(1);
      if (chapter) {
        const earlier = report.sections.slice(
          0,
          report.sections.findIndex((s) => s.id === 'parental_images'),
        );
        const where = earlier.find((s) => s.title === chapter);
        expect(where, `chart ${i}: "${chapter}"`).toBeDefined();
        expect(where!.markdown, `chart ${i}: "${chapter}"`).toMatch(new RegExp(`Moon.*${name}|${name}.*Moon`));
      }
    }
    expect(images).toBeGreaterThan(5);
  });

  it('reads no ruler of the Moon or the Sun that is a slow planet, whose sign is a generation’s (Aquarius, Pisces, Scorpio)', () => {
    const SLOW_RULED: Record<string, string> = { Aquarius: 'Uranus', Pisces: 'Neptune', Scorpio: 'Pluto' };
    let slow = 0;
    for (const chart of charts) {
      const family = composeReport(chart, { asOf: AS_OF }).sections.find((s) => s.id === 'parental_images')!.markdown;
      for (const m of family.matchAll(/as ruler of your (\w+) (Moon|Sun)/g)) expect(SLOW_RULED[m[1]!], `${chart.subject.datetime}: ${m[0]}`).toBeUndefined();
      const moonSign = /Moon in (\w+)/.exec(family)?.[1];
      if (moonSign && SLOW_RULED[moonSign]) {
        slow++;
        expect(family, chart.subject.datetime).not.toMatch(
          new RegExp(`${SLOW_RULED[moonSign]} in \\w+( in your \\d+\\w\\w house)?\\. The comfort you learned to look for`),
        );
      }
    }
    expect(slow).toBeGreaterThan(3);
  });
});
