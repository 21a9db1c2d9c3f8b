import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/app.ts';
import { natalResponse } from '../../src/features/natal/schemas.ts';
import { transitResponse } from '../../src/features/transits/schemas.ts';
import { getLibrary } from '../../src/interpretations/library.ts';
import { aspectFamily, isCanonicalPoint, isGrammarKey, TRANSITING_PLANETS } from '../../src/interpretations/keys.ts';
import { MAX_TRANSIT_ITEMS } from '../../src/interpretations/block/transits.ts';

let server: TestServer;
beforeAll(async () => { server = await startTestServer({ compute: 'pool', threads: 1 }); });
afterAll(async () => { await server?.close(); });

const birth = { name: 'Ada', year: 1990, month: 6, day: 15, hour: 14, minute: 30, lat: 51.5074, lng: -0.1278, tz_str: 'Europe/London' };
const NATAL_SECTIONS = ['core_self', 'mind', 'relationships', 'drive_and_work', 'growth', 'generational', 'karmic_healing', 'patterns'];

/** The entry key behind an item key: aspects and transits fall back to their family's entry. */
function entryKeys(itemKey: string): string[] {
  const m = /^(aspect|transit)\.([a-z_]+)\.([a-z_]+)\.([a-z_]+)$/.exec(itemKey);
  return m ? [itemKey, `${m[1]}.${m[2]}.${aspectFamily(m[3]!)}.${m[4]}`] : [itemKey];
}

describe('the interpretation block of POST /api/v1/natal/calculate', () => {
  it('is absent unless enabled', async () => {
    for (const extra of [{}, { interpretation: { enable: false } }, { interpretation: { style: 'improved' } }, { interpretation: null }]) {
      const res = await server.post('/api/v1/natal/calculate', { ...birth, ...extra });
      expect(res.status, JSON.stringify(extra)).toBe(200);
      expect(res.body.interpretation).toBeUndefined();
    }
  });

  it('enabled: the library version, the eight sections, items with grammar keys and the library\'s text', async () => {
    const res = await server.post('/api/v1/natal/calculate', { ...birth, interpretation: { enable: true, style: 'standard', language: 'en' } });
    expect(res.status).toBe(200);
    expect(natalResponse.strict().safeParse(res.body).error).toBeUndefined();
    const block = res.body.interpretation;
    expect(block).toMatchObject({ library_version: '1.0.0', language: 'en', style: 'standard', notes: [] });
    expect(Object.keys(block.sections)).toEqual(NATAL_SECTIONS);
    const library = getLibrary();
    const items = Object.values(block.sections).flat() as any[];
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) {
      expect(Object.keys(item)).toEqual(['category', 'key', 'title', 'body']);
      const entry = entryKeys(item.key).map((k) => library.entries.get(k)).find((e) => e !== undefined);
      expect(entry, item.key).toBeDefined();
      expect(entry!.body).toContain(item.body);
      expect(isGrammarKey(entryKeys(item.key).at(-1)!), item.key).toBe(true);
    }
    expect(block.sections.patterns.some((i: any) => i.key.startsWith('dominant.planet.'))).toBe(true);
  });

  it('improved adds strengths, challenges and reflection; the same request gives the same text', async () => {
    const body = { ...birth, interpretation: { enable: true, style: 'improved' } };
    const [a, b] = await Promise.all([server.post('/api/v1/natal/calculate', body), server.post('/api/v1/natal/calculate', body)]);
    expect(a.body.interpretation).toEqual(b.body.interpretation);
    expect(a.body.interpretation.style).toBe('improved');
    for (const item of Object.values(a.body.interpretation.sections).flat() as any[]) {
      expect(item.strengths.length).toBeGreaterThanOrEqual(2);
      expect(item.challenges.length).toBeGreaterThanOrEqual(2);
      expect(item.reflection.length).toBeGreaterThanOrEqual(1);
    }
  });

  it('precision changes the numbers, not the text', async () => {
    const [full, rounded] = await Promise.all([
      server.post('/api/v1/natal/calculate', { ...birth, interpretation: { enable: true } }),
      server.post('/api/v1/natal/calculate', { ...birth, precision: 0, interpretation: { enable: true } }),
    ]);
    expect(rounded.body.interpretation).toEqual(full.body.interpretation);
  });

  it('untimed: no house, angle or hemisphere items, and a note', async () => {
    const res = await server.post('/api/v1/natal/calculate', { ...birth, hour: undefined, minute: undefined, time_known: false, interpretation: { enable: true } });
    expect(res.status).toBe(200);
    const keys = (Object.values(res.body.interpretation.sections).flat() as any[]).map((i) => i.key);
    expect(keys.filter((k) => /\.house\.|^angle\.|\.(asc|mc)$|^hemisphere\./.test(k))).toEqual([]);
    expect(res.body.interpretation.notes[0]).toMatch(/^Birth time unknown/);
  });

  it('rejects a style or language it does not have, with the field', async () => {
    for (const [interpretation, field] of [[{ enable: true, style: 'poetic' }, 'style'], [{ enable: true, language: 'fr' }, 'language'], [{ enable: 'maybe' }, 'enable']] as const) {
      const res = await server.post('/api/v1/natal/calculate', { ...birth, interpretation });
      expect(res.status).toBe(422);
      expect(res.body.detail[0].loc).toEqual(['body', 'interpretation', field]);
    }
  });
});

describe('the interpretation block of POST /api/v1/transits/calculate', () => {
  const request = { natal: birth, transit_date: '2025-11-20T09:15' };

  it('is on by default: the active transits, ranked, at most fifteen, keys with the real aspect type', async () => {
    const res = await server.post('/api/v1/transits/calculate', request);
    expect(res.status).toBe(200);
    expect(transitResponse.strict().safeParse(res.body).error).toBeUndefined();
    const block = res.body.interpretation;
    expect(block).toMatchObject({ library_version: '1.0.0', language: 'en', style: 'standard', notes: [] });
    expect(Object.keys(block.sections)).toEqual(['transits']);
    const library = getLibrary();
    // The answer's aspects name their points "saturn (T)" and "sun (N)"; their ids are p1_id and p2_id.
    const withText = res.body.aspects.filter((a: any) => (TRANSITING_PLANETS as readonly string[]).includes(a.p1_id) && isCanonicalPoint(a.p2_id) && aspectFamily(a.type) && library.entries.has(`transit.${a.p1_id}.${aspectFamily(a.type)}.${a.p2_id}`));
    expect(withText.length).toBeGreaterThan(0);
    expect(block.sections.transits).toHaveLength(Math.min(MAX_TRANSIT_ITEMS, withText.length));
    for (const item of block.sections.transits) {
      expect(item.key).toMatch(/^transit\.[a-z]+\.(conjunction|trine|sextile|square|opposition)\.[a-z]+$/);
      expect(res.body.aspects.some((a: any) => item.key === `transit.${a.p1_id}.${a.type}.${a.p2_id}`)).toBe(true);
      expect(item.body.length).toBeGreaterThan(40);
    }
  });

  it('{"enable": false} turns it off; improved adds the lists', async () => {
    const off = await server.post('/api/v1/transits/calculate', { ...request, interpretation: { enable: false } });
    expect(off.body.interpretation).toBeUndefined();
    const improved = await server.post('/api/v1/transits/calculate', { ...request, interpretation: { style: 'improved' } });
    expect(improved.body.interpretation.style).toBe('improved');
  });

  it('untimed natal: a note', async () => {
    const res = await server.post('/api/v1/transits/calculate', { ...request, natal: { ...birth, hour: undefined, minute: undefined, time_known: false } });
    expect(res.body.interpretation.notes[0]).toMatch(/^Birth time unknown/);
  });
});

describe('OpenAPI', () => {
  it('documents the request field and the block', async () => {
    const res = await server.get('/openapi.json');
    const schemas = res.body.components.schemas;
    // Inline, not components: the same schemas feed the MCP tools, whose clients refuse nested ids.
    const field = schemas.NatalChartRequest.properties.interpretation;
    expect(field.properties.style.enum).toEqual(['standard', 'improved']);
    expect(field.properties.enable.type).toBe('boolean');
    const natal = res.body.paths['/api/v1/natal/calculate'].post.responses['200'].content['application/json'].schema;
    const block = natal.$ref ? schemas[natal.$ref.split('/').pop()] : natal;
    expect(block.properties.interpretation.properties.sections).toBeDefined();
  });
});
