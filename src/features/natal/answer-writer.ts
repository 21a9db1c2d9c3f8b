/**
 * The natal answer's JSON bytes, written straight from the computed chart: the same bytes as
 * JSON.stringify of computeNatal's objects (same keys in the same order, same numbers, same
 * escaping), without building those objects first.
 *
 * Rules that keep the bytes equal (test/unit/natal-answer-writer.test.ts compares the two on
 * thousands of random births with every option):
 * - numbers are formatted by JSON.stringify (json-bytes.ts), null when not finite;
 * - every string that does not come from a fixed table (names, places, zones, warnings) goes
 *   through JSON.stringify, so its escaping is JSON's own;
 * - `precision` rounds what roundNumbers rounds (the body: planets, houses, angles, aspects,
 *   fixed stars) in the same way, and nothing else;
 * - the rare blocks (fixed stars, stelliums) are written by JSON.stringify from their objects.
 * Answers with an interpretation are not written here: the interpretation reads the objects.
 */
import { bodyInfo } from '../../astro/bodies.ts';
import type { Aspect } from '../../astro/aspects.ts';
import { summarizeAspects } from '../../astro/aspects.ts';
import type { HouseFrame, PointPosition } from '../../astro/chart.ts';
import { formatOffset } from '../../astro/civil-time.ts';
import { dignitiesOf } from '../../astro/dignities.ts';
import { engineInfo, FILES_END_JD, FILES_START_JD } from '../../astro/ephemeris.ts';
import { cuspsRunForward, houseOf } from '../../astro/house-placement.ts';
import { findStelliums } from '../../astro/stelliums.ts';
import { degreeInSign, normalizeDegrees, signIndexOf, SIGNS } from '../../astro/zodiac.ts';
import { placeWarnings } from '../shared/place.ts';
import { JsonBytes } from '../shared/json-bytes.ts';
import { roundNumbers, zodiacLabel } from '../shared/chart-presentation.ts';
import { castNatal, computeNatal, fixedStarsJson, natalConfidence, type NatalCast, type NatalTask } from './service.ts';

const str = (s: string) => JSON.stringify(s);

/** `"sign":"Ari","sign_id":"aries"` of each sign, written once. */
const SIGN_FIELDS = SIGNS.map((s) => `"sign":${str(s.abbr)},"sign_id":${str(s.id)}`);

interface PointText {
  /** `{"id":…,"name":…,` */
  head: string;
  /** The id as a JSON string. */
  quoted: string;
  /** Retrograde is never said of an angle. */
  angle: boolean;
  stationaryBelow: number | undefined;
}
const pointTexts = new Map<string, PointText>();
/** Ids and names come from the catalogue of points: ASCII, written once per process. */
function pointText(id: string): PointText {
  let t = pointTexts.get(id);
  if (!t) {
    const info = bodyInfo(id);
    t = { head: `{"id":${str(id)},"name":${str(info.name)},`, quoted: str(id), angle: info.kind === 'angle', stationaryBelow: info.stationaryBelow };
    pointTexts.set(id, t);
  }
  return t;
}

/** The provenance's fixed parts: the engine and its files, the time-zone database (the same for the life of the process). */
let provenance: { head: string; files: string; middle: string } | undefined;
function provenanceTexts() {
  if (provenance === undefined) {
    const engine = engineInfo();
    provenance = {
      head: `,"provenance":{"engine":${str(engine.engine)},"engine_version":${str(engine.version)},"ephemeris":{"mode":`,
      files: `,"files":${JSON.stringify(engine.files)},"files_range":${JSON.stringify(engine.files_range)}},"frame":"geocentric apparent ecliptic of date","delta_t_seconds":`,
      middle: `,"time_scale":"civil UTC taken as UT1","tz_database":${str(`IANA ${process.versions.tz ?? 'unknown'}`)},"time_zone":`,
    };
  }
  return provenance;
}

/** One buffer per thread, reused by every answer. */
const out = new JsonBytes();

/** The body's numbers: as they are, or rounded as roundNumbers rounds them when `precision` is given. */
type BodyNumber = (w: JsonBytes, v: number) => void;
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
  const w = out.reset();

  // subject (never rounded)
  w.ascii('{"subject":{"name":').str(request.name ?? 'User').ascii(',"datetime":').str(moment.localIso).ascii(',"datetime_utc":').str(moment.utcIso)
    .ascii(',"location":{"city":').strOrNull(place.city).ascii(',"country":').strOrNull(place.country).ascii(',"state":').strOrNull(place.region)
    .ascii(',"lat":').num(place.lat).ascii(',"lng":').num(place.lng).ascii(',"timezone":').str(moment.zone)
    .ascii('},"settings":{"house_system":').str(houses?.used ?? request.house_system).ascii(',"house_system_requested":').str(request.house_system)
    .ascii(',"zodiac_type":').str(zodiacLabel(zodiac)).ascii(',"sidereal_ayanamsa":').strOrNull(zodiac.type === 'sidereal' ? zodiac.ayanamsa : null)
    .ascii(',"ayanamsa_deg":');
  if (chart.ayanamsa === undefined) w.ascii('null');
  else w.num(chart.ayanamsa);
  w.ascii(',"julian_day":').num(moment.jdUt).ascii(',"julian_day_tt":').num(moment.jdTt).ascii(',"delta_t_days":').num(moment.deltaTSeconds / 86400)
    .ascii(',"delta_t_seconds":').num(moment.deltaTSeconds).ascii(',"utc_offset":').str(formatOffset(moment.offsetSeconds)).ascii(',"time_known":').bool(moment.timeKnown)
    .ascii('}},"planets":[');

  const variant = `,"variant":${str(request.node_type)}`;
  const dignity = request.include_dignity === true;
  const points = chart.points;
  for (let i = 0; i < points.length; i++) {
    if (i > 0) w.ascii(',');
    planet(w, points[i]!, b, variant, dignity);
  }
  w.ascii(']');

  if (houses) housesAndAngles(w, houses, b);

  w.ascii(',"aspects":[');
  for (let i = 0; i < aspects.length; i++) {
    const a = aspects[i]!;
    w.ascii(i > 0 ? ',{"p1":' : '{"p1":').ascii(pointText(a.p1).quoted).ascii(',"p2":').ascii(pointText(a.p2).quoted).ascii(',"type":"').ascii(a.type).ascii('","deg":');
    b(w, a.deg);
    w.ascii(',"angle":');
    b(w, a.angle);
    w.ascii(',"orb":');
    b(w, a.orb);
    w.ascii(',"is_major":').bool(a.is_major).ascii(',"is_applying":').bool(a.is_applying).ascii(',"out_of_sign":').bool(a.out_of_sign).ascii('}');
  }
  w.ascii(']');

  if (request.fixed_stars?.length) {
    const stars = fixedStarsJson(request, moment.jdUt, zodiac, chart);
    w.ascii(',"fixed_stars":').value(digits === undefined ? stars : roundNumbers(stars, digits));
  }

  summary(w, aspects);
  const confidence = natalConfidence(chart);
  w.ascii(',"confidence":{"houses":').str(confidence.houses).ascii(',"angles":').str(confidence.angles).ascii(',"overall":').str(confidence.overall)
    .ascii(',"notes":');
  list(w, confidence.notes);
  w.ascii('}');
  if (task.includeStelliums) w.ascii(',"stelliums":').value(findStelliums(chart.points));
  w.ascii(',"warnings":');
  list(w, [...placeWarnings(place), ...chart.warnings]);

  // provenance (never rounded)
  const p = provenanceTexts();
  const inFiles = moment.jdUt >= FILES_START_JD && moment.jdUt < FILES_END_JD;
  const dst = moment.dst;
  w.ascii(p.head).ascii(chart.moshierUsed || !inFiles ? '"moshier_fallback"' : '"swiss_ephemeris_files"').ascii(p.files).num(moment.deltaTSeconds)
    .ascii(p.middle).str(moment.zone).ascii(',"time_zone_source":').str(moment.zoneSource).ascii(',"utc_offset":').str(formatOffset(moment.offsetSeconds))
    .ascii(',"dst_resolution":{"status":').str(dst.status).ascii(',"policy":').str(dst.policy).ascii(',"applied":').bool(dst.applied);
  if (dst.candidate_offsets) {
    w.ascii(',"candidate_offsets":');
    list(w, dst.candidate_offsets);
  }
  w.ascii('},"place_source":').str(place.source).ascii(',"house_system_requested":').strOrNull(houses?.requested).ascii(',"house_system_used":').strOrNull(houses?.used)
    .ascii(',"house_fallback":').bool(houses ? houses.used !== houses.requested : false).ascii('}}');
  return w.bytes();
}

function list(w: JsonBytes, items: readonly string[]): void {
  w.ascii('[');
  for (let i = 0; i < items.length; i++) {
    if (i > 0) w.ascii(',');
    w.str(items[i]!);
  }
  w.ascii(']');
}

/** One entry of `planets`, keys in the order planetJson and the dignity spread give them. */
function planet(w: JsonBytes, p: PointPosition, b: BodyNumber, variant: string, dignity: boolean): void {
  const t = pointText(p.id);
  const lon = p.lon;
  const speed = p.speed;
  w.ascii(t.head).ascii(SIGN_FIELDS[signIndexOf(lon)]!).ascii(',"pos":');
  b(w, degreeInSign(lon));
  w.ascii(',"abs_pos":');
  b(w, lon);
  w.ascii(',"retrograde":').bool(speed < 0 && !t.angle).ascii(',"speed":');
  b(w, speed);
  w.ascii(',"is_stationary":').bool(t.stationaryBelow !== undefined && Math.abs(speed) < t.stationaryBelow).ascii(',"latitude":');
  b(w, p.lat);
  w.ascii(',"distance_au":');
  b(w, p.distAu);
  w.ascii(',"declination":');
  b(w, p.declination);
  if (p.house !== undefined) w.ascii(',"house":').num(p.house); // an integer: never rounded
  if (p.id === 'north_node' || p.id === 'south_node') w.ascii(variant);
  if (dignity) {
    const all = dignitiesOf(p.id, lon);
    w.ascii(',"dignity":').strOrNull(all[0]).ascii(',"dignities":');
    list(w, all);
  }
  w.ascii('}');
}

/** A longitude's sign, degree in sign and longitude: `"sign":…,"sign_id":…,"pos":…,"abs_pos":…`. */
function placement(w: JsonBytes, lon: number, b: BodyNumber): void {
  w.ascii(SIGN_FIELDS[signIndexOf(lon)]!).ascii(',"pos":');
  b(w, degreeInSign(lon));
  w.ascii(',"abs_pos":');
  b(w, lon);
}

/** `houses`, `angles` and `angles_details`, as housesJson and anglesJson give them. */
function housesAndAngles(w: JsonBytes, h: HouseFrame, b: BodyNumber): void {
  w.ascii(',"houses":[');
  for (let i = 0; i < 12; i++) {
    w.ascii(HOUSE_HEADS[i]!);
    placement(w, h.cusps[i]!, b);
    w.ascii('}');
  }
  const ic = normalizeDegrees(h.mc + 180);
  const dc = normalizeDegrees(h.asc + 180);
  const forward = cuspsRunForward(h.cusps);
  w.ascii('],"angles":{"asc":');
  b(w, h.asc);
  w.ascii(',"mc":');
  b(w, h.mc);
  w.ascii(',"ic":');
  b(w, ic);
  w.ascii(',"dc":');
  b(w, dc);
  w.ascii(',"vertex":');
  b(w, h.vertex);
  w.ascii(',"armc":');
  b(w, h.armc);
  w.ascii('},"angles_details":{');
  const details: [string, number][] = [['"asc":{', h.asc], [',"mc":{', h.mc], [',"ic":{', ic], [',"dc":{', dc], [',"vertex":{', h.vertex]];
  for (const [key, lon] of details) {
    w.ascii(key);
    placement(w, lon, b);
    w.ascii(',"house":').num(houseOf(lon, h.cusps, forward)).ascii('}');
  }
  w.ascii('}');
}

const HOUSE_HEADS = Array.from({ length: 12 }, (_, i) => `${i ? ',' : ''}{"house":${i + 1},"name":"${i + 1}",`);

/** aspects_summary, counted on the unrounded aspects (as computeNatal does), types in order of first appearance. */
function summary(w: JsonBytes, aspects: readonly Aspect[]): void {
  const s = summarizeAspects(aspects);
  w.ascii(',"aspects_summary":{"total":').num(s.total).ascii(',"major":').num(s.major).ascii(',"minor":').num(s.minor).ascii(',"by_type":{');
  let first = true;
  for (const type in s.by_type) {
    w.ascii(first ? '' : ',').str(type).ascii(':').num(s.by_type[type]!);
    first = false;
  }
  w.ascii('}}');
}

/** The natal task's answer bytes: written directly, or from the objects when it carries an interpretation. */
export function natalAnswerBytes(task: NatalTask): Uint8Array {
  if (task.interpretation) return out.reset().value(computeNatal(task)).bytes();
  return writeNatalAnswer(task, castNatal(task));
}
