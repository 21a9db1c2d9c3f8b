/**
 * The JSON tape's native writer gives JSON.stringify's text: every kind of double (random bit
 * patterns, chart-like values, short decimals, powers of two where the rounding interval is
 * lopsided, neighbours of short decimals, integers, the edges of its own fast range, non-finite
 * values), fragments, texts and known strings, on tapes longer than their first capacity.
 */
import { describe, expect, it } from 'vitest';
import { JsonTape, jsonFragment, ownedBytes, quotedFragment } from '../../src/answers/json-tape.ts';
import { javaScriptTapeWriter } from '../../src/answers/json-tape-writer.ts';
import { seededRandom } from '../helpers/seeded-random.ts';

const decoder = new TextDecoder();
const OPEN = jsonFragment('[');
const COMMA = jsonFragment(',');
const CLOSE = jsonFragment(']');

function written(values: readonly number[]): string {
  const tape = new JsonTape().fragment(OPEN);
  values.forEach((v, i) => (i > 0 ? tape.fragment(COMMA) : tape).num(v));
  return decoder.decode(tape.fragment(CLOSE).bytes());
}

/** A double from its 64 bits. */
function fromBits(high: number, low: number): number {
  const view = new DataView(new ArrayBuffer(8));
  view.setUint32(0, high >>> 0);
  view.setUint32(4, low >>> 0);
  return view.getFloat64(0);
}

/** The double `steps` representable values away from v. */
function neighbour(v: number, steps: number): number {
  const bits = new BigInt64Array(new Float64Array([v]).buffer);
  bits[0] = bits[0]! + BigInt(steps);
  return new Float64Array(bits.buffer)[0]!;
}

function doubles(count: number, seed: number): number[] {
  const random = seededRandom(seed);
  const sign = () => (random() < 0.5 ? -1 : 1);
  const kinds: (() => number)[] = [
    () => fromBits(random() * 2 ** 32, random() * 2 ** 32),
    () => random() * 360,
    () => sign() * random() * 10 ** Math.floor(random() * 42 - 22),
    () => Math.round(random() * 1e6) / 10 ** Math.floor(random() * 9),
    () => Number((random() * 1000).toPrecision(1 + Math.floor(random() * 17))),
    () => neighbour(Number((random() * 1000).toPrecision(1 + Math.floor(random() * 16))), Math.floor(random() * 7) - 3),
    () => sign() * 2 ** Math.floor(random() * 140 - 70),
    () => neighbour(2 ** Math.floor(random() * 100 - 40), Math.floor(random() * 5) - 2),
    () => Math.floor(random() * 2 ** 53) / 2 ** Math.floor(random() * 24),
    () => 2_400_000 + random() * 200_000,
    () => neighbour(sign() * 10 ** Math.floor(random() * 30 - 10), Math.floor(random() * 9) - 4),
  ];
  return Array.from({ length: count }, () => kinds[Math.floor(random() * kinds.length)]!());
}

describe('JSON tape', () => {
  it('writes 300,000 doubles of every kind exactly as JSON.stringify does', () => {
    const values = doubles(300_000, 2026);
    const got = written(values).slice(1, -1).split(',');
    const want = JSON.stringify(values).slice(1, -1).split(',');
    const differing = want.flatMap((text, i) => (got[i] === text ? [] : [`${values[i]}: ${got[i]} instead of ${text}`]));
    expect(differing.slice(0, 5)).toEqual([]);
  });

  it('writes the special values and the edges of its fast range as JSON.stringify does', () => {
    const edges = [
      0,
      -0,
      1,
      -1,
      0.1,
      0.2,
      0.30000000000000004,
      1e-4,
      neighbour(1e-4, -1),
      1e-7,
      123e-20,
      5e-324,
      2.2250738585072014e-308,
      Number.MAX_VALUE,
      2 ** 52 + 0.5,
      2 ** 53 - 1,
      2 ** 53,
      2 ** 53 + 2,
      1e21,
      1e21 - 65536,
      999999999999999900000,
      1.5e300,
      NaN,
      Infinity,
      -Infinity,
      0.000001,
      0.0000001,
      123456789012345680000,
      2 ** -70,
      neighbour(2 ** -70, -1),
      -(2 ** -70) * 1.5,
      2 ** -60,
      1e-21,
      9.999999999999999e-22,
    ];
    expect(written(edges)).toBe(JSON.stringify(edges));
  });

  it('writes numbers rounded to six decimals (num6) as JSON.stringify writes Math.round(x * 1e6) / 1e6, natively and in JavaScript', () => {
    const random = seededRandom(66);
    const sign = () => (random() < 0.5 ? -1 : 1);
    const values = [
      ...Array.from({ length: 100_000 }, () => random() * 360 - 180),
      ...Array.from({ length: 20_000 }, () => (sign() * Math.round(random() * 1e6)) / 10 ** Math.floor(random() * 9)),
      ...Array.from({ length: 20_000 }, () => sign() * random() * 10 ** Math.floor(random() * 24 - 8)),
      ...doubles(20_000, 67),
      // Zeros, the halves that round to a signed zero, the first millionths, the edge of the fast range (10^15 millionths), non-finite values.
      0,
      -0,
      5e-7,
      -5e-7,
      4.9e-7,
      1e-6,
      -1e-6,
      0.0000015,
      180,
      -180,
      999_999_999.999999,
      1e9,
      -1e9,
      1e15,
      1e21,
      1e300,
      NaN,
      Infinity,
      -Infinity,
    ];
    const expected = JSON.stringify(values.map((x) => Math.round(x * 1e6) / 1e6));
    const tape = new JsonTape().fragment(OPEN);
    values.forEach((v, i) => (i > 0 ? tape.fragment(COMMA) : tape).num6(v));
    expect(decoder.decode(tape.fragment(CLOSE).bytes())).toBe(expected);

    // The JavaScript writer, from a tape laid out by hand: a MILLIONTHS step (kind 3) per value, commas between.
    const writer = javaScriptTapeWriter();
    const fragments = writer.addFragments(['[', ',', ']']);
    expect(fragments).toBe(3);
    const steps = new Uint32Array(2 * values.length + 1);
    let n = 0;
    steps[n++] = 0;
    values.forEach((_, i) => {
      if (i > 0) steps[n++] = 1;
      steps[n++] = 0xc000_0000;
    });
    steps[n++] = 2;
    const room = new Uint8Array(0);
    const length = writer.write(
      steps,
      n,
      Float64Array.from(values, (x) => Math.round(x * 1e6)),
      [],
      room,
      0,
      0,
    );
    const out = new Uint8Array(length);
    writer.copyLast(out);
    expect(decoder.decode(out)).toBe(expected);
  });

  it('writes fragments, texts and known strings in order, with JSON.stringify escaping', () => {
    const tape = new JsonTape();
    const odd = ['O\'Brien "Junior"', 'tab\there', 'back\\slash', 'line\u2028separator', 'lone \ud800 surrogate', '\u0000\u001f', 'Zoë 🌟 東京'];
    tape
      .fragment(jsonFragment('{"a":'))
      .str(odd[0]!)
      .fragment(jsonFragment(',"b":'))
      .strOrNull(null)
      .fragment(jsonFragment(',"c":'))
      .known('Europe/Berlin')
      .fragment(jsonFragment(',"d":'))
      .value({ list: odd, n: 1.5 })
      .fragment(jsonFragment(',"e":'))
      .knownOrNull(undefined)
      .fragment(jsonFragment('}'));
    expect(decoder.decode(tape.bytes())).toBe(JSON.stringify({ a: odd[0], b: null, c: 'Europe/Berlin', d: { list: odd, n: 1.5 }, e: null }));
    expect(quotedFragment('Europe/Berlin')).toBe(quotedFragment('Europe/Berlin'));
  });

  it('grows past its first capacity and starts over after bytes() or reset()', () => {
    const tape = new JsonTape();
    const values = doubles(5_000, 7);
    values.forEach((v) => tape.num(v).fragment(COMMA));
    tape.reset();
    expect(written(values)).toBe(JSON.stringify(values));
    const bytes = tape.fragment(OPEN).num(1).fragment(CLOSE).bytes();
    expect(decoder.decode(bytes)).toBe('[1]');
    expect(decoder.decode(tape.fragment(OPEN).fragment(CLOSE).bytes())).toBe('[]');
    expect(decoder.decode(bytes)).toBe('[1]');
  });

  it('keeps every answer as it was written while later ones fill and replace the shared blocks', () => {
    const random = seededRandom(11);
    const tape = new JsonTape();
    // Sizes around the shared limit (16 KB) and the block (64 KB) alike: a number is 5 to 20 bytes.
    const answers = Array.from({ length: 300 }, (_, i) => {
      const values = doubles(Math.floor(random() * (i % 10 === 0 ? 3_000 : 1_200)), 100 + i);
      tape.fragment(OPEN);
      values.forEach((v, j) => (j > 0 ? tape.fragment(COMMA) : tape).num(v));
      return { bytes: tape.fragment(CLOSE).bytes(), expected: JSON.stringify(values) };
    });
    expect(answers.some((a) => a.bytes.byteLength > 16 * 1024)).toBe(true);
    expect(answers.some((a) => a.bytes.byteOffset > 0)).toBe(true);
    for (const a of answers) expect(decoder.decode(a.bytes)).toBe(a.expected);
  });

  it("keeps an answer whole that ends within a fixed-size copy of its block's end", () => {
    // The writer writes into the block directly and copies fragments in fixed 32-byte blocks; an
    // answer that fits the block's last bytes but not those spare bytes is finished elsewhere and
    // must still land in the block, whole. Answers of 16 KB (the shared limit) fill a block in four.
    const tape = new JsonTape();
    const sized = (length: number) =>
      tape
        .fragment(OPEN)
        .str('x'.repeat(length - 4))
        .fragment(CLOSE)
        .bytes(); // [" ... "]
    const limit = 16 * 1024;
    let first = sized(limit);
    for (let i = 0; i < 5 && first.byteOffset !== 0; i++) first = sized(limit);
    expect(first.byteOffset).toBe(0);
    const full = [first, sized(limit), sized(limit)];
    const last = sized(limit - 10);
    expect(last.buffer).toBe(first.buffer);
    expect(last.byteOffset).toBe(3 * limit);
    const after = tape.fragment(OPEN).num(1.5).fragment(CLOSE).bytes();
    for (const [bytes, length] of [...full.map((b) => [b, limit] as const), [last, limit - 10] as const]) {
      expect(decoder.decode(bytes)).toBe(`["${'x'.repeat(length - 4)}"]`);
    }
    expect(decoder.decode(after)).toBe('[1.5]');
    expect(sized(limit).byteOffset).toBe(0); // a new block, with room for the tests after this one
  });

  it('gives bytes that own their buffer for a move to another thread, leaving the answers beside them whole', () => {
    const tape = new JsonTape();
    const first = tape.fragment(OPEN).num(1).fragment(CLOSE).bytes();
    const second = tape.fragment(OPEN).num(2).fragment(CLOSE).bytes();
    expect(second.buffer).toBe(first.buffer); // two views of one block
    const owned = ownedBytes(second);
    expect(owned.byteOffset).toBe(0);
    expect(owned.buffer.byteLength).toBe(owned.byteLength);
    const moved = structuredClone(owned, { transfer: [owned.buffer] });
    expect(decoder.decode(moved)).toBe('[2]');
    expect(decoder.decode(first)).toBe('[1]');
    expect(decoder.decode(second)).toBe('[2]');
    expect(ownedBytes(moved)).toBe(moved); // already its own
  });
});
