/**
 * The ten electional searches over real HTTP and MCP: the chat assistant's request shapes (the
 * legacy `location` wrapper, date-only windows, `year` mode for a month, an untimed role chart with
 * null hour and minute) with the fields it reads; the 422s naming their field; and an MCP tool's
 * structuredContent equal to the REST answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerWithMcp, type v2Client } from '../helpers/mcp.ts';
import type { TestServer } from '../helpers/app.ts';
import { ELECTIONAL_ENDPOINTS } from '../../src/features/western/electional/electional-endpoints.ts';

let server: TestServer;
let mcp: ReturnType<typeof v2Client>;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ server, mcp, close } = await startServerWithMcp());
});
afterAll(async () => {
  await close?.();
});

/** Each category and the natal key the assistant sends with it. */
const ROUTES: [string, string][] = [
  ['wedding', 'partner_a_natal'],
  ['making-contracts', 'principal_natal'],
  ['job-audition', 'candidate_natal'],
  ['purchase-property', 'buyer_natal'],
  ['purchase-car', 'buyer_natal'],
  ['move-into-new-home', 'resident_natal'],
  ['starting-journey', 'traveler_natal'],
  ['legal-proceedings', 'plaintiff_natal'],
  ['physical-examination', 'patient_natal'],
  ['invest-money', 'investor_natal'],
];

const location = { city: 'Lisbon', lat: 38.7223, lng: -9.1393, tz_str: 'Europe/Lisbon' };
/** What the assistant builds from a stored profile without a birth time. */
const untimed = {
  name: 'Rita',
  year: 1991,
  month: 2,
  day: 11,
  hour: null,
  minute: null,
  time_known: false,
  city: 'Lisbon',
  lat: 38.7223,
  lng: -9.1393,
  tz_str: 'AUTO',
};
const pathOf = (category: string) => `/api/v2/western/electional/${category}/search`;
const fieldsOf = (res: { body: any }) => res.body.detail.map((d: any) => d.loc.join('.'));

describe('the assistant’s ten request shapes', () => {
  it.each(ROUTES)('%s with %s answers the fields it reads', async (category, role) => {
    const res = await server.post(pathOf(category), {
      search_window: { start: '2026-07-06', end: '2026-07-08' },
      location,
      search_tuning: { mode: 'direct' },
      [role]: untimed,
      max_results: 5,
    });
    expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(200);
    expect(res.body.results.length).toBeGreaterThan(0);
    for (const r of res.body.results) {
      expect(r.event_time_local).toMatch(/^2026-07-0[678]T\d\d:\d\d:00$/);
      expect(r.event_time_utc).toMatch(/Z$/);
      expect(['excellent', 'very_strong', 'strong', 'good', 'moderate', 'weak', 'poor']).toContain(r.quality_band);
      expect(typeof r.status).toBe('string');
      expect(['sound', 'acceptable', 'mixed', 'weak', 'rejected']).toContain(r.strict_traditional_verdict);
      expect(typeof r.best_available_in_window).toBe('boolean');
      for (const f of [...r.supporting_factors, ...r.caution_factors]) {
        expect(f.code).toMatch(/^[a-z0-9_]+$/);
        expect(f.title.length).toBeGreaterThan(3);
        expect(f.detail.length).toBeGreaterThan(10);
      }
      expect(r.natal_resonance).not.toBeNull();
    }
    expect(res.body.warnings.join(' ')).toMatch(new RegExp(`${role} \\(Rita\\): no birth time`));
    expect(res.body.location.city).toBe('Lisbon');
  });

  it('a month in year mode with coarse steps of 720 minutes, as the assistant sends it', async () => {
    const res = await server.post(pathOf('invest-money'), {
      search_window: { start: '2026-09-01', end: '2026-09-30' },
      location,
      search_tuning: { mode: 'year', coarse_step_minutes: 720 },
      max_results: 5,
    });
    expect(res.status).toBe(200);
    expect(res.body.search).toMatchObject({ mode: 'year', coarse_step_minutes: 720, step_minutes: 30, instants_scanned: 60 });
    expect(res.body.results).toHaveLength(5);
    expect(res.body.calendar).toHaveLength(30);
  });
});

describe('refusals name their field', () => {
  const base = { search_window: { start: '2026-05-01', end: '2026-05-02' }, lat: 38.7, lng: -9.1 };
  it.each([
    ['an end before the start', { ...base, search_window: { start: '2026-05-02', end: '2026-05-01T12:00' } }, 'body.search_window.end'],
    ['a window longer than a year', { ...base, search_window: { start: '2026-01-01', end: '2027-01-05' } }, 'body.search_window.end'],
    ['step_minutes 1', { ...base, search_window: { ...base.search_window, step_minutes: 1 } }, 'body.search_window.step_minutes'],
    ['step_minutes 1000', { ...base, search_window: { ...base.search_window, step_minutes: 1000 } }, 'body.search_window.step_minutes'],
    [
      'a year scanned directly every 15 minutes',
      { ...base, search_window: { start: '2026-01-01', end: '2026-12-31', step_minutes: 15 } },
      'body.search_window.step_minutes',
    ],
    ['a null search_window', { ...base, search_window: null }, 'body.search_window'],
    ['no window', { lat: 38.7, lng: -9.1 }, 'body.search_window'],
    ['a date that does not exist', { ...base, search_window: { start: '2026-02-30', end: '2026-03-02' } }, 'body.search_window.start'],
    ['a date-time with an offset', { ...base, search_window: { start: '2026-05-01T10:00+02:00', end: '2026-05-02' } }, 'body.search_window.start'],
    ['an unknown city', { search_window: base.search_window, city: 'Qwzxyville' }, 'body.city'],
    ['an unknown city in the legacy wrapper', { search_window: base.search_window, location: { city: 'Qwzxyville' } }, 'body.location.city'],
    ['an unknown city of the role chart', { ...base, principal_natal: { year: 1990, month: 1, day: 1, city: 'Qwzxyville' } }, 'body.principal_natal.city'],
    ['no place', { search_window: base.search_window }, 'body.city'],
  ])('%s', async (_name, body, field) => {
    const res = await server.post(pathOf('making-contracts'), body);
    expect(res.status, JSON.stringify(res.body).slice(0, 400)).toBe(422);
    expect(fieldsOf(res)).toContain(field);
  });
});

describe('MCP', () => {
  it('v2_western_electional_making_contracts_search gives the REST answer as structuredContent', async () => {
    const args = { search_window: { start: '2026-05-01', end: '2026-05-01', step_minutes: 120 }, ...location, max_results: 2 };
    const rest = await server.post(pathOf('making-contracts'), args);
    const result: any = await mcp.client.callTool({ name: 'v2_western_electional_making_contracts_search', arguments: args });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual(rest.body);
  });

  it('lists the ten tools', async () => {
    const { tools } = await mcp.client.listTools();
    const names = tools.map((t) => t.name);
    for (const [category] of ROUTES) expect(names).toContain(`v2_western_electional_${category.replace(/-/g, '_')}_search`);
  });
});

describe('the cost of a search', () => {
  it('runs in the heavy lane and is charged by its compute: a year in year mode says its cost', async () => {
    for (const e of ELECTIONAL_ENDPOINTS) expect(e.task.lane).toBe('heavy');
    const res = await server.post(pathOf('invest-money'), {
      search_window: { start: '2026-01-01', end: '2026-12-31', step_minutes: 60 },
      search_tuning: { mode: 'year', coarse_step_minutes: 720 },
      ...location,
      max_results: 3,
    });
    expect(res.status).toBe(200);
    const computeMs = Number(res.headers.get('x-compute-ms'));
    const cost = Number(res.headers.get('x-request-cost'));
    expect(computeMs).toBeGreaterThan(0);
    // One unit of the quota per HEAVY_MS_PER_UNIT (250 ms by default) of compute, at least one.
    expect(cost).toBe(Math.max(1, Math.ceil(computeMs / 250)));
  });
});
