/**
 * The answers built as objects and written by their schema's serializer (sky events, the Moon's
 * phase and month) keep their contract with the response schemas: over random days, zones and
 * places, with each include flag on in half of them, the bytes the service's tasks write
 * (runTask) parse against the strict schema, in the schema's key order, and every field of the
 * schema appears in one of them.
 */
import { describe, expect, it } from 'vitest';
import { initEphemeris } from '../../../src/astro/ephemeris.ts';
import { runTask } from '../../../src/pool-tasks.ts';
import { skyEventsResponse } from '../../../src/features/sky-events/sky-events-schemas.ts';
import { kindsFor } from '../../../src/features/sky-events/presets.ts';
import { moonMonthResponse, moonPhaseResponse } from '../../../src/features/moon/moon-schemas.ts';
import { resolveCivilTime } from '../../../src/astro/civil-time.ts';
import { assertAnswerContract } from '../../helpers/answer-contract.ts';
import { seededRandom } from '../../helpers/seeded-random.ts';

initEphemeris();
const random = seededRandom(25_11_2026);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const coin = () => random() < 0.5;

/** Zones with DST, without it, southern, half-hour and far east of UTC. */
const ZONES = ['Europe/Athens', 'America/New_York', 'Asia/Kolkata', 'Australia/Sydney', 'Pacific/Auckland', 'UTC', 'America/Sao_Paulo', 'Asia/Tokyo'];
/** Places north and south, one inside the polar circle (no moonrise on some days). */
const PLACES = [
  { lat: 37.98, lng: 23.73 },
  { lat: -33.87, lng: 151.21 },
  { lat: 69.65, lng: 18.96 },
  { lat: 40.71, lng: -74.01 },
];
const COLORS = { moon: '#f5f3ce', shadow: '#1b1b2f' };

function randomDay(): { year: number; month: number; day: number } {
  return { year: 1950 + Math.floor(random() * 120), month: 1 + Math.floor(random() * 12), day: 1 + Math.floor(random() * 28) };
}

const bytesOf = (outcome: ReturnType<typeof runTask>): Uint8Array => {
  if (!(outcome instanceof Uint8Array)) throw new Error(`the task refused: ${outcome.msg}`);
  return outcome;
};

describe('answers written from objects by their schema', () => {
  it('sky events: every preset and flag, many days and zones', () => {
    const answers: Uint8Array[] = [];
    for (let i = 0; i < 60; i++) {
      const { year, month, day } = randomDay();
      const timezone = pick(ZONES);
      const preset = pick(['quiet', 'daily', 'full'] as const);
      const flags = {
        include_moon: coin(),
        include_exact_hits: coin(),
        include_moon_exact_hits: coin(),
        include_ingresses: coin(),
        include_retrogrades: coin(),
        include_lunations: coin(),
      };
      const date = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
      const startUtcMs = resolveCivilTime({ year, month, day, hour: 0, minute: 0, second: 0 }, timezone, 'shift_forward').utcMs;
      const endUtcMs = resolveCivilTime({ year, month, day: day + 1, hour: 0, minute: 0, second: 0 }, timezone, 'shift_forward').utcMs;
      answers.push(
        bytesOf(runTask('sky_events', { date, timezone, preset, startUtcMs, endUtcMs, kinds: kindsFor({ preset, ...flags } as never), formulation: coin() })),
      );
    }
    expect(assertAnswerContract(skyEventsResponse, answers).answers).toBe(60);
  });

  it('the Moon phase: every include block, places north, south and polar', () => {
    const answers: Uint8Array[] = [];
    for (let i = 0; i < 40; i++) {
      const { year, month, day } = randomDay();
      const zone = pick(ZONES);
      const utcMs = resolveCivilTime({ year, month, day, hour: Math.floor(random() * 24), minute: 0, second: 0 }, zone, 'shift_forward').utcMs;
      const place = coin() ? pick(PLACES) : undefined;
      const include = {
        zodiac: coin(),
        forecast: coin(),
        special: coin(),
        eclipse: coin(),
        traditional_moon: coin(),
        rise_set: !!place && coin(),
        interpretation: coin(),
        visuals: coin(),
      };
      answers.push(bytesOf(runTask('moon_phase', { utcMs, zone, place, include, colors: COLORS })));
    }
    expect(assertAnswerContract(moonPhaseResponse, answers).answers).toBe(40);
  });

  it('the Moon month: every include block, zones with and without DST', () => {
    const answers: Uint8Array[] = [];
    for (let i = 0; i < 16; i++) {
      const { year, month } = randomDay();
      const place = coin() ? pick(PLACES) : undefined;
      const include = { zodiac: coin(), traditional_moon: coin(), sign_timeline: coin(), visuals: coin() };
      answers.push(bytesOf(runTask('moon_month', { year, month, zone: pick(ZONES), place, include, colors: COLORS })));
    }
    expect(assertAnswerContract(moonMonthResponse, answers).answers).toBe(16);
  });
});
