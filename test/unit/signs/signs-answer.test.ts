/**
 * The sign lookups' answer: over random births (timed and untimed, both zodiacs, several house
 * systems, every point and interpretation style) the bytes the compute task writes keep their
 * contract with the response schema and agree with the natal answer of the same request; and
 * the boundaries hold: the Sun a minute before and after its ingress (29°59′ vs 0°00′), a polar
 * birth for the rising sign, the angles without a birth time.
 */
import { describe, expect, it } from 'vitest';
import { calcBody, initEphemeris } from '../../../src/astro/ephemeris.ts';
import { brent, wrap180 } from '../../../src/astro/events/root-finding.ts';
import { julianDayFromUtcMs, utcMsFromJulianDay } from '../../../src/astro/civil-time.ts';
import { runTask } from '../../../src/pool-tasks.ts';
import { natalAnswerBytes } from '../../../src/features/western/natal/natal-answer.ts';
import { SIGN_POINTS, signRequest, signResponse, type SignPoint } from '../../../src/features/western/signs/signs-schemas.ts';
import { computeSign, type SignTask } from '../../../src/features/western/signs/signs-service.ts';
import { resolveSubjectPlace } from '../../../src/requests/place.ts';
import { RequestFieldError } from '../../../src/requests/request-error.ts';
import { assertAnswerContract } from '../../helpers/answer-contract.ts';
import { seededRandom } from '../../helpers/seeded-random.ts';

initEphemeris();
const random = seededRandom(29_02_1996);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const coin = () => random() < 0.5;
const int = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
const PLACES = [
  { city: 'Lisbon' },
  { city: 'Buenos Aires' },
  { lat: -33.87, lng: 151.21, tz_str: 'Australia/Sydney' },
  { lat: 69.65, lng: 18.96 },
  { lat: 0, lng: 0, tz_str: 'UTC' },
];

function taskOf(point: SignPoint, body: Record<string, unknown>): SignTask {
  const request = signRequest.parse(body);
  return { point, request, place: resolveSubjectPlace(request, ['body']) };
}
const bytesOf = (outcome: ReturnType<typeof runTask>): Uint8Array => {
  if (!(outcome instanceof Uint8Array)) throw new Error(`the task refused: ${outcome.msg}`);
  return outcome;
};
const answerOf = (task: SignTask) => JSON.parse(new TextDecoder().decode(bytesOf(runTask('sign_lookup', task))));

describe('the sign lookup answer', () => {
  it('keeps its contract over random births, every point and style, and agrees with the natal answer', () => {
    const answers: Uint8Array[] = [];
    for (let i = 0; i < 80; i++) {
      const point = SIGN_POINTS[i % 4]!;
      const timeKnown = !(point === 'sun' || point === 'moon') || i % 3 !== 0;
      const body = {
        year: int(1900, 2030),
        month: int(1, 12),
        day: int(1, 28),
        ...(timeKnown ? { hour: int(0, 23), minute: int(0, 59) } : { time_known: false }),
        ...pick(PLACES),
        house_system: pick(['placidus', 'koch', 'whole_sign', 'equal', 'campanus']),
        ...(coin() ? { zodiac_type: 'sidereal', sidereal_ayanamsa: pick(['lahiri', 'raman']) } : {}),
        ...(coin() ? { interpretation: { enable: random() < 0.8, style: pick(['standard', 'improved', 'Poetic']) } } : {}),
      };
      const task = taskOf(point, body);
      const bytes = bytesOf(runTask('sign_lookup', task));
      answers.push(bytes);
      const answer = JSON.parse(new TextDecoder().decode(bytes));
      const natal = JSON.parse(
        new TextDecoder().decode(
          natalAnswerBytes({ request: { ...task.request, interpretation: undefined }, place: task.place, includeMinor: false, includeStelliums: false }),
        ),
      );
      const id = { sun: 'sun', moon: 'moon', rising: 'asc', midheaven: 'mc' }[point];
      const at = id === 'sun' || id === 'moon' ? natal.planets.find((p: any) => p.id === id) : natal.angles_details[id];
      expect([answer.sign, answer.sign_id, answer.degree, answer.abs_pos, answer.house]).toEqual([at.sign, at.sign_id, at.pos, at.abs_pos, at.house]);
      expect(answer.subject).toEqual(natal.subject);
      if (answer.interpretation) expect(answer.interpretation.key).toBe(`${id === 'sun' || id === 'moon' ? 'planet' : 'angle'}.${id}.sign.${answer.sign_id}`);
    }
    expect(assertAnswerContract(signResponse, answers).answers).toBe(80);
  });

  it("the Sun a minute before its ingress into Taurus is at 29°59′ Aries, a minute after at 0°00′ Taurus, with each sign's text", () => {
    const guess = julianDayFromUtcMs(Date.UTC(2026, 3, 20));
    const ingress = brent((jd) => wrap180(calcBody(jd, 0).lon - 30), guess - 2, guess + 2);
    const minute = Math.floor(utcMsFromJulianDay(ingress) / 60_000) * 60_000;
    const at = (ms: number) => {
      const d = new Date(ms);
      return answerOf(
        taskOf('sun', {
          year: d.getUTCFullYear(),
          month: d.getUTCMonth() + 1,
          day: d.getUTCDate(),
          hour: d.getUTCHours(),
          minute: d.getUTCMinutes(),
          lat: 0,
          lng: 0,
          tz_str: 'UTC',
          interpretation: { enable: true },
        }),
      );
    };
    const before = at(minute);
    const after = at(minute + 60_000);
    expect(before).toMatchObject({ point: 'Sun', sign: 'Ari', sign_id: 'aries' });
    expect(before.degree).toBeGreaterThan(29.99);
    expect(before.degree).toBeLessThan(30);
    expect(before.interpretation.key).toBe('planet.sun.sign.aries');
    expect(after).toMatchObject({ point: 'Sun', sign: 'Tau', sign_id: 'taurus' });
    expect(after.degree).toBeGreaterThanOrEqual(0);
    expect(after.degree).toBeLessThan(0.01);
    expect(after.interpretation).toMatchObject({ id: 'sun_taurus', key: 'planet.sun.sign.taurus', category: 'planet_sign', style: 'standard' });
  });

  it('a polar birth: the rising sign comes with the house system the latitude allows, and says so', () => {
    const answer = answerOf(taskOf('rising', { year: 1995, month: 12, day: 21, hour: 12, minute: 0, lat: 78.22, lng: 15.65, tz_str: 'Arctic/Longyearbyen' }));
    expect(answer.point).toBe('Ascendant');
    expect(answer.house).toBe(1);
    expect(answer.subject.settings.house_system).not.toBe('placidus');
    expect(answer.warnings.length).toBeGreaterThan(0);
    const mc = answerOf(
      taskOf('midheaven', {
        year: 1995,
        month: 12,
        day: 21,
        hour: 12,
        minute: 0,
        lat: 78.22,
        lng: 15.65,
        tz_str: 'Arctic/Longyearbyen',
        interpretation: { enable: true, style: 'improved' },
      }),
    );
    expect(mc.point).toBe('Midheaven');
    expect(mc.interpretation).toMatchObject({ key: `angle.mc.sign.${mc.sign_id}`, style: 'improved' });
    expect(mc.interpretation.strengths.length).toBeGreaterThan(0);
  });

  it('the rising sign and the Midheaven without a birth time: a refusal on time_known; the Sun and Moon answer without a house', () => {
    const untimed = { year: 1990, month: 5, day: 17, time_known: false, lat: 38.72, lng: -9.14, tz_str: 'Europe/Lisbon' };
    for (const point of ['rising', 'midheaven'] as const) {
      const error = (() => {
        try {
          computeSign(taskOf(point, untimed));
        } catch (e) {
          return e;
        }
      })();
      expect(error).toBeInstanceOf(RequestFieldError);
      expect((error as RequestFieldError).loc).toEqual(['body', 'time_known']);
    }
    const sun = answerOf(taskOf('sun', untimed));
    expect(sun).toMatchObject({ point: 'Sun', sign_id: 'taurus' });
    expect(sun.house).toBeUndefined();
  });

  it('poetic is served with the standard text, and the answer says so', () => {
    const answer = answerOf(
      taskOf('moon', {
        year: 1990,
        month: 5,
        day: 17,
        hour: 8,
        minute: 15,
        lat: 38.72,
        lng: -9.14,
        tz_str: 'Europe/Lisbon',
        interpretation: { enable: true, style: 'poetic' },
      }),
    );
    expect(answer.interpretation.style).toBe('standard');
    expect(answer.warnings.some((w: string) => w.includes('poetic'))).toBe(true);
  });
});
