/**
 * Void-of-course Moon: the shared void_of_course.json periods (2025-01 to 2025-03), agreement with
 * the grid-based event search (Moon ingresses and exact Moon aspects) over whole years, and the
 * point queries.
 */
import { describe, expect, it } from 'vitest';
import { findEvents, isVoidAt, voidOfCoursePeriods, voidPeriodAt, type SkyEvent, type VoidOfCoursePeriod } from '../../../src/astro/events/index.ts';
import { refVoidPeriods, SECOND } from './refdata.ts';

const JAN_1_2025 = 2460676.5;

describe('void_of_course.json', () => {
  // The reference periods are the first 40 whose void_start >= 2025-01-01, ids voc-00..voc-39.
  const periods = voidOfCoursePeriods(JAN_1_2025, JAN_1_2025 + 95).filter((p) => p.start >= JAN_1_2025);

  it.each(refVoidPeriods.map((r) => [r.id, r] as const))('%s', (id, ref) => {
    const p = periods[Number(id.slice(4))]!;
    expect(p).toBeDefined();
    expect(p.moon_sign).toBe(ref.moon_sign.toLowerCase());
    expect(p.next_sign).toBe(ref.next_sign.toLowerCase());
    expect(Math.abs(p.start - ref.void_start_jd_ut)).toBeLessThan(SECOND);
    expect(Math.abs(p.end - ref.void_end_jd_ut)).toBeLessThan(SECOND);
    expect(Math.abs(p.sign_entered - ref.sign_entered_jd_ut)).toBeLessThan(SECOND);
    expect(p.aspects_in_sign).toBe(ref.aspects_in_sign);
    expect(p.last_aspect).not.toBeNull();
    expect(p.last_aspect!.body).toBe(ref.last_aspect!.body.toLowerCase());
    expect(p.last_aspect!.aspect).toBe(ref.last_aspect!.aspect);
    expect(p.last_aspect!.angle).toBe(ref.last_aspect!.angle);
    expect(Math.abs(p.last_aspect!.jdUt - ref.last_aspect!.jd_ut)).toBeLessThan(SECOND);
  });
});

/** The periods rebuilt from the event search: stays between Moon ingresses, last Moon aspect in each. */
function periodsFromEvents(events: readonly SkyEvent[]) {
  const ingresses = events.filter((e) => e.type === 'moon_ingress');
  const aspects = events.filter((e) => e.type === 'exact_aspect' && e.body === 'moon');
  const out: { start: number; end: number; sign: string; count: number; body?: string; aspect?: string }[] = [];
  for (let i = 0; i + 1 < ingresses.length; i++) {
    const entered = ingresses[i]!.jdUt,
      exit = ingresses[i + 1]!.jdUt;
    const inside = aspects.filter((a) => a.jdUt >= entered && a.jdUt < exit);
    const last = inside.at(-1);
    out.push({
      start: last ? last.jdUt : entered,
      end: exit,
      sign: ingresses[i]!.type === 'moon_ingress' ? (ingresses[i] as { sign_id: string }).sign_id : '',
      count: inside.length,
      body: last?.type === 'exact_aspect' ? last.other_body : undefined,
      aspect: last?.type === 'exact_aspect' ? last.aspect : undefined,
    });
  }
  return out;
}

describe.each([
  ['2025', 2460676.5],
  ['1969', 2440222.5],
  ['2150', 2506696.5],
])('agreement with the event search over %s', (_label, start) => {
  const end = start + 365;
  const events = findEvents(start - 3, end + 3, { kinds: ['moon_ingress', 'moon_aspect'] });
  const expected = periodsFromEvents(events).filter((p) => p.start < end && p.end > start);
  const periods = voidOfCoursePeriods(start, end);

  it('has the same periods', () => {
    expect(periods.length).toBe(expected.length);
    expect(periods.length).toBeGreaterThan(155);
    periods.forEach((p, i) => {
      const e = expected[i]!;
      expect(Math.abs(p.start - e.start)).toBeLessThan(SECOND);
      expect(Math.abs(p.end - e.end)).toBeLessThan(SECOND);
      expect(p.moon_sign).toBe(e.sign);
      expect(p.aspects_in_sign).toBe(e.count);
      expect(p.last_aspect?.body).toBe(e.body);
      expect(p.last_aspect?.aspect).toBe(e.aspect);
    });
  });

  it('answers point queries consistently with the periods', () => {
    for (const p of periods.slice(1, 40)) {
      const mid = (p.start + p.end) / 2;
      expect(isVoidAt(mid)).toBe(true);
      expect(voidPeriodAt(mid)).toEqual(p);
      expect(isVoidAt(p.start + 1e-6)).toBe(true);
      expect(isVoidAt(p.end - 1e-6)).toBe(true);
      if (p.last_aspect) {
        expect(isVoidAt(p.start - 1e-6)).toBe(false);
        expect(voidPeriodAt(p.start - 1e-6)).toBeNull();
      }
    }
  });
});

describe('windows', () => {
  const all = voidOfCoursePeriods(JAN_1_2025, JAN_1_2025 + 30);
  const p: VoidOfCoursePeriod = all[3]!;

  it('includes the periods overlapping the window, also partly', () => {
    expect(voidOfCoursePeriods(p.start + 1e-4, p.start + 2e-4)).toEqual([p]);
    expect(voidOfCoursePeriods(p.end - 1e-4, p.end + 1e-5)).toEqual([p]);
    expect(voidOfCoursePeriods(p.start - 1e-5, p.start + 1e-5)).toEqual([p]);
  });

  it('excludes a period ending at or before the window start and one starting at or after the window end', () => {
    expect(voidOfCoursePeriods(p.end + 1e-5, p.end + 2e-5)).toEqual([]);
    expect(voidOfCoursePeriods(p.start - 2e-5, p.start - 1e-5)).toEqual([]);
    const around = voidOfCoursePeriods(all[2]!.end + 1e-5, p.start - 1e-5);
    expect(around).toEqual([]);
  });

  it('returns nothing for an empty window', () => {
    expect(voidOfCoursePeriods(JAN_1_2025, JAN_1_2025)).toEqual([]);
  });

  it('gives consecutive, ordered periods', () => {
    for (let i = 1; i < all.length; i++) {
      expect(all[i]!.sign_entered).toBe(all[i - 1]!.end);
      expect(all[i]!.start).toBeGreaterThanOrEqual(all[i]!.sign_entered);
      expect(all[i]!.end).toBeGreaterThan(all[i]!.start);
    }
  });
});
