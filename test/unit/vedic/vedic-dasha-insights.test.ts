/**
 * The dasha insights: over random births, the running stack is the dasha endpoint's, every lord's
 * houses ruled and occupied, dignity and relation to the lagna lord are recomputed here from the
 * rasi chart's answer (sign lords counted from the lagna, whole signs), the mutual placement of
 * the antardasha lord is the sign count between the two, the next changes are the timeline's
 * boundaries; the answer keeps its schema's contract; bad input names its field.
 */
import { describe, expect, it } from 'vitest';
import { initEphemeris } from '../../../src/astro/ephemeris.ts';
import { SIGN_LORDS, GRAHA_IDS, GRAHAS, signDistance } from '../../../src/astro/vedic/grahas.ts';
import { compoundRelationship, naturalRelationship, temporaryRelationship, type Relationship } from '../../../src/astro/vedic/dignity.ts';
import { runTask } from '../../../src/pool-tasks.ts';
import { resolveSubjectPlace } from '../../../src/requests/place.ts';
import { SIGNS } from '../../../src/astro/zodiac.ts';
import { dashaInsightsRequest, dashaInsightsResponse } from '../../../src/features/vedic/dasha-insights/dasha-insights-schemas.ts';
import { vedicChartRequest } from '../../../src/features/vedic/vedic-schemas.ts';
import { vedicDashaRequest } from '../../../src/features/vedic/vedic-dasha-schemas.ts';
import { assertAnswerContract } from '../../helpers/answer-contract.ts';
import { seededRandom } from '../../helpers/seeded-random.ts';

initEphemeris();
const random = seededRandom(2026_06_01);
const int = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
const decoder = new TextDecoder();
const PLACES = [
  { lat: 28.6139, lng: 77.209, tz_str: 'Asia/Kolkata' },
  { lat: 51.5, lng: -0.12 },
  { city: 'Mumbai', lat: 19.076, lng: 72.8777, tz_str: 'Asia/Kolkata' },
  { lat: -33.87, lng: 151.21, tz_str: 'Australia/Sydney' },
];
const randomBody = () => ({
  year: int(1930, 2020),
  month: int(1, 12),
  day: int(1, 28),
  ...(random() < 0.85 ? { hour: int(0, 23), minute: int(0, 59) } : { time_known: false }),
  ...PLACES[int(0, PLACES.length - 1)]!,
  reference_date: `${int(2000, 2040)}-0${int(1, 9)}-1${int(0, 9)}`,
});

function run(task: string, schema: { parse(b: unknown): any }, body: object) {
  const request = schema.parse(body);
  const bytes = runTask(task, { request, place: resolveSubjectPlace(request, ['body']), nowMs: Date.UTC(2026, 0, 1) }) as Uint8Array;
  return { bytes, json: JSON.parse(decoder.decode(bytes)) };
}

const signIndex = (name: string) => SIGNS.findIndex((s) => s.name === name);
const idOf = (name: string) => GRAHA_IDS.find((g) => GRAHAS[g].name === name)!;

describe('dasha insights', () => {
  const bodies = Array.from({ length: 24 }, randomBody);
  const answers = bodies.map((b) => run('vedic_dasha_insights', dashaInsightsRequest, b));

  it('keeps its contract', () => {
    assertAnswerContract(
      dashaInsightsResponse,
      answers.map((a) => a.bytes),
    );
  });

  it('reads the same running periods as the dasha endpoint', () => {
    bodies.forEach((body, i) => {
      const dasha = run('vedic_dasha_v2', vedicDashaRequest, { ...body, levels: 3 }).json;
      const got = answers[i]!.json.active_dasha_stack.map((p: any) => [p.lord, p.level, p.start, p.end]);
      expect(got).toEqual(dasha.active_periods.map((p: any) => [p.lord, p.level, p.start, p.end]));
    });
  });

  it("names each lord's houses, dignity and relation to the lagna lord as the chart has them", () => {
    bodies.forEach((body, i) => {
      const chart = run('vedic_chart_v1', vedicChartRequest, body).json;
      const reference = chart.ascendant ? chart.ascendant.sign_num - 1 : chart.chandra_lagna.sign_num - 1;
      const lagnaLord = SIGN_LORDS[reference]!;
      const planet = (name: string) => chart.planets.find((p: any) => p.name === name);
      for (const lord of answers[i]!.json.lords) {
        const p = planet(lord.lord);
        const id = idOf(lord.lord);
        expect(lord.sign).toBe(p.sign);
        expect(lord.house).toBe(p.whole_sign_house);
        expect(lord.dignity).toBe(p.dignity);
        const ruled = [];
        for (let h = 1; h <= 12; h++) if (SIGN_LORDS[(reference + h - 1) % 12] === id) ruled.push(h);
        expect(lord.houses_ruled).toEqual(id === 'rahu' || id === 'ketu' ? [] : ruled);
        if (id === 'rahu' || id === 'ketu') {
          expect(lord.dispositor).toBe(GRAHAS[SIGN_LORDS[p.sign_num - 1]!].name);
          expect(lord.relation_to_lagna_lord).toBeNull();
        } else if (id === lagnaLord) expect(lord.relation_to_lagna_lord).toBe('self');
        else {
          const ll = planet(GRAHAS[lagnaLord].name);
          const natural: Relationship = naturalRelationship(id, lagnaLord);
          expect(lord.relation_to_lagna_lord).toBe(compoundRelationship(natural, temporaryRelationship(p.sign_num - 1, ll.sign_num - 1)));
        }
        // Every factor's title names the lord.
        for (const f of lord.factors) expect(f.title).toContain(lord.lord);
      }
      // The antardasha lord's place from the mahadasha lord's.
      const [maha, antar] = answers[i]!.json.active_dasha_stack;
      if (maha && antar && maha.lord !== antar.lord) {
        const house = signDistance(signIndex(planet(maha.lord).sign), signIndex(planet(antar.lord).sign));
        const f = answers[i]!.json.insights.find((x: any) => x.id === 'antardasha_from_mahadasha');
        expect(f.title).toBe(`${antar.lord} ${house}${house === 1 ? 'st' : house === 2 ? 'nd' : house === 3 ? 'rd' : 'th'} from ${maha.lord}`);
      }
    });
  });

  it('gives the next change of each level at the end of its running period, with the lord that follows', () => {
    bodies.forEach((body, i) => {
      const a = answers[i]!.json;
      const dasha = run('vedic_dasha_v2', vedicDashaRequest, { ...body, levels: 3, reference_date: undefined }).json;
      for (const change of a.next_changes) {
        const running = a.active_dasha_stack[change.level - 1];
        expect(change.at).toBe(running.end);
        expect(change.from_lord).toBe(running.lord);
        // The period of that level starting at `at` in the full timeline.
        const flat: any[] = [];
        const walk = (ps: any[] | undefined) => ps?.forEach((p) => (flat.push(p), walk(p.periods)));
        walk(dasha.timeline);
        const next = flat.find((p) => p.level === change.level && p.start === change.at);
        expect(next.lord).toBe(change.to_lord);
      }
      expect(a.insights.map((x: any) => x.rank)).toEqual(a.insights.map((_: unknown, k: number) => k + 1));
    });
  });

  it('names the bad field', () => {
    const body = { year: 1990, month: 8, day: 15, hour: 6, minute: 30, lat: 28.6, lng: 77.2 };
    expect(dashaInsightsRequest.safeParse({ ...body, levels: 4 }).error!.issues[0]!.path).toEqual(['levels']);
    expect(dashaInsightsRequest.safeParse({ ...body, ayanamsha: 'x' }).error!.issues[0]!.path).toEqual(['ayanamsha']);
  });
});
