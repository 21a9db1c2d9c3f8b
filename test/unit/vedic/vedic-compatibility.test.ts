/**
 * The v2 compatibility is the match's findings in the v2 shape: over random pairs its score,
 * kootas, doshas and mangal outcome are those of the match endpoint for the same births (person1
 * as the boy), with both koota schools; the risk flags follow from them by the documented rules;
 * the answer parses against its schema.
 */
import { describe, expect, it } from 'vitest';
import { initEphemeris } from '../../../src/astro/ephemeris.ts';
import { runTask } from '../../../src/pool-tasks.ts';
import { resolveSubjectPlace } from '../../../src/requests/place.ts';
import { vedicCompatibilityRequest, vedicCompatibilityResponse } from '../../../src/features/vedic/compatibility/vedic-compatibility-schemas.ts';
import { VEDIC_COMPATIBILITY_ENDPOINTS } from '../../../src/features/vedic/compatibility/vedic-compatibility-endpoints.ts';
import { vedicMatchRequest } from '../../../src/features/vedic/match/vedic-match-schemas.ts';
import { RequestFieldError } from '../../../src/requests/request-error.ts';
import { seededRandom } from '../../helpers/seeded-random.ts';

initEphemeris();
const random = seededRandom(7_7_2027);
const int = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
const decoder = new TextDecoder();
const birth = () => ({
  year: int(1960, 2005),
  month: int(1, 12),
  day: int(1, 28),
  ...(random() < 0.85 ? { hour: int(0, 23), minute: int(0, 59) } : { time_known: false }),
  lat: 28.6139,
  lng: 77.209,
  tz_str: 'Asia/Kolkata',
});
const endpoint = VEDIC_COMPATIBILITY_ENDPOINTS[0]!;

function compatibility(body: object) {
  const request = vedicCompatibilityRequest.parse(body);
  const bytes = runTask('vedic_compatibility_v2', endpoint.prepare({ body: request, query: undefined, params: undefined }, 0)) as Uint8Array;
  return { bytes, json: JSON.parse(decoder.decode(bytes)) };
}
function match(body: object) {
  const r = vedicMatchRequest.parse(body);
  const side = (b: any, name: string) => ({ request: b, place: resolveSubjectPlace(b, ['body', name]), loc: ['body', name] });
  const task = {
    boy: side(r.boy, 'boy'),
    girl: side(r.girl, 'girl'),
    includeDashakoota: r.include_dashakoota,
    mangalSchool: r.mangal_school,
    kootaSchool: r.koota_school,
  };
  return JSON.parse(decoder.decode(runTask('vedic_match_v2', task) as Uint8Array));
}

describe('the v2 compatibility', () => {
  const pairs = Array.from({ length: 20 }, (_, i) => ({
    person1: birth(),
    person2: birth(),
    koota_school: i % 2 ? 'jagannatha_hora' : 'north_indian',
    include_dashakoota: i % 3 === 0,
    ...(i % 4 === 0 ? { label: 'pair' } : {}),
  }));
  const answers = pairs.map(compatibility);

  it('parses against its response schema', () => {
    for (const a of answers) expect(vedicCompatibilityResponse.safeParse(a.json).success).toBe(true);
  });

  it("gives the match endpoint's findings, and flags by the documented rules", () => {
    pairs.forEach((p, i) => {
      const a = answers[i]!.json;
      const m = match({ boy: p.person1, girl: p.person2, koota_school: p.koota_school, include_dashakoota: p.include_dashakoota });
      expect(a.ashtakoota.school).toBe(p.koota_school);
      expect(a.ashtakoota.score).toBe(m.ashtakoota.total_points);
      expect(a.ashtakoota.kootas.map((k: any) => [k.id, k.score])).toEqual(m.ashtakoota.kootas.map((k: any) => [k.koota, k.points]));
      expect(a.persons[0].moon.nakshatra).toEqual(m.boy.moon.nakshatra);
      expect(a.persons[1].manglik).toEqual(m.girl.mangal_dosha);
      expect([a.doshas.manglik.person1, a.doshas.manglik.person2]).toEqual([m.mangal_dosha.boy, m.mangal_dosha.girl]);
      expect(a.doshas.nadi.present).toBe(m.nadi_dosha !== null);
      expect(a.doshas.bhakoot.present).toBe(m.bhakoot_dosha !== null);
      expect(a.summary.passes_minimum_threshold).toBe(a.ashtakoota.score >= 18);
      expect(a.summary.risk_flags.includes('below_minimum_threshold')).toBe(a.ashtakoota.score < 18);
      expect(a.summary.risk_flags.includes('nadi_dosha')).toBe(a.doshas.nadi.present && !a.doshas.nadi.cancelled);
      expect(a.summary.risk_flags.includes('manglik_mismatch')).toBe(a.doshas.manglik.person1 !== a.doshas.manglik.person2);
      expect(a.summary.risk_flags.includes('gana_mismatch')).toBe(a.ashtakoota.kootas.find((k: any) => k.id === 'gana').score === 0);
      for (const k of a.ashtakoota.kootas) expect(k.status).toBe(k.score === k.max_score ? 'full' : k.score === 0 ? 'none' : 'partial');
    });
  });

  it('names the missing person, and a bad field', () => {
    expect(() => compatibility({ person1: birth() })).toThrow(RequestFieldError);
    try {
      compatibility({ person1: birth() });
    } catch (error) {
      expect((error as RequestFieldError).loc).toEqual(['body', 'person2']);
    }
    expect(vedicCompatibilityRequest.safeParse({ person1: birth(), person2: { ...birth(), month: 13 } }).error!.issues[0]!.path).toEqual(['person2', 'month']);
  });
});
