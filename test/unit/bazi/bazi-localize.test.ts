/**
 * lang=zh-CN on the chart and the flow: over seeded random births, every name and rule sentence
 * is written in Chinese (no Latin letter left in them), while ids, enum values and characters stay
 * as in the English answer.
 */
import { describe, expect, it } from 'vitest';
import { initEphemeris } from '../../../src/astro/ephemeris.ts';
import { computeBazi } from '../../../src/features/chinese/bazi/bazi-service.ts';
import { computeBaziFlow } from '../../../src/features/chinese/bazi/bazi-flow-service.ts';
import { baziRequest } from '../../../src/features/chinese/bazi/bazi-schemas.ts';
import { baziFlowRequest } from '../../../src/features/chinese/bazi/bazi-flow-schemas.ts';
import { seededRandom } from '../../helpers/seeded-random.ts';

initEphemeris();

const TEXT_KEYS = new Set([
  'name',
  'type',
  'ten_god',
  'zodiac',
  'animal',
  'structure',
  'desc',
  'note',
  'trigger_text',
  'direction_rule',
  'season_reason',
  'structure_rationale',
]);
/** Keys whose values are enum values or ids, the same in every language. */
function latinTexts(value: unknown, path: string, out: string[]): void {
  if (Array.isArray(value)) value.forEach((v, i) => latinTexts(v, `${path}[${i}]`, out));
  else if (value !== null && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      // trigger_rule.type is an enum value (dm_mapping, ref_mapping, void).
      if (typeof v === 'string' && TEXT_KEYS.has(k) && !path.endsWith('trigger_rule') && /[A-Za-z]/.test(v)) out.push(`${path}.${k}: ${v}`);
      else if (k === 'stem' && typeof v === 'string' && /[A-Za-z]/.test(v)) out.push(`${path}.${k}: ${v}`);
      else latinTexts(v, `${path}.${k}`, out);
    }
}

const place = (lat: number, lng: number) => ({
  city: null,
  country: null,
  region: undefined,
  lat,
  lng,
  source: 'request' as const,
  zone: undefined,
  ambiguity: undefined,
});

describe('lang=zh-CN', () => {
  it('writes every name and rule sentence of the chart and the flow in Chinese', () => {
    const random = seededRandom(70_70);
    const left: string[] = [];
    for (let i = 0; i < 60; i++) {
      const birth = {
        year: 1700 + Math.floor(random() * 300),
        month: 1 + Math.floor(random() * 12),
        day: 1 + Math.floor(random() * 28),
        hour: Math.floor(random() * 24),
        minute: Math.floor(random() * 60),
        tz_str: 'Asia/Shanghai',
        sex: random() < 0.5 ? 'M' : 'F',
      };
      const where = place(20 + random() * 25, 80 + random() * 40);
      const en = computeBazi({ request: baziRequest.parse(birth), place: where });
      const zh = computeBazi({ request: baziRequest.parse({ ...birth, lang: 'zh-CN' }), place: where });
      latinTexts({ ...zh, meta: undefined, warnings: [] }, 'chart', left);
      expect(zh.pillars.map((p) => p.gan_zhi)).toEqual(en.pillars.map((p) => p.gan_zhi));
      expect(zh.interactions?.map((x) => x.kind)).toEqual(en.interactions?.map((x) => x.kind));
      expect(zh.elements).toEqual(en.elements);
      const flow = computeBaziFlow({ request: baziFlowRequest.parse({ ...birth, lang: 'zh-CN', target_year: 2000 + i }), place: where, defaultYear: 2026 });
      latinTexts({ ...flow, meta: undefined, warnings: [] }, 'flow', left);
    }
    expect(left).toEqual([]);
  });

  it('leaves the English answers that follow a Chinese one in English', () => {
    const birth = { year: 1755, month: 1, day: 27, hour: 20, minute: 0, tz_str: 'Asia/Shanghai', sex: 'M' };
    const where = place(31.2, 121.5);
    const english = () => computeBazi({ request: baziRequest.parse(birth), place: where });
    const before = JSON.stringify(english());
    computeBazi({ request: baziRequest.parse({ ...birth, lang: 'zh-CN' }), place: where });
    computeBaziFlow({ request: baziFlowRequest.parse({ ...birth, lang: 'zh-CN', target_year: 2026 }), place: where, defaultYear: 2026 });
    const after = english();
    expect(JSON.stringify(after)).toBe(before);
    // Whatever ran on this thread before: the names are English ones.
    expect(after.day_master.info.name).toMatch(/^[A-Z][a-z]+$/);
    expect(after.pillars.map((p) => p.life_stage.name)).not.toContainEqual(expect.stringMatching(/[^\x00-\x7f]/));
  });
});
