import { describe, expect, it } from 'vitest';
import { resolveCivilTime, formatLocalIso, CivilTimeError, isValidCalendarDate } from '../../src/astro/civil-time.ts';

const t = (year: number, month: number, day: number, hour: number, minute: number, second = 0) => ({ year, month, day, hour, minute, second });
const iso = (ms: number) => new Date(ms).toISOString();

describe('civil time to UT', () => {
  it('resolves an ordinary local time with the zone offset', () => {
    const r = resolveCivilTime(t(1981, 1, 1, 23, 30), 'Europe/Athens');
    expect(iso(r.utcMs)).toBe('1981-01-01T21:30:00.000Z');
    expect(r.offsetSeconds).toBe(7200);
    expect(r.status).toBe('ok');
  });

  describe('DST gap (America/New_York, 2024-03-10 02:30 does not exist)', () => {
    const gap = t(2024, 3, 10, 2, 30);
    it('rejects with reject', () => expect(() => resolveCivilTime(gap, 'America/New_York', 'reject')).toThrow(CivilTimeError));
    it('shifts forward by default and with shift_forward/later', () => {
      for (const policy of [undefined, 'shift_forward', 'later'] as const) {
        const r = resolveCivilTime(gap, 'America/New_York', policy);
        expect(iso(r.utcMs)).toBe('2024-03-10T07:30:00.000Z');
        expect(formatLocalIso(r.utcMs, r.offsetSeconds)).toBe('2024-03-10T03:30:00-04:00');
        expect(r.status).toBe('gap');
      }
    });
    it('moves back with earlier', () => {
      const r = resolveCivilTime(gap, 'America/New_York', 'earlier');
      expect(iso(r.utcMs)).toBe('2024-03-10T06:30:00.000Z');
      expect(formatLocalIso(r.utcMs, r.offsetSeconds)).toBe('2024-03-10T01:30:00-05:00');
    });
  });

  describe('DST fold (Europe/London, 2024-10-27 01:30 occurs twice)', () => {
    const fold = t(2024, 10, 27, 1, 30);
    it('rejects with reject', () => expect(() => resolveCivilTime(fold, 'Europe/London', 'reject')).toThrow(/ambiguous/));
    it('takes the first occurrence with earlier and by default', () => {
      expect(iso(resolveCivilTime(fold, 'Europe/London', 'earlier').utcMs)).toBe('2024-10-27T00:30:00.000Z');
      expect(iso(resolveCivilTime(fold, 'Europe/London').utcMs)).toBe('2024-10-27T00:30:00.000Z');
    });
    it('takes the second occurrence with later', () => {
      const r = resolveCivilTime(fold, 'Europe/London', 'later');
      expect(iso(r.utcMs)).toBe('2024-10-27T01:30:00.000Z');
      expect(r.status).toBe('fold');
      expect(r.offsetSeconds).toBe(0);
    });
  });

  it('handles a southern-hemisphere fold (Australia/Sydney, 2024-04-07 02:30)', () => {
    const fold = t(2024, 4, 7, 2, 30);
    expect(iso(resolveCivilTime(fold, 'Australia/Sydney', 'earlier').utcMs)).toBe('2024-04-06T15:30:00.000Z');
    expect(iso(resolveCivilTime(fold, 'Australia/Sydney', 'later').utcMs)).toBe('2024-04-06T16:30:00.000Z');
  });

  it('handles a half-hour DST shift (Australia/Lord_Howe, 2024-10-06 02:15 is skipped)', () => {
    const r = resolveCivilTime(t(2024, 10, 6, 2, 15), 'Australia/Lord_Howe');
    expect(r.status).toBe('gap');
    expect(formatLocalIso(r.utcMs, r.offsetSeconds)).toBe('2024-10-06T02:45:00+11:00');
  });

  it('uses local mean time before standard time (Europe/Paris 1850, +00:09:21)', () => {
    const r = resolveCivilTime(t(1850, 6, 1, 12, 0), 'Europe/Paris');
    expect(r.offsetSeconds).toBe(561);
    expect(iso(r.utcMs)).toBe('1850-06-01T11:50:39.000Z');
    expect(formatLocalIso(r.utcMs, r.offsetSeconds)).toBe('1850-06-01T12:00:00+00:09:21');
  });

  it('rejects an unknown zone', () => expect(() => resolveCivilTime(t(2000, 1, 1, 0, 0), 'Mars/Olympus_Mons')).toThrow(/unknown time zone/));
});

describe('calendar dates', () => {
  it('accepts exactly the dates a proleptic Gregorian calendar has (as Date counts them), years -4800 to 9999', () => {
    const exists = (year: number, month: number, day: number) => {
      const d = new Date(0);
      d.setUTCFullYear(year, month - 1, day);
      return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
    };
    const wrong: string[] = [];
    for (let year = -4800; year <= 9999; year += year > 1500 && year < 2500 ? 1 : 7) {
      for (let month = 0; month <= 13; month++) {
        for (const day of [0, 1, 27, 28, 29, 30, 31, 32]) {
          if (isValidCalendarDate(year, month, day) !== (month >= 1 && month <= 12 && day >= 1 && exists(year, month, day)))
            wrong.push(`${year}-${month}-${day}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});
