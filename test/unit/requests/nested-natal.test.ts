import { describe, expect, it } from 'vitest';
import { nestedNatal, resolveNestedNatal } from '../../../src/requests/nested-natal-schema.ts';
import { birthMoment } from '../../../src/requests/moment.ts';
import { resolveSubjectPlace } from '../../../src/requests/place.ts';
import { RequestFieldError } from '../../../src/requests/request-error.ts';

const lisbon = { city: 'Lisbon', lat: 38.7223, lng: -9.1393 };

function resolve(natal: Record<string, unknown>) {
  return resolveNestedNatal(nestedNatal.parse(natal));
}

function refusal(natal: Record<string, unknown>): { loc: (string | number)[]; message: string } {
  try {
    resolve(natal);
  } catch (error) {
    if (error instanceof RequestFieldError) return { loc: error.loc, message: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('the nested natal block', () => {
  it('resolves to the moment and place the natal endpoint gives the same birth sent flat', () => {
    const flat = { year: 1990, month: 5, day: 15, hour: 14, minute: 30, ...lisbon, tz_str: 'AUTO' };
    const natal = resolve({ name: 'A', year: 1990, month: 5, day: 15, hour: 14, minute: 30, location: { ...lisbon, tz_str: 'AUTO' } });
    const expected = birthMoment(flat, resolveSubjectPlace(flat, ['body']), ['body']);
    expect(natal.moment.utcIso).toBe(expected.utcIso);
    expect(natal.moment.zone).toBe('Europe/Lisbon');
    expect(natal.moment.localIso).toBe('1990-05-15T14:30:00+01:00');
    expect(natal.place).toEqual(resolveSubjectPlace(flat, ['body']));
    expect(natal.birth).toMatchObject({
      name: 'A',
      year: 1990,
      month: 5,
      day: 15,
      hour: 14,
      minute: 30,
      second: 0,
      time_known: true,
      lat: 38.7223,
      lng: -9.1393,
    });
  });

  it('defaults hour to 12, minute to 0, time_known to true and the zone to AUTO', () => {
    const natal = resolve({ year: 2000, month: 1, day: 1, location: lisbon });
    expect(natal.moment.localIso).toBe('2000-01-01T12:00:00+00:00');
    expect(natal.moment.timeKnown).toBe(true);
    expect(natal.moment.zoneSource).toBe('auto');
    // A bare date is noon as well.
    expect(resolve({ datetime: '2000-01-01', location: lisbon }).moment.utcIso).toBe(natal.moment.utcIso);
  });

  it('reads datetime with a space or a T, and with seconds, as the split fields', () => {
    const split = resolve({ year: 1985, month: 12, day: 31, hour: 23, minute: 59, location: lisbon }).moment.utcIso;
    expect(resolve({ datetime: '1985-12-31 23:59', location: lisbon }).moment.utcIso).toBe(split);
    expect(resolve({ datetime: '1985-12-31T23:59:00', location: lisbon }).moment.utcIso).toBe(split);
    // Both forms together are fine when they agree.
    expect(resolve({ datetime: '1985-12-31T23:59', year: 1985, month: 12, day: 31, location: lisbon }).moment.utcIso).toBe(split);
  });

  it('casts a datetime with an offset at that instant, its wall time read in the zone of the place', () => {
    // 14:30 at +00:00 is 15:30 in Lisbon's summer time of 1990.
    const natal = resolve({ datetime: '1990-05-15T14:30:00+00:00', location: lisbon });
    expect(natal.moment.utcIso).toBe('1990-05-15T14:30:00.000Z');
    expect(natal.moment.localIso).toBe('1990-05-15T15:30:00+01:00');
    expect(resolve({ datetime: '1990-05-15T14:30:00Z', location: { ...lisbon, tz_str: 'Asia/Tokyo' } }).moment.localIso).toBe('1990-05-15T23:30:00+09:00');
  });

  it('keeps the instant of an offset inside a daylight-saving fold (the later of two 01:30s)', () => {
    // Lisbon, 31 October 2021: 02:00 WEST became 01:00 WET; 01:30+00:00 is the second 01:30.
    const later = resolve({ datetime: '2021-10-31T01:30:00+00:00', location: lisbon });
    expect(later.moment.utcIso).toBe('2021-10-31T01:30:00.000Z');
    expect(later.birth.dst_policy).toBe('later');
    const earlier = resolve({ datetime: '2021-10-31T01:30:00+01:00', location: lisbon });
    expect(earlier.moment.utcIso).toBe('2021-10-31T00:30:00.000Z');
  });

  it('takes the zone from location.timezone, the alias of tz_str', () => {
    const natal = resolve({ year: 2000, month: 6, day: 1, hour: 12, minute: 0, location: { ...lisbon, timezone: 'America/New_York' } });
    expect(natal.moment.zone).toBe('America/New_York');
    expect(natal.moment.utcIso).toBe('2000-06-01T16:00:00.000Z');
  });

  it('names the nested field of every problem', () => {
    expect(refusal({ location: lisbon }).loc).toEqual(['body', 'natal', 'datetime']);
    expect(refusal({ year: 2000, day: 1, location: lisbon }).loc).toEqual(['body', 'natal', 'month']);
    expect(refusal({ year: 2001, month: 2, day: 29, location: lisbon }).loc).toEqual(['body', 'natal', 'day']);
    expect(refusal({ datetime: '2000-01-01T10:00', year: 2000, month: 1, day: 2, location: lisbon }).loc).toEqual(['body', 'natal', 'datetime']);
    expect(refusal({ year: 2000, month: 1, day: 1, location: {} }).loc).toEqual(['body', 'natal', 'location', 'city']);
    expect(refusal({ year: 2000, month: 1, day: 1, location: { lat: 10 } }).loc).toEqual(['body', 'natal', 'location', 'lng']);
    expect(refusal({ year: 2000, month: 1, day: 1, location: { ...lisbon, tz_str: 'Europe/Paris', timezone: 'Asia/Tokyo' } }).loc).toEqual([
      'body',
      'natal',
      'location',
      'timezone',
    ]);
    // A wall time a daylight-saving change skipped, refused under dst_policy reject (as the natal endpoint names it).
    expect(refusal({ datetime: '2021-03-28T01:30', dst_policy: 'reject', location: lisbon }).loc).toEqual(['body', 'natal', 'dst_policy']);
  });

  it('refuses in the schema what no calendar has', () => {
    expect(nestedNatal.safeParse({ datetime: '2001-02-30', location: lisbon }).success).toBe(false);
    expect(nestedNatal.safeParse({ datetime: '2001-02-03 25:00', location: lisbon }).success).toBe(false);
    expect(nestedNatal.safeParse({ year: 1200, month: 1, day: 1, location: lisbon }).success).toBe(false);
    expect(nestedNatal.safeParse({ year: 2000, month: 1, day: 1 }).success).toBe(false);
  });
});
