/**
 * Doshas and matching over real HTTP: /api/v1|v2/vedic/doshas and /api/v1|v2/vedic/match answer
 * what a client reads, the v2 chart carries `sade_sati`, untimed births skip the lagna-based
 * parts with a warning, bad input is a 422 naming the field, and the MCP tools answer the REST JSON.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../helpers/app.ts';
import { startServerWithMcp, type v2Client } from '../helpers/mcp.ts';

let server: TestServer;
let mcp: ReturnType<typeof v2Client>;
let close: (() => Promise<void>) | undefined;
beforeAll(async () => {
  ({ server, mcp, close } = await startServerWithMcp());
});
afterAll(() => close?.());

// Moon in Taurus (Rohini), lagna Leo, Mars in Aries.
const birth = { year: 1990, month: 8, day: 15, hour: 6, minute: 30, lat: 28.6139, lng: 77.209, tz_str: 'Asia/Kolkata' };
// Moon in Capricorn (Shravana): the 2017-2025 Sade Sati.
const capricornMoon = { year: 1985, month: 1, day: 22, hour: 12, minute: 0, lat: 19.076, lng: 72.8777, tz_str: 'Asia/Kolkata' };

describe('POST /api/v1|v2/vedic/doshas', () => {
  it('answers Mangal dosha, Kaal Sarp and Sade Sati at a date', async () => {
    const res = await server.post('/api/v1/vedic/doshas', { ...birth, date: '2022-06-01' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { mangal_dosha: m, kaal_sarp: k, sade_sati: s } = res.body;
    // Mars in Aries is the 12th from the Moon in Taurus; Mars in its own sign (and the Leo lagna) cancel it.
    expect(m).toMatchObject({ present: true, cancelled: true, active: false, is_manglik: false, detected: false, mars: { sign: 'Aries' } });
    expect(m.cancellations.map((c: { id: string }) => c.id)).toContain('mars_own_or_exalted');
    expect(k).toMatchObject({ present: false, kind: null, rahu_sign: 'Capricorn' });
    expect(s).toMatchObject({ active: false, phase: null, moon_sign: 'Taurus', saturn: { sign: 'Aquarius', house_from_moon: 10 } });
    expect(s.next_cycle.phases.map((p: { phase: string }) => p.phase)).toEqual(['rising', 'peak', 'setting']);
    expect(s.cycles.length).toBeGreaterThanOrEqual(3);
    const v2 = await server.post('/api/v2/vedic/doshas', { ...birth, reference_date: '2022-06-01' });
    expect(v2.body).toEqual(res.body);
  });

  it('reads the phases of a real cycle at Saturn’s exact ingresses', async () => {
    const res = await server.post('/api/v1/vedic/doshas', { ...capricornMoon, date: '2022-06-01T00:00:00Z' });
    expect(res.status).toBe(200);
    const s = res.body.sade_sati;
    expect(res.body.sade_sati.moon_sign).toBe('Capricorn');
    expect(s).toMatchObject({ active: true, phase: 'setting', date: '2022-06-01T00:00:00Z' });
    expect(s.current_cycle.start.slice(0, 10)).toBe('2017-01-26');
    expect(s.current_cycle.end.slice(0, 10)).toBe('2025-03-29');
    expect(s.current_cycle.phases[1]).toMatchObject({ phase: 'peak', sign: 'Capricorn' });
    expect(s.current_cycle.phases[1].stays).toHaveLength(2);
    expect(s.description).toMatch(/setting/);
  });

  it('untimed: lagna-based parts skipped, with a warning', async () => {
    const res = await server.post('/api/v1/vedic/doshas', { ...birth, hour: undefined, minute: undefined, time_known: false, date: '2022-06-01' });
    expect(res.status).toBe(200);
    expect(res.body.mangal_dosha.lagna_counted).toBe(false);
    expect(res.body.mangal_dosha.references.map((r: { reference: string }) => r.reference)).toEqual(['moon', 'venus']);
    expect(res.body.kaal_sarp.rahu_house).toBeNull();
    expect(res.body.warnings.join(' ')).toMatch(/Mangal dosha is counted from the Moon and Venus only/);
  });

  it('answers at the ends of the served years, listing what the ephemeris reaches', async () => {
    const late = await server.post('/api/v1/vedic/doshas', { ...birth, year: 2999, date: '2999-12-31' });
    expect(late.status, JSON.stringify(late.body)).toBe(200);
    const early = await server.post('/api/v1/vedic/doshas', { ...birth, year: 1583, date: '1583-01-01' });
    expect(early.status).toBe(200);
    expect(early.body.sade_sati.cycles.length).toBeGreaterThanOrEqual(3);
  });

  it('refuses bad input with a 422 naming the field', async () => {
    for (const [body, field] of [
      [{ ...birth, date: '2022-13-01' }, 'date'],
      [{ ...birth, mangal_school: 'eastern' }, 'mangal_school'],
      [{ ...birth, ayanamsha: 'nonesuch' }, 'ayanamsha'],
    ] as const) {
      const res = await server.post('/api/v1/vedic/doshas', body);
      expect(res.status, field).toBe(422);
      expect(JSON.stringify(res.body.detail), field).toContain(field);
    }
  });
});

describe('the v2 chart', () => {
  it('carries sade_sati{active, phase, description}', async () => {
    const res = await server.post('/api/v2/vedic/chart', birth);
    expect(res.status).toBe(200);
    expect(typeof res.body.sade_sati.active).toBe('boolean');
    expect(res.body.sade_sati.moon_sign).toBe('Taurus');
    expect(res.body.sade_sati.description).toMatch(/Saturn is in/);
    expect(res.body.sade_sati.date).toMatch(/T00:00:00Z$/);
  });
});

describe('POST /api/v1|v2/vedic/match', () => {
  const boy = { ...capricornMoon, name: 'Ravi' };
  const girl = { ...birth, name: 'Asha' };

  it('answers the eight kootas out of 36, the Mangal dosha of both, and Dashakoota on request', async () => {
    const res = await server.post('/api/v1/vedic/match', { boy, girl, include_dashakoota: true });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const a = res.body.ashtakoota;
    expect(a.kootas.map((k: { koota: string }) => k.koota)).toEqual(['varna', 'vashya', 'tara', 'yoni', 'graha_maitri', 'gana', 'bhakoot', 'nadi']);
    expect(a.kootas.map((k: { max_points: number }) => k.max_points)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(a.total_points).toBe(a.kootas.reduce((s: number, k: { points: number }) => s + k.points, 0));
    expect(a.max_points).toBe(36);
    expect(res.body.boy.moon.sign).toBe('Capricorn');
    expect(res.body.girl.moon.nakshatra.name).toBe('Rohini');
    expect(res.body.mangal_dosha).toHaveProperty('outcome');
    expect(res.body.dashakoota.poruthams).toHaveLength(10);

    const aliases = await server.post('/api/v2/vedic/match', { groom: boy, bride: girl, include_dashakoota: true });
    expect(aliases.body).toEqual(res.body);
    const persons = await server.post('/api/v2/vedic/match', { person1: boy, person2: girl, include_dashakoota: true });
    expect(persons.body).toEqual(res.body);
    const plain = await server.post('/api/v1/vedic/match', { boy, girl });
    expect(plain.body.dashakoota).toBeNull();
  });

  it('uses the Guna Milan tables of the school asked for, and names it', async () => {
    const north = await server.post('/api/v1/vedic/match', { boy, girl });
    expect(north.body.ashtakoota.school).toBe('north_indian');
    for (const spelled of ['jagannatha_hora', 'JHora']) {
      const jh = await server.post('/api/v2/vedic/match', { boy, girl, koota_school: spelled });
      expect(jh.status, JSON.stringify(jh.body)).toBe(200);
      expect(jh.body.ashtakoota.school).toBe('jagannatha_hora');
      const pointsOf = (body: any) => Object.fromEntries(body.ashtakoota.kootas.map((k: any) => [k.koota, k.points]));
      const [n, j] = [pointsOf(north.body), pointsOf(jh.body)];
      for (const k of ['varna', 'tara', 'graha_maitri', 'bhakoot', 'nadi']) expect(j[k], k).toBe(n[k]);
      // This pair's classes, read in each school's table (koota-tables.ts).
      const classes = Object.fromEntries(jh.body.ashtakoota.kootas.map((k: any) => [k.koota, [k.boy, k.girl]]));
      const GANA = {
        north_indian: [
          [6, 6, 0],
          [5, 6, 0],
          [1, 0, 6],
        ],
        jagannatha_hora: [
          [6, 5, 1],
          [6, 6, 0],
          [0, 0, 6],
        ],
      };
      const g = ['deva', 'manushya', 'rakshasa'];
      expect(n.gana).toBe(GANA.north_indian[g.indexOf(classes.gana[0])]![g.indexOf(classes.gana[1])]);
      expect(j.gana).toBe(GANA.jagannatha_hora[g.indexOf(classes.gana[0])]![g.indexOf(classes.gana[1])]);
      expect(jh.body.ashtakoota.total_points).toBe(Object.values(j).reduce((s: number, v) => s + (v as number), 0));
    }
    const bad = await server.post('/api/v1/vedic/match', { boy, girl, koota_school: 'kerala' });
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0].loc).toEqual(['body', 'koota_school']);
  });

  it('untimed births: the kootas from the Moon, Mangal dosha without the lagna, a warning', async () => {
    const res = await server.post('/api/v1/vedic/match', { boy, girl: { ...girl, hour: undefined, minute: undefined, time_known: false } });
    expect(res.status).toBe(200);
    expect(res.body.girl.mangal_dosha.lagna_counted).toBe(false);
    expect(res.body.warnings.join(' ')).toMatch(/girl: birth time unknown/);
  });

  it('refuses a missing or doubled person, and bad birth fields, with a 422 naming the field', async () => {
    const missing = await server.post('/api/v1/vedic/match', { boy });
    expect(missing.status).toBe(422);
    expect(JSON.stringify(missing.body.detail)).toContain('girl');
    const doubled = await server.post('/api/v1/vedic/match', { boy, groom: boy, girl });
    expect(doubled.status).toBe(422);
    expect(JSON.stringify(doubled.body.detail)).toContain('groom');
    const bad = await server.post('/api/v1/vedic/match', { boy: { ...boy, month: 13 }, girl });
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.body.detail)).toContain('month');
    // 30 February passes the schema; the calendar refuses it, under the side's own name.
    const feb30 = await server.post('/api/v1/vedic/match', { boy, bride: { ...girl, month: 2, day: 30 } });
    expect(feb30.status).toBe(422);
    expect(feb30.body.detail[0].loc.slice(0, 2)).toEqual(['body', 'bride']);
  });
});

describe('the MCP tools', () => {
  it('answer the REST JSON', async () => {
    const calls: [string, string, Record<string, unknown>][] = [
      ['v1_vedic_doshas', '/api/v1/vedic/doshas', { ...birth, date: '2026-01-01' }],
      ['v2_vedic_doshas', '/api/v2/vedic/doshas', { ...birth, date: '2026-01-01' }],
      ['v1_vedic_match', '/api/v1/vedic/match', { boy: capricornMoon, girl: birth }],
      ['v2_vedic_match', '/api/v2/vedic/match', { boy: capricornMoon, girl: birth, include_dashakoota: true }],
    ];
    for (const [tool, path, body] of calls) {
      const rest = await server.post(path, body);
      const result = await mcp.client.callTool({ name: tool, arguments: body });
      expect(result.isError ?? false, tool).toBe(false);
      expect(result.structuredContent, tool).toEqual(rest.body);
    }
  });
});
