/** Window boundaries, kind selection and consistency of the event search across window splits. */
import { describe, expect, it } from 'vitest';
import { EVENT_KINDS, PositionCache, eventKind, findEvents, type EventKind, type SkyEvent } from '../../../src/astro/events/index.ts';
import { refEvents, refKey, eventKey, SECOND } from './refdata.ts';

const kindOf = eventKind;
const keyed = (events: readonly SkyEvent[]) => events.map((e) => `${eventKey(e)}@${e.jdUt.toFixed(7)}`);

describe('window boundaries', () => {
  // One reference event of each kind: the first of 2024 of that kind.
  const samples = ['new_moon', 'full_moon', 'station', 'aspect'].map((k) => refEvents.find((e) => e.kind === k)!);
  samples.push(refEvents.find((e) => e.kind === 'ingress' && e.body === 'Moon')!);
  samples.push(refEvents.find((e) => e.kind === 'ingress' && e.body !== 'Moon')!);

  describe.each(samples.map((e) => [refKey(e), e] as const))('%s', (key, ref) => {
    const t = ref.jd_ut;
    const has = (start: number, end: number) => findEvents(start, end).some((e) => eventKey(e) === key && Math.abs(e.jdUt - t) < 60 * SECOND);
    // 5 s from the event (the engine agrees with the reference to milliseconds, stations included).
    const d = 5 * SECOND;
    it('is included by a window starting just before it', () => expect(has(t - d, t + 0.5)).toBe(true));
    it('is excluded by a window starting just after it', () => expect(has(t + d, t + 0.5)).toBe(false));
    it('is included by a window ending just after it', () => expect(has(t - 0.5, t + d)).toBe(true));
    it('is excluded by a window ending just before it', () => expect(has(t - 0.5, t - d)).toBe(false));
    it('is found by a window of a few seconds around it', () => expect(has(t - d, t + d)).toBe(true));
  });

  it('assigns an event on the boundary between two windows to exactly one', () => {
    const e = findEvents(2460320.5, 2460321.5, { kinds: ['lunation'] })[0]!;
    for (const offset of [0, 1e-9, -1e-9, 1e-7, -1e-7]) {
      const cut = e.jdUt + offset;
      const before = findEvents(cut - 1, cut, { kinds: ['lunation'] }).length;
      const after = findEvents(cut, cut + 1, { kinds: ['lunation'] }).length;
      expect(before + after).toBe(1);
    }
  });

  it('returns nothing for an empty or reversed window', () => {
    expect(findEvents(2460320.5, 2460320.5)).toEqual([]);
    expect(findEvents(2460321.5, 2460320.5)).toEqual([]);
    expect(findEvents(2460320.5, 2460330.5, { kinds: [] })).toEqual([]);
  });

  it('rejects unknown kinds and infinite windows', () => {
    expect(() => findEvents(2460320.5, 2460330.5, { kinds: ['eclipse' as EventKind] })).toThrow(/unknown event kind/);
    expect(() => findEvents(2460320.5, Infinity)).toThrow(RangeError);
  });
});

describe('kinds', () => {
  const start = 2460400.5,
    end = 2460460.5; // includes a Mercury retrograde station
  const everything = findEvents(start, end);

  it.each(EVENT_KINDS.map((k) => [k]))('searching only %s gives the same events of that kind as a full search', (kind) => {
    const cache = new PositionCache();
    const only = findEvents(start, end, { kinds: [kind], cache });
    expect(only.length).toBeGreaterThan(0);
    expect(only.every((e) => kindOf(e) === kind)).toBe(true);
    expect(keyed(only)).toEqual(keyed(everything.filter((e) => kindOf(e) === kind)));
  });

  it('does not compute planets for a lunation-only search', () => {
    const cache = new PositionCache();
    findEvents(start, start + 1, { kinds: ['lunation'], cache });
    const probe = new PositionCache();
    findEvents(start, start + 1, { kinds: ['exact_aspect'], cache: probe });
    expect(cache.calls).toBeLessThan(15);
    expect(cache.calls).toBeLessThan(probe.calls / 3);
  });
});

describe('split windows', () => {
  it('day-by-day scans add up to the scan of the whole period', () => {
    const start = 2460395.5,
      days = 40; // March-April 2024: Mercury stations, eclipses season
    const whole = findEvents(start, start + days);
    const daily: SkyEvent[] = [];
    for (let d = 0; d < days; d++) daily.push(...findEvents(start + d, start + d + 1));
    expect(keyed(daily)).toEqual(keyed(whole));
  });

  it('a long window (searched in chunks) equals its parts', () => {
    const start = 2461041.5,
      mid = start + 100.123,
      end = start + 200;
    const whole = findEvents(start, end);
    const parts = [...findEvents(start, mid), ...findEvents(mid, end)];
    expect(keyed(parts)).toEqual(keyed(whole));
  });
});
