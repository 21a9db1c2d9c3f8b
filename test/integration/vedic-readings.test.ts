/**
 * The Vedic daily reading, dasha insights, v2 compatibility and personal muhurta search over real
 * HTTP: the fields their clients read, and bad input (an impossible date, a birth outside the
 * supported years, a partner or subject missing, an unknown option) a 422 naming the field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/app.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const birth = {
  year: 1990,
  month: 8,
  day: 15,
  hour: 6,
  minute: 30,
  lat: 28.6139,
  lng: 77.209,
  tz_str: 'Asia/Kolkata',
  ayanamsha: 'lahiri',
  house_system: 'whole_sign',
  node_type: 'mean',
};

describe('the Vedic readings over HTTP', () => {
  it('answer the fields their clients read', async () => {
    const daily = await server.post('/api/v2/vedic/horoscope/daily/personal', {
      ...birth,
      target_date: '2026-11-27',
      include_evidence: false,
      include_raw_facts: false,
    });
    expect(daily.status, JSON.stringify(daily.body)).toBe(200);
    expect(daily.body.meta.target_date).toBe('2026-11-27');
    expect(daily.body.profile.lagna.sign).toBe('Leo');
    expect(daily.body.profile.moon).toMatchObject({ sign: 'Taurus', nakshatra: 'Rohini' });
    for (const k of ['overall', 'career', 'wealth', 'relationships', 'health', 'mind', 'spiritual']) expect(daily.body.scores[k]).toHaveProperty('band');
    expect(Object.keys(daily.body.timing)).toEqual(['abhijit', 'rahu_kalam', 'yamaganda', 'gulika']);
    expect(daily.body.evidence).toBeNull();
    const insights = await server.post('/api/v1/vedic/dasha/insights', { ...birth, levels: 3, reference_date: '2026-06-01' });
    expect(insights.status).toBe(200);
    expect(insights.body.active_dasha_stack.map((p: { lord: string }) => p.lord)).toEqual(['Jupiter', 'Mercury', 'Moon']);
    const compat = await server.post('/api/v2/vedic/compatibility', { person1: { ...birth, year: 1988, month: 3, day: 2 }, person2: birth, label: 'pair' });
    expect(compat.status).toBe(200);
    expect(compat.body.summary.minimum_traditional_threshold).toBe(18);
    const muhurat = await server.post('/api/v2/vedic/muhurat/personalized-search', {
      start_date: '2026-12-01',
      end_date: '2026-12-07',
      lat: 28.6139,
      lng: 77.209,
      tz_str: 'Asia/Kolkata',
      strictness: 'traditional',
      limit: 3,
      subject: birth,
    });
    expect(muhurat.status).toBe(200);
    expect(['best_moment_found', 'no_best_moment']).toContain(muhurat.body.selection_explanation.decision);
  });

  it('refuse bad input with a 422 naming the field', async () => {
    const cases: [string, object, string][] = [
      ['/api/v2/vedic/horoscope/daily/personal', { ...birth, target_date: '2026-02-30' }, 'target_date'],
      ['/api/v2/vedic/horoscope/daily/personal', { ...birth, year: 1500 }, 'year'],
      ['/api/v2/vedic/horoscope/daily/personal', { ...birth, month: 2, day: 31 }, 'day'],
      ['/api/v1/vedic/dasha/insights', { ...birth, levels: 7 }, 'levels'],
      ['/api/v1/vedic/dasha/insights', { ...birth, reference_date: 'someday' }, 'reference_date'],
      ['/api/v2/vedic/compatibility', { person1: birth }, 'person2'],
      ['/api/v2/vedic/compatibility', { person1: birth, person2: { ...birth, day: 32 } }, 'day'],
      ['/api/v2/vedic/muhurat/personalized-search', { start_date: '2026-12-01', end_date: '2026-12-07', lat: 28.6, lng: 77.2 }, 'subject'],
      ['/api/v2/vedic/muhurat/personalized-search', { start_date: '2026-12-01', end_date: '2027-02-07', lat: 28.6, lng: 77.2, subject: birth }, 'end_date'],
      [
        '/api/v2/vedic/muhurat/personalized-search',
        { start_date: '2026-12-01', end_date: '2026-12-07', lat: 28.6, lng: 77.2, subject: birth, strictness: 'x'.repeat(10_000) },
        'strictness',
      ],
    ];
    for (const [path, body, field] of cases) {
      const res = await server.post(path, body);
      expect(res.status, `${path} ${field}: ${JSON.stringify(res.body).slice(0, 300)}`).toBe(422);
      expect(JSON.stringify(res.body)).toContain(field);
    }
  });
});
