/**
 * The Vedic daily reading claims only what the day's sky shows: over random births, places and
 * days, its panchang, kalams and sunrise are the panchang endpoint's; the transits at sunrise are
 * the gochara timeline's stays (sign, house from the natal Moon, favourable); the Moon's house
 * from the lagna and tara bala are recounted from the chart and the panchang; the running periods
 * are the dasha endpoint's; Sade Sati and Dhaiya follow Saturn's house; each factor's polarity
 * agrees with the fact it names. The answer keeps its contract, and bad input names its field.
 */
import { describe, expect, it } from 'vitest';
import { initEphemeris } from '../../../src/astro/ephemeris.ts';
import { signDistance } from '../../../src/astro/vedic/grahas.ts';
import { taraOf, TARAS } from '../../../src/astro/vedic/muhurta/muhurta-rules.ts';
import { SIGNS } from '../../../src/astro/zodiac.ts';
import { runTask } from '../../../src/pool-tasks.ts';
import { resolveSubjectPlace } from '../../../src/requests/place.ts';
import { vedicDailyRequest, vedicDailyResponse } from '../../../src/features/vedic/daily/vedic-daily-schemas.ts';
import { vedicChartRequest } from '../../../src/features/vedic/vedic-schemas.ts';
import { vedicDashaRequest } from '../../../src/features/vedic/vedic-dasha-schemas.ts';
import { panchangRequest } from '../../../src/features/vedic/panchang/vedic-panchang-schemas.ts';
import { vedicGocharRequest } from '../../../src/features/vedic/gochar/vedic-gochar-schemas.ts';
import { assertAnswerContract } from '../../helpers/answer-contract.ts';
import { seededRandom } from '../../helpers/seeded-random.ts';

initEphemeris();
const random = seededRandom(27_11_2026);
const int = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
const decoder = new TextDecoder();
const PLACES = [
  { lat: 28.6139, lng: 77.209, tz_str: 'Asia/Kolkata' },
  { city: 'Mumbai', lat: 19.076, lng: 72.8777, tz_str: 'Asia/Kolkata' },
  { lat: 51.5, lng: -0.12 },
  { lat: -33.87, lng: 151.21, tz_str: 'Australia/Sydney' },
  { lat: 40.71, lng: -74.0, tz_str: 'America/New_York' },
];
const pad = (n: number) => String(n).padStart(2, '0');
const randomBody = () => ({
  year: int(1940, 2015),
  month: int(1, 12),
  day: int(1, 28),
  ...(random() < 0.85 ? { hour: int(0, 23), minute: int(0, 59) } : { time_known: false }),
  ...PLACES[int(0, PLACES.length - 1)]!,
  ...(random() < 0.3 ? { ayanamsha: 'raman' } : {}),
  target_date: `${int(2020, 2032)}-${pad(int(1, 12))}-${pad(int(1, 28))}`,
  include_raw_facts: random() < 0.5,
  ...(random() < 0.2 ? { include_interpretation_blocks: false, include_evidence: false } : {}),
});

function run(task: string, schema: { parse(b: unknown): any }, body: object) {
  const request = schema.parse(body);
  const place = resolveSubjectPlace(request, ['body']);
  const bytes = runTask(task, { request, place, dayPlace: place, nowMs: Date.UTC(2026, 10, 27) }) as Uint8Array;
  return { bytes, json: JSON.parse(decoder.decode(bytes)) };
}
const signIndex = (name: string) => SIGNS.findIndex((s) => s.name === name);
const utcOf = (local: string) => new Date(local).getTime();

describe('the Vedic daily reading', () => {
  const bodies = Array.from({ length: 16 }, randomBody);
  const answers = bodies.map((b) => run('vedic_daily_personal', vedicDailyRequest, b));

  it('keeps its contract', () => {
    // Every optional block seen: the random bodies include both settings of each switch.
    assertAnswerContract(
      vedicDailyResponse,
      answers.map((a) => a.bytes),
    );
  });

  it("gives the panchang endpoint's sunrise, elements and kalams", () => {
    bodies.forEach((body, i) => {
      const a = answers[i]!.json;
      const [year, month, day] = body.target_date.split('-').map(Number);
      const {
        target_date: _t,
        include_raw_facts: _r,
        include_interpretation_blocks: _b,
        include_evidence: _e,
        year: _y,
        month: _m,
        day: _d,
        hour: _h,
        minute: _n,
        time_known: _k,
        ...place
      } = body as any;
      const p = run('vedic_panchang_v2', panchangRequest, { ...place, year, month, day }).json;
      expect(a.meta.reference_time).toBe(p.sunrise);
      expect(a.panchang.sunrise).toBe(p.sunrise);
      expect(a.panchang.tithi).toMatchObject({ number: p.tithi.number, name: p.tithi.name, end: p.tithi.end });
      expect(a.panchang.nakshatra).toMatchObject({ number: p.nakshatra.number, name: p.nakshatra.name, end: p.nakshatra.end });
      expect(a.panchang.yoga).toMatchObject({ number: p.yoga.number, end: p.yoga.end });
      expect(a.panchang.karana).toMatchObject({ number: p.karana.number, end: p.karana.end });
      expect(a.panchang.vara.english).toBe(p.weekday.english);
      expect([a.timing.rahu_kalam.start, a.timing.rahu_kalam.end]).toEqual([p.rahu_kalam.start, p.rahu_kalam.end]);
      expect([a.timing.yamaganda.start, a.timing.gulika.start, a.timing.abhijit.start]).toEqual([
        p.yamaganda.start,
        p.gulika_kalam.start,
        p.abhijit_muhurta.start,
      ]);
    });
  });

  it("reads each graha's sign and house from the natal Moon as the gochara timeline has them at sunrise", () => {
    bodies.forEach((body, i) => {
      const a = answers[i]!.json;
      const at = utcOf(a.meta.reference_time);
      const { target_date: _t, include_raw_facts: _r, include_interpretation_blocks: _b, include_evidence: _e, ...birth } = body as any;
      const day = new Date(at).toISOString().slice(0, 10);
      const g = run('vedic_gochar_v2', vedicGocharRequest, { ...birth, start_date: day, end_date: day, include_moon: true }).json;
      const stayAt = (graha: string) => g.transits.find((t: any) => t.graha === graha).stays.find((s: any) => utcOf(s.start) <= at && at < utcOf(s.end));
      const moon = stayAt('Moon');
      expect(a.gochar.moon).toMatchObject({
        sign: moon.sign,
        house_from_moon: moon.house_from_moon,
        chandra_bala: moon.favourable,
        chandrashtama: moon.house_from_moon === 8,
      });
      for (const t of a.gochar.transits) {
        const s = stayAt(t.graha);
        expect([t.graha, t.sign, t.house_from_moon, t.favourable]).toEqual([t.graha, s.sign, s.house_from_moon, s.favourable]);
      }
      // Houses from the lagna, tara bala: recounted from the chart.
      const chart = run('vedic_chart_v1', vedicChartRequest, birth).json;
      if (chart.ascendant) expect(a.gochar.moon.house_from_lagna).toBe(signDistance(chart.ascendant.sign_num - 1, signIndex(a.gochar.moon.sign)));
      else expect(a.gochar.moon.house_from_lagna).toBeNull();
      const tara = taraOf(chart.planets[1].nakshatra.number - 1, a.panchang.nakshatra.number - 1);
      expect(a.gochar.tara_bala).toMatchObject({ tara, name: TARAS[tara - 1]!.name, favourable: TARAS[tara - 1]!.good });
      // Sade Sati and Dhaiya follow Saturn's house from the Moon.
      const saturn = a.gochar.transits.find((t: any) => t.graha === 'Saturn');
      const phase = { 12: 'rising', 1: 'peak', 2: 'setting' }[saturn.house_from_moon as 12] ?? null;
      expect(a.gochar.saturn.sade_sati).toEqual({ active: phase !== null, phase });
      // The Moon's sign changes before the next sunrise are the gochara stays' ends.
      for (const c of a.gochar.moon.sign_changes) expect(Math.abs(utcOf(c.at) - utcOf(moon.end))).toBeLessThan(2000);
    });
  });

  it("runs the dasha endpoint's periods, and each factor agrees with its fact", () => {
    bodies.forEach((body, i) => {
      const a = answers[i]!.json;
      const { target_date: _t, include_raw_facts: _r, include_interpretation_blocks: _b, include_evidence: _e, ...birth } = body as any;
      const d = run('vedic_dasha_v2', vedicDashaRequest, { ...birth, levels: 3, reference_date: new Date(utcOf(a.meta.reference_time)).toISOString() }).json;
      expect(a.profile.active_dasha_stack.map((p: any) => [p.lord, p.start, p.end])).toEqual(d.active_periods.map((p: any) => [p.lord, p.start, p.end]));
      const ids = a.influences.all_ranked.map((f: any) => f.id);
      expect(ids.includes('chandrashtama')).toBe(a.gochar.moon.chandrashtama);
      const saturn = a.gochar.transits.find((t: any) => t.graha === 'Saturn');
      expect(ids.some((id: string) => id.startsWith('sade_sati_'))).toBe(a.gochar.saturn.sade_sati.active);
      expect(ids.includes('ashtama_shani')).toBe(saturn.house_from_moon === 8);
      const tara = a.influences.all_ranked.find((f: any) => f.id === 'tara_bala');
      expect(tara.polarity).toBe(a.gochar.tara_bala.favourable ? 'supportive' : 'challenging');
      for (const t of a.gochar.transits) {
        const f = a.influences.all_ranked.find((x: any) => x.id === `${t.graha.toLowerCase()}_transit`);
        if (!f) continue;
        const obstructed = t.vedha && t.vedha.by.length > 0;
        if (t.favourable && !obstructed) expect(f.polarity, f.summary).toBe('supportive');
        if (!t.favourable && !(t.vedha?.kind === 'vipareeta_vedha' && obstructed)) expect(f.polarity, f.summary).toBe('challenging');
        expect(f.summary).toContain(t.sign);
      }
      if (a.evidence) {
        // The overall score is 50 plus 5 per unit of the weights.
        const sum = a.evidence.reduce((s: number, f: any) => s + f.weight, 0);
        expect(a.scores.overall.score).toBe(Math.max(0, Math.min(100, Math.round(50 + sum * 5))));
      }
      expect(a.influences.all_ranked.map((f: any) => f.rank)).toEqual(a.influences.all_ranked.map((_: unknown, k: number) => k + 1));
    });
  });

  it('refuses an impossible date and a bad field with the field named', () => {
    const body = { year: 1990, month: 8, day: 15, hour: 6, minute: 30, lat: 28.6, lng: 77.2, tz_str: 'Asia/Kolkata' };
    expect(vedicDailyRequest.safeParse({ ...body, target_date: 'tomorrow' }).error!.issues[0]!.path).toEqual(['target_date']);
    expect(vedicDailyRequest.safeParse({ ...body, location: { lat: 123, lng: 0 } }).error!.issues[0]!.path).toEqual(['location', 'lat']);
    const request = vedicDailyRequest.parse({ ...body, target_date: '2026-02-30' });
    const place = resolveSubjectPlace(request, ['body']);
    const result = runTask('vedic_daily_personal', { request, place, dayPlace: place, nowMs: 0 });
    expect(result).not.toBeInstanceOf(Uint8Array);
    expect(JSON.stringify(result)).toContain('target_date');
  });
});
