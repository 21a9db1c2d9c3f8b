/**
 * Degrees and minutes are truncated wherever the service writes them (the wheel's labels and the
 * report's text), so that the two agree and a position a few seconds before the next sign never
 * reads as 30°00′ of this one.
 */
import { describe, expect, it } from 'vitest';
import { degreesAndMinutes } from '../../src/astro/zodiac.ts';
import { degreesMinutes, withArticle, zodiacPosition } from '../../src/reports/text/report-markdown.ts';
import { degMin } from '../../renderer/geometry.ts';
import { seededRandom } from '../helpers/seeded-random.ts';

describe('degrees and minutes', () => {
  it('truncate the minutes', () => {
    expect(degreesAndMinutes(29.99689)).toEqual({ deg: 29, min: 59 });
    expect(degreesMinutes(22.7599)).toBe('22°45′');
    expect(zodiacPosition(90 + 29.99689)).toBe('29°59′ Cancer');
    expect(degreesMinutes(0.6)).toBe('0°36′');
  });

  it('keep whole minutes written in decimal whole', () => {
    for (let minutes = 0; minutes < 30 * 60; minutes++) expect(degreesAndMinutes(minutes / 60)).toEqual({ deg: Math.floor(minutes / 60), min: minutes % 60 });
  });

  it('read the same in the report as on the wheel', () => {
    const random = seededRandom(30);
    for (let i = 0; i < 5000; i++) {
      const lon = random() * 360;
      const { deg, min } = degMin(lon);
      expect(zodiacPosition(lon).startsWith(`${deg}°${String(min).padStart(2, '0')}′ `)).toBe(true);
    }
  });
});

describe('withArticle', () => {
  it('chooses a or an by the first letter', () => {
    expect(withArticle('opposition')).toBe('an opposition');
    expect(withArticle('trine')).toBe('a trine');
  });
});
