/**
 * The text checks of the report checker (test/helpers/report-text-checks.ts) on the three births
 * a reader went through by hand (Athens 1981-01-01 23:30, Madrid 1975-06-15 untimed, Tromsø
 * 1990-12-10 06:15) and on random births: aspect texts name their aspect, no passage is printed
 * twice, no factor is set against itself, no heading is a sentence's subject, and no planet is
 * said to be close to an angle it is far from.
 */
import { describe, expect, it } from 'vitest';
import { composeReport, type ComposedReport } from '../../../src/reports/text/compose-report.ts';
import type { NatalChartInput } from '../../../src/interpretations/chart-input.ts';
import { natalChartFor, PLACES } from '../../helpers/natal-charts.ts';
import { randomReportCharts } from '../../helpers/random-report-charts.ts';
import { reportSky } from '../../../src/reports/sky/report-sky.ts';
import { POINT_NAMES } from '../../../src/reports/text/phrases.ts';
import {
  bareArticles,
  bareArticleSentences,
  falseCloseness,
  genericAspectTexts,
  headingSubjects,
  repeatedPassages,
  selfRelations,
} from '../../helpers/report-text-checks.ts';
import { readdirSync, readFileSync } from 'node:fs';

const ATHENS = { city: 'Athens', country: 'GR', lat: 37.9838, lng: 23.7275, source: 'request' as const, zone: 'Europe/Athens' };
const MADRID = { city: 'Madrid', country: 'ES', lat: 40.4168, lng: -3.7038, source: 'request' as const, zone: 'Europe/Madrid' };
const AS_OF = '2026-11-25T00:00:00Z';

const READ_BY_HAND: Record<string, NatalChartInput> = {
  athens: natalChartFor({ name: 'Athens Reader', year: 1981, month: 1, day: 1, hour: 23, minute: 30 }, ATHENS),
  madrid: natalChartFor({ name: 'Madrid Reader', year: 1975, month: 6, day: 15, time_known: false }, MADRID),
  tromso: natalChartFor({ name: 'Tromsø Reader', year: 1990, month: 12, day: 10, hour: 6, minute: 15 }, PLACES.tromso),
};

function findings(chart: NatalChartInput, report: ComposedReport) {
  return {
    genericAspects: genericAspectTexts(report),
    repeated: repeatedPassages(report),
    selfRelations: selfRelations(report),
    headingSubjects: headingSubjects(report),
    falseCloseness: falseCloseness(chart, report),
    bareArticles: bareArticles(report),
  };
}

const NONE = { genericAspects: [], repeated: [], selfRelations: [], headingSubjects: [], falseCloseness: [], bareArticles: [] };

describe('report text checks', () => {
  for (const [name, chart] of Object.entries(READ_BY_HAND)) {
    it(`find nothing in the ${name} report`, () => {
      expect(findings(chart, composeReport(chart, { asOf: AS_OF }))).toEqual(NONE);
    });
  }

  it('set no point against itself where its sign, an aspect of it or its weight as dominant planet disagree', () => {
    // Seven of 300 random births whose reports did ("the trine between your Mercury and Midheaven tells a different story
    // from your Midheaven in Virgo"; "The Sun as your dominant planet … your Sun in Taurus"): each now reads as a point's two sides.
    // (A report may since print another reading of one of the two, one that draws no picture it has drawn already, and the
    // point then no longer disagrees with itself: most still do.)
    const charts = randomReportCharts(300, 91);
    let twoSides = 0;
    for (const i of [178, 212, 232, 247, 258, 281, 294]) {
      const report = composeReport(charts[i]!, { asOf: AS_OF });
      expect(selfRelations(report), `chart ${i}`).toEqual([]);
      if (/^Your (Sun|Moon|Mercury|Midheaven) has two sides: through /m.test(report.markdown)) twoSides++;
    }
    expect(twoSides).toBeGreaterThanOrEqual(5);
  });

  it('flag a reading said to take a side of the tension it named itself, which the Santiago 1969 report no longer prints', () => {
    const quoted =
      'The square between your Venus and Saturn speaks for the hesitant side of the tension over who moves first, named earlier with the square between your Venus and Saturn.';
    const fake = { sections: [{ id: 'parental_images', title: 'The Family You Come From', markdown: quoted }], markdown: quoted } as unknown as ComposedReport;
    expect(selfRelations(fake)).toEqual([quoted]);
    const santiago = { city: 'Santiago', country: 'CL', lat: -33.4489, lng: -70.6693, source: 'request' as const, zone: 'America/Santiago' };
    const chart = natalChartFor({ name: 'Santiago Reader', year: 1969, month: 9, day: 3, time_known: false }, santiago);
    expect(selfRelations(composeReport(chart, { asOf: '2026-11-30T00:00:00Z' }))).toEqual([]);
  });

  it('find nothing over 40 random births', () => {
    for (const [i, chart] of randomReportCharts(40, 7307).entries()) expect(findings(chart, composeReport(chart, { asOf: AS_OF })), `chart ${i}`).toEqual(NONE);
  });
});

describe('the article check', () => {
  it('flags the Sun, the Moon, a node or an angle named as a heading names it, as readers quoted them', () => {
    const quoted = [
      'Moon rules your 4th house (home and the parent who kept it) and stands in the 8th, in Sagittarius.',
      "This reading of the Moon's opposition with Sun holds only if you were born after 18:10 local time.",
      'These two aspects are one figure, not two separate stories: Sun and Uranus on one side and Mars on the other.',
      'The lists are ordered by weight, heaviest first, which is why Sun in Libra heads both.',
      'Moon and Venus stand 0°35′ apart in your 6th house, close enough to act as one figure rather than two.',
      'The table ranks twelve aspects, led by Sun square Midheaven.',
    ];
    expect(bareArticleSentences(quoted)).toEqual(quoted);
    const fine = [
      'The Sun and Moon share the sign of Leo.',
      'Your Libra Sun and Scorpio Saturn stand apart.',
      'A fixed Moon holds on to what it inherited.',
      'The points of your chart that aspect the North Node most closely: Sun square North Node (orb 1°02′, applying).',
      'It speaks for you because it makes close contact with your Mars, Moon and Mercury.',
    ];
    expect(bareArticleSentences(fine)).toEqual([]);
  });

  it("finds nothing in the library's own text", () => {
    const root = 'content/interpretations/en/1.0.0';
    const found: string[] = [];
    for (const dir of readdirSync(root, { withFileTypes: true }).filter((d) => d.isDirectory()))
      for (const file of readdirSync(`${root}/${dir.name}`).filter((f) => f.endsWith('.json'))) {
        const strings = [...readFileSync(`${root}/${dir.name}/${file}`, 'utf8').matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => m[1]!);
        // Readings and list lines; titles ("Sun in Aries") are headings.
        for (const text of strings.filter((t) => t.split(' ').length > 6))
          found.push(...bareArticleSentences(text.split(/(?<=[.!?])\s+(?=[A-Z])/)).map((s) => `${dir.name}/${file}: ${s}`));
      }
    expect(found).toEqual([]);
  });
});

describe('an untimed report', () => {
  it('says an outer planet is close to the Moon only for the hours it was (Madrid 1975-06-15: Uranus, before 03:29)', () => {
    const report = composeReport(READ_BY_HAND.madrid!, { asOf: AS_OF });
    const outer = report.sections.find((s) => s.id === 'central_tension')!.markdown;
    expect(outer).toMatch(/Uranus[^.]*close contact with your Moon, if you were born before 03:29 local time\./);
  });

  it('reads a Moon aspect that held for part of the day as true for those hours only, and one of under two hours not at all (Madrid: the sextile to Saturn after 22:13)', () => {
    const md = composeReport(READ_BY_HAND.madrid!, { asOf: AS_OF }).markdown;
    expect(md).toContain("This reading of the Moon's square with Mercury holds only if you were born after 15:32 local time");
    // In orb for 1 h 47 min: listed with its hours, not read as a passage.
    expect(md).toContain('| Moon sextile Saturn | 3°56′–5°00′ | 22:13–24:00 |');
    expect(md).not.toMatch(/\*Moon sextile Saturn · within orb/);
    // Every aspect entry of the Moon read with part of the day's hours in its fact line carries the condition.
    const partial = md.split('\n### ').filter((s) => /\n\*Moon (conjunct|sextile|square|trine|opposite) \w+ · within orb for part of the day/.test(s));
    expect(partial.length).toBeGreaterThan(1);
    for (const entry of partial) expect(entry).toMatch(/holds only if you were born (before|after|between) /);
  });

  it('reads no Moon aspect held for under two hours of the day, over random untimed births', () => {
    let read = 0;
    for (const chart of randomReportCharts(150, 9031).filter((c) => !c.houses)) {
      const md = composeReport(chart, { asOf: AS_OF }).markdown;
      for (const [, from, to] of md.matchAll(/\n\*Moon \w+ \w+ · within orb for part of the day \((\d\d:\d\d) to (\d\d:\d\d) local time\)/g)) {
        const hours = (t: string) => Number(t.slice(0, 2)) + Number(t.slice(3)) / 60;
        read++;
        expect(hours(to!) - hours(from!), `${chart.subject.datetime} ${from}–${to}`).toBeGreaterThanOrEqual(2);
      }
    }
    expect(read).toBeGreaterThan(10);
  });

  it('gives the hours whenever the Moon was not within its orb of the planet all day, over random untimed births', () => {
    let contacts = 0;
    for (const chart of randomReportCharts(150, 9031).filter((c) => !c.houses)) {
      const sky = reportSky({ chart, asOf: AS_OF });
      const outer = composeReport(chart, { sky }).sections.find((s) => s.id === 'central_tension')!.markdown;
      for (const sentence of outer.split(/(?<=\.)\s+/).filter((s) => /close contact with your [^.]*Moon/.test(s))) {
        contacts++;
        if (/if you were born/.test(sentence)) continue;
        // Without hours, the contact held the whole day.
        const planet = ['uranus', 'neptune', 'pluto'].find((id) => sentence.includes(POINT_NAMES[id]!))!;
        const day = sky.moonDay!.aspects.find((a) => a.other === planet)!;
        expect([day.from, day.to], sentence).toEqual(['00:00', '24:00']);
      }
    }
    expect(contacts).toBeGreaterThan(0);
  });

  it("gives the hours of an outer planet's contact with a planet other than the Moon that held for part of the day only, over random untimed births", () => {
    const ANGLE: Record<string, number> = { conjunction: 0, sextile: 60, square: 90, trine: 120, opposition: 180 };
    const PERSONAL = ['sun', 'mercury', 'venus', 'mars'];
    const clock = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3));
    let partDay = 0;
    for (const chart of randomReportCharts(150, 9031).filter((c) => !c.houses)) {
      const outer = composeReport(chart, { asOf: AS_OF }).sections.find((s) => s.id === 'central_tension')!.markdown;
      const at = (id: string, minute: number) => {
        const p = chart.planets.find((x) => x.id === id)!;
        return p.abs_pos + (p.speed * (minute - 720)) / 1440;
      };
      for (const sentence of outer.split(/(?<=\.)\s+/).filter((s) => /close contact with your /.test(s))) {
        const planet = ['uranus', 'neptune', 'pluto'].find((id) => sentence.startsWith(POINT_NAMES[id]!) || sentence.includes(` ${POINT_NAMES[id]!} `))!;
        for (const other of PERSONAL.filter((id) => new RegExp(`close contact with your [^.(]*\\b${POINT_NAMES[id]}\\b`).test(sentence))) {
          // The aspect the two make at noon, and its orb at a minute of the day.
          const type = chart.aspects.find((a) => [a.p1, a.p2].sort().join() === [planet, other].sort().join())?.type ?? 'conjunction';
          const orb = (minute: number) => Math.abs(Math.abs(((((at(planet, minute) - at(other, minute)) % 360) + 540) % 360) - 180) - ANGLE[type]!);
          // "(Venus only if you were born before 19:09 …)" beside other contacts, ", if you were born before …" for the only one.
          const own =
            new RegExp(`${POINT_NAMES[other]} only if you were born (before|after) (\\d\\d:\\d\\d)`).exec(sentence) ??
            new RegExp(`contact with your ${POINT_NAMES[other]}, if you were born (before|after) (\\d\\d:\\d\\d)`).exec(sentence);
          const context = `${chart.subject.datetime}: ${sentence}`;
          if (!own) {
            // Named without hours: within 4° from the first minute to the last.
            expect(Math.max(orb(0), orb(720), orb(1440)), context).toBeLessThanOrEqual(4 + 1e-9);
            continue;
          }
          partDay++;
          const edge = clock(own[2]!);
          const [inside, outside] = own[1] === 'before' ? [edge - 1, edge + 1] : [edge + 1, edge - 1];
          expect(orb(inside), context).toBeLessThanOrEqual(4);
          expect(orb(outside), context).toBeGreaterThan(4);
        }
      }
    }
    expect(partDay).toBeGreaterThan(0);
  });
});
