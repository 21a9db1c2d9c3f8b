/** A family's text read for one aspect names that aspect, in the form the text used. */
import { describe, expect, it } from 'vitest';
import { namingTheAspect } from '../../../src/reports/text/aspect-naming.ts';

describe('namingTheAspect', () => {
  it('replaces the soft alternatives with the trine or the sextile, articles agreeing', () => {
    expect(namingTheAspect('With Pluto trine or sextile the Midheaven, a trine or sextile helps; an easy sextile or trine.', 'sextile')).toBe(
      'With Pluto sextile the Midheaven, a sextile helps; an easy sextile.',
    );
    expect(namingTheAspect('Uranus trines or sextiles your Venus, trining or sextiling it.', 'trine')).toBe('Uranus trines your Venus, trining it.');
  });

  it('replaces the hard alternatives with the square or the opposition', () => {
    expect(
      namingTheAspect(
        'Saturn squares or opposes your Sun: a square or opposition, a square or an opposition. Squaring or opposing it, Moon square or opposite Mercury.',
        'opposition',
      ),
    ).toBe('Saturn opposes your Sun: an opposition, an opposition. Opposing it, Moon opposite Mercury.');
    expect(namingTheAspect('Jupiter squared or opposed your Moon.', 'square')).toBe('Jupiter squared your Moon.');
  });

  it("leaves the other family's words, and a conjunction's text, alone", () => {
    expect(namingTheAspect('Saturn squares or opposes your Sun; trine or sextile stays.', 'square')).toBe('Saturn squares your Sun; trine or sextile stays.');
    expect(namingTheAspect('Saturn squares or opposes your Sun.', 'conjunction')).toBe('Saturn squares or opposes your Sun.');
  });
});
