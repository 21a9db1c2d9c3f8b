import { describe, expect, it } from 'vitest';
import { buildLibrary, getLibrary, LibraryError, libraryRoot, loadLibrary, readGroupSources } from '../../../src/interpretations/library.ts';
import { groupFileSchema } from '../../../src/interpretations/schema.ts';
import { isGrammarKey, keysByPart, optionalKeys, reachableKeys } from '../../../src/interpretations/keys.ts';
import { sharedOpenings, sharedRuns } from '../../../src/interpretations/originality.ts';
import { fixtureSources, writeFixtureRoot } from '../../helpers/interpretation-fixture.ts';

const root = libraryRoot();

describe('the key grammar', () => {
  it('has the agreed number of keys in each part', () => {
    const parts = keysByPart();
    // 14 points with sign and house entries; 15 aspect points, 104 pairs (not asc–mc).
    expect(parts.signs).toHaveLength(14 * 12 + 24);
    expect(parts.houses).toHaveLength(14 * 12);
    expect(parts.aspects).toHaveLength(104 * 3);
    expect(parts.transits).toHaveLength(10 * 15 * 3);
    expect(parts.patterns).toHaveLength(8 + 6 + 2 + 4 + 7 + 12 + 12 + 4 + 1 + 3 + 3 + 2 + 8 + 5 + 10);
    expect(new Set(reachableKeys()).size).toBe(reachableKeys().length);
    expect(optionalKeys()).toHaveLength(104 * 4);
    expect(reachableKeys()).not.toContain('aspect.asc.conjunction.mc');
    expect(isGrammarKey('aspect.sun.square.moon')).toBe(true);
    expect(isGrammarKey('aspect.moon.square.sun')).toBe(false);
    expect(isGrammarKey('planet.lilith.sign.aries')).toBe(true);
    expect(isGrammarKey('planet.true_lilith.sign.aries')).toBe(false); // a variant is read with its point's entries
    expect(isGrammarKey('planet.south_node.house.7')).toBe(true);
    expect(isGrammarKey('aspect.sun.tense.chiron')).toBe(true);
    expect(isGrammarKey('aspect.chiron.tense.sun')).toBe(false);
    expect(isGrammarKey('aspect.north_node.flowing.lilith')).toBe(true);
    expect(isGrammarKey('transit.saturn.conjunction.north_node')).toBe(true);
  });
});

describe('the library in content/interpretations/en/1.0.0', () => {
  it('every group file matches the schema and names its own path', () => {
    const problems: string[] = [];
    for (const source of readGroupSources(root)) {
      const parsed = groupFileSchema.safeParse(source.content);
      if (!parsed.success) for (const issue of parsed.error.issues) problems.push(`${source.file}: ${issue.path.join('.')}: ${issue.message}`);
      else if (parsed.data.group !== source.file.replace(/\.json$/, '')) problems.push(`${source.file}: group ${parsed.data.group}`);
    }
    expect(problems).toEqual([]);
  });

  it('loads: no key twice, every key in the grammar', () => {
    const library = loadLibrary(root);
    expect(library.version).toBe('1.0.0');
    expect(library.language).toBe('en');
    expect(library.entries.size).toBeGreaterThan(0);
  });

  it('the patterns and section introductions cover all their keys', () => {
    const library = loadLibrary(root);
    const { patterns, sections } = keysByPart();
    expect([...patterns, ...sections].filter((k) => !library.entries.has(k))).toEqual([]);
  });

  it('every key a chart can reach has an entry', () => {
    const library = loadLibrary(root);
    const missing = reachableKeys().filter((k) => !library.entries.has(k));
    expect(missing.length, `${missing.length} keys without an entry, e.g. ${missing.slice(0, 5).join(', ')}`).toBe(0);
  });

  it('no two entries share a run of eight words', () => {
    const runs = sharedRuns(loadLibrary(root).entries.values());
    expect(runs.map((r) => `"${r.run}" in ${r.keys.join(' and ')}`)).toEqual([]);
  });

  it('no opening of four words starts the bodies of three or more entries', () => {
    const openings = sharedOpenings(loadLibrary(root).entries.values());
    expect(openings.map((o) => `"${o.opening}": ${o.keys.join(', ')}`)).toEqual([]);
  });
});

describe('loading', () => {
  const meta = { version: 't', language: 'en' };
  const sources = fixtureSources();

  it('reads a root from disk once and keeps it', () => {
    const dir = writeFixtureRoot(sources);
    const first = getLibrary(dir);
    expect(first.version).toBe('0.0.0-test');
    expect(first.entries.size).toBe(reachableKeys().length);
    expect(getLibrary(dir)).toBe(first);
  });

  it('rejects a duplicate key, naming both files', () => {
    const copy = {
      file: 'patterns/copy.json',
      content: { group: 'patterns/copy', entries: [(sources.find((s) => s.file === 'patterns/moon_phase.json')!.content as any).entries[0]] },
    };
    expect(() => buildLibrary([...sources, copy], meta)).toThrow(
      /patterns\/copy\.json: duplicate key moon_phase\.new_moon \(already in patterns\/moon_phase\.json\)/,
    );
  });

  it('rejects unknown keys, a group that is not its path, and invalid entries', () => {
    const entry = (sources[0]!.content as any).entries[0];
    const one = (content: unknown) => () => buildLibrary([{ file: 'x/y.json', content }], meta);
    expect(one({ group: 'x/y', entries: [{ ...entry, key: 'planet.sun.sign.ophiuchus' }] })).toThrow(/unknown key/);
    expect(one({ group: 'x/z', entries: [entry] })).toThrow(/expected "x\/y"/);
    expect(one({ group: 'x/y', entries: [{ ...entry, body: ['too short'] }] })).toThrow(LibraryError);
    expect(one({ group: 'x/y', entries: [{ ...entry, reflection: ['Not a question.'] }] })).toThrow(/question/);
    expect(one({ group: 'x/y', entries: [{ ...entry, body: [`${entry.body[0]} **bold**`] }] })).toThrow(/markdown/);
    expect(one({ group: 'x/y', entries: [{ ...entry, extra: 1 }] })).toThrow(LibraryError);
    // What a reading or a list line claims: of a variant the entry has, one side of a faculty, of a line it has.
    const variant = String(entry.body.length);
    expect(one({ group: 'x/y', entries: [{ ...entry, variant_claims: { [variant]: ['resilience:buoyant'] } }] })).toThrow(/body variants/);
    expect(one({ group: 'x/y', entries: [{ ...entry, claims: ['resilience:buoyant'], variant_claims: { 0: ['resilience:sensitive'] } }] })).toThrow(
      /both poles/,
    );
    expect(one({ group: 'x/y', entries: [{ ...entry, list_claims: { 'Not a line of it': ['initiative:bold'] } }] })).toThrow(/strengths or challenges/);
    expect(
      one({ group: 'x/y', entries: [{ ...entry, variant_claims: { 0: ['initiative:bold'] }, list_claims: { [entry.strengths[0]]: ['initiative:bold'] } }] })(),
    ).toBeDefined();
  });

  it('the checks find a shared run and a shared opening', () => {
    const base = (sources[0]!.content as any).entries as any[];
    const phrase = 'one two three four five six seven eight';
    const a = { ...base[0], body: [`${phrase} ${base[0].body[0]}`] };
    const b = { ...base[1], body: [`${phrase} ${base[1].body[0]}`] };
    const c = { ...base[2], body: [`One two three four ${base[2].body[0]}`] };
    expect(sharedRuns([a, b]).map((r) => r.run)).toContain(phrase);
    expect(sharedOpenings([a, b, c]).map((o) => o.opening)).toEqual(['one two three four']);
    expect(sharedRuns(base.slice(0, 50))).toEqual([]);
  });
});
