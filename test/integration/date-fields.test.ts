/**
 * Every date field of every endpoint is read by the same strict rules: a date that does not exist
 * (month 13, day 0, 30 February), a time that is not a time of day (25:00), an offset no clock has
 * shown (+99:00) or a year outside the years served is a 422 on the field, never a date rolled over
 * into the next month or a crash; a progression or return before the birth is refused too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/app.ts';
import { readIsoDateTime } from '../../src/astro/iso-date-time.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const birth = { year: 1990, month: 5, day: 12, hour: 0, minute: 0, lat: 51.5, lng: 0, tz_str: 'UTC', show_metadata: false };
const BAD = [
  '2026-13-45',
  '2026-00-10',
  '2026-11-00',
  '2026-02-30',
  '2025-02-29',
  '2026-11-22T25:00',
  '2026-11-22T23:60',
  '2026-11-22T10:00:60',
  '2026-11-22T10:00+99:00',
  '2026-11-22T10:00-18:30',
  '0001-01-01',
  '9999-12-31',
  '1582-12-31',
  '3000-01-01',
  '2026-1-5',
  'next year',
  '',
];

describe('the shared reading of dates and date-times', () => {
  const years = { min: 1583, max: 2999 };
  it('accepts dates, date-times, fractions and offsets that exist', () => {
    expect(readIsoDateTime('2024-02-29', years)).toEqual({
      ok: true,
      value: { civil: { year: 2024, month: 2, day: 29, hour: 0, minute: 0, second: 0 }, hasTime: false },
    });
    expect(readIsoDateTime('2026-11-22 23:59:59.5-03:30', years)).toEqual({
      ok: true,
      value: { civil: { year: 2026, month: 11, day: 22, hour: 23, minute: 59, second: 59.5 }, hasTime: true, offsetSeconds: -12_600 },
    });
    expect(readIsoDateTime('2026-11-22T10:00Z', years)).toMatchObject({ ok: true, value: { offsetSeconds: 0 } });
    expect(readIsoDateTime('2026-11-22T10:00+1400', years)).toMatchObject({ ok: true, value: { offsetSeconds: 50_400 } });
  });
  it.each(BAD)('refuses %j with a reason', (text) => {
    const reading = readIsoDateTime(text, years);
    expect(reading.ok).toBe(false);
    if (!reading.ok) expect(reading.reason).toMatch(/form|years served|calendar|time of day|offset/);
  });
});

describe('date fields of the endpoints', () => {
  it.each(BAD)('progression_date %j: 422 on progression_date', async (text) => {
    const res = await server.post('/api/v1/natal/chart/secondary-progressions', { ...birth, progression_date: text });
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expect(res.body.detail[0].loc).toEqual(['body', 'progression_date']);
  });

  it.each(BAD)('transit_date %j: 422 on transit_date, for the endpoint and the chart', async (text) => {
    for (const [path, body] of [
      ['/api/v1/transits/calculate', { natal: birth, transit_date: text }],
      ['/api/v1/natal/chart/transits', { natal: birth, transit_date: text }],
    ] as const) {
      const res = await server.post(path, body);
      expect(res.status, `${path} ${JSON.stringify(res.body)}`).toBe(422);
      expect(res.body.detail[0].loc).toEqual(['body', 'transit_date']);
    }
  });

  it.each(['2026-02-30', '2026-13-01', '2026-11-22T25:00', '2026-11-22T10:00+99:00', '2026-11-22T24:00'])(
    'ephemeris start and end %j: 422 on the field',
    async (text) => {
      const start = await server.post('/api/v1/ephemeris/calculate', { start: text });
      expect(start.status).toBe(422);
      expect(start.body.detail[0].loc).toEqual(['body', 'start']);
      const end = await server.post('/api/v1/ephemeris/calculate', { start: '2026-01-01', end: text });
      expect(end.status).toBe(422);
      expect(end.body.detail[0].loc).toEqual(['body', 'end']);
    },
  );

  it('a type that says what was wrong', async () => {
    const res = await server.post('/api/v1/natal/chart/secondary-progressions', { ...birth, progression_date: '2026-02-30' });
    expect(res.body.detail[0]).toMatchObject({ type: 'value_error.datetime', msg: '2026-02-30 is not a date of the Gregorian calendar' });
  });

  it('a progression date before the birth is refused; the birth itself is age 0', async () => {
    const before = await server.post('/api/v1/natal/chart/secondary-progressions', { ...birth, progression_date: '1990-05-11T23:59' });
    expect(before.status).toBe(422);
    expect(before.body.detail[0]).toMatchObject({ loc: ['body', 'progression_date'], type: 'value_error.before_birth' });
    const at = await server.post('/api/v1/natal/chart/secondary-progressions', { ...birth, progression_date: '1990-05-12' });
    expect(at.status).toBe(200);
    expect(Number(at.headers.get('x-progression-age-years'))).toBe(0);
  });

  it('a progression date with an offset is that instant', async () => {
    const res = await server.post('/api/v1/natal/chart/secondary-progressions', { ...birth, progression_date: '2020-05-12T02:00+02:00' });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-progression-target-date-utc')).toBe('2020-05-12T00:00:00.000Z');
  });

  it('a return year before the birth year is refused; the birth year is the birth', async () => {
    const before = await server.post('/api/v1/natal/chart/solar-return', { ...birth, return_year: 1989 });
    expect(before.status).toBe(422);
    expect(before.body.detail[0]).toMatchObject({ loc: ['body', 'return_year'], type: 'value_error.before_birth' });
    const same = await server.post('/api/v1/natal/chart/solar-return', { ...birth, return_year: 1990 });
    expect(same.status).toBe(200);
    expect(Math.abs(Date.parse(same.headers.get('x-solar-return-datetime-utc')!) - Date.parse('1990-05-12T00:00:00Z'))).toBeLessThan(1000);
  });
});
