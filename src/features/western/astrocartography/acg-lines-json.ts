/**
 * The `lines` array of an astrocartography answer written on the JSON tape (src/answers/json-tape.ts)
 * and placed in the answer as it is (embeddedAnswer). The eleven default bodies' 44 lines are some
 * 3,400 positions, 6,800 numbers: JSON.stringify of their arrays was about 40 % of the lines task
 * (building a two-number array per position, then formatting each number in JavaScript); the tape
 * writes the numbers natively from one Float64Array, with the punctuation as fixed fragments.
 *
 * The bytes are JSON.stringify's of the objects `lineJson` builds (`plainLines`, which the compute
 * functions use unless given `linesOnTape`, as the endpoints' tasks give it),
 * key for key and number for number (the tape writes a number as JSON.stringify does); the
 * lines' tests compare the two.
 */
import { embeddedAnswer } from '../../../answers/schema-serializer.ts';
import { jsonFragment, JsonTape } from '../../../answers/json-tape.ts';
import { runPositions, type AcgLine, type PositionRun } from '../../../astro/astrocartography.ts';
import type { AcgLinesAnswer } from './astrocartography-schemas.ts';

const tape = new JsonTape();
const OPEN_ARRAY = jsonFragment('[');
const CLOSE_ARRAY = jsonFragment(']');
const COMMA = jsonFragment(',');
const NEXT_POSITION = jsonFragment('],[');
const ID = jsonFragment('{"id":');
const BODY = jsonFragment(',"body":');
const ANGLE = jsonFragment(',"angle":');
const LINE_STRING = jsonFragment(',"geometry":{"type":"LineString","coordinates":');
const MULTI_LINE_STRING = jsonFragment(',"geometry":{"type":"MultiLineString","coordinates":');
const LATITUDE_MIN = jsonFragment('},"latitude_min":');
const LATITUDE_MAX = jsonFragment(',"latitude_max":');
const SPLIT = jsonFragment(',"split_at_antimeridian":true}');
const NOT_SPLIT = jsonFragment(',"split_at_antimeridian":false}');

/** Coordinates are written to 1e-6° (about 0.1 m): far below the drawing's error, and half the bytes of full doubles. */
export const round6 = (x: number) => Math.round(x * 1e6) / 1e6;

/** One run of positions: [[lon,lat],[lon,lat],…]. */
function writeRun(run: PositionRun): void {
  tape.fragment(OPEN_ARRAY);
  for (let i = 0; i + 1 < run.length; i += 2) {
    tape
      .fragment(i === 0 ? OPEN_ARRAY : NEXT_POSITION)
      .num6(run[i]!)
      .fragment(COMMA)
      .num6(run[i + 1]!);
  }
  if (run.length > 0) tape.fragment(CLOSE_ARRAY);
  tape.fragment(CLOSE_ARRAY);
}

/** How an answer gets its `lines`: as objects (`plainLines`) or as the tape's bytes of them (`linesOnTape`). */
export type LinesWriter = (lines: readonly AcgLine[]) => AcgLinesAnswer['lines'];

export function geometryOf(line: AcgLine): AcgLinesAnswer['lines'][number]['geometry'] {
  const round = (run: PositionRun): number[][] => runPositions(run).map(([lon, lat]) => [round6(lon), round6(lat)]);
  return line.segments.length === 1
    ? { type: 'LineString', coordinates: round(line.segments[0]!) }
    : { type: 'MultiLineString', coordinates: line.segments.map(round) };
}

/** A line as the answer's object. */
export function lineJson(l: AcgLine): AcgLinesAnswer['lines'][number] {
  return {
    id: l.id,
    body: l.body,
    angle: l.angle,
    geometry: geometryOf(l),
    latitude_min: round6(l.latMin),
    latitude_max: round6(l.latMax),
    split_at_antimeridian: l.split,
  };
}

/** The lines as objects: what the answer means, and the oracle of `linesOnTape`. */
export const plainLines: LinesWriter = (lines) => lines.map(lineJson);

/** The answer's `lines`: the bytes JSON.stringify would give `plainLines`, written on the tape. */
export function linesOnTape(lines: readonly AcgLine[]): AcgLinesAnswer['lines'] {
  tape.reset().fragment(OPEN_ARRAY);
  lines.forEach((line, i) => {
    if (i > 0) tape.fragment(COMMA);
    tape.fragment(ID).known(line.id).fragment(BODY).known(line.body).fragment(ANGLE).known(line.angle);
    if (line.segments.length === 1) {
      tape.fragment(LINE_STRING);
      writeRun(line.segments[0]!);
    } else {
      tape.fragment(MULTI_LINE_STRING).fragment(OPEN_ARRAY);
      line.segments.forEach((run, r) => {
        if (r > 0) tape.fragment(COMMA);
        writeRun(run);
      });
      tape.fragment(CLOSE_ARRAY);
    }
    tape.fragment(LATITUDE_MIN).num6(line.latMin).fragment(LATITUDE_MAX).num6(line.latMax);
    tape.fragment(line.split ? SPLIT : NOT_SPLIT);
  });
  tape.fragment(CLOSE_ARRAY);
  return embeddedAnswer<AcgLinesAnswer['lines']>(tape.bytes());
}
