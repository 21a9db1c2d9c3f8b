/**
 * The relocated chart checked by independent means: its houses and angles from swe_houses at the
 * new place for the birth instant, its positions equal to the natal chart's, its local time that
 * of the new place's zone (Intl), the comparison's houses and shifts recomputed from the two
 * charts, and the refusals.
 */
import sweph from 'sweph';
import { describe, expect, it } from 'vitest';
import { initEphemeris } from '../../../src/astro/ephemeris.ts';
import { exampleAcgNatal } from '../../../src/features/western/astrocartography/astrocartography-schemas.ts';
import {
  acgRelocationRequest,
  acgRelocationResponse,
  type AcgRelocationAnswer,
} from '../../../src/features/western/astrocartography/astrocartography-relocation-schemas.ts';
import { computeAcgRelocation } from '../../../src/features/western/astrocartography/astrocartography-relocation-service.ts';
import { resolveTarget } from '../../../src/features/western/astrocartography/acg-place.ts';
import { natalRequest } from '../../../src/features/western/natal/natal-schemas.ts';
import { natalAnswerBytes } from '../../../src/features/western/natal/natal-answer.ts';
import { resolveSubjectPlace } from '../../../src/requests/place.ts';
import { RequestFieldError } from '../../../src/requests/request-error.ts';

initEphemeris();
const C = sweph.constants;
const JD = 2449966.25; // Paris 1995-09-05 18:00 UT
const wrap = (d: number) => ((((d + 180) % 360) + 360) % 360) - 180;

function relocate(extra: Record<string, unknown>, natal: Record<string, unknown> = exampleAcgNatal): AcgRelocationAnswer {
  const request = acgRelocationRequest.parse({ natal, ...extra });
  return computeAcgRelocation({ request, place: resolveSubjectPlace(request.natal, ['body', 'natal']), target: resolveTarget(request) });
}

function natalChart(natal: Record<string, unknown>) {
  const request = natalRequest.parse(natal);
  const bytes = natalAnswerBytes({ request, place: resolveSubjectPlace(request, ['body']), includeMinor: false, includeStelliums: false });
  return JSON.parse(Buffer.from(bytes).toString('utf8')) as AcgRelocationAnswer['chart'];
}

/** The offset of a zone at an instant, ±HH:MM, by Intl. */
function intlOffset(zone: string, utcMs: number): string {
  const name = new Intl.DateTimeFormat('en', { timeZone: zone, timeZoneName: 'longOffset' }).formatToParts(utcMs).find((p) => p.type === 'timeZoneName')!.value;
  return name === 'GMT' ? '+00:00' : name.slice(3);
}

describe('relocation', () => {
  const tokyo = relocate({ city: 'Tokyo', country: 'JP' });
  const natal = natalChart(exampleAcgNatal);

  it('casts the birth instant at the new place', () => {
    acgRelocationResponse.parse(tokyo);
    expect(tokyo.city).toMatchObject({ name: 'Tokyo', country: 'JP', timezone: 'Asia/Tokyo' });
    expect(tokyo.chart.subject.datetime_utc).toBe('1995-09-05T18:00:00.000Z');
    expect(tokyo.chart.subject.location).toMatchObject({ city: 'Tokyo', country: 'JP', timezone: 'Asia/Tokyo' });
    expect(tokyo.chart.subject.datetime).toBe('1995-09-06T03:00:00+09:00');
    expect(tokyo.chart.subject.settings.utc_offset).toBe(intlOffset('Asia/Tokyo', Date.UTC(1995, 8, 5, 18)));
    expect(tokyo.meta).toMatchObject({ birth_timezone: 'Europe/Paris', relocated_timezone: 'Asia/Tokyo', birth_datetime: '1995-09-05T20:00:00+02:00' });
    expect(tokyo.relocation_summary.resolved_timezone).toBe('Asia/Tokyo');
  });

  it('keeps the positions and moves the houses and angles as swe_houses does', () => {
    expect(tokyo.chart.planets.map((p) => [p.id, p.abs_pos])).toEqual(natal.planets.map((p) => [p.id, p.abs_pos]));
    const h = sweph.houses(JD, tokyo.city.lat, tokyo.city.lng, 'P');
    expect(h.flag).toBe(C.OK);
    for (let i = 0; i < 12; i++) expect(Math.abs(wrap(tokyo.chart.houses![i]!.abs_pos - h.data.houses[i]!))).toBeLessThan(1e-9);
    expect(Math.abs(wrap(tokyo.chart.angles!.asc - h.data.points[0]))).toBeLessThan(1e-9);
    expect(Math.abs(wrap(tokyo.chart.angles!.mc - h.data.points[1]))).toBeLessThan(1e-9);
    expect(Math.abs(wrap(tokyo.relocation_summary.angles.asc - h.data.points[0]))).toBeLessThan(1e-6);
  });

  it('compares the two charts truly', () => {
    const c = tokyo.comparison;
    expect(c.natal_angles.asc).toBeCloseTo(natal.angles!.asc, 5);
    expect(c.relocated_angles.mc).toBeCloseTo(tokyo.chart.angles!.mc, 5);
    expect(c.asc_shift_deg).toBeCloseTo(wrap(tokyo.chart.angles!.asc - natal.angles!.asc), 5);
    expect(c.mc_shift_deg).toBeCloseTo(wrap(tokyo.chart.angles!.mc - natal.angles!.mc), 5);
    const signs = ['Aries', 'Taurus', 'Gemini', 'Cancer', 'Leo', 'Virgo', 'Libra', 'Scorpio', 'Sagittarius', 'Capricorn', 'Aquarius', 'Pisces'];
    expect(c.rising_sign).toEqual({ natal: signs[Math.floor(natal.angles!.asc / 30)], relocated: signs[Math.floor(tokyo.chart.angles!.asc / 30)] });
    for (const row of c.houses) {
      expect(row.natal_house).toBe(natal.planets.find((p) => p.id === row.id)!.house);
      expect(row.relocated_house).toBe(tokyo.chart.planets.find((p) => p.id === row.id)!.house);
      expect(row.changed).toBe(row.natal_house !== row.relocated_house);
    }
    expect(c.houses).toHaveLength(natal.planets.length);
    expect(c.planets_changing_house).toBe(c.houses.filter((r) => r.changed).length);
    expect(c.planets_changing_house).toBeGreaterThan(0);
    for (const a of tokyo.relocation_summary.angular_planets) expect(a.orb_deg).toBeLessThanOrEqual(8);
  });

  it("applies the natal chart's options to the relocated chart", () => {
    const sidereal = { ...exampleAcgNatal, zodiac_type: 'sidereal', sidereal_ayanamsa: 'lahiri', include_features: ['chiron'], house_system: 'whole_sign' };
    const a = relocate({ lat: -33.87, lng: 151.21 }, sidereal);
    const b = natalChart(sidereal);
    expect(a.chart.subject.settings.zodiac_type).toBe('Sidereal');
    expect(a.chart.planets.map((p) => p.id)).toContain('chiron');
    expect(a.chart.planets.map((p) => p.abs_pos)).toEqual(b.planets.map((p) => p.abs_pos));
    expect(a.meta).toMatchObject({ zodiac_type: 'sidereal', house_system: 'whole_sign' });
    expect(a.city.timezone).toBe('Australia/Sydney');
  });

  it('says when the house system fails at a polar place', () => {
    const polar = relocate({ lat: 78.22, lng: 15.65 });
    expect(polar.relocation_summary.house_system).toBe('porphyry');
    expect(polar.warnings.some((w) => /porphyry/i.test(w))).toBe(true);
    expect(polar.chart.confidence.houses).toBe('medium');
  });

  it('refuses an untimed birth, an unknown city and a bad latitude, naming the field', () => {
    const refused = (extra: Record<string, unknown>, natal: Record<string, unknown> = exampleAcgNatal) => {
      try {
        relocate(extra, natal);
      } catch (error) {
        if (error instanceof RequestFieldError) return { field: error.loc.slice(1).join('.'), message: error.message };
        const issues = (error as { issues?: { path: (string | number)[] }[] }).issues;
        if (issues) return { field: issues[0]!.path.join('.'), message: '' };
        throw error;
      }
      return { field: 'accepted', message: '' };
    };
    expect(refused({ city: 'Lisbon' }, { ...exampleAcgNatal, time_known: false }).field).toBe('natal.time_known');
    const unknown = refused({ city: 'Lisbonn' });
    expect(unknown.field).toBe('city');
    expect(unknown.message).toContain('Lisbon');
    expect(refused({ lat: 91, lng: 0 }).field).toBe('lat');
    expect(refused({}).field).toBe('city');
  });
});
