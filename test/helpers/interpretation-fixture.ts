/**
 * A synthetic interpretation library for testing the engine's mechanics apart from the real
 * content: an entry for every key of the grammar, each body made of made-up words drawn from a
 * seeded generator, so entries are unique, valid, and never mistaken for real text. Bodies run
 * 80 to 130 words (about 105 on average, close to the real library's entries), so that a report
 * composed from them has about the length the real one will have.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildLibrary, type GroupSource, type InterpretationLibrary } from '../../src/interpretations/library.ts';
import { reachableKeys } from '../../src/interpretations/keys.ts';
import { seededRandom } from './seeded-random.ts';

const SYLLABLES = ['ka', 'lo', 'mi', 'ne', 'ru', 'sa', 'ti', 'vo', 'ze', 'pa', 'qui', 'dor', 'fen', 'gal', 'hob', 'jet'];

function words(random: () => number, n: number): string {
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const len = 2 + Math.floor(random() * 3);
    let w = '';
    for (let k = 0; k < len; k++) w += SYLLABLES[Math.floor(random() * SYLLABLES.length)];
    out.push(w);
  }
  return out.join(' ');
}

/** The group file a key belongs to, as the content is laid out. */
function groupOf(key: string): string {
  const [kind, a] = key.split('.');
  if (kind === 'planet') return key.split('.')[2] === 'sign' ? `signs/${a}` : `houses/${a}`;
  if (kind === 'angle') return 'signs/angles';
  if (kind === 'aspect') return `aspects/${a}`;
  if (kind === 'transit') return `transits/${a}`;
  if (kind === 'section') return 'sections';
  return `patterns/${kind}`;
}

export function fixtureSources(options: { variants?: number; omit?: (key: string) => boolean } = {}): GroupSource[] {
  const groups = new Map<string, unknown[]>();
  reachableKeys().forEach((key, i) => {
    if (options.omit?.(key)) return;
    const random = seededRandom(i + 1);
    const variants = Array.from({ length: options.variants ?? 1 }, () => words(random, 80 + Math.floor(random() * 51)));
    const entry = {
      key,
      title: `Title ${key.replaceAll('_', ' ')}`,
      themes: ['alpha', 'beta'],
      body: variants,
      strengths: [words(random, 4), words(random, 5)],
      challenges: [words(random, 4), words(random, 5)],
      reflection: [`${words(random, 6)}?`],
    };
    const group = groupOf(key);
    groups.set(group, [...(groups.get(group) ?? []), entry]);
  });
  return [...groups].map(([group, entries]) => ({ file: `${group}.json`, content: { group, entries } }));
}

export function fixtureLibrary(options: Parameters<typeof fixtureSources>[0] = {}): InterpretationLibrary {
  return buildLibrary(fixtureSources(options), { version: '0.0.0-test', language: 'en' });
}

/** Writes the fixture sources under a fresh temporary root (…/en/0.0.0-test) and returns it. */
export function writeFixtureRoot(sources: GroupSource[]): string {
  const root = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'interp-')), 'en', '0.0.0-test');
  for (const s of sources) {
    const file = path.join(root, s.file);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, JSON.stringify(s.content));
  }
  return root;
}
