/**
 * The calculation answers as objects (and the export's rows as CSV lines), for JSON.stringify:
 * the oracles that the answer writers (src/features/western/natal/natal-answer.ts,
 * src/features/western/natal/natal-compact-answer.ts, src/features/western/transits/transits-answer.ts,
 * src/features/ephemeris/ephemeris-csv.ts) are tested against. The service never builds these
 * objects: it writes the same bytes on the JSON tape from the same casts (castNatal,
 * castCompactNatal, castTransits, the export's rows); the tests compare the two on thousands of
 * random cases, and the interpretation tests, the report example and the interpretation bench
 * read the natal objects as a chart's input.
 */
import type { Aspect } from '../../src/astro/aspects.ts';
import type { ChartMoment } from '../../src/astro/chart.ts';
import { formatOffset } from '../../src/astro/civil-time.ts';
import { engineInfo, FILES_END_JD, FILES_START_JD } from '../../src/astro/ephemeris.ts';
import { findDeclinationAspects, type DeclinationAspect } from '../../src/astro/declination-aspects.ts';
import { dignitiesOf, type Dignity } from '../../src/astro/dignities.ts';
import { dominants, type natalDominants } from '../../src/astro/dominants.ts';
import { houseOf } from '../../src/astro/house-placement.ts';
import { findStelliums, type Stelliums } from '../../src/astro/stelliums.ts';
import { signOf } from '../../src/astro/zodiac.ts';
import type { InterpretationBlock } from '../../src/interpretations/index.ts';
import { anglesJson, housesJson, markSides, planetJson, roundNumbers, subjectJson, type PlanetJson } from '../../src/answers/chart-presentation.ts';
import type { ResolvedMoment } from '../../src/requests/moment.ts';
import { placeWarnings, type ResolvedPlace } from '../../src/requests/place.ts';
import { csvText } from '../../src/features/ephemeris/ephemeris-formats.ts';
import type { EphemerisPlan } from '../../src/features/ephemeris/plan.ts';
import type { EphemerisRow } from '../../src/features/ephemeris/rows.ts';
import type { CompactNatalRequest } from '../../src/features/western/natal/natal-schemas.ts';
import {
  castNatal,
  castCompactNatal,
  chartDominants,
  chartFixedStars,
  natalConfidence,
  natalInterpretation,
  compactNatalWarnings,
  type NatalTask,
} from '../../src/features/western/natal/natal-service.ts';
import { castTransits, transitInterpretation, transitWarnings, type TransitTask } from '../../src/features/western/transits/transits-service.ts';

/** `dignity` (the first, or null) and `dignities` of a planet; null and [] for points without a table (nodes, Lilith, angles...). */
function withDignity(planet: PlanetJson) {
  const all = dignitiesOf(planet.id, planet.abs_pos);
  // Added to planetJson's new object, in the same last places, rather than spread into a copy
  // (a spread that adds keys measured about 2.6 µs per object).
  const json: PlanetJson & { dignity?: Dignity | null; dignities?: Dignity[] } = planet;
  json.dignity = all[0] ?? null;
  json.dignities = all;
  return json;
}

/** The natal answer as objects; its keys are added in this order (the JSON's order). */
export interface NatalAnswer {
  subject: ReturnType<typeof subjectJson>;
  planets: ReturnType<typeof withDignity>[];
  houses?: ReturnType<typeof housesJson>;
  angles?: ReturnType<typeof anglesJson>['angles'];
  angles_details?: ReturnType<typeof anglesJson>['angles_details'];
  aspects: Aspect[];
  fixed_stars?: ReturnType<typeof chartFixedStars>;
  declination_aspects?: DeclinationAspect[];
  aspects_summary: AspectsSummary;
  confidence: ReturnType<typeof natalConfidence>;
  stelliums?: Stelliums;
  dominants?: ReturnType<typeof natalDominants>;
  interpretation?: InterpretationBlock;
  warnings: string[];
  provenance: ReturnType<typeof provenanceJson>;
}

export function computeNatal(task: NatalTask): NatalAnswer {
  const { request, place } = task;
  const cast = castNatal(task);
  const { moment, zodiac, chart, aspects } = cast;
  // The answer's keys are added in their order rather than spread in from partial objects: in V8
  // a spread that adds keys to a new object costs microseconds (measured on the transits answer).
  const answer: Partial<NatalAnswer> = {
    subject: subjectJson(request.name, moment, place, chart, zodiac, request.house_system),
    planets: chart.points.map((p) => (request.include_dignity ? withDignity(planetJson(p, request.node_type)) : planetJson(p, request.node_type))),
  };
  if (chart.houses) {
    answer.houses = housesJson(chart.houses);
    const { angles, angles_details } = anglesJson(chart.houses);
    answer.angles = angles;
    answer.angles_details = angles_details;
  }
  answer.aspects = aspects;
  if (request.fixed_stars?.length) answer.fixed_stars = chartFixedStars(request, moment.jdUt, zodiac, chart);
  if (request.include_declination_aspects) answer.declination_aspects = findDeclinationAspects(chart.points);
  const confidence = natalConfidence(chart);
  const interpretation = natalInterpretation(task, cast);
  const digits = request.precision;
  if (digits !== undefined) {
    // What `precision` rounds: the chart's numbers, not the subject's or the provenance's.
    answer.planets = roundNumbers(answer.planets!, digits);
    if (answer.houses) answer.houses = roundNumbers(answer.houses, digits);
    if (answer.angles) answer.angles = roundNumbers(answer.angles, digits);
    if (answer.angles_details) answer.angles_details = roundNumbers(answer.angles_details, digits);
    answer.aspects = roundNumbers(answer.aspects, digits);
    if (answer.fixed_stars) answer.fixed_stars = roundNumbers(answer.fixed_stars, digits);
    if (answer.declination_aspects) answer.declination_aspects = roundNumbers(answer.declination_aspects, digits);
  }
  answer.aspects_summary = summarizeAspects(aspects);
  answer.confidence = confidence;
  if (task.includeStelliums) answer.stelliums = findStelliums(chart.points);
  if (request.include_dominants) answer.dominants = chartDominants(request, chart);
  if (interpretation) answer.interpretation = interpretation;
  answer.warnings = [...placeWarnings(place), ...chart.warnings];
  answer.provenance = provenanceJson(moment, chart, place);
  return answer as NatalAnswer;
}

/** The compact variant of POST /natal, curated planets, cusp signs and a summary, as objects. */
export function computeCompactNatal(request: CompactNatalRequest, place: ResolvedPlace) {
  const { moment, chart } = castCompactNatal(request, place);
  // Untimed: no houses, no rising sign (the Ascendant is not among the points then).
  const houses = chart.houses;
  const planets = Object.fromEntries(
    chart.points
      .filter((p) => p.id !== 'asc')
      .map((p) => [
        p.id,
        {
          sign: signOf(p.lon).name,
          ...(p.house !== undefined ? { house: p.house } : {}),
          degree: p.lon - Math.floor(p.lon / 30) * 30,
          retrograde: p.speed < 0,
        },
      ]),
  );
  const sun = chart.points.find((p) => p.id === 'sun')!;
  const moon = chart.points.find((p) => p.id === 'moon')!;
  const dom = dominants(chart.points);
  const warnings = compactNatalWarnings(place, moment);
  return {
    subject: { name: request.name ?? 'User', datetime: moment.localIso, datetime_utc: moment.utcIso, timezone: moment.zone, lat: place.lat, lng: place.lng },
    planets,
    houses: houses ? Object.fromEntries(houses.cusps.map((lon, i) => [String(i + 1), signOf(lon).name])) : {},
    summary: {
      sun_sign: signOf(sun.lon).name,
      moon_sign: signOf(moon.lon).name,
      rising_sign: houses ? signOf(houses.asc).name : null,
      dominant_element: dom.element,
      dominant_modality: dom.modality,
    },
    ...(warnings.length ? { warnings } : {}),
  };
}

/** The transits answer as objects, keys in the JSON's order. */
export function computeTransits(task: TransitTask) {
  const { request } = task;
  const cast = castTransits(task);
  const { zodiac, natalMoment, natal, moment, transit } = cast;
  const aspects = cast.aspects.map(markSides);

  const natalHouses = natal.houses;
  let body = {
    transit_planets: transit.points.map((p) => {
      // planetJson's object is new: the natal house is added to it rather than spread into a
      // copy (a spread that adds keys measured about 1.3 µs per object), in the same last place.
      const json: PlanetJson & { natal_house?: number } = planetJson(p, 'true');
      if (natalHouses) json.natal_house = houseOf(p.lon, natalHouses.cusps, natalHouses.forward);
      return json;
    }),
    natal_planets: natal.points.map((p) => planetJson(p, request.node_type)),
    ...(natal.houses ? { natal_houses: housesJson(natal.houses), natal_angles: anglesJson(natal.houses).angles_details } : {}),
    aspects,
  };
  const natalSubject = subjectJson(request.natal.name, natalMoment, task.natalPlace, natal, zodiac, request.house_system);
  const interpretation = transitInterpretation(task, cast);
  if (request.precision !== undefined) body = roundNumbers(body, request.precision);
  const transitSubject = subjectJson('Transits', moment, task.transitPlace, transit, zodiac, request.house_system);
  return {
    transit_date: moment.localIso.slice(0, 10),
    // Where the transits are cast, at the top as the public service has it (and in `transit`).
    location: transitSubject.location,
    transit: transitSubject,
    natal: natalSubject,
    ...body,
    aspects_summary: summarizeAspectMotion(aspects),
    ...(interpretation ? { interpretation } : {}),
    warnings: transitWarnings(task, cast),
    provenance: { transit: provenanceJson(moment, transit, task.transitPlace), natal: provenanceJson(natalMoment, natal, task.natalPlace) },
  };
}

export interface AspectsSummary {
  total: number;
  major: number;
  minor: number;
  by_type: Record<string, number>;
}

export interface AspectsMotionSummary {
  total: number;
  major: number;
  minor: number;
  applying: number;
  separating: number;
  by_type: Record<string, number>;
}

export function summarizeAspects(aspects: readonly Aspect[]): AspectsSummary {
  const byType: Record<string, number> = {};
  let major = 0;
  for (const a of aspects) {
    byType[a.type] = (byType[a.type] ?? 0) + 1;
    if (a.is_major) major++;
  }
  return { total: aspects.length, major, minor: aspects.length - major, by_type: byType };
}

/**
 * summarizeAspects with how many aspects apply and how many separate (keys in the answer's
 * order). Every aspect is one or the other: `is_applying` is true only while the orb shrinks,
 * so the rare aspect whose orb is not changing at that instant (exact to the last bit, or its
 * transiting body at a station with a speed of exactly zero) counts as separating, and
 * applying + separating = total.
 */
export function summarizeAspectMotion(aspects: readonly Aspect[]): AspectsMotionSummary {
  const { total, major, minor, by_type } = summarizeAspects(aspects);
  let applying = 0;
  for (const a of aspects) if (a.is_applying) applying++;
  return { total, major, minor, applying, separating: total - applying, by_type };
}

/** Where every number came from: engine, data files, ΔT, time-zone rules, DST and house decisions. */
export function provenanceJson(moment: ResolvedMoment, chart: ChartMoment, place: ResolvedPlace) {
  const engine = engineInfo();
  const inFiles = moment.jdUt >= FILES_START_JD && moment.jdUt < FILES_END_JD;
  return {
    engine: engine.engine,
    engine_version: engine.version,
    ephemeris: {
      mode: chart.moshierUsed || !inFiles ? 'moshier_fallback' : 'swiss_ephemeris_files',
      files: engine.files,
      files_range: engine.files_range,
    },
    frame: 'geocentric apparent ecliptic of date',
    delta_t_seconds: moment.deltaTSeconds,
    time_scale: 'civil UTC taken as UT1',
    tz_database: `IANA ${process.versions.tz ?? 'unknown'}`,
    time_zone: moment.zone,
    time_zone_source: moment.zoneSource,
    utc_offset: formatOffset(moment.offsetSeconds),
    dst_resolution: moment.dst,
    place_source: place.source,
    house_system_requested: chart.houses?.requested ?? null,
    house_system_used: chart.houses?.used ?? null,
    house_fallback: chart.houses ? chart.houses.used !== chart.houses.requested : false,
  };
}

/** What a CSV field holds: nothing, a text, a number or a flag. */
type CsvValue = string | number | boolean | null | undefined;

function csvField(value: CsvValue): string {
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') return String(value); // numbers and booleans never need quotes
  return csvText(value);
}

/** A row of the ephemeris export as a CSV line: the oracle of the CSV writer (src/features/ephemeris/ephemeris-csv.ts). */
export function csvLine(plan: EphemerisPlan, row: EphemerisRow): string {
  const fields: CsvValue[] = [row.timestamp, row.local_timestamp, row.weekday, row.julian_day];
  if (plan.includeSiderealTime) fields.push(row.sidereal_time);
  for (const column of plan.columns) {
    const cell = row.bodies[column]!;
    fields.push(cell.abs_pos);
    if (plan.includeSignDegree) fields.push(cell.sign_id, cell.pos);
    if (plan.includeSpeed) fields.push(cell.speed);
    if (plan.includeRetrograde) fields.push(cell.retrograde);
    if (plan.includeDignity) fields.push(cell.dignity ?? '');
  }
  if (plan.includeAngles) fields.push(row.angles?.asc, row.angles?.mc, row.angles?.vertex);
  if (plan.includeHouses) for (let h = 0; h < 12; h++) fields.push(row.houses?.[h]?.abs_pos);
  if (plan.includeHouses || plan.includeAngles) fields.push(row.house_system ?? plan.houseSystem);
  if (plan.aspects !== 'none') fields.push(row.aspects!.map((a) => `${a.p1} ${a.type} ${a.p2} ${a.orb.toFixed(4)}`).join('; '));
  if (plan.includeVoidOfCourse) fields.push(row.moon_void_of_course?.is_void, row.moon_void_of_course?.until);
  for (let i = 0; i < plan.fixedStars.length; i++) fields.push(row.starLons?.[i]);
  const phase = row.astrology?.moon_phase;
  fields.push(phase?.label, phase?.angle, phase?.illumination);
  return `${fields.map(csvField).join(',')}\n`;
}
