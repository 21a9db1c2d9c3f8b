/**
 * The BaZi answer keeps its contract with its response schema: over random births (years of the
 * whole served range, zones with and without DST and historical offsets, places east and west),
 * with every option and flag, the bytes the compute task writes parse against the strict schema,
 * in its key order, and every field of the schema appears in one of them.
 */
import { describe, expect, it } from 'vitest';
import { initEphemeris } from '../../../src/astro/ephemeris.ts';
import { runTask } from '../../../src/pool-tasks.ts';
import { baziRequest, baziResponse } from '../../../src/features/chinese/bazi/bazi-schemas.ts';
import { assertAnswerContract } from '../../helpers/answer-contract.ts';
import { seededRandom } from '../../helpers/seeded-random.ts';

initEphemeris();
const random = seededRandom(50_2026);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const coin = () => random() < 0.5;

const PLACES = [
  { lat: 31.23, lng: 121.47, tz_str: 'Asia/Shanghai' },
  { lat: 43.8, lng: 87.6, tz_str: 'Asia/Urumqi' },
  { lat: 22.3, lng: 114.17, tz_str: 'Asia/Hong_Kong' },
  { lat: 40.71, lng: -74.01, tz_str: 'America/New_York' },
  { lat: -33.87, lng: 151.21, tz_str: 'Australia/Sydney' },
  { lat: 52.37, lng: 4.9, tz_str: 'Europe/Amsterdam' },
  { lat: 69.65, lng: 18.96, tz_str: 'AUTO' },
];

describe('the BaZi answer', () => {
  it('holds its schema over random births with every option', () => {
    const answers: Uint8Array[] = [];
    for (let i = 0; i < 80; i++) {
      const place = pick(PLACES);
      const year = i < 8 ? pick([1583, 1600, 2998, 2999]) : 1800 + Math.floor(random() * 300);
      const body = baziRequest.parse({
        year,
        month: 1 + Math.floor(random() * 12),
        day: 1 + Math.floor(random() * 28),
        ...(coin() ? { hour: Math.floor(random() * 24), minute: Math.floor(random() * 60) } : {}),
        ...place,
        time_known: random() < 0.85,
        sex: pick(['M', 'F', 'male', 'female']),
        ...(coin() ? { time_standard: pick(['civil', 'local_mean', 'true_solar', 'true_solar_absolute']) } : { time_mode: pick(['civil', 'true_solar']) }),
        day_boundary: pick(['midnight', 'zi_23', '23:00']),
        calendar: i % 7 === 0 ? 'julian' : 'gregorian',
        include_ten_gods: coin(),
        include_pinyin: coin(),
        include_debug: coin(),
        include_stars: coin(),
        include_interactions: coin(),
        include_professional: coin(),
        ...(coin() ? { annual_from: Math.min(year + 10, 2990), annual_to: Math.min(year + 20, 2999) } : {}),
        ...(coin() ? { current_date: `${Math.min(year + 30, 2999)}-06-15` } : { include_current_flow: coin() }),
        ...(i === 3 ? { city: 'Ambiguous' } : {}),
        // Every third answer in a language: English, Simplified Chinese, or one not served (English, said in meta).
        ...(i % 3 === 0 ? { lang: ['en', 'zh-CN', 'fr'][(i / 3) % 3] } : {}),
      });
      const outcome = runTask('bazi', {
        request: body,
        place: {
          city: null,
          country: null,
          region: undefined,
          lat: place.lat,
          lng: place.lng,
          source: 'request',
          zone: undefined,
          ambiguity: i === 5 ? 'city names several places' : undefined,
        },
      });
      if (!(outcome instanceof Uint8Array)) throw new Error(`the task refused: ${outcome.msg}`);
      answers.push(outcome);
    }
    expect(assertAnswerContract(baziResponse, answers).answers).toBe(80);
  });
});
