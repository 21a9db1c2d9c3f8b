/**
 * The Vedic answers keep their contract with their response schemas: over random births (timed
 * and untimed, places by city and by coordinates, ayanamsas, node types, house systems, every
 * division and method, every dasha level and year length) the bytes the compute tasks write parse
 * against the strict schemas, keys in order, every field seen; and bad input is a field error.
 */
import { describe, expect, it } from 'vitest';
import { initEphemeris } from '../../../src/astro/ephemeris.ts';
import { runTask, type TaskName } from '../../../src/pool-tasks.ts';
import { resolveSubjectPlace } from '../../../src/requests/place.ts';
import { vedicChartRequest, vedicChartV1Response, vedicChartV2Response } from '../../../src/features/vedic/vedic-schemas.ts';
import { vedicVargasRequest, vedicVargasV1Response, vedicVargasV2Response } from '../../../src/features/vedic/vedic-vargas-schemas.ts';
import { vedicDashaRequest, vedicDashaV1Response, vedicDashaV2Response } from '../../../src/features/vedic/vedic-dasha-schemas.ts';
import { vedicCalculateRequest, vedicCalculateResponse } from '../../../src/features/vedic/vedic-calculate-schemas.ts';
import { VARGA_DIVISIONS } from '../../../src/astro/vedic/vargas.ts';
import { assertAnswerContract } from '../../helpers/answer-contract.ts';
import { seededRandom } from '../../helpers/seeded-random.ts';
import type { z } from 'zod/v4';

initEphemeris();
const random = seededRandom(15_08_1947);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const int = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
const coin = () => random() < 0.5;

const PLACES = [
  { city: 'Delhi' },
  { city: 'Chennai', country: 'IN' },
  { lat: 19.076, lng: 72.8777, tz_str: 'Asia/Kolkata', city: 'Mumbai' },
  { lat: 51.5, lng: -0.12 },
  { lat: 69.65, lng: 18.96 },
  { lat: -33.87, lng: 151.21, tz_str: 'Australia/Sydney' },
  { lat: 13.08, lng: 80.27, tz_str: 'lmt' },
];

function randomBirth() {
  const timed = random() < 0.8;
  return {
    ...(coin() ? { name: 'Ravi' } : {}),
    year: int(1900, 2030),
    month: int(1, 12),
    day: int(1, 28),
    ...(timed ? { hour: int(0, 23), minute: int(0, 59) } : { time_known: false }),
    ...pick(PLACES),
    ...(coin() ? { ayanamsha: pick(['lahiri', 'Raman', 'krishnamurti', 'true_citra', 'yukteshwar']) } : {}),
    ...(coin() ? { node_type: pick(['mean', 'true']) } : {}),
    ...(random() < 0.3 ? { house_system: pick(['whole_sign', 'bhava_chalit', 'placidus', 'equal']) } : {}),
  };
}

const decoder = new TextDecoder();
function bytesOf(task: TaskName, schema: z.ZodType, body: Record<string, unknown>, extra: Record<string, unknown> = {}): Uint8Array {
  const request = schema.parse(body) as never;
  const result = runTask(task, { request, place: resolveSubjectPlace(request, ['body']), ...extra });
  if (!(result instanceof Uint8Array)) throw new Error(`${task}: ${JSON.stringify(result)}`);
  return result;
}

const N = 40;
const nowMs = Date.UTC(2026, 0, 1);

describe('the Vedic answers', () => {
  it('chart v1 and v2 keep their contracts', () => {
    const births = Array.from({ length: N }, randomBirth);
    assertAnswerContract(
      vedicChartV1Response,
      births.map((b) => bytesOf('vedic_chart_v1', vedicChartRequest, b)),
    );
    assertAnswerContract(
      vedicChartV2Response,
      births.map((b) => bytesOf('vedic_chart_v2', vedicChartRequest, b)),
    );
  });

  it('vargas v1 and v2 keep their contracts', () => {
    const bodies = Array.from({ length: N }, () => ({
      ...randomBirth(),
      ...(coin() ? { divisions: VARGA_DIVISIONS.filter(() => coin()).concat([9]) } : coin() ? { vargas: ['D1', 'd30', 'D2', 'D3'] } : {}),
      ...(coin() ? { hora_method: 'parivritti', drekkana_method: 'PARIVRITTI', trimsamsa_method: 'parivritti' } : {}),
    }));
    assertAnswerContract(
      vedicVargasV1Response,
      bodies.map((b) => bytesOf('vedic_vargas_v1', vedicVargasRequest, b)),
    );
    assertAnswerContract(
      vedicVargasV2Response,
      bodies.map((b) => bytesOf('vedic_vargas_v2', vedicVargasRequest, b)),
    );
  });

  it('dasha v1 and v2 keep their contracts', () => {
    const bodies = Array.from({ length: 16 }, (_, i) => ({
      ...randomBirth(),
      levels: (i % 3) + 1,
      ...(coin() ? { reference_date: pick(['2026-01-01', '2030-06-15T12:00', '2001-02-03T04:05:06Z', '2999-01-01']) } : {}),
      ...(coin() ? { year_length: pick([365.25, 365.2422, 360, 'savana']) } : {}),
      ...(i % 4 === 3 ? { include_yogini: false } : {}),
    }));
    assertAnswerContract(
      vedicDashaV1Response,
      bodies.map((b) => bytesOf('vedic_dasha_v1', vedicDashaRequest, b, { nowMs })),
    );
    assertAnswerContract(
      vedicDashaV2Response,
      bodies.map((b) => bytesOf('vedic_dasha_v2', vedicDashaRequest, b, { nowMs })),
    );
  });

  it('calculate keeps its contract', () => {
    const bodies = Array.from({ length: 16 }, (_, i) => ({
      ...randomBirth(),
      ...(coin() ? { vargas: [1, 'D9', 60] } : {}),
      // Some with the yogas' near misses or a category filter.
      ...(i % 3 === 0 ? { explain: true } : {}),
      ...(i % 7 === 1 ? { categories: ['chandra', 'raja'] } : {}),
      dasha_levels: i % 4,
      include_yogini: coin(),
      include_yogas: i % 3 === 0 || i % 7 === 1 || coin(),
      include_shadbala: coin(),
      include_ashtakavarga: coin(),
      ashtakavarga_reductions: coin(),
      include_avastha: coin(),
      include_panchang: i % 2 === 0,
      ...(coin() ? { reference_date: '2026-05-01' } : {}),
    }));
    assertAnswerContract(
      vedicCalculateResponse,
      bodies.map((b) => bytesOf('vedic_calculate', vedicCalculateRequest, b, { nowMs })),
    );
  });

  it('answers the same chart in both versions, and names the bad field', () => {
    const body = { year: 1990, month: 8, day: 15, hour: 6, minute: 30, lat: 28.6139, lng: 77.209, tz_str: 'Asia/Kolkata' };
    const v1 = JSON.parse(decoder.decode(bytesOf('vedic_chart_v1', vedicChartRequest, body)));
    const v2 = JSON.parse(decoder.decode(bytesOf('vedic_chart_v2', vedicChartRequest, body)));
    expect(v2.planets.map((p: { absolute_degree: number }) => p.absolute_degree)).toEqual(v1.planets.map((p: { longitude: number }) => p.longitude));
    expect(v1.ascendant).toMatchObject({ sign: 'Leo', sign_num: 5 });
    expect(v1.chandra_lagna).toEqual({ sign: 'Taurus', sign_num: 2 });
    expect(vedicChartRequest.safeParse({ ...body, ayanamsha: 'nonesuch' }).error!.issues[0]!.path).toEqual(['ayanamsha']);
    expect(vedicVargasRequest.safeParse({ ...body, divisions: [5] }).error!.issues[0]!.path).toEqual(['divisions', 0]);
    expect(vedicDashaRequest.safeParse({ ...body, year_length: 365 }).error!.issues[0]!.path).toEqual(['year_length']);
    expect(vedicDashaRequest.safeParse({ ...body, levels: 4 }).error!.issues[0]!.path).toEqual(['levels']);
    expect(vedicDashaRequest.safeParse({ ...body, reference_date: '2026-02-30' }).error!.issues[0]!.path).toEqual(['reference_date']);
    const noHour = runTask('vedic_chart_v1', { request: vedicChartRequest.parse({ ...body, hour: undefined }), place: resolveSubjectPlace(body, ['body']) });
    expect(noHour).toMatchObject({ loc: ['body', 'hour'] });
  });
});
