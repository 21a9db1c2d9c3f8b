import { describe, expect, it } from 'vitest';
import type { NatalChartInput } from '../../../src/interpretations/chart-input.ts';
import { extractChartFactors } from '../../../src/interpretations/chart-factors/index.ts';
import { findConfigurations } from '../../../src/interpretations/chart-factors/configurations.ts';
import { moonPhaseOf } from '../../../src/interpretations/chart-factors/moon-phase.ts';
import { placedPoints } from '../../../src/interpretations/chart-factors/positions.ts';
import { houseOf } from '../../../src/astro/house-placement.ts';

const TEN = ['sun', 'moon', 'mercury', 'venus', 'mars', 'jupiter', 'saturn', 'uranus', 'neptune', 'pluto'];

/** A chart from longitudes (equal houses from the Ascendant when given), with no aspects listed. */
function chart(lons: Record<string, number>, angles?: { asc: number; mc: number }, speeds: Record<string, number> = {}): NatalChartInput {
  const cusps = angles ? Array.from({ length: 12 }, (_, i) => (angles.asc + 30 * i) % 360) : undefined;
  return {
    subject: {
      name: 'T',
      datetime: '2000-01-01T12:00:00+00:00',
      datetime_utc: '2000-01-01T12:00:00.000Z',
      location: { city: null, country: null, lat: 0, lng: 0, timezone: 'UTC' },
      settings: { house_system: 'equal', house_system_requested: 'equal', zodiac_type: 'Tropical', sidereal_ayanamsa: null, time_known: angles !== undefined },
    },
    planets: Object.entries(lons).map(([id, lon]) => ({ id, abs_pos: lon, speed: speeds[id] ?? 1, house: cusps ? houseOf(lon, cusps) : undefined })),
    houses: cusps?.map((abs_pos, i) => ({ house: i + 1, abs_pos })),
    angles,
    aspects: [],
    confidence: { houses: 'high', angles: 'high', overall: 'high', notes: [] },
  };
}

/** Ten planets: the given ones where stated, the rest spread where they form nothing with them. */
function withFillers(given: Record<string, number>): Record<string, number> {
  const fillers = [3, 38, 77, 111, 158, 197, 231, 278, 311, 349];
  const lons: Record<string, number> = {};
  let f = 0;
  for (const id of TEN) lons[id] = given[id] ?? fillers[f++]!;
  return lons;
}

const configsOf = (given: Record<string, number>) => findConfigurations(placedPoints(chart(given)));

describe('configurations', () => {
  it('finds a grand trine and names its element', () => {
    const c = configsOf({ sun: 10, moon: 130, mars: 248 });
    expect(c).toEqual([expect.objectContaining({ kind: 'grand_trine', quality: 'fire', planets: ['sun', 'moon', 'mars'], key: 'config.grand_trine.fire' })]);
    expect(c[0]!.maxOrb).toBeCloseTo(2, 9);
  });

  it('names no element for a grand trine whose corners cross into signs of another element', () => {
    // Mars at 29°54′ Leo, Jupiter at 2° Capricorn, Neptune at 27° Aries: trines by degree, one corner in an earth sign.
    const across = configsOf({ mars: 149.9, jupiter: 272, neptune: 27 });
    expect(across).toEqual([expect.objectContaining({ kind: 'grand_trine', quality: undefined, key: 'config.grand_trine.dissociate' })]);
    // Jupiter back at 22° Sagittarius: the three in fire.
    const inSign = configsOf({ mars: 145, jupiter: 262, neptune: 27 });
    expect(inSign).toEqual([expect.objectContaining({ quality: 'fire', key: 'config.grand_trine.fire' })]);
  });

  it('finds a kite on a grand trine', () => {
    const c = configsOf({ sun: 10, moon: 130, mars: 250, saturn: 190 });
    expect(c.map((x) => x.kind)).toEqual(['kite', 'grand_trine']);
    expect(c[0]!.planets).toEqual(['sun', 'moon', 'mars', 'saturn']);
  });

  it('finds a T-square with its apex last and its modality', () => {
    const c = configsOf({ sun: 5, moon: 185, venus: 95 });
    expect(c).toEqual([expect.objectContaining({ kind: 't_square', quality: 'cardinal', planets: ['sun', 'moon', 'venus'], key: 'config.t_square.cardinal' })]);
  });

  it('a grand cross is listed once and its T-squares are not listed again', () => {
    const c = configsOf({ sun: 45, moon: 225, mars: 135, saturn: 315 });
    expect(c).toEqual([
      expect.objectContaining({ kind: 'grand_cross', quality: 'fixed', planets: ['sun', 'moon', 'mars', 'saturn'], key: 'config.grand_cross.fixed' }),
    ]);
  });

  it('finds a yod with its apex last', () => {
    const c = configsOf({ mercury: 100, venus: 160, pluto: 310 });
    expect(c).toEqual([expect.objectContaining({ kind: 'yod', planets: ['mercury', 'venus', 'pluto'], key: 'config.yod' })]);
  });

  it('the fillers alone form nothing', () => {
    expect(configsOf({})).toEqual([]);
  });
});

describe('Moon phase', () => {
  it('eight phases, each the 45° sector centred on its moment', () => {
    const phase = (sun: number, moon: number) => moonPhaseOf({ lon: sun }, { lon: moon }).phase;
    expect(phase(100, 100)).toBe('new_moon');
    expect(phase(100, 122.4)).toBe('new_moon');
    expect(phase(100, 122.6)).toBe('waxing_crescent');
    expect(phase(100, 167.4)).toBe('waxing_crescent');
    expect(phase(100, 190)).toBe('first_quarter');
    expect(phase(350, 130)).toBe('waxing_gibbous');
    expect(phase(100, 280)).toBe('full_moon');
    expect(phase(100, 335)).toBe('waning_gibbous');
    expect(phase(100, 10)).toBe('last_quarter');
    expect(phase(100, 55)).toBe('balsamic');
    expect(phase(100, 77.6)).toBe('new_moon');
  });

  it('the Moon 309° ahead of the Sun is a waning crescent about 18 % lit, not a half-lit Last Quarter', () => {
    const f = moonPhaseOf({ lon: 10 }, { lon: 319 });
    expect(f.phase).toBe('balsamic');
    expect(f.label).toBe('Waning Crescent');
    expect(f.illumination).toBeGreaterThan(0.17);
    expect(f.illumination).toBeLessThan(0.2);
  });

  it('the lit fraction uses the latitudes and distances when the chart has them', () => {
    // A New Moon with the Moon 5° off the ecliptic: a thin crescent lit, not a dark disc.
    const f = moonPhaseOf({ lon: 10, lat: 0, distanceAu: 0.9833 }, { lon: 10, lat: 5, distanceAu: 0.00243 });
    expect(f.phase).toBe('new_moon');
    expect(f.illumination).toBeGreaterThan(0.0015);
    expect(f.illumination).toBeLessThan(0.003);
    expect(moonPhaseOf({ lon: 10 }, { lon: 190 }).illumination).toBeGreaterThan(0.999);
  });
});

describe('extractChartFactors', () => {
  it('balance, strong and weak elements, polarity, chart ruler, hemispheres, retrogrades', () => {
    // Sun, Moon, Mercury, Venus in fire; nothing in water; Ascendant in Virgo (ruler Mercury).
    const lons = { sun: 5, moon: 125, mercury: 250, venus: 15, mars: 65, jupiter: 95, saturn: 280, uranus: 70, neptune: 310, pluto: 185 };
    const f = extractChartFactors(chart(lons, { asc: 160, mc: 70 }, { mercury: -0.5 }));
    expect(f.timed).toBe(true);
    expect(f.balance.strongElements).toEqual(['fire']);
    expect(f.balance.weakElements).toEqual(['water']);
    expect(f.balance.strongPolarity).toBe('yang');
    expect(f.chartRuler).toBe('mercury');
    expect(f.retrogrades).toEqual(['mercury']);
    expect(f.hemispheres).toBeDefined();
    expect(f.moonPhase?.phase).toBe('waxing_gibbous');
    expect(f.dominant.scores.mercury).toBeGreaterThanOrEqual(5);
  });

  it('an untimed chart has no angles, hemispheres or chart ruler', () => {
    const f = extractChartFactors(chart(withFillers({})));
    expect(f.timed).toBe(false);
    expect(f.points.has('asc')).toBe(false);
    expect(f.hemispheres).toBeUndefined();
    expect(f.chartRuler).toBeUndefined();
    expect(f.balance.total).toBe(15.5);
  });

  it('hemispheres: planets around the Ascendant are eastern, above the horizon southern', () => {
    // Ascendant 0° Aries, MC 270°: the eastern half spans 270° → 90°, above the horizon 180° → 360°.
    const lons = { sun: 350, moon: 340, mercury: 345, venus: 330, mars: 320, jupiter: 300, saturn: 355, uranus: 100, neptune: 110, pluto: 120 };
    const f = extractChartFactors(chart(lons, { asc: 0, mc: 270 }));
    expect(f.hemispheres!.emphasized).toEqual(['east', 'south']);
  });

  it('the see-saw shape gets the library key seesaw', () => {
    const lons = { sun: 0, moon: 10, mercury: 20, venus: 30, mars: 40, jupiter: 180, saturn: 190, uranus: 200, neptune: 210, pluto: 220 };
    expect(extractChartFactors(chart(lons)).shape).toBe('seesaw');
  });
});
