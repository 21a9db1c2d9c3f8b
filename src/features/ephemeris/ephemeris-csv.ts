/**
 * The rows of a CSV export written on the JSON tape (src/answers/json-tape.ts): the same bytes as
 * `csvLine` (the oracle in test/helpers/answer-oracles.ts), without a string per number.
 *
 * Why: an export row of the 13 default bodies holds some 50 numbers, and `String(n)` of each took
 * about a quarter of the row's time, as much as the Swiss Ephemeris's 13 calls (measured with
 * --cpu-prof on 60,000 rows). The tape's native writer formats a number as String(n) does (the
 * shortest text that reads back as the same double); words of a small vocabulary (weekdays, signs,
 * booleans, phase names) are fragments, declared once.
 */
import { JsonTape, jsonFragment, vocabularyFragments } from '../../answers/json-tape.ts';
import { csvText } from './ephemeris-formats.ts';
import type { EphemerisPlan } from './plan.ts';
import type { EphemerisRow } from './rows.ts';

const tape = new JsonTape();
const COMMA = jsonFragment(',');
const LINE_END = jsonFragment('\n');
const TRUE = jsonFragment('true');
const FALSE = jsonFragment('false');

/** Words as fragments of their CSV text; past 1,000 distinct ones, as texts. */
const wordFragment = vocabularyFragments(csvText, 1000);

/** A field of a small vocabulary, as its CSV text. */
function word(w: JsonTape, value: string): void {
  const id = wordFragment(value);
  if (id === undefined) w.json(csvText(value));
  else w.fragment(id);
}

/** A field as `csvLine` writes it: nothing for a missing value, numbers as String(n). */
function field(w: JsonTape, value: string | number | boolean | null | undefined, small = false): void {
  if (value === undefined || value === null) return;
  if (typeof value === 'number') {
    // The tape writes a number that is not finite as null; String(n) as NaN or Infinity.
    if (Number.isFinite(value)) w.num(value);
    else w.json(String(value));
  } else if (typeof value === 'boolean') {
    w.fragment(value ? TRUE : FALSE);
  } else if (small) {
    word(w, value);
  } else {
    w.json(csvText(value));
  }
}

/** Rows [from, to) as CSV bytes, each computed by `row(i)`; with the header first when `header` is given. */
export function csvChunkBytes(plan: EphemerisPlan, from: number, to: number, row: (i: number) => EphemerisRow, header?: string): Uint8Array {
  const w = tape.reset();
  if (header !== undefined) w.json(header);
  for (let i = from; i < to; i++) writeCsvLine(w, plan, plan.columns, row(i));
  return w.bytes();
}

/** A comma, then the field. */
function next(w: JsonTape, value: string | number | boolean | null | undefined, small = false): void {
  w.fragment(COMMA);
  field(w, value, small);
}

/** The fields in csvLine's order. */
function writeCsvLine(w: JsonTape, plan: EphemerisPlan, names: readonly string[], row: EphemerisRow): void {
  field(w, row.timestamp);
  next(w, row.local_timestamp);
  next(w, row.weekday, true);
  next(w, row.julian_day);
  if (plan.includeSiderealTime) next(w, row.sidereal_time);
  for (const name of names) {
    const cell = row.bodies[name]!;
    next(w, cell.abs_pos);
    if (plan.includeSignDegree) {
      next(w, cell.sign_id, true);
      next(w, cell.pos);
    }
    if (plan.includeSpeed) next(w, cell.speed);
    if (plan.includeRetrograde) next(w, cell.retrograde);
    if (plan.includeDignity) next(w, cell.dignity, true);
  }
  if (plan.includeAngles) {
    next(w, row.angles?.asc);
    next(w, row.angles?.mc);
    next(w, row.angles?.vertex);
  }
  if (plan.includeHouses) for (let h = 0; h < 12; h++) next(w, row.houses?.[h]?.abs_pos);
  if (plan.includeHouses || plan.includeAngles) next(w, row.house_system ?? plan.houseSystem, true);
  if (plan.aspects !== 'none') next(w, row.aspects!.map((a) => `${a.p1} ${a.type} ${a.p2} ${a.orb.toFixed(4)}`).join('; '));
  if (plan.includeVoidOfCourse) {
    next(w, row.moon_void_of_course?.is_void);
    next(w, row.moon_void_of_course?.until);
  }
  for (let i = 0; i < plan.fixedStars.length; i++) next(w, row.starLons?.[i]);
  const phase = row.astrology?.moon_phase;
  next(w, phase?.label, true);
  next(w, phase?.angle);
  next(w, phase?.illumination);
  w.fragment(LINE_END);
}
