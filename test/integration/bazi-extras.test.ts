/**
 * The BaZi extras over real HTTP and MCP: synastry, time correction, health and the life curve,
 * replaying the requests the public service's clients send and asserting the fields they read;
 * `lang` and `time_standard` on every BaZi call; 422s that name the field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerWithMcp, type v2Client } from '../helpers/mcp.ts';
import type { TestServer } from '../helpers/app.ts';

let server: TestServer;
let mcp: ReturnType<typeof v2Client>;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ server, mcp, close } = await startServerWithMcp());
});
afterAll(async () => {
  await close?.();
});

const ada = { name: 'Ada', year: 1990, month: 5, day: 17, hour: 8, minute: 15, lat: 31.23, lng: 121.47, tz_str: 'Asia/Shanghai', sex: 'F' };
const ben = { name: 'Ben', year: 1988, month: 11, day: 3, hour: 21, minute: 40, lat: 22.32, lng: 114.17, tz_str: 'Asia/Hong_Kong', sex: 'M' };
/** Kashgar keeps Beijing time 45° west of its meridian: 01:30 on the clock is the evening before by the Sun. */
const kashgar = { year: 2001, month: 3, day: 10, hour: 1, minute: 30, lat: 39.47, lng: 75.99, tz_str: 'Asia/Shanghai', sex: 'M' };

const fieldsOf = (res: { body: any }) => res.body.detail.map((d: any) => d.loc.join('.'));

describe('POST /api/v1/chinese/bazi/synastry', () => {
  it('answers the fields the synastry client reads', async () => {
    const res = await server.post('/api/v1/chinese/bazi/synastry', { person_a: ada, person_b: ben, lang: 'en' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const s = res.body;
    expect(Object.keys(s.score_breakdown)).toEqual(['day_master', 'spouse_palace', 'pillars', 'elements', 'hidden_bonus']);
    const sum = Object.values(s.score_breakdown as Record<string, number>).reduce((a, b) => a + b, 0);
    expect(s.score).toBeCloseTo(sum, 1);
    expect(typeof s.overall_compatibility).toBe('string');
    // Both day masters are 壬 (Water): the same element.
    expect(s.day_master_analysis).toMatchObject({ dm_a: '壬', dm_b: '壬', relation: 'same', score: 18 });
    expect(s.day_master_analysis.description).toMatch(/same element/);
    expect(typeof s.day_master_analysis.dynamic).toBe('string');
    expect(Object.keys(s.spouse_palace_analysis)).toEqual(expect.arrayContaining(['branch_a', 'branch_b', 'interaction', 'score', 'description', 'type']));
    expect(Object.keys(s.element_analysis)).toEqual(expect.arrayContaining(['score', 'details', 'a_needs', 'b_needs']));
    expect(s.pillar_interactions.map((p: any) => p.pillar)).toEqual(['year', 'month', 'day', 'hour']);
    for (const p of s.pillar_interactions) {
      expect(Object.keys(p.branch_interaction)).toEqual(['type', 'label', 'score_modifier']);
      expect(typeof p.weight).toBe('number');
      expect(typeof p.net_score).toBe('number');
      expect(p.stem_interaction).toHaveProperty('type');
    }
    expect(s.hidden_interactions.count).toBe(s.hidden_interactions.connections.length);
    expect(Object.keys(s.conflict_scan)).toEqual(['clashes', 'harms', 'punishments', 'destructions']);
    expect(typeof s.conflict_summary).toBe('string');
    expect(s.meta).toMatchObject({ lang: 'en', lang_fallback: false });
  });

  it('zh-CN writes its texts in Chinese; an unserved language falls back to English, said in meta', async () => {
    const zh = await server.post('/api/v1/chinese/bazi/synastry', { person_a: ada, person_b: ben, lang: 'zh-CN' });
    expect(zh.status).toBe(200);
    expect(zh.body.day_master_analysis.description).toMatch(/五行相同/);
    expect(zh.body.pillar_interactions[0].branch_interaction.label).toMatch(/[\u4e00-\u9fff]/);
    expect(zh.body.meta.lang).toBe('zh-CN');
    const de = await server.post('/api/v1/chinese/bazi/synastry', { person_a: ada, person_b: ben, lang: 'de-DE' });
    expect(de.status).toBe(200);
    expect(de.body.meta).toMatchObject({ lang: 'en', requested_lang: 'de-DE', lang_fallback: true });
  });

  it('refuses a missing partner, an impossible date and a year out of range, naming the field', async () => {
    const cases: [unknown, string][] = [
      [{ person_a: ada }, 'body.person_b'],
      [{ person_a: ada, person_b: { ...ben, month: 2, day: 30 } }, 'body.person_b.day'],
      [{ person_a: { ...ada, year: 1200 }, person_b: ben }, 'body.person_a.year'],
      [{ person_a: ada, person_b: ben, lang: 'x'.repeat(10_000) }, 'body.lang'],
    ];
    for (const [body, field] of cases) {
      const res = await server.post('/api/v1/chinese/bazi/synastry', body);
      expect(res.status, field).toBe(422);
      expect(fieldsOf(res), field).toContain(field);
    }
  });
});

describe('POST /api/v1/chinese/bazi/time-correction', () => {
  it('civil to local mean and true solar time, with the equation of time', async () => {
    const res = await server.post('/api/v1/chinese/bazi/time-correction', { ...kashgar, time_standard: 'true_solar' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const t = res.body;
    expect(t).toMatchObject({ civil_time: '2001-03-10T01:30:00', utc: '2001-03-09T17:30:00Z', utc_offset: '+08:00', zone_meridian: 120 });
    expect(t.longitude_correction_minutes).toBeCloseTo((75.99 - 120) * 4, 2);
    // Early March: the Sun is about ten minutes slow.
    expect(t.equation_of_time_minutes).toBeGreaterThan(-11.5);
    expect(t.equation_of_time_minutes).toBeLessThan(-10);
    expect(t.total_correction_minutes).toBeCloseTo(t.longitude_correction_minutes + t.equation_of_time_minutes, 1);
    expect(t.true_solar_time.slice(0, 10)).toBe('2001-03-09');
    expect(t.effective_time).toBe(t.true_solar_time);
    const byStandard = Object.fromEntries(t.clocks.map((c: any) => [c.time_standard, c]));
    expect(byStandard.civil.date_differs_from_civil).toBe(false);
    expect(byStandard.true_solar.date_differs_from_civil).toBe(true);
    expect(byStandard.true_solar.hour_branch).toBe('亥');
    expect(byStandard.civil.hour_branch).toBe('丑');
    expect(t.explanation).toMatch(/equation of time/);
  });
});

describe('time_standard on the chart', () => {
  it('true_solar and true_solar_absolute give the same pillars; absolute also reads the date on the solar clock', async () => {
    const solar = await server.post('/api/v1/chinese/bazi', { ...kashgar, time_standard: 'true_solar' });
    const absolute = await server.post('/api/v1/chinese/bazi', { ...kashgar, time_standard: 'true_solar_absolute' });
    const civil = await server.post('/api/v1/chinese/bazi', { ...kashgar, time_standard: 'civil' });
    for (const r of [solar, absolute, civil]) expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(absolute.body.conventions.time_standard).toBe('true_solar_absolute');
    expect(absolute.body.pillars.map((p: any) => p.gan_zhi)).toEqual(solar.body.pillars.map((p: any) => p.gan_zhi));
    expect(solar.body.pillars[2].gan_zhi).not.toBe(civil.body.pillars[2].gan_zhi);
    // The lunar date: the civil date's under true_solar, the evening before under true_solar_absolute.
    expect(solar.body.lunar_date.day).toBe(civil.body.lunar_date.day);
    expect(absolute.body.lunar_date.day).toBe(civil.body.lunar_date.day - 1);
  });

  it('the flow and the extras take the same standards', async () => {
    for (const time_standard of ['civil', 'true_solar', 'true_solar_absolute']) {
      const flow = await server.post('/api/v1/chinese/bazi/flow', { ...kashgar, time_standard, target_year: 2030 });
      expect(flow.status).toBe(200);
      const life = await server.post('/api/v1/chinese/bazi/lifespan', { ...kashgar, time_standard, max_age: 10 });
      expect(life.status).toBe(200);
      expect(life.body.metadata.time_standard).toBe(time_standard);
    }
  });
});

describe('lang on the chart and the flow', () => {
  it('zh-CN names in Chinese; no lang keeps the answer as it was', async () => {
    const plain = await server.post('/api/v1/chinese/bazi', ada);
    expect(plain.body).not.toHaveProperty('meta');
    const zh = await server.post('/api/v1/chinese/bazi', { ...ada, lang: 'zh-CN' });
    expect(zh.status).toBe(200);
    expect(zh.body.pillars[0].ten_gods.stem).toMatch(/[\u4e00-\u9fff]/);
    expect(zh.body.pillars[0].gan_info.name).toBe(zh.body.pillars[0].gan);
    expect(zh.body.pillars[0].life_stage.name).toBe(zh.body.pillars[0].life_stage.chinese);
    expect(zh.body.summary.zodiac).toBe('马');
    expect(zh.body.meta).toMatchObject({ lang: 'zh-CN' });
    // Ids and enum values are the same in every language.
    expect(zh.body.pillars.map((p: any) => p.gan_zhi)).toEqual(plain.body.pillars.map((p: any) => p.gan_zhi));
    expect(zh.body.elements.dominant).toBe(plain.body.elements.dominant);
    const flow = await server.post('/api/v1/chinese/bazi/flow', { ...ada, target_year: 2026, lang: 'zh-CN' });
    expect(flow.body.years[0].ten_god).toMatch(/[\u4e00-\u9fff]/);
    const fr = await server.post('/api/v1/chinese/bazi', { ...ada, lang: 'fr' });
    expect(fr.body.meta).toMatchObject({ lang: 'en', requested_lang: 'fr', lang_fallback: true });
    const huge = await server.post('/api/v1/chinese/bazi', { ...ada, lang: 'x'.repeat(10_000) });
    expect(huge.status).toBe(422);
    expect(fieldsOf(huge)).toContain('body.lang');
  });
});

describe('POST /api/v1/chinese/bazi/health', () => {
  it('answers the fields the health client reads, with its disclaimer', async () => {
    const res = await server.post('/api/v1/chinese/bazi/health', { ...ben, include_timing: true, timing_years_ahead: 10, timing_start_year: 2026 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const h = res.body;
    expect(Object.keys(h.bazi_context)).toEqual([
      'day_master',
      'day_master_element',
      'day_master_strength',
      'favorable_elements',
      'unfavorable_elements',
      'rationale',
      'balance_strategy',
    ]);
    expect(Object.keys(h.bazi_context.balance_strategy)).toEqual(['priority_elements', 'reason']);
    for (const k of [
      'raw_absolute',
      'raw_total',
      'raw_distribution',
      'effective_pre_normalized',
      'effective_distribution',
      'effective_method',
      'seasonal_adjustments',
      'rooting_scores',
      'rooting_raw',
      'dominant_elements',
      'weak_elements',
    ])
      expect(h.element_balance, k).toHaveProperty(k);
    expect(Object.keys(h.element_balance.seasonal_adjustments)).toEqual(['month_branch', 'multipliers']);
    const eff = Object.values(h.element_balance.effective_distribution as Record<string, number>).reduce((a, b) => a + b, 0);
    expect(eff).toBeCloseTo(100, 0);
    for (const k of ['temperature', 'temperature_score', 'temperature_scale', 'temperature_components', 'moisture', 'moisture_score'])
      expect(h.constitution, k).toHaveProperty(k);
    expect(h.timing.analysis_range).toEqual({ from_year: 2026, to_year: 2035 });
    for (const p of h.timing.year_peaks) expect(Object.keys(p)).toEqual(['year', 'gan_zhi', 'strain_index', 'strain_type', 'drivers', 'level']);
    for (const p of h.timing.decade_peaks) expect(Object.keys(p)).toEqual(['period', 'gan_zhi', 'strain_index', 'strain_type', 'drivers', 'level']);
    expect(Object.keys(h.data_quality)).toEqual(expect.arrayContaining(['rooting_model', 'hidden_stems_weighting', 'transformations']));
    expect(h.disclaimer).toMatch(/not medical advice/);
    const zh = await server.post('/api/v1/chinese/bazi/health', { ...ben, lang: 'zh-CN', timing_start_year: 2026 });
    expect(zh.body.disclaimer).toMatch(/不是医疗建议/);
  });
});

describe('POST /api/v1/chinese/bazi/lifespan', () => {
  it("answers the life-curve client's request with the fields it reads", async () => {
    // The client's request: a city, sex, true_solar_absolute, max_age 120 and its slider's cultivation factor.
    const res = await server.post('/api/v1/chinese/bazi/lifespan', {
      year: 1995,
      month: 9,
      day: 29,
      hour: 20,
      minute: 30,
      city: 'Shanghai',
      sex: 'M',
      time_standard: 'true_solar_absolute',
      max_age: 120,
      cultivation_factor: 0.7,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const l = res.body;
    expect(l.metadata).toMatchObject({ max_age: 120, sex: 'M', cultivation_level: 0.7, algorithm: 'jing_qi_shen_v1' });
    expect(l.curve).toHaveLength(121);
    expect(l.curve[0]).toMatchObject({ age: 0, year: 1995 });
    for (const k of [
      'j0',
      'j_final',
      'jing_prenatal',
      'jing_postnatal',
      'qi',
      'qi_pre_heaven',
      'qi_post_heaven',
      'prenatal_integrity',
      'shen',
      'S',
      'D',
      'V',
      'H',
      'explain',
    ])
      expect(l.curve[40], k).toHaveProperty(k);
    // Deterministic: the same request gives the same curve; more cultivation never lowers it.
    const again = await server.post('/api/v1/chinese/bazi/lifespan', { ...ada, max_age: 90, cultivation_factor: 0.2 });
    const more = await server.post('/api/v1/chinese/bazi/lifespan', { ...ada, max_age: 90, cultivation_factor: 0.9 });
    const same = await server.post('/api/v1/chinese/bazi/lifespan', { ...ada, max_age: 90, cultivation_factor: 0.2 });
    expect(same.body).toEqual(again.body);
    for (let i = 0; i <= 90; i++) expect(more.body.curve[i].H).toBeGreaterThanOrEqual(again.body.curve[i].H);
    expect(l.disclaimer).toMatch(/not medical advice/);
  });

  it('refuses bad input with a 422 naming the field', async () => {
    for (const [body, field] of [
      [{ ...ada, max_age: 500 }, 'body.max_age'],
      [{ ...ada, cultivation_factor: 2 }, 'body.cultivation_factor'],
      [{ ...ada, month: 13 }, 'body.month'],
      [{ ...ada, year: 3100 }, 'body.year'],
    ] as const) {
      const res = await server.post('/api/v1/chinese/bazi/lifespan', body);
      expect(res.status, field).toBe(422);
      expect(fieldsOf(res)).toContain(field);
    }
    const health = await server.post('/api/v1/chinese/bazi/health', { ...ada, day: 31, month: 4 });
    expect(health.status).toBe(422);
    expect(fieldsOf(health)).toContain('body.day');
  });
});

describe('MCP tools', () => {
  it('every BaZi extra is a tool named as the public service names it', async () => {
    const { tools } = await mcp.client.listTools();
    const names = tools.map((t) => t.name);
    for (const name of [
      'v1_chinese_bazi_dictionary',
      'v1_chinese_bazi_synastry',
      'v1_chinese_bazi_time_correction',
      'v1_chinese_bazi_health',
      'v1_chinese_bazi_lifespan',
    ])
      expect(names).toContain(name);
    const result: any = await mcp.client.callTool({ name: 'v1_chinese_bazi_synastry', arguments: { person_a: ada, person_b: ben } });
    expect(result.isError).toBeFalsy();
    expect(typeof result.structuredContent.score).toBe('number');
    const refused: any = await mcp.client.callTool({ name: 'v1_chinese_bazi_time_correction', arguments: { ...ada, month: 2, day: 30 } });
    expect(refused.isError).toBe(true);
  });
});
