/**
 * The horoscopes' rules on the ephemeris: a transit is named only when it is within its orb at the
 * day's local noon, its exact instant and its orb's edges are where the planet really is exact or
 * at the orb (and agree with the fine scan of transit-windows.ts), the same person's texts do not
 * repeat on neighbouring days over a month, the sign horoscope reads the Moon's real sign and
 * solar house (across an ingress), the lucky hour is a real planetary hour (equal hours in a polar
 * night), and the daily library is complete and original.
 */
import { describe, expect, it } from 'vitest';
import { bodyInfo } from '../../../src/astro/bodies.ts';
import { calcBody, initEphemeris, TROPICAL } from '../../../src/astro/ephemeris.ts';
import { wrap180 } from '../../../src/astro/events/root-finding.ts';
import { HOROSCOPE_ORBS } from '../../../src/astro/horoscope-model.ts';
import { CHALDEAN_ORDER, daylightHours } from '../../../src/astro/planetary-hours.ts';
import { transitWindow } from '../../../src/astro/transit-windows.ts';
import { transitTrack } from '../../../src/astro/transit-hits.ts';
import { julianDayFromUtcMs } from '../../../src/astro/civil-time.ts';
import { SIGNS, signIndexOf } from '../../../src/astro/zodiac.ts';
import { computeChartMoment } from '../../../src/astro/chart.ts';
import { dailyPersonalRequest } from '../../../src/features/western/horoscope/horoscope-schemas.ts';
import {
  computeDailyPersonalV2,
  computeDailyPersonalV3,
  computeDailySign,
  type PersonalTask,
} from '../../../src/features/western/horoscope/horoscope-service.ts';
import { dayAfter, frameOfDate, nextMoonIngress, skyAtNoon } from '../../../src/features/western/horoscope/horoscope-day.ts';
import { resolveSubjectPlace } from '../../../src/requests/place.ts';
import { birthMoment } from '../../../src/requests/moment.ts';
import { RequestFieldError } from '../../../src/requests/request-error.ts';
import { dailyLibrary } from '../../../src/interpretations/daily/daily-library.ts';
import { reachableDailyKeys } from '../../../src/interpretations/daily/daily-keys.ts';
import { normalizedWords, SHARED_RUN_WORDS } from '../../../src/interpretations/originality.ts';
import { personalTasks } from '../../helpers/horoscope-tasks.ts';

const randomPersonalTask = personalTasks(8_11_1979);

initEphemeris();

function taskFor(birth: Record<string, unknown>, date: [number, number, number], zone: string): PersonalTask {
  const body = dailyPersonalRequest.parse({ birth });
  const place = resolveSubjectPlace(body.birth, ['body', 'birth']);
  return { birth: body.birth, place, frame: frameOfDate(...date, zone), locale: 'en', interpretationBlocks: true, requestId: 't', nowMs: 0 };
}

/** The natal longitudes of a task's birth, cast independently of the horoscope (the natal endpoint's moment and chart). */
function natalLongitudes(task: PersonalTask): Record<string, number> {
  const b = task.birth;
  const hour = b.hour ?? b.hours;
  const minute = b.minute ?? b.minutes;
  const moment = birthMoment({ ...b, hour, minute }, task.place, ['body']);
  const zodiac = b.zodiac_type === 'sidereal' ? ({ type: 'sidereal', ayanamsa: b.sidereal_ayanamsa ?? 'lahiri' } as const) : TROPICAL;
  const chart = computeChartMoment({
    jdUt: moment.jdUt,
    lat: task.place.lat,
    lng: task.place.lng,
    timeKnown: moment.timeKnown,
    zodiac,
    houseSystem: b.house_system ?? 'placidus',
    points: ['sun', 'moon', 'mercury', 'venus', 'mars', 'jupiter', 'saturn', 'uranus', 'neptune', 'pluto'],
    nodeVariant: 'mean',
  });
  const out: Record<string, number> = Object.fromEntries(chart.points.map((p) => [p.id, p.lon]));
  if (chart.houses) Object.assign(out, { asc: chart.houses.asc, mc: chart.houses.mc });
  return out;
}

const ANGLES: Record<string, number> = { conjunction: 0, sextile: 60, square: 90, trine: 120, opposition: 180 };
const zodiacOf = (task: PersonalTask) =>
  task.birth.zodiac_type === 'sidereal' ? ({ type: 'sidereal', ayanamsa: task.birth.sidereal_ayanamsa ?? 'lahiri' } as const) : TROPICAL;
/** Distance from exact of an aspect between two longitudes. */
const offExact = (a: number, b: number, angle: number) => Math.abs(Math.abs(wrap180(a - b)) - angle);
const jdOfLocal = (iso: string) => julianDayFromUtcMs(Date.parse(iso));

describe('only what the sky shows', () => {
  it('names a transit only when it is within its orb at local noon; its exact instant and orb edges are real', () => {
    let exacts = 0;
    let edges = 0;
    for (let i = 0; i < 40; i++) {
      const task = randomPersonalTask(i);
      const answer = computeDailyPersonalV3(task);
      const natal = natalLongitudes(task);
      const zodiac = zodiacOf(task);
      const top = answer.data.personal.transits_top;
      for (const t of top) {
        const se = bodyInfo(t.transit_planet.key).se!;
        const angle = ANGLES[t.aspect.key]!;
        const orb = HOROSCOPE_ORBS[t.aspect.key as keyof typeof HOROSCOPE_ORBS];
        const lon = calcBody(task.frame.noonJd, se, zodiac).lon;
        const off = offExact(lon, natal[t.natal_planet.key]!, angle);
        expect(off, `${t.transit_planet.key} ${t.aspect.key} ${t.natal_planet.key}`).toBeLessThanOrEqual(orb);
        expect(off).toBeCloseTo(t.orb_deg, 5);
        if (t.exact_at) {
          exacts++;
          expect(offExact(calcBody(jdOfLocal(t.exact_at), se, zodiac).lon, natal[t.natal_planet.key]!, angle)).toBeLessThan(2e-3);
          // A fine scan of the engine (transit-windows.ts) around noon finds the same hit, to a second.
          const slow = ['jupiter', 'saturn', 'uranus', 'neptune', 'pluto'].includes(t.transit_planet.key);
          const w = transitWindow((jd) => calcBody(jd, se, zodiac).lon, natal[t.natal_planet.key]!, angle, orb, task.frame.noonJd, {
            step: t.transit_planet.key === 'moon' ? 0.02 : slow ? 1 : 0.25,
            bound: slow ? 1500 : 200,
          })!;
          expect(Math.min(...w.exacts.map((e) => Math.abs(e - jdOfLocal(t.exact_at!)) * 86400))).toBeLessThan(1.5);
        }
        for (const edge of [t.window.start, t.window.end]) {
          if (!edge) continue;
          edges++;
          expect(Math.abs(offExact(calcBody(jdOfLocal(edge), se, zodiac).lon, natal[t.natal_planet.key]!, angle) - orb)).toBeLessThan(2e-3);
        }
        if (t.window.start) expect(t.window.start <= answer.data.date + 'T12:00:00' || jdOfLocal(t.window.start) <= task.frame.noonJd).toBe(true);
      }
      // The text names the strongest transit and no other: its sentence is the first transit's explanation.
      if (top[0]) expect(answer.data.content.text).toContain(top[0].explanation.main);
      const named = answer.data.astro.highlights.filter((h) => h.type === 'transit').map((h) => h.key);
      const listed = top.map((t) => `transit_${t.transit_planet.key}_${t.aspect.key}_${t.natal_planet.key}`);
      for (const key of named) expect(listed).toContain(key);
      for (const f of answer.data.score_factors) for (const d of f.drivers.filter((x) => x.type === 'transit')) expect(d.orb_deg!).toBeLessThanOrEqual(3);
    }
    expect(exacts).toBeGreaterThan(20);
    expect(edges).toBeGreaterThan(20);
  });

  it('the sky at noon gives each planet the very longitude its transit track gives (the finder is told it, not asked again), and is kept per noon', () => {
    for (let i = 0; i < 20; i++) {
      const task = randomPersonalTask(i);
      for (const zodiac of [TROPICAL, { type: 'sidereal', ayanamsa: 'lahiri' } as const]) {
        const sky = skyAtNoon(task.frame, zodiac);
        for (const p of sky.planets) expect(p.lon, p.id).toBe(transitTrack(p.id, zodiac).at(task.frame.noonJd).lon);
        // Kept per thread and shared by the requests of that noon: the same frozen sky.
        expect(skyAtNoon({ ...task.frame }, zodiac)).toBe(sky);
        expect(Object.isFrozen(sky) && Object.isFrozen(sky.planets) && sky.planets.every((p) => Object.isFrozen(p))).toBe(true);
      }
    }
  });

  it('v2 gives each top transit the exact instant v3 gives it (found without the window’s edges)', () => {
    let compared = 0;
    for (let i = 0; i < 40; i++) {
      const task = randomPersonalTask(i);
      const v3 = computeDailyPersonalV3(task).data.personal.transits_top;
      const v2 = computeDailyPersonalV2(task).data.personal.transits_top;
      expect(v2.map((t) => [t.transit_planet.key, t.aspect.key, t.natal_planet.key, t.exact_at])).toEqual(
        v3.map((t) => [t.transit_planet.key, t.aspect.key, t.natal_planet.key, t.exact_at]),
      );
      compared += v3.filter((t) => t.exact_at).length;
    }
    expect(compared).toBeGreaterThan(20);
  });

  it('outside the ephemeris files’ years (before 1800) answers without exact instants, and says so', () => {
    const task = taskFor({ year: 1700, month: 3, day: 3, hour: 3, minute: 3, lat: 45, lng: 10, tz_str: 'UTC' }, [1799, 12, 30], 'UTC');
    const answer = computeDailyPersonalV3(task);
    expect(answer.data.personal.transits_top.length).toBeGreaterThan(0);
    for (const t of answer.data.personal.transits_top) expect([t.exact_at, t.window.start, t.window.end]).toEqual([null, null, null]);
    expect(answer.data.timeline.next_shift).toBeNull();
    expect(answer.meta.warnings.join(' ')).toMatch(/ephemeris files \(1800-2399\)/);
  });

  it('an untimed birth has no angle targets and a confidence of 0.7', () => {
    const task = taskFor({ year: 1985, month: 7, day: 4, time_known: false, city: 'Tokyo' }, [2026, 11, 25], 'Asia/Tokyo');
    const answer = computeDailyPersonalV2(task);
    expect(answer.data.personal.confidence_score).toBe(0.7);
    for (const t of answer.data.personal.transits_top) expect(['asc', 'mc']).not.toContain(t.natal_planet.key);
    expect(answer.meta.warnings.join(' ')).toMatch(/Birth time unknown/);
  });
});

describe('texts over a month', () => {
  it('the same person reads different words on neighbouring days', () => {
    for (const birth of [
      { year: 1990, month: 5, day: 17, hour: 8, minute: 15, lat: 38.72, lng: -9.14 },
      { year: 1972, month: 12, day: 1, time_known: false, lat: -33.87, lng: 151.21 },
    ]) {
      const first = taskFor(birth, [2026, 11, 1], 'UTC');
      const days = Array.from({ length: 30 }, (_, i) => computeDailyPersonalV2({ ...first, frame: dayAfter(first.frame, i) }));
      const sentences = (a: (typeof days)[number]) => new Set(a.data.content.text.split(/(?<=[.!?])\s+/));
      for (let i = 1; i < days.length; i++) {
        expect(days[i]!.data.content.text).not.toBe(days[i - 1]!.data.content.text);
        const before = sentences(days[i - 1]!);
        for (const s of sentences(days[i]!)) expect(before.has(s), `day ${i}: ${s}`).toBe(false);
        for (const s of days[i]!.data.content.do) expect(days[i - 1]!.data.content.do).not.toContain(s);
      }
    }
  });

  it('the same request reads the same words (deterministic)', () => {
    const task = taskFor({ year: 2000, month: 1, day: 1, hour: 0, minute: 0, lat: 51.5, lng: 0 }, [2030, 6, 15], 'Europe/London');
    const a = computeDailyPersonalV3(task);
    const b = computeDailyPersonalV3({ ...task, requestId: 'other', nowMs: 5 });
    expect(b.data).toEqual(a.data);
  });
});

describe('the sign horoscope', () => {
  it('reads the Moon at local noon in its real sign and solar house, on both sides of an ingress', () => {
    const start = frameOfDate(2026, 3, 3, 'UTC');
    const ingress = nextMoonIngress(start, skyAtNoon(start, TROPICAL), TROPICAL)!;
    const hoursUtc = ((ingress.jd + 0.5) % 1) * 24;
    // Etc/GMT-k is UTC+k: its noon is at 12 - k UTC. Take the zones whose noon falls just before and just after the ingress.
    const dateOf = new Date((ingress.jd - 2440587.5) * 86400000);
    for (const k of [Math.ceil(12 - hoursUtc), Math.floor(12 - hoursUtc)]) {
      if (Math.abs(k) > 12) continue;
      const zone = k === 0 ? 'Etc/GMT' : `Etc/GMT${k > 0 ? '-' : '+'}${Math.abs(k)}`;
      const frame = frameOfDate(dateOf.getUTCFullYear(), dateOf.getUTCMonth() + 1, dateOf.getUTCDate(), zone);
      const moon = signIndexOf(calcBody(frame.noonJd, 1).lon);
      for (const [index, sign] of SIGNS.entries()) {
        const answer = computeDailySign({
          sign: sign.id,
          frame,
          place: { lat: 0, lng: 0 },
          locale: 'en',
          version: 'v2',
          requestId: 's',
          nowMs: 0,
          warnings: [],
        });
        expect(answer.data.astro.moon_sign.key).toBe(SIGNS[moon]!.id);
        expect(answer.data.astro.moon_house).toBe(((moon - index + 12) % 12) + 1);
        expect(answer.data.content.text).toContain(SIGNS[moon]!.name);
      }
    }
    expect(Math.abs(ingress.jd - julianDayFromUtcMs(Date.parse(new Date((ingress.jd - 2440587.5) * 86400000).toISOString())))).toBeLessThan(1e-6);
    // The ingress is where the Moon's longitude crosses the sign's edge.
    expect(Math.abs(wrap180(calcBody(ingress.jd, 1).lon - ingress.signIndex * 30))).toBeLessThan(1e-4);
  });

  it('reads every planet by its real sign: whole-sign aspects and solar houses', () => {
    const frame = frameOfDate(2027, 8, 9, 'Europe/Berlin');
    const answer = computeDailySign({
      sign: 'libra',
      frame,
      place: { lat: 52.5, lng: 13.4 },
      locale: 'en',
      version: 'v1',
      requestId: 's',
      nowMs: 0,
      warnings: [],
    });
    const factors = answer.data.score_factors.flatMap((f) => f.drivers).filter((d) => d.type === 'sign_aspect');
    const whole: Record<number, string> = { 0: 'conjunction', 2: 'sextile', 10: 'sextile', 3: 'square', 9: 'square', 4: 'trine', 8: 'trine', 6: 'opposition' };
    for (const d of factors) {
      const [, planet, aspect] = /^sign_aspect_([a-z]+)_([a-z]+)$/.exec(d.key)!;
      const distance = (signIndexOf(calcBody(frame.noonJd, bodyInfo(planet!).se!).lon) - 6 + 12) % 12;
      expect(whole[distance]).toBe(aspect);
    }
    for (const h of answer.data.astro.highlights.filter((x) => x.type === 'planet_in_house')) {
      const [, planet, house] = /^([a-z]+)_house_(\d+)$/.exec(h.key)!;
      expect(Number(house)).toBe(((signIndexOf(calcBody(frame.noonJd, bodyInfo(planet!).se!).lon) - 6 + 12) % 12) + 1);
    }
  });
});

describe('the lucky hour', () => {
  it('is the lucky planet’s daylight planetary hour, a twelfth of sunrise to sunset', () => {
    const task = taskFor({ year: 1990, month: 5, day: 17, hour: 8, minute: 15, lat: 48.85, lng: 2.35 }, [2026, 6, 21], 'Europe/Paris');
    const w = computeDailyPersonalV2(task).data.lucky;
    expect(w.time_window.method).toBe('planetary_hour');
    expect(w.time_window.planet).toBe(w.planet.label);
    const minutes = (Date.parse(w.time_window.end) - Date.parse(w.time_window.start)) / 60000;
    // Near the June solstice in Paris the day lasts about 16 h 10 min: its hours about 81 minutes.
    expect(minutes).toBeGreaterThan(79);
    expect(minutes).toBeLessThan(83);
  });

  it('falls back to equal hours in a polar night, and says so', () => {
    const task = taskFor({ year: 1990, month: 5, day: 17, hour: 8, minute: 15, lat: 69.65, lng: 18.96 }, [2026, 12, 20], 'Europe/Oslo');
    const answer = computeDailyPersonalV2(task);
    expect(answer.data.lucky.time_window.method).toBe('equal_hours');
    expect((Date.parse(answer.data.lucky.time_window.end) - Date.parse(answer.data.lucky.time_window.start)) / 60000).toBe(60);
    expect(answer.meta.warnings.join(' ')).toMatch(/does not both rise and set/);
  });

  it('runs the Chaldean order from the weekday’s ruler', () => {
    const hours = daylightHours(0, 0.5, 3); // a Wednesday: Mercury's day
    expect(hours[0]!.ruler).toBe('mercury');
    expect(hours.map((h) => h.ruler).slice(0, 8)).toEqual([...CHALDEAN_ORDER.slice(5), ...CHALDEAN_ORDER.slice(0, 5), 'mercury'].slice(0, 8));
    expect(hours[11]!.end).toBe(0.5);
  });
});

describe('requests', () => {
  it('reads hours/minutes as hour/minute, and refuses two different values', () => {
    const a = computeDailyPersonalV2(taskFor({ year: 1990, month: 5, day: 17, hour: 8, minute: 15, lat: 10, lng: 10 }, [2026, 1, 1], 'UTC'));
    const b = computeDailyPersonalV2(taskFor({ year: 1990, month: 5, day: 17, hours: 8, minutes: 15, lat: 10, lng: 10 }, [2026, 1, 1], 'UTC'));
    expect(b.data).toEqual(a.data);
    expect(() =>
      computeDailyPersonalV2(taskFor({ year: 1990, month: 5, day: 17, hour: 8, hours: 9, minute: 15, lat: 10, lng: 10 }, [2026, 1, 1], 'UTC')),
    ).toThrow(RequestFieldError);
  });

  it('a day of a daylight-saving change runs 23 hours, its noon at 12:00 local', () => {
    const frame = frameOfDate(2026, 3, 29, 'Europe/Lisbon');
    expect((frame.endMs - frame.startMs) / 3_600_000).toBe(23);
    expect(new Date(frame.noonMs).toISOString()).toBe('2026-03-29T11:00:00.000Z');
  });
});

describe('the daily library', () => {
  const library = dailyLibrary();
  it('has an entry with several variants for every key the horoscopes reach, and no other', () => {
    const reachable = reachableDailyKeys();
    expect([...library.entries.keys()].sort()).toEqual([...reachable].sort());
    for (const entry of library.entries.values()) {
      expect(entry.variants.length).toBeGreaterThanOrEqual(2);
      for (const v of entry.variants) expect(v.includes('{point}')).toBe(entry.key.startsWith('daily.transit.'));
    }
  });

  it('shares no run of eight words between two entries', () => {
    const owner = new Map<string, string>();
    const shared: string[] = [];
    for (const entry of library.entries.values()) {
      const own = new Set<string>();
      for (const text of [entry.title, ...entry.variants]) {
        const words = normalizedWords(text);
        for (let i = 0; i + SHARED_RUN_WORDS <= words.length; i++) own.add(words.slice(i, i + SHARED_RUN_WORDS).join(' '));
      }
      for (const run of own) {
        const first = owner.get(run);
        if (first === undefined) owner.set(run, entry.key);
        else shared.push(`${run}: ${first}, ${entry.key}`);
      }
    }
    expect(shared).toEqual([]);
  });
});
