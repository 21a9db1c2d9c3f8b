/**
 * One sorted list of folded place names, held as the bytes of its file (gazetteer-build.ts):
 * `folded name \t ranks of the places that bear it, ascending` per line, lines in code-point
 * order. Lookups binary-search the bytes in place; loading makes no object per name.
 */
const NEWLINE = 0x0a;
const TAB = 0x09;
const COMMA = 0x2c;
const DIGIT_0 = 0x30;

export class NameIndex {
  /** Where each line starts (one more entry: the end), where its name ends (the tab), and its first rank. */
  private readonly starts: Uint32Array;
  private readonly nameEnds: Uint32Array;
  private readonly firstRanks: Uint32Array;

  constructor(
    private readonly bytes: Buffer,
    private readonly count: number,
  ) {
    this.starts = new Uint32Array(count + 1);
    this.nameEnds = new Uint32Array(count);
    this.firstRanks = new Uint32Array(count);
    let at = 0;
    for (let line = 0; line < count; line++) {
      this.starts[line] = at;
      const tab = bytes.indexOf(TAB, at);
      this.nameEnds[line] = tab;
      let rank = 0;
      for (at = tab + 1; bytes[at] !== COMMA && bytes[at] !== NEWLINE; at++) rank = rank * 10 + bytes[at]! - DIGIT_0;
      this.firstRanks[line] = rank;
      at = bytes.indexOf(NEWLINE, at) + 1;
    }
    this.starts[count] = bytes.length;
  }

  /** The ranks of a line, read from its digits (no string is made: a common name has hundreds). */
  private ranksAt(line: number): number[] {
    const bytes = this.bytes;
    const end = this.starts[line + 1]! - 1;
    const ranks: number[] = [];
    let rank = 0;
    for (let at = this.nameEnds[line]! + 1; at < end; at++) {
      const byte = bytes[at]!;
      if (byte === COMMA) {
        ranks.push(rank);
        rank = 0;
      } else rank = rank * 10 + byte - DIGIT_0;
    }
    ranks.push(rank);
    return ranks;
  }

  /**
   * The name of a line (its first `length` bytes at most) against `key`: negative when it sorts
   * before. Written out because Buffer#compare with offsets costs microseconds a call.
   */
  private compareName(line: number, key: Uint8Array, length = Infinity): number {
    const bytes = this.bytes;
    let at = this.starts[line]!;
    const end = Math.min(this.nameEnds[line]!, at + length);
    for (let i = 0; i < key.length; i++, at++) {
      if (at >= end) return -1;
      const difference = bytes[at]! - key[i]!;
      if (difference !== 0) return difference;
    }
    return at < end ? 1 : 0;
  }

  /** The first line not before `key`. */
  private lowerBound(key: Uint8Array): number {
    let lo = 0;
    let hi = this.count;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.compareName(mid, key) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The first line after `from` whose name does not start with `prefix`. */
  private prefixEnd(prefix: Uint8Array, from: number): number {
    let lo = from;
    let hi = this.count;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.compareName(mid, prefix, prefix.length) <= 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The folded name of a line. */
  private nameAt(line: number): string {
    return this.bytes.toString('utf8', this.starts[line], this.nameEnds[line]);
  }

  /**
   * The first name (in name order) that starts with the folded prefix and is borne by the place
   * of that rank: which of its names a prefix search found it by. Only lines whose most
   * populous place is not after it are read.
   */
  nameStartingWith(prefix: string, rank: number): string | undefined {
    const key = Buffer.from(prefix);
    const from = this.lowerBound(key);
    const to = this.prefixEnd(key, from);
    for (let line = from; line < to; line++) {
      if (this.firstRanks[line]! <= rank && this.ranksAt(line).includes(rank)) return this.nameAt(line);
    }
    return undefined;
  }

  /**
   * Every name whose most populous place ranks before `belowRank`, with that rank, in name order.
   * The rank is tested before the name is decoded, so that a narrow selection stays cheap.
   */
  *names(belowRank = Infinity): Generator<[name: string, firstRank: number]> {
    for (let line = 0; line < this.count; line++) {
      const rank = this.firstRanks[line]!;
      if (rank < belowRank) yield [this.nameAt(line), rank];
    }
  }

  /** Ranks of the places that bear exactly this folded name, most populous first. */
  ranksNamed(folded: string): number[] {
    const key = Buffer.from(folded);
    const line = this.lowerBound(key);
    return line < this.count && this.compareName(line, key) === 0 ? this.ranksAt(line) : [];
  }

  /**
   * The `limit` most populous places with a name that starts with the folded prefix, most
   * populous first, each once; `accept` filters by rank (a country).
   *
   * A short prefix spans tens of thousands of names, so not every line is decoded: a line's
   * first rank bounds what the line can add, and only lines that could still improve the list
   * are read.
   */
  ranksStartingWith(prefix: string, limit: number, accept: (rank: number) => boolean = () => true): number[] {
    const key = Buffer.from(prefix);
    const from = this.lowerBound(key);
    const to = this.prefixEnd(key, from);
    const best: number[] = [];
    const consider = (rank: number) => {
      if (best.includes(rank) || !accept(rank)) return;
      let at = best.length;
      while (at > 0 && best[at - 1]! > rank) at--;
      best.splice(at, 0, rank);
      if (best.length > limit) best.pop();
    };
    const firstRanks = this.firstRanks;
    for (let line = from; line < to; line++) {
      const rank = firstRanks[line]!;
      if (best.length < limit || rank < best[limit - 1]!) consider(rank);
    }
    for (let line = from; line < to; line++) {
      if (best.length === limit && firstRanks[line]! >= best[limit - 1]!) continue;
      for (const rank of this.ranksAt(line)) {
        if (best.length === limit && rank >= best[limit - 1]!) break; // a line's ranks ascend
        consider(rank);
      }
    }
    return best;
  }
}
