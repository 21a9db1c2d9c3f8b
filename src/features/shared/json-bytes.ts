/**
 * JSON text assembled from pieces and encoded once to UTF-8: pieces of text are collected as
 * they come, numbers are formatted all at once at the end by one JSON.stringify of their list
 * (V8 formats numbers inside JSON.stringify without making a string of each; String(n) per number
 * measured about twice as slow), and the pieces are joined and encoded in one go.
 *
 * Numbers and strings come out as JSON.stringify writes them: a finite number as its shortest
 * round-trip text, others as null; a string through JSON.stringify itself.
 */
const encoder = new TextEncoder();

export class JsonBytes {
  private parts: string[] = [];
  /** Numbers still to format, and the index of the piece each one fills. */
  private nums: number[] = [];
  private numAt: number[] = [];

  /** Starts a new text (the lists are reused). */
  reset(): this {
    this.parts.length = 0;
    this.nums.length = 0;
    this.numAt.length = 0;
    return this;
  }

  /** Text that is already JSON (keys, punctuation, fixed values), as it is. */
  ascii(s: string): this {
    this.parts.push(s);
    return this;
  }

  /** A number as JSON writes it. */
  num(n: number): this {
    this.numAt.push(this.parts.length);
    this.parts.push('');
    this.nums.push(n);
    return this;
  }

  bool(v: boolean): this {
    this.parts.push(v ? 'true' : 'false');
    return this;
  }

  /** A string as a JSON string literal (quoted and escaped by JSON.stringify). */
  str(s: string): this {
    this.parts.push(JSON.stringify(s));
    return this;
  }

  /** A string, or null. */
  strOrNull(s: string | null | undefined): this {
    return s === null || s === undefined ? this.ascii('null') : this.str(s);
  }

  /** A value of any shape, through JSON.stringify (for the small, rare blocks of an answer). */
  value(v: unknown): this {
    return this.ascii(JSON.stringify(v));
  }

  /** The text's UTF-8 bytes, a new array the caller owns (it may be moved to another thread). */
  bytes(): Uint8Array {
    const { parts, nums, numAt } = this;
    if (nums.length) {
      // No number's JSON text holds a comma.
      const texts = JSON.stringify(nums).slice(1, -1).split(',');
      for (let i = 0; i < numAt.length; i++) parts[numAt[i]!] = texts[i]!;
    }
    return encoder.encode(parts.join(''));
  }
}
