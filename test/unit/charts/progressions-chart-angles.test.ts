/**
 * The progressions chart's angles: by the solar arc (default), Naibod's rate or the progressed
 * instant's own houses, named in X-Progressed-Angles; the outer ring's Ascendant, Midheaven and
 * cusps follow the method.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { calcHouses, initEphemeris } from '../../../src/astro/ephemeris.ts';
import { NAIBOD_DEG_PER_DAY } from '../../../src/astro/progressed-angles.ts';
import { progressionsChart } from '../../../src/features/charts/charts-service.ts';
import { progressionsChartRequest } from '../../../src/features/charts/charts-schemas.ts';

beforeAll(() => initEphemeris());

const paris = { city: 'Paris', country: 'FR', lat: 48.8566, lng: 2.3522, source: 'request' as const };
const tromso = { city: 'Tromsø', country: 'NO', lat: 69.65, lng: 18.96, source: 'request' as const };
const birth = { name: 'C', year: 1990, month: 5, day: 12, hour: 12, minute: 30, tz_str: 'UTC', progression_date: '2026-01-01' };

function chart(place: typeof paris, extra: Record<string, unknown> = {}) {
  const request = progressionsChartRequest.parse({ ...birth, lat: place.lat, lng: place.lng, format: 'svg', ...extra });
  const r = progressionsChart({ request, place, progressionPlace: place });
  const svg = String(r.body);
  const lon = (ring: string, id: string) => Number(new RegExp(`data-point="${id}" data-ring="${ring}" data-lon="([\\d.]+)"`).exec(svg)?.[1]);
  const cusps = [...svg.matchAll(/data-cusp="(\d+)" data-ring="outer" data-house-band="second" data-lon="([\d.]+)"/g)].map((m) => Number(m[2]));
  return { headers: r.headers, svg, lon, cusps };
}

const sep = (a: number, b: number) => ((((b - a) % 360) + 540) % 360) - 180;
const JD_BIRTH = 2448024.0208333335; // 1990-05-12 12:30 UT

describe('the progressions chart’s angles', () => {
  it('progress by the solar arc unless asked otherwise, and say so in X-Progressed-Angles', () => {
    const c = chart(paris);
    expect(c.headers['X-Progressed-Angles']).toBe('solar_arc');
    const natal = calcHouses(JD_BIRTH, paris.lat, paris.lng, 'P');
    // The Midheaven moved by the Sun's arc: progressed Sun less natal Sun.
    const arc = sep(c.lon('inner', 'sun'), c.lon('outer', 'sun'));
    expect(arc).toBeGreaterThan(33);
    expect(arc).toBeLessThan(36);
    expect(Math.abs(sep(natal.mc + arc, c.lon('outer', 'mc')))).toBeLessThan(1e-3);
    // Its cusps are the houses of that Midheaven: the tenth is the Midheaven, the first the Ascendant.
    expect(c.cusps).toHaveLength(12);
    expect(Math.abs(sep(c.cusps[9]!, c.lon('outer', 'mc')))).toBeLessThan(1e-3);
    expect(Math.abs(sep(c.cusps[0]!, c.lon('outer', 'asc')))).toBeLessThan(1e-3);
    expect(c.svg).toContain('angles by solar arc');
  });

  it('move the natal ARMC by Naibod’s rate per day of ephemeris', () => {
    const c = chart(paris, { angles_method: 'naibod' });
    expect(c.headers['X-Progressed-Angles']).toBe('naibod');
    const natal = calcHouses(JD_BIRTH, paris.lat, paris.lng, 'P');
    const days = Number(c.headers['X-Progression-Age-Years']);
    // Naibod's arc in right ascension is near the solar arc in longitude; the Midheaven follows it.
    const solar = chart(paris);
    expect(Math.abs(sep(solar.lon('outer', 'mc'), c.lon('outer', 'mc')))).toBeLessThan(3);
    expect(Math.abs(sep(natal.mc, c.lon('outer', 'mc')) - days * NAIBOD_DEG_PER_DAY)).toBeLessThan(3);
  });

  it('can be the progressed instant’s own houses, as the chart drew them before', () => {
    const c = chart(paris, { angles_method: 'PROGRESSED_INSTANT' });
    expect(c.headers['X-Progressed-Angles']).toBe('progressed_instant');
    const jd = JD_BIRTH + Number(c.headers['X-Progression-Age-Years']);
    const h = calcHouses(jd, paris.lat, paris.lng, 'P');
    expect(Math.abs(sep(h.mc, c.lon('outer', 'mc')))).toBeLessThan(1e-3);
    expect(Math.abs(sep(h.asc, c.lon('outer', 'asc')))).toBeLessThan(1e-3);
  });

  it('are drawn at Tromsø too, the Ascendant after the Midheaven', () => {
    for (const method of ['solar_arc', 'naibod', 'progressed_instant']) {
      const c = chart(tromso, { angles_method: method });
      const d = (((c.lon('outer', 'asc') - c.lon('outer', 'mc')) % 360) + 360) % 360;
      expect(d, method).toBeGreaterThan(0);
      expect(d, method).toBeLessThan(180);
    }
  });

  it('refuse an unknown method', () => {
    expect(progressionsChartRequest.safeParse({ ...birth, lat: 1, lng: 1, angles_method: 'placidus' }).success).toBe(false);
  });
});
