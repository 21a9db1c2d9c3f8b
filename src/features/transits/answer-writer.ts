/**
 * The transits answer's JSON bytes, written straight from the cast onto a JSON tape
 * (src/compute/json-tape.ts): the same bytes as JSON.stringify of computeTransits' objects,
 * without building them (but for the interpretation, which reads the natal subject and the
 * marked aspects). The rules are the natal writer's (src/features/natal/answer-writer.ts);
 * test/unit/transit-answer-writer.test.ts compares the two on thousands of random cases and
 * test/unit/transit-bytes.test.ts pins the digests.
 */
import type { PointPosition } from '../../astro/chart.ts';
import { bodyInfo } from '../../astro/bodies.ts';
import { houseOf } from '../../astro/house-placement.ts';
import { JsonTape, jsonFragment as fragment } from '../../compute/json-tape.ts';
import { aspectMeasuresWriter, bodyNumber, cachedFragment, pointText, writeAnglesDetails, writeAspectItems, writeHouses, writeList, writeLocationObject, writePlanets, writeProvenance, writeSubject } from '../shared/chart-tape.ts';
import { writeInterpretationBlock } from '../shared/interpretation-tape.ts';
import { castTransits, transitInterpretation, transitWarnings, type TransitTask } from './service.ts';

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
  p2Id: fragment(',"p2_id":'),
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
// The sides as markSides writes them: `p1` and its name with " (T)", `p2` and its name with " (N)".
const firstAspectHead = cachedFragment((id) => `{"p1":${quoted(`${id} (T)`)},"p2":`);
const nextAspectHead = cachedFragment((id) => `,{"p1":${quoted(`${id} (T)`)},"p2":`);
const natalSide = cachedFragment((id) => quoted(`${id} (N)`));
const transitName = cachedFragment((id) => `,"p1_name":${quoted(`${bodyInfo(id).name} (T)`)},"p2_name":`);
const natalNameEnd = cachedFragment((id) => `${quoted(`${bodyInfo(id).name} (N)`)}}`);

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
    writePlanets(w, transit.points, b, 'true', (tw: JsonTape, p: PointPosition) => void tw.fragment(F.natalHouse).num(houseOf(p.lon, natalHouses.cusps, natalHouses.forward)));
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
    aw.fragment(first ? firstAspectHead(a.p1) : nextAspectHead(a.p1)).fragment(natalSide(a.p2));
    writeMeasures(aw, a, b);
    aw.fragment(pointText(a.p1).quoted).fragment(F.p2Id).fragment(pointText(a.p2).quoted).fragment(transitName(a.p1)).fragment(natalNameEnd(a.p2));
  }).write(w);
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
