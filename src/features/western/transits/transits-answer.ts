/**
 * The transits answer's JSON bytes, written straight from the cast onto a JSON tape
 * (src/answers/json-tape.ts): the same bytes as JSON.stringify of computeTransits' objects
 * (the oracle in test/helpers/answer-oracles.ts),
 * without building them (but for the interpretation, which reads the natal subject and the
 * marked aspects). The rules are the natal writer's (src/features/natal/natal-answer.ts);
 * test/unit/transit-answer.test.ts compares the two on thousands of random cases and
 * test/unit/transit-bytes.test.ts pins the digests.
 */
import type { PointPosition } from '../../../astro/chart.ts';
import { bodyInfo } from '../../../astro/bodies.ts';
import { houseOf } from '../../../astro/house-placement.ts';
import { JsonTape, jsonFragment as fragment } from '../../../answers/json-tape.ts';
import {
  aspectMeasuresWriter,
  bodyNumber,
  pointText,
  writeAnglesDetails,
  writeAspectItems,
  writeHouses,
  writeList,
  writeLocationObject,
  writePlanets,
  writeProvenance,
  writeSubject,
} from '../../../answers/chart-tape.ts';
import { writeInterpretationBlock } from '../../../answers/interpretation-tape.ts';
import { castTransits, transitInterpretation, transitWarnings, type TransitTask } from './transits-service.ts';

const F = {
  transitDate: fragment('{"transit_date":'),
  location: fragment(',"location":'),
  transit: fragment(',"transit":'),
  natal: fragment(',"natal":'),
  transitPlanets: fragment(',"transit_planets":'),
  natalPlanets: fragment(',"natal_planets":'),
  natalHouses: fragment(',"natal_houses":'),
  natalAngles: fragment(',"natal_angles":'),
  aspects: fragment(',"aspects":['),
  natalHouse: fragment(',"natal_house":'),
  interpretation: fragment(',"interpretation":'),
  warnings: fragment(',"warnings":'),
  provenance: fragment(',"provenance":{"transit":'),
  provenanceNatal: fragment(',"natal":'),
  end: fragment('}}'),
};

const quoted = (s: string) => JSON.stringify(s);
/** markSides' keys up to its booleans, then the start of its ids. */
const writeMeasures = aspectMeasuresWriter(',"p1_id":');
/**
 * The fragments of each side of an aspect as markSides writes them, made once per point: the
 * transiting point as `p1` with " (T)", the natal one as `p2` with " (N)". One lookup per side of
 * an aspect, where a lookup per fragment made six.
 */
interface TransitSide {
  /** `{"p1":"saturn (T)","p2":` (the first aspect) and `,{"p1":...` (the others). */
  first: number;
  next: number;
  /** `"saturn"`, the value of `p1_id`. */
  id: number;
  /** `,"p1_name":"Saturn (T)","p2_name":`. */
  name: number;
}
interface NatalSide {
  /** `"sun (N)"`, the value of `p2`. */
  side: number;
  /** `,"p2_id":"sun"`. */
  id: number;
  /** `"Sun (N)"}`, closing the aspect. */
  nameEnd: number;
}

const transitSides = new Map<string, TransitSide>();
const natalSides = new Map<string, NatalSide>();

function transitSide(id: string): TransitSide {
  let side = transitSides.get(id);
  if (side === undefined) {
    const p1 = quoted(`${id} (T)`);
    side = {
      first: fragment(`{"p1":${p1},"p2":`),
      next: fragment(`,{"p1":${p1},"p2":`),
      id: pointText(id).quoted,
      name: fragment(`,"p1_name":${quoted(`${bodyInfo(id).name} (T)`)},"p2_name":`),
    };
    transitSides.set(id, side);
  }
  return side;
}

function natalSide(id: string): NatalSide {
  let side = natalSides.get(id);
  if (side === undefined) {
    side = { side: fragment(quoted(`${id} (N)`)), id: fragment(`,"p2_id":${quoted(id)}`), nameEnd: fragment(`${quoted(`${bodyInfo(id).name} (N)`)}}`) };
    natalSides.set(id, side);
  }
  return side;
}

const tape = new JsonTape();

/** The transits task's answer bytes. */
export function transitAnswerBytes(task: TransitTask): Uint8Array {
  const { request } = task;
  const cast = castTransits(task);
  const { zodiac, natalMoment, natal, moment, transit, aspects } = cast;
  // The interpretation reads the unrounded chart, from the objects it was written for.
  const interpretation = transitInterpretation(task, cast);
  const b = bodyNumber(request.precision);
  const natalHouses = natal.houses;
  const w = tape.reset();

  w.fragment(F.transitDate).str(moment.localIso.slice(0, 10)).fragment(F.location);
  writeLocationObject(w, moment, task.transitPlace);
  w.fragment(F.transit);
  writeSubject(w, 'Transits', moment, task.transitPlace, transit, zodiac, request.house_system);
  w.fragment(F.natal);
  writeSubject(w, request.natal.name ?? 'User', natalMoment, task.natalPlace, natal, zodiac, request.house_system);

  w.fragment(F.transitPlanets);
  if (natalHouses) {
    writePlanets(
      w,
      transit.points,
      b,
      'true',
      (tw: JsonTape, p: PointPosition) => void tw.fragment(F.natalHouse).num(houseOf(p.lon, natalHouses.cusps, natalHouses.forward)),
    );
  } else {
    writePlanets(w, transit.points, b, 'true');
  }
  w.fragment(F.natalPlanets);
  writePlanets(w, natal.points, b, request.node_type);
  if (natalHouses) {
    w.fragment(F.natalHouses);
    writeHouses(w, natalHouses, b);
    w.fragment(F.natalAngles);
    writeAnglesDetails(w, natalHouses, b);
  }

  w.fragment(F.aspects);
  writeAspectItems(w, aspects, (aw, a, first) => {
    const from = transitSide(a.p1);
    const to = natalSide(a.p2);
    aw.fragment(first ? from.first : from.next).fragment(to.side);
    writeMeasures(aw, a, b);
    aw.fragment(from.id).fragment(to.id).fragment(from.name).fragment(to.nameEnd);
  }).write(w, true);
  if (interpretation) {
    w.fragment(F.interpretation);
    writeInterpretationBlock(w, interpretation);
  }
  w.fragment(F.warnings);
  writeList(w, transitWarnings(task, cast));
  w.fragment(F.provenance);
  writeProvenance(w, moment, transit, task.transitPlace);
  w.fragment(F.provenanceNatal);
  writeProvenance(w, natalMoment, natal, task.natalPlace);
  w.fragment(F.end);
  return w.bytes();
}
