/**
 * The Central Tension names the chart's T-square or grand cross, and the reading of its planets is
 * true of the sky: recomputed here from the chart's own longitudes and cusps, the ends of the
 * opposition oppose each other, the apex squares both, and the empty corner lies opposite the apex,
 * in the sign and house the text gives.
 */
import { describe, expect, it } from 'vitest';
import { composeReport } from '../../../src/reports/text/compose-report.ts';
import { extractChartFactors } from '../../../src/interpretations/chart-factors/index.ts';
import { POINT_NAMES } from '../../../src/reports/text/phrases.ts';
import type { NatalChartInput } from '../../../src/interpretations/chart-input.ts';
import { randomReportCharts } from '../../helpers/random-report-charts.ts';
import { keyAspects } from '../../../src/reports/text/ranking.ts';
import { reportSky } from '../../../src/reports/sky/report-sky.ts';
import { natalChartFor } from '../../helpers/natal-charts.ts';

const PLANETS = new Set(['sun', 'moon', 'mercury', 'venus', 'mars', 'jupiter', 'saturn', 'uranus', 'neptune', 'pluto']);

const AS_OF = '2026-11-25T00:00:00Z';
const SIGNS = ['Aries', 'Taurus', 'Gemini', 'Cancer', 'Leo', 'Virgo', 'Libra', 'Scorpio', 'Sagittarius', 'Capricorn', 'Aquarius', 'Pisces'];
const ID_OF = new Map(Object.entries(POINT_NAMES).map(([id, name]) => [name, id]));
const gap = (a: number, b: number) => Math.abs(((((b - a) % 360) + 540) % 360) - 180);

/** "the Sun, Mars and the Moon", "Mercury in your 1st house", "the Moon in your 11th and Saturn in your 5th house" → ids. */
function idsIn(list: string): string[] {
  return list
    .replace(/,? (?:both |all )?in your \d+(?:st|nd|rd|th)(?: house)?/g, '')
    .replace(/\bthe /g, '')
    .split(/, | and /)
    .map((name) => ID_OF.get(name.trim())!);
}

/** Each house the text gives a planet ("Mercury in your 1st house", "the Moon and Saturn, both in your 11th house"). */
function housesIn(list: string): [string, number][] {
  const out: [string, number][] = [];
  for (const m of list.matchAll(/((?:(?:the )?[A-Z]\w+(?:, | and )?)+?),? (?:both |all )?in your (\d+)(?:st|nd|rd|th)/g))
    for (const id of idsIn(m[1]!)) out.push([id, Number(m[2])]);
  return out;
}

/** The house of a longitude, walking the cusps forward (houses run counter-clockwise here: no polar charts read). */
function houseOf(chart: NatalChartInput, lon: number): number {
  const cusps = chart.houses!.map((h) => h.abs_pos);
  for (let i = 0; i < 12; i++) {
    const from = cusps[i]!;
    const width = (((cusps[(i + 1) % 12]! - from) % 360) + 360) % 360;
    if ((((lon - from) % 360) + 360) % 360 < width) return i + 1;
  }
  throw new Error('no house');
}

/** 200 random charts and their reports, composed once for both checks. */
let composed: { chart: NatalChartInput; report: ReturnType<typeof composeReport> }[] | undefined;
const reports = () => (composed ??= randomReportCharts(200, 9917).map((chart) => ({ chart, report: composeReport(chart, { asOf: AS_OF }) })));

describe('the Central Tension and the hard aspect figures', () => {
  it('over 200 random reports, names the T-square or grand cross the chart holds, and the reading of its planets is true of the sky', () => {
    const seen = { tSquare: 0, cross: 0, withHouse: 0 };
    for (const { chart, report } of reports()) {
      const factors = extractChartFactors(chart);
      const { sections } = report;
      const central = sections.find((s) => s.id === 'central_tension')!.markdown;
      const opening = central.split('\n\n')[1]!;
      const lon = (id: string) => chart.planets.find((p) => p.id === id)!.abs_pos;
      const hard = factors.configurations.some((c) => c.kind === 't_square' || c.kind === 'grand_cross');
      // (A figure an angle completes, "the T-square of Mars on your Ascendant, squared by Jupiter", is no figure of the planets.)
      const named =
        /^(?:The central tension of your chart is|What pulls hardest in your chart is) the (T-square|grand cross) (?:in which|of (?!.* on your (?:Ascendant|Descendant|Midheaven|IC), squared by))/.exec(
          opening,
        );
      // An untimed chart's figures with the Moon hold only some hours: none of them is named.
      if (hard && chart.subject.settings.time_known) expect(named, chart.subject.datetime).not.toBeNull();
      if (!hard) expect(named).toBeNull();
      for (const m of central.matchAll(
        /the figure sets your [^(]+\(([^)]+)\) against your [^(]+\(([^)]+)\), while [^(]+\(([^)]+)\) stands? square to both|the opposition runs from (.+?) on one side to (.+?) on the other, .+?, and (.+?) takes? the strain of both/g,
      )) {
        const sides = [m[1] ?? m[4]!, m[2] ?? m[5]!, m[3] ?? m[6]!];
        const [x, y, z] = sides.map(idsIn) as [string[], string[], string[]];
        for (const [id, house] of sides.flatMap(housesIn)) expect(house, `${id}'s house`).toBe(chart.planets.find((p) => p.id === id)!.house);
        seen.tSquare++;
        for (const a of x) for (const b of y) expect(gap(lon(a), lon(b)), `${a} opposite ${b}`).toBeGreaterThan(173);
        for (const a of [...x, ...y]) for (const c of z) expect(Math.abs(gap(lon(a), lon(c)) - 90), `${a} square ${c}`).toBeLessThanOrEqual(6);
        // Untimed, a Moon at the apex gives no one degree for the empty corner: none is named.
        if (!chart.subject.settings.time_known && z.includes('moon')) continue;
        const after = central.slice(m.index);
        const leg = /Opposite the apex, at (\d+)° (\w+)(?: in your (\d+)(?:st|nd|rd|th) house)?, the figure has an empty corner/.exec(after)!;
        expect(leg).not.toBeNull();
        const apex = z.map(lon);
        const mean = apex[0]! + apex.reduce((s, l) => s + ((((l - apex[0]!) % 360) + 540) % 360) - 180, 0) / apex.length;
        const empty = (((mean + 180) % 360) + 360) % 360;
        expect(`${Math.floor(empty % 30)}° ${SIGNS[Math.floor(empty / 30)]}`).toBe(`${leg[1]}° ${leg[2]}`);
        if (leg[3]) {
          seen.withHouse++;
          expect(Number(leg[3])).toBe(houseOf(chart, empty));
        } else expect(chart.subject.settings.time_known && chart.houses !== undefined && chart.subject.location.lat < 66).toBe(false);
      }
      for (const m of central.matchAll(
        /two oppositions, (.+?) opposite (.+?), and (.+?) opposite (.+?); each planet|two arguments at once: [^(]+\(([^)]+)\), and [^(]+\(([^)]+)\)/g,
      )) {
        seen.cross++;
        const named = m[1] ? [m[1], m[2]!, m[3]!, m[4]!].map((side) => side.replace(/ in your (\d+)(?:st|nd|rd|th)$/, ' in your $1th house')) : [m[5]!, m[6]!];
        for (const [id, house] of named.flatMap(housesIn)) expect(house, `${id}'s house`).toBe(chart.planets.find((p) => p.id === id)!.house);
        const pairs = m[1] ? [idsIn(m[1]).concat(idsIn(m[2]!)), idsIn(m[3]!).concat(idsIn(m[4]!))] : [idsIn(m[5]!), idsIn(m[6]!)];
        for (const [a, b] of pairs as [string, string][]) expect(gap(lon(a), lon(b))).toBeGreaterThan(173);
        for (const a of pairs[0]!) for (const b of pairs[1]!) expect(Math.abs(gap(lon(a), lon(b)) - 90)).toBeLessThanOrEqual(6);
      }
    }
    expect(seen.tSquare).toBeGreaterThan(20);
    expect(seen.withHouse).toBeGreaterThan(10);
    expect(seen.cross).toBeGreaterThan(0);
  });

  it('over 200 random reports, names the planet a yod or kite turns on with its sign and house, and its aspects are true of the sky', () => {
    const seen = { yod: 0, kite: 0 };
    for (const { chart, report } of reports()) {
      const md = report.markdown;
      const lon = (id: string) => chart.planets.find((p) => p.id === id)!.abs_pos;
      const sign = (id: string) => SIGNS[Math.floor((((lon(id) % 360) + 360) % 360) / 30)];
      const check = (focus: string, signName: string, house: string | undefined) => {
        const id = ID_OF.get(focus.replace(/^the /, ''))!;
        expect(sign(id), `${focus} in ${signName}`).toBe(signName);
        if (house) expect(chart.planets.find((p) => p.id === id)!.house).toBe(Number(house));
        return id;
      };
      const place = '((?:the )?[A-Z]\\w+) in (\\w+)(?: in your (\\d+)(?:st|nd|rd|th) house)?';
      for (const m of md.matchAll(
        new RegExp(`the yod points at ${place}: (.+?), easy with each other|The apex of your yod is ${place}, quincunx (.+?)\\. The`, 'g'),
      )) {
        seen.yod++;
        const apex = check((m[1] ?? m[5])!, (m[2] ?? m[6])!, m[3] ?? m[7]);
        for (const b of idsIn((m[4] ?? m[8])!)) expect(Math.abs(gap(lon(apex), lon(b)) - 150), `${apex} quincunx ${b}`).toBeLessThanOrEqual(2.5);
      }
      for (const m of md.matchAll(
        new RegExp(
          `The tail of your kite is ${place}, opposite (.+?) and sextile (.+?)\\. By|Your kite turns on ${place}, which opposes (.+?) and sextiles (.+?):`,
          'g',
        ),
      )) {
        seen.kite++;
        const tail = check((m[1] ?? m[6])!, (m[2] ?? m[7])!, m[3] ?? m[8]);
        for (const b of idsIn((m[4] ?? m[9])!)) expect(gap(lon(tail), lon(b)), `${tail} opposite ${b}`).toBeGreaterThan(173);
        for (const b of idsIn((m[5] ?? m[10])!)) expect(Math.abs(gap(lon(tail), lon(b)) - 60), `${tail} sextile ${b}`).toBeLessThanOrEqual(4);
      }
    }
    expect(seen.yod).toBeGreaterThan(3);
    expect(seen.kite).toBeGreaterThan(0);
  });
  it('over 200 random reports, a chart without a hard figure has its weightiest square or opposition named as the tension, and what is said of it is true', () => {
    const seen = { named: 0, alone: 0, echoed: 0, none: 0, outside: 0, someHours: 0 };
    const name = '((?:the )?[A-Z][a-z]+(?: [A-Z][a-z]+)?)';
    const idOf = (n: string) => ID_OF.get(n.replace(/^the /, ''))!;
    for (const { chart, report } of reports()) {
      const factors = extractChartFactors(chart);
      const central = report.sections.find((s) => s.id === 'central_tension')!.markdown;
      const opening = central.split('\n\n')[1]!;
      const m = new RegExp(
        `^(?:The argument at the centre of your chart is|Of the squares and oppositions in your chart(?: that hold whatever the hour of birth)?,) ${name}'s (square|opposition) with ${name} \\(orb (\\d+)°(\\d+)′(?:–(\\d+)°(\\d+)′)?\\)`,
      ).exec(opening);
      if (/^The aspects ranked in your chart include no squares|^Your chart ranks neither squares nor oppositions/.test(opening)) {
        seen.none++;
        if (chart.subject.settings.time_known)
          expect(keyAspects(factors).some((r) => r.aspect.type === 'square' || r.aspect.type === 'opposition')).toBe(false);
        else {
          // Untimed, the squares and oppositions of some hours are named with the hours the birth day gives them (a
          // Jakarta reader met "no squares and no oppositions" above a grid showing the Moon square Jupiter).
          const day = reportSky({ chart, asOf: AS_OF }).moonDay!;
          const named = [
            ...opening.matchAll(
              new RegExp(
                `${name}'s (square|opposition) with ${name} \\(for births (before|after|between) (\\d\\d:\\d\\d)(?: and (\\d\\d:\\d\\d))? local time\\)`,
                'g',
              ),
            ),
          ];
          const some = [
            ...day.aspects.filter((x) => x.other !== 'moon').map((x) => ({ p1: 'moon', p2: x.other, type: x.type, from: x.from, to: x.to })),
            ...day.pairs,
          ].filter(
            (x) => (x.type === 'square' || x.type === 'opposition') && !(x.from === '00:00' && x.to === '24:00') && PLANETS.has(x.p1) && PLANETS.has(x.p2),
          );
          expect(named.length, `${chart.subject.datetime}: ${opening}`).toBe(some.length);
          for (const [, a, type, b, how, t1, t2] of named) {
            const found = some.find((x) => x.type === type && new Set([x.p1, x.p2, idOf(a!), idOf(b!)]).size === 2);
            const [from, to] = how === 'before' ? ['00:00', t1] : how === 'after' ? [t1, '24:00'] : [t1, t2];
            expect(found && [found.from, found.to], `${chart.subject.datetime}: ${a} ${type} ${b}`).toEqual([from, to]);
            seen.someHours++;
          }
        }
        continue;
      }
      if (!m) {
        // Otherwise the chapter opens on a figure: the T-square or grand cross, or a central figure.
        expect(opening, chart.subject.datetime).toMatch(/^(?:The central tension of your chart is|What pulls hardest in your chart is|Every chart has a knot)/);
        continue;
      }
      seen.named++;
      const [p1, p2] = [idOf(m[1]!), idOf(m[3]!)];
      const lon = (id: string) => factors.points.get(id)!.lon;
      const angle = m[2] === 'square' ? 90 : 180;
      const orb = Number(m[4]) + Number(m[5]) / 60;
      const widest = m[6] === undefined ? orb : Number(m[6]) + Number(m[7]) / 60;
      const noon = Math.abs(Math.abs(gap(lon(p1), lon(p2)) - angle));
      // Timed, the orb is the birth's; untimed (an aspect held all day) the day's range, which holds noon's.
      if (chart.subject.settings.time_known) expect(Math.abs(noon - orb)).toBeLessThan(1 / 60 + 1e-9);
      else expect(noon >= orb - 1 / 60 && noon <= widest + 1 / 60, `${chart.subject.datetime}: noon ${noon}`).toBe(true);
      if (chart.subject.settings.time_known) {
        const first = keyAspects(factors).find((r) => r.aspect.type === 'square' || r.aspect.type === 'opposition')!.aspect;
        expect([first.p1, first.type, first.p2]).toEqual([p1, m[2], p2]);
      }
      const others = factors.aspects.filter(
        (a) => (a.type === 'square' || a.type === 'opposition') && !(a.p1 === p1 && a.p2 === p2) && [p1, p2].some((p) => p === a.p1 || p === a.p2),
      );
      if (
        /takes part in any other of the chart's squares|make no other squares and no oppositions|takes part in another of the chart's hard aspects/.test(
          opening,
        )
      ) {
        seen.alone++;
        // Untimed, an aspect of the Moon's that held for some hours only is not one the text counts as the chart's; it is
        // named with its hours, on one of the two points.
        if (chart.subject.settings.time_known) expect(others.map((a) => `${a.p1} ${a.type} ${a.p2}`)).toEqual([]);
        // The Node's, Chiron's and Lilith's squares and oppositions on either point (within the key aspects' wide orb) are
        // named beside it, every one of them (a reader met "no other squares" above the Moon opposite the North Node).
        if (chart.subject.settings.time_known) {
          const fromOutside = chart.aspects.filter(
            (a) =>
              (a.type === 'square' || a.type === 'opposition') &&
              a.orb <= 6 &&
              [p1, p2].some((p) => p === a.p1 || p === a.p2) &&
              ['north_node', 'chiron', 'lilith'].some((p) => p === a.p1 || p === a.p2),
          );
          const said = /from outside them, (.+?) falls? on it as well/.exec(opening)?.[1];
          expect(said?.split(/, | and /).length ?? 0, opening).toBe(fromOutside.length);
          if (fromOutside.length) seen.outside++;
        }
        for (const [, a, type, b] of opening.matchAll(new RegExp(`${name}'s (square|opposition) with ${name} \\(born between`, 'g')))
          expect(
            [idOf(a!), idOf(b!)].some((id) => id === p1 || id === p2),
            `${a} ${type} ${b}`,
          ).toBe(true);
      } else {
        seen.echoed++;
        const echo = /heard again in (.+?), which shares? one|It does not stand alone: (.+?) press(?:es)? on/.exec(opening)!;
        for (const e of (echo[1] ?? echo[2])!.split(/, | and /)) {
          const x = new RegExp(`^${name}'s (square|opposition) with ${name}$`).exec(e)!;
          expect(x, e).not.toBeNull();
          const [a, b] = [idOf(x[1]!), idOf(x[3]!)];
          expect([a, b].some((id) => id === p1 || id === p2)).toBe(true);
          expect(
            others.some((o) => o.type === x[2] && ((o.p1 === a && o.p2 === b) || (o.p1 === b && o.p2 === a))),
            e,
          ).toBe(true);
        }
      }
    }
    expect(seen.named).toBeGreaterThan(40);
    expect(seen.alone).toBeGreaterThan(3);
    expect(seen.outside).toBeGreaterThan(0);
    expect(seen.echoed).toBeGreaterThan(10);
  });

  it('Jakarta, 9 February 1996, untimed: "no squares and no oppositions" names those the hour of birth decides', () => {
    const jakarta = { city: 'Jakarta', country: 'ID', lat: -6.2088, lng: 106.8456, source: 'request' as const, zone: 'Asia/Jakarta' };
    const chart = natalChartFor({ name: 'Reader', year: 1996, month: 2, day: 9, time_known: false }, jakarta);
    const central = composeReport(chart, { asOf: AS_OF }).sections.find((s) => s.id === 'central_tension')!.markdown;
    expect(central).toMatch(/no squares and no oppositions|neither squares nor oppositions/);
    expect(central).toMatch(/the hour of birth decides more, [^.]*the Moon's square with Jupiter \(for births before 18:4\d local time\)/);
  });
});
