/**
 * The parts that natal and transit answers share, written on a JSON tape (src/answers/json-tape.ts)
 * with the bytes JSON.stringify gives the objects of chart-presentation.ts: the subject, a
 * planet, houses, angles and their details, an aspect's measures, the aspects' summary, the
 * provenance, lists of strings. Each writes one
 * JSON value, with the keys in the order of those objects; the answer writers put the keys
 * around them.
 *
 * Numbers of the chart body go through a `BodyNumber`, which rounds them as roundNumbers does
 * when the request asks for a `precision`; the subject's and provenance's never do.
 */
import { bodyInfo } from '../astro/bodies.ts';
import { ASPECT_DEFINITIONS, type Aspect } from '../astro/aspects.ts';
import type { ChartFacts, HouseFrame, PointPosition } from '../astro/chart.ts';
import { formatOffset } from '../astro/civil-time.ts';
import { engineInfo, FILES_END_JD, FILES_START_JD, type ZodiacSetting } from '../astro/ephemeris.ts';
import { houseOf } from '../astro/house-placement.ts';
import { degreeInSign, normalizeDegrees, signIndexOf, SIGNS } from '../astro/zodiac.ts';
import { jsonFragment as fragment, vocabularyFragments, type JsonTape } from './json-tape.ts';
import { zodiacLabel } from './chart-presentation.ts';
import type { ResolvedMoment } from '../requests/moment.ts';
import type { ResolvedPlace } from '../requests/place.ts';

const quoted = (s: string) => JSON.stringify(s);

/** Fixed pieces shared by the answer writers. */
export const SHARED = {
  comma: fragment(','),
  close: fragment('}'),
  closeList: fragment(']'),
};

const F = {
  name: fragment('{"name":'),
  datetime: fragment(',"datetime":'),
  datetimeUtc: fragment(',"datetime_utc":'),
  location: fragment(',"location":'),
  city: fragment('{"city":'),
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
  timeKnown: [fragment(',"time_known":false}}'), fragment(',"time_known":true}}')],
  emptyList: fragment('[]'),
  listOpen: fragment('['),
  pos: fragment(',"pos":'),
  absPos: fragment(',"abs_pos":'),
  retrogradeSpeed: [fragment(',"retrograde":false,"speed":'), fragment(',"retrograde":true,"speed":')],
  stationaryLatitude: [fragment(',"is_stationary":false,"latitude":'), fragment(',"is_stationary":true,"latitude":')],
  distanceAu: fragment(',"distance_au":'),
  declination: fragment(',"declination":'),
  house: fragment(',"house":'),
  anglesAsc: fragment('{"asc":'),
  mc: fragment(',"mc":'),
  ic: fragment(',"ic":'),
  dc: fragment(',"dc":'),
  vertex: fragment(',"vertex":'),
  armc: fragment(',"armc":'),
  detailKeys: ['{"asc":{', ',"mc":{', ',"ic":{', ',"dc":{', ',"vertex":{'].map(fragment),
  timeZoneSource: fragment(',"time_zone_source":'),
  dstStatus: fragment(',"dst_resolution":{"status":'),
  policy: fragment(',"policy":'),
  applied: [fragment(',"applied":false'), fragment(',"applied":true')],
  candidateOffsets: fragment(',"candidate_offsets":'),
  placeSource: fragment('},"place_source":'),
  houseSystemUsed: fragment(',"house_system_used":'),
  houseFallback: [fragment(',"house_fallback":false}'), fragment(',"house_fallback":true}')],
  angle: fragment(',"angle":'),
  orb: fragment(',"orb":'),
  summary: fragment(',"aspects_summary":{"total":'),
  major: fragment(',"major":'),
  minor: fragment(',"minor":'),
  applying: fragment(',"applying":'),
  separating: fragment(',"separating":'),
  byType: fragment(',"by_type":{'),
  colon: fragment(':'),
  closeTwo: fragment('}}'),
  moshier: fragment('"moshier_fallback"'),
  files: fragment('"swiss_ephemeris_files"'),
};

/** `"sign":"Ari","sign_id":"aries"` of each sign. */
const SIGN_FIELDS = SIGNS.map((s) => fragment(`"sign":${quoted(s.abbr)},"sign_id":${quoted(s.id)}`));
const HOUSE_HEADS = Array.from({ length: 12 }, (_, i) => fragment(`${i ? ',' : '['}{"house":${i + 1},"name":"${i + 1}",`));

/** A number of the chart body: as it is, or rounded as roundNumbers rounds it when `precision` is given. */
export type BodyNumber = (w: JsonTape, v: number) => void;
const exact: BodyNumber = (w, v) => void w.num(v);
const rounders = new Map<number, BodyNumber>();
export function bodyNumber(precision: number | undefined): BodyNumber {
  if (precision === undefined) return exact;
  let b = rounders.get(precision);
  if (!b) {
    const factor = 10 ** precision;
    b = (w, v) => void w.num(Number.isInteger(v) ? v : Math.round(v * factor) / factor);
    rounders.set(precision, b);
  }
  return b;
}

/** What the writers need of a point of the catalogue, declared once per thread. */
export interface PointText {
  /** `{"id":…,"name":…,` */
  head: number;
  /** The id as a JSON string. */
  quoted: number;
  /** Retrograde is never said of an angle. */
  angle: boolean;
  stationaryBelow: number | undefined;
}
const pointTexts = new Map<string, PointText>();
/** Ids and names come from the catalogue of points: ASCII. */
export function pointText(id: string): PointText {
  let t = pointTexts.get(id);
  if (!t) {
    const info = bodyInfo(id);
    t = {
      head: fragment(`{"id":${quoted(id)},"name":${quoted(info.name)},`),
      quoted: fragment(quoted(id)),
      angle: info.kind === 'angle',
      stationaryBelow: info.stationaryBelow,
    };
    pointTexts.set(id, t);
  }
  return t;
}

/**
 * A fragment made from a value of a closed vocabulary (the catalogue's point ids, signs, aspect
 * types, node variants: values the request schemas admit from fixed lists), once per value,
 * without a limit: there are only so many.
 */
export function cachedFragment(make: (value: string) => string): (value: string) => number {
  const idOf = vocabularyFragments(make, Infinity);
  return (value) => idOf(value)!;
}

/** `,"variant":"mean"`: what follows a node's keys. */
const variantFragment = cachedFragment((nodeType) => `,"variant":${quoted(nodeType)}`);

/** Aspect types with what surrounds them: `,"type":"trine","deg":`. */
const aspectTypeFragment = cachedFragment((type) => `,"type":${quoted(type)},"deg":`);
/**
 * An aspect's type with its exact angle, which a type always has (an integer, which rounding to
 * any precision leaves as it is): `,"type":"trine","deg":120,"angle":`, one step for three.
 */
const aspectTypeAndDegree = new Map<string, { deg: number; fragment: number }>(
  ASPECT_DEFINITIONS.map((d) => [d.type, { deg: d.angle, fragment: fragment(`,"type":${quoted(d.type)},"deg":${d.angle},"angle":`) }]),
);

/** An aspect's flags followed by `after`, by is_major * 4 + is_applying * 2 + out_of_sign. */
function aspectFlagFragments(after: string): number[] {
  return Array.from({ length: 8 }, (_, bits) =>
    fragment(`,"is_major":${Boolean(bits & 4)},"is_applying":${Boolean(bits & 2)},"out_of_sign":${Boolean(bits & 1)}${after}`),
  );
}

/**
 * The writer of an aspect's keys from `type` to `out_of_sign` (the same in natal and transit
 * aspects), followed by `after`: what closes the aspect or starts the keys its answer adds.
 */
export function aspectMeasuresWriter(after: string): (w: JsonTape, a: Aspect, b: BodyNumber) => void {
  const flags = aspectFlagFragments(after);
  return (w, a, b) => {
    const typed = aspectTypeAndDegree.get(a.type);
    if (typed !== undefined && typed.deg === a.deg) {
      w.fragment(typed.fragment);
    } else {
      w.fragment(aspectTypeFragment(a.type));
      b(w, a.deg);
      w.fragment(F.angle);
    }
    b(w, a.angle);
    w.fragment(F.orb);
    b(w, a.orb);
    w.fragment(flags[(a.is_major ? 4 : 0) + (a.is_applying ? 2 : 0) + (a.out_of_sign ? 1 : 0)]!);
  };
}

/**
 * The items of an `aspects` list, each written by `writeAspect` (`first` for the one without a
 * comma before it), then the list's end; returns their counts for the summary.
 */
export function writeAspectItems(w: JsonTape, aspects: readonly Aspect[], writeAspect: (w: JsonTape, a: Aspect, first: boolean) => void): AspectCounts {
  const counts = new AspectCounts();
  for (let i = 0; i < aspects.length; i++) {
    counts.add(aspects[i]!);
    writeAspect(w, aspects[i]!, i === 0);
  }
  w.fragment(SHARED.closeList);
  return counts;
}

/**
 * aspects_summary as summarizeAspects gives it (types in order of first appearance), counted
 * while the aspects are written (an object with a key per type cost microseconds); with
 * `withMotion`, as summarizeAspectMotion gives it (transits: applying and separating counts too).
 */
export class AspectCounts {
  private readonly types: string[] = [];
  private readonly counts: number[] = [];
  private major = 0;
  private applying = 0;
  private total = 0;

  add(a: Aspect): void {
    this.total++;
    if (a.is_major) this.major++;
    if (a.is_applying) this.applying++;
    const i = this.types.indexOf(a.type);
    if (i >= 0) this.counts[i]!++;
    else {
      this.types.push(a.type);
      this.counts.push(1);
    }
  }

  /** `,"aspects_summary":{…}`. */
  write(w: JsonTape, withMotion = false): void {
    w.fragment(F.summary)
      .num(this.total)
      .fragment(F.major)
      .num(this.major)
      .fragment(F.minor)
      .num(this.total - this.major);
    if (withMotion)
      w.fragment(F.applying)
        .num(this.applying)
        .fragment(F.separating)
        .num(this.total - this.applying);
    w.fragment(F.byType);
    for (let i = 0; i < this.types.length; i++) {
      if (i > 0) w.fragment(SHARED.comma);
      w.known(this.types[i]!).fragment(F.colon).num(this.counts[i]!);
    }
    w.fragment(F.closeTwo);
  }
}

/** A JSON array of items, each written by `writeItem`. */
export function writeArray<T>(w: JsonTape, items: readonly T[], writeItem: (w: JsonTape, item: T) => void): void {
  if (items.length === 0) {
    w.fragment(F.emptyList);
    return;
  }
  w.fragment(F.listOpen);
  for (let i = 0; i < items.length; i++) {
    if (i > 0) w.fragment(SHARED.comma);
    writeItem(w, items[i]!);
  }
  w.fragment(SHARED.closeList);
}

const writeString = (w: JsonTape, item: string) => void w.str(item);
const writeKnown = (w: JsonTape, item: string) => void w.known(item);

/** A list of strings; `known` when they come from a bounded vocabulary. */
export function writeList(w: JsonTape, items: readonly string[], known = false): void {
  writeArray(w, items, known ? writeKnown : writeString);
}

/** subjectJson's object. */
export function writeSubject(
  w: JsonTape,
  name: string,
  moment: ResolvedMoment,
  place: ResolvedPlace,
  chart: ChartFacts,
  zodiac: ZodiacSetting,
  requestedHouseSystem: string,
): void {
  w.fragment(F.name).str(name).fragment(F.datetime).str(moment.localIso).fragment(F.datetimeUtc).str(moment.utcIso).fragment(F.location);
  writeLocation(w, moment, place);
  w.fragment(F.houseSystem)
    .known(chart.houses?.used ?? requestedHouseSystem)
    .fragment(F.houseSystemRequested)
    .known(requestedHouseSystem)
    .fragment(F.zodiacType)
    .known(zodiacLabel(zodiac))
    .fragment(F.siderealAyanamsa)
    .knownOrNull(zodiac.type === 'sidereal' ? zodiac.ayanamsa : null)
    .fragment(F.ayanamsaDeg);
  w.numOrNull(chart.ayanamsa)
    .fragment(F.julianDay)
    .num(moment.jdUt)
    .fragment(F.julianDayTt)
    .num(moment.jdTt)
    .fragment(F.deltaTDays)
    .num(moment.deltaTSeconds / 86400)
    .fragment(F.deltaTSeconds)
    .num(moment.deltaTSeconds)
    .fragment(F.utcOffset)
    .known(formatOffset(moment.offsetSeconds))
    .fragment(F.timeKnown[moment.timeKnown ? 1 : 0]!);
}

/** The subject's `location` object, without its closing brace (the subject's settings follow it). */
function writeLocation(w: JsonTape, moment: ResolvedMoment, place: ResolvedPlace): void {
  w.fragment(F.city)
    .strOrNull(place.city)
    .fragment(F.country)
    .strOrNull(place.country)
    .fragment(F.state)
    .strOrNull(place.region)
    .fragment(F.lat)
    .num(place.lat)
    .fragment(F.lng)
    .num(place.lng)
    .fragment(F.timezone)
    .known(moment.zone);
}

/** The subject's `location` object on its own. */
export function writeLocationObject(w: JsonTape, moment: ResolvedMoment, place: ResolvedPlace): void {
  writeLocation(w, moment, place);
  w.fragment(SHARED.close);
}

/** planetJson's object; `after` writes the keys a writer adds at its end (dignities, the natal house). */
export function writePlanet(w: JsonTape, p: PointPosition, b: BodyNumber, nodeVariant: string, after?: (w: JsonTape, p: PointPosition) => void): void {
  const t = pointText(p.id);
  const lon = p.lon;
  const speed = p.speed;
  w.fragment(t.head).fragment(SIGN_FIELDS[signIndexOf(lon)]!).fragment(F.pos);
  b(w, degreeInSign(lon));
  w.fragment(F.absPos);
  b(w, lon);
  w.fragment(F.retrogradeSpeed[speed < 0 && !t.angle ? 1 : 0]!);
  b(w, speed);
  w.fragment(F.stationaryLatitude[t.stationaryBelow !== undefined && Math.abs(speed) < t.stationaryBelow ? 1 : 0]!);
  b(w, p.lat);
  w.fragment(F.distanceAu);
  b(w, p.distAu);
  w.fragment(F.declination);
  b(w, p.declination);
  if (p.house !== undefined) w.fragment(F.house).num(p.house); // an integer: never rounded
  if (p.id === 'north_node' || p.id === 'south_node') w.fragment(variantFragment(nodeVariant));
  if (after) after(w, p);
  w.fragment(SHARED.close);
}

/** A list of planets. */
export function writePlanets(
  w: JsonTape,
  points: readonly PointPosition[],
  b: BodyNumber,
  nodeVariant: string,
  after?: (w: JsonTape, p: PointPosition) => void,
): void {
  writeArray(w, points, (pw, p) => writePlanet(pw, p, b, nodeVariant, after));
}

/** A longitude's sign, degree in sign and longitude: `"sign":…,"sign_id":…,"pos":…,"abs_pos":…`. */
function placement(w: JsonTape, lon: number, b: BodyNumber): void {
  w.fragment(SIGN_FIELDS[signIndexOf(lon)]!).fragment(F.pos);
  b(w, degreeInSign(lon));
  w.fragment(F.absPos);
  b(w, lon);
}

/** housesJson's list. */
export function writeHouses(w: JsonTape, h: HouseFrame, b: BodyNumber): void {
  for (let i = 0; i < 12; i++) {
    w.fragment(HOUSE_HEADS[i]!);
    placement(w, h.cusps[i]!, b);
    w.fragment(SHARED.close);
  }
  w.fragment(SHARED.closeList);
}

/** anglesJson's `angles`. */
export function writeAngles(w: JsonTape, h: HouseFrame, b: BodyNumber): void {
  w.fragment(F.anglesAsc);
  b(w, h.asc);
  w.fragment(F.mc);
  b(w, h.mc);
  w.fragment(F.ic);
  b(w, normalizeDegrees(h.mc + 180));
  w.fragment(F.dc);
  b(w, normalizeDegrees(h.asc + 180));
  w.fragment(F.vertex);
  b(w, h.vertex);
  w.fragment(F.armc);
  b(w, h.armc);
  w.fragment(SHARED.close);
}

/** anglesJson's `angles_details`. */
export function writeAnglesDetails(w: JsonTape, h: HouseFrame, b: BodyNumber): void {
  const lons = [h.asc, h.mc, normalizeDegrees(h.mc + 180), normalizeDegrees(h.asc + 180), h.vertex];
  for (let i = 0; i < 5; i++) {
    const lon = lons[i]!;
    w.fragment(F.detailKeys[i]!);
    placement(w, lon, b);
    w.fragment(F.house)
      .num(houseOf(lon, h.cusps, h.forward))
      .fragment(SHARED.close);
  }
  w.fragment(SHARED.close);
}

/** The provenance's fixed parts: the engine and its files, the time-zone database (the same for the life of the process). */
let provenance: { head: number; files: number; middle: number } | undefined;
function provenanceTexts() {
  if (provenance === undefined) {
    const engine = engineInfo();
    provenance = {
      head: fragment(`{"engine":${quoted(engine.engine)},"engine_version":${quoted(engine.version)},"ephemeris":{"mode":`),
      files: fragment(
        `,"files":${JSON.stringify(engine.files)},"files_range":${JSON.stringify(engine.files_range)}},"frame":"geocentric apparent ecliptic of date","delta_t_seconds":`,
      ),
      middle: fragment(`,"time_scale":"civil UTC taken as UT1","tz_database":${quoted(`IANA ${process.versions.tz ?? 'unknown'}`)},"time_zone":`),
    };
  }
  return provenance;
}

/** provenanceJson's object. */
export function writeProvenance(w: JsonTape, moment: ResolvedMoment, chart: ChartFacts, place: ResolvedPlace): void {
  const p = provenanceTexts();
  const houses = chart.houses;
  const inFiles = moment.jdUt >= FILES_START_JD && moment.jdUt < FILES_END_JD;
  const dst = moment.dst;
  w.fragment(p.head)
    .fragment(chart.moshierUsed || !inFiles ? F.moshier : F.files)
    .fragment(p.files)
    .num(moment.deltaTSeconds)
    .fragment(p.middle)
    .known(moment.zone)
    .fragment(F.timeZoneSource)
    .known(moment.zoneSource)
    .fragment(F.utcOffset)
    .known(formatOffset(moment.offsetSeconds))
    .fragment(F.dstStatus)
    .known(dst.status)
    .fragment(F.policy)
    .known(dst.policy)
    .fragment(F.applied[dst.applied ? 1 : 0]!);
  if (dst.candidate_offsets) {
    w.fragment(F.candidateOffsets);
    writeList(w, dst.candidate_offsets, true);
  }
  w.fragment(F.placeSource)
    .known(place.source)
    .fragment(F.houseSystemRequested)
    .knownOrNull(houses?.requested)
    .fragment(F.houseSystemUsed)
    .knownOrNull(houses?.used)
    .fragment(F.houseFallback[houses && houses.used !== houses.requested ? 1 : 0]!);
}
