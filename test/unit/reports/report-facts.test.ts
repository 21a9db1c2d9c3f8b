/**
 * The report's facts: the Moon's phase as observed (eight centred phases, the lit fraction from
 * the ephemeris), and an untimed birth's Moon over its whole local day (range, a sign change
 * only when there was one, each aspect's window), checked against the ephemeris directly; and
 * an untimed report's wording (no Ascendant, houses or chart ruler; no noon orbs for the Moon).
 */
import { describe, expect, it } from 'vitest';
import { calcBody } from '../../../src/astro/ephemeris.ts';
import { DateTime, julianDayFromUtcMs } from '../../../src/astro/civil-time.ts';
import { illuminatedFraction } from '../../../src/astro/moon-phase.ts';
import { signIndexOf, signedSeparation } from '../../../src/astro/zodiac.ts';
import { composeReport } from '../../../src/reports/text/compose-report.ts';
import { moonDay } from '../../../src/reports/sky/moon-day.ts';
import { reportSky } from '../../../src/reports/sky/report-sky.ts';
import { natalChartFor, PLACES } from '../../helpers/natal-charts.ts';

const MADRID = { city: 'Madrid', country: 'ES', lat: 40.4168, lng: -3.7038, source: 'request' as const, zone: 'Europe/Madrid' };
const ATHENS = { city: 'Athens', country: 'GR', lat: 37.9838, lng: 23.7275, source: 'request' as const, zone: 'Europe/Athens' };

const moonLonAt = (ms: number) => calcBody(julianDayFromUtcMs(ms), 1).lon;

describe('the Moon phase of the report', () => {
  it('names the observed phase and its computed lit fraction (a Moon 44° behind the Sun, 316° ahead, is a waning crescent, not the Last Quarter)', () => {
    const chart = natalChartFor({ name: 'Eleni Markou', year: 1981, month: 1, day: 2, hour: 13, minute: 0 }, ATHENS);
    const jd = julianDayFromUtcMs(Date.parse(chart.subject.datetime_utc));
    const sun = calcBody(jd, 0);
    const moon = calcBody(jd, 1);
    const lit = Math.round(illuminatedFraction(sun, moon) * 100);
    const { markdown } = composeReport(chart);
    expect(markdown).toContain(`Moon 44° behind the Sun, ${lit} % lit: a waning crescent`);
    expect(lit).toBeLessThan(20);
    expect(markdown).toContain('### Born Under a Balsamic Moon');
    expect(markdown).not.toMatch(/half lit and waning/);
  });
});

describe("an untimed birth's Moon day", () => {
  it('runs from local midnight to local midnight, a 23-hour day at the spring clock change included', () => {
    const chart = natalChartFor({ name: 'Lucía Ortega', year: 1994, month: 3, day: 27, time_known: false }, MADRID);
    const day = moonDay(chart)!;
    const start = DateTime.fromISO('1994-03-27T00:00', { zone: 'Europe/Madrid' }).toMillis();
    const end = DateTime.fromISO('1994-03-28T00:00', { zone: 'Europe/Madrid' }).toMillis();
    expect(end - start).toBe(23 * 3_600_000);
    expect(Math.abs(signedSeparation(day.startLon, moonLonAt(start)))).toBeLessThan(1e-6);
    expect(Math.abs(signedSeparation(day.endLon, moonLonAt(end)))).toBeLessThan(1e-6);
  });

  it('says a sign change only when one happened that day, at the minute the ephemeris gives', () => {
    let changes = 0;
    for (let d = 1; d <= 30; d++) {
      const chart = natalChartFor({ name: 'X', year: 1994, month: 9, day: d, time_known: false }, MADRID);
      const day = moonDay(chart)!;
      const start = DateTime.fromISO(`1994-09-${String(d).padStart(2, '0')}T00:00`, { zone: 'Europe/Madrid' });
      const changed = signIndexOf(moonLonAt(start.toMillis())) !== signIndexOf(moonLonAt(start.plus({ days: 1 }).toMillis()));
      expect(day.signs.length, `1994-09-${d}`).toBe(changed ? 2 : 1);
      if (!changed) continue;
      changes++;
      const [h, m] = day.ingressAt!.split(':').map(Number) as [number, number];
      const at = start.set({ hour: h, minute: m }).toMillis();
      // Within a minute of the change: the sign before a minute earlier, the new sign a minute later.
      expect(signIndexOf(moonLonAt(at - 60_000))).not.toBe(signIndexOf(moonLonAt(at + 60_000)));
    }
    expect(changes).toBeGreaterThan(10);
  });

  it('gives each Moon aspect the hours it held and its exact minute, checked against the ephemeris', () => {
    const chart = natalChartFor({ name: 'Lucía Ortega', year: 1994, month: 9, day: 8, time_known: false }, MADRID);
    const day = moonDay(chart)!;
    const noon = Date.parse(chart.subject.datetime_utc);
    const exact = day.aspects.filter((a) => a.exactAt);
    expect(exact.length).toBeGreaterThan(0);
    const angle = { conjunction: 0, sextile: 60, square: 90, trine: 120, opposition: 180 };
    for (const a of exact) {
      const other = chart.planets.find((p) => p.id === a.other)!;
      const [h, m] = a.exactAt!.split(':').map(Number) as [number, number];
      const at = DateTime.fromISO('1994-09-08T00:00', { zone: 'Europe/Madrid' }).set({ hour: h, minute: m }).toMillis();
      const otherLon = other.abs_pos + (other.speed * (at - noon)) / 86_400_000;
      const orb = Math.abs(Math.abs(signedSeparation(otherLon, moonLonAt(at))) - angle[a.type]);
      expect(orb, `${a.type} ${a.other}`).toBeLessThan(0.02);
      expect(a.closest).toBe(0);
    }
    // The Moon square Uranus of the kind: in orb for part of the day, not at a noon orb.
    const { markdown } = composeReport(chart);
    expect(markdown).toMatch(/Moon square Uranus · within orb for part of the day \(\d\d:\d\d to \d\d:\d\d local time\), exact at \d\d:\d\d/);
    expect(markdown).not.toMatch(/Moon [a-z]+ [A-Z][a-z]+ · orb/);
  });
});

describe('an untimed report', () => {
  const chart = natalChartFor({ name: 'Lucía Ortega', year: 1994, month: 9, day: 8, time_known: false }, MADRID);
  const report = composeReport(chart);

  it('has no chapter or heading about the Ascendant, the houses or the chart ruler', () => {
    expect(report.sections.map((s) => s.id)).not.toContain('house_rulers');
    const headings = report.markdown.split('\n').filter((l) => l.startsWith('#'));
    for (const h of headings) expect(h, h).not.toMatch(/Ascendant|Rising|Chart Ruler|House|Life Areas|Houses With Planets/);
    // Each chapter's opening paragraph promises nothing the chart cannot give.
    for (const s of report.sections.slice(2)) {
      const intro = s.markdown.split('\n\n')[1] ?? '';
      if (s.id === 'appendix' || s.id === 'disclaimer') continue;
      expect(intro, s.id).not.toMatch(/Ascendant|rising sign|houses?\b|chart ruler/i);
    }
  });

  it('says the Moon sign is certain when the Moon stayed in it all day, and gives its range', () => {
    // One of the variants of the sentence: the range from midnight to midnight, in one sign.
    expect(report.markdown).toMatch(/from 1\d°\d\d′ Libra at midnight to 2\d°\d\d′ Libra at the next midnight[^.]*(never leaving|stayed in|without crossing)/);
    expect(report.markdown).not.toContain('Born before then');
    expect(report.markdown).toMatch(/Moon 1\d°\d\d′ Libra to 2\d°\d\d′ Libra over the birth day/);
    expect(report.markdown).not.toMatch(/only just entered|may still have been/);
  });

  it('names both signs, and the hour, when the Moon changed sign that day', () => {
    for (let d = 1; d <= 6; d++) {
      const c = natalChartFor({ name: 'X', year: 1994, month: 9, day: d, time_known: false }, MADRID);
      const day = moonDay(c)!;
      const text = composeReport(c).markdown;
      if (day.signs.length === 2) expect(text).toContain(`at ${day.ingressAt} local time. Born before then, your Moon is in`);
      else expect(text).toMatch(/at the next midnight[^.]*(never leaving|stayed in|without crossing)/);
    }
  });

  it('a timed polar chart still reads its Ascendant and houses', () => {
    const polar = composeReport(natalChartFor({ name: 'Ingrid Berg', year: 1985, month: 12, day: 21, hour: 9, minute: 15 }, PLACES.tromso));
    expect(polar.sections.find((s) => s.id === 'meeting_world')!.markdown).toMatch(/\n### Ascendant in [A-Z][a-z]+\n/);
    expect(polar.sections.map((s) => s.id)).toContain('house_rulers');
    expect(polar.markdown).toMatch(/\n### [A-Z][a-z]+ in the \d+(st|nd|rd|th) House\n/);
  });
});

describe('points named in prose', () => {
  it('the Sun and the Moon keep their article where a chapter lists what stands in a house', () => {
    // Births a day apart over two months, at one hour: the Moon passes through the 4th and the 7th house.
    let listed = 0;
    for (let d = 0; d < 60; d++) {
      const date = new Date(Date.UTC(1990, 0, 1 + d));
      const chart = natalChartFor(
        { name: 'X', year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate(), hour: 6, minute: 30 },
        MADRID,
      );
      const md = composeReport(chart).markdown;
      listed += (md.match(/(the|The) (Sun|Moon)[^.]{0,40} (living|lives|there as well|stands? in the 7th house)/g) ?? []).length;
      expect(md).not.toMatch(/(?<![Tt]he )\b(Sun|Moon)\b[^.]{0,40} (living there|lives there|there as well|stands? in the 7th house)/);
    }
    expect(listed).toBeGreaterThan(0);
  });
});

describe('motion in the positions table', () => {
  it('a planet read as retrograde near its station is "retrograde, near a station" in the table, not only "stationary" (Mars, Murmansk 1995-01-05)', () => {
    const murmansk = { city: 'Murmansk', country: 'RU', lat: 68.9585, lng: 33.0827, source: 'request' as const, zone: 'Europe/Moscow' };
    const chart = natalChartFor({ name: 'Anna Sokolova', year: 1995, month: 1, day: 5, hour: 13, minute: 5 }, murmansk);
    const mars = calcBody(julianDayFromUtcMs(Date.parse(chart.subject.datetime_utc)), 4);
    expect(mars.speedLon).toBeLessThan(0);
    const { markdown } = composeReport(chart);
    expect(markdown).toContain('Mars Retrograde');
    expect(markdown).toMatch(/\| Mars \| [^|]+ \| [^|]+ \| retrograde, near a station \|/);
  });
});

describe('the dominant planet of an untimed report', () => {
  const chicago = { city: 'Chicago', country: 'US', lat: 41.8781, lng: -87.6298, source: 'request' as const, zone: 'America/Chicago' };

  it('is not named when the Moon’s hour decides it (Chicago 1972-02-29: the Moon leads at noon only through part-day aspects)', () => {
    const chart = natalChartFor({ name: 'Marcus Reed', year: 1972, month: 2, day: 29, time_known: false }, chicago);
    const { markdown } = composeReport(chart, { sky: reportSky({ chart, asOf: '2026-11-25T00:00:00Z' }) });
    expect(markdown).not.toMatch(/as Your Dominant Planet|your strongest planet|carries the most weight|most prominent planet/);
    expect(markdown).toMatch(/Which planet weighs most in your chart depends on the hour of birth[^\n]*Moon[^\n]*each lead for part of the day/);
  });

  it('is named when one planet leads all day, the same in the reading and the synthesis', () => {
    let named = 0;
    for (let month = 1; month <= 12; month++) {
      const chart = natalChartFor({ name: `Untimed ${month}`, year: 1984, month, day: 11, time_known: false }, chicago);
      const { markdown } = composeReport(chart, { sky: reportSky({ chart, asOf: '2026-11-25T00:00:00Z' }) });
      const heading = /### (?:The )?(\w+) as Your Dominant Planet/.exec(markdown);
      const undecided = markdown.includes('depends on the hour of birth, because the Moon');
      // One or the other, never both.
      expect(Boolean(heading) !== undecided, chart.subject.datetime).toBe(true);
      if (heading) named++;
    }
    // Three of the twelve: the Moon's place and the other bodies' hour both move the scores.
    expect(named).toBeGreaterThanOrEqual(3);
  });
});

describe('a polar chart’s fallback houses', () => {
  it('the reading says how wide they run, from the chart’s own cusps (Murmansk 1995-01-05)', () => {
    const murmansk = { city: 'Murmansk', country: 'RU', lat: 68.9585, lng: 33.0827, source: 'request' as const, zone: 'Europe/Moscow' };
    const chart = natalChartFor({ name: 'Anna Sokolova', year: 1995, month: 1, day: 5, hour: 13, minute: 5 }, murmansk);
    const cusps = [...chart.houses!].sort((a, b) => a.house - b.house).map((h) => h.abs_pos);
    const widths = cusps.map((c, i) => (((cusps[(i + 1) % 12]! - c) % 360) + 360) % 360);
    const { markdown } = composeReport(chart);
    expect(markdown).toContain(`Here they run from ${Math.round(Math.min(...widths))}° to ${Math.round(Math.max(...widths))}° wide.`);
    expect(Math.max(...widths) - Math.min(...widths)).toBeGreaterThan(40);
  });
});

describe('what three more readers found false (Lima 1988, Oslo 1969 untimed, Norilsk 1979)', () => {
  const OSLO = { city: 'Oslo', country: 'NO', lat: 59.9139, lng: 10.7522, source: 'request' as const, zone: 'Europe/Oslo' };
  const elongationAt = (ms: number) => (((moonLonAt(ms) - calcBody(julianDayFromUtcMs(ms), 0).lon) % 360) + 360) % 360;

  it('an untimed Moon that changed phase that day is given its phase for the births on noon’s side of the hour only', () => {
    // The phase read is the lunation cycle's (45° steps from the New Moon, the Full Moon's read from 5° before the
    // opposition): on 3 March 1969 the Moon came within 5° of its opposition to the Sun in the evening, and the reading
    // passes from the gibbous phase, noon's, into the full.
    const chart = natalChartFor({ name: 'Ingrid Berg', year: 1969, month: 3, day: 3, time_known: false }, OSLO);
    const { markdown } = composeReport(chart, { sky: reportSky({ chart, asOf: '2026-11-28T00:00:00Z' }) });
    const line =
      /\*Moon \d+° ahead of the Sun at noon, \d+ % lit: a full moon[^;*]*(?:; in the lunation cycle[^;*]+)?; the gibbous phase holds if you were born before (\d\d):(\d\d) local time \(after then, the Full Moon phase\)\*/.exec(
        markdown,
      );
    expect(line).not.toBeNull();
    // The ephemeris puts the Moon past 175° (the reading's edge of the full phase) within a few minutes of the hour given.
    const at = DateTime.fromISO('1969-03-03T00:00', { zone: 'Europe/Oslo' })
      .set({ hour: Number(line![1]), minute: Number(line![2]) })
      .toMillis();
    expect(elongationAt(at - 10 * 60_000)).toBeLessThan(175);
    expect(elongationAt(at + 10 * 60_000)).toBeGreaterThan(175);
    // The synthesis says its lines from the phase hold only for those births.
    expect(markdown).toMatch(/The lines marked [^\n]*\(the Waxing Gibbous Moon of your birth\) hold only for the births/);
  });

  it('a dominant planet that leads on a tie says so, and by which tie-break, in its chapter and in the synthesis', () => {
    const lima = { city: 'Lima', country: 'PE', lat: -12.0464, lng: -77.0428, source: 'request' as const, zone: 'America/Lima' };
    const chart = natalChartFor({ name: 'Rosa Quispe', year: 1988, month: 8, day: 19, hour: 4, minute: 50 }, lima);
    const { markdown } = composeReport(chart);
    // Pluto in its own sign within 1° of the IC (3 + 3), the Sun in its own sign in the 1st house, 25° from the Ascendant
    // (3 + 2): Pluto's placement is the stronger.
    const placed = (id: string) => chart.planets.find((p) => p.id === id)!;
    const signIndex = (id: string) => Math.floor(placed(id).abs_pos / 30);
    expect([signIndex('pluto'), signIndex('sun'), placed('sun').house]).toEqual([7, 4, 1]);
    expect(Math.abs(placed('pluto').abs_pos - ((chart.angles!.mc + 180) % 360))).toBeLessThan(1);
    expect(markdown).toContain(
      '*Scores: Pluto 16 · Sun 16 · Moon 13; Pluto and the Sun tie, and Pluto leads by the strength of its sign and its place by an angle*',
    );
    expect(markdown).toContain('Pluto shares the highest score in your chart with the Sun, and wins the tie by the rule given with its scores');
    expect(markdown).not.toMatch(/Pluto carries the most weight|your strongest planet, Pluto/);
  });

  it('untimed, a tie is one at the same hour, never an overlap of ranges, and the Moon (before Uranus in the order) never ties a Uranus that leads', () => {
    const montreal = { city: 'Montreal', country: 'CA', lat: 45.5017, lng: -73.5673, source: 'request' as const, zone: 'America/Toronto' };
    const chart = natalChartFor({ name: 'Julien Tremblay', year: 1996, month: 2, day: 19, time_known: false }, montreal);
    const { markdown } = composeReport(chart, { sky: reportSky({ chart, asOf: '2026-11-28T00:00:00Z' }) });
    // The Moon's range (2–8) overlaps Uranus's (7–9) without a tie at any hour.
    expect(markdown).toMatch(
      /Scores over the birth day, as the Moon moved: Uranus 7–9 · Pluto 6–9 · Moon 2–8; Uranus leads at every hour; Uranus and Pluto tie at some hours, and Uranus leads by the tie-break: /,
    );
    expect(markdown).toContain(
      'Uranus shares the highest score in your chart with Pluto at some hours of your birth day, and wins the tie by the rule given with its scores',
    );
    // Without angles the tie-break names none (a Lima reader met "its place by an angle" in an untimed chart).
    expect(markdown).toContain('Uranus leads by the tie-break: the strength of its sign, then the closest aspect, then the order of the planets*');
  });

  it('untimed, a tie at every hour of the day is a tie, not one "at some hours" (Lima 1992: Pluto and Saturn, 8 each all day)', () => {
    const lima = { city: 'Lima', country: 'PE', lat: -12.0464, lng: -77.0428, source: 'request' as const, zone: 'America/Lima' };
    const chart = natalChartFor({ name: 'Lucía Quispe', year: 1992, month: 10, day: 30, time_known: false }, lima);
    const { markdown } = composeReport(chart, { sky: reportSky({ chart, asOf: '2026-11-28T00:00:00Z' }) });
    expect(markdown).toContain('Pluto 8 · Saturn 8');
    expect(markdown).toMatch(/Pluto and Saturn tie, and Pluto leads by the tie-break/);
    expect(markdown).toContain('Pluto shares the highest score in your chart with Saturn, and wins the tie');
  });

  it('three modes of equal weight are not read as one of them scarce', () => {
    const norilsk = { city: 'Norilsk', country: 'RU', lat: 69.3558, lng: 88.1893, source: 'request' as const, zone: 'Asia/Krasnoyarsk' };
    const chart = natalChartFor({ name: 'Pavel Orlov', year: 1979, month: 6, day: 21, hour: 3, minute: 10 }, norilsk);
    const { markdown } = composeReport(chart);
    const least = markdown.slice(
      markdown.indexOf('## What Your Chart Has Least Of'),
      markdown.indexOf('\n## ', markdown.indexOf('## What Your Chart Has Least Of') + 5),
    );
    expect(least).toContain('the three modes hold equal shares (33 % each), so none of them is scarce');
    expect(least).not.toMatch(/Least Modality|smallest shares of their kind/);
  });
});
