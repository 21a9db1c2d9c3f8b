/** The Moon's phase from two positions, checked against the library's phenomena call. */
import sweph from 'sweph';
import { describe, expect, it } from 'vitest';
import { calcBody, initEphemeris } from '../../../src/astro/ephemeris.ts';
import { MOON_PHASE_LABELS, moonPhaseLabel, moonPhaseOf } from '../../../src/astro/moon-phase.ts';

const C = sweph.constants;

describe('moon phase', () => {
  it('gives the illuminated fraction of the library within 1e-5 over two centuries', () => {
    initEphemeris();
    let worst = 0;
    for (let jd = 2415020.5; jd < 2488070.5; jd += 37.3) {
      const phase = moonPhaseOf(calcBody(jd, 0), calcBody(jd, 1));
      const pheno = sweph.pheno_ut(jd, 1, C.SEFLG_SWIEPH);
      worst = Math.max(worst, Math.abs(phase.illumination - pheno.data[1]));
      expect(phase.angle).toBeGreaterThanOrEqual(0);
      expect(phase.angle).toBeLessThan(360);
    }
    expect(worst).toBeLessThan(1e-5);
  });

  it('names the 45° sector centred on each phase', () => {
    expect(moonPhaseLabel(0)).toBe('New Moon');
    expect(moonPhaseLabel(359)).toBe('New Moon');
    expect(moonPhaseLabel(22.4)).toBe('New Moon');
    expect(moonPhaseLabel(22.5)).toBe('Waxing Crescent');
    expect(moonPhaseLabel(90)).toBe('First Quarter');
    expect(moonPhaseLabel(135)).toBe('Waxing Gibbous');
    expect(moonPhaseLabel(180)).toBe('Full Moon');
    expect(moonPhaseLabel(225)).toBe('Waning Gibbous');
    expect(moonPhaseLabel(270)).toBe('Last Quarter');
    expect(moonPhaseLabel(315)).toBe('Waning Crescent');
    expect(MOON_PHASE_LABELS).toHaveLength(8);
  });

  it('is nearly dark at a New Moon and nearly full at a Full Moon', () => {
    // 2024-04-08 18:21 UT (total solar eclipse) and 2024-04-23 23:49 UT.
    const newMoon = moonPhaseOf(calcBody(2460409.2645, 0), calcBody(2460409.2645, 1));
    const fullMoon = moonPhaseOf(calcBody(2460424.4924, 0), calcBody(2460424.4924, 1));
    expect(newMoon.label).toBe('New Moon');
    expect(newMoon.illumination).toBeLessThan(0.001);
    expect(fullMoon.label).toBe('Full Moon');
    expect(fullMoon.illumination).toBeGreaterThan(0.99);
  });
});
