/**
 * The CSV export's rows are written on the JSON tape (src/features/ephemeris/ephemeris-csv.ts); `csvLine` (test/helpers/answer-oracles.ts) is
 * the reference they must equal byte for byte: random requests with every option on and off, a
 * polar place whose houses fall back, aspects, void of course, fixed stars, sidereal zodiacs.
 */
import { describe, expect, it } from 'vitest';
import { initEphemeris } from '../../src/astro/ephemeris.ts';
import { csvChunkBytes } from '../../src/features/ephemeris/ephemeris-csv.ts';
import { csvHeader } from '../../src/features/ephemeris/ephemeris-formats.ts';
import { csvLine } from '../helpers/answer-oracles.ts';
import { buildEphemerisPlan } from '../../src/features/ephemeris/plan.ts';
import { computeRow } from '../../src/features/ephemeris/rows.ts';
import { ephemerisRequest } from '../../src/features/ephemeris/ephemeris-schemas.ts';
import { seededRandom } from '../helpers/seeded-random.ts';

const random = seededRandom(20261123);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const maybe = () => random() < 0.5;
const decoder = new TextDecoder();

/** A random export request: a start anywhere in the range, a step, a place or none, random options. */
function randomRequest(): Record<string, unknown> {
  const year = 1800 + Math.floor(random() * 599);
  const start = `${year}-${String(1 + Math.floor(random() * 12)).padStart(2, '0')}-${String(1 + Math.floor(random() * 28)).padStart(2, '0')}`;
  const place = pick([
    null,
    { lat: 38.72, lng: -9.14 },
    { lat: 78.22, lng: 15.65 },
    { lat: -33.87, lng: 151.21, tz_str: 'Australia/Sydney' },
    { lat: 19.43, lng: -99.13, tz_str: 'AUTO' },
  ]);
  return {
    start,
    end: `${Math.min(year + 1, 2399)}-12-31`,
    step: pick(['1d', '7h', '90m', '3d']),
    format: 'csv',
    ...(place ?? {}),
    ...(maybe()
      ? {
          bodies: pick([
            ['Sun', 'Moon'],
            ['Mercury', 'Venus', 'Mars', 'Chiron', 'Pholus', 'Ceres'],
            ['Moon', 'Mean_Node', 'True_Node', 'Mean_Lilith'],
          ]),
        }
      : {}),
    ...(maybe() ? { zodiac_type: 'sidereal', sidereal_ayanamsa: pick(['lahiri', 'fagan_bradley', 'raman']) } : {}),
    ...(place && maybe() ? { house_system: pick(['koch', 'whole_sign', 'equal', 'regiomontanus']) } : {}),
    ...(place ? { include_angles: maybe(), include_houses: maybe() } : {}),
    include_speed: maybe(),
    include_retrograde: maybe(),
    include_dignity: maybe(),
    include_sign_degree: maybe(),
    include_aspects: maybe(),
    include_minor_aspects: maybe(),
    include_moon_void_of_course: maybe(),
    include_sidereal_time: maybe(),
    ...(maybe() ? { include_fixed_stars: true, ...(maybe() ? { fixed_stars: ['Regulus', 'Spica', 'Algol'] } : {}) } : {}),
  };
}

describe('the CSV rows on the tape', () => {
  initEphemeris();

  it('are the bytes csvLine writes, on 120 random requests of 25 rows each, with the header on a first chunk', () => {
    let rows = 0;
    for (let n = 0; n < 120; n++) {
      const request = randomRequest();
      const plan = buildEphemerisPlan(ephemerisRequest.parse(request));
      const from = n % 3 === 0 ? 0 : Math.floor(random() * Math.max(1, plan.rowCount - 25));
      const to = Math.min(plan.rowCount, from + 25);
      const row = (i: number) => computeRow(plan, i, undefined);
      const header = from === 0 ? csvHeader(plan) : undefined;
      let expected = header ?? '';
      for (let i = from; i < to; i++) expected += csvLine(plan, row(i));
      expect(decoder.decode(csvChunkBytes(plan, from, to, row, header)), JSON.stringify(request)).toBe(expected);
      rows += to - from;
    }
    expect(rows).toBeGreaterThan(2000);
  });

  it('writes a field that is not a finite number, a quoted text and a missing value as csvLine does', () => {
    const plan = buildEphemerisPlan(
      ephemerisRequest.parse({
        start: '2024-03-01',
        format: 'csv',
        lat: 38.72,
        lng: -9.14,
        include_moon_void_of_course: true,
        include_aspects: true,
        include_sidereal_time: true,
      }),
    );
    const real = computeRow(plan, 0, undefined);
    const odd = {
      ...real,
      julian_day: Number.NaN,
      sidereal_time: 'a "quoted", text\nover lines',
      weekday: 'Funday, 8th',
      bodies: Object.fromEntries(
        Object.entries(real.bodies).map(([name, cell], i) => [name, { ...cell, abs_pos: i % 2 ? Infinity : -0, speed: undefined, dignity: null }]),
      ),
      house_system: undefined,
      angles: undefined,
      moon_void_of_course: undefined,
    };
    const expected = csvLine(plan, odd);
    expect(expected).toContain('"a ""quoted"", text');
    expect(decoder.decode(csvChunkBytes(plan, 0, 1, () => odd))).toBe(expected);
  });
});
