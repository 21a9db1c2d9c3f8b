/**
 * Loads the daily library (content/interpretations/daily/<language>/<version>/*.json): every group
 * file validated, entries indexed by key, no key twice and none outside the grammar. Kept apart
 * from the natal library's root because its entries are short variants rather than the 80-150
 * word bodies that library's schema requires. Read once per process or worker thread.
 */
import fs from 'node:fs';
import path from 'node:path';
import { projectPath } from '../../project-paths.ts';
import { LibraryError } from '../library.ts';
import { variantIndex } from '../variant.ts';
import { dailyGroupFileSchema, type DailyEntry } from './daily-schema.ts';
import { reachableDailyKeys } from './daily-keys.ts';

export const DAILY_LIBRARY_VERSION = '1.0.0';

export interface DailyLibrary {
  version: string;
  language: string;
  entries: ReadonlyMap<string, DailyEntry>;
}

export function dailyLibraryRoot(language = 'en', version = DAILY_LIBRARY_VERSION): string {
  return projectPath('content', 'interpretations', 'daily', language, version);
}

export function loadDailyLibrary(root: string): DailyLibrary {
  if (!fs.existsSync(root)) throw new LibraryError(`daily library root ${root} does not exist`);
  const known = new Set(reachableDailyKeys());
  const entries = new Map<string, DailyEntry>();
  const files = fs
    .readdirSync(root)
    .filter((f) => f.endsWith('.json'))
    .sort();
  for (const file of files) {
    let content: unknown;
    try {
      content = JSON.parse(fs.readFileSync(path.join(root, file), 'utf8'));
    } catch (error) {
      throw new LibraryError(`${file}: not valid JSON (${(error as Error).message})`);
    }
    const parsed = dailyGroupFileSchema.safeParse(content);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new LibraryError(`${file}: ${issue.path.join('.') || '(file)'}: ${issue.message}`);
    }
    if (parsed.data.group !== file.replace(/\.json$/, '')) throw new LibraryError(`${file}: group is "${parsed.data.group}", expected the file's name`);
    for (const entry of parsed.data.entries) {
      if (!known.has(entry.key)) throw new LibraryError(`${file}: unknown key ${entry.key}`);
      if (entries.has(entry.key)) throw new LibraryError(`${file}: duplicate key ${entry.key}`);
      entries.set(entry.key, entry);
    }
  }
  return { version: path.basename(root), language: path.basename(path.dirname(root)), entries };
}

let cached: DailyLibrary | undefined;

/** The repository's English daily library, read on first use and kept. */
export function dailyLibrary(): DailyLibrary {
  cached ??= loadDailyLibrary(dailyLibraryRoot());
  return cached;
}

/** The entry of a key; a missing entry is a defect of the content (the coverage test catches it), so it throws. */
export function dailyEntry(key: string): DailyEntry {
  const entry = dailyLibrary().entries.get(key);
  if (!entry) throw new LibraryError(`the daily library has no entry ${key}`);
  return entry;
}

/**
 * The variant of an entry for a day: the day's number plus a fixed offset from the reader's seed
 * and the key, modulo the number of variants. Neighbouring days therefore always read a different
 * variant of the same key (every entry has at least two), while different people start at
 * different places in the cycle.
 */
export function dailyVariant(entry: DailyEntry, dayNumber: number, seed: number): string {
  const n = entry.variants.length;
  return entry.variants[(dayNumber + variantIndex(entry.key, seed, n)) % n]!;
}
