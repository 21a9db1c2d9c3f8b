/**
 * The transits answer's bytes are pinned: 1,000 random natal births against random transit dates
 * (house systems, zodiacs, node types, precision, orbs, minor aspects on and off; interpretation
 * off) must give exactly the digests recorded when the transits path was last optimised.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { initEphemeris } from '../../src/astro/ephemeris.ts';
import { transitAnswerDigest, transitByteCases } from '../helpers/transit-byte-cases.ts';

const fixture = JSON.parse(readFileSync(new URL('../fixtures/transit-answer-digests.json', import.meta.url), 'utf8')) as { tz: string; digests: string[] };

describe('transits answer bytes', () => {
  // The answer names the time-zone database and takes its offsets from it (see natal-bytes.test.ts).
  it.runIf(process.versions.tz === fixture.tz)(`are the recorded ones for every guard case (time zones ${fixture.tz})`, () => {
    initEphemeris();
    const cases = transitByteCases();
    expect(cases.length).toBe(fixture.digests.length);
    const differing = cases.flatMap((task, i) => (transitAnswerDigest(task) === fixture.digests[i] ? [] : [i]));
    expect(differing, `cases whose answer changed (first: ${JSON.stringify(cases[differing[0]!]?.request)})`).toEqual([]);
  });
});
