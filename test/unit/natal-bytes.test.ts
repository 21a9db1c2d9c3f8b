/**
 * The natal answer's bytes are pinned: 2,000 random births within ±65° and 300 beyond the polar
 * circles, the poles included, where quadrant houses fall back (timed and untimed, many zones and
 * daylight-saving edges, house systems, sidereal and tropical, every option on and off) must
 * give exactly the digests recorded before the natal path was optimised (the polar ones were
 * added later, with the first 2,000 unchanged). A difference names the
 * case, so that it can be rerun and compared field by field.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { initEphemeris } from '../../src/astro/ephemeris.ts';
import { natalAnswerDigest, natalGuardCases } from '../helpers/natal-byte-cases.ts';

const fixture = JSON.parse(readFileSync(new URL('../fixtures/natal-answer-digests.json', import.meta.url), 'utf8')) as { tz: string; digests: string[] };
const recorded = fixture.digests;

describe('natal answer bytes', () => {
  // The answer names the time-zone database and takes its offsets from it: a Node with another
  // version answers other bytes by design (rewrite the fixture with the script beside it).
  it.runIf(process.versions.tz === fixture.tz)(`are the recorded ones for every guard case (time zones ${fixture.tz})`, () => {
    initEphemeris();
    const cases = natalGuardCases();
    expect(cases.length).toBe(recorded.length);
    const differing = cases.flatMap((task, i) => (natalAnswerDigest(task) === recorded[i] ? [] : [i]));
    expect(differing, `cases whose answer changed (first: ${JSON.stringify(cases[differing[0]!]?.request)})`).toEqual([]);
  });
});
