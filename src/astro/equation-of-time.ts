/**
 * The equation of time (apparent minus mean solar time) at any instant, from a per-thread table
 * of the library's daily values (swe_time_equ at 0h UT of each day) read by four-point Lagrange
 * interpolation.
 *
 * The equation changes smoothly (its fourth derivative in time is of the order of 1e-6 s a day⁴;
 * nutation's shortest terms of note, 9 to 14 days long and 0.2″, add less), so the cubic through
 * the four days around an instant lies within 10 µs of the library's value at most instants and
 * within 3 ms at the worst seen over six centuries (the answers give it to 0.01 minute and the
 * solar times to the second), at a small fraction of its cost (the library computes sidereal time
 * and the Sun's apparent right ascension every time: about 16 µs against 0.05 µs). The table is kept in blocks of BLOCK_DAYS days,
 * BLOCK_LIMIT at most (a few MB); each day's value is worked out when an instant first needs it
 * (four days for an instant in a new part of the table, about 64 µs: births at random dates each
 * need their own days, and a whole block, 2 ms, would cost a reading more than all else).
 */
import { libraryEquationOfTimeDays } from './ephemeris.ts';

const BLOCK_DAYS = 128;
const BLOCK_LIMIT = 2048;
const blocks = new Map<number, Float64Array>();

/**
 * The block's values: days index·BLOCK_DAYS − 1 … (index + 1)·BLOCK_DAYS + 1 (0h UT), so that
 * every instant of it has two days on each side; NaN for a day not yet worked out.
 */
function blockOf(index: number): Float64Array {
  let values = blocks.get(index);
  if (values === undefined) {
    values = new Float64Array(BLOCK_DAYS + 3).fill(NaN);
    if (blocks.size >= BLOCK_LIMIT) blocks.clear();
    blocks.set(index, values);
  }
  return values;
}

/** The value at values[i] of block `index`, worked out from the library on first use. */
function dayValue(values: Float64Array, index: number, i: number): number {
  let v = values[i]!;
  if (Number.isNaN(v)) {
    v = libraryEquationOfTimeDays(index * BLOCK_DAYS - 1 + i - 0.5);
    values[i] = v;
  }
  return v;
}

/** The equation of time at a UT Julian day, in days. */
export function equationOfTimeDays(jdUt: number): number {
  // Days counted from 0h UT (Julian days are counted from noon).
  const t = jdUt + 0.5;
  const day = Math.floor(t);
  const index = Math.floor(day / BLOCK_DAYS);
  const values = blockOf(index);
  // The four days day−1 … day+2 and the fraction u of the day: Lagrange's cubic through them.
  const k = day - index * BLOCK_DAYS; // 0 … BLOCK_DAYS − 1, at values[k + 1]
  const u = t - day;
  const y0 = dayValue(values, index, k),
    y1 = dayValue(values, index, k + 1),
    y2 = dayValue(values, index, k + 2),
    y3 = dayValue(values, index, k + 3);
  return (-u * (u - 1) * (u - 2) * y0) / 6 + ((u + 1) * (u - 1) * (u - 2) * y1) / 2 - ((u + 1) * u * (u - 2) * y2) / 2 + ((u + 1) * u * (u - 1) * y3) / 6;
}
