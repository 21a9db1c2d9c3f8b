/**
 * The synastry computation (runs in a compute worker): each person's natal cast by the natal
 * service (castNatal), their natal answers by the natal writer, the contacts between the two
 * charts (findAspectsBetween), the house overlays, and the model of src/astro/synastry-model.ts.
 */
import { createHash } from 'node:crypto';
import { ASPECT_DEFINITIONS, MAJOR_ASPECT_TYPES, ASPECT_TYPES, findAspectsBetween, type AspectPoint, type AspectType } from '../../../astro/aspects.ts';
import { DEFAULT_NATAL_BODIES } from '../../../astro/bodies.ts';
import { resolveCivilTime, ianaZone, type DstPolicy } from '../../../astro/civil-time.ts';
import { nearMidpoint } from '../../../astro/composite.ts';
import { engineInfo } from '../../../astro/ephemeris.ts';
import { houseOf } from '../../../astro/house-placement.ts';
import { civilAtOffsetMs, readIsoDateTime } from '../../../astro/iso-date-time.ts';
import {
  SYNASTRY_MODEL,
  STRENGTH_FORMULA,
  bodyWeight,
  chooseArchetype,
  contactCategories,
  contactDomains,
  contactPolarity,
  contactStrength,
  contactThemes,
  strengthLabel,
  synastryScores,
  type Domain,
  type Polarity,
  type ScoredContact,
} from '../../../astro/synastry-model.ts';
import { degreeInSign, normalizeDegrees, signOf } from '../../../astro/zodiac.ts';
import { writeNatalAnswer } from '../natal/natal-answer.ts';
import { embeddedAnswer } from '../../../answers/schema-serializer.ts';
import { castNatal, type NatalCast, type NatalTask } from '../natal/natal-service.ts';
import type { NatalRequest } from '../natal/natal-schemas.ts';
import { MAX_YEAR, MIN_YEAR } from '../../../requests/birth-schema.ts';
import { birthMoment } from '../../../requests/moment.ts';
import { placeWarnings, type ResolvedPlace } from '../../../requests/place.ts';
import { RequestFieldError } from '../../../requests/request-error.ts';
import {
  DEFAULT_SYNASTRY_BODIES,
  SYNASTRY_BODY_ALIASES,
  SYNASTRY_BODY_NAMES,
  type SynastryPerson,
  type SynastryResponse,
  type SynastrySummaryResponse,
} from './synastry-schemas.ts';
import { ARCHETYPE_WORDS, BUCKET_DEFINITIONS, aspectLabel, contactText, overlayText, pointLabel } from './synastry-words.ts';

type Settings = NonNullable<import('./synastry-schemas.ts').SynastryRequest['settings']>;

export interface SynastryTask {
  person_a: SynastryPerson;
  person_b: SynastryPerson;
  settings?: Settings | undefined;
  /** Each person's place, resolved on the event loop (with its zone when the person's zone is AUTO). */
  places: [ResolvedPlace, ResolvedPlace];
  /** Where each person is in the request (`person_a` or `first_subject`…), for errors. */
  locs: [(string | number)[], (string | number)[]];
  nowMs: number;
}

export const ENGINE = { name: 'Astrology API Synastry', version: '1.0.0' };
export const ANGLES = new Set(['asc', 'mc', 'dsc', 'ic', 'vertex']);

export interface ResolvedSettings {
  zodiac: 'tropical' | 'sidereal';
  sidereal_ayanamsa: string | null;
  house_system: NatalRequest['house_system'];
  node_type: 'true' | 'mean';
  bodies_requested: string[];
  bodies_normalized: string[];
  aliases: Record<string, string>;
  aspect_set: 'major' | 'all';
  include: SynastryResponse['meta']['settings_resolved']['include'];
  context: { relationship_goal: string; user_experience_level: string };
}

/** Every setting with its default, aliases resolved; an unknown body is a 422 on its index. */
export function resolveSettings(settings: Settings | undefined, loc: (string | number)[] = ['body', 'settings']): ResolvedSettings {
  const s = settings ?? {};
  const zodiac = s.zodiac ?? s.zodiac_type ?? 'tropical';
  const node_type = s.node_type ?? 'true';
  const requested = s.bodies ?? [...DEFAULT_SYNASTRY_BODIES];
  const normalized: string[] = [];
  const aliases: Record<string, string> = {};
  requested.forEach((name, i) => {
    const key = name
      .trim()
      .toLowerCase()
      .replace(/[\s-]+/g, '_');
    let id: string | undefined = (SYNASTRY_BODY_NAMES as readonly string[]).includes(key) ? key : SYNASTRY_BODY_ALIASES[key];
    if (id === '(node_type)') id = node_type === 'true' ? 'true_node' : 'mean_node';
    if (id === undefined)
      throw new RequestFieldError(
        [...loc, 'bodies', i],
        `unknown body '${name}'; one of: ${SYNASTRY_BODY_NAMES.join(', ')} (aliases ${Object.keys(SYNASTRY_BODY_ALIASES).join(', ')})`,
        'value_error.unknown_body',
      );
    if (id !== name) aliases[name] = id;
    if (!normalized.includes(id)) normalized.push(id);
  });
  const inc = s.include ?? {};
  return {
    zodiac,
    sidereal_ayanamsa: zodiac === 'sidereal' ? (s.sidereal_ayanamsa ?? 'lahiri') : null,
    house_system: s.house_system ?? 'placidus',
    node_type,
    bodies_requested: [...requested],
    bodies_normalized: normalized,
    aliases,
    aspect_set: s.aspect_set ?? 'major',
    include: {
      natal_snapshots: inc.natal_snapshots ?? true,
      aspects: inc.aspects ?? true,
      house_overlays: inc.house_overlays ?? true,
      angle_contacts: inc.angle_contacts ?? true,
      midpoints: inc.midpoints ?? false,
      scores: inc.scores ?? true,
      archetype: inc.archetype ?? true,
      text: inc.text ?? false,
      text_locale: inc.text_locale ?? 'en',
      text_tone: inc.text_tone ?? 'neutral',
      display_point_labels: inc.display_point_labels ?? false,
      display_aspect_labels: inc.display_aspect_labels ?? false,
      strength_labels: inc.strength_labels ?? false,
      ranges: inc.ranges ?? false,
      scoring_bucket_definitions: inc.scoring_bucket_definitions ?? false,
      synastry_bands: inc.synastry_bands ?? false,
    },
    context: { relationship_goal: s.context?.relationship_goal ?? 'long_term', user_experience_level: s.context?.user_experience_level ?? 'beginner' },
  };
}

const zoneField = (p: SynastryPerson) => [p.tz_str, p.timezone, p.location?.timezone, p.location?.tz_str].find((z) => z && z.toUpperCase() !== 'AUTO');

/** The person's place input: `location`, or the flat city/lat/lng. */
export function personPlaceInput(p: SynastryPerson): {
  input: { city?: string | undefined; country?: string | undefined; lat?: number | undefined; lng?: number | undefined };
  field: string | undefined;
  tz: string | undefined;
} {
  const flat = p.city !== undefined || p.lat !== undefined || p.lng !== undefined;
  const input = p.location && !flat ? p.location : { city: p.city, country: p.country, lat: p.lat, lng: p.lng };
  return { input, field: p.location && !flat ? 'location' : undefined, tz: zoneField(p) };
}

/**
 * The natal request of a person: the birth read from `datetime` (local wall time, or an instant
 * when it carries an offset: shown as the wall time of the person's zone, the DST fold chosen to
 * keep the instant) or from the flat fields, with the synastry's chart settings.
 */
export function personNatalRequest(
  p: SynastryPerson,
  place: ResolvedPlace,
  settings: ResolvedSettings,
  loc: (string | number)[],
  features: string[],
): NatalRequest {
  const tz = zoneField(p);
  let civil: { year: number; month: number; day: number; hour?: number | undefined; minute?: number | undefined; second?: number | undefined };
  let hasTime: boolean;
  let policy: DstPolicy | undefined = p.dst_policy;
  if (p.datetime !== undefined) {
    const reading = readIsoDateTime(p.datetime, { min: MIN_YEAR, max: MAX_YEAR });
    if (!reading.ok) throw new RequestFieldError([...loc, 'datetime'], `${p.datetime} ${reading.reason}`, 'value_error.datetime');
    const v = reading.value;
    hasTime = v.hasTime;
    civil = v.civil;
    if (v.offsetSeconds !== undefined && v.hasTime) {
      const utcMs = civilAtOffsetMs(v.civil, v.offsetSeconds);
      const zoneName = tz ?? place.zone ?? 'UTC';
      const zone = ianaZone(zoneName);
      if (!zone) throw new RequestFieldError([...loc, 'tz_str'], `unknown time zone ${zoneName}`, 'value_error.timezone');
      const wall = new Date(utcMs + Math.round(zone.offset(utcMs) * 60) * 1000);
      civil = {
        year: wall.getUTCFullYear(),
        month: wall.getUTCMonth() + 1,
        day: wall.getUTCDate(),
        hour: wall.getUTCHours(),
        minute: wall.getUTCMinutes(),
        second: wall.getUTCSeconds() + wall.getUTCMilliseconds() / 1000,
      };
      const c = { year: civil.year, month: civil.month, day: civil.day, hour: civil.hour!, minute: civil.minute!, second: civil.second! };
      policy =
        resolveCivilTime(c, zoneName, 'earlier').utcMs === resolveCivilTime(c, zoneName, 'later').utcMs
          ? policy
          : resolveCivilTime(c, zoneName, 'earlier').utcMs === utcMs
            ? 'earlier'
            : 'later';
    }
  } else if (p.year !== undefined && p.month !== undefined && p.day !== undefined) {
    civil = { year: p.year, month: p.month, day: p.day, hour: p.hour, minute: p.minute, second: p.second };
    hasTime = p.hour !== undefined;
  } else {
    throw new RequestFieldError([...loc, 'datetime'], 'datetime (or year, month and day) is required', 'missing');
  }
  const timeKnown = p.time_known ?? (p.time_unknown !== undefined ? !p.time_unknown : hasTime);
  if (timeKnown && !hasTime) throw new RequestFieldError([...loc, 'datetime'], 'the birth time is missing: send it, or time_known false', 'missing');
  return {
    name: p.name,
    year: civil.year,
    month: civil.month,
    day: civil.day,
    hour: civil.hour,
    minute: civil.minute,
    second: civil.second,
    time_known: timeKnown,
    lat: place.lat,
    lng: place.lng,
    tz_str: tz,
    dst_policy: policy,
    house_system: settings.house_system,
    zodiac_type: settings.zodiac,
    sidereal_ayanamsa: settings.sidereal_ayanamsa,
    node_type: settings.node_type,
    include_features: features.length ? (features as NatalRequest['include_features']) : undefined,
  } as NatalRequest;
}

/** The natal features a body list needs beyond the natal default (angles come from the houses, the node of node_type is north_node). */
export function featuresFor(bodies: readonly string[], nodeType: 'true' | 'mean'): string[] {
  const defaults = new Set<string>(DEFAULT_NATAL_BODIES);
  const ownNode = nodeType === 'true' ? 'true_node' : 'mean_node';
  return bodies.filter((id) => !defaults.has(id) && !ANGLES.has(id) && id !== ownNode);
}

export interface CastPerson {
  task: NatalTask;
  cast: NatalCast;
  /** The normalized points this chart has (angles only with a known time), in bodies_normalized order. */
  points: AspectPoint[];
  timeKnown: boolean;
}

export function castPerson(p: SynastryPerson, place: ResolvedPlace, settings: ResolvedSettings, loc: (string | number)[]): CastPerson {
  const request = personNatalRequest(p, place, settings, loc, featuresFor(settings.bodies_normalized, settings.node_type));
  const task: NatalTask = { request, place, includeMinor: false, includeStelliums: false };
  const cast = castNatal(task, birthMoment(request, place, loc));
  return { task, cast, points: chartPoints(cast, settings), timeKnown: cast.moment.timeKnown };
}

/** The chart's position of each normalized body id. */
export function chartPoints(cast: NatalCast, settings: ResolvedSettings): AspectPoint[] {
  const { chart } = cast;
  const ownNode = settings.node_type === 'true' ? 'true_node' : 'mean_node';
  const points: AspectPoint[] = [];
  for (const id of settings.bodies_normalized) {
    const h = chart.houses;
    if (ANGLES.has(id)) {
      if (!h) continue;
      const [lon, speed] =
        id === 'asc'
          ? [h.asc, h.ascSpeed]
          : id === 'dsc'
            ? [h.asc + 180, h.ascSpeed]
            : id === 'mc'
              ? [h.mc, h.mcSpeed]
              : id === 'ic'
                ? [h.mc + 180, h.mcSpeed]
                : [h.vertex, h.vertexSpeed];
      points.push({ id, lon: normalizeDegrees(lon), speed });
      continue;
    }
    const p = chart.points.find((q) => q.id === (id === ownNode ? 'north_node' : id));
    if (p) points.push({ id, lon: p.lon, speed: p.speed });
  }
  return points;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * What a contact is, whatever its orb: its id, keys and model facts depend on its two points and
 * its aspect only (a few thousand possible), so each is made once per thread and shared by every
 * answer (the arrays are never changed).
 */
interface ContactFacts {
  id: string;
  kind: 'planet_aspect' | 'angle_contact';
  pair_key: string;
  canonical_key: string;
  polarity: Polarity;
  polarity_confidence: number;
  categories: string[];
  domains: Domain[];
  themes: string[];
  text_key: string;
  is_angle_contact: boolean;
}
const contactFactsByKey = new Map<string, ContactFacts>();
function contactFacts(a: string, b: string, type: string): ContactFacts {
  const key = `a:${a}|b:${b}|${type}`;
  let facts = contactFactsByKey.get(key);
  if (facts === undefined) {
    const angleContact = ANGLES.has(a) || ANGLES.has(b);
    const pairKey = [a, b].sort().join('|');
    const { polarity, confidence } = contactPolarity(a, b, type);
    facts = {
      id: `aspect_${sha256(key)}`,
      kind: angleContact ? 'angle_contact' : 'planet_aspect',
      pair_key: pairKey,
      canonical_key: `${pairKey}|${type}`,
      polarity,
      polarity_confidence: confidence,
      categories: contactCategories(a, b),
      domains: contactDomains(a, b, polarity),
      themes: contactThemes(a, b),
      text_key: `${angleContact ? 'angle_contact' : 'aspect'}.a_${a}_${type}_b_${b}`,
      is_angle_contact: angleContact,
    };
    contactFactsByKey.set(key, facts);
  }
  return facts;
}

const round6 = (x: number) => Math.round(x * 1e6) / 1e6;
const MAX_ORB: Record<string, number> = Object.fromEntries(ASPECT_DEFINITIONS.map((d) => [d.type, d.orb]));

type Aspect = NonNullable<SynastryResponse['synastry']['aspects']>[number];
type Overlay = NonNullable<SynastryResponse['synastry']['house_overlays']>['a_in_b'][number];

/** The contacts of A's points with B's, strongest first (then canonical_key, a_point). */
export function synastryContacts(a: CastPerson, b: CastPerson, settings: ResolvedSettings): Aspect[] {
  const types: readonly AspectType[] = settings.aspect_set === 'all' ? ASPECT_TYPES : MAJOR_ASPECT_TYPES;
  let aPts = a.points,
    bPts = b.points;
  if (!settings.include.angle_contacts) {
    aPts = aPts.filter((p) => !ANGLES.has(p.id));
    bPts = bPts.filter((p) => !ANGLES.has(p.id));
  }
  const found = findAspectsBetween(aPts, bPts, { types });
  const labels = settings.include.display_point_labels;
  const aspectLabels = settings.include.display_aspect_labels;
  const out: Aspect[] = found.map((f) => {
    const c = contactFacts(f.p1, f.p2, f.type);
    const { strength, parts } = contactStrength(f.p1, f.p2, f.type, f.orb, MAX_ORB[f.type]!, f.is_applying);
    const sep = f.angle; // the points' angular distance, 0 to 180 (the aspect search's own)
    const separation = round6(sep),
      delta = round6(sep - f.deg),
      orb = round6(Math.abs(sep - f.deg));
    const weights = { ...parts, formula: STRENGTH_FORMULA };
    if (!labels && !aspectLabels) {
      // The usual answer: one literal, keys in the schema's order, no key to delete afterwards.
      return {
        id: c.id,
        kind: c.kind,
        a_point: f.p1,
        b_point: f.p2,
        pair_key: c.pair_key,
        canonical_key: c.canonical_key,
        aspect: f.type,
        aspect_angle_deg: f.deg,
        separation_deg: separation,
        delta_deg: delta,
        orb_deg: orb,
        applying: f.is_applying,
        strength,
        strength_label: strengthLabel(strength),
        polarity: c.polarity,
        polarity_confidence: c.polarity_confidence,
        categories: c.categories,
        domains: c.domains,
        themes: c.themes,
        weight_breakdown: weights,
        text_key: c.text_key,
        is_angle_contact: c.is_angle_contact,
      };
    }
    return {
      id: c.id,
      kind: c.kind,
      a_point: f.p1,
      b_point: f.p2,
      ...(labels ? { a_point_label: pointLabel(f.p1), b_point_label: pointLabel(f.p2) } : {}),
      pair_key: c.pair_key,
      canonical_key: c.canonical_key,
      aspect: f.type,
      ...(aspectLabels ? { aspect_label: aspectLabel(f.type) } : {}),
      aspect_angle_deg: f.deg,
      separation_deg: separation,
      delta_deg: delta,
      orb_deg: orb,
      applying: f.is_applying,
      strength,
      strength_label: strengthLabel(strength),
      polarity: c.polarity,
      polarity_confidence: c.polarity_confidence,
      categories: c.categories,
      domains: c.domains,
      themes: c.themes,
      weight_breakdown: weights,
      text_key: c.text_key,
      is_angle_contact: c.is_angle_contact,
    };
  });
  out.sort(
    (p, q) =>
      q.strength - p.strength || (p.canonical_key < q.canonical_key ? -1 : p.canonical_key > q.canonical_key ? 1 : 0) || (p.a_point < q.a_point ? -1 : 1),
  );
  return out;
}

const HOUSE_WEIGHT = (house: number) => (house % 3 === 1 ? 1 : house % 3 === 2 ? 0.75 : 0.5);

/** `owner`'s points in the other chart's houses (empty when the other's birth time is unknown). */
export function overlays(owner: 'a' | 'b', from: CastPerson, to: CastPerson): Overlay[] {
  const houses = to.cast.chart.houses;
  if (!houses) return [];
  const other = owner === 'a' ? 'b' : 'a';
  return from.points.map((p) => {
    const house = houseOf(p.lon, houses.cusps, houses.forward);
    const strength = Math.round(bodyWeight(p.id) * HOUSE_WEIGHT(house) * 1e4) / 1e4;
    return {
      id: `overlay_${owner}_${p.id}_in_${other}_${house}`,
      planet: p.id,
      point: p.id,
      target_house: house,
      house,
      distance_to_cusp_deg: round6(normalizeDegrees(p.lon - houses.cusps[house - 1]!)),
      strength,
      strength_label: strengthLabel(strength),
      text_key: `overlay.${owner}_${p.id}_in_${other}_${house}`,
    };
  });
}

const PERSONAL = new Set(['sun', 'moon', 'mercury', 'venus', 'mars']);

/** Reason codes of a contact (in this order): why it stands out. */
export function reasonCodes(c: Aspect): string[] {
  const codes: string[] = [];
  const has = (id: string) => c.a_point === id || c.b_point === id;
  if (c.orb_deg < 1) codes.push('STRENGTH_PERFECT');
  if (c.strength >= 0.6) codes.push('STRENGTH_HIGH');
  if (c.polarity === 'challenging') codes.push('FRICTION');
  if (c.polarity === 'supportive') codes.push('HARMONY');
  if (has('saturn') && (PERSONAL.has(c.a_point) || PERSONAL.has(c.b_point))) codes.push('SATURN_BINDING');
  if (has('pluto')) codes.push('TRANSFORMATION_INTENSITY');
  if (has('sun') || has('moon')) codes.push('LUMINARY_CONTACT');
  const byType: Record<string, string> = {
    square: 'SQUARE_TENSION',
    trine: 'TRINE_FLOW',
    conjunction: 'CONJUNCTION_EMPHASIS',
    sextile: 'SEXTILE_OPPORTUNITY',
    opposition: 'OPPOSITION_POLARITY',
  };
  if (byType[c.aspect]) codes.push(byType[c.aspect]!);
  return codes;
}

export const MAX_HIGHLIGHTS = 8;
export const HIGHLIGHT_MIN_STRENGTH = 0.35;

/** The core every synastry answer is made of. */
export interface SynastryCore {
  settings: ResolvedSettings;
  a: CastPerson;
  b: CastPerson;
  contacts: Aspect[];
  scores: ReturnType<typeof synastryScores>;
  archetype: ReturnType<typeof chooseArchetype>;
  warnings: string[];
  hash: string;
}

function scored(c: Aspect): ScoredContact {
  return {
    ref_id: c.id,
    symmetric_key: c.canonical_key,
    a_point: c.a_point,
    b_point: c.b_point,
    aspect: c.aspect,
    strength: c.strength,
    polarity: c.polarity,
    domains: c.domains,
  };
}

export function synastryCore(
  task: Pick<SynastryTask, 'person_a' | 'person_b' | 'settings' | 'places' | 'locs'>,
  settings = resolveSettings(task.settings),
): SynastryCore {
  const a = castPerson(task.person_a, task.places[0], settings, task.locs[0]);
  const b = castPerson(task.person_b, task.places[1], settings, task.locs[1]);
  // Scores and archetype read every contact of the settings, whatever the blocks shown.
  const contacts = synastryContacts(a, b, settings);
  const scoredContacts = contacts.map(scored);
  const scores = synastryScores(scoredContacts);
  const archetype = chooseArchetype(scores, scoredContacts);
  const warnings: string[] = [];
  for (const [who, person] of [
    ['person_a', a],
    ['person_b', b],
  ] as const) {
    for (const w of [...placeWarnings(person.task.place), ...person.cast.chart.warnings]) warnings.push(`${who}: ${w}`);
    if (!person.timeKnown) warnings.push(`${who}: birth time unknown: no angles, and no overlays in ${who}'s houses`);
  }
  const birth = (p: CastPerson) => ({ utc: p.cast.moment.utcIso, lat: p.task.place.lat, lng: p.task.place.lng, time_known: p.timeKnown });
  const hash = sha256(JSON.stringify({ a: birth(a), b: birth(b), settings: { ...settings, include: undefined, context: undefined } }));
  return { settings, a, b, contacts, scores, archetype, warnings, hash };
}

type NatalSnapshot = SynastryResponse['natal'] extends infer N ? (N extends { person_a: infer S } ? S : never) : never;

/** The person's natal answer: the bytes the natal endpoint writes (its one implementation), placed in the synastry answer as they are. */
function natalSnapshot(p: CastPerson): NatalSnapshot {
  return embeddedAnswer<NatalSnapshot>(writeNatalAnswer(p.task, p.cast));
}

function textBlock(contacts: Aspect[], aIn: Overlay[], bIn: Overlay[], settings: ResolvedSettings) {
  const byKey: Record<string, { title: string; summary: string }> = {};
  for (const c of contacts) byKey[c.text_key] = contactText(c.a_point, c.b_point, c.aspect);
  for (const o of aIn) byKey[o.text_key] = overlayText('a', o.point, o.house);
  for (const o of bIn) byKey[o.text_key] = overlayText('b', o.point, o.house);
  return { locale: settings.include.text_locale, tone: settings.include.text_tone, by_key: byKey };
}

function metaOf(core: SynastryCore, nowMs: number): SynastryResponse['meta'] {
  const s = core.settings;
  return {
    engine: ENGINE,
    ephemeris: { provider: 'swisseph', version: engineInfo().version },
    settings_resolved: {
      zodiac: s.zodiac,
      sidereal_ayanamsa: s.sidereal_ayanamsa,
      house_system: s.house_system,
      node_type: s.node_type,
      bodies_requested: s.bodies_requested,
      bodies_normalized: s.bodies_normalized,
      aspect_set: s.aspect_set,
      angle_aspect_set: s.aspect_set,
      strength_model: SYNASTRY_MODEL,
      overlay_strength_model: 'body_house_v1',
      angle_contacts_mode: s.include.angle_contacts ? 'inline' : 'off',
      coordinate_system: 'geocentric_ecliptic',
      include: s.include,
      context: s.context,
    },
    generated_at: new Date(nowMs).toISOString(),
    calculation_hash: core.hash,
    warnings: core.warnings,
    aliases: s.aliases,
  };
}

/** The answer of POST /api/v1/western/synastry, in the schema's key order. */
export function synastryAnswerObject(task: SynastryTask): SynastryResponse {
  const core = synastryCore(task);
  const { settings, a, b, contacts, scores, archetype } = core;
  const inc = settings.include;
  const aIn = overlays('a', a, b);
  const bIn = overlays('b', b, a);
  const text = inc.text ? textBlock(contacts, aIn, bIn, settings) : null;
  const aspectsById: Record<string, number> = {};
  if (inc.aspects)
    contacts.forEach((c, i) => {
      aspectsById[c.id] = i;
    });
  const highlights = contacts
    .filter((c) => c.strength >= HIGHLIGHT_MIN_STRENGTH)
    .slice(0, MAX_HIGHLIGHTS)
    .map((c) => ({ kind: 'aspect' as const, ref_id: c.id, reason_codes: reasonCodes(c) }));
  const words = ARCHETYPE_WORDS[archetype.id];
  const midpoints = inc.midpoints
    ? a.points.flatMap((p) => {
        const q = b.points.find((x) => x.id === p.id);
        if (!q) return [];
        const lon = nearMidpoint(p.lon, q.lon);
        const sign = signOf(lon);
        return [{ point: p.id, abs_pos: lon, sign: sign.abbr, sign_id: sign.id, pos: degreeInSign(lon) }];
      })
    : null;
  return {
    meta: metaOf(core, task.nowMs),
    natal: inc.natal_snapshots ? { person_a: natalSnapshot(a), person_b: natalSnapshot(b) } : null,
    synastry: {
      aspects: inc.aspects ? contacts : null,
      house_overlays: inc.house_overlays ? { a_planets_in_b_houses: aIn, b_planets_in_a_houses: bIn, a_in_b: aIn, b_in_a: bIn } : null,
      highlights,
      scores: inc.scores
        ? {
            overall: scores.overall,
            romance: scores.romance,
            communication: scores.communication,
            stability: scores.stability,
            intimacy: scores.intimacy,
            growth: scores.growth,
            tension: scores.tension,
            contributors: scores.contributors,
            model: SYNASTRY_MODEL,
            scoring_meta: { baseline: 50, range: [0, 100], method: 'weighted_aspect_sum_normalized' },
            ...(inc.scoring_bucket_definitions ? { bucket_definitions: BUCKET_DEFINITIONS } : {}),
          }
        : null,
      archetype: inc.archetype
        ? { id: archetype.id, confidence: archetype.confidence, drivers: archetype.drivers, label: words.label, one_liner: words.one_liner }
        : null,
      midpoints,
      text,
      index: { aspects_by_id: aspectsById },
    },
    text,
  };
}

export const MAX_SUMMARY_ITEMS = 5;

/** The answer of POST /api/v1/western/synastry/summary. */
export function synastrySummaryObject(task: SynastryTask): SynastrySummaryResponse {
  const core = synastryCore(task);
  const { scores, archetype, contacts } = core;
  const words = ARCHETYPE_WORDS[archetype.id];
  const item = (c: Aspect) => ({ ...contactText(c.a_point, c.b_point, c.aspect), ref_id: c.id });
  return {
    meta: { engine: ENGINE, generated_at: new Date(task.nowMs).toISOString(), calculation_hash: core.hash, warnings: core.warnings },
    subjects: { person_a: task.person_a.name ?? 'Person A', person_b: task.person_b.name ?? 'Person B' },
    summary: {
      scores: {
        overall: scores.overall,
        romance: scores.romance,
        communication: scores.communication,
        stability: scores.stability,
        intimacy: scores.intimacy,
        growth: scores.growth,
        tension: scores.tension,
      },
      archetype: { id: archetype.id, label: words.label, one_liner: words.one_liner, confidence: archetype.confidence },
      strengths: contacts
        .filter((c) => c.polarity === 'supportive')
        .slice(0, MAX_SUMMARY_ITEMS)
        .map(item),
      challenges: contacts
        .filter((c) => c.polarity === 'challenging')
        .slice(0, MAX_SUMMARY_ITEMS)
        .map(item),
    },
  };
}
