/**
 * The strength answers keep their contract with their response schemas: over random births
 * (timed and untimed, polar places, ayanamsas, house systems, with and without the reductions) the
 * bytes the compute tasks write parse against the strict schemas, keys in order, every field seen;
 * the parts add up to their totals to the virupa; bad input is a field error.
 */
import { describe, expect, it } from 'vitest';
import { initEphemeris } from '../../../src/astro/ephemeris.ts';
import { runTask, type TaskName } from '../../../src/pool-tasks.ts';
import { resolveSubjectPlace } from '../../../src/requests/place.ts';
import { vedicStrengthRequest, vedicStrengthV1Response, vedicStrengthV2Response } from '../../../src/features/vedic/strength/vedic-strength-schemas.ts';
import { assertAnswerContract } from '../../helpers/answer-contract.ts';
import { seededRandom } from '../../helpers/seeded-random.ts';

initEphemeris();
const random = seededRandom(26_01_1950);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const int = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
const coin = () => random() < 0.5;

const PLACES = [
  { city: 'Delhi' },
  { lat: 19.076, lng: 72.8777, tz_str: 'Asia/Kolkata', city: 'Mumbai' },
  { lat: 51.5, lng: -0.12 },
  { lat: 78.22, lng: 15.65 },
  { lat: -33.87, lng: 151.21, tz_str: 'Australia/Sydney' },
  { lat: 13.08, lng: 80.27, tz_str: 'lmt' },
];

function randomBirth() {
  const timed = random() < 0.8;
  return {
    year: int(1900, 2030),
    month: int(1, 12),
    day: int(1, 28),
    ...(timed ? { hour: int(0, 23), minute: int(0, 59) } : { time_known: false }),
    ...pick(PLACES),
    ...(coin() ? { ayanamsha: pick(['lahiri', 'Raman', 'krishnamurti']) } : {}),
    ...(random() < 0.3 ? { house_system: pick(['whole_sign', 'bhava_chalit', 'placidus']) } : {}),
    ...(coin() ? { ashtakavarga_reductions: true } : {}),
  };
}

const decoder = new TextDecoder();
function bytesOf(task: TaskName, body: Record<string, unknown>): Uint8Array {
  const request = vedicStrengthRequest.parse(body);
  const result = runTask(task, { request, place: resolveSubjectPlace(request, ['body']) });
  if (!(result instanceof Uint8Array)) throw new Error(`${task}: ${JSON.stringify(result)}`);
  return result;
}

interface GrahaJson {
  components: Record<string, number>;
  sthana_bala_parts: Record<string, number>;
  kala_bala_parts: Record<string, number>;
  saptavargaja: { virupas: number }[];
  shadbala_in_virupas: number;
  shadbala_in_rupas: number;
  minimum_requirements: number;
  ratio: number;
}
const total = (o: Record<string, number>) => Object.values(o).reduce((a, b) => a + b, 0);

describe('the strength answers', () => {
  const births = Array.from({ length: 30 }, randomBirth);
  const v1 = births.map((b) => bytesOf('vedic_strength_v1', b));
  const v2 = births.map((b) => bytesOf('vedic_strength_v2', b));

  it('keep their contracts in v1 and v2', () => {
    assertAnswerContract(vedicStrengthV1Response, v1);
    assertAnswerContract(vedicStrengthV2Response, v2);
  });

  it('add the parts up to the totals to the virupa, and the sarva to 337', () => {
    for (const bytes of [...v1, ...v2]) {
      const answer = JSON.parse(decoder.decode(bytes));
      for (const g of Object.values<GrahaJson>(answer.shadbala)) {
        expect(Math.abs(total(g.sthana_bala_parts) - g.components.sthana_bala!)).toBeLessThan(1);
        expect(Math.abs(total(g.kala_bala_parts) - g.components.kala_bala!)).toBeLessThan(1);
        expect(g.saptavargaja.reduce((a, v) => a + v.virupas, 0)).toBeCloseTo(g.sthana_bala_parts.saptavargaja_bala!, 6);
        expect(Math.abs(total(g.components) - g.shadbala_in_virupas)).toBeLessThan(1);
        expect(g.shadbala_in_rupas).toBeCloseTo(g.shadbala_in_virupas / 60, 1);
        expect(g.ratio).toBeCloseTo(g.shadbala_in_rupas / g.minimum_requirements, 1);
      }
      for (const b of answer.bhava_bala) expect(Math.abs(b.bhavadhipati_bala + b.bhava_dig_bala + b.bhava_drishti_bala - b.total_virupas)).toBeLessThan(1);
      expect(answer.ashtakavarga.total_points).toBe(337);
    }
  });

  it('answers the same strengths in both versions, and names the bad field', () => {
    const body = { year: 1990, month: 8, day: 15, hour: 6, minute: 30, lat: 28.6139, lng: 77.209, tz_str: 'Asia/Kolkata' };
    const a1 = JSON.parse(decoder.decode(bytesOf('vedic_strength_v1', body)));
    const a2 = JSON.parse(decoder.decode(bytesOf('vedic_strength_v2', body)));
    expect(a2.shadbala.sun).toEqual(a1.shadbala.Sun);
    expect(a2.ashtakavarga.sarvashtakavarga_by_house).toEqual(a1.ashtakavarga.sarva_ashtakavarga.map((h: { points: number }) => h.points));
    expect(a1.ashtakavarga.reductions).toBeNull();
    expect(vedicStrengthRequest.safeParse({ ...body, ashtakavarga_reductions: 'yes' }).error!.issues[0]!.path).toEqual(['ashtakavarga_reductions']);
    expect(vedicStrengthRequest.safeParse({ ...body, ayanamsha: 'nonesuch' }).error!.issues[0]!.path).toEqual(['ayanamsha']);
  });
});
