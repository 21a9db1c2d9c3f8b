/**
 * The horoscopes' answers keep their contract with their response schemas over random births
 * (timed and untimed, places by city and by coordinates, both zodiacs), days and zones: the bytes
 * the compute tasks write parse against the strict schemas, keys in order, every field seen.
 */
import { describe, expect, it } from 'vitest';
import { initEphemeris } from '../../../src/astro/ephemeris.ts';
import { runTask } from '../../../src/pool-tasks.ts';
import { frameOfDate } from '../../../src/features/western/horoscope/horoscope-day.ts';
import {
  dailyPersonalV2Response,
  dailyPersonalV3Response,
  dailySignV1Response,
  dailySignV2Response,
  weeklyPersonalResponse,
  SIGN_IDS,
} from '../../../src/features/western/horoscope/horoscope-schemas.ts';
import type { SignTask } from '../../../src/features/western/horoscope/horoscope-service.ts';
import { assertAnswerContract } from '../../helpers/answer-contract.ts';
import { seededRandom } from '../../helpers/seeded-random.ts';
import { HOROSCOPE_ZONES, personalTasks } from '../../helpers/horoscope-tasks.ts';

initEphemeris();
const random = seededRandom(25_11_2026);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const int = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
const randomPersonalTask = personalTasks(25_11_2026);

const bytes = (outcome: ReturnType<typeof runTask>) => {
  if (!(outcome instanceof Uint8Array)) throw new Error(`the task refused: ${outcome.msg}`);
  return outcome;
};

describe('the horoscope answers', () => {
  it('daily personal v2 and v3 keep their contracts over random births and days', () => {
    const v2: Uint8Array[] = [];
    const v3: Uint8Array[] = [];
    for (let i = 0; i < 40; i++) {
      const task = randomPersonalTask(i);
      v2.push(bytes(runTask('horoscope_daily_personal_v2', task)));
      v3.push(bytes(runTask('horoscope_daily_personal_v3', task)));
    }
    expect(assertAnswerContract(dailyPersonalV2Response, v2).answers).toBe(40);
    expect(assertAnswerContract(dailyPersonalV3Response, v3).answers).toBe(40);
  });

  it('weekly personal keeps its contract', () => {
    const answers: Uint8Array[] = [];
    for (let i = 0; i < 10; i++) answers.push(bytes(runTask('horoscope_weekly_personal', randomPersonalTask(i))));
    expect(assertAnswerContract(weeklyPersonalResponse, answers).answers).toBe(10);
  });

  it('the sign horoscopes v1 and v2 keep their contracts for every sign', () => {
    const byVersion: Record<'v1' | 'v2', Uint8Array[]> = { v1: [], v2: [] };
    for (const [i, sign] of SIGN_IDS.entries()) {
      for (const version of ['v1', 'v2'] as const) {
        const task: SignTask = {
          sign,
          frame: frameOfDate(2026, int(1, 12), int(1, 28), pick(HOROSCOPE_ZONES)),
          place: i % 2 ? { lat: 0, lng: 0 } : { lat: 78.2, lng: 15.6 },
          locale: 'en',
          version,
          requestId: `s${i}`,
          nowMs: 0,
          warnings: [],
        };
        byVersion[version].push(bytes(runTask('horoscope_daily_sign', task)));
      }
    }
    const absent = { 'data.score_factors[].drivers[].orb_deg': 'a sign is read by whole-sign aspects, which have no orb' };
    expect(assertAnswerContract(dailySignV2Response, byVersion.v2, { absent }).answers).toBe(12);
    expect(assertAnswerContract(dailySignV1Response, byVersion.v1, { absent }).answers).toBe(12);
  });
});
