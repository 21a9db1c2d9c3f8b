import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/app.ts';
import { dereferenceOpenApi } from '../../src/http/openapi-compact.ts';
import { natalResponse } from '../../src/features/western/natal/natal-schemas.ts';
import { transitResponse } from '../../src/features/western/transits/transits-schemas.ts';
import { getLibrary } from '../../src/interpretations/library.ts';
import { aspectFamily, isAspectPoint, isGrammarKey, readablePair, readAs, TRANSITING_PLANETS } from '../../src/interpretations/keys.ts';
import { MAX_TRANSIT_ITEMS } from '../../src/interpretations/block/transits.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ compute: 'pool', threads: 1 });
});
afterAll(async () => {
  await server?.close();
});

const birth = { name: 'Ada', year: 1990, month: 6, day: 15, hour: 14, minute: 30, lat: 51.5074, lng: -0.1278, tz_str: 'Europe/London' };
const NATAL_SECTIONS = ['core_self', 'mind', 'relationships', 'drive_and_work', 'growth', 'generational', 'karmic_healing', 'patterns'];

/** The entry keys behind an item key: a variant point is read as its point, aspects and transits fall back to their family's entry. */
function entryKeys(itemKey: string): string[] {
  const m = /^(aspect|transit)\.([a-z_]+)\.([a-z_]+)\.([a-z_]+)$/.exec(itemKey);
  if (m) {
    const [p1, p2] = m[1] === 'aspect' ? [readAs(m[2]!), readAs(m[4]!)] : [m[2]!, readAs(m[4]!)];
    return [`${m[1]}.${p1}.${m[3]}.${p2}`, `${m[1]}.${p1}.${aspectFamily(m[3]!)}.${p2}`];
  }
  const p = /^planet\.([a-z_]+)\.(sign|house)\.([a-z0-9]+)$/.exec(itemKey);
  return p ? [`planet.${readAs(p[1]!)}.${p[2]}.${p[3]}`] : [itemKey];
}

describe('the interpretation block of POST /api/v1/natal/calculate', () => {
  it('is absent unless enabled', async () => {
    for (const extra of [{}, { interpretation: { enable: false } }, { interpretation: { style: 'improved' } }, { interpretation: null }]) {
      const res = await server.post('/api/v1/natal/calculate', { ...birth, ...extra });
      expect(res.status, JSON.stringify(extra)).toBe(200);
      expect(res.body.interpretation).toBeUndefined();
    }
  });

  it("enabled: the library version, the eight sections, items with grammar keys and the library's text", async () => {
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
      const entry = entryKeys(item.key)
        .map((k) => library.entries.get(k))
        .find((e) => e !== undefined);
      expect(entry, item.key).toBeDefined();
      expect(entry!.body).toContain(item.body);
      expect(isGrammarKey(entryKeys(item.key).at(-1)!), item.key).toBe(true);
    }
    expect(block.sections.patterns.some((i: any) => i.key.startsWith('dominant.planet.'))).toBe(true);
  });

  it('covers every point the chart carries: Chiron, Lilith, both nodes by sign and house, the chart ruler as a planet too, and their aspects', async () => {
    const res = await server.post('/api/v1/natal/calculate', {
      ...birth,
      include_features: ['chiron', 'lilith', 'true_node', 'south_node'],
      interpretation: { enable: true },
    });
    expect(res.status).toBe(200);
    const items = Object.values(res.body.interpretation.sections).flat() as any[];
    const has = (category: string, key: string) => items.some((i) => i.category === category && i.key === key);
    const signOf = (lon: number) =>
      ['aries', 'taurus', 'gemini', 'cancer', 'leo', 'virgo', 'libra', 'scorpio', 'sagittarius', 'capricorn', 'aquarius', 'pisces'][Math.floor(lon / 30)]!;
    expect(res.body.planets).toHaveLength(15);
    for (const p of res.body.planets) {
      expect(has('planet_sign', `planet.${p.id}.sign.${signOf(p.abs_pos)}`), p.id).toBe(true);
      expect(has('planet_house', `planet.${p.id}.house.${p.house}`), p.id).toBe(true);
    }
    const ruler = items.filter((i) => i.category === 'chart_ruler');
    expect(ruler).toHaveLength(2);
    for (const r of ruler)
      expect(
        items.some((i) => i.category !== 'chart_ruler' && i.key === r.key),
        r.key,
      ).toBe(true);
    // Every major aspect has an item, but those to the south node (read through the north node's).
    const readable = res.body.aspects.filter((a: any) => aspectFamily(a.type) && readablePair(a.p1, a.p2));
    expect(readable.length).toBe(
      res.body.aspects.filter((a: any) => a.p1 !== 'south_node' && a.p2 !== 'south_node' && !(a.p1 === 'asc' && a.p2 === 'mc')).length,
    );
    for (const a of readable) {
      const [p1, p2] = readablePair(a.p1, a.p2)!;
      expect(has('aspect', `aspect.${p1}.${a.type}.${p2}`), `${a.p1} ${a.type} ${a.p2}`).toBe(true);
    }
    expect(
      readable.filter((a: any) => /^(chiron|lilith|north_node|true_node)$/.test(a.p1) || /^(chiron|lilith|north_node|true_node)$/.test(a.p2)).length,
    ).toBeGreaterThan(0);
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
    const res = await server.post('/api/v1/natal/calculate', {
      ...birth,
      hour: undefined,
      minute: undefined,
      time_known: false,
      interpretation: { enable: true },
    });
    expect(res.status).toBe(200);
    const keys = (Object.values(res.body.interpretation.sections).flat() as any[]).map((i) => i.key);
    expect(keys.filter((k) => /\.house\.|^angle\.|\.(asc|mc)$|^hemisphere\./.test(k))).toEqual([]);
    expect(res.body.interpretation.notes[0]).toMatch(/^Birth time unknown/);
  });

  it('rejects a style or language it does not have, with the field', async () => {
    for (const [interpretation, field] of [
      [{ enable: true, style: 'poetic' }, 'style'],
      [{ enable: true, language: 'fr' }, 'language'],
      [{ enable: 'maybe' }, 'enable'],
    ] as const) {
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
    const withText = res.body.aspects.filter(
      (a: any) =>
        (TRANSITING_PLANETS as readonly string[]).includes(a.p1_id) &&
        isAspectPoint(a.p2_id) &&
        aspectFamily(a.type) &&
        library.entries.has(`transit.${a.p1_id}.${aspectFamily(a.type)}.${readAs(a.p2_id)}`),
    );
    expect(withText.length).toBeGreaterThan(0);
    expect(block.sections.transits).toHaveLength(Math.min(MAX_TRANSIT_ITEMS, withText.length));
    for (const item of block.sections.transits) {
      expect(item.key).toMatch(/^transit\.[a-z]+\.(conjunction|trine|sextile|square|opposition)\.[a-z_]+$/);
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
    // The served document writes a shape used in several places once, as a component: read it dereferenced.
    const natal = (dereferenceOpenApi(res.body) as any).paths['/api/v1/natal/calculate'].post;
    const field = natal.requestBody.content['application/json'].schema.properties.interpretation;
    expect(field.properties.style.enum).toEqual(['standard', 'improved']);
    expect(field.properties.enable.type).toBe('boolean');
    const block = natal.responses['200'].content['application/json'].schema;
    expect(block.properties.interpretation.properties.sections).toBeDefined();
  });
});
