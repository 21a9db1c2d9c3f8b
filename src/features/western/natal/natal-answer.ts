/**
 * The natal answer's JSON bytes, written straight from the cast onto a JSON tape
 * (src/answers/json-tape.ts): the same bytes as JSON.stringify of computeNatal's objects (the
 * oracle in test/helpers/answer-oracles.ts: same keys in the same order, same numbers, same
 * escaping), without building those objects.
 *
 * Rules that keep the bytes equal (test/unit/natal-answer.test.ts compares the two on
 * thousands of random births with every option; test/unit/natal-bytes.test.ts pins the digests):
 * - numbers are formatted as JSON.stringify formats them, null when not finite;
 * - every string that does not come from a fixed table (names, places, zones, warnings) goes
 *   through JSON.stringify, so its escaping is JSON's own;
 * - `precision` rounds what roundNumbers rounds (the body: planets, houses, angles, aspects,
 *   fixed stars) in the same way, and nothing else;
 * - the rare blocks (fixed stars, declination aspects, stelliums, dominants) are written by
 *   JSON.stringify from their objects;
 * - the interpretation's texts are fragments of the library's vocabulary (interpretation-tape.ts).
 */
import { dignitiesOf } from '../../../astro/dignities.ts';
import { findStelliums } from '../../../astro/stelliums.ts';
import type { PointPosition } from '../../../astro/chart.ts';
import { JsonTape, jsonFragment as fragment } from '../../../answers/json-tape.ts';
import { placeWarnings } from '../../../requests/place.ts';
import { roundNumbers } from '../../../answers/chart-presentation.ts';
import {
  aspectMeasuresWriter,
  bodyNumber,
  SHARED,
  writeAngles,
  writeAnglesDetails,
  writeAspectItems,
  writeHouses,
  writeList,
  writePlanets,
  writeProvenance,
  writeSubject,
} from '../../../answers/chart-tape.ts';
import { writeInterpretationBlock } from '../../../answers/interpretation-tape.ts';
import { castNatal, chartDominants, chartFixedStars, natalConfidence, natalInterpretation, type NatalCast, type NatalTask } from './natal-service.ts';
import type { InterpretationBlock } from '../../../interpretations/index.ts';
import { findDeclinationAspects } from '../../../astro/declination-aspects.ts';

/** The fixed pieces of the answer, in the order they appear. */
const F = {
  subject: fragment('{"subject":'),
  planets: fragment(',"planets":'),
  houses: fragment(',"houses":'),
  angles: fragment(',"angles":'),
  anglesDetails: fragment(',"angles_details":'),
  aspects: fragment(',"aspects":['),
  fixedStars: fragment(',"fixed_stars":'),
  declinationAspects: fragment(',"declination_aspects":'),
  dominants: fragment(',"dominants":'),
  confidence: fragment(',"confidence":{"houses":'),
  confidenceAngles: fragment(',"angles":'),
  overall: fragment(',"overall":'),
  notes: fragment(',"notes":'),
  stelliums: fragment(',"stelliums":'),
  interpretation: fragment(',"interpretation":'),
  warnings: fragment(',"warnings":'),
  provenance: fragment(',"provenance":'),
  dignity: fragment(',"dignity":'),
  dignities: fragment(',"dignities":'),
};

const writeMeasures = aspectMeasuresWriter('}');

/**
 * `{"p1":"sun","p2":"moon"` of each pair of points, the first item's without the comma before it
 * and the others' with it, made once: by the first point, then the second (two lookups per
 * aspect, where a key made from the points' numbers took three).
 */
const pairFragments = new Map<string, Map<string, readonly [first: number, later: number]>>();
function aspectPair(p1: string, p2: string, first: boolean): number {
  let byP2 = pairFragments.get(p1);
  if (byP2 === undefined) pairFragments.set(p1, (byP2 = new Map<string, readonly [first: number, later: number]>()));
  let ids = byP2.get(p2);
  if (ids === undefined) {
    const pair = `{"p1":${JSON.stringify(p1)},"p2":${JSON.stringify(p2)}`;
    ids = [fragment(pair), fragment(`,${pair}`)];
    byP2.set(p2, ids);
  }
  return ids[first ? 0 : 1];
}

/** One tape per thread, reused by every answer. */
const tape = new JsonTape();

/** withDignity's keys, at the end of a planet. */
function dignityKeys(w: JsonTape, p: PointPosition): void {
  const all = dignitiesOf(p.id, p.lon);
  w.fragment(F.dignity).knownOrNull(all[0]).fragment(F.dignities);
  writeList(w, all, true);
}

/** The body of the chart: planets to the aspects' summary, with the blocks that sit among them. */
function writeCastBody(w: JsonTape, task: NatalTask, cast: NatalCast): void {
  const { request } = task;
  const { moment, zodiac, chart, aspects } = cast;
  const houses = chart.houses;
  const digits = request.precision;
  const b = bodyNumber(digits);
  w.fragment(F.planets);
  writePlanets(w, chart.points, b, request.node_type, request.include_dignity === true ? dignityKeys : undefined);
  if (houses) {
    w.fragment(F.houses);
    writeHouses(w, houses, b);
    w.fragment(F.angles);
    writeAngles(w, houses, b);
    w.fragment(F.anglesDetails);
    writeAnglesDetails(w, houses, b);
  }

  w.fragment(F.aspects);
  const counts = writeAspectItems(w, aspects, (aw, a, first) => {
    aw.fragment(aspectPair(a.p1, a.p2, first));
    writeMeasures(aw, a, b);
  });

  if (request.fixed_stars?.length) {
    const stars = chartFixedStars(request, moment.jdUt, zodiac, chart);
    w.fragment(F.fixedStars).value(digits === undefined ? stars : roundNumbers(stars, digits));
  }
  if (request.include_declination_aspects) {
    const parallels = findDeclinationAspects(chart.points);
    w.fragment(F.declinationAspects).value(digits === undefined ? parallels : roundNumbers(parallels, digits));
  }
  counts.write(w);
}

/** The blocks after the confidence that read the chart's objects: stelliums, dominants, the interpretation. */
function writeCastBlocks(w: JsonTape, task: NatalTask, cast: NatalCast, interpretation: InterpretationBlock | undefined): void {
  const { request } = task;
  if (task.includeStelliums) w.fragment(F.stelliums).value(findStelliums(cast.chart.points));
  if (request.include_dominants) w.fragment(F.dominants).value(chartDominants(request, cast.chart));
  if (interpretation) {
    w.fragment(F.interpretation);
    writeInterpretationBlock(w, interpretation);
  }
}

/**
 * The natal answer's UTF-8 JSON bytes: the subject, the body (planets to the aspects' summary),
 * the confidence, the blocks a request adds (with the interpretation block when the task asks for
 * one), the warnings and the provenance.
 */
export function writeNatalAnswer(task: NatalTask, cast: NatalCast): Uint8Array {
  const { request, place } = task;
  const { moment, zodiac, chart } = cast;
  const interpretation = natalInterpretation(task, cast);
  const w = tape.reset();
  w.fragment(F.subject);
  writeSubject(w, request.name ?? 'User', moment, place, chart, zodiac, request.house_system); // never rounded
  writeCastBody(w, task, cast);
  const confidence = natalConfidence(chart);
  w.fragment(F.confidence)
    .known(confidence.houses)
    .fragment(F.confidenceAngles)
    .known(confidence.angles)
    .fragment(F.overall)
    .known(confidence.overall)
    .fragment(F.notes);
  writeList(w, confidence.notes);
  w.fragment(SHARED.close);
  writeCastBlocks(w, task, cast, interpretation);
  w.fragment(F.warnings);
  writeList(w, [...placeWarnings(place), ...chart.warnings]);
  w.fragment(F.provenance);
  writeProvenance(w, moment, chart, place); // never rounded
  w.fragment(SHARED.close);
  return w.bytes();
}

/** The natal task's answer bytes. */
export function natalAnswerBytes(task: NatalTask): Uint8Array {
  return writeNatalAnswer(task, castNatal(task));
}
