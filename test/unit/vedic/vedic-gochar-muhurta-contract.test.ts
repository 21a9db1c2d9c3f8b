/**
 * The gochara and muhurta answers keep their contracts with their response schemas: over varied
 * requests (births timed and untimed, ayanamsas, node types, ranges, the Moon's stays and its
 * vedha, every purpose, with and without a birth) the bytes the compute tasks write parse against
 * the strict schemas, keys in order, every field seen.
 */
import { describe, it } from 'vitest';
import { initEphemeris } from '../../../src/astro/ephemeris.ts';
import { runTask, type TaskName } from '../../../src/pool-tasks.ts';
import { resolveSubjectPlace } from '../../../src/requests/place.ts';
import { vedicGocharRequest, vedicGocharV1Response, vedicGocharV2Response } from '../../../src/features/vedic/gochar/vedic-gochar-schemas.ts';
import { muhuratSearchRequest, muhuratSearchResponse } from '../../../src/features/vedic/muhurta/vedic-muhurta-schemas.ts';
import { MUHURTA_PURPOSES } from '../../../src/astro/vedic/muhurta/muhurta-rules.ts';
import { assertAnswerContract } from '../../helpers/answer-contract.ts';

initEphemeris();

function run(task: TaskName, payload: unknown): Uint8Array {
  const result = runTask(task, payload);
  if (!(result instanceof Uint8Array)) throw new Error(`${task}: ${JSON.stringify(result)}`);
  return result;
}

const BIRTHS = [
  { year: 1990, month: 8, day: 15, hour: 6, minute: 30, lat: 28.6139, lng: 77.209, tz_str: 'Asia/Kolkata' },
  { year: 1975, month: 2, day: 3, time_known: false, city: 'Chennai', country: 'IN', ayanamsha: 'raman', node_type: 'true' },
  { name: 'Ravi', year: 2001, month: 11, day: 30, hour: 23, minute: 5, lat: 51.5, lng: -0.12, ayanamsha: 'krishnamurti' },
];

describe('the gochara and muhurta answers', () => {
  it('gochar v1 and v2 keep their contracts', () => {
    const bodies = [
      { ...BIRTHS[0], start_date: '2026-01-01', end_date: '2028-12-31' },
      { ...BIRTHS[1], start_date: '2026-03-01', end_date: '2026-04-15', include_moon: true, vedha_by_moon: true },
      { ...BIRTHS[2], start_date: '2030-06-01T12:00:00Z', end_date: '2031-01-01', vedha_by_moon: true, vedha_by_nodes: true },
    ];
    for (const [task, schema] of [
      ['vedic_gochar_v1', vedicGocharV1Response],
      ['vedic_gochar_v2', vedicGocharV2Response],
    ] as const) {
      assertAnswerContract(
        schema,
        bodies.map((b) => {
          const request = vedicGocharRequest.parse(b);
          return run(task, { request, place: resolveSubjectPlace(request, ['body']) });
        }),
      );
    }
  });

  it('the muhurta search keeps its contract', () => {
    const bodies = MUHURTA_PURPOSES.map((purpose, i) => ({
      purpose,
      start_date: '2026-12-01',
      end_date: i % 2 ? '2026-12-04' : '2026-12-02',
      lat: 28.6139,
      lng: 77.209,
      ...(i % 3 === 0 ? { birth: BIRTHS[i % BIRTHS.length] } : {}),
      ...(i === 5 ? { language: 'hi', limit: 50 } : {}),
    }));
    bodies.push({ purpose: 'travel', start_date: '2026-12-10', end_date: '2026-12-11', lat: 78.22, lng: 15.65 });
    bodies.push({ purpose: 'mundan', start_date: '2026-05-01', end_date: '2026-05-01', city: 'Varanasi' } as unknown as (typeof bodies)[number]);
    assertAnswerContract(
      muhuratSearchResponse,
      bodies.map((b) => {
        const request = muhuratSearchRequest.parse(b);
        return run('vedic_muhurat_search', {
          request,
          place: resolveSubjectPlace(request, ['body']),
          birthPlace: request.birth ? resolveSubjectPlace(request.birth, ['body', 'birth']) : undefined,
        });
      }),
    );
  });
});
