/**
 * An independent check for a year with no published events (2025, whose events and all Moon aspects
 * are held out): every kind is also found by brute force, sampling all bodies every hour and looking
 * for sign changes, and the two event lists must agree one to one (times within the sampling step).
 */
import { describe, expect, it } from 'vitest';
import { bodyInfo } from '../../../src/astro/bodies.ts';
import { calcBody, type EclipticPosition } from '../../../src/astro/ephemeris.ts';
import { EVENT_BODIES, MAJOR_PHASE_ANGLES, PLANETS, findEvents, type EventBodyId, type SkyEvent } from '../../../src/astro/events/index.ts';
import { SIGNS, signIndexOf } from '../../../src/astro/zodiac.ts';
import { eventKey } from './refdata.ts';

const START = 2460676.5; // 2025-01-01
const END = 2461041.5; // 2026-01-01
const STEP = 1 / 24;

const wrap180 = (x: number) => x - 360 * Math.round(x / 360);
const ASPECT: Record<number, string> = { 0: 'conjunction', 60: 'sextile', 90: 'square', 120: 'trine', 180: 'opposition' };

function bruteForce(): Map<string, number[]> {
  const found = new Map<string, number[]>();
  const add = (key: string, t: number) => {
    if (t < START || t >= END) return;
    const list = found.get(key) ?? [];
    list.push(t);
    found.set(key, list);
  };
  let prev: Record<string, EclipticPosition> | undefined;
  let prevT = 0;
  for (let i = 0; START - STEP + i * STEP <= END + STEP; i++) {
    const t = START - STEP + i * STEP;
    const cur = Object.fromEntries(EVENT_BODIES.map((b) => [b, calcBody(t, bodyInfo(b).se!)])) as Record<EventBodyId, EclipticPosition>;
    if (prev) {
      const p = prev;
      const cross = (f0: number, f1: number) => (f0 < 0 !== f1 < 0 && Math.abs(f0) < 90 && Math.abs(f1) < 90 ? prevT + (STEP * f0) / (f0 - f1) : undefined);
      for (const body of EVENT_BODIES) {
        const s0 = signIndexOf(p[body]!.lon),
          s1 = signIndexOf(cur[body].lon);
        if (s0 !== s1) {
          const direct = (s1 - s0 + 12) % 12 === 1;
          const boundary = direct ? s1 * 30 : s0 * 30;
          const tc = cross(wrap180(p[body]!.lon - boundary), wrap180(cur[body].lon - boundary))!;
          add(`${body === 'moon' ? 'moon_ingress' : 'ingress'}|${body}|${SIGNS[s1]!.id}|${SIGNS[s0]!.id}|${direct ? 'direct' : 'retrograde'}`, tc);
        }
        const v0 = p[body]!.speedLon,
          v1 = cur[body].speedLon;
        if (body !== 'sun' && body !== 'moon' && v0 >= 0 !== v1 >= 0) {
          const tc = prevT + (STEP * v0) / (v0 - v1);
          add(`station|${body}|${v0 >= 0 ? 'retrograde' : 'direct'}|${SIGNS[signIndexOf(cur[body].lon)]!.id}`, tc);
        }
      }
      const firsts: EventBodyId[] = ['moon', ...PLANETS];
      for (const a of firsts) {
        for (const b of PLANETS) {
          if (a !== 'moon' && PLANETS.indexOf(b) <= PLANETS.indexOf(a)) continue;
          for (const phase of MAJOR_PHASE_ANGLES) {
            const tc = cross(wrap180(p[a]!.lon - p[b]!.lon - phase), wrap180(cur[a].lon - cur[b].lon - phase));
            if (tc === undefined) continue;
            add(`exact_aspect|${a}|${b}|${ASPECT[phase <= 180 ? phase : 360 - phase]}|${phase}`, tc);
            if (a === 'moon' && b === 'sun' && (phase === 0 || phase === 180)) {
              add(`lunation|moon|sun|${phase === 0 ? 'new_moon' : 'full_moon'}|${SIGNS[signIndexOf(cur.moon.lon)]!.id}`, tc);
            }
          }
        }
      }
    }
    prev = cur;
    prevT = t;
  }
  return found;
}

describe('2025 against an hourly brute-force scan', () => {
  it('finds the same events of every kind', () => {
    const events: SkyEvent[] = findEvents(START, END);
    const expected = bruteForce();
    const got = new Map<string, number[]>();
    for (const e of events) got.set(eventKey(e), [...(got.get(eventKey(e)) ?? []), e.jdUt]);
    const problems: string[] = [];
    for (const key of new Set([...expected.keys(), ...got.keys()])) {
      const a = (expected.get(key) ?? []).sort((x, y) => x - y),
        b = got.get(key) ?? [];
      if (a.length !== b.length) {
        problems.push(`${key}: brute force ${a.length}, search ${b.length}`);
        continue;
      }
      // Linear interpolation over an hour is good to a few minutes (stations: to the hour).
      a.forEach((t, i) => {
        if (Math.abs(t - b[i]!) > STEP) problems.push(`${key}: ${t} vs ${b[i]}`);
      });
    }
    expect(problems).toEqual([]);
    const count = (type: string) => events.filter((e) => e.type === type).length;
    expect(count('lunation')).toBe(24);
    expect(count('station')).toBeGreaterThan(10);
    expect(events.filter((e) => e.type === 'exact_aspect' && e.body === 'moon').length).toBeGreaterThan(850);
  });
});
