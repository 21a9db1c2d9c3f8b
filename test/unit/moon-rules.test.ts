/** The special-moon rules at their limits, and the moon icon: the lit share it draws and the colours it takes. */
import { describe, expect, it } from 'vitest';
import { distanceLabel, harvestAndHunter, isEclipseSeason, isSecondInMonth, type Lunation } from '../../src/astro/moon-specials.ts';
import { moonVisual } from '../../src/features/moon/moon-visual.ts';
import { TRADITIONAL_MOON_NAMES, traditionalMoonName } from '../../src/astro/traditional-moons.ts';

const moon = (jdUt: number, localMonth: string, distanceKm = 384_400): Lunation => ({ jdUt, localMonth, distanceKm });

describe('special moons', () => {
  it('supermoon under 360,000 km, micromoon over 405,000 km, neither at the limits', () => {
    expect(distanceLabel(359_999.9)).toBe('Supermoon');
    expect(distanceLabel(360_000)).toBeUndefined();
    expect(distanceLabel(405_000)).toBeUndefined();
    expect(distanceLabel(405_000.1)).toBe('Micromoon');
  });

  it('a Blue (or Black) Moon is the second of its local month only', () => {
    const list = [moon(1, '2023-07'), moon(2, '2023-08'), moon(3, '2023-08'), moon(4, '2023-09')];
    expect(list.map((m) => isSecondInMonth(m, list))).toEqual([false, false, true, false]);
  });

  it("the Harvest Moon is the Full Moon nearest the equinox, the Hunter's Moon the next", () => {
    const fulls = [moon(100, 'a'), moon(129.5, 'b'), moon(159, 'c')];
    expect(harvestAndHunter(fulls, 140)).toEqual({ harvest: fulls[1], hunter: fulls[2] });
    expect(harvestAndHunter(fulls, 114.7)).toEqual({ harvest: fulls[0], hunter: fulls[1] }); // 14.7 days from one, 14.8 from the other
    expect(harvestAndHunter([], 115)).toEqual({});
  });

  it('eclipse season within 18.5° of either node', () => {
    expect(isEclipseSeason(118.5, 100)).toBe(true);
    expect(isEclipseSeason(118.6, 100)).toBe(false);
    expect(isEclipseSeason(261.5, 100)).toBe(true); // 18.5° from the south node at 280
    expect(isEclipseSeason(5, 350)).toBe(true); // across 0°
  });

  it('twelve traditional names, one per month', () => {
    expect(TRADITIONAL_MOON_NAMES).toHaveLength(12);
    expect(traditionalMoonName(1)).toBe('Wolf Moon');
    expect(traditionalMoonName(10)).toBe("Hunter's Moon");
  });
});

describe('moon icon', () => {
  it('draws nothing lit at New Moon, the whole disc at Full Moon, and a half disc at a quarter', () => {
    expect(moonVisual(0, 270, true, '#fff', '#000').svg).not.toContain('#fff');
    expect(moonVisual(1, 90, false, '#fff', '#000').svg).toContain('<circle cx="32" cy="32" r="31" fill="#fff"/>');
    const quarter = moonVisual(0.5, 270, true, '#fff', '#000');
    // The terminator of a half-lit disc is a straight line: an ellipse of zero width.
    expect(quarter.svg).toContain('A0 31 0 0 1 32 1Z');
    expect(quarter.shadow_ratio).toBe(0.5);
  });

  it('turns the bright limb to its angle: west (270) is the right, east (90) the left', () => {
    expect(moonVisual(0.3, 270, true, '#fff', '#000').svg).toContain('rotate(0 32 32)');
    expect(moonVisual(0.3, 90, false, '#fff', '#000').svg).toMatch(/rotate\((180|-180) 32 32\)/);
    expect(moonVisual(0.3, 0, true, '#fff', '#000').svg).toContain('rotate(-90 32 32)');
  });
});
