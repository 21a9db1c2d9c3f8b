/**
 * The panchang's two answers: over random dates and places (cities and coordinates, polar ones,
 * several ayanamsas, with and without a requested time) the bytes the compute tasks write keep
 * their contract with each version's response schema, and the two versions tell the same day.
 */
import { describe, expect, it } from 'vitest';
import { initEphemeris } from '../../../src/astro/ephemeris.ts';
import { panchangV1AnswerBytes, panchangV2AnswerBytes } from '../../../src/features/vedic/panchang/vedic-panchang-answer.ts';
import { panchangRequest, panchangV1Response, panchangV2Response } from '../../../src/features/vedic/panchang/vedic-panchang-schemas.ts';
import type { PanchangTask } from '../../../src/features/vedic/panchang/vedic-panchang-service.ts';
import { resolveSubjectPlace } from '../../../src/requests/place.ts';
import { assertAnswerContract } from '../../helpers/answer-contract.ts';
import { seededRandom } from '../../helpers/seeded-random.ts';

initEphemeris();
const random = seededRandom(25_11_2026);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const int = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));

const PLACES = [
  { city: 'Varanasi' },
  { city: 'Chennai' },
  { lat: 28.6139, lng: 77.209, tz_str: 'Asia/Kolkata' },
  { lat: 27.7172, lng: 85.324 },
  { lat: 69.65, lng: 18.96 },
  { lat: -33.87, lng: 151.21, tz_str: 'Australia/Sydney' },
  { lat: 40.71, lng: -74.01, timezone: 'America/New_York' },
];

const taskOf = (body: Record<string, unknown>): PanchangTask => {
  const request = panchangRequest.parse(body);
  return { request, place: resolveSubjectPlace(request, ['body']) };
};
/** The bytes the compute tasks vedic_panchang_v1 and _v2 write. */
const bytesOf = (version: 'v1' | 'v2', task: PanchangTask): Uint8Array => (version === 'v1' ? panchangV1AnswerBytes : panchangV2AnswerBytes)(task);

describe('the panchang answers', () => {
  it('keep their contracts over random days, places and ayanamsas', () => {
    const v1: Uint8Array[] = [];
    const v2: Uint8Array[] = [];
    for (let i = 0; i < 40; i++) {
      const body: Record<string, unknown> = {
        year: int(1900, 2100),
        month: int(1, 12),
        day: int(1, 28),
        ...(random() < 0.6 ? { hour: int(0, 23), minute: int(0, 59) } : {}),
        ...pick(PLACES),
        ...(random() < 0.5 ? { ayanamsha: pick(['lahiri', 'Raman', 'krishnamurti', 'true_citra']) } : {}),
      };
      // Polar days and nights, and a day with a kshaya tithi, among the random ones.
      if (i === 0) Object.assign(body, { year: 2026, month: 6, day: 21, lat: 69.65, lng: 18.96 });
      if (i === 1) Object.assign(body, { year: 2026, month: 12, day: 21, lat: 69.65, lng: 18.96 });
      if (i === 2) Object.assign(body, { year: 2026, month: 1, day: 6, lat: 28.6139, lng: 77.209, tz_str: 'Asia/Kolkata' });
      const task = taskOf(body);
      v1.push(bytesOf('v1', task));
      v2.push(bytesOf('v2', task));
    }
    expect(assertAnswerContract(panchangV1Response, v1).answers).toBe(40);
    expect(assertAnswerContract(panchangV2Response, v2).answers).toBe(40);
  });

  it('tell the same day in both versions; v2 lists every change of limb in time order', () => {
    const task = taskOf({ year: 2026, month: 1, day: 6, hour: 15, minute: 0, lat: 28.6139, lng: 77.209, tz_str: 'Asia/Kolkata' });
    const one = JSON.parse(new TextDecoder().decode(bytesOf('v1', task)));
    const two = JSON.parse(new TextDecoder().decode(bytesOf('v2', task)));
    for (const key of [
      'date',
      'location',
      'sunrise',
      'sunset',
      'next_sunrise',
      'moonrise',
      'moonset',
      'tithi',
      'nakshatra',
      'yoga',
      'karana',
      'rahu_kalam',
      'lunar_month',
    ])
      expect(two[key], key).toEqual(one[key]);
    expect(two.weekday).toEqual(one.vara);
    expect(two.calendar).toEqual({ paksha: one.paksha, ritu: one.ritu, ayana: one.ayana, ...one.samvat });
    const changes = (['tithi', 'nakshatra', 'yoga', 'karana'] as const).flatMap((limb) =>
      one[limb].following.map((e: { start: string }) => ({ limb, at: e.start })),
    );
    expect(two.transitions.map((t: { limb: string; at: string }) => ({ limb: t.limb, at: t.at }))).toEqual(
      [...changes].sort(
        (a, b) =>
          Date.parse(a.at) - Date.parse(b.at) ||
          ['tithi', 'nakshatra', 'yoga', 'karana'].indexOf(a.limb) - ['tithi', 'nakshatra', 'yoga', 'karana'].indexOf(b.limb),
      ),
    );
    expect(two.request_time_panchang.datetime).toBe('2026-01-06T15:00:00+05:30');
  });
});
