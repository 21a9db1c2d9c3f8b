/**
 * An `interpretation` block written on a JSON tape (src/answers/json-tape.ts) with the bytes
 * JSON.stringify gives it. Its texts come from the interpretation library, a closed set of
 * strings: each is quoted once per thread and kept as a fragment, so that an answer copies its
 * 10 KB of text instead of escaping it again (JSON.stringify of a transits block of fifteen
 * items took about 30 µs, a tenth of the transits task).
 */
import type { InterpretationBlock, InterpretationItem } from '../interpretations/index.ts';
import { jsonFragment as fragment, vocabularyFragments, type JsonTape } from './json-tape.ts';
import { cachedFragment, SHARED, writeArray } from './chart-tape.ts';

/**
 * Library texts and keys as quoted fragments: a vocabulary of their own, apart from the tape's
 * shared one (whose 20,000 places echoed zone names can fill). The library holds about ten
 * thousand strings, its keys a few thousand more; past the limit (other libraries loaded, say)
 * a text is written as it is.
 */
const libraryText = vocabularyFragments(JSON.stringify, 100_000);

function writeText(w: JsonTape, text: string): void {
  w.known(text, libraryText);
}

function writeTexts(w: JsonTape, texts: readonly string[]): void {
  writeArray(w, texts, writeText);
}

/**
 * An entry's list (strengths, challenges, reflection) as one fragment. An item carries its entry's
 * own arrays, which the library never changes: after the first answer a list costs one lookup by
 * identity, where a lookup of each of its strings by text cost some 70 ns (a map of ten thousand
 * long strings; a natal block has about 170 of them). A list is first found by its JSON text, so
 * that another array with the same strings adds no fragment.
 */
const libraryLists = vocabularyFragments((json) => json, 100_000);
const listIds = new WeakMap<readonly string[], number>();

function writeEntryList(w: JsonTape, texts: readonly string[]): void {
  let id = listIds.get(texts);
  if (id === undefined) {
    id = libraryLists(JSON.stringify(texts));
    if (id === undefined) {
      writeTexts(w, texts);
      return;
    }
    listIds.set(texts, id);
  }
  w.fragment(id);
}

const F = {
  libraryVersion: fragment('{"library_version":'),
  language: fragment(',"language":'),
  style: fragment(',"style":'),
  sections: fragment(',"sections":{'),
  notes: fragment('},"notes":'),
  key: fragment(',"key":'),
  title: fragment(',"title":'),
  body: fragment(',"body":'),
  strengths: fragment(',"strengths":'),
  challenges: fragment(',"challenges":'),
  reflection: fragment(',"reflection":'),
};

/** `"transits":` and `,"transits":` for each section name. */
const firstSection = cachedFragment((name) => `${JSON.stringify(name)}:`);
const laterSection = cachedFragment((name) => `,${JSON.stringify(name)}:`);
const categoryHead = cachedFragment((category) => `{"category":${JSON.stringify(category)}`);

function writeItem(w: JsonTape, item: InterpretationItem): void {
  w.fragment(categoryHead(item.category)).fragment(F.key);
  writeText(w, item.key);
  w.fragment(F.title);
  writeText(w, item.title);
  w.fragment(F.body);
  writeText(w, item.body);
  if (item.strengths !== undefined) {
    w.fragment(F.strengths);
    writeEntryList(w, item.strengths);
  }
  if (item.challenges !== undefined) {
    w.fragment(F.challenges);
    writeEntryList(w, item.challenges);
  }
  if (item.reflection !== undefined) {
    w.fragment(F.reflection);
    writeEntryList(w, item.reflection);
  }
  w.fragment(SHARED.close);
}

/** The block, keys in the order of blockShell's object and itemOf's items. */
export function writeInterpretationBlock(w: JsonTape, block: InterpretationBlock): void {
  w.fragment(F.libraryVersion);
  writeText(w, block.library_version);
  w.fragment(F.language);
  writeText(w, block.language);
  w.fragment(F.style);
  writeText(w, block.style);
  w.fragment(F.sections);
  let first = true;
  for (const [name, items] of Object.entries(block.sections)) {
    w.fragment(first ? firstSection(name) : laterSection(name));
    writeArray(w, items, writeItem);
    first = false;
  }
  w.fragment(F.notes);
  writeTexts(w, block.notes);
  w.fragment(SHARED.close);
}
