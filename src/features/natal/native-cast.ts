/**
 * The natal chart cast in C (native/natal_cast.c, through the lean binding) for the natal answers
 * that need nothing of the chart but its body: a tropical chart with any of the points a request
 * can add, without dignities, fixed stars, declination aspects, stelliums, dominants or an
 * interpretation, which read the chart's objects. The C side computes what computeChartMoment,
 * findAspectsWithin and sortByOrb compute and puts the body's steps (planets to aspects_summary)
 * on the answer's tape, so that nothing of the chart becomes a JavaScript object: about half of
 * what the task spent around the library.
 *
 * Every other request, and every chart the C side declines (a birth outside the library's files,
 * a position that is not a number), takes the JavaScript path, which gives the same bytes
 * (test/unit/natal-native-cast.test.ts compares the two on thousands of random births).
 */
import { ASPECT_DEFINITIONS, axisGroup, resolveOrbs, type AspectType } from '../../astro/aspects.ts';
import { bodyInfo, DEFAULT_NATAL_BODIES } from '../../astro/bodies.ts';
import { houseWarning, type ChartFacts } from '../../astro/chart.ts';
import { ephemerisFlag, FILES_END_JD, FILES_START_JD, leanNatalCast, terrestrialTime } from '../../astro/ephemeris.ts';
import { HOUSE_SYSTEMS, POLAR_FALLBACK_SYSTEM } from '../../astro/house-systems.ts';
import { jsonFragment as fragment, type JsonTape } from '../../compute/json-tape.ts';
import { aspectFlagFragments, BODY_FRAGMENTS, pointText, typedAspectFragment, variantFragment } from '../shared/chart-tape.ts';
import { momentWarnings, type ResolvedMoment } from '../shared/moment.ts';
import { HOUSE_POINTS, natalAspectTypes, natalPoints, type NatalTask } from './service.ts';

// The sizes and places of native/natal_cast.h.
const MAX_POINTS = 40;
const MAX_ASPECT_TYPES = 16;
const POINT_ROW = 8;
const IO = {
  jdUt: 0, jdTt: 1, ephemeris: 2, lat: 3, lng: 4, houseSystem: 5, roundFactor: 6, pointCount: 7, aspectTypeCount: 8, variant: 9,
  fellBack: 10, inOrder: 11, moshier: 12, aspectCount: 13, numberCount: 16, aspectTypes: 20, stationary: 20 + 2 * MAX_ASPECT_TYPES,
} as const;
const IO_SIZE = IO.stationary + MAX_POINTS;
const DONE = 1;

/** The fragments of the natal answer's sections that the body fills (declared by the natal writer). */
export interface NatalSections {
  planets: number;
  houses: number;
  angles: number;
  anglesDetails: number;
  aspects: number;
}

/** This thread's registration with the C side: its arrays, or null when the cast cannot be offered. */
let registered: { io: Float64Array; rows: Int32Array } | null | undefined;
/** The layout registered (fragment ids and aspect types), kept for offerNativeCast. */
let layout: { slots: Int32Array; types: Float64Array } | undefined;

function register(sections: NatalSections): { io: Float64Array; rows: Int32Array } | null {
  if (registered !== undefined) return registered;
  const B = BODY_FRAGMENTS;
  // In the order of the layout's enum in native/natal_cast.c, then the two angles' axis groups.
  const slots = [
    sections.planets, sections.houses, sections.angles, sections.anglesDetails, sections.aspects,
    B.emptyList, B.listOpen, B.comma, B.close, B.closeList,
    B.pos, B.absPos, B.retrogradeSpeed[0]!, B.retrogradeSpeed[1]!, B.stationaryLatitude[0]!, B.stationaryLatitude[1]!,
    B.distanceAu, B.declination, B.house,
    ...B.angles, ...B.detailKeys, ...B.houseHeads, ...B.signFields,
    fragment('{"p1":'), fragment(',{"p1":'), fragment(',"p2":'), B.orb,
    ...aspectFlagFragments('}'),
    B.summary, B.major, B.minor, B.byType, B.colon, B.closeTwo,
    pointText('asc').quoted, pointText('mc').quoted,
    axisGroup('asc'), axisGroup('mc'),
  ];
  // The quoted type as a fragment of its own: the bounded vocabulary (quotedFragment) may be full, where the tape writes the same text.
  const types = ASPECT_DEFINITIONS.flatMap((d) => [typedAspectFragment(d.type)!, fragment(JSON.stringify(d.type)), d.angle, d.major ? 1 : 0]);
  layout = { slots: Int32Array.from(slots), types: Float64Array.from(types) };
  offerNativeCast();
  return registered!;
}

/**
 * Registers the layout with the C side again, with Math's answers to the probe's arguments (by
 * default this engine's own), and says whether the cast is now offered on this thread. The
 * tests give it answers that differ in a last bit, which must withdraw the offer.
 */
export function offerNativeCast(probe: Float64Array = mathProbe()): boolean {
  if (!layout) throw new Error('the natal cast has no layout yet: write a natal answer first');
  const io = new Float64Array(IO_SIZE);
  const rows = new Int32Array(POINT_ROW * MAX_POINTS);
  try {
    registered = leanNatalCast().natalLayout(layout.slots, layout.types, io, rows, probe) ? { io, rows } : null;
  } catch {
    registered = null; // a module built from other sources: every natal answer takes the JavaScript path
  }
  return registered !== null;
}

/**
 * What this engine's Math.sin, Math.cos and Math.asin give for a thousand arguments: the C side
 * offers the cast only if the functions it calls give the same (a last bit differs between two
 * implementations for a few arguments in a hundred, so a thousand find any other one).
 */
export function mathProbe(): Float64Array {
  const rows = 1000;
  const probe = new Float64Array(5 * rows);
  let seed = 12345;
  const next = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  for (let i = 0; i < rows; i++) {
    const x = (next() * 2 - 1) * 7;
    const y = next() * 2 - 1;
    probe.set([x, Math.sin(x), Math.cos(x), y, Math.asin(y)], 5 * i);
  }
  return probe;
}

/** A chart's points as the C side reads them: a row each, and their stationary speeds (NaN: never stationary). */
interface PointRows {
  rows: Int32Array;
  stationary: Float64Array;
}

/** What each point is, for the C side (NATAL_POINT_* of native/natal_cast.h); library bodies are kind 0. */
const DERIVED_KINDS: Readonly<Record<string, number>> = { south_node: 1, asc: 2, dc: 3, mc: 4, ic: 5, vertex: 6, part_of_fortune: 7 };

function pointRows(points: readonly string[], nodeBody: number): PointRows | undefined {
  if (points.length > MAX_POINTS) return undefined;
  const rows = new Int32Array(POINT_ROW * points.length);
  const stationary = new Float64Array(points.length);
  for (let i = 0; i < points.length; i++) {
    const id = points[i]!;
    const info = bodyInfo(id);
    const kind = Object.hasOwn(DERIVED_KINDS, id) ? DERIVED_KINDS[id]! : 0;
    const node = id === 'north_node' || id === 'south_node';
    const body = node ? nodeBody : info.se ?? -1;
    if (kind === 0 && body < 0) return undefined; // a point this cast does not know
    const text = pointText(id);
    rows.set([kind, body, text.head, text.quoted, node ? 1 : 0, axisGroup(id), text.angle ? 1 : 0, HOUSE_POINTS.has(id) ? 0 : 1], POINT_ROW * i);
    stationary[i] = info.stationaryBelow ?? NaN;
  }
  return { rows, stationary };
}

/** The default points' rows, by node body (10 mean, 11 true): the same for most requests. */
const defaultRows = new Map<number, PointRows | undefined>();

/** The active aspect types in their definitions' order, with their orbs (findAspectsWithin's): pairs of (type index, orb). */
function activeAspectTypes(types: readonly AspectType[], orbs: Partial<Record<AspectType, number>> | undefined): Float64Array {
  if (orbs === undefined) {
    let cached = defaultOrbTypes.get(types);
    if (cached === undefined) defaultOrbTypes.set(types, (cached = activeAspectTypes(types, {})));
    return cached;
  }
  const pairs: number[] = [];
  ASPECT_DEFINITIONS.forEach((d, t) => {
    if (types.includes(d.type)) pairs.push(t, orbs[d.type] ?? d.orb);
  });
  return Float64Array.from(pairs);
}

/** The types of the requests without orb settings, by list of types (the lists are the module's constants). */
const defaultOrbTypes = new Map<readonly AspectType[], Float64Array>();

/** Whether a natal task's answer can take the C path: nothing it asks for reads the chart's objects. */
export function castsNatively(task: NatalTask): boolean {
  const r = task.request;
  return r.zodiac_type !== 'sidereal' && r.include_dignity !== true && !r.fixed_stars?.length && r.include_declination_aspects !== true
    && r.include_dominants !== true && !task.includeStelliums && !task.interpretation;
}

/**
 * Casts a natal task's chart in C (after castsNatively said yes), keeping its body for
 * writeNativeBody; what the rest of the answer says of the chart, or undefined when the C side
 * leaves this chart to the JavaScript path.
 */
export function castNatalNatively(task: NatalTask, moment: ResolvedMoment, sections: NatalSections): ChartFacts | undefined {
  const arrays = register(sections);
  if (!arrays) return undefined;
  const { request, place } = task;
  const nodeBody = request.node_type === 'true' ? 11 : 10;
  const points = natalPoints(request.include_features);
  let rows: PointRows | undefined;
  if (points === DEFAULT_NATAL_BODIES) {
    if (!defaultRows.has(nodeBody)) defaultRows.set(nodeBody, pointRows(points, nodeBody));
    rows = defaultRows.get(nodeBody);
  } else {
    rows = pointRows(points, nodeBody);
  }
  if (!rows) return undefined;

  const jdUt = moment.jdUt;
  // Outside the data files Chiron, a default point, cannot be computed: the JavaScript path omits it and says so.
  if (jdUt < FILES_START_JD || jdUt >= FILES_END_JD) return undefined;
  const { io } = arrays;
  io[IO.jdUt] = jdUt;
  io[IO.jdTt] = terrestrialTime(jdUt);
  io[IO.ephemeris] = ephemerisFlag(jdUt);
  io[IO.lat] = place.lat;
  io[IO.lng] = place.lng;
  io[IO.houseSystem] = moment.timeKnown ? HOUSE_SYSTEMS[request.house_system].charCodeAt(0) : 0;
  io[IO.roundFactor] = request.precision === undefined ? 0 : 10 ** request.precision; // as bodyNumber rounds
  io[IO.variant] = variantFragment(request.node_type);
  io[IO.pointCount] = points.length;
  arrays.rows.set(rows.rows);
  io.set(rows.stationary, IO.stationary);
  const active = activeAspectTypes(natalAspectTypes(task), request.orb_settings === undefined ? undefined : resolveOrbs(request.orb_settings));
  io.set(active, IO.aspectTypes);
  io[IO.aspectTypeCount] = active.length / 2;

  if (leanNatalCast().natalCast() !== DONE) return undefined;

  const warnings = [...(momentWarnings(moment) ?? [])];
  let houses: ChartFacts['houses'];
  if (moment.timeKnown) {
    houses = { requested: request.house_system, used: io[IO.fellBack] ? POLAR_FALLBACK_SYSTEM : request.house_system, inOrder: io[IO.inOrder] === 1 };
    const warning = houseWarning(houses.requested, houses.used, houses.inOrder, place.lat);
    if (warning) warnings.push(warning);
  }
  return { houses, warnings, moshierUsed: io[IO.moshier] === 1 };
}

/** The body of the chart cast last (castNatalNatively): `,"planets":…` to the aspects' summary. */
export function writeNativeBody(w: JsonTape): void {
  const io = registered!.io;
  const points = io[IO.pointCount]!;
  const aspects = io[IO.aspectCount]!;
  w.native(300 + 24 * points + 12 * aspects, 100 + 8 * points + 3 * aspects, (steps, stepCount, numbers, numberCount) => {
    const written = leanNatalCast().natalWrite(steps, stepCount, numbers, numberCount);
    if (written < 0) throw new Error('the natal body did not fit on the tape');
    return [written, io[IO.numberCount]!];
  });
}
