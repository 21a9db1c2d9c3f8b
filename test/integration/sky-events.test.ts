/** Sky events through HTTP: every reference event of 2024 and 2026, local days, presets, bad input. */
import { readFixture } from '../helpers/fixtures.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/app.ts';
import { skyEventsResponse } from '../../src/features/sky-events/sky-events-schemas.ts';

const events = readFixture('refdata/events.json').events;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ compute: 'pool', threads: 2 });
});
afterAll(async () => {
  await server?.close();
});

const sky = (query: string) => server.get(`/api/v1/sky-events?${query}`);

/** The reference event's identity in our vocabulary. */
function refKey(e: any): string {
  const lower = (s: string) => s.toLowerCase();
  switch (e.kind) {
    case 'new_moon':
    case 'full_moon':
      return `lunation|moon|${e.kind}|${lower(e.sign)}`;
    case 'ingress':
      return `${e.body === 'Moon' ? 'moon_ingress' : 'ingress'}|${lower(e.body)}|${lower(e.sign)}|${e.motion}`;
    case 'station':
      return `station|${lower(e.body)}|${e.station}|${lower(e.sign)}`;
    default:
      return `exact_aspect|${lower(e.bodies[0])}|${lower(e.bodies[1])}|${e.aspect}`;
  }
}
function ourKey(e: any): string {
  switch (e.type) {
    case 'lunation':
      return `lunation|moon|${e.phase}|${e.sign_id}`;
    case 'ingress':
    case 'moon_ingress':
      return `${e.type}|${e.body}|${e.sign_id}|${e.direction}`;
    case 'station':
      return `station|${e.body}|${e.direction}|${e.sign_id}`;
    default:
      return `exact_aspect|${e.body}|${e.other_body}|${e.aspect}`;
  }
}
function tolerance(e: any): number {
  if (e.kind === 'station' && !['Mercury', 'Venus', 'Mars'].includes(e.body)) return Math.max(1000, (1e-7 / Math.abs(e.speed_accel_deg_per_day2)) * 86_400_000);
  return 1000;
}

describe('reference events', () => {
  for (const year of [2024, 2026]) {
    it(`finds every event of ${year}, at the right time, and nothing else`, async () => {
      const found: any[] = [];
      const days: string[] = [];
      for (let t = Date.UTC(year, 0, 1); t < Date.UTC(year + 1, 0, 1); t += 86_400_000) days.push(new Date(t).toISOString().slice(0, 10));
      for (let i = 0; i < days.length; i += 16) {
        const batch = await Promise.all(days.slice(i, i + 16).map((d) => sky(`date=${d}&timezone=UTC&preset=daily&include_moon_exact_hits=false`)));
        for (const r of batch) {
          expect(r.status).toBe(200);
          found.push(...r.body.events);
        }
      }
      const refs = events.filter((e: any) => e.year === year);
      const unmatched = [...found];
      for (const ref of refs) {
        const i = unmatched.findIndex(
          (f) => ourKey(f) === refKey(ref) && Math.abs(Date.parse(f.exact_at_utc) - Date.parse(ref.datetime_utc_ms)) <= tolerance(ref),
        );
        expect(i, `${refKey(ref)} at ${ref.datetime_utc_ms}`).toBeGreaterThanOrEqual(0);
        unmatched.splice(i, 1);
      }
      expect(unmatched).toEqual([]);
    }, 120_000);
  }
});

describe('the local day', () => {
  it('has 23 hours on the spring-forward day and 25 on the fall-back day (America/New_York)', async () => {
    const spring = await sky('date=2024-03-10&timezone=America/New_York');
    expect(spring.body.window).toEqual({ start_utc: '2024-03-10T05:00:00.000Z', end_utc: '2024-03-11T04:00:00.000Z', hours: 23 });
    const fall = await sky('date=2024-11-03&timezone=America/New_York');
    expect(fall.body.window.hours).toBe(25);
  });

  it('shifts by 30 minutes on Lord Howe Island', async () => {
    const res = await sky('date=2024-10-06&timezone=Australia/Lord_Howe');
    expect(res.body.window.hours).toBe(23.5);
    expect(res.body.window.start_utc).toBe('2024-10-05T13:30:00.000Z');
  });

  it('uses the date line correctly (Pacific/Kiritimati, UTC+14)', async () => {
    const res = await sky('date=2024-01-11&timezone=Pacific/Kiritimati&preset=full');
    expect(res.body.window).toEqual({ start_utc: '2024-01-10T10:00:00.000Z', end_utc: '2024-01-11T10:00:00.000Z', hours: 24 });
    // The New Moon of 2024-01-11 11:57 UTC falls on the 12th in Kiritimati, not the 11th.
    expect(res.body.events.some((e: any) => e.type === 'lunation')).toBe(false);
    const next = await sky('date=2024-01-12&timezone=Pacific/Kiritimati');
    const lunation = next.body.events.find((e: any) => e.type === 'lunation');
    expect(lunation).toMatchObject({ phase: 'new_moon', sign_id: 'capricorn', local_time: expect.stringMatching(/^2024-01-12T01:57:2\d(\.\d+)?\+14:00$/) });
  });
});

describe('presets and flags', () => {
  it('quiet has lunations, stations and ingresses; daily adds the Moon and exact hits; full adds Moon aspects', async () => {
    const date = 'date=2024-04-08&timezone=UTC';
    const quiet = await sky(date);
    const daily = await sky(`${date}&preset=daily`);
    const full = await sky(`${date}&preset=full&include_formulation=true`);
    expect(skyEventsResponse.strict().safeParse(full.body).error).toBeUndefined();
    const types = (r: any) => new Set(r.body.events.map((e: any) => (e.type === 'exact_aspect' && e.body === 'moon' ? 'moon_aspect' : e.type)));
    expect([...types(quiet)].every((t) => ['lunation', 'station', 'ingress'].includes(t as string))).toBe(true);
    expect(types(quiet).has('lunation')).toBe(true); // the eclipse New Moon of 8 April 2024
    expect(types(full).has('moon_aspect')).toBe(true);
    expect(types(daily).has('moon_aspect')).toBe(false);
    expect(full.body.events.length).toBeGreaterThan(daily.body.events.length);
    const times = full.body.events.map((e: any) => e.exact_at_utc);
    expect(times).toEqual([...times].sort());
    for (const e of full.body.events) expect(typeof e.formulation).toBe('string');
    expect(full.body.events.find((e: any) => e.type === 'lunation').formulation).toBe('New Moon in Aries');
    expect(full.body.counts.lunation).toBe(1);
    expect(quiet.body.events[0].formulation).toBeUndefined();
  });

  it('explicit flags override the preset', async () => {
    const res = await sky('date=2024-04-08&timezone=UTC&preset=full&include_moon_exact_hits=false&include_lunations=false');
    expect(res.body.events.some((e: any) => e.type === 'lunation' || (e.type === 'exact_aspect' && e.body === 'moon'))).toBe(false);
    const moonOnly = await sky('date=2024-04-08&timezone=UTC&include_lunations=false&include_retrogrades=false&include_ingresses=false&include_moon=true');
    expect(moonOnly.body.events.every((e: any) => e.type === 'moon_ingress')).toBe(true);
  });

  it('gives the same id to the same event in every response', async () => {
    const a = await sky('date=2024-04-08&timezone=UTC&preset=full');
    const b = await sky('date=2024-04-08&timezone=Europe/London&preset=full');
    const ids = new Set(b.body.events.map((e: any) => e.id));
    expect(a.body.events.filter((e: any) => ids.has(e.id)).length).toBeGreaterThan(0);
  });
});

describe('bad input', () => {
  for (const [query, loc] of [
    ['timezone=UTC', ['query', 'date']],
    ['date=2024-13-01', ['query', 'date']],
    ['date=2024-02-30', ['query', 'date']],
    ['date=20240301', ['query', 'date']],
    ['date=1700-01-01', ['query', 'date']],
    ['date=2024-03-01&timezone=Mars/Base', ['query', 'timezone']],
    ['date=2024-03-01&timezone=AUTO', ['query', 'timezone']],
    ['date=2024-03-01&preset=loud', ['query', 'preset']],
    ['date=2024-03-01&include_moon=maybe', ['query', 'include_moon']],
  ] as const) {
    it(query, async () => {
      const res = await sky(query);
      expect(res.status).toBe(422);
      expect(res.body.detail.map((d: any) => d.loc)).toContainEqual(loc);
    });
  }
});
