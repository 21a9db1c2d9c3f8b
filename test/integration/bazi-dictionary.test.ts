/**
 * GET /api/v1/chinese/bazi/dictionary over real HTTP and MCP: the ids in both languages, the key
 * it needs like every calculation, and every id and name the BaZi answers (chart and flow) carry
 * over seeded random births found in it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerWithMcp, type v2Client } from '../helpers/mcp.ts';
import type { TestServer } from '../helpers/app.ts';
import { seededRandom } from '../helpers/seeded-random.ts';
import { baziDictionaryResponse } from '../../src/features/chinese/bazi/bazi-dictionary-schemas.ts';

let server: TestServer;
let mcp: ReturnType<typeof v2Client>;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ server, mcp, close } = await startServerWithMcp());
});
afterAll(async () => {
  await close?.();
});

const PATH = '/api/v1/chinese/bazi/dictionary';

describe('GET /api/v1/chinese/bazi/dictionary', () => {
  it('lists every group with ids and Chinese, pinyin and English names', async () => {
    const res = await server.get(PATH);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(baziDictionaryResponse.strict().safeParse(res.body).error).toBeUndefined();
    const d = res.body;
    expect(d.lang).toBe('en');
    expect(d.stems).toHaveLength(10);
    expect(d.branches).toHaveLength(12);
    expect(d.ten_gods).toHaveLength(11);
    expect(d.life_stages).toHaveLength(12);
    expect(d.elements.map((e: any) => e.id)).toEqual(['wood', 'fire', 'earth', 'metal', 'water']);
    expect(d.stems[4]).toEqual({ id: 'stem_wu', name: 'Wu', chinese: '戊', pinyin: 'wù', english: 'Wu', element: 'earth', polarity: 'yang' });
    expect(d.branches[6]).toMatchObject({ id: 'branch_wu', chinese: '午', animal: 'Horse', hidden_stems: ['stem_ding', 'stem_ji'] });
    expect(d.ten_gods.find((t: any) => t.id === 'seven_killings')).toMatchObject({ chinese: '七杀', english: '7 Killings' });
    expect(d.symbolic_stars.map((s: any) => s.id)).toContain('peach_blossom');
    expect(d.hidden_stems.by_branch[1]).toEqual({
      branch: 'branch_chou',
      stems: [
        { stem: 'stem_ji', role: 'main' },
        { stem: 'stem_gui', role: 'middle' },
        { stem: 'stem_xin', role: 'residual' },
      ],
    });
    // Ids are unique within each group.
    for (const [group, list] of Object.entries(d)) {
      if (!Array.isArray(list)) continue;
      const ids = list.map((t: any) => t.id);
      expect(new Set(ids).size, group).toBe(ids.length);
    }
    expect(d.meta).toEqual({ lang: 'en', requested_lang: null, lang_fallback: false, supported_langs: ['en', 'zh-CN'] });
  });

  it('zh-CN names in Chinese; an unserved language is English and meta says so; a huge lang is a 422', async () => {
    const zh = await server.get(`${PATH}?lang=zh-CN`);
    expect(zh.status).toBe(200);
    expect(zh.body.lang).toBe('zh-CN');
    expect(zh.body.ten_gods[0]).toMatchObject({ id: 'friend', name: '比肩', english: 'Friend' });
    expect(zh.body.branches[0].animal).toBe('鼠');
    const fr = await server.get(`${PATH}?lang=fr`);
    expect(fr.status).toBe(200);
    expect(fr.body.ten_gods[0].name).toBe('Friend');
    expect(fr.body.meta).toMatchObject({ lang: 'en', requested_lang: 'fr', lang_fallback: true });
    const huge = await server.get(`${PATH}?lang=${'x'.repeat(10_000)}`);
    expect(huge.status).toBe(422);
    expect(huge.body.detail[0].loc).toEqual(['query', 'lang']);
  });

  it('needs a valid key like every calculation', async () => {
    const missing = await server.get(PATH, { 'x-api-key': '' });
    expect(missing.status).toBe(401);
    expect(missing.body).toEqual({ detail: 'Missing API key' });
    const invalid = await server.get(PATH, { 'x-api-key': 'ask_not-a-real-key' });
    expect(invalid.status).toBe(401);
    expect(invalid.body).toEqual({ detail: 'Invalid API key' });
  });

  it('is the MCP tool v1_chinese_bazi_dictionary', async () => {
    const result: any = await mcp.client.callTool({ name: 'v1_chinese_bazi_dictionary', arguments: { lang: 'zh-CN' } });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent.stems[0]).toMatchObject({ id: 'stem_jia', name: '甲' });
  });

  it('holds every id and name the BaZi chart and flow answers carry, over random births', async () => {
    const d = (await server.get(PATH)).body;
    const ids = (group: string) => new Set<string>(d[group].map((t: any) => t.id));
    const english = (group: string) => new Set<string>(d[group].map((t: any) => t.english));
    const chinese = (group: string) => new Set<string>(d[group].map((t: any) => t.chinese));
    const missing: string[] = [];
    const need = (set: Set<string>, value: string, where: string) => {
      if (!set.has(value)) missing.push(`${where}: ${value}`);
    };
    const stems = chinese('stems'),
      branches = chinese('branches'),
      gods = english('ten_gods'),
      stages = english('life_stages'),
      kinds = ids('interactions'),
      stars = english('symbolic_stars');
    const roleIds = new Set<string>(d.hidden_stems.roles.map((r: any) => r.id));
    const elements = english('elements');
    const pillarIds = ids('pillars');
    const checkInteraction = (i: any) => {
      need(kinds, i.kind, 'interaction kind');
      for (const p of i.pillars) if (['year', 'month', 'day', 'hour'].includes(p)) need(pillarIds, p, 'interaction pillar');
      for (const b of i.branches) need(branches, b, 'interaction branch');
      for (const s of i.stems) need(stems, s, 'interaction stem');
      if (i.transform_to) need(elements, i.transform_to, 'transform_to');
    };
    const random = seededRandom(70);
    for (let n = 0; n < 12; n++) {
      const birth = {
        year: 1900 + Math.floor(random() * 150),
        month: 1 + Math.floor(random() * 12),
        day: 1 + Math.floor(random() * 28),
        hour: Math.floor(random() * 24),
        minute: Math.floor(random() * 60),
        lat: -50 + random() * 110,
        lng: -170 + random() * 340,
        tz_str: 'UTC',
        sex: random() < 0.5 ? 'M' : 'F',
      };
      const chart = await server.post('/api/v1/chinese/bazi', birth);
      expect(chart.status, JSON.stringify(chart.body)).toBe(200);
      const b = chart.body;
      need(stems, b.day_master.stem, 'day master');
      for (const p of b.pillars) {
        need(pillarIds, p.label, 'pillar');
        need(stems, p.gan, 'gan');
        need(branches, p.zhi, 'zhi');
        need(stages, p.life_stage.name, 'life stage');
        need(elements, p.gan_info.element, 'element');
        need(gods, p.ten_gods.stem, 'ten god');
        for (const h of p.ten_gods.hidden) {
          need(stems, h.gan, 'hidden stem');
          need(gods, h.ten_god, 'hidden ten god');
          need(roleIds, h.role, 'hidden role');
        }
      }
      for (const l of b.luck_cycle.pillars) need(gods, l.ten_god, 'luck ten god');
      for (const s of b.stars) need(stars, s.name, 'star');
      for (const i of b.interactions) checkInteraction(i);
      const flow = await server.post('/api/v1/chinese/bazi/flow', { ...birth, target_year: 1950 + Math.floor(random() * 80) });
      expect(flow.status, JSON.stringify(flow.body)).toBe(200);
      for (const y of flow.body.years) {
        need(gods, y.ten_god, 'annual ten god');
        for (const i of [...y.interactions, ...y.luck_interactions]) checkInteraction(i);
        for (const s of y.stars) need(stars, s.name, 'flow star');
        for (const m of y.months) {
          need(gods, m.ten_god, 'month ten god');
          for (const i of m.interactions) checkInteraction(i);
          for (const s of m.stars) need(stars, s.name, 'flow month star');
        }
      }
    }
    expect(missing).toEqual([]);
  });
});
