/**
 * The personal muhurta search: each window's public score is recomputed from its criteria's points,
 * its tara and chandra bala factors are the criteria's, its sandhi factor names a real dasha
 * change within 7 days (from the dasha endpoint), no kept window breaks the strictness's rules,
 * the moment is promoted only above the bar; a missing subject is a 422 naming it.
 */
import { describe, expect, it } from 'vitest';
import { initEphemeris } from '../../../src/astro/ephemeris.ts';
import { runTask } from '../../../src/pool-tasks.ts';
import { resolveSubjectPlace } from '../../../src/requests/place.ts';
import { RequestFieldError } from '../../../src/requests/request-error.ts';
import { personalMuhuratRequest, personalMuhuratResponse } from '../../../src/features/vedic/muhurta/vedic-muhurta-personal-schemas.ts';
import { VEDIC_MUHURTA_ENDPOINTS } from '../../../src/features/vedic/muhurta/vedic-muhurta-endpoints.ts';
import { MOMENT_BAR } from '../../../src/features/vedic/muhurta/vedic-muhurta-personal-service.ts';
import { vedicDashaRequest } from '../../../src/features/vedic/vedic-dasha-schemas.ts';

initEphemeris();
const decoder = new TextDecoder();
const endpoint = VEDIC_MUHURTA_ENDPOINTS.find((e) => e.paths[0] === '/api/v2/vedic/muhurat/personalized-search')!;
const subject = { year: 1990, month: 8, day: 15, hour: 6, minute: 30, lat: 28.6139, lng: 77.209, tz_str: 'Asia/Kolkata' };
const place = { lat: 28.6139, lng: 77.209, tz_str: 'Asia/Kolkata' };
const search = (body: object) => {
  const request = personalMuhuratRequest.parse(body);
  const bytes = runTask('vedic_muhurat_personalized', endpoint.prepare({ body: request, query: undefined, params: undefined }, 0) as never) as Uint8Array;
  return { bytes, json: JSON.parse(decoder.decode(bytes)) };
};
const cases = [
  { ...place, subject, start_date: '2026-12-01', end_date: '2026-12-20', strictness: 'traditional', limit: 50 },
  // Mercury's antardasha of this birth ends on 2027-08-22: the sandhi falls in the range.
  { ...place, birth: subject, purpose: 'travel', start_date: '2027-08-10', end_date: '2027-08-31', strictness: 'relaxed', limit: 50 },
  { ...place, subject: { ...subject, year: 1975, month: 2 }, start_date: '2026-03-01', end_date: '2026-03-31', strictness: 'balanced', limit: 5 },
];
const answers = cases.map(search);

describe('the personal muhurta search', () => {
  it('parses against its response schema', () => {
    for (const a of answers) expect(personalMuhuratResponse.safeParse(a.json).success).toBe(true);
  });

  it('scores, rejects and promotes by its documented rules', () => {
    answers.forEach(({ json: a }, i) => {
      const strictness = cases[i]!.strictness;
      for (const w of a.best_windows) {
        const c = w.criteria;
        const points = c.tithi.points + c.nakshatra.points + c.yoga.points + c.karana.points + c.weekday.points + c.hora.points + c.abhijit_muhurta.points;
        expect(w.public_score).toBe(Math.round((100 * (points + 75)) / 145));
        const personal = w.personal_factors.reduce((s: number, f: any) => s + f.points, 0);
        expect(w.personal_score).toBe(Math.round((100 * (personal + 55)) / 85));
        expect(w.score).toBe(Math.round(0.6 * w.public_score + 0.4 * w.personal_score));
        expect(w.personal_factors.find((f: any) => f.id === 'tara_bala').points).toBe(c.tara_bala.points);
        expect(w.personal_factors.find((f: any) => f.id === 'chandra_bala' || f.id === 'chandrashtama').points).toBe(c.chandra_bala.points);
        expect(c.chandra_bala.house).not.toBe(8);
        if (strictness === 'traditional') {
          expect([3, 5, 7]).not.toContain(c.tara_bala.tara);
          expect(w.public_score).toBeGreaterThanOrEqual(50);
        }
      }
      const top = a.best_windows[0];
      const bar = MOMENT_BAR[strictness as 'traditional'];
      expect(a.best_moment !== null).toBe(top !== undefined && top.score >= bar);
      expect(a.selection_explanation.decision).toBe(a.best_moment ? 'best_moment_found' : 'no_best_moment');
      if (a.best_moment) expect(a.best_moment.datetime).toBe(top.start);
      for (const r of a.rejected_windows) expect(r.rejected_because.length).toBeGreaterThan(0);
    });
  });

  it('names a dasha sandhi only where the dasha changes within 7 days', () => {
    const sandhis = answers[1]!.json.best_windows.flatMap((w: any) =>
      w.personal_factors.filter((f: any) => f.id.endsWith('_sandhi')).map((f: any) => ({ w, f })),
    );
    expect(sandhis.length).toBeGreaterThan(0);
    const request = vedicDashaRequest.parse({ ...subject, levels: 2, reference_date: '2027-08-21' });
    const dasha = JSON.parse(decoder.decode(runTask('vedic_dasha_v2', { request, place: resolveSubjectPlace(request, ['body']), nowMs: 0 }) as Uint8Array));
    const antar = dasha.active_periods[1];
    for (const { w, f } of sandhis) {
      expect(f.detail).toContain(antar.end.slice(0, 10));
      expect(Math.abs(new Date(w.start).getTime() - new Date(antar.end).getTime())).toBeLessThan(8 * 86_400_000);
    }
  });

  it('names a missing subject and bad fields', () => {
    const body = personalMuhuratRequest.parse({ ...place, start_date: '2026-12-01', end_date: '2026-12-02' });
    expect(() => endpoint.prepare({ body, query: undefined, params: undefined }, 0)).toThrow(RequestFieldError);
    expect(personalMuhuratRequest.safeParse({ ...cases[0], strictness: 'lax' }).error!.issues[0]!.path).toEqual(['strictness']);
    expect(personalMuhuratRequest.safeParse({ ...cases[0], subject: { ...subject, day: 40 } }).error!.issues[0]!.path).toEqual(['subject', 'day']);
  });
  it("skips and names polar dates with the public search's own warning", () => {
    // Longyearbyen in the polar night: no sunrise, so no Hindu day to search.
    const polar = { lat: 78.22, lng: 15.65, tz_str: 'Arctic/Longyearbyen' };
    const { json } = search({ ...polar, subject, start_date: '2026-12-10', end_date: '2026-12-12' });
    expect(json.best_windows).toEqual([]);
    expect(json.metadata.skipped_dates).toEqual(['2026-12-10', '2026-12-11', '2026-12-12']);
    expect(json.warnings).toContain(
      'the Sun does not rise or set at latitude 78.22 on 3 of the dates (2026-12-10, 2026-12-11, 2026-12-12): no Hindu day to reckon from, not searched',
    );
  });
});
