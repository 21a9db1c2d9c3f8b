/**
 * Loads the interpretation library: every group file below a root such as
 * content/interpretations/en/1.0.0/, validated, indexed by key. A process (or worker thread)
 * reads each root once, on first use, and keeps it: the files never change while it runs.
 */
import fs from 'node:fs';
import path from 'node:path';
import { isGrammarKey } from './keys.ts';
import { groupFileSchema, type GroupFile, type InterpretationEntry } from './schema.ts';
import { projectPath } from '../project-paths.ts';

export const DEFAULT_LANGUAGE = 'en';
export const DEFAULT_LIBRARY_VERSION = '1.0.0';

export interface InterpretationLibrary {
  version: string;
  language: string;
  /** Entries by key. */
  entries: ReadonlyMap<string, InterpretationEntry>;
  /** Group names in the order they were read. */
  groups: readonly string[];
}

/** A library that cannot be used: the message names the file and what is wrong in it. */
export class LibraryError extends Error {}

export interface GroupSource {
  /** Path below the library root, with forward slashes (`signs/sun.json`). */
  file: string;
  content: unknown;
}

const roots = new Map<string, string>();

/**
 * The repository's library for a language and version (languages and versions are the few the
 * request schemas admit). Kept once made: every interpreted answer asks for it, and a URL parsed
 * and turned into a path each time cost several microseconds.
 */
export function libraryRoot(language = DEFAULT_LANGUAGE, version = DEFAULT_LIBRARY_VERSION): string {
  const key = `${language}/${version}`;
  let root = roots.get(key);
  if (root === undefined) {
    root = projectPath('content', 'interpretations', language, version) + path.sep;
    roots.set(key, root);
  }
  return root;
}

/** Builds a library from parsed group files: each validated, its group named after its file, no key twice. */
export function buildLibrary(sources: readonly GroupSource[], meta: { version: string; language: string }): InterpretationLibrary {
  const entries = new Map<string, InterpretationEntry>();
  const origin = new Map<string, string>();
  const groups: string[] = [];
  for (const source of sources) {
    const parsed = groupFileSchema.safeParse(source.content);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new LibraryError(`${source.file}: ${issue.path.join('.') || '(file)'}: ${issue.message}`);
    }
    const file: GroupFile = parsed.data;
    const expectedGroup = source.file.replace(/\.json$/, '');
    if (file.group !== expectedGroup) throw new LibraryError(`${source.file}: group is "${file.group}", expected "${expectedGroup}" (the file's path)`);
    for (const entry of file.entries) {
      if (!isGrammarKey(entry.key)) throw new LibraryError(`${source.file}: unknown key ${entry.key}`);
      const first = origin.get(entry.key);
      if (first !== undefined) throw new LibraryError(`${source.file}: duplicate key ${entry.key} (already in ${first})`);
      origin.set(entry.key, source.file);
      entries.set(entry.key, entry);
    }
    groups.push(file.group);
  }
  return { ...meta, entries, groups };
}

/** Every `*.json` file below `root` (any depth), in a stable order. */
export function readGroupSources(root: string): GroupSource[] {
  if (!fs.existsSync(root)) throw new LibraryError(`library root ${root} does not exist`);
  const files = (fs.readdirSync(root, { recursive: true }) as string[])
    .map((f) => f.split(path.sep).join('/'))
    .filter((f) => f.endsWith('.json'))
    .sort();
  return files.map((file) => {
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    try {
      return { file, content: JSON.parse(text) as unknown };
    } catch (error) {
      throw new LibraryError(`${file}: not valid JSON (${(error as Error).message})`);
    }
  });
}

/** Reads and validates the library under `root`; its language and version are the root's last two folders. */
export function loadLibrary(root: string): InterpretationLibrary {
  const resolved = path.resolve(root);
  return buildLibrary(readGroupSources(resolved), { version: path.basename(resolved), language: path.basename(path.dirname(resolved)) });
}

const cache = new Map<string, InterpretationLibrary>();

/** The library under `root` (the repository's by default), read on first use and kept. */
export function getLibrary(root: string = libraryRoot()): InterpretationLibrary {
  let library = cache.get(root); // by the root as given too, so that the usual call resolves no path
  if (!library) {
    const resolved = path.resolve(root);
    library = cache.get(resolved) ?? loadLibrary(resolved);
    cache.set(resolved, library);
    cache.set(root, library);
  }
  return library;
}
