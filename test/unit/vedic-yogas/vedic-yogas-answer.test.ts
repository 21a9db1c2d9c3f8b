/**
 * The yogas' answers keep their contract with their response schemas: over random births (timed
 * and untimed, every option where schools differ, category filters, explain on and off) the
 * bytes the compute tasks write parse against the strict schemas, every field seen; nothing
 * throws; the summary agrees with the rows; and bad options are field errors.
 */
import { describe, expect, it } from 'vitest';
import { initEphemeris } from '../../../src/astro/ephemeris.ts';
import { runTask, type TaskName } from '../../../src/pool-tasks.ts';
import { resolveSubjectPlace } from '../../../src/requests/place.ts';
import { vedicYogasRequest, vedicYogasV1Response, vedicYogasV2Response } from '../../../src/features/vedic/yogas/vedic-yogas-schemas.ts';
import { YOGA_CATEGORIES } from '../../../src/astro/vedic/yogas/yoga-types.ts';
import { assertAnswerContract } from '../../helpers/answer-contract.ts';
import { seededRandom } from '../../helpers/seeded-random.ts';

initEphemeris();
const random = seededRandom(26_01_1950);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const int = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
const coin = () => random() < 0.5;

const PLACES = [
  { city: 'Delhi' },
  { lat: 19.076, lng: 72.8777, tz_str: 'Asia/Kolkata' },
  { lat: 51.5, lng: -0.12 },
  { lat: -33.87, lng: 151.21, tz_str: 'Australia/Sydney' },
];

function randomBody() {
  const timed = random() < 0.8;
  return {
    year: int(1900, 2030),
    month: int(1, 12),
    day: int(1, 28),
    ...(timed ? { hour: int(0, 23), minute: int(0, 59) } : { time_known: false }),
    ...pick(PLACES),
    ...(coin() ? { ayanamsha: pick(['lahiri', 'raman', 'krishnamurti']) } : {}),
    ...(random() < 0.2 ? { house_system: pick(['placidus', 'bhava_chalit']) } : {}),
    ...(coin() ? { explain: true } : {}),
    ...(random() < 0.15 ? { categories: YOGA_CATEGORIES.filter(() => coin()).concat(['raja']) } : {}),
    ...(coin() ? { gajakesari_from: 'moon_or_lagna' } : {}),
    ...(coin() ? { mahapurusha_from: 'LAGNA_OR_MOON' } : {}),
    ...(coin() ? { kemadruma_grahas: pick(['five', 'with_sun', 'with_nodes', 'with_sun_and_nodes']) } : {}),
    ...(coin() ? { adhi_benefics: 'two_or_more' } : {}),
    ...(coin() ? { chandra_mangala: 'conjunction_or_aspect' } : {}),
    ...(coin() ? { dhana_lords: 'extended' } : {}),
    ...(coin() ? { nabhasa_sankhya: 'always' } : {}),
  };
}

const decoder = new TextDecoder();
function bytesOf(task: TaskName, body: Record<string, unknown>): Uint8Array {
  const request = vedicYogasRequest.parse(body);
  const result = runTask(task, { request, place: resolveSubjectPlace(request, ['body']) });
  if (!(result instanceof Uint8Array)) throw new Error(`${task}: ${JSON.stringify(result)}`);
  return result;
}

describe('the yogas answers', () => {
  const bodies = Array.from({ length: 300 }, randomBody);

  it('v1 and v2 keep their contracts over random charts, and nothing throws', () => {
    assertAnswerContract(
      vedicYogasV1Response,
      bodies.map((b) => bytesOf('vedic_yogas_v1', b)),
    );
    assertAnswerContract(
      vedicYogasV2Response,
      bodies.map((b) => bytesOf('vedic_yogas_v2', b)),
    );
  });

  it('the summary, active_yogas and the rows agree; v1 and v2 list the same yogas', () => {
    for (const body of bodies.slice(0, 80)) {
      const v2 = JSON.parse(decoder.decode(bytesOf('vedic_yogas_v2', body))) as {
        yogas: { id: string; name: string; active: boolean; category: string; strength: string | null }[];
        active_yogas: string[];
        summary: { total: number; active: number; cancelled: number; by_category: Record<string, number>; by_strength: Record<string, number> };
      };
      const v1 = JSON.parse(decoder.decode(bytesOf('vedic_yogas_v1', body))) as { yogas: { id: string; active: boolean }[] };
      const active = v2.yogas.filter((y) => y.active);
      expect(v2.active_yogas).toEqual(active.map((y) => y.name));
      expect(v2.summary.total).toBe(v2.yogas.length);
      expect(v2.summary.active + v2.summary.cancelled).toBe(v2.summary.total);
      expect(Object.values(v2.summary.by_category).reduce((a, b) => a + b, 0)).toBe(active.length);
      expect(Object.values(v2.summary.by_strength).reduce((a, b) => a + b, 0)).toBe(active.length);
      expect(new Set(v2.yogas.map((y) => y.id)).size).toBe(v2.yogas.length);
      expect(v1.yogas.map((y) => [y.id, y.active])).toEqual(v2.yogas.map((y) => [y.id, y.active]));
    }
  });

  it('reads whole signs whatever the house system: the same yogas for whole_sign, bhava_chalit and placidus', () => {
    for (const body of bodies.slice(0, 40)) {
      const answers = ['whole_sign', 'bhava_chalit', 'placidus'].map((house_system) => {
        const v2 = JSON.parse(decoder.decode(bytesOf('vedic_yogas_v2', { ...body, house_system }))) as { yogas: { id: string; houses: number[] }[] };
        return v2.yogas.map((y) => [y.id, y.houses]);
      });
      expect(answers[1]).toEqual(answers[0]);
      expect(answers[2]).toEqual(answers[0]);
    }
  });

  it('refuses an unknown option value as a field error', () => {
    const base = { year: 1990, month: 8, day: 15, hour: 6, minute: 30, lat: 28.6, lng: 77.2 };
    for (const [field, value] of [
      ['gajakesari_from', 'sun'],
      ['kemadruma_grahas', 'all'],
      ['categories', ['yoga']],
      ['explain', 'maybe'],
    ] as const) {
      const parsed = vedicYogasRequest.safeParse({ ...base, [field]: value });
      expect(parsed.success, field).toBe(false);
      expect(parsed.error!.issues[0]!.path[0]).toBe(field);
    }
  });
});
