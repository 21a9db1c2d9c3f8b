/**
 * Untimed honesty over 100 random untimed births (and the Madrid birth of 1975-06-15): every
 * statement that rests on the Moon's place (its sign, its aspects, what it makes personal, the
 * rankings) is checked against the birth day's range by test/helpers/untimed-moon-statements.ts.
 * A statement is stated as fact only when it held all day; otherwise with its hours.
 */
import { describe, expect, it } from 'vitest';
import { composeReport } from '../../../src/reports/text/compose-report.ts';
import { reportSky } from '../../../src/reports/sky/report-sky.ts';
import { natalChartFor } from '../../helpers/natal-charts.ts';
import { untimedBirths } from '../../helpers/random-report-charts.ts';
import { untimedMoonStatements } from '../../helpers/untimed-moon-statements.ts';
import { POINT_NAMES } from '../../../src/reports/text/phrases.ts';
import { aspectPair } from '../../../src/interpretations/keys.ts';

const AS_OF = '2026-11-25T00:00:00Z';
const MADRID = { city: 'Madrid', country: 'ES', lat: 40.4168, lng: -3.7038, source: 'request' as const, zone: 'Europe/Madrid' };

describe('an untimed report states the Moon only as the birth day allows', () => {
  it('over 100 untimed births and Madrid 1975-06-15, no Moon statement goes beyond the hours it held', () => {
    const charts = [natalChartFor({ name: 'Madrid Reader', year: 1975, month: 6, day: 15, time_known: false }, MADRID), ...untimedBirths(100, 9127)];
    let checked = 0;
    let signChanges = 0;
    const wrong: string[] = [];
    for (const chart of charts) {
      const sky = reportSky({ chart, asOf: AS_OF });
      const result = untimedMoonStatements(composeReport(chart, { sky }), sky.moonDay!);
      checked += result.checked;
      if (sky.moonDay!.signs.length > 1) signChanges++;
      wrong.push(...result.wrong.map((w) => `${chart.subject.datetime.slice(0, 10)} ${w}`));
    }
    expect(wrong).toEqual([]);
    // The check saw statements of every kind: many in all, and days on which the Moon changed sign.
    expect(checked).toBeGreaterThan(30 * charts.length);
    expect(signChanges).toBeGreaterThan(20);
  });

  it('finds what the Madrid report printed before: a ranking, a contact and an aspect stated as facts', () => {
    const chart = natalChartFor({ name: 'Madrid Reader', year: 1975, month: 6, day: 15, time_known: false }, MADRID);
    const day = reportSky({ chart, asOf: AS_OF }).moonDay!;
    const before = [
      '## Synthesis',
      '- The tightest tension in your chart, Moon square Neptune, pairs your emotional needs with your imagination and longing for the ideal.',
      '',
      'Your Moon and Saturn meet in a sextile, a sign that comfort arrived on a timetable.',
      '',
      'Uranus moves slowly and usually speaks for a generation; it speaks for you in particular because it makes close contact with your Moon.',
    ].join('\n');
    const report = { sections: [{ id: 'synthesis', title: 'Synthesis', markdown: before }] } as never;
    expect(untimedMoonStatements(report, day).wrong).toHaveLength(3);
  });

  it('calls a tension the tightest in the chart only when no other could be tighter at any hour of the day', () => {
    const byName = new Map(Object.entries(POINT_NAMES).map(([id, name]) => [name, id]));
    let unqualified = 0;
    let qualified = 0;
    for (const chart of untimedBirths(100, 4411)) {
      const sky = reportSky({ chart, asOf: AS_OF });
      const day = sky.moonDay!;
      const { markdown } = composeReport(chart, { sky });
      if (markdown.includes('The tightest tension among your planets that holds whatever the hour of birth')) qualified++;
      const names = [...byName.keys()].join('|');
      const m = new RegExp(`The tightest tension among your planets, (${names}) (square|opposite) (${names})[,;]`).exec(markdown);
      if (!m) continue;
      unqualified++;
      const [p1, type, p2] = [byName.get(m[1]!)!, m[2] === 'opposite' ? 'opposition' : 'square', byName.get(m[3]!)!];
      // The orbs each tension can take over the day: a Moon aspect from the day's record, any other its chart orb.
      const range = (a: string, b: string, t: string): [number, number] | undefined => {
        if (a === 'moon' || b === 'moon') {
          const d = day.aspects.find((x) => x.other === (a === 'moon' ? b : a) && x.type === t);
          return d ? [d.closest, d.widest] : undefined;
        }
        const c = chart.aspects.find((x) => x.type === t && ((x.p1 === a && x.p2 === b) || (x.p1 === b && x.p2 === a)));
        return c ? [c.orb, c.orb] : undefined;
      };
      const worst = range(p1, p2, type)![1];
      const tenser = [
        ...chart.aspects.filter((x) => x.p1 !== 'moon' && x.p2 !== 'moon').map((x) => ({ a: x.p1, b: x.p2, t: x.type, best: x.orb })),
        ...day.aspects.map((x) => ({ a: 'moon', b: x.other, t: x.type, best: x.closest })),
      ].filter((x) => (x.t === 'square' || x.t === 'opposition') && !(new Set([x.a, x.b]).has(p1) && new Set([x.a, x.b]).has(p2) && x.t === type));
      // Among the pairs the report reads aspects of (the tension is chosen among them).
      const rivals = tenser.filter((x) => aspectPair(x.a, x.b) && x.best < worst);
      expect(rivals, `${chart.subject.datetime.slice(0, 10)}: ${m[0]}`).toEqual([]);
    }
    // Most untimed charts have no figure at the centre: the synthesis names the aspect "The Central Tension" named,
    // chosen by weight among those that held all day (test/unit/reports/report-chapters.test.ts), not the tightest.
    expect(unqualified + qualified).toBeGreaterThan(15);
    expect(qualified).toBeGreaterThan(2);
  });
});
