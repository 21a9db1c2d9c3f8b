/**
 * The moon endpoints as the public service's clients call them (each request shape of their
 * table, and the fields each reads), and the boundaries of the optional blocks: a phase instant,
 * days without a moonrise, a polar place, an eclipse, the named moons, a sign change at midnight.
 * Instants are checked against the engine itself to the millisecond.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/app.ts';
import { moonMonthResponse, moonPhaseResponse } from '../../src/features/moon/moon-schemas.ts';
import { findEclipse, trueAltitude } from '../../src/astro/ephemeris.ts';
import { findEvents, findLunarPhases, type IngressEvent } from '../../src/astro/events/index.ts';
import { julianDayFromUtcMs, utcMsFromJulianDay } from '../../src/astro/civil-time.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const jdOf = (iso: string) => julianDayFromUtcMs(Date.parse(iso));
const msOf = (jd: number) => Math.round(utcMsFromJulianDay(jd));
const PHASE_FLAGS = 'include_zodiac=true&include_special=true&include_eclipse=true&include_forecast=true&include_traditional_moon=true';

async function phase(query: string) {
  const res = await server.get(`/api/v1/moon/phase?${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(moonPhaseResponse.strict().safeParse(res.body).error).toBeUndefined();
  return res.body;
}

describe("the clients' requests", () => {
  it('month page (year, month, visuals with its colours, tz_str=AUTO, lat, lon): calendar_date, phase and an SVG per day', async () => {
    const res = await server.get(
      '/api/v1/moon/month?year=2026&month=4&include_visuals=true&style_moon_color=%23d3bd8a&style_shadow_color=%230a1220&tz_str=AUTO&lat=48.8566&lon=2.3522',
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(moonMonthResponse.strict().safeParse(res.body).error).toBeUndefined();
    const b = res.body;
    expect(b.calendar_timezone).toBe('Europe/Paris');
    expect(b.days.map((d: any) => Number(d.calendar_date.slice(8, 10)))).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    for (const d of b.days) {
      expect(d.phase.name).toBeTypeOf('string');
      expect(d.moon_visual.svg).toMatch(/^<svg [^>]*>.*<\/svg>$/);
      expect(d.moon_visual.svg).toContain('fill="#0a1220"');
      expect(d.moon_visual.shadow_ratio).toBeCloseTo(1 - d.phase.illumination, 12);
    }
    // The lit part is drawn unless the Moon is new: the moon colour appears on a gibbous day.
    expect(b.days.find((d: any) => d.phase.name === 'Waxing Gibbous').moon_visual.svg).toContain('fill="#d3bd8a"');
  });

  it('the documented month example (zodiac, traditional moon, sign timeline)', async () => {
    const res = await server.get(
      '/api/v1/moon/month?year=2026&month=4&lat=48.8566&lon=2.3522&include_zodiac=true&include_traditional_moon=true&include_sign_timeline=true',
    );
    expect(res.status).toBe(200);
    const b = res.body;
    expect(b).toMatchObject({ year: 2026, month: 4, month_name: 'April', days_in_month: 30, calendar_basis: 'local', calendar_timezone: 'Europe/Paris' });
    expect(b.days[0].zodiac).toMatchObject({ sign: 'Libra', zodiac_type: 'tropical' });
    expect(b.traditional_moon).toMatchObject({ name: 'Pink Moon', naming_system: 'north_american', month: 4 });
    expect(b.traditional_moon.full_moons).toHaveLength(1);
    const timeline = b.sign_timeline;
    expect(timeline[0].continues_from_previous_month).toBe(true);
    expect(timeline.at(-1).continues_to_next_month).toBe(true);
    for (let i = 1; i < timeline.length; i++) {
      expect(timeline[i].starts_at).toBe(timeline[i - 1].ends_at);
      expect(timeline[i].sign_id).toBe(timeline[i - 1].next_sign_id);
    }
    expect(b.ingresses).toHaveLength(timeline.length - 1);
    expect(b.ingresses[0]).toMatchObject({ from_sign: timeline[0].sign, to_sign: timeline[1].sign, at: timeline[0].ends_at });
  });

  it('widget by city with five flags: phase, zodiac, traditional name, labels, eclipse, next phases, forecast', async () => {
    const b = await phase(`city=Denver&date=2024-10-17&${PHASE_FLAGS}`);
    expect(b.timezone).toBe('America/Denver');
    expect(b.phase).toMatchObject({ name: 'Full Moon', is_waxing: expect.any(Boolean) });
    expect(b.phase.age_days).toBeGreaterThan(14);
    expect(b.phase.distance_km).toBeGreaterThan(356_000);
    expect(b.zodiac).toMatchObject({ sign: 'Aries', zodiac_type: 'tropical' });
    expect(b.zodiac.degree).toBeGreaterThanOrEqual(0);
    expect(b.zodiac.degree).toBeLessThan(30);
    expect(b.traditional_moon).toMatchObject({ name: "Hunter's Moon", naming_system: 'north_american', month: 10, is_current_full_moon: true });
    expect(b.special_moon.labels).toEqual(expect.arrayContaining(['Supermoon', "Hunter's Moon"]));
    expect(b.eclipse).toMatchObject({ is_eclipse: false, type: expect.stringMatching(/_(lunar|solar)$/), is_blood_moon: false });
    expect(Object.keys(b.next_phases)).toEqual(['new_moon', 'first_quarter', 'full_moon', 'last_quarter']);
    for (const v of Object.values(b.next_phases)) expect(Date.parse(v as string)).toBeGreaterThan(Date.parse(b.datetime_utc));
    expect(b.forecast).toMatchObject({ days_until_full_moon: expect.any(Number), days_until_new_moon: expect.any(Number) });
    expect(b.forecast.next_special_moon).toMatchObject({ type: expect.any(String), days_until: expect.any(Number) });
    expect(b.forecast.next_eclipse).toMatchObject({ type: expect.any(String), days_until: expect.any(Number) });
  });

  it('date, lat, lon, tz_str and the flags, visuals and interpretation off: the aliases it reads', async () => {
    const b = await phase(
      `date=2023-08-31T03:00&lat=40.7128&lon=-74.006&tz_str=America/New_York&${PHASE_FLAGS}&include_visuals=false&include_interpretation=false`,
    );
    expect(b.timestamp).toBe(b.datetime_utc);
    expect(b.phase.phase_name).toBe(b.phase.name);
    expect(b.phase.phase_angle_deg).toBe(b.phase.angle);
    expect(b.phase.illumination_percent).toBeCloseTo(b.phase.illumination * 100, 10);
    expect(b.phase.age).toBe(b.phase.age_days);
    expect(b.special_moon).toMatchObject({ is_supermoon: true, is_blue_moon: true, is_harvest_moon: false, is_hunter_moon: false });
    expect(b.special_moon.labels).toEqual(expect.arrayContaining(['Supermoon', 'Blue Moon']));
    expect(b.eclipse).toMatchObject({ is_eclipse: false, is_blood_moon: false, days_from_query: expect.any(Number) });
    expect(b.traditional_moon).toMatchObject({ name: 'Sturgeon Moon', month: 8, full_moons_in_month: 2 });
    expect(b.moon_visual).toBeUndefined();
    expect(b.interpretation).toBeUndefined();
  });

  it('lamp and small clients: lat and lon with tz_str=AUTO, reading phase.illumination', async () => {
    const b = await phase('lat=52.52&lon=13.405&tz_str=AUTO');
    expect(b.timezone).toBe('Europe/Berlin');
    expect(b.phase.illumination).toBeGreaterThanOrEqual(0);
    expect(b.phase.illumination).toBeLessThanOrEqual(1);
    const now = await phase('date=now&lat=52.52&lon=13.405');
    expect(Math.abs(Date.parse(now.datetime_utc) - Date.now())).toBeLessThan(60_000);
  });
});

describe('boundaries', () => {
  it('a Full Moon instant: the second before it is still ahead, the second after it the next one is', async () => {
    const events = findLunarPhases(jdOf('2024-09-01T00:00:00Z'), jdOf('2024-11-01T00:00:00Z'));
    const [full, nextFull] = events.filter((e) => e.phase === 'full_moon');
    const second = Math.floor(msOf(full!.jdUt) / 1000) * 1000;
    const before = await phase(`date=${new Date(second).toISOString().slice(0, 19)}Z&include_forecast=true&include_traditional_moon=true`);
    expect(Date.parse(before.next_phases.full_moon)).toBe(msOf(full!.jdUt));
    expect(before.forecast.days_until_full_moon).toBe(0);
    expect(before.traditional_moon.is_current_full_moon).toBe(true);
    const after = await phase(`date=${new Date(second + 1000).toISOString().slice(0, 19)}Z&include_forecast=true`);
    expect(Date.parse(after.next_phases.full_moon)).toBe(msOf(nextFull!.jdUt));
    // Every next phase is the engine's instant, to the millisecond.
    for (const d of after.next_phases_detail) {
      const engine = events.find((e) => e.phase === d.phase && msOf(e.jdUt) > second + 1000)!;
      expect(Date.parse(d.exact_at_utc)).toBe(msOf(engine.jdUt));
    }
  });

  it('moonrise and moonset: the upper limb on the horizon; a day without a moonset and one without a moonrise', async () => {
    const paris = 'lat=48.8566&lon=2.3522&include_rise_set=true';
    const noSet = await phase(`date=2024-05-10&${paris}`);
    expect(noSet.rise_set).toMatchObject({ date: '2024-05-10', moonset: null, moonset_utc: null });
    expect(noSet.rise_set.moonrise).toMatch(/^2024-05-10T07:15:\d\d\.\d{3}\+02:00$/);
    const noRise = await phase(`date=2024-05-25&${paris}`);
    expect(noRise.rise_set).toMatchObject({ moonrise: null });
    expect(noRise.rise_set.moonset).toMatch(/^2024-05-25T06:38/);
    for (const t of [noSet.rise_set.moonrise_utc, noRise.rise_set.moonset_utc]) {
      // Upper limb at true altitude minus the horizontal refraction (0.58°): within 0.02° is within seconds.
      const { altitude, radius } = trueAltitude(jdOf(t), 1, 48.8566, 2.3522);
      expect(Math.abs(altitude + radius + 0.576)).toBeLessThan(0.02);
    }
  });

  it('a polar place where the Moon neither rises nor sets that day answers both null, not an error', async () => {
    const b = await phase('date=2024-05-12&lat=78.22&lon=15.65&include_rise_set=true');
    expect(b.timezone).toBe('Arctic/Longyearbyen');
    expect(b.rise_set).toMatchObject({ moonrise: null, moonset: null });
  });

  it("eclipses: under way, visible or not from the place, the blood moon, and the engine's greatest eclipse", async () => {
    const lunar = await phase('date=2024-09-18T02:30:00Z&lat=40.7128&lon=-74.006&include_eclipse=true');
    expect(lunar.eclipse).toMatchObject({
      is_eclipse: true,
      in_progress: true,
      type: 'partial_lunar',
      kind: 'lunar',
      is_blood_moon: false,
      visibility: 'visible',
    });
    expect(Date.parse(lunar.eclipse.greatest_at_utc)).toBe(msOf(findEclipse(jdOf('2024-09-17T00:00:00Z'), 'lunar', false)!.maxJd));
    const blood = await phase('date=2025-03-14&timezone=UTC&include_eclipse=true');
    expect(blood.eclipse).toMatchObject({ is_eclipse: true, type: 'total_lunar', is_blood_moon: true, visibility: null });
    const solar = await phase('date=2024-04-08T18:00:00Z&lat=32.78&lon=-96.8&include_eclipse=true');
    expect(solar.eclipse).toMatchObject({ type: 'total_solar', kind: 'solar', visibility: 'visible' });
    const farAway = await phase('date=2024-04-08T18:00:00Z&lat=-33.87&lon=151.21&include_eclipse=true');
    expect(farAway.eclipse.visibility).not.toBe('visible');
    const later = await phase('date=2024-04-20&include_eclipse=true');
    expect(later.eclipse.is_eclipse).toBe(false);
    expect(later.eclipse.days_from_query).toBeLessThan(0);
  });

  it('named moons: the Black Moon, the Harvest Moon of each hemisphere, eclipse season', async () => {
    const black = await phase('date=2024-12-30T22:00:00Z&timezone=UTC&include_special=true');
    expect(black.special_moon.is_black_moon).toBe(true);
    const north = await phase('date=2024-09-18&lat=40&lon=-74&include_special=true');
    expect(north.special_moon).toMatchObject({ is_harvest_moon: true, is_eclipse_season: true });
    const southMarch = await phase('date=2024-03-25&lat=-33.87&lon=151.21&include_special=true');
    expect(southMarch.special_moon.is_harvest_moon).toBe(true);
    const northMarch = await phase('date=2024-03-25&lat=40&lon=-74&include_special=true');
    expect(northMarch.special_moon.is_harvest_moon).toBe(false);
    expect(north.special_moon.rule.supermoon).toMatch(/360,000 km/);
  });

  it('a sign change six minutes after local midnight belongs to the new local day', async () => {
    const [ingress] = findEvents(jdOf('2025-07-06T21:00:00Z'), jdOf('2025-07-06T23:00:00Z'), { kinds: ['moon_ingress'] }) as IngressEvent[];
    const paris = await server.get('/api/v1/moon/month?year=2025&month=7&timezone=Europe/Paris&include_sign_timeline=true&include_zodiac=true');
    const utc = await server.get('/api/v1/moon/month?year=2025&month=7&timezone=UTC&include_sign_timeline=true');
    const find = (b: any) => b.ingresses.find((i: any) => i.to_sign_id === 'sagittarius' && i.at.startsWith('2025-07-06'));
    expect(Date.parse(find(paris.body).at)).toBe(msOf(ingress!.jdUt));
    expect(find(paris.body).at_local).toMatch(/^2025-07-07T00:06:\d\d\.\d{3}\+02:00$/);
    expect(find(utc.body).at_local).toMatch(/^2025-07-06T22:06/);
    const day7 = paris.body.days.find((d: any) => d.calendar_date === '2025-07-07');
    expect(day7.zodiac.sign).toBe('Sagittarius');
  });

  it('interpretation and visuals on the phase', async () => {
    const b = await phase('date=2024-05-12&include_interpretation=true&include_visuals=true');
    expect(b.interpretation).toMatchObject({ phase: b.phase.name, title: expect.any(String), body: expect.any(String) });
    expect(b.moon_visual.svg).toContain('fill="#e0e0e0"');
    expect(b.moon_visual.svg).toContain('fill="#1a1a1a"');
  });
});

describe('bad input', () => {
  const cases: [string, string, (string | number)[]][] = [
    [
      'markup in a colour',
      '/api/v1/moon/month?year=2024&month=5&include_visuals=true&style_moon_color=red%22%2F%3E%3Cscript%3E',
      ['query', 'style_moon_color'],
    ],
    ['a colour name', '/api/v1/moon/phase?include_visuals=true&style_shadow_color=black', ['query', 'style_shadow_color']],
    ['five hex digits', '/api/v1/moon/phase?style_moon_color=%2312345', ['query', 'style_moon_color']],
    ['rise and set without a place', '/api/v1/moon/phase?include_rise_set=true', ['query', 'include_rise_set']],
    ['a flag that is no boolean', '/api/v1/moon/phase?include_zodiac=maybe', ['query', 'include_zodiac']],
    ['lat with lon of another value', '/api/v1/moon/month?year=2024&month=5&lat=1&lng=2&longitude=3', ['query', 'longitude']],
  ];
  for (const [what, path, loc] of cases) {
    it(`422: ${what}`, async () => {
      const res = await server.get(path);
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      expect(res.body.detail.map((d: any) => d.loc)).toContainEqual(loc);
    });
  }
});
