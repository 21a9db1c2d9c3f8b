/**
 * JSON written as a tape and turned into UTF-8 bytes by the native writer (native/json_writer.c,
 * or its JavaScript alternative: json-tape-writer.ts) in one call: for answers whose shape is known, without building their objects, without a
 * string per number and without joining pieces in JavaScript.
 *
 * A writer declares its fixed pieces once, at load, with `jsonFragment` (keys with their
 * punctuation, values from fixed tables: `{"id":"sun","name":"Sun",`), and then per answer puts
 * on the tape fragment ids, numbers (written as JSON.stringify writes them: the shortest text
 * that reads back as the same double, `null` when not finite) and the few strings that vary
 * (`str`: quoted and escaped by JSON.stringify itself). Steps cost a typed-array store each.
 */
import { Buffer } from 'node:buffer';
import { tapeWriter as writer } from './json-tape-writer.ts';

// A step's kind in its top two bits (as native/json_writer.c reads them).
const NUMBER = 0x4000_0000;
const TEXT = 0x8000_0000;
const MILLIONTHS = 0xc000_0000;
const MAX_FRAGMENTS = 1 << 30;

/** Every fragment declared in this thread, by id; the writer's table holds the first `registered`. */
const fragments: string[] = [];
const fragmentIds = new Map<string, number>();
let registered = 0;

/** The id of a fixed piece of JSON text (declared once; the same text gives the same id). */
export function jsonFragment(text: string): number {
  let id = fragmentIds.get(text);
  if (id === undefined) {
    id = fragments.length;
    if (id >= MAX_FRAGMENTS) throw new Error('too many JSON fragments');
    fragments.push(text);
    fragmentIds.set(text, id);
  }
  return id;
}

const NULL = jsonFragment('null');

/**
 * Fragments made by `make` from the values of a vocabulary, once per value, for good: at most
 * `max` of them. A vocabulary can be larger than it looks (a zone name is accepted in any mix of
 * letter case and echoed as sent), so that requests could otherwise grow the table without end;
 * a value past the limit gets undefined, and its writer writes it as a text.
 */
export function vocabularyFragments(make: (value: string) => string, max: number): (value: string) => number | undefined {
  const ids = new Map<string, number>();
  return (value) => {
    let id = ids.get(value);
    if (id === undefined) {
      if (ids.size >= max) return undefined;
      id = jsonFragment(make(value));
      ids.set(value, id);
    }
    return id;
  };
}

/**
 * The id of a string value as a fragment (quoted and escaped by JSON.stringify), for values from
 * a bounded vocabulary (zone names, option values); undefined past 20,000 distinct values.
 */
export const quotedFragment = vocabularyFragments(JSON.stringify, 20_000);

/**
 * Answers of up to SHARED_ANSWER_BYTES lie side by side in shared blocks, each a view of its
 * block. A Uint8Array of its own cost a 12 KB natal answer about 2.5 µs (the allocation, its
 * backing store, and the external memory that the young generation's collections must sweep),
 * a view about 0.05. A block lives as long as any of its views: an answer still held (a
 * response waiting for a slow client, say) keeps its 64 KB block alive with it. A view that
 * must cross to another thread goes through `ownedBytes` first.
 */
const BLOCK_BYTES = 64 * 1024;
const SHARED_ANSWER_BYTES = BLOCK_BYTES / 4;
let block = unzeroedBytes(BLOCK_BYTES);
let blockUsed = 0;

/**
 * Bytes that are not zeroed first: an answer's bytes are all written by the writer before anyone
 * sees them, and zeroing a block cost about half a microsecond an answer.
 */
function unzeroedBytes(length: number): Uint8Array {
  const buffer = Buffer.allocUnsafeSlow(length); // an ArrayBuffer of its own, never the shared pool
  return new Uint8Array(buffer.buffer, buffer.byteOffset, length);
}

function answerBytes(length: number): Uint8Array {
  if (length <= SHARED_ANSWER_BYTES && length <= BLOCK_BYTES - blockUsed) {
    // The writer has put it there.
    return block.subarray(blockUsed, (blockUsed += length));
  }
  let target: Uint8Array;
  if (length <= SHARED_ANSWER_BYTES) {
    block = unzeroedBytes(BLOCK_BYTES);
    target = block.subarray(0, (blockUsed = length));
  } else {
    target = unzeroedBytes(length);
  }
  writer.copyLast(target);
  return target;
}

/**
 * Bytes that own their whole buffer, to be moved (transferred) to another thread: moving a view
 * of a shared block would take the block from every other answer in it.
 */
export function ownedBytes(bytes: Uint8Array): Uint8Array {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice();
}

/** A tape for one answer at a time; `bytes()` ends it and the tape starts over. */
export class JsonTape {
  private steps = new Uint32Array(2048);
  private stepCount = 0;
  private numbers = new Float64Array(512);
  private numberCount = 0;
  private texts: string[] = [];

  /** Starts the tape over (after a writer that threw midway, say). */
  reset(): this {
    this.stepCount = 0;
    this.numberCount = 0;
    this.texts = [];
    return this;
  }

  /** A fixed piece declared with `jsonFragment`. */
  fragment(id: number): this {
    if (this.stepCount === this.steps.length) this.steps = grown(this.steps);
    this.steps[this.stepCount++] = id;
    return this;
  }

  /** A number as JSON.stringify writes it. */
  num(value: number): this {
    return this.numberStep(NUMBER, value);
  }

  /**
   * A number rounded to six decimals, Math.round(value · 10⁶) / 10⁶, as JSON.stringify writes it: the writer gets the
   * whole count of millionths and lays out its digits, which costs a fraction of the shortest-digits search of `num`.
   */
  num6(value: number): this {
    return this.numberStep(MILLIONTHS, Math.round(value * 1e6));
  }

  /** A step of a kind that reads the next number of the numbers' array. */
  private numberStep(kind: number, value: number): this {
    if (this.stepCount === this.steps.length) this.steps = grown(this.steps);
    if (this.numberCount === this.numbers.length) this.numbers = grown(this.numbers);
    this.steps[this.stepCount++] = kind;
    this.numbers[this.numberCount++] = value;
    return this;
  }

  /** A number, or null. */
  numOrNull(value: number | null | undefined): this {
    return value === null || value === undefined ? this.fragment(NULL) : this.num(value);
  }

  /** Text that is already JSON, as it is (a value written by JSON.stringify, say). */
  json(text: string): this {
    if (this.stepCount === this.steps.length) this.steps = grown(this.steps);
    this.steps[this.stepCount++] = TEXT;
    this.texts.push(text);
    return this;
  }

  /** A string as a JSON string literal, escaped by JSON.stringify. */
  str(value: string): this {
    return this.json(JSON.stringify(value));
  }

  /**
   * A string from a bounded vocabulary (`quotedFragment`, or another made by `vocabularyFragments`):
   * a fragment, not a text; past the vocabulary's limit, a text.
   */
  known(value: string, vocabulary: (value: string) => number | undefined = quotedFragment): this {
    const id = vocabulary(value);
    return id === undefined ? this.str(value) : this.fragment(id);
  }

  /** A string from a bounded vocabulary, or null. */
  knownOrNull(value: string | null | undefined): this {
    return value === null || value === undefined ? this.fragment(NULL) : this.known(value);
  }

  /** A string, or null. */
  strOrNull(value: string | null | undefined): this {
    return value === null || value === undefined ? this.fragment(NULL) : this.str(value);
  }

  /** Any value through JSON.stringify (for the small, rare blocks of an answer). */
  value(value: unknown): this {
    return this.json(JSON.stringify(value));
  }

  /**
   * The JSON's UTF-8 bytes: never written over by later answers, but possibly a view of a block
   * that other answers share (see `ownedBytes`).
   */
  bytes(): Uint8Array {
    if (registered < fragments.length) registered = writer.addFragments(fragments.slice(registered));
    try {
      return answerBytes(writer.write(this.steps, this.stepCount, this.numbers, this.texts, block, blockUsed, SHARED_ANSWER_BYTES));
    } finally {
      this.reset();
    }
  }
}

function grown<T extends Uint32Array | Float64Array>(array: T): T {
  const bigger = new (array.constructor as new (length: number) => T)(array.length * 2);
  bigger.set(array);
  return bigger;
}
