/**
 * What two readers of new reports (Nairobi 1985 timed, Montréal 1968 untimed on a day the Moon
 * changed sign) found false on the page, held over random charts: the first chapter is said to
 * read only what it reads; four elements are "fairly even" only when they are; an empty 10th house
 * is not said to leave the Midheaven alone when a planet is conjunct it; a figure named by the
 * modality or element of most of its signs says which planet stands in another; an untimed Moon is
 * fused with a planet only for the hours it stood within the figure's orb; an untimed chart's
 * dominant planet is printed with each score's range over the day.
 */
import { describe, expect, it } from 'vitest';
import { composeReport, type ComposedReport } from '../../../src/reports/text/compose-report.ts';
import type { NatalChartInput } from '../../../src/interpretations/chart-input.ts';
import { reportSky } from '../../../src/reports/sky/report-sky.ts';
import { signedSeparation, signOf, SIGNS } from '../../../src/astro/zodiac.ts';
import { computeBalance, signElement, signModality } from '../../../src/interpretations/chart-factors/balance.ts';
import { extractChartFactors } from '../../../src/interpretations/chart-factors/index.ts';
import { dominantPlanet } from '../../../src/interpretations/chart-factors/dominant-planet.ts';
import { aspectFamily, aspectPair, TEN_PLANET_IDS } from '../../../src/interpretations/keys.ts';
import type { KeyedAspect } from '../../../src/interpretations/chart-factors/aspects.ts';
import { POINT_NAMES } from '../../../src/reports/text/phrases.ts';
import { randomReportCharts, untimedBirths } from '../../helpers/random-report-charts.ts';
import { natalChartFor } from '../../helpers/natal-charts.ts';

const AS_OF = '2026-11-25T00:00:00Z';
const ID_OF = new Map(Object.entries(POINT_NAMES).map(([id, name]) => [name, id]));
const NAMES = Object.values(POINT_NAMES).join('|');
const timedCharts = randomReportCharts(90, 7411).filter((c) => c.subject.settings.time_known);
// With an untimed birth on a new Moon (6 January 2000, exact at 18:14 UT): the Sun and the Moon as one figure.
const untimed = [
  ...untimedBirths(60, 7412),
  natalChartFor({ name: 'New Moon', year: 2000, month: 1, day: 6, time_known: false }, {
    city: null,
    country: null,
    lat: 0,
    lng: 0,
    source: 'request',
    zone: 'UTC',
  } as never),
];
// Each chart's report is composed once for all the checks.
const reports = new Map<NatalChartInput, ComposedReport>();
const reportOf = (chart: NatalChartInput) => reports.get(chart) ?? reports.set(chart, composeReport(chart, { asOf: AS_OF })).get(chart)!;

describe('statements of fact readers checked, over random charts', () => {
  it('the guide names for the first chapter only what that chapter reads (never the Moon, read in its own)', () => {
    for (const chart of [...timedCharts, ...untimed]) {
      const { sections } = reportOf(chart);
      const guide = sections.find((s) => s.id === 'how_to_read')!.markdown;
      const first = sections.find((s) => s.id === 'meeting_world')!.markdown;
      const core =
        /(?:which reads|draws on|The first reads|heard through) (the Sun[^;]*?)(?: together| side by side|, and the others|, and the others are|;)/.exec(
          guide,
        )?.[1];
      expect(core, guide).toBeDefined();
      expect(core).not.toMatch(/Moon/);
      for (const name of core!.match(new RegExp(NAMES, 'g')) ?? []) {
        if (name !== 'Ascendant') expect(first, `${name} in the first chapter`).toMatch(new RegExp(`^### (Chart Ruler: )?${name} in `, 'm'));
      }
    }
  });

  it('four elements are "fairly even" only within 15 points of each other; otherwise the lead and the lightest are named', () => {
    let even = 0;
    let uneven = 0;
    for (const chart of [...timedCharts, ...untimed]) {
      const md = reportOf(chart).markdown;
      const shares = /No element dominates your chart[^(]*\((?:fire, earth, air and water: )?(\d+) %, (\d+) %, (\d+) %, (\d+) %\)/.exec(md);
      if (!shares) continue;
      const [fire, earth, air, water] = shares.slice(1).map(Number) as [number, number, number, number];
      const all = { fire, earth, air, water };
      const spread = Math.max(fire, earth, air, water) - Math.min(fire, earth, air, water);
      if (md.includes('in fairly even measure')) {
        even++;
        expect(spread).toBeLessThanOrEqual(16); // 15 points, and the rounding of the shares
      } else {
        uneven++;
        const said = /: ([\w, ]+?) leads? and ([\w, ]+?) (?:is|are) the lightest/.exec(md);
        expect(said, shares[0]).not.toBeNull();
        for (const e of said![1]!.split(/, | and /)) expect(all[e as keyof typeof all]).toBe(Math.max(fire, earth, air, water));
        for (const e of said![2]!.split(/, | and /)) expect(all[e as keyof typeof all]).toBe(Math.min(fire, earth, air, water));
      }
    }
    expect(even + uneven).toBeGreaterThan(10);
    expect(uneven).toBeGreaterThan(0);
  });

  it('an empty 10th house is not said to leave the Midheaven alone when a planet is conjunct it', () => {
    let conjunct = 0;
    for (const chart of timedCharts) {
      const md = reportOf(chart).markdown;
      const onMc = chart.aspects.filter(
        (a) => a.type === 'conjunction' && (a.p1 === 'mc' || a.p2 === 'mc') && (TEN_PLANET_IDS as readonly string[]).includes(a.p1 === 'mc' ? a.p2 : a.p1),
      );
      const factors = extractChartFactors(chart);
      const inTenth = TEN_PLANET_IDS.some((id) => factors.points.get(id)?.house === 10);
      if (inTenth || !/10th house itself|10th house holds no planet|No planet occupies the 10th|empty 10th house/.test(md)) continue;
      if (onMc.some((a) => factors.points.get(a.p1 === 'mc' ? a.p2 : a.p1)?.house !== 10)) {
        conjunct++;
        expect(md).toMatch(/No planet stands in the 10th house itself, but .+ conjunct the Midheaven/);
      } else expect(md).not.toMatch(/10th house itself/);
    }
    expect(conjunct).toBeGreaterThan(0);
  });

  it('a figure named by most of its signs names the planet whose sign is of another modality or element', () => {
    let mixed = 0;
    let pure = 0;
    for (const chart of timedCharts) {
      const md = reportOf(chart).markdown;
      const factors = extractChartFactors(chart);
      for (const m of md.matchAll(/^#### (Cardinal|Fixed|Mutable|Fire|Earth|Air|Water) (T-Square|Grand Cross|Grand Trine)\n\n\*([^*\n]+)\*$/gm)) {
        const quality = m[1]!.toLowerCase();
        const of = m[2] === 'Grand Trine' ? signElement : signModality;
        const members = (m[3]!.split(' · ')[0]!.match(new RegExp(NAMES, 'g')) ?? []).map((n) => ID_OF.get(n)!);
        const odd = members.filter((id) => of(factors.points.get(id)!.sign) !== quality);
        if (odd.length === 0) {
          pure++;
          expect(m[3]).not.toContain('takes its name from most of its signs');
        } else {
          mixed++;
          for (const id of odd) expect(m[3], m[0]).toContain(`${POINT_NAMES[id]} in ${SIGNS.find((s) => s.id === factors.points.get(id)!.sign)!.name}`);
        }
      }
    }
    expect(pure).toBeGreaterThan(3);
    expect(mixed).toBeGreaterThan(0);
  });

  it('an untimed Moon is read as one figure with a planet only for the hours it stood within 4° of it', () => {
    let seen = 0;
    for (const chart of untimed) {
      const sky = reportSky({ chart, asOf: AS_OF });
      const day = sky.moonDay!;
      const md = reportOf(chart).markdown;
      // Either order: the pair is named in planet order ("Sun and Moon", "Moon and Uranus").
      const pair = `(?:Moon and \\w+|\\w+ and Moon)`;
      expect(md).not.toMatch(new RegExp(`Only \\S+ separate ${pair}|${pair} stand \\S+ apart|${pair} are joined`));
      for (const m of md.matchAll(
        new RegExp(
          `(?:Moon and (${NAMES})|(${NAMES}) and Moon) stood within 4° of each other (through the whole birth day|if you were born (before|after|between) (\\d\\d:\\d\\d)(?: and (\\d\\d:\\d\\d))?)`,
          'g',
        ),
      )) {
        seen++;
        const other = extractChartFactors(chart).points.get(ID_OF.get((m[1] ?? m[2])!)!)!;
        const travel = (((day.endLon - day.startLon) % 360) + 360) % 360;
        // The Moon moving evenly through the day, the other planet at its noon speed (an untimed chart is cast for noon).
        const within = (minute: number) =>
          Math.abs(signedSeparation(day.startLon + (travel * minute) / 1440, other.lon + (other.speed * (minute - 720)) / 1440)) <= 4;
        const minute = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3));
        if (m[3] === 'through the whole birth day') for (const t of [0, 360, 720, 1080, 1440]) expect(within(t)).toBe(true);
        else {
          const [from, to] = m[4] === 'before' ? ['00:00', m[5]!] : m[4] === 'after' ? [m[5]!, '24:00'] : [m[5]!, m[6]!];
          expect(within(minute(from)) && within(minute(to)), m[0]).toBe(true);
          if (from !== '00:00') expect(within(minute(from) - 10)).toBe(false);
          if (to !== '24:00') expect(within(minute(to) + 10)).toBe(false);
        }
      }
    }
    expect(seen).toBeGreaterThan(0);
  });

  it('on a day the Moon changed sign, the other sign is read with its hours, and each Moon aspect held on one side names that sign', () => {
    let days = 0;
    let aspects = 0;
    for (const chart of untimed) {
      const day = reportSky({ chart, asOf: AS_OF }).moonDay!;
      if (day.signs.length < 2) continue;
      days++;
      const { sections } = reportOf(chart);
      const needs = sections.find((s) => s.id === 'inner_needs')!.markdown;
      const [first, second] = day.signs.map((id) => SIGNS.find((x) => x.id === id)!.name) as [string, string];
      const noon = signOf(extractChartFactors(chart).points.get('moon')!.lon).name;
      const other = noon === first ? second : first;
      const heading = new RegExp(`^### Moon in ${other} \\(born (after|before) ${day.ingressAt}\\)$`, 'm').exec(needs);
      expect(heading, needs.slice(0, 600)).not.toBeNull();
      expect(heading![1]).toBe(other === second ? 'after' : 'before');
      const [before, after] = [needs.slice(0, heading!.index), needs.slice(heading!.index)];
      for (const [part, sign] of [
        [before, noon],
        [after, other],
      ] as const)
        for (const m of part.matchAll(/within orb, with the Moon in (\w+);/g)) {
          aspects++;
          expect(m[1]).toBe(sign);
        }
      // The synthesis speaks of the noon chart: the other sign's reading gives it nothing.
      expect(sections.find((s) => s.id === 'synthesis')!.markdown).not.toContain(`(Moon in ${other})`);
    }
    expect(days).toBeGreaterThan(5);
    expect(aspects).toBeGreaterThan(3);
  });

  it('on a day the Moon changed sign, a least element or mode that the other Moon would change is said with its hours', () => {
    let changed = 0;
    let checked = 0;
    for (const chart of untimedBirths(120, 7413)) {
      const day = reportSky({ chart, asOf: AS_OF }).moonDay!;
      if (day.signs.length < 2) continue;
      const factors = extractChartFactors(chart);
      const moon = factors.points.get('moon')!;
      const otherSign = day.signs.find((x) => x !== moon.sign)!;
      const other = computeBalance(new Map(factors.points).set('moon', { ...moon, sign: otherSign }));
      const least = reportOf(chart).sections.find((s) => s.id === 'meeting_world')!.markdown;
      for (const [kind, heading, weights] of [
        ['Element', /^#### Least Element: (\w+)$/m, other.elements],
        ['Modality', /^#### Least Modality: (\w+)$/m, other.modalities],
      ] as const) {
        const read = heading.exec(least)![1]!.toLowerCase();
        const values = weights as Record<string, number>;
        const min = Math.min(...Object.values(values));
        checked++;
        // The one read is among the smallest with the other Moon too: nothing to say. Otherwise the hours are given.
        if (values[read] === min) continue;
        changed++;
        const section = least.slice(least.indexOf(`#### Least ${kind}`));
        expect(section.split('\n\n#### ')[0], `${chart.subject.datetime.slice(0, 10)} ${kind}`).toMatch(/would hold the smallest share \(\d+ %\) instead of/);
      }
    }
    expect(checked).toBeGreaterThan(40);
    expect(changed).toBeGreaterThan(2);
  });

  it('a slow planet left in the background names its nearest contact with a personal point, wider than the close orb', () => {
    let named = 0;
    for (const chart of timedCharts) {
      const md = reportOf(chart).markdown;
      const nearest = /no contact within 4° with your angles or personal planets \(the nearest: ([^)]+)\)/.exec(md);
      if (!nearest) continue;
      for (const m of nearest[1]!.matchAll(new RegExp(`(${NAMES}) (conjunct|sextile|square|trine|opposite) your (${NAMES}), (\\d+)°(\\d+)′`, 'g'))) {
        named++;
        const [a, b] = [ID_OF.get(m[1]!)!, ID_OF.get(m[3]!)!];
        const orb = Number(m[4]) + Number(m[5]) / 60;
        const aspect = chart.aspects.find((x) => (x.p1 === a && x.p2 === b) || (x.p1 === b && x.p2 === a));
        expect(aspect, m[0]).toBeDefined();
        expect(Math.abs(aspect!.orb - orb)).toBeLessThan(1 / 60 + 1e-9);
        expect(orb).toBeGreaterThan(4);
      }
    }
    expect(named).toBeGreaterThan(3);
  });

  it("a tension between two placements in one sign is that sign's two sides, each placement in it", () => {
    // (A reader met "your Lilith in Sagittarius answers your Sun in Sagittarius from the other side", a sign set against itself.)
    let seen = 0;
    const ID_OF = new Map(Object.entries(POINT_NAMES).map(([id, name]) => [name, id]));
    for (const chart of [...timedCharts, ...untimed]) {
      const { markdown } = reportOf(chart);
      expect(markdown).not.toMatch(
        /\b[Yy]our \w+(?: \w+)? in ([A-Z][a-z]+) (?:says the other side of what|tells a different story from|answers|completes the picture begun by) your \w+(?: \w+)? in \1\b/,
      );
      for (const m of markdown.matchAll(/Your (\w+) has two sides: through your ([\w ]+?) there, [^.]*? through your ([\w ]+?) there,/g)) {
        seen++;
        for (const name of [m[2]!, m[3]!]) {
          const id = ID_OF.get(name)!;
          const lon = chart.planets.find((p) => p.id === id)?.abs_pos;
          if (lon !== undefined) expect(signOf(lon).name, `${name} in ${m[1]}`).toBe(m[1]);
        }
      }
    }
    expect(seen).toBeGreaterThan(0);
  });

  it('a reading that sets one planet against itself on several counts opens each pair of sides in its own words', () => {
    let again = 0;
    for (const chart of [...timedCharts, ...untimed]) {
      const paragraphs = reportOf(chart).markdown.split('\n\n');
      for (let i = 1; i < paragraphs.length; i++) {
        const opening = /^(Your \w+ has two sides|The same reading divides your \w+ another way|On one more count your \w+ answers two ways)/.exec(
          paragraphs[i]!,
        )?.[1];
        if (!opening) continue;
        if (!opening.startsWith('Your')) again++;
        expect(paragraphs[i - 1]!.startsWith(opening), opening).toBe(false);
      }
    }
    expect(again).toBeGreaterThan(0);
  });

  it('Venus and Mars in compatible elements (earth and water, fire and air) or in facing signs are not read as a mismatch, nor when they stand conjunct across a sign line', () => {
    const seen = new Set<string>();
    const SIGN_INDEX = new Map(SIGNS.map((x, i) => [x.name, i]));
    for (const chart of [...timedCharts, ...untimed]) {
      const love = reportOf(chart).sections.find((x) => x.id === 'relationships')!.markdown;
      const factors = extractChartFactors(chart);
      const [venus, mars] = [factors.points.get('venus')!.sign, factors.points.get('mars')!.sign];
      const [ev, em] = [signElement(venus), signElement(mars)];
      const apart = Math.abs(SIGN_INDEX.get(SIGNS.find((x) => x.id === venus)!.name)! - SIGN_INDEX.get(SIGNS.find((x) => x.id === mars)!.name)!);
      const kind =
        ev === em
          ? 'same'
          : apart === 6
            ? 'facing'
            : `${ev}-${em}` === 'earth-water' || `${ev}-${em}` === 'water-earth' || `${ev}-${em}` === 'fire-air' || `${ev}-${em}` === 'air-fire'
              ? 'friendly'
              : 'contrast';
      // Conjunct across a sign line, the two are read as one impulse in two manners instead.
      const conjunct = factors.aspects.some((a) => a.type === 'conjunction' && new Set([a.p1, a.p2, 'venus', 'mars']).size === 2);
      // Conjunct in one sign, the conjunction (or the figure passage) says it instead of the shared element.
      const expected = conjunct && kind !== 'same' ? 'joined' : conjunct ? 'none' : kind;
      seen.add(expected);
      const said = {
        joined: /stand close together, so attraction and pursuit come as one impulse|stand together across the line between two signs/,
        same: /Both stand in|Sharing the \w+ element|As both are/,
        friendly: /elements that feed each other|unlike but compatible/,
        facing: /face each other across the zodiac|are opposite signs/,
        contrast: /They stand in different elements \(|speak different languages|tend to be different things/,
      };
      // The paragraph that sets the two side by side (relationships.ts: four openings).
      const paragraph = love.split('\n\n').find((p) => /^(Venus in |What attracts you|Of the two planets|In love you are drawn)/.test(p))!;
      for (const [k, re] of Object.entries(said)) expect(re.test(paragraph), `${k} (${venus}, ${mars}): ${paragraph}`).toBe(k === expected);
    }
    expect(['same', 'friendly', 'facing', 'contrast', 'joined'].every((k) => seen.has(k))).toBe(true);
  });

  it("a transit's stretches within orb hold every exact date, and the first is said to be under way when it began before the year", () => {
    let lines = 0;
    for (const chart of timedCharts.slice(0, 40)) {
      const year = reportOf(chart).sections.find((s) => s.id === 'year_ahead')?.markdown ?? '';
      for (const m of year.matchAll(/^\*exact on ([^;*]+?); (.+)\*$/gm)) {
        lines++;
        // A hit before the year (its stretch still open when the year begins) is marked so in brackets.
        const exact = m[1]!
          .replaceAll(/ \((both |all )?before these twelve months\)/g, '')
          .split(/, | and /)
          .map((d) => Date.parse(d));
        expect(exact.every(Number.isFinite), m[0]).toBe(true);
        // "within orb from A to B, and again from C to D" or "already within orb since A, until B, …": every stretch.
        const stretches = [...m[2]!.matchAll(/(?:since|from|on) (\d+ \w+ \d{4}),? (?:until|to|and ends on) (\d+ \w+ \d{4})/g)].map(
          (w) => [Date.parse(w[1]!), Date.parse(w[2]!)] as const,
        );
        expect(stretches.length, m[0]).toBeGreaterThan(0);
        const whole = exact.every((d) => stretches.some(([from, to]) => d >= from && d <= to));
        // A later stretch whose ends were not found: the line gives the first as the first.
        expect(m[2]!.startsWith('its first stretch'), m[0]).toBe(!whole);
        expect(/already|began before this year/.test(m[2]!), m[0]).toBe(stretches[0]![0] < Date.parse(AS_OF));
      }
    }
    expect(lines).toBeGreaterThan(100);
  });

  it("an untimed chart's dominant planet is printed with each score's range over the day, which the Moon's places bear out", () => {
    let checked = 0;
    for (const chart of untimed) {
      const sky = reportSky({ chart, asOf: AS_OF });
      const day = sky.moonDay!;
      const md = reportOf(chart).markdown;
      const line = /^\*Scores(?: over the birth day, as the Moon moved)?: ([^*;]+)/m.exec(md);
      if (!line) continue;
      const factors = extractChartFactors(chart);
      const travel = (((day.endLon - day.startLon) % 360) + 360) % 360;
      for (const minute of [0, 480, 960, 1440]) {
        // Every body where it stood at that minute: the Moon along its path, the others by their noon speed.
        const points = new Map(
          [...factors.points].map(([id, p]) => {
            const lon = id === 'moon' ? (day.startLon + (travel * minute) / 1440) % 360 : (((p.lon + (p.speed * (minute - 720)) / 1440) % 360) + 360) % 360;
            return [id, { ...p, lon, sign: signOf(lon).id }];
          }),
        );
        const aspects: KeyedAspect[] = [];
        const ids = [...points.keys()];
        for (const [i, a] of ids.entries())
          for (const b of ids.slice(i + 1)) {
            const pair = aspectPair(a, b);
            if (!pair) continue;
            const separation = Math.abs(signedSeparation(points.get(a)!.lon, points.get(b)!.lon));
            for (const [type, angle] of [
              ['conjunction', 0],
              ['sextile', 60],
              ['square', 90],
              ['trine', 120],
              ['opposition', 180],
            ] as const) {
              const orb = Math.abs(separation - angle);
              if (orb <= 6) aspects.push({ p1: pair[0], p2: pair[1], type, family: aspectFamily(type)!, orb, applying: false });
            }
          }
        const { scores } = dominantPlanet(points, aspects, factors.chartRuler);
        for (const part of line[1]!.split(' · ')) {
          const [, name, low, high] = /^(.+) (\d+)(?:–(\d+))?$/.exec(part.trim())!;
          const score = scores[ID_OF.get(name!)!]!;
          expect(score, `${name} at minute ${minute}`).toBeGreaterThanOrEqual(Number(low));
          expect(score, `${name} at minute ${minute}`).toBeLessThanOrEqual(Number(high ?? low));
        }
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(40);
  });
});
