/**
 * The natal answer's JSON bytes, written straight from the cast onto a JSON tape
 * (src/compute/json-tape.ts): the same bytes as JSON.stringify of computeNatal's objects (same
 * keys in the same order, same numbers, same escaping), without building those objects.
 *
 * Rules that keep the bytes equal (test/unit/natal-answer-writer.test.ts compares the two on
 * thousands of random births with every option; test/unit/natal-bytes.test.ts pins the digests):
 * - numbers are formatted as JSON.stringify formats them, null when not finite;
 * - every string that does not come from a fixed table (names, places, zones, warnings) goes
 *   through JSON.stringify, so its escaping is JSON's own;
 * - `precision` rounds what roundNumbers rounds (the body: planets, houses, angles, aspects,
 *   fixed stars) in the same way, and nothing else;
 * - the rare blocks (fixed stars, stelliums) are written by JSON.stringify from their objects.
 * Answers with an interpretation are not written here: the interpretation reads the objects.
 */
import { bodyInfo } from '../../astro/bodies.ts';
import type { Aspect } from '../../astro/aspects.ts';
import type { HouseFrame, PointPosition } from '../../astro/chart.ts';
import { formatOffset } from '../../astro/civil-time.ts';
import { dignitiesOf } from '../../astro/dignities.ts';
import { engineInfo, FILES_END_JD, FILES_START_JD } from '../../astro/ephemeris.ts';
import { cuspsRunForward, houseOf } from '../../astro/house-placement.ts';
import { findStelliums } from '../../astro/stelliums.ts';
import { degreeInSign, normalizeDegrees, signIndexOf, SIGNS } from '../../astro/zodiac.ts';
import { JsonTape, jsonFragment as fragment } from '../../compute/json-tape.ts';
import { placeWarnings } from '../shared/place.ts';
import { roundNumbers, zodiacLabel } from '../shared/chart-presentation.ts';
import { castNatal, computeNatal, fixedStarsJson, natalConfidence, type NatalCast, type NatalTask } from './service.ts';

const quoted = (s: string) => JSON.stringify(s);

/** The fixed pieces of the answer, in the order they appear. */
const F = {
  subject: fragment('{"subject":{"name":'),
  datetime: fragment(',"datetime":'),
  datetimeUtc: fragment(',"datetime_utc":'),
  city: fragment(',"location":{"city":'),
  country: fragment(',"country":'),
  state: fragment(',"state":'),
  lat: fragment(',"lat":'),
  lng: fragment(',"lng":'),
  timezone: fragment(',"timezone":'),
  houseSystem: fragment('},"settings":{"house_system":'),
  houseSystemRequested: fragment(',"house_system_requested":'),
  zodiacType: fragment(',"zodiac_type":'),
  siderealAyanamsa: fragment(',"sidereal_ayanamsa":'),
  ayanamsaDeg: fragment(',"ayanamsa_deg":'),
  julianDay: fragment(',"julian_day":'),
  julianDayTt: fragment(',"julian_day_tt":'),
  deltaTDays: fragment(',"delta_t_days":'),
  deltaTSeconds: fragment(',"delta_t_seconds":'),
  utcOffset: fragment(',"utc_offset":'),
  timeKnownTrue: fragment(',"time_known":true}},"planets":['),
  timeKnownFalse: fragment(',"time_known":false}},"planets":['),
  comma: fragment(','),
  close: fragment('}'),
  closeList: fragment(']'),
  emptyList: fragment('[]'),
  listOpen: fragment('['),
  null: fragment('null'),
  pos: fragment(',"pos":'),
  absPos: fragment(',"abs_pos":'),
  notRetrogradeSpeed: fragment(',"retrograde":false,"speed":'),
  retrogradeSpeed: fragment(',"retrograde":true,"speed":'),
  stationaryLatitude: fragment(',"is_stationary":true,"latitude":'),
  movingLatitude: fragment(',"is_stationary":false,"latitude":'),
  distanceAu: fragment(',"distance_au":'),
  declination: fragment(',"declination":'),
  house: fragment(',"house":'),
  dignity: fragment(',"dignity":'),
  dignities: fragment(',"dignities":'),
  houses: fragment(',"houses":['),
  angles: fragment('],"angles":{"asc":'),
  mc: fragment(',"mc":'),
  ic: fragment(',"ic":'),
  dc: fragment(',"dc":'),
  vertex: fragment(',"vertex":'),
  armc: fragment(',"armc":'),
  anglesDetails: fragment('},"angles_details":{'),
  detailKeys: ['"asc":{', ',"mc":{', ',"ic":{', ',"dc":{', ',"vertex":{'].map(fragment),
  aspects: fragment(',"aspects":['),
  firstAspect: fragment('{"p1":'),
  nextAspect: fragment(',{"p1":'),
  p2: fragment(',"p2":'),
  deg: fragment('","deg":'),
  angle: fragment(',"angle":'),
  orb: fragment(',"orb":'),
  flags: Array.from({ length: 8 }, (_, bits) => fragment(`,"is_major":${Boolean(bits & 4)},"is_applying":${Boolean(bits & 2)},"out_of_sign":${Boolean(bits & 1)}}`)),
  fixedStars: fragment(',"fixed_stars":'),
  summary: fragment(',"aspects_summary":{"total":'),
  major: fragment(',"major":'),
  minor: fragment(',"minor":'),
  byType: fragment(',"by_type":{'),
  colon: fragment(':'),
  closeTwo: fragment('}}'),
  confidence: fragment(',"confidence":{"houses":'),
  confidenceAngles: fragment(',"angles":'),
  overall: fragment(',"overall":'),
  notes: fragment(',"notes":'),
  stelliums: fragment(',"stelliums":'),
  warnings: fragment(',"warnings":'),
  timeZoneSource: fragment(',"time_zone_source":'),
  dstStatus: fragment(',"dst_resolution":{"status":'),
  policy: fragment(',"policy":'),
  applied: [fragment(',"applied":false'), fragment(',"applied":true')],
  candidateOffsets: fragment(',"candidate_offsets":'),
  placeSource: fragment('},"place_source":'),
  provenanceHouseSystemRequested: fragment(',"house_system_requested":'),
  houseSystemUsed: fragment(',"house_system_used":'),
  houseFallback: [fragment(',"house_fallback":false}}'), fragment(',"house_fallback":true}}')],
  moshier: fragment('"moshier_fallback"'),
  files: fragment('"swiss_ephemeris_files"'),
};

/** `"sign":"Ari","sign_id":"aries"` of each sign. */
const SIGN_FIELDS = SIGNS.map((s) => fragment(`"sign":${quoted(s.abbr)},"sign_id":${quoted(s.id)}`));
const HOUSE_HEADS = Array.from({ length: 12 }, (_, i) => fragment(`${i ? ',' : ''}{"house":${i + 1},"name":"${i + 1}",`));

interface PointText {
  /** `{"id":…,"name":…,` */
  head: number;
  /** The id as a JSON string. */
  quoted: number;
  /** Retrograde is never said of an angle. */
  angle: boolean;
  stationaryBelow: number | undefined;
}
const pointTexts = new Map<string, PointText>();
/** Ids and names come from the catalogue of points: ASCII, declared once per thread. */
function pointText(id: string): PointText {
  let t = pointTexts.get(id);
  if (!t) {
    const info = bodyInfo(id);
    t = { head: fragment(`{"id":${quoted(id)},"name":${quoted(info.name)},`), quoted: fragment(quoted(id)), angle: info.kind === 'angle', stationaryBelow: info.stationaryBelow };
    pointTexts.set(id, t);
  }
  return t;
}

/** Aspect types quoted with what precedes them: `,"type":"trine`. */
const aspectTypes = new Map<string, number>();
function aspectType(type: string): number {
  let id = aspectTypes.get(type);
  if (id === undefined) {
    id = fragment(`,"type":${quoted(type).slice(0, -1)}`);
    aspectTypes.set(type, id);
  }
  return id;
}

/** The provenance's fixed parts: the engine and its files, the time-zone database (the same for the life of the process). */
let provenance: { head: number; files: number; middle: number } | undefined;
function provenanceTexts() {
  if (provenance === undefined) {
    const engine = engineInfo();
    provenance = {
      head: fragment(`,"provenance":{"engine":${quoted(engine.engine)},"engine_version":${quoted(engine.version)},"ephemeris":{"mode":`),
      files: fragment(`,"files":${JSON.stringify(engine.files)},"files_range":${JSON.stringify(engine.files_range)}},"frame":"geocentric apparent ecliptic of date","delta_t_seconds":`),
      middle: fragment(`,"time_scale":"civil UTC taken as UT1","tz_database":${quoted(`IANA ${process.versions.tz ?? 'unknown'}`)},"time_zone":`),
    };
  }
  return provenance;
}

/** One tape per thread, reused by every answer. */
const tape = new JsonTape();

/** The body's numbers: as they are, or rounded as roundNumbers rounds them when `precision` is given. */
type BodyNumber = (w: JsonTape, v: number) => void;
const exact: BodyNumber = (w, v) => void w.num(v);
const roundedTo = (digits: number): BodyNumber => {
  const factor = 10 ** digits;
  return (w, v) => void w.num(Number.isInteger(v) ? v : Math.round(v * factor) / factor);
};

/** The natal answer's UTF-8 JSON bytes for a task without interpretation. */
export function writeNatalAnswer(task: NatalTask, cast: NatalCast): Uint8Array {
  const { request, place } = task;
  const { moment, zodiac, chart, aspects } = cast;
  const houses = chart.houses;
  const digits = request.precision;
  const b = digits === undefined ? exact : roundedTo(digits);
  const w = tape.reset();

  // subject (never rounded)
  w.fragment(F.subject).str(request.name ?? 'User').fragment(F.datetime).str(moment.localIso).fragment(F.datetimeUtc).str(moment.utcIso)
    .fragment(F.city).strOrNull(place.city).fragment(F.country).strOrNull(place.country).fragment(F.state).strOrNull(place.region)
    .fragment(F.lat).num(place.lat).fragment(F.lng).num(place.lng).fragment(F.timezone).known(moment.zone)
    .fragment(F.houseSystem).known(houses?.used ?? request.house_system).fragment(F.houseSystemRequested).known(request.house_system)
    .fragment(F.zodiacType).known(zodiacLabel(zodiac)).fragment(F.siderealAyanamsa).knownOrNull(zodiac.type === 'sidereal' ? zodiac.ayanamsa : null)
    .fragment(F.ayanamsaDeg);
  if (chart.ayanamsa === undefined) w.fragment(F.null);
  else w.num(chart.ayanamsa);
  w.fragment(F.julianDay).num(moment.jdUt).fragment(F.julianDayTt).num(moment.jdTt).fragment(F.deltaTDays).num(moment.deltaTSeconds / 86400)
    .fragment(F.deltaTSeconds).num(moment.deltaTSeconds).fragment(F.utcOffset).known(formatOffset(moment.offsetSeconds))
    .fragment(moment.timeKnown ? F.timeKnownTrue : F.timeKnownFalse);

  const variant = fragment(`,"variant":${quoted(request.node_type)}`);
  const dignity = request.include_dignity === true;
  const points = chart.points;
  for (let i = 0; i < points.length; i++) {
    if (i > 0) w.fragment(F.comma);
    planet(w, points[i]!, b, variant, dignity);
  }
  w.fragment(F.closeList);

  if (houses) housesAndAngles(w, houses, b);

  w.fragment(F.aspects);
  const counts = new AspectCounts();
  for (let i = 0; i < aspects.length; i++) {
    const a = aspects[i]!;
    counts.add(a);
    w.fragment(i > 0 ? F.nextAspect : F.firstAspect).fragment(pointText(a.p1).quoted).fragment(F.p2).fragment(pointText(a.p2).quoted).fragment(aspectType(a.type)).fragment(F.deg);
    b(w, a.deg);
    w.fragment(F.angle);
    b(w, a.angle);
    w.fragment(F.orb);
    b(w, a.orb);
    w.fragment(F.flags[(a.is_major ? 4 : 0) + (a.is_applying ? 2 : 0) + (a.out_of_sign ? 1 : 0)]!);
  }
  w.fragment(F.closeList);

  if (request.fixed_stars?.length) {
    const stars = fixedStarsJson(request, moment.jdUt, zodiac, chart);
    w.fragment(F.fixedStars).value(digits === undefined ? stars : roundNumbers(stars, digits));
  }

  counts.write(w);
  const confidence = natalConfidence(chart);
  w.fragment(F.confidence).known(confidence.houses).fragment(F.confidenceAngles).known(confidence.angles).fragment(F.overall).known(confidence.overall).fragment(F.notes);
  list(w, confidence.notes);
  w.fragment(F.close);
  if (task.includeStelliums) w.fragment(F.stelliums).value(findStelliums(chart.points));
  w.fragment(F.warnings);
  list(w, [...placeWarnings(place), ...chart.warnings]);

  // provenance (never rounded)
  const p = provenanceTexts();
  const inFiles = moment.jdUt >= FILES_START_JD && moment.jdUt < FILES_END_JD;
  const dst = moment.dst;
  w.fragment(p.head).fragment(chart.moshierUsed || !inFiles ? F.moshier : F.files).fragment(p.files).num(moment.deltaTSeconds)
    .fragment(p.middle).known(moment.zone).fragment(F.timeZoneSource).known(moment.zoneSource).fragment(F.utcOffset).known(formatOffset(moment.offsetSeconds))
    .fragment(F.dstStatus).known(dst.status).fragment(F.policy).known(dst.policy).fragment(F.applied[dst.applied ? 1 : 0]!);
  if (dst.candidate_offsets) {
    w.fragment(F.candidateOffsets).fragment(F.listOpen);
    dst.candidate_offsets.forEach((offset, i) => (i > 0 ? w.fragment(F.comma) : w).known(offset));
    w.fragment(F.closeList);
  }
  w.fragment(F.placeSource).known(place.source).fragment(F.provenanceHouseSystemRequested).knownOrNull(houses?.requested).fragment(F.houseSystemUsed).knownOrNull(houses?.used)
    .fragment(F.houseFallback[houses && houses.used !== houses.requested ? 1 : 0]!);
  return w.bytes();
}

/** A list of strings; `known` when they come from a bounded vocabulary. */
function list(w: JsonTape, items: readonly string[], known = false): void {
  if (items.length === 0) {
    w.fragment(F.emptyList);
    return;
  }
  w.fragment(F.listOpen);
  for (let i = 0; i < items.length; i++) {
    if (i > 0) w.fragment(F.comma);
    if (known) w.known(items[i]!);
    else w.str(items[i]!);
  }
  w.fragment(F.closeList);
}

/** One entry of `planets`, keys in the order planetJson and withDignity give them. */
function planet(w: JsonTape, p: PointPosition, b: BodyNumber, variant: number, dignity: boolean): void {
  const t = pointText(p.id);
  const lon = p.lon;
  const speed = p.speed;
  w.fragment(t.head).fragment(SIGN_FIELDS[signIndexOf(lon)]!).fragment(F.pos);
  b(w, degreeInSign(lon));
  w.fragment(F.absPos);
  b(w, lon);
  w.fragment(speed < 0 && !t.angle ? F.retrogradeSpeed : F.notRetrogradeSpeed);
  b(w, speed);
  w.fragment(t.stationaryBelow !== undefined && Math.abs(speed) < t.stationaryBelow ? F.stationaryLatitude : F.movingLatitude);
  b(w, p.lat);
  w.fragment(F.distanceAu);
  b(w, p.distAu);
  w.fragment(F.declination);
  b(w, p.declination);
  if (p.house !== undefined) w.fragment(F.house).num(p.house); // an integer: never rounded
  if (p.id === 'north_node' || p.id === 'south_node') w.fragment(variant);
  if (dignity) {
    const all = dignitiesOf(p.id, lon);
    w.fragment(F.dignity).knownOrNull(all[0]).fragment(F.dignities);
    list(w, all, true);
  }
  w.fragment(F.close);
}

/** A longitude's sign, degree in sign and longitude: `"sign":…,"sign_id":…,"pos":…,"abs_pos":…`. */
function placement(w: JsonTape, lon: number, b: BodyNumber): void {
  w.fragment(SIGN_FIELDS[signIndexOf(lon)]!).fragment(F.pos);
  b(w, degreeInSign(lon));
  w.fragment(F.absPos);
  b(w, lon);
}

/** `houses`, `angles` and `angles_details`, as housesJson and anglesJson give them. */
function housesAndAngles(w: JsonTape, h: HouseFrame, b: BodyNumber): void {
  w.fragment(F.houses);
  for (let i = 0; i < 12; i++) {
    w.fragment(HOUSE_HEADS[i]!);
    placement(w, h.cusps[i]!, b);
    w.fragment(F.close);
  }
  const ic = normalizeDegrees(h.mc + 180);
  const dc = normalizeDegrees(h.asc + 180);
  const forward = cuspsRunForward(h.cusps);
  w.fragment(F.angles);
  b(w, h.asc);
  w.fragment(F.mc);
  b(w, h.mc);
  w.fragment(F.ic);
  b(w, ic);
  w.fragment(F.dc);
  b(w, dc);
  w.fragment(F.vertex);
  b(w, h.vertex);
  w.fragment(F.armc);
  b(w, h.armc);
  w.fragment(F.anglesDetails);
  const lons = [h.asc, h.mc, ic, dc, h.vertex];
  for (let i = 0; i < 5; i++) {
    const lon = lons[i]!;
    w.fragment(F.detailKeys[i]!);
    placement(w, lon, b);
    w.fragment(F.house).num(houseOf(lon, h.cusps, forward)).fragment(F.close);
  }
  w.fragment(F.close);
}

/**
 * aspects_summary as summarizeAspects gives it (types in order of first appearance), counted
 * while the aspects are written (an object with a key per type cost microseconds).
 */
class AspectCounts {
  private readonly types: string[] = [];
  private readonly counts: number[] = [];
  private major = 0;
  private total = 0;

  add(a: Aspect): void {
    this.total++;
    if (a.is_major) this.major++;
    const i = this.types.indexOf(a.type);
    if (i >= 0) this.counts[i]!++;
    else {
      this.types.push(a.type);
      this.counts.push(1);
    }
  }

  write(w: JsonTape): void {
    w.fragment(F.summary).num(this.total).fragment(F.major).num(this.major).fragment(F.minor).num(this.total - this.major).fragment(F.byType);
    for (let i = 0; i < this.types.length; i++) {
      if (i > 0) w.fragment(F.comma);
      w.known(this.types[i]!).fragment(F.colon).num(this.counts[i]!);
    }
    w.fragment(F.closeTwo);
  }
}

/** The natal task's answer bytes: written directly, or from the objects when it carries an interpretation. */
export function natalAnswerBytes(task: NatalTask): Uint8Array {
  if (task.interpretation) return tape.reset().value(computeNatal(task)).bytes();
  return writeNatalAnswer(task, castNatal(task));
}
