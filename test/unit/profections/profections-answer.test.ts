/**
 * The annual profection's answer: over random births (timed and untimed, both zodiacs, places by
 * city and by coordinates, every include block and setting) the bytes the compute task writes
 * keep their contract with the response schema; and the boundaries hold: a birthday near the
 * year's edge, a 29 February birth in common years, ages 0, 12 and 24, an unknown birth time,
 * the years allowed.
 */
import { describe, expect, it } from 'vitest';
import { calcBody, initEphemeris } from '../../../src/astro/ephemeris.ts';
import { julianDayFromUtcMs } from '../../../src/astro/civil-time.ts';
import { signedSeparation } from '../../../src/astro/zodiac.ts';
import { runTask } from '../../../src/pool-tasks.ts';
import {
  profectionRequest,
  profectionResponse,
  PROFECTION_INCLUDES,
  MAX_PROFECTION_AGE,
  type ProfectionInclude,
} from '../../../src/features/western/profections/profections-schemas.ts';
import { computeProfection, profectionIncludes, type ProfectionTask } from '../../../src/features/western/profections/profections-service.ts';
import { resolveSubjectPlace } from '../../../src/requests/place.ts';
import { RequestFieldError } from '../../../src/requests/request-error.ts';
import { natalAnswerBytes } from '../../../src/features/western/natal/natal-answer.ts';
import { profectionNatalTask } from '../../../src/features/western/profections/profections-service.ts';
import { assertAnswerContract } from '../../helpers/answer-contract.ts';
import { seededRandom } from '../../helpers/seeded-random.ts';

initEphemeris();
const random = seededRandom(17_05_1990);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const coin = () => random() < 0.5;
const int = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));

const PLACES = [
  { city: 'Lisbon' },
  { city: 'Tokyo' },
  { lat: -33.87, lng: 151.21, tz_str: 'Australia/Sydney' },
  { lat: 69.65, lng: 18.96 },
  { lat: 40.71, lng: -74.01, tz_str: 'America/New_York' },
  { lat: 0, lng: 0, tz_str: 'UTC' },
];

function taskOf(body: Record<string, unknown>, includes: ProfectionInclude[] = []): ProfectionTask {
  const request = profectionRequest.parse(body);
  return { request, place: resolveSubjectPlace(request, ['body']), includes };
}

const bytesOf = (outcome: ReturnType<typeof runTask>): Uint8Array => {
  if (!(outcome instanceof Uint8Array)) throw new Error(`the task refused: ${outcome.msg}`);
  return outcome;
};
const answerOf = (task: ProfectionTask) => JSON.parse(new TextDecoder().decode(bytesOf(runTask('profections_annual', task))));

describe('the annual profection answer', () => {
  it('keeps its contract over random births and every option', () => {
    const answers: Uint8Array[] = [];
    for (let i = 0; i < 60; i++) {
      const year = int(1900, 2030);
      const timeKnown = i % 4 !== 3;
      const body: Record<string, unknown> = {
        year,
        month: int(1, 12),
        day: int(1, 28),
        ...(timeKnown ? { hour: int(0, 23), minute: int(0, 59) } : { time_known: false }),
        ...pick(PLACES),
        house_system: pick(['placidus', 'koch', 'whole_sign', 'equal']),
        annual_profection: {
          year: year + int(0, 80),
          settings: {
            ...(coin() ? { zodiac_type: pick(['Tropical', 'SIDEREAL', 'sidereal']) } : {}),
            ...(coin() ? { sidereal_ayanamsa: pick(['lahiri', 'fagan_bradley', 'raman']) } : {}),
            ...(coin() ? { rulership: pick(['traditional', 'Modern']) } : {}),
            ...(coin() ? { period_basis: pick(['birthday', 'Solar_Return']) } : {}),
            ...(coin()
              ? {
                  orb_policy: {
                    ...(coin() ? { default_orb_deg: int(1, 10) } : {}),
                    ...(coin() ? { by_aspect_deg: pick([{ conjunction: 10 }, { quincunx: 3, trine: 6 }]) } : {}),
                  },
                }
              : {}),
          },
        },
      };
      const includes = PROFECTION_INCLUDES.filter(() => random() < 0.7);
      answers.push(bytesOf(runTask('profections_annual', taskOf(body, includes))));
    }
    expect(assertAnswerContract(profectionResponse, answers).answers).toBe(60);
  });

  it('embeds the natal answer itself: its subject, planets and aspects, byte for byte as parsed', () => {
    const task = taskOf(
      {
        year: 1990,
        month: 5,
        day: 17,
        hour: 8,
        minute: 15,
        city: 'Lisbon',
        annual_profection: { year: 2026, settings: { orb_policy: { default_orb_deg: 6 } } },
      },
      [...PROFECTION_INCLUDES],
    );
    const natal = JSON.parse(new TextDecoder().decode(natalAnswerBytes(profectionNatalTask(task))));
    const answer = answerOf(task);
    expect(answer.subject).toEqual(natal.subject);
    const lord = answer.profection.annual.time_lord_id;
    const { whole_sign_house: _, ...lordPlanet } = answer.profection.time_lord_natal;
    expect(lordPlanet).toEqual(natal.planets.find((p: any) => p.id === lord));
    expect(lordPlanet.dignities).toBeDefined();
    expect(answer.profection.time_lord_aspects).toEqual(natal.aspects.filter((a: any) => a.p1 === lord || a.p2 === lord));
    for (const a of answer.profection.time_lord_aspects) expect(a.orb).toBeLessThanOrEqual(6);
    expect(answer.profection.activated_house_planets).toEqual(natal.planets.filter((p: any) => p.sign_id === answer.profection.annual.activated_sign_id));
  });

  it("ages 0, 12 and 24 activate the first house, the Ascendant's sign; age 0 starts at the birth itself", () => {
    const birth = { year: 1990, month: 5, day: 17, hour: 8, minute: 15, lat: 38.72, lng: -9.14, tz_str: 'Europe/Lisbon' };
    const houses = [0, 1, 12, 13, 24].map((age) => answerOf(taskOf({ ...birth, annual_profection: { year: 1990 + age } })).profection.annual);
    expect(houses.map((a) => a.activated_house)).toEqual([1, 2, 1, 2, 1]);
    expect(houses.map((a) => a.age)).toEqual([0, 1, 12, 13, 24]);
    expect(houses[0].activated_sign_id).toBe('gemini'); // Ascendant 25° Gemini
    expect(houses[0].time_lord_id).toBe('mercury');
    expect(houses[1].activated_sign_id).toBe('cancer');
    expect(houses[1].time_lord_name).toBe('Moon');
    const zero = answerOf(taskOf({ ...birth, annual_profection: { year: 1990 } }));
    expect(zero.profection.annual.period.start).toBe(zero.subject.datetime);
    expect(zero.profection.annual.period.start_utc).toBe('1990-05-17T07:15:00.000Z');
  });

  it("a birthday near the year's edge: the period runs from the birthday across New Year, in the birth zone", () => {
    const eve = answerOf(
      taskOf({ year: 1987, month: 12, day: 31, hour: 23, minute: 30, lat: 40.71, lng: -74.01, tz_str: 'America/New_York', annual_profection: { year: 2020 } }, [
        'monthly_profections',
      ]),
    );
    expect(eve.meta.annual_profection.period).toEqual({ start: '2020-12-31T23:30:00-05:00', end: '2021-12-31T23:30:00-05:00' });
    expect(eve.profection.annual.period.start_utc).toBe('2021-01-01T04:30:00.000Z');
    expect(eve.profection.monthly_profections).toHaveLength(12);
    expect(eve.profection.monthly_profections[0].period.start).toBe('2020-12-31T23:30:00-05:00');
    expect(eve.profection.monthly_profections[11].period.end).toBe('2021-12-31T23:30:00-05:00');
    const newYear = answerOf(
      taskOf({ year: 2000, month: 1, day: 1, hour: 0, minute: 10, lat: 51.5, lng: -0.12, tz_str: 'Europe/London', annual_profection: { year: 2025 } }),
    );
    expect(newYear.profection.annual.period).toMatchObject({ start: '2025-01-01T00:10:00+00:00', end: '2026-01-01T00:10:00+00:00' });
    expect(newYear.profection.annual.age).toBe(25);
  });

  it('a 29 February birth: the period runs from 28 February in common years, and says so', () => {
    const body = { year: 1996, month: 2, day: 29, hour: 12, minute: 0, lat: 0, lng: 0, tz_str: 'UTC' };
    const common = answerOf(taskOf({ ...body, annual_profection: { year: 2001 } }));
    expect(common.meta.annual_profection.period).toEqual({ start: '2001-02-28T12:00:00+00:00', end: '2002-02-28T12:00:00+00:00' });
    expect(common.warnings.some((w: string) => w.includes('29 February'))).toBe(true);
    const beforeLeap = answerOf(taskOf({ ...body, annual_profection: { year: 2003 } }));
    expect(beforeLeap.meta.annual_profection.period).toEqual({ start: '2003-02-28T12:00:00+00:00', end: '2004-02-29T12:00:00+00:00' });
    const leap = answerOf(taskOf({ ...body, annual_profection: { year: 2004 } }));
    expect(leap.meta.annual_profection.period).toEqual({ start: '2004-02-29T12:00:00+00:00', end: '2005-02-28T12:00:00+00:00' });
  });

  it('monthly periods chain without gaps, each the next sign, and begin where the Sun reaches the natal Sun plus 30°·k', () => {
    const answer = answerOf(
      taskOf({ year: 1990, month: 5, day: 17, hour: 8, minute: 15, lat: 38.72, lng: -9.14, tz_str: 'Europe/Lisbon', annual_profection: { year: 2026 } }, [
        'monthly_profections',
      ]),
    );
    const months = answer.profection.monthly_profections;
    expect(months.map((m: any) => m.month)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(months.map((m: any) => m.activated_house)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(months[0].activated_sign_id).toBe(answer.profection.annual.activated_sign_id);
    for (let k = 1; k < 12; k++) expect(months[k].period.start).toBe(months[k - 1].period.end);
    // Pinned to the second (the Sun reaches 26°44′ Cancer, natal Sun + 30°, on 17 June 2026 at 07:13:03 UT).
    expect(months[1].period.start_utc).toBe('2026-06-17T07:13:03.000Z');
  });

  it("without a birth time: houses from the Sun's sign, no monthly periods, the period from the birthday's midnight", () => {
    const answer = answerOf(
      taskOf({ year: 1990, month: 5, day: 17, time_known: false, lat: 38.72, lng: -9.14, tz_str: 'Europe/Lisbon', annual_profection: { year: 2027 } }, [
        ...PROFECTION_INCLUDES,
      ]),
    );
    expect(answer.meta.annual_profection.house_basis).toBe('sun');
    expect(answer.profection.annual).toMatchObject({ age: 37, activated_house: 2, activated_sign_id: 'gemini', time_lord_id: 'mercury' }); // Sun in Taurus
    expect(answer.profection.monthly_profections).toBeUndefined();
    expect(answer.profection.time_lord_natal.house).toBeUndefined();
    expect(answer.profection.time_lord_natal.whole_sign_house).toBeGreaterThanOrEqual(1);
    expect(answer.meta.annual_profection.period.start).toBe('2027-05-17T00:00:00+01:00');
    expect(answer.warnings.some((w: string) => w.includes('monthly'))).toBe(true);
  });

  it('period_basis solar_return: the year runs from the instant the Sun returns to its natal longitude, to the second', () => {
    const birth = { year: 1987, month: 12, day: 31, hour: 23, minute: 30, lat: 40.71, lng: -74.01, tz_str: 'America/New_York' };
    for (const zodiac of [{}, { zodiac_type: 'sidereal', sidereal_ayanamsa: 'lahiri' }]) {
      const task = taskOf({ ...birth, annual_profection: { year: 2020, settings: { period_basis: 'solar_return', ...zodiac } } }, ['monthly_profections']);
      const answer = answerOf(task);
      const natal = JSON.parse(new TextDecoder().decode(natalAnswerBytes(profectionNatalTask(task))));
      const sunLon = natal.planets.find((p: any) => p.id === 'sun').abs_pos;
      const setting = zodiac.zodiac_type ? { type: 'sidereal' as const, ayanamsa: 'lahiri' as const } : { type: 'tropical' as const };
      expect(answer.meta.annual_profection.period_basis).toBe('solar_return');
      for (const iso of [answer.profection.annual.period.start_utc, answer.profection.annual.period.end_utc]) {
        const jd = julianDayFromUtcMs(Date.parse(iso));
        // Within a second of the return (the Sun moves about 0.00001° in half a second).
        expect(Math.abs(signedSeparation(calcBody(jd, 0, setting).lon, sunLon))).toBeLessThan(2e-5);
      }
      // The return nearest the birthday of the target year (2020-12-31 23:30 in New York), not the one of 2019's end.
      expect(Math.abs(Date.parse(answer.profection.annual.period.start_utc) - Date.parse('2021-01-01T04:30:00Z'))).toBeLessThan(1.5 * 86_400_000);
      expect(answer.profection.monthly_profections[0].period.start).toBe(answer.profection.annual.period.start);
      expect(answer.profection.monthly_profections[11].period.end).toBe(answer.profection.annual.period.end);
    }
    const zero = answerOf(taskOf({ ...birth, annual_profection: { year: 1987, settings: { period_basis: 'solar_return' } } }));
    expect(zero.profection.annual.period.start).toBe(zero.subject.datetime);
    const leap = answerOf(
      taskOf({
        year: 1996,
        month: 2,
        day: 29,
        hour: 12,
        minute: 0,
        lat: 0,
        lng: 0,
        tz_str: 'UTC',
        annual_profection: { year: 2001, settings: { period_basis: 'solar_return' } },
      }),
    );
    expect(leap.warnings.some((w: string) => w.includes('29 February'))).toBe(false);
    expect(leap.profection.annual.period.start).toMatch(/^2001-0(2-2[789]|3-0[12])T/);
  });

  it('a sidereal zodiac in the settings wins over the top-level one', () => {
    const birth = { year: 1990, month: 5, day: 17, hour: 7, minute: 40, lat: 38.72, lng: -9.14, tz_str: 'Europe/Lisbon', zodiac_type: 'tropical' };
    const tropical = answerOf(taskOf({ ...birth, annual_profection: { year: 2026 } }));
    const sidereal = answerOf(taskOf({ ...birth, annual_profection: { year: 2026, settings: { zodiac_type: 'Sidereal', sidereal_ayanamsa: 'lahiri' } } }));
    expect(sidereal.meta.annual_profection.zodiac_type).toBe('Sidereal');
    expect(sidereal.meta.annual_profection.sidereal_ayanamsa).toBe('lahiri');
    expect(tropical.meta.annual_profection.zodiac_type).toBe('Tropical');
    // The Ascendant, about 16° Gemini tropical, is in Taurus with Lahiri's ayanamsa (about 23.7°).
    expect(tropical.profection.annual.activated_sign_id).toBe('gemini');
    expect(sidereal.profection.annual.activated_sign_id).toBe('taurus');
  });

  it('refuses a year before the birth or too far after it on annual_profection.year, and an unknown include block', () => {
    const body = { year: 1990, month: 5, day: 17, hour: 8, minute: 15, lat: 0, lng: 0, tz_str: 'UTC' };
    for (const year of [1989, 1990 + MAX_PROFECTION_AGE + 1]) {
      const error = (() => {
        try {
          computeProfection(taskOf({ ...body, annual_profection: { year } }));
        } catch (e) {
          return e;
        }
      })();
      expect(error).toBeInstanceOf(RequestFieldError);
      expect((error as RequestFieldError).loc).toEqual(['body', 'annual_profection', 'year']);
    }
    expect(() => computeProfection(taskOf({ ...body, annual_profection: { year: 1990 + MAX_PROFECTION_AGE } }))).not.toThrow();
    expect(() => profectionIncludes('monthly,all')).toThrow(RequestFieldError);
    expect(profectionIncludes(' ALL ')).toEqual([...PROFECTION_INCLUDES]);
    expect(profectionIncludes('time_lord_aspects,monthly_profections')).toEqual(['monthly_profections', 'time_lord_aspects']);
    expect(
      profectionRequest.safeParse({ ...body, annual_profection: { year: 2000, settings: { orb_policy: { by_aspect_deg: { sextil: 3 } } } } }).success,
    ).toBe(false);
  });
});
