import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/client/validators/ajv';
import type { TestServer } from '../helpers/app.ts';
import {
  synastryCardsResponse,
  synastryHoroscopeResponse,
  synastryResponse,
  synastrySummaryResponse,
} from '../../src/features/western/synastry/synastry-schemas.ts';
import { answerProblems } from '../../src/answers/schema-serializer.ts';
import { startServerWithMcp, type v2Client } from '../helpers/mcp.ts';

let server: TestServer;
let mcp: ReturnType<typeof v2Client>;
let close: (() => Promise<void>) | undefined;
beforeAll(async () => {
  ({ server, mcp, close } = await startServerWithMcp());
});
afterAll(() => close?.());

/** As the clients send them (peer spec §1): datetime local or with an offset, location {city, lat, lng}, tz_str, time_known or time_unknown. */
const ada = { name: 'Ada', datetime: '1990-05-17T08:15:00', location: { city: 'Lisbon', lat: 38.72, lng: -9.14 }, tz_str: 'Europe/Lisbon', time_known: true };
const ben = {
  id: 'p2',
  name: 'Ben',
  datetime: '1992-11-03T21:40:00+00:00',
  location: { city: 'London', lat: 51.5, lng: -0.12, timezone: 'Europe/London' },
  time_unknown: false,
};

describe('POST /api/v1/western/synastry', () => {
  it('answers the natal snapshots, contacts, overlays under both key sets, scores and archetype', async () => {
    const res = await server.post('/api/v1/western/synastry', {
      person_a: ada,
      person_b: ben,
      settings: { bodies: ['sun', 'moon', 'venus', 'mars', 'node', 'asc', 'mc'], include: { text: true } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(answerProblems(synastryResponse, res.body).filter((p) => !p.startsWith('natal.'))).toEqual([]);
    const { meta, natal, synastry, text } = res.body;
    expect(meta.settings_resolved.bodies_normalized).toEqual(['sun', 'moon', 'venus', 'mars', 'true_node', 'asc', 'mc']);
    expect(meta.aliases).toEqual({ node: 'true_node' });
    expect(natal.person_a.subject.name).toBe('Ada');
    expect(natal.person_b.subject.datetime).toBe('1992-11-03T21:40:00+00:00');
    expect(synastry.aspects.length).toBeGreaterThan(0);
    for (const [i, a] of synastry.aspects.entries()) {
      expect(synastry.index.aspects_by_id[a.id]).toBe(i);
      const pa =
        natal.person_a.planets.find((p: any) => p.id === (a.a_point === 'true_node' ? 'north_node' : a.a_point))?.abs_pos ?? natal.person_a.angles[a.a_point];
      const pb =
        natal.person_b.planets.find((p: any) => p.id === (a.b_point === 'true_node' ? 'north_node' : a.b_point))?.abs_pos ?? natal.person_b.angles[a.b_point];
      const sep = Math.abs(((((pa - pb) % 360) + 540) % 360) - 180);
      expect(a.separation_deg).toBeCloseTo(sep, 5);
      expect(text.by_key[a.text_key].title).toMatch(/^A's /);
    }
    const o = synastry.house_overlays;
    expect(o.a_in_b).toEqual(o.a_planets_in_b_houses);
    expect(o.b_in_a).toEqual(o.b_planets_in_a_houses);
    expect(o.a_in_b.map((x: any) => x.planet)).toEqual(['sun', 'moon', 'venus', 'mars', 'true_node', 'asc', 'mc']);
    for (const k of ['overall', 'romance', 'communication', 'stability', 'intimacy', 'growth', 'tension'])
      expect(Number.isInteger(synastry.scores[k])).toBe(true);
    expect(synastry.archetype.label.length).toBeGreaterThan(0);
    expect(synastry.text).toEqual(text);
  });

  it('a city without coordinates, AUTO zones, and a polar birth whose houses fall back', async () => {
    const polar = { name: 'North', datetime: '1980-12-21T12:00:00', location: { lat: 78.22, lng: 15.65 }, tz_str: 'AUTO' };
    const res = await server.post('/api/v1/western/synastry', { person_a: { ...ada, location: { city: 'Lisbon' }, tz_str: 'AUTO' }, person_b: polar });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.natal.person_a.subject.location.timezone).toBe('Europe/Lisbon');
    expect(res.body.natal.person_b.subject.location.timezone).toBe('Arctic/Longyearbyen');
    expect(res.body.meta.warnings.some((w: string) => w.startsWith('person_b: house system placidus cannot be computed'))).toBe(true);
    expect(res.body.synastry.house_overlays.a_in_b).toHaveLength(15);
  });

  it('refuses bad input with a 422 naming the field', async () => {
    const cases: [unknown, (string | number)[]][] = [
      [{ person_a: ada }, ['body', 'person_b']],
      [{ person_a: ada, person_b: { ...ben, datetime: '1992-02-30T10:00' } }, ['body', 'person_b', 'datetime']],
      [{ person_a: ada, person_b: { ...ben, location: { city: 'Nowhere-at-all-xyz' } } }, ['body', 'person_b', 'location', 'city']],
      [{ person_a: ada, person_b: ben, settings: { bodies: ['sun', 'vulcan'] } }, ['body', 'settings', 'bodies', 1]],
      [{ person_a: ada, person_b: ben, settings: { bodies: Array(31).fill('sun') } }, ['body', 'settings', 'bodies']],
      [{ person_a: ada, person_b: ben, settings: { aspect_set: 'weird' } }, ['body', 'settings', 'aspect_set']],
    ];
    for (const [body, loc] of cases) {
      const res = await server.post('/api/v1/western/synastry', body);
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      expect(res.body.detail.map((d: any) => d.loc)).toContainEqual(loc);
    }
  });
});

describe('POST /api/v1/western/synastry/summary', () => {
  it('takes person_a/person_b or first_subject/second_subject and gives the same summary', async () => {
    const one = await server.post('/api/v1/western/synastry/summary', { person_a: ada, person_b: ben });
    const two = await server.post('/api/v1/western/synastry/summary', { first_subject: ada, second_subject: ben });
    expect(one.status, JSON.stringify(one.body)).toBe(200);
    expect(answerProblems(synastrySummaryResponse, one.body)).toEqual([]);
    expect(two.body.summary).toEqual(one.body.summary);
    const full = await server.post('/api/v1/western/synastry', { person_a: ada, person_b: ben });
    const { contributors, model, scoring_meta, ...scores } = full.body.synastry.scores;
    expect(one.body.summary.scores).toEqual(scores);
    expect(one.body.summary.archetype.id).toBe(full.body.synastry.archetype.id);
    for (const s of one.body.summary.strengths) expect(full.body.synastry.aspects.find((a: any) => a.id === s.ref_id).polarity).toBe('supportive');
    for (const s of one.body.summary.challenges) expect(full.body.synastry.aspects.find((a: any) => a.id === s.ref_id).polarity).toBe('challenging');
    const none = await server.post('/api/v1/western/synastry/summary', { first_subject: ada });
    expect(none.status).toBe(422);
    expect(none.body.detail[0].loc).toEqual(['body', 'person_b']);
  });
});

describe('POST /api/v1/western/synastry/horoscope', () => {
  it("the day's transits to both charts and the composite, with timing windows to the second", async () => {
    const res = await server.post('/api/v1/western/synastry/horoscope?relationship_context=friendship&include_timing=true', {
      person_a: ada,
      person_b: ben,
      date: '2026-12-31',
      tz_str: 'Asia/Tokyo',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(answerProblems(synastryHoroscopeResponse, res.body)).toEqual([]);
    const b = res.body;
    expect(b.meta.reference_time).toEqual({ utc: '2026-12-31T03:00:00Z', local: '2026-12-31T12:00:00+09:00' });
    expect(b.domains.map((d: any) => d.id)).toEqual(['social_chemistry', 'reliability', 'emotional_boundaries', 'communication', 'growth']);
    expect(new Set(b.transits.map((t: any) => t.target))).toEqual(new Set(['person_a', 'person_b', 'composite']));
    for (const t of b.transits) {
      expect(t.timing).toBeDefined();
      if (t.timing.orb_entry) expect(t.timing.orb_entry.utc <= b.meta.reference_time.utc).toBe(true);
      if (t.timing.orb_exit) expect(t.timing.orb_exit.utc >= b.meta.reference_time.utc).toBe(true);
      expect(t.timing.orb_entry?.utc ?? '').toMatch(/^$|^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    }
    const plain = await server.post('/api/v1/western/synastry/horoscope', { person_a: ada, person_b: ben, date: '2026-12-31', tz_str: 'Asia/Tokyo' });
    expect(plain.body.transits.every((t: any) => t.timing === undefined)).toBe(true);
    expect(plain.body.domains.map((d: any) => d.id)).toEqual(['romance', 'communication', 'stability', 'intimacy', 'growth']);
    const bad = await server.post('/api/v1/western/synastry/horoscope', { person_a: ada, person_b: ben, date: '2026-02-30' });
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0].loc).toEqual(['body', 'date']);
  });
});

describe('the MCP tools', () => {
  /** The REST answer without its clock (generated_at), which two calls cannot share. */
  const withoutClock = (body: any) => ({ ...body, meta: { ...body.meta, generated_at: undefined } });

  it('v1_western_synastry, _summary and _horoscope answer what the REST endpoints answer', async () => {
    const cases: [string, Record<string, unknown>, () => Promise<{ body: any }>][] = [
      [
        'v1_western_synastry',
        { person_a: ada, person_b: ben, settings: { include: { text: true } } },
        () => server.post('/api/v1/western/synastry', { person_a: ada, person_b: ben, settings: { include: { text: true } } }),
      ],
      [
        'v1_western_synastry_summary',
        { first_subject: ada, second_subject: ben },
        () => server.post('/api/v1/western/synastry/summary', { first_subject: ada, second_subject: ben }),
      ],
      [
        'v1_western_synastry_horoscope',
        { person_a: ada, person_b: ben, date: '2026-02-14', tz_str: 'Europe/Lisbon', relationship_context: 'friendship', include_timing: true },
        () =>
          server.post('/api/v1/western/synastry/horoscope?relationship_context=friendship&include_timing=true', {
            person_a: ada,
            person_b: ben,
            date: '2026-02-14',
            tz_str: 'Europe/Lisbon',
          }),
      ],
    ];
    for (const [tool, args, rest] of cases) {
      const result = await mcp.client.callTool({ name: tool, arguments: args });
      expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
      const expected = await rest();
      expect(withoutClock(result.structuredContent)).toEqual(withoutClock(expected.body));
    }
    const refused = await mcp.client.callTool({
      name: 'v1_western_synastry',
      arguments: { person_a: ada, person_b: ben, settings: { bodies: ['sun', 'vulcan'] } },
    });
    expect(refused.isError).toBe(true);
    expect(JSON.stringify(refused.content)).toContain('vulcan');
  });
});

describe('POST /api/v1/western/synastrycards', () => {
  /** What the synastry demo posts: datetime to the second, tz_str and location {city, lat, lng}. */
  const demo = {
    person_a: { name: 'Ada', datetime: '1990-05-17T08:15:00', tz_str: 'Europe/Lisbon', location: { city: 'Lisbon', lat: 38.72, lng: -9.14 } },
    person_b: { name: 'Ben', datetime: '1992-11-03T21:40:00', tz_str: 'Europe/London', location: { city: 'London', lat: 51.5, lng: -0.12 } },
  };

  it("answers the demo's cards, valid under its own schema, from the synastry's own calculation", async () => {
    const res = await server.post('/api/v1/western/synastrycards', demo);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(answerProblems(synastryCardsResponse, res.body)).toEqual([]);
    const cards = JSON.parse(readFileSync(new URL('../fixtures/public-schemas/synastry-cards.schema.json', import.meta.url), 'utf8'));
    const verdict = new AjvJsonSchemaValidator().getValidator(cards)(res.body);
    expect(verdict.valid, verdict.errorMessage).toBe(true);
    // The same numbers as the full synastry of the two people.
    const full = (await server.post('/api/v1/western/synastry', demo)).body;
    const { summary, aspects, meta } = res.body;
    expect(meta.calculation_hash).toBe(full.meta.calculation_hash);
    expect(meta.report_id).toBe(`syn_${full.meta.calculation_hash.slice(0, 16)}`);
    const { contributors, model, scoring_meta, ...scores } = full.synastry.scores;
    expect(summary.scores).toEqual(scores);
    expect(summary.archetype).toEqual({
      id: full.synastry.archetype.id,
      label: full.synastry.archetype.label,
      one_liner: full.synastry.archetype.one_liner,
      confidence: full.synastry.archetype.confidence,
    });
    expect(aspects.map((a: any) => a.aspect_id)).toEqual(full.synastry.aspects.map((a: any) => a.id));
    for (const [i, card] of aspects.entries()) {
      const contact = full.synastry.aspects[i];
      expect(card.rank).toBe(i + 1);
      expect(card.key).toBe(contact.text_key);
      expect(card.strength_value).toBe(contact.strength);
      // The percentile: the share of this pair's contacts no stronger than this one.
      expect(card.strength).toBeCloseTo(full.synastry.aspects.filter((c: any) => c.strength <= contact.strength).length / aspects.length, 4);
      const sign = { supportive: 1, challenging: -1, mixed: 0, neutral: 0 }[contact.polarity as string]!;
      expect(card.polarity_score).toBeCloseTo(sign * contact.polarity_confidence, 4);
      expect(card.default_block).toBe(card.polarity_score < 0 ? 'challenging' : 'supportive');
      expect(card.blocks.supportive.title).toMatch(/: what helps$/);
      expect(card.blocks.challenging.title).toMatch(/: what to watch$/);
    }
    // Each score's drivers are the full answer's contributors to it.
    for (const [domain, drivers] of Object.entries<any[]>(summary.drivers_by_domain))
      expect(drivers.map((d) => d.contribution)).toEqual(contributors.filter((c: any) => c.bucket === domain).map((c: any) => c.weight));
    expect(summary.bands.core).toBe(summary.strengths[0] ?? 'nothing stands out');
    expect(summary.bands.watch_for).toBe(summary.bands.shadow);
    expect(summary.narrative).toContain(`${summary.scores.overall} out of 100`);
  });

  it('refuses bad input with a 422 naming the field, and the MCP tools answer under the names the assistant lists', async () => {
    const bad = await server.post('/api/v1/western/synastrycards', { person_a: demo.person_a });
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.body.detail)).toContain('person_b');
    const badDate = await server.post('/api/v1/western/synastrycards', { ...demo, person_b: { ...demo.person_b, datetime: '1992-13-03T21:40:00' } });
    expect(badDate.status).toBe(422);
    const withoutClock = (v: any) => ({ ...v, meta: { ...v.meta, generated_at: undefined } });
    const tool = await mcp.client.callTool({ name: 'v1_western_synastrycards', arguments: demo });
    expect(tool.isError ?? false).toBe(false);
    expect(withoutClock(tool.structuredContent)).toEqual(withoutClock((await server.post('/api/v1/western/synastrycards', demo)).body));
    const simplified = await mcp.client.callTool({ name: 'v1_western_synastry_simplified', arguments: demo });
    const summary = await mcp.client.callTool({ name: 'v1_western_synastry_summary', arguments: demo });
    expect(withoutClock(simplified.structuredContent)).toEqual(withoutClock(summary.structuredContent));
  });
});
