/**
 * The insight texts (content/interpretations/insights/<language>/<version>/*.json): short
 * sentences with several variants per key and placeholders the facts fill in. Kept apart from
 * the natal library's root, whose entries are 80-150 word bodies. Every file validated, no key
 * twice and none outside the grammar (insight-keys.ts); read once per process or worker thread.
 * A variant is chosen by a hash of the chart and the fact (variant.ts), never at random.
 */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod/v4';
import { projectPath } from '../../project-paths.ts';
import { LibraryError } from '../library.ts';
import { pick } from '../variant.ts';
import { reachableInsightKeys } from './insight-keys.ts';

export const INSIGHT_LIBRARY_VERSION = '1.0.0';

const sentence = z
  .string()
  .min(10)
  .max(300)
  .refine((s) => s === s.trim() && !/[\n\r\t*_#`<>|[\]]/.test(s), { message: 'one line of plain prose' });

export const insightGroupFileSchema = z.strictObject({
  group: z.string().regex(/^[a-z0-9_-]+$/),
  entries: z.array(z.strictObject({ key: z.string().regex(/^insight(\.[a-z0-9_]+)+$/), variants: z.array(sentence).min(2).max(4) })).min(1),
});

export type InsightTexts = ReadonlyMap<string, readonly string[]>;

export function insightLibraryRoot(language = 'en', version = INSIGHT_LIBRARY_VERSION): string {
  return projectPath('content', 'interpretations', 'insights', language, version);
}

/** Loads and checks a root's group files. */
export function loadInsightTexts(root: string): InsightTexts {
  if (!fs.existsSync(root)) throw new LibraryError(`insight library root ${root} does not exist`);
  const known = new Set(reachableInsightKeys());
  const entries = new Map<string, string[]>();
  for (const file of fs
    .readdirSync(root)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const parsed = insightGroupFileSchema.safeParse(JSON.parse(fs.readFileSync(path.join(root, file), 'utf8')));
    if (!parsed.success) throw new LibraryError(`${file}: ${parsed.error.issues[0]!.path.join('.')}: ${parsed.error.issues[0]!.message}`);
    if (`${parsed.data.group}.json` !== file) throw new LibraryError(`${file}: group is "${parsed.data.group}"`);
    for (const entry of parsed.data.entries) {
      if (!known.has(entry.key)) throw new LibraryError(`${file}: unknown key ${entry.key}`);
      if (entries.has(entry.key)) throw new LibraryError(`${file}: duplicate key ${entry.key}`);
      entries.set(entry.key, entry.variants);
    }
  }
  return entries;
}

let texts: InsightTexts | undefined;

/** The repository's insight texts, loaded on first use. */
export function insightTexts(): InsightTexts {
  texts ??= loadInsightTexts(insightLibraryRoot());
  return texts;
}

/** One variant of `key` (chosen by `seed` and `label`) with its placeholders filled; a placeholder without a value is left out with its word. */
export function insightSentence(key: string, seed: number, label: string, values: Readonly<Record<string, string | number>>): string {
  const variants = insightTexts().get(key);
  if (!variants) throw new LibraryError(`no insight text for ${key}`);
  return pick(variants, seed, `${label}|${key}`).replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? name));
}
