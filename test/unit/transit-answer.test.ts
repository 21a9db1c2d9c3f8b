/**
 * The transits answer writer gives the bytes of JSON.stringify over the answer's objects: for
 * thousands of random cases (the transit guard's, plus the interpretation in both styles, odd
 * names and places, polar natal places where houses fall back, place warnings), the writer's
 * text equals JSON.stringify(computeTransits(task)), and a task refused by one is refused by the
 * other with the same error.
 */
import { describe, expect, it } from 'vitest';
import { initEphemeris } from '../../src/astro/ephemeris.ts';
import type { TransitTask } from '../../src/features/western/transits/transits-service.ts';
import { computeTransits } from '../helpers/answer-oracles.ts';
import { transitAnswerBytes } from '../../src/features/western/transits/transits-answer.ts';
import { transitByteCases } from '../helpers/transit-byte-cases.ts';
import { seededRandom } from '../helpers/seeded-random.ts';
import { casesWhereWriterDiffers, ODD_TEXT } from '../helpers/answer-writer-cases.ts';

function writerCases(count: number): TransitTask[] {
  const random = seededRandom(5_22);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  return transitByteCases(count).map((task) => {
    const natalPlace = { ...task.natalPlace };
    const transitPlace = { ...task.transitPlace };
    if (random() < 0.15)
      Object.assign(natalPlace, {
        city: pick(ODD_TEXT),
        country: pick([...ODD_TEXT, null]),
        region: pick([...ODD_TEXT, null, undefined]),
        source: 'gazetteer',
      });
    if (random() < 0.15) Object.assign(transitPlace, { city: pick(ODD_TEXT), country: pick([...ODD_TEXT, null]), source: 'gazetteer' });
    if (random() < 0.05) natalPlace.ambiguity = `city '${pick(ODD_TEXT)}' names places in several countries`;
    if (random() < 0.1) natalPlace.lat = ((random() < 0.5 ? -1 : 1) * Math.round((66.6 + random() * 23) * 1e4)) / 1e4;
    const request = random() < 0.1 ? { ...task.request, natal: { ...task.request.natal, name: pick(ODD_TEXT) } } : task.request;
    const interpretation = random() < 0.5 ? { style: pick(['standard', 'improved'] as const), language: 'en' as const } : undefined;
    return { ...task, request, natalPlace, transitPlace, interpretation };
  });
}

describe('transits answer writer', () => {
  it('writes the UTF-8 bytes of JSON.stringify over the answer objects for 1,500 random cases', () => {
    initEphemeris();
    const cases = writerCases(1500);
    const differing = casesWhereWriterDiffers(cases, transitAnswerBytes, computeTransits);
    expect(differing, `first differing case: ${JSON.stringify(cases[differing[0]!])}`).toEqual([]);
  });

  it('covers what it claims to cover', () => {
    const cases = writerCases(1500);
    const share = (p: (t: TransitTask) => boolean) => cases.filter(p).length;
    expect(share((t) => t.interpretation?.style === 'improved')).toBeGreaterThan(100);
    expect(share((t) => t.interpretation === undefined)).toBeGreaterThan(100);
    expect(share((t) => t.request.precision !== undefined)).toBeGreaterThan(100);
    expect(share((t) => t.request.natal.time_known === false)).toBeGreaterThan(50);
    expect(share((t) => t.request.zodiac_type === 'sidereal')).toBeGreaterThan(50);
    expect(share((t) => Math.abs(t.natalPlace.lat) > 66.6)).toBeGreaterThan(50);
    expect(share((t) => t.includeMinor)).toBeGreaterThan(100);
    expect(share((t) => ODD_TEXT.includes(t.natalPlace.city ?? 'none'))).toBeGreaterThan(50);
  });

  it('writes interpretation blocks that list transits, in both styles', () => {
    initEphemeris();
    const listed = { standard: 0, improved: 0 };
    for (const task of writerCases(300)) {
      const items = (computeTransits(task).interpretation?.sections.transits ?? []) as { strengths?: string[] }[];
      if (task.interpretation && items.length > 0) listed[task.interpretation.style]++;
      if (task.interpretation?.style === 'improved') for (const item of items) expect(item.strengths?.length).toBeGreaterThan(0);
    }
    expect(listed.standard).toBeGreaterThan(30);
    expect(listed.improved).toBeGreaterThan(30);
  });
});
