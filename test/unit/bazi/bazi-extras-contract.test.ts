/**
 * The BaZi extras (time correction, synastry, health, life curve) keep their contracts with their
 * response schemas over seeded random births, in every language and time standard: the bytes the
 * compute tasks write parse against the strict schemas in key order, every field appears, and every
 * id they carry is one the dictionary lists.
 */
import { describe, expect, it } from 'vitest';
import { initEphemeris } from '../../../src/astro/ephemeris.ts';
import { runTask } from '../../../src/pool-tasks.ts';
import { baziDictionary } from '../../../src/features/chinese/bazi/bazi-dictionary.ts';
import { baziTimeCorrectionRequest, baziTimeCorrectionResponse } from '../../../src/features/chinese/bazi/bazi-time-correction-schemas.ts';
import { baziSynastryRequest, baziSynastryResponse } from '../../../src/features/chinese/bazi/bazi-synastry-schemas.ts';
import { baziHealthRequest, baziHealthResponse } from '../../../src/features/chinese/bazi/bazi-health-schemas.ts';
import { baziLifespanRequest, baziLifespanResponse } from '../../../src/features/chinese/bazi/bazi-lifespan-schemas.ts';
import { assertAnswerContract } from '../../helpers/answer-contract.ts';
import { seededRandom } from '../../helpers/seeded-random.ts';

initEphemeris();

const PLACES = [
  { lat: 31.23, lng: 121.47, tz_str: 'Asia/Shanghai' },
  { lat: 40.71, lng: -74.01, tz_str: 'America/New_York' },
  { lat: -33.87, lng: 151.21, tz_str: 'Australia/Sydney' },
  { lat: 52.37, lng: 4.9, tz_str: 'Europe/Amsterdam' },
];
const placeOf = (p: { lat: number; lng: number }, ambiguity?: string) => ({
  city: null,
  country: null,
  region: undefined,
  lat: p.lat,
  lng: p.lng,
  source: 'request' as const,
  zone: undefined,
  ambiguity,
});
const LANGS = ['en', 'zh-CN', 'fr', undefined];
const STANDARDS = ['civil', 'local_mean', 'true_solar', 'true_solar_absolute'];

function births(seed: number, n: number) {
  const random = seededRandom(seed);
  return Array.from({ length: n }, (_, i) => {
    const place = PLACES[i % PLACES.length]!;
    return {
      birth: {
        year: 1600 + Math.floor(random() * 1390),
        month: 1 + Math.floor(random() * 12),
        day: 1 + Math.floor(random() * 28),
        hour: Math.floor(random() * 24),
        minute: Math.floor(random() * 60),
        ...place,
        sex: random() < 0.5 ? 'M' : 'F',
        time_standard: STANDARDS[i % 4],
        time_known: i % 7 !== 3,
      },
      place,
      lang: LANGS[i % 4],
    };
  });
}

const bytes = (outcome: unknown) => {
  if (!(outcome instanceof Uint8Array)) throw new Error(`the task refused: ${JSON.stringify(outcome)}`);
  return outcome;
};

const dictionary = baziDictionary('en');
const ids = (group: keyof typeof dictionary) => new Set((dictionary[group] as { id: string }[]).map((t) => t.id));

describe('the BaZi extras', () => {
  it('time correction holds its schema', () => {
    const answers = births(70_1, 40).map(({ birth, place, lang }, i) => {
      const { time_known: _, ...rest } = birth;
      const request = baziTimeCorrectionRequest.parse({ ...rest, lang });
      return bytes(runTask('bazi_time_correction', { request, place: placeOf(place, i === 5 ? 'city names several places' : undefined) }));
    });
    expect(assertAnswerContract(baziTimeCorrectionResponse, answers).answers).toBe(40);
  });

  it('synastry holds its schema, and its ids are in the dictionary', () => {
    const list = births(70_2, 60);
    const answers = list.slice(0, 30).map(({ birth, place, lang }, i) =>
      bytes(
        runTask('bazi_synastry', {
          request: baziSynastryRequest.parse({
            person_a: { ...birth, ...(i % 2 ? { name: 'A' } : {}) },
            person_b: { ...list[30 + i]!.birth, ...(i % 3 ? { name: 'B' } : {}) },
            lang,
          }),
          placeA: placeOf(place),
          placeB: placeOf(list[30 + i]!.place),
        }),
      ),
    );
    expect(assertAnswerContract(baziSynastryResponse, answers).answers).toBe(30);
    const interactions = ids('interactions'),
      relations = ids('element_relations'),
      elements = ids('elements');
    for (const a of answers) {
      const s = JSON.parse(Buffer.from(a).toString());
      expect(relations.has(s.day_master_analysis.relation)).toBe(true);
      for (const k of [s.spouse_palace_analysis.interaction, ...s.spouse_palace_analysis.interactions]) expect(interactions.has(k), k).toBe(true);
      for (const p of s.pillar_interactions) {
        expect(interactions.has(p.branch_interaction.type)).toBe(true);
        expect(interactions.has(p.stem_interaction.type)).toBe(true);
      }
      for (const e of [...s.element_analysis.a_needs, ...s.element_analysis.b_needs, s.person_a.day_master_element]) expect(elements.has(e), e).toBe(true);
      const sum = Object.values(s.score_breakdown as Record<string, number>).reduce((x, y) => x + y, 0);
      expect(Math.abs(sum - s.score)).toBeLessThan(0.11);
      expect(s.score).toBeGreaterThanOrEqual(0);
      expect(s.score).toBeLessThanOrEqual(100);
    }
  });

  it('health holds its schema, and its ids are in the dictionary', () => {
    const answers = births(70_3, 40).map(({ birth, place, lang }, i) =>
      bytes(
        runTask('bazi_health', {
          request: baziHealthRequest.parse({ ...birth, lang, include_timing: i % 5 !== 0, timing_start_year: 2000 + i, timing_years_ahead: 1 + (i % 15) }),
          place: placeOf(place),
          defaultYear: 2026,
        }),
      ),
    );
    expect(assertAnswerContract(baziHealthResponse, answers).answers).toBe(40);
    const strains = ids('strain_types'),
      constitution = ids('constitution'),
      elements = ids('elements');
    for (const a of answers) {
      const h = JSON.parse(Buffer.from(a).toString());
      expect(constitution.has(h.constitution.temperature)).toBe(true);
      expect(constitution.has(h.constitution.moisture)).toBe(true);
      for (const e of [...h.bazi_context.favorable_elements, ...h.element_balance.dominant_elements, ...h.element_balance.weak_elements])
        expect(elements.has(e)).toBe(true);
      for (const p of [...(h.timing?.decade_peaks ?? []), ...(h.timing?.year_peaks ?? [])]) expect(strains.has(p.strain_type)).toBe(true);
      expect(h.disclaimer).toMatch(/not medical advice|不是医疗建议/);
    }
  });

  it('the life curve holds its schema, one point a year, and its phases are in the dictionary', () => {
    const answers = births(70_4, 24).map(({ birth, place, lang }, i) =>
      bytes(
        runTask('bazi_lifespan', {
          request: baziLifespanRequest.parse({ ...birth, lang, max_age: 60 + i * 3, cultivation_factor: (i % 5) / 4 }),
          place: placeOf(place),
        }),
      ),
    );
    expect(assertAnswerContract(baziLifespanResponse, answers).answers).toBe(24);
    const phases = ids('curve_phases');
    answers.forEach((a, i) => {
      const l = JSON.parse(Buffer.from(a).toString());
      expect(l.curve).toHaveLength(60 + i * 3 + 1);
      for (const p of l.curve) {
        expect(phases.has(p.phase)).toBe(true);
        for (const k of ['j_final', 'qi', 'shen', 'V']) expect(p[k]).toBeGreaterThanOrEqual(0);
        for (const k of ['j_final', 'qi', 'shen', 'V']) expect(p[k]).toBeLessThanOrEqual(1);
      }
    });
  });
});
