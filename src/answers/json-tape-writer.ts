/**
 * What turns a JSON tape into bytes (json-tape.ts): the native writer (native/json_writer.c), or,
 * with `json_writer` in NATIVE_MODULES_OFF, the same contract in JavaScript. Both write the same
 * bytes: fragments as declared, numbers as JSON.stringify writes them (String(n) for a finite
 * number, which is the same text; null otherwise), counts of millionths n as it writes n / 1e6,
 * texts as they are.
 */
import { loadNativeModule, nativeModuleOn } from '../native-module.ts';

export interface TapeWriter {
  /** Appends to this thread's fragment table; returns its new size. */
  addFragments(texts: string[]): number;
  /** The answer's length; written into room at offset when it is at most limit and fits there (bytes past it may be written over), else kept for copyLast. */
  write(steps: Uint32Array, stepCount: number, numbers: Float64Array, texts: string[], room: Uint8Array, offset: number, limit: number): number;
  /** The last answer written, into the start of target. */
  copyLast(target: Uint8Array): void;
}

// A step's kind in its top two bits, its fragment id in the others (as native/json_writer.c reads them).
const KIND_SHIFT = 30;
const ID_MASK = (1 << KIND_SHIFT) - 1;

/** A number as JSON.stringify writes it. */
const numberText = (n: number) => (Number.isFinite(n) ? String(n) : 'null');

/** The tape written as one string (V8 joins the pieces as a rope), then encoded into the room. */
export function javaScriptTapeWriter(): TapeWriter {
  const fragments: string[] = [];
  const encoder = new TextEncoder();
  let last = new Uint8Array(0);
  return {
    addFragments(texts) {
      for (const text of texts) fragments.push(text);
      return fragments.length;
    },
    write(steps, stepCount, numbers, texts, room, offset, limit) {
      let json = '';
      let nextNumber = 0;
      let nextText = 0;
      for (let i = 0; i < stepCount; i++) {
        const step = steps[i]!;
        const kind = step >>> KIND_SHIFT;
        if (kind === 0) {
          const fragment = fragments[step & ID_MASK];
          if (fragment === undefined) throw new Error('unknown fragment id');
          json += fragment;
        } else if (kind === 1) {
          json += numberText(numbers[nextNumber++]!);
        } else if (kind === 2) {
          json += texts[nextText++]!;
        } else if (kind === 3) {
          json += numberText(numbers[nextNumber++]! / 1e6);
        } else {
          throw new Error('unknown step kind');
        }
      }
      const start = Math.min(offset, room.length);
      const space = Math.min(limit, room.length - start);
      // encodeInto stops where the room ends: a whole answer there, else one of its own for copyLast.
      const { read, written } = encoder.encodeInto(json, room.subarray(start, start + space));
      if (read === json.length) return written;
      last = encoder.encode(json);
      return last.length;
    },
    copyLast(target) {
      target.set(last);
    },
  };
}

/** This thread's writer: the native one unless NATIVE_MODULES_OFF lists json_writer. */
export const tapeWriter: TapeWriter = nativeModuleOn('json_writer') ? loadNativeModule<TapeWriter>('json_writer') : javaScriptTapeWriter();
