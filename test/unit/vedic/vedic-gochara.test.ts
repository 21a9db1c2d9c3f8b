/**
 * Gochara: the sign stays' instants against the ephemeris itself (the longitude a minute either
 * side of each ingress), a retrograde re-entry, the classical table, vedha on stays written in the
 * test (with the Sun-Saturn and Moon-Mercury exceptions), and the range cap.
 */
import { describe, expect, it } from 'vitest';
import { calcBody, initEphemeris } from '../../../src/astro/ephemeris.ts';
import { julianDayFromUtcMs } from '../../../src/astro/civil-time.ts';
import { signStays } from '../../../src/astro/vedic/gochara/sign-stays.ts';
import { GOCHARA_VEDHA, canObstruct, favourableHouses, isFavourableHouse, vedhaOf } from '../../../src/astro/vedic/gochara/gochara-table.ts';
import { readStay } from '../../../src/astro/vedic/gochara/gochara.ts';
import type { SignStay } from '../../../src/astro/vedic/gochara/sign-stays.ts';
import type { GrahaId } from '../../../src/astro/vedic/grahas.ts';
import { computeVedicGocharV1, gocharRange } from '../../../src/features/vedic/gochar/vedic-gochar-service.ts';
import { resolveSubjectPlace } from '../../../src/requests/place.ts';
import { vedicGocharRequest } from '../../../src/features/vedic/gochar/vedic-gochar-schemas.ts';
import { RequestFieldError } from '../../../src/requests/request-error.ts';

initEphemeris();
const LAHIRI = { type: 'sidereal', ayanamsa: 'lahiri' } as const;
const SE: Partial<Record<GrahaId, number>> = { sun: 0, moon: 1, mercury: 2, venus: 3, mars: 4, jupiter: 5, saturn: 6 };
const jd = (y: number, m: number, d: number) => julianDayFromUtcMs(Date.UTC(y, m - 1, d));
const MINUTE = 1 / 1440;
const signAt = (graha: GrahaId, t: number) => {
  const lon = graha === 'rahu' || graha === 'ketu' ? calcBody(t, 10, LAHIRI).lon + (graha === 'ketu' ? 180 : 0) : calcBody(t, SE[graha]!, LAHIRI).lon;
  return Math.floor((((lon % 360) + 360) % 360) / 30);
};

describe('sign stays', () => {
  it('each ingress is on its exact minute: the longitude a minute before is in the old sign, a minute after in the new', () => {
    for (const graha of ['sun', 'moon', 'mars', 'mercury', 'jupiter', 'venus', 'saturn', 'rahu', 'ketu'] as const) {
      const stays = signStays(graha, jd(2026, 1, 1), jd(2026, 12, 31), 'lahiri');
      expect(stays.length, graha).toBeGreaterThan(0);
      for (let i = 0; i < stays.length; i++) {
        const s = stays[i]!;
        expect(s.start, graha).toBeDefined();
        expect(s.end, graha).toBeDefined();
        expect(signAt(graha, s.start! + MINUTE), `${graha} just after its ingress`).toBe(s.signIndex);
        expect(signAt(graha, s.end! - MINUTE), `${graha} just before its egress`).toBe(s.signIndex);
        expect(signAt(graha, s.start! - MINUTE), `${graha} just before its ingress`).not.toBe(s.signIndex);
        if (i > 0) expect(s.start, 'stays follow each other').toBe(stays[i - 1]!.end);
      }
    }
  });

  it('the Sun enters sidereal Capricorn (Makara sankranti) on 14 January 2026 within a minute of a plain bisection', () => {
    const stay = signStays('sun', jd(2026, 1, 10), jd(2026, 1, 20), 'lahiri').find((s) => s.signIndex === 9)!;
    let lo = jd(2026, 1, 13),
      hi = jd(2026, 1, 15);
    for (let k = 0; k < 60; k++) {
      const mid = (lo + hi) / 2;
      if (calcBody(mid, 0, LAHIRI).lon < 270) lo = mid;
      else hi = mid;
    }
    expect(Math.abs(stay.start! - lo)).toBeLessThan(MINUTE / 30);
    expect(new Date((stay.start! - 2440587.5) * 86_400_000).toISOString().slice(0, 10)).toBe('2026-01-14');
  });

  it('a retrograde re-entry is a stay of its own: Jupiter enters Leo in October 2026 and backs into Cancer in January 2027', () => {
    const stays = signStays('jupiter', jd(2026, 10, 1), jd(2027, 3, 1), 'lahiri');
    expect(stays.map((s) => s.signIndex)).toEqual([3, 4, 3]);
    const [, leo, cancer] = stays;
    expect(leo!.enteredRetrograde).toBe(false);
    expect(leo!.leavesRetrograde).toBe(true);
    expect(cancer!.enteredRetrograde).toBe(true);
    expect(cancer!.start).toBe(leo!.end);
    // Between the ingress and the egress Jupiter stays in Leo even as it turns (its station).
    for (let t = leo!.start! + 1; t < leo!.end!; t += 5) expect(signAt('jupiter', t)).toBe(4);
  });

  it('the nodes move backwards through the signs, Ketu always six signs from Rahu', () => {
    const rahu = signStays('rahu', jd(2026, 1, 1), jd(2026, 12, 31), 'lahiri');
    const ketu = signStays('ketu', jd(2026, 1, 1), jd(2026, 12, 31), 'lahiri');
    expect(rahu.map((s) => s.start)).toEqual(ketu.map((s) => s.start));
    rahu.forEach((s, i) => expect((s.signIndex + 6) % 12).toBe(ketu[i]!.signIndex));
    expect(rahu.every((s) => s.enteredRetrograde)).toBe(true);
  });
});

describe('the gochara table', () => {
  it('gives the favourable houses from the Moon of each graha', () => {
    expect(favourableHouses('sun')).toEqual([3, 6, 10, 11]);
    expect(favourableHouses('moon')).toEqual([1, 3, 6, 7, 10, 11]);
    expect(favourableHouses('mars')).toEqual([3, 6, 11]);
    expect(favourableHouses('mercury')).toEqual([2, 4, 6, 8, 10, 11]);
    expect(favourableHouses('jupiter')).toEqual([2, 5, 7, 9, 11]);
    expect(favourableHouses('venus')).toEqual([1, 2, 3, 4, 5, 8, 9, 11, 12]);
    expect(favourableHouses('saturn')).toEqual([3, 6, 11]);
    expect(favourableHouses('rahu')).toEqual([3, 6, 11]);
    expect(favourableHouses('ketu')).toEqual([3, 6, 11]);
    expect(isFavourableHouse('jupiter', 12)).toBe(false);
  });

  it('pairs each favourable house with its vedha house, each obstructing house used once per graha', () => {
    expect(vedhaOf('sun', 3)).toEqual({ house: 9, kind: 'vedha' });
    expect(vedhaOf('jupiter', 2)).toEqual({ house: 12, kind: 'vedha' });
    expect(vedhaOf('saturn', 11)).toEqual({ house: 5, kind: 'vedha' });
    expect(vedhaOf('mercury', 8)).toEqual({ house: 1, kind: 'vedha' });
    // Backwards: Saturn in the 12th (unfavourable) is relieved by a graha in the 3rd.
    expect(vedhaOf('saturn', 12)).toEqual({ house: 3, kind: 'vipareeta_vedha' });
    expect(vedhaOf('saturn', 1)).toBeUndefined();
    for (const [graha, row] of Object.entries(GOCHARA_VEDHA)) {
      const obstructing = Object.values(row);
      expect(new Set(obstructing).size, graha).toBe(obstructing.length);
    }
  });

  it('has no vedha between the Sun and Saturn, nor the Moon and Mercury', () => {
    expect(canObstruct('sun', 'saturn')).toBe(false);
    expect(canObstruct('saturn', 'sun')).toBe(false);
    expect(canObstruct('moon', 'mercury')).toBe(false);
    expect(canObstruct('mercury', 'moon')).toBe(false);
    expect(canObstruct('sun', 'mars')).toBe(true);
    expect(canObstruct('jupiter', 'jupiter')).toBe(false);
  });
});

describe('vedha on a constructed case', () => {
  // Natal Moon in Taurus (1). The Sun transits Cancer, the 3rd from the Moon (favourable; vedha the 9th, Capricorn).
  const moonSign = 1;
  const stay = (graha: GrahaId, signIndex: number, start: number, end: number): SignStay => ({
    graha,
    signIndex,
    start,
    end,
    enteredRetrograde: false,
    leavesRetrograde: false,
  });
  const sun = stay('sun', 3, 100, 130);
  const window = { from: 0, to: 1000 };

  it('a graha in the vedha house during the stay obstructs it, for the part of the stay they share', () => {
    const others = new Map<GrahaId, SignStay[]>([
      ['mars', [stay('mars', 9, 90, 110), stay('mars', 10, 110, 160)]],
      ['venus', [stay('venus', 9, 125, 150)]],
      ['jupiter', [stay('jupiter', 8, 0, 400)]],
    ]);
    const read = readStay('sun', sun, moonSign, others, window);
    expect(read.house).toBe(3);
    expect(read.favourable).toBe(true);
    expect(read.vedha).toMatchObject({ house: 9, signIndex: 9, kind: 'vedha' });
    expect(read.vedha!.obstructions).toEqual([
      { graha: 'mars', start: 100, end: 110 },
      { graha: 'venus', start: 125, end: 130 },
    ]);
  });

  it('Saturn in the vedha house does not obstruct the Sun, nor Mercury the Moon', () => {
    const read = readStay('sun', sun, moonSign, new Map([['saturn', [stay('saturn', 9, 0, 900)]]]), window);
    expect(read.vedha!.obstructions).toEqual([]);
    // The Moon in the 7th from itself (Scorpio): favourable, vedha the 2nd (Gemini), where Mercury stands.
    const moon = readStay('moon', stay('moon', 7, 200, 202), moonSign, new Map([['mercury', [stay('mercury', 2, 150, 260)]]]), window);
    expect(moon.house).toBe(7);
    expect(moon.vedha!.house).toBe(2);
    expect(moon.vedha!.obstructions).toEqual([]);
  });

  it('a graha in the vedha house before or after the stay does not obstruct it', () => {
    const read = readStay('sun', sun, moonSign, new Map([['mars', [stay('mars', 9, 20, 100), stay('mars', 9, 130, 170)]]]), window);
    expect(read.vedha!.obstructions).toEqual([]);
  });

  it('an unfavourable house with no pair has no vedha', () => {
    // The Sun in the 1st from the Moon.
    expect(readStay('sun', stay('sun', 1, 0, 30), moonSign, new Map(), window).vedha).toBeUndefined();
  });
});

describe('the range', () => {
  const birth = { year: 1990, month: 8, day: 15, hour: 6, minute: 30, lat: 28.6139, lng: 77.209, tz_str: 'Asia/Kolkata' };
  const range = (body: Record<string, unknown>) => gocharRange(vedicGocharRequest.parse({ ...birth, ...body }));

  it('is capped at 1096 days, 366 with the Moon; past the cap a 422 on end_date', () => {
    expect(range({ start_date: '2026-01-01', end_date: '2028-12-31' }).maxDays).toBe(1096);
    expect(() => range({ start_date: '2026-01-01', end_date: '2029-01-02' })).toThrow(RequestFieldError);
    expect(() => range({ start_date: '2026-01-01', end_date: '2027-01-02', include_moon: true })).toThrow(/at most 366 days/);
    try {
      range({ start_date: '2026-01-01', end_date: '2025-01-01' });
      expect.unreachable();
    } catch (error) {
      expect((error as RequestFieldError).loc).toEqual(['body', 'end_date']);
    }
  });
});

describe('the timeline of a birth', () => {
  const parse = (body: Record<string, unknown>) => {
    const request = vedicGocharRequest.parse(body);
    return computeVedicGocharV1({ request, place: resolveSubjectPlace(request, ['body']) });
  };

  it('an untimed birth counts from the Moon at local noon and says so', () => {
    const a = parse({
      year: 1990,
      month: 8,
      day: 15,
      time_known: false,
      lat: 28.6139,
      lng: 77.209,
      tz_str: 'Asia/Kolkata',
      start_date: '2026-01-01',
      end_date: '2026-02-01',
    });
    expect(a.natal_moon.sign).toBe('Taurus');
    expect(a.warnings.join(' ')).toMatch(/Birth time unknown/);
    for (const t of a.transits) for (const s of t.stays) expect(s.house_from_moon).toBe(((s.sign_num - 2 + 12) % 12) + 1);
  });

  it("with include_moon the Moon's stays come first, each about two and a quarter days, read by the Moon's row", () => {
    const a = parse({
      year: 1990,
      month: 8,
      day: 15,
      hour: 6,
      minute: 30,
      lat: 28.6139,
      lng: 77.209,
      tz_str: 'Asia/Kolkata',
      start_date: '2026-01-01',
      end_date: '2026-01-31',
      include_moon: true,
      vedha_by_moon: true,
    });
    const moon = a.transits[0]!;
    expect(moon.graha).toBe('Moon');
    expect(moon.favourable_houses).toEqual([1, 3, 6, 7, 10, 11]);
    for (const s of moon.stays) {
      expect(s.duration_days!).toBeGreaterThan(1.9);
      expect(s.duration_days!).toBeLessThan(2.8);
      expect(s.favourable).toBe(isFavourableHouse('moon', s.house_from_moon));
      // Mercury never obstructs the Moon.
      for (const o of s.vedha?.obstructed_by ?? []) expect(o.graha).not.toBe('Mercury');
    }
    expect(a.metadata.vedha_by_moon).toBe(true);
  });
});
