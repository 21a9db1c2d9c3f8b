/**
 * The shape of the year ahead, checked against the year's transits by a separate reckoning: the
 * transits within orb four months of the year or more are the long ones; the others' stretches,
 * cut to the year, are joined where they overlap (connected groups of the overlap graph), and each
 * group of two transits or more is named with its transits, its first and last day to the third of
 * a month, the largest as the busiest. Each transit's stretches come from the ephemeris: a later
 * exact hit outside the first stretch has its own, and it is within orb around each hit.
 */
import { describe, expect, it } from 'vitest';
import { calcBody } from '../../../src/astro/ephemeris.ts';
import { julianDayFromUtcMs } from '../../../src/astro/civil-time.ts';
import { composeReport } from '../../../src/reports/text/compose-report.ts';
import { yearAhead, type YearTransit } from '../../../src/reports/sky/year-ahead.ts';
import { ASPECT_WORDS, POINT_NAMES } from '../../../src/reports/text/phrases.ts';
import { randomReportCharts } from '../../helpers/random-report-charts.ts';
import { natalChartFor } from '../../helpers/natal-charts.ts';

const AS_OF = '2026-11-25T00:00:00Z';
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const SE: Record<string, number> = { jupiter: 5, saturn: 6, uranus: 7, neptune: 8, pluto: 9 };
const ANGLE: Record<string, number> = { conjunction: 0, sextile: 60, square: 90, trine: 120, opposition: 180 };
const days = (a: string, b: string) => (Date.parse(b) - Date.parse(a)) / 86_400_000;
const third = (iso: string) => {
  const d = Number(iso.slice(8, 10));
  return `${d <= 10 ? 'early ' : d <= 20 ? 'mid-' : 'late '}${MONTHS[Number(iso.slice(5, 7)) - 1]}`;
};
/** "from early May to mid-June", or "in mid-June" when both ends fall in one third of a month (a month named twice in the year carries its year). */
const spanOf = (g: { from: string; to: string }) =>
  third(g.from) === third(g.to) ? `in ${third(g.from)}(?: \\d{4})?` : `from ${third(g.from)}(?: \\d{4})? to ${third(g.to)}(?: \\d{4})?`;
const name = (t: YearTransit) => `${POINT_NAMES[t.body]} ${ASPECT_WORDS[t.type]} your ${POINT_NAMES[t.target]}`;

describe('the shape of the year ahead', () => {
  it('over 40 random reports, names the long transits and each season of overlapping transits as a separate reckoning finds them', () => {
    let seasonsSeen = 0;
    let longSeen = 0;
    let alone = 0;
    for (const chart of randomReportCharts(40, 2207)) {
      const year = yearAhead(chart, Date.parse(AS_OF));
      const text = composeReport(chart, { asOf: AS_OF }).sections.find((s) => s.id === 'year_ahead')?.markdown ?? '';
      const inYear = (t: YearTransit) =>
        t.stretches.flatMap((s) =>
          s.from && s.to && s.to >= year.from && s.from <= year.to ? [[s.from < year.from ? year.from : s.from, s.to > year.to ? year.to : s.to] as const] : [],
        );
      const long = year.transits.filter((t) => inYear(t).reduce((sum, [a, b]) => sum + days(a, b), 0) >= 122);
      const short = year.transits.filter((t) => !long.includes(t));
      // Connected groups of stretches: two are joined when they overlap (a transit with two stretches may be in two groups).
      const nodes = short.flatMap((t) => inYear(t).map(([from, to]) => ({ t, from, to })));
      const parent = nodes.map((_, i) => i);
      const root = (i: number): number => (parent[i] === i ? i : root(parent[i]!));
      nodes.forEach((a, i) => nodes.forEach((b, j) => a.from <= b.to && b.from <= a.to && (parent[root(i)] = root(j))));
      const byRoot = new Map<number, typeof nodes>();
      nodes.forEach((n, i) => byRoot.set(root(i), [...(byRoot.get(root(i)) ?? []), n]));
      const groups = [...byRoot.values()].map((g) => ({
        transits: [...new Set(g.map((n) => n.t))],
        from: g.reduce((m, n) => (n.from < m ? n.from : m), '9999'),
        to: g.reduce((m, n) => (n.to > m ? n.to : m), '0000'),
      }));
      const crowded = groups.filter((g) => g.transits.length >= 2);
      for (const g of crowded) {
        seasonsSeen++;
        const sentence = text.split(/\n\n|(?<=\.) /).find((s) => g.transits.every((t) => s.includes(name(t))) && new RegExp(spanOf(g), 'i').test(s));
        expect(sentence, `${chart.subject.datetime}: ${g.transits.map(name).join(', ')} ${g.from} to ${g.to}`).toBeDefined();
        const largest = Math.max(...crowded.map((c) => c.transits.length));
        if (crowded.length > 1 && sentence!.startsWith('The busiest')) expect(g.transits.length).toBe(largest);
      }
      // A later season counts its own ("two more of the shorter transits", not "two of the shorter more", which a reader met).
      for (const later of text.split(/(?<=\.) /).filter((x) => /^(Then|After that|Later), /.test(x)))
        expect(later).toMatch(new RegExp(`^(Then|After that|Later), .+?, \\w+ more${long.length ? ' of the shorter transits' : ''}: `));
      // A transit within orb on its own is named with its dates too: the paragraph steps over none the table lists.
      const paragraph =
        text
          .split('\n\n')
          .find((p) =>
            /within orb (by turns or together|on its own)|the only one of the shorter transits within orb|none of the table's shorter transits|Each on its own/.test(
              p,
            ),
          ) ?? '';
      if (crowded.length || long.length)
        for (const g of groups.filter((x) => x.transits.length === 1)) {
          alone++;
          expect(paragraph, `${chart.subject.datetime}: ${name(g.transits[0]!)} ${g.from} to ${g.to}`).toMatch(
            // Beside long transits it is the only one of the shorter ones (a reader found "on its own" while two long ones ran).
            new RegExp(
              `${name(g.transits[0]!)} (is ${long.length ? 'the only one of the shorter transits within orb' : 'within orb on its own'}|${spanOf(g)})|${spanOf(g)}, ${name(g.transits[0]!)} is ${long.length ? 'the only one of the shorter transits within orb' : 'within orb on its own'}`,
              'i',
            ),
          );
        }
      if (long.length) {
        longSeen++;
        const sentence = text.split(/\n\n|(?<=\.) /).find((s) => /long transits?, (each )?within orb for four months/.test(s))!;
        for (const t of long) expect(sentence).toContain(name(t));
        for (const t of short) expect(sentence).not.toContain(`${name(t)},`);
        // Named as the ground of the year, each long transit is read too, whatever it weighs (a reader met one read nowhere).
        for (const t of long)
          expect(text, `${chart.subject.datetime}: ${name(t)}`).toMatch(new RegExp(`\\n#+ ${POINT_NAMES[t.body]} [A-Za-z]+ Your ${POINT_NAMES[t.target]}\\n`));
      }
      // Each stretch is within orb around its own hit, by the ephemeris (the windows use the chart's orb, at least 1°).
      for (const t of year.transits.filter((x) => x.stretches.length > 1)) {
        const natal = [
          ...chart.planets,
          ...(chart.angles
            ? [
                { id: 'asc', abs_pos: chart.angles.asc },
                { id: 'mc', abs_pos: chart.angles.mc },
              ]
            : []),
        ].find((p) => p.id === t.target)!.abs_pos;
        for (const s of t.stretches) {
          if (!s.from || !s.to) continue;
          const mid = (Date.parse(s.from) + Date.parse(s.to)) / 2;
          const lon = calcBody(julianDayFromUtcMs(mid), SE[t.body]!).lon;
          const gap = Math.abs(((((lon - natal) % 360) + 540) % 360) - 180);
          expect(Math.abs(gap - ANGLE[t.type]!), `${name(t)} ${s.from} to ${s.to}`).toBeLessThan(3);
        }
      }
    }
    expect(seasonsSeen).toBeGreaterThan(20);
    expect(longSeen).toBeGreaterThan(10);
    expect(alone).toBeGreaterThan(20);
  });

  it('reads a hit after the year only when its stretch within orb began inside the year (Madrid 1977: Saturn back on the Ascendant from 12 November 2027)', () => {
    let after = 0;
    for (const chart of randomReportCharts(40, 2207)) {
      const year = yearAhead(chart, Date.parse(AS_OF));
      for (const t of year.transits) {
        for (const s of t.stretches) if (s.from) expect(s.from <= year.to, `${name(t)} ${s.from}`).toBe(true);
        for (const e of t.exact.filter((d) => d > year.to)) {
          after++;
          expect(
            t.stretches.some((s) => s.from !== null && s.from <= year.to && (s.to === null || e <= s.to)),
            `${name(t)} ${e}`,
          ).toBe(true);
        }
      }
    }
    expect(after).toBeGreaterThan(3);
    const madrid = natalChartFor(
      { name: 'R', year: 1977, month: 5, day: 9, hour: 5, minute: 58 },
      { city: 'Madrid', country: 'ES', lat: 40.4168, lng: -3.7038, source: 'request', zone: 'Europe/Madrid' },
    );
    const saturn = yearAhead(madrid, Date.parse(AS_OF)).transits.find((t) => t.body === 'saturn' && t.type === 'conjunction' && t.target === 'asc')!;
    expect(saturn.exact).toEqual(['2027-05-08', '2027-12-01', '2028-01-15']);
    expect(saturn.stretches[1]!.from).toBe('2027-11-12');
  });
});
