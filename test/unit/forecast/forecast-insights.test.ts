/**
 * Natal and transit insights: the answers keep their contract over random births; every fact rests
 * on its evidence (a stellium's planets share the sign, a tight aspect is within 2°, a station is a
 * zero of the speed, an ingress is on a sign boundary, a window's peak is its exact hit); the text
 * comes from the insight library, every key the facts can reach has several variants, and the
 * same chart reads the same.
 */
import { describe, expect, it } from 'vitest';
import { calcBody, initEphemeris } from '../../../src/astro/ephemeris.ts';
import { julianDayFromUtcMs } from '../../../src/astro/civil-time.ts';
import { runTask } from '../../../src/pool-tasks.ts';
import { insightsResponse, natalInsightsRequest, transitInsightsRequest } from '../../../src/features/western/forecast/forecast-insights-schemas.ts';
import { computeNatalInsights, computeTransitInsights } from '../../../src/features/western/forecast/forecast-insights-service.ts';
import { resolveSubjectPlace } from '../../../src/requests/place.ts';
import { reachableInsightKeys } from '../../../src/interpretations/insights/insight-keys.ts';
import { insightLibraryRoot, loadInsightTexts } from '../../../src/interpretations/insights/insight-library.ts';
import { assertAnswerContract } from '../../helpers/answer-contract.ts';
import { seededRandom } from '../../helpers/seeded-random.ts';

initEphemeris();
const random = seededRandom(4_848);
const int = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
const ADA = { year: 1990, month: 5, day: 17, hour: 8, minute: 15, lat: 38.72, lng: -9.14, tz_str: 'Europe/Lisbon' };
const SE: Record<string, number> = { sun: 0, moon: 1, mercury: 2, venus: 3, mars: 4, jupiter: 5, saturn: 6, uranus: 7, neptune: 8, pluto: 9, chiron: 15 };
const jdOf = (iso: string) => julianDayFromUtcMs(Date.parse(iso));

const natalTask = (body: Record<string, unknown>) => {
  const request = natalInsightsRequest.parse(body);
  return { request, place: resolveSubjectPlace(request, ['body']) };
};
const transitTask = (body: Record<string, unknown>) => {
  const request = transitInsightsRequest.parse(body);
  return { request, place: resolveSubjectPlace(request.natal, ['body', 'natal']) };
};
const birth = () => ({
  year: int(1930, 2010),
  month: int(1, 12),
  day: int(1, 28),
  ...(random() < 0.8 ? { hour: int(0, 23), minute: int(0, 59) } : { time_known: false }),
  lat: int(-60, 65),
  lng: int(-170, 170),
});

describe('insight texts', () => {
  it('cover every key the facts can reach with two or more variants, and nothing else', () => {
    const texts = loadInsightTexts(insightLibraryRoot());
    for (const key of reachableInsightKeys()) expect(texts.get(key)?.length ?? 0, key).toBeGreaterThanOrEqual(2);
    expect([...texts.keys()].sort()).toEqual(reachableInsightKeys().sort());
  });
});

describe('natal insights', () => {
  it('keep their contract over random births, and the same chart reads the same', () => {
    const answers: Uint8Array[] = [];
    for (let i = 0; i < 30; i++) {
      // The first: a local time a daylight-saving change skipped, which the answer warns of.
      const outcome = runTask('natal_insights', natalTask(i === 0 ? { ...ADA, year: 2021, month: 3, day: 28, hour: 1, minute: 30 } : birth()));
      if (!(outcome instanceof Uint8Array)) throw new Error(outcome.msg);
      answers.push(outcome);
    }
    assertAnswerContract(insightsResponse, answers, {
      absent: {
        'facts[].evidence.ingress_type': 'transit facts only',
        'facts[].evidence.transit_planets[]': 'transit facts only',
        'facts[].evidence.loop_body': 'transit facts only',
        'facts[].evidence.loop_phase': 'transit facts only',
        'facts[].evidence.station_type': 'transit facts only',
        'facts[].evidence.start_datetime': 'natal facts have no time',
        'facts[].evidence.end_datetime': 'natal facts have no time',
        'facts[].evidence.peak_datetime': 'natal facts have no time',
        'facts[].start_datetime': 'natal facts have no time',
        'facts[].end_datetime': 'natal facts have no time',
        'facts[].peak_datetime': 'natal facts have no time',
        'importance[].peak_datetime': 'natal facts have no time',
        'importance[].window_days': 'natal facts have no time',
        'meta.range_start': 'natal insights have no range',
        'meta.range_end': 'natal insights have no range',
      },
    });
    expect(computeNatalInsights(natalTask(ADA))).toEqual(computeNatalInsights(natalTask(ADA)));
  });

  it('rest on their evidence: stelliums share a sign, tight aspects are within 2°, angular planets within 8°', () => {
    const answer = computeNatalInsights(natalTask(ADA));
    const lon = (id: string) => {
      const se = SE[id];
      return se === undefined ? undefined : calcBody(jdOf('1990-05-17T07:15:00Z'), se).lon;
    };
    for (const f of answer.facts) {
      expect(f.text.length).toBeGreaterThan(40);
      if (f.kind === 'stellium' && f.evidence.sign_id) for (const p of f.subjects) expect(Math.floor(lon(p)! / 30)).toBe(Math.floor(lon(f.subjects[0]!)! / 30));
      if (f.kind === 'tight_aspect' && SE[f.subjects[0]!] !== undefined && SE[f.subjects[1]!] !== undefined) {
        const angle = { conjunction: 0, opposition: 180, square: 90, trine: 120, sextile: 60 }[f.evidence.aspect_types[0]!]!;
        const d = Math.abs(((lon(f.subjects[0]!)! - lon(f.subjects[1]!)! + 540) % 360) - 180);
        expect(Math.abs(d - angle)).toBeLessThanOrEqual(2);
      }
    }
    expect(answer.importance.map((i) => i.rank)).toEqual(answer.importance.map((_, i) => i + 1));
    expect(answer.importance.length).toBe(Math.min(10, answer.facts.length));
  });
});

describe('transit insights', () => {
  it('keep their contract over random births and months', () => {
    const answers: Uint8Array[] = [];
    for (let i = 0; i < 16; i++) {
      const year = int(1980, 2040);
      const month = String(int(1, 12)).padStart(2, '0');
      const outcome = runTask(
        'transits_insights',
        transitTask({
          // The first asks for the Ascendant of an untimed birth, which the answer warns of.
          natal: i === 0 ? { ...ADA, hour: undefined, minute: undefined, time_known: false } : birth(),
          ...(i === 0 ? { natal_points: ['sun', 'moon', 'ascendant'] } : {}),
          range_start: `${year}-${month}-01`,
          range_end: `${year}-${month}-28`,
          include_houses: i % 2 === 0,
          transit_planets: ['mercury', 'venus', 'mars', 'jupiter', 'saturn', 'uranus', 'neptune', 'pluto', 'chiron', 'true_node'],
        }),
      );
      if (!(outcome instanceof Uint8Array)) throw new Error(outcome.msg);
      answers.push(outcome);
    }
    assertAnswerContract(insightsResponse, answers);
  });

  it('rest on their evidence: stations are zeros of the speed, ingresses sign boundaries, loop passes exact hits', () => {
    // March 2026: Mercury stations direct, and the Sun and Venus change sign.
    const answer = computeTransitInsights(transitTask({ natal: ADA, range_start: '2026-03-01', range_end: '2026-03-31', include_houses: true }));
    const kinds = new Set(answer.facts.map((f) => f.kind));
    for (const k of ['station', 'ingress', 'pressure_window', 'support_window']) expect(kinds, k).toContain(k);
    for (const f of answer.facts) {
      const se = SE[f.subjects[0]!];
      if (se === undefined || !f.peak_datetime) continue;
      const p = calcBody(jdOf(f.peak_datetime), se);
      if (f.kind === 'station') expect(Math.abs(p.speedLon)).toBeLessThan(0.002);
      if (f.kind === 'ingress') expect(Math.min(p.lon % 30, 30 - (p.lon % 30))).toBeLessThan(0.01);
    }
    expect(answer.meta).toMatchObject({ mode: 'month', range_start: '2026-03-01T00:00:00Z', range_end: '2026-03-31T23:59:59Z' });
    expect(answer.summary.fact_count).toBe(answer.facts.length);
  });

  it('refuse a natal point the asteroid files do not cover at the birth, naming natal_points', () => {
    const task = transitTask({ natal: { ...ADA, year: 1750 }, natal_points: ['sun', 'ceres'], range_start: '2026-03-01', range_end: '2026-03-31' });
    expect(() => computeTransitInsights(task)).toThrow(expect.objectContaining({ loc: ['body', 'natal_points'] }));
  });
});
