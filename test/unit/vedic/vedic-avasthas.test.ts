/** The baladi and jagradadi avasthas on hand-checked places: the 6° parts either way round, and wakefulness by dignity and natural friendship. */
import { describe, expect, it } from 'vitest';
import { baladiAvastha, jagradadiAvastha } from '../../../src/astro/vedic/avasthas.ts';

describe('baladi avastha', () => {
  it('runs bala to mrita in odd signs and back in even signs, 6° each', () => {
    expect(baladiAvastha(0, 0)).toBe('bala');
    expect(baladiAvastha(0, 5.999)).toBe('bala');
    expect(baladiAvastha(0, 6)).toBe('kumara');
    expect(baladiAvastha(0, 15)).toBe('yuva');
    expect(baladiAvastha(4, 23.9)).toBe('vriddha');
    expect(baladiAvastha(8, 29.99)).toBe('mrita');
    expect(baladiAvastha(1, 0)).toBe('mrita');
    expect(baladiAvastha(1, 7)).toBe('vriddha');
    expect(baladiAvastha(11, 29.5)).toBe('bala');
  });
});

describe('jagradadi avastha', () => {
  it('wakes in own sign, dreams with friends and neutrals, sleeps with enemies and in debilitation', () => {
    expect(jagradadiAvastha('sun', 4, 'own_sign')).toBe('jagrat');
    expect(jagradadiAvastha('sun', 0, 'exalted')).toBe('jagrat');
    expect(jagradadiAvastha('moon', 1, 'moolatrikona')).toBe('jagrat');
    expect(jagradadiAvastha('sun', 6, 'debilitated')).toBe('sushupti');
    // The Sun in Sagittarius (Jupiter, a natural friend) dreams whatever the temporary relationship.
    expect(jagradadiAvastha('sun', 8, 'neutral')).toBe('swapna');
    // The Sun in Capricorn (Saturn, a natural enemy) sleeps even where the compound relationship is neutral.
    expect(jagradadiAvastha('sun', 9, 'neutral')).toBe('sushupti');
    // Mercury in Sagittarius (Jupiter, neutral to Mercury) dreams.
    expect(jagradadiAvastha('mercury', 8, 'enemy')).toBe('swapna');
    expect(jagradadiAvastha('rahu', 1, 'exalted')).toBeNull();
  });
});
