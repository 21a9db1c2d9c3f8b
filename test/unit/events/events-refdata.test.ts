/**
 * Every event of 2024 and 2026 in the shared events.json (lunations, ingresses, Moon ingresses,
 * stations, exact planetary aspects) is found by a scan of the whole calendar year, at the right
 * time within the README tolerances, and nothing else is found.
 */
import { describe, expect, it } from 'vitest';
import { findEvents, type SkyEvent } from '../../../src/astro/events/index.ts';
import { matchEvents, refEvents, SECOND } from './refdata.ts';

const YEARS = {
  2024: [2460310.5, 2460676.5],
  2026: [2461041.5, 2461406.5],
} as const;

const isMoonAspect = (e: SkyEvent) => e.type === 'exact_aspect' && e.body === 'moon';

describe.each(Object.entries(YEARS))('events of %s', (year, [start, end]) => {
  const found = findEvents(start, end);
  const refs = refEvents.filter((e) => e.year === Number(year));
  const result = matchEvents(
    refs,
    found.filter((e) => !isMoonAspect(e)),
  );

  it('finds every reference event and nothing extra', () => {
    expect(refs.length).toBeGreaterThan(400);
    expect(result.missing).toEqual([]);
    expect(result.extra).toEqual([]);
    expect(result.pairs.length).toBe(refs.length);
  });

  it('times every event within its tolerance', () => {
    const late = result.pairs.filter((p) => p.diff > p.tol).map((p) => ({ ...p.ref, diff_s: p.diff / SECOND }));
    expect(late).toEqual([]);
    // Lunations, ingresses and aspects agree far better than the 1 s tolerance.
    const worst = Math.max(...result.pairs.filter((p) => p.ref.kind !== 'station').map((p) => p.diff));
    expect(worst).toBeLessThan(0.01 * SECOND);
  });

  it('covers each kind', () => {
    const types = new Set(found.map((e) => e.type));
    expect([...types].sort()).toEqual(['exact_aspect', 'ingress', 'lunation', 'moon_ingress', 'station']);
    expect(found.filter(isMoonAspect).length).toBeGreaterThan(850);
  });

  it('returns events sorted in the window', () => {
    for (let i = 0; i < found.length; i++) {
      expect(found[i]!.jdUt).toBeGreaterThanOrEqual(start);
      expect(found[i]!.jdUt).toBeLessThan(end);
      if (i > 0) expect(found[i]!.jdUt).toBeGreaterThanOrEqual(found[i - 1]!.jdUt);
    }
  });
});

describe('event fields', () => {
  const events = findEvents(2460310.5, 2460676.5);
  it('reports a retrograde re-entry with the sign entered and left', () => {
    const e = events.find((x) => x.type === 'ingress' && x.body === 'mercury' && x.direction === 'retrograde');
    expect(e).toMatchObject({ type: 'ingress', body: 'mercury', sign_id: 'leo', from_sign_id: 'virgo', direction: 'retrograde', lon: 150 });
    expect(e!.type === 'ingress' && e!.speed).toBeLessThan(0);
    expect(Math.abs(e!.jdUt - 2460537.510762096)).toBeLessThan(SECOND);
  });
  it('describes lunations, stations and aspects', () => {
    expect(events.find((x) => x.type === 'lunation')).toMatchObject({
      body: 'moon',
      other_body: 'sun',
      phase: 'new_moon',
      aspect: 'conjunction',
      sign_id: 'capricorn',
    });
    expect(events.find((x) => x.type === 'station')).toMatchObject({ body: 'mercury', direction: 'direct', sign_id: 'sagittarius' });
    const square = events.find((x) => x.type === 'exact_aspect' && x.body === 'venus' && x.other_body === 'saturn');
    expect(square).toMatchObject({ aspect: 'square', angle: 90, phase_angle: 270 });
    if (square?.type === 'exact_aspect') {
      expect(square.rel_speed).toBeCloseTo(1.127455, 5);
      expect(Math.abs(((square.lon - square.other_lon + 720) % 360) - 270)).toBeLessThan(1e-6);
    }
  });
});
