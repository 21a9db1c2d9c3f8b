/**
 * The muhurta search: its windows never touch Rahu kalam, Yamaganda, Gulika kalam or Vishti
 * karana; each lies in one set of panchang elements and one hora, inside the daytime; the rules
 * score as documented (rikta tithis, the purpose's nakshatras and weekdays, tara bala); the range
 * is capped at 31 dates; a polar date without sunrise is skipped and named, without a crash.
 */
import { describe, expect, it } from 'vitest';
import { initEphemeris } from '../../../src/astro/ephemeris.ts';
import { computePanchang } from '../../../src/astro/panchang/panchang.ts';
import { elementAt } from '../../../src/astro/panchang/panchang-limbs.ts';
import { daylightHours } from '../../../src/astro/planetary-hours.ts';
import { searchMuhurta, MIN_WINDOW_MINUTES } from '../../../src/astro/vedic/muhurta/muhurta-search.ts';
import { isVishti, nakshatraClass, PURPOSE_RULES, qualityOf, taraOf, MUHURTA_PURPOSES } from '../../../src/astro/vedic/muhurta/muhurta-rules.ts';
import { computeMuhuratSearch, muhurtaDates } from '../../../src/features/vedic/muhurta/vedic-muhurta-service.ts';
import { muhuratSearchRequest } from '../../../src/features/vedic/muhurta/vedic-muhurta-schemas.ts';
import { resolveSubjectPlace } from '../../../src/requests/place.ts';
import { RequestFieldError } from '../../../src/requests/request-error.ts';

initEphemeris();
const DELHI = { lat: 28.6139, lng: 77.209, zone: 'Asia/Kolkata' };
const days = (year: number, month: number, from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => ({ year, month, day: from + i }));
const overlaps = (a: { start: number; end: number }, b: { start: number; end: number }) => a.start < b.end && b.start < a.end;

describe('the windows', () => {
  const dates = days(2026, 12, 1, 10);
  const result = searchMuhurta({ purpose: 'general_work', dates, zone: DELHI.zone, lat: DELHI.lat, lng: DELHI.lng, ayanamsa: 'lahiri', natalMoon: undefined });

  it('never overlap Rahu kalam, Yamaganda, Gulika kalam or Vishti karana, and stay in the daytime', () => {
    expect(result.windows.length).toBeGreaterThan(20);
    for (const w of result.windows) {
      const p = computePanchang(w.date, DELHI.zone, DELHI.lat, DELHI.lng, 'lahiri');
      expect(overlaps(w, p.periods.rahuKalam), 'Rahu kalam').toBe(false);
      expect(overlaps(w, p.periods.yamaganda), 'Yamaganda').toBe(false);
      expect(overlaps(w, p.periods.gulikaKalam), 'Gulika kalam').toBe(false);
      for (const k of p.limbs.karana) if (isVishti(k.index + 1)) expect(overlaps(w, k), 'Vishti').toBe(false);
      expect(w.start).toBeGreaterThanOrEqual(p.day.sunrise.jdUt);
      expect(w.end).toBeLessThanOrEqual(p.day.sunset.jdUt);
      expect((w.end - w.start) * 1440).toBeGreaterThanOrEqual(MIN_WINDOW_MINUTES - 1e-6);
    }
  });

  it('a day whose best hour falls in Rahu kalam gets the hours either side of it, not the kalam', () => {
    // Every day of the range has windows just before and just after its Rahu kalam (unless another exclusion touches it).
    const p = computePanchang(dates[3]!, DELHI.zone, DELHI.lat, DELHI.lng, 'lahiri');
    const same = result.windows.filter((w) => w.date.day === dates[3]!.day);
    const before = same.filter((w) => w.end <= p.periods.rahuKalam.start);
    const after = same.filter((w) => w.start >= p.periods.rahuKalam.end);
    expect(before.length + after.length).toBe(same.length);
    expect(same.some((w) => Math.abs(w.end - p.periods.rahuKalam.start) < 1e-9 || Math.abs(w.start - p.periods.rahuKalam.end) < 1e-9)).toBe(true);
  });

  it('each lies within one tithi, nakshatra, yoga, karana and hora, the ones its criteria name', () => {
    for (const w of result.windows) {
      const p = computePanchang(w.date, DELHI.zone, DELHI.lat, DELHI.lng, 'lahiri');
      const hours = daylightHours(p.day.sunrise.jdUt, p.day.sunset.jdUt, p.weekday);
      for (const t of [w.start + 1e-6, w.end - 1e-6]) {
        expect(elementAt(p.limbs.tithi, t)!.index + 1).toBe(w.factors.tithi.number);
        expect(elementAt(p.limbs.nakshatra, t)!.index + 1).toBe(w.factors.nakshatra.number);
        expect(elementAt(p.limbs.yoga, t)!.index + 1).toBe(w.factors.yoga.number);
        expect(elementAt(p.limbs.karana, t)!.index + 1).toBe(w.factors.karana.number);
        expect(hours.find((h) => h.start <= t && t < h.end)!.ruler).toBe(w.factors.hora.lord);
      }
      expect(w.score).toBeGreaterThanOrEqual(0);
      expect(w.score).toBeLessThanOrEqual(100);
      expect(w.quality).toBe(qualityOf(w.score));
      expect(w.factors.taraBala).toBeUndefined();
    }
  });

  it('scores the rules: a rikta tithi and a Tuesday count against, the purpose’s nakshatra for', () => {
    for (const w of result.windows) {
      const inPaksha = ((w.factors.tithi.number - 1) % 15) + 1;
      if ([4, 9, 14].includes(inPaksha)) expect(w.factors.tithi.points).toBeLessThan(0);
      if (w.factors.weekday.number === 3) expect(w.factors.weekday.points).toBeLessThan(0);
      const inList = PURPOSE_RULES.general_work.nakshatras.includes(w.factors.nakshatra.number - 1);
      expect(w.factors.nakshatra.points > 0).toBe(inList);
    }
  });
});

describe('the rules', () => {
  it('tara counts from the birth nakshatra in nines', () => {
    expect(taraOf(3, 3)).toBe(1); // the birth star: Janma
    expect(taraOf(3, 4)).toBe(2); // Sampat
    expect(taraOf(3, 11)).toBe(9); // Parama Mitra
    expect(taraOf(3, 12)).toBe(1); // the 10th star begins the second round
    expect(taraOf(26, 0)).toBe(2); // across Revati-Ashwini
    expect(taraOf(3, 2)).toBe(9); // the 27th star
  });

  it('the nakshatra classes cover the 27 once each', () => {
    const all = Array.from({ length: 27 }, (_, i) => nakshatraClass(i));
    expect(all.filter((c) => c === 'dhruva')).toHaveLength(4);
    expect(nakshatraClass(3)).toBe('dhruva');
    expect(nakshatraClass(18)).toBe('tikshna');
    for (const purpose of MUHURTA_PURPOSES) for (const n of PURPOSE_RULES[purpose].nakshatras) expect(n).toBeLessThan(27);
  });

  it('Vishti is the seventh movable karana, eight times a month', () => {
    const vishti = Array.from({ length: 60 }, (_, i) => i + 1).filter(isVishti);
    expect(vishti).toEqual([8, 15, 22, 29, 36, 43, 50, 57]);
  });

  it('with a birth, tara bala and chandra bala are scored', () => {
    const r = searchMuhurta({ purpose: 'marriage', dates: days(2026, 12, 1, 3), ...DELHI, ayanamsa: 'lahiri', natalMoon: { nakshatra: 3, sign: 1 } });
    for (const w of r.windows) {
      expect(w.factors.taraBala!.tara).toBe(taraOf(3, w.factors.nakshatra.number - 1));
      expect(w.factors.chandraBala!.house).toBe(((w.factors.chandraBala!.moonSign - 1 + 12) % 12) + 1);
      if (w.factors.chandraBala!.house === 8) expect(w.factors.chandraBala!.points).toBe(-20);
    }
  });
});

describe('the request', () => {
  const body = { purpose: 'Vehicle_Purchase', lat: 28.6139, lng: 77.209, tz_str: 'Asia/Kolkata' };
  const answer = (extra: Record<string, unknown>) => {
    const request = muhuratSearchRequest.parse({ ...body, ...extra });
    return computeMuhuratSearch({ request, place: resolveSubjectPlace(request, ['body']), birthPlace: undefined });
  };

  it('spans at most 31 dates: 31 are searched, 32 are a 422 on end_date', () => {
    expect(muhurtaDates({ start_date: '2026-12-01', end_date: '2026-12-31' })).toHaveLength(31);
    expect(muhurtaDates({ start_date: '2026-02-27', end_date: '2026-03-01' })).toHaveLength(3);
    try {
      muhurtaDates({ start_date: '2026-12-01', end_date: '2027-01-01' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(RequestFieldError);
      expect((error as RequestFieldError).loc).toEqual(['body', 'end_date']);
      expect((error as Error).message).toMatch(/at most 31 days/);
    }
    expect(() => muhurtaDates({ start_date: '2026-02-30', end_date: '2026-03-01' })).toThrow(RequestFieldError);
    expect(() => muhurtaDates({ start_date: '2026-03-02', end_date: '2026-03-01' })).toThrow(/before start_date/);
  });

  it('answers the shape the clients read, the limit, and says that the personal factors were not scored', () => {
    const a = answer({ start_date: '2026-12-01', end_date: '2026-12-05', limit: 4 });
    expect(a.purpose).toBe('vehicle_purchase');
    expect(a.range).toEqual({ start_date: '2026-12-01', end_date: '2026-12-05', day_count: 5 });
    expect(a.best_windows).toHaveLength(4);
    const scores = a.best_windows.map((w) => w.score);
    expect([...scores].sort((x, y) => y - x)).toEqual(scores);
    expect(a.best_windows[0]!.criteria.tara_bala).toBeNull();
    expect(a.metadata.personal_factors_scored).toBe(false);
    expect(a.warnings.join(' ')).toMatch(/tara bala and chandra bala were not scored/);
  });

  it('a polar place without sunrise: the dates are skipped and named, no window, no crash', () => {
    // Longyearbyen in the polar night.
    const request = muhuratSearchRequest.parse({
      purpose: 'travel',
      start_date: '2026-12-10',
      end_date: '2026-12-12',
      lat: 78.22,
      lng: 15.65,
      tz_str: 'Arctic/Longyearbyen',
    });
    const a = computeMuhuratSearch({ request, place: resolveSubjectPlace(request, ['body']), birthPlace: undefined });
    expect(a.best_windows).toEqual([]);
    expect(a.metadata.skipped_dates).toEqual(['2026-12-10', '2026-12-11', '2026-12-12']);
    expect(a.warnings.join(' ')).toMatch(/does not rise or set/);
  });
});
