/**
 * Request and response schemas of the synastry family: POST /api/v1/western/synastry,
 * /synastry/summary and /synastry/horoscope. Each answer is declared once here and written by
 * synastry-endpoints.ts (schemaSerializer).
 */
import { z } from 'zod/v4';
import { birthFields, dstPolicy, houseSystem, isoDateTimeText, latitude, longitude, timeZoneName, ayanamsa } from '../../../requests/birth-schema.ts';
import { caseInsensitiveEnum } from '../../../requests/lenient-enum.ts';
import { queryBoolean } from '../../../requests/query-boolean.ts';
import { natalResponse } from '../natal/natal-schemas.ts';
import { ARCHETYPE_IDS, DOMAINS, POLARITIES, STRENGTH_LABELS } from '../../../astro/synastry-model.ts';

/** Bodies a request may list, by every name accepted (aliases resolve to the first form). */
export const SYNASTRY_BODY_NAMES = [
  'sun',
  'moon',
  'mercury',
  'venus',
  'mars',
  'jupiter',
  'saturn',
  'uranus',
  'neptune',
  'pluto',
  'true_node',
  'mean_node',
  'south_node',
  'chiron',
  'lilith',
  'true_lilith',
  'ceres',
  'pallas',
  'juno',
  'vesta',
  'pholus',
  'asc',
  'mc',
  'dsc',
  'ic',
  'vertex',
  'part_of_fortune',
] as const;
export const SYNASTRY_BODY_ALIASES: Record<string, string> = {
  node: '(node_type)',
  north_node: '(node_type)',
  dc: 'dsc',
  desc: 'dsc',
  ascendant: 'asc',
  midheaven: 'mc',
  black_moon: 'lilith',
  mean_lilith: 'lilith',
  fortune: 'part_of_fortune',
};
export const DEFAULT_SYNASTRY_BODIES = [
  'sun',
  'moon',
  'mercury',
  'venus',
  'mars',
  'jupiter',
  'saturn',
  'uranus',
  'neptune',
  'pluto',
  'asc',
  'mc',
  'node',
  'dsc',
  'ic',
] as const;
export const MAX_SYNASTRY_BODIES = 30;

const location = z
  .object({
    city: z.string().min(1).max(200).optional().describe('Place name, looked up in the gazetteer when lat/lng are not given.'),
    country: z.string().min(2).max(100).optional().describe('Country (ISO code or name) to narrow the city lookup.'),
    lat: latitude.optional(),
    lng: longitude.optional(),
    timezone: timeZoneName.optional().describe('IANA zone of the local time; used when the person has no tz_str (or AUTO).'),
    tz_str: timeZoneName.optional().describe('Alias of timezone.'),
  })
  .describe('Where the person was born: coordinates, or a city.');

/** The person block of the synastry family (peer spec §1), with the flat birth fields accepted too. */
export const synastryPerson = z
  .object({
    id: z
      .union([z.string().max(100), z.number()])
      .optional()
      .describe("A client's own id of the person; ignored."),
    name: z.string().max(200).optional().describe('Echoed at natal.person_*.subject.name (`User` when none).'),
    datetime: isoDateTimeText()
      .optional()
      .describe(
        "Birth moment: local `YYYY-MM-DDTHH:MM[:SS]` in the person's zone, or ISO with an offset (`1990-05-15T14:30:00+02:00`, the instant, shown in the zone), or a bare date (time unknown). Or send year, month, day, hour, minute.",
      ),
    location: location.optional(),
    tz_str: timeZoneName.optional().describe('IANA zone of the local time, or AUTO (default): the zone of the place.'),
    timezone: timeZoneName.optional().describe('Alias of tz_str.'),
    time_known: z
      .boolean()
      .optional()
      .describe('False when the birth time is unknown: no houses, angles or overlays for this person. Default true (false for a bare date).'),
    time_unknown: z.boolean().optional().describe('The opposite of time_known, as some clients send it.'),
    dst_policy: dstPolicy.optional(),
    year: birthFields.year.optional(),
    month: birthFields.month.optional(),
    day: birthFields.day.optional(),
    hour: birthFields.hour,
    minute: birthFields.minute,
    second: birthFields.second,
    city: birthFields.city,
    country: birthFields.country,
    lat: birthFields.lat,
    lng: birthFields.lng,
  })
  .describe('A person: name, datetime, location {city, lat, lng}, tz_str, time_known (or the flat birth fields year … minute, city, lat, lng).');
export type SynastryPerson = z.output<typeof synastryPerson>;

const includeFlags = z
  .object({
    natal_snapshots: z.boolean().optional().describe("natal.person_a / person_b: each person's natal answer. Default true; false: `natal` is null."),
    aspects: z.boolean().optional().describe('synastry.aspects (and index). Default true; false: null.'),
    house_overlays: z.boolean().optional().describe('synastry.house_overlays. Default true; false: null.'),
    angle_contacts: z.boolean().optional().describe('Contacts in which an angle (asc, mc, dsc, ic, vertex) takes part. Default true.'),
    midpoints: z.boolean().optional().describe('synastry.midpoints: the composite midpoint of each point both charts have. Default false (null).'),
    scores: z.boolean().optional().describe('synastry.scores. Default true; false: null.'),
    archetype: z.boolean().optional().describe('synastry.archetype. Default true; false: null.'),
    text: z.boolean().optional().describe('synastry.text.by_key and the top-level text.by_key: a title and summary for every text_key. Default false (null).'),
    text_locale: caseInsensitiveEnum(['en']).optional().describe('Language of the text: en (the only one).'),
    text_tone: caseInsensitiveEnum(['neutral']).optional().describe('Tone of the text: neutral (the only one).'),
    display_point_labels: z.boolean().optional().describe('Adds a_point_label and b_point_label (Venus, Ascendant) to each aspect. Default false.'),
    display_aspect_labels: z.boolean().optional().describe('Adds aspect_label (Square) to each aspect. Default false.'),
    strength_labels: z.boolean().optional().describe('Accepted and echoed: strength_label is always given.'),
    ranges: z.boolean().optional().describe('Accepted and echoed: adds nothing.'),
    scoring_bucket_definitions: z.boolean().optional().describe('Adds scores.bucket_definitions: what each score reads. Default false.'),
    synastry_bands: z.boolean().optional().describe('Accepted and echoed: bands are not served.'),
  })
  .describe('Which blocks the answer carries.');

export const synastrySettings = z
  .object({
    zodiac: caseInsensitiveEnum(['tropical', 'sidereal']).optional().describe('tropical (default) or sidereal.'),
    zodiac_type: caseInsensitiveEnum(['tropical', 'sidereal']).optional().describe('Alias of zodiac.'),
    sidereal_ayanamsa: ayanamsa.nullish(),
    house_system: houseSystem.optional().describe('House system of both charts (default placidus).'),
    node_type: caseInsensitiveEnum(['true', 'mean']).optional().describe("Which node `node` means, and the natal snapshots' node: true (default) or mean."),
    bodies: z
      .array(z.string().min(1).max(40))
      .min(1)
      .max(MAX_SYNASTRY_BODIES)
      .optional()
      .describe(
        `Points compared, at most ${MAX_SYNASTRY_BODIES}: ${SYNASTRY_BODY_NAMES.join(', ')}; aliases node and north_node (the node of node_type), dc, ascendant, midheaven, black_moon. Default: the ten planets, asc, mc, node, dsc, ic.`,
      ),
    aspect_set: caseInsensitiveEnum(['major', 'all'])
      .optional()
      .describe('major (default): conjunction, opposition, trine, square, sextile; all: with the minor aspects.'),
    include: includeFlags.optional(),
    context: z
      .object({
        relationship_goal: z.string().max(40).optional().describe('Echoed (default long_term).'),
        user_experience_level: z.string().max(40).optional().describe('Echoed (default beginner).'),
      })
      .optional()
      .describe('Who the answer is for; echoed in meta.settings_resolved.context.'),
  })
  .describe('What is compared and which blocks are answered; every value used is echoed in meta.settings_resolved.');

const examplePersonA = {
  name: 'Ada',
  datetime: '1990-05-17T08:15:00',
  location: { city: 'Lisbon', lat: 38.72, lng: -9.14 },
  tz_str: 'Europe/Lisbon',
  time_known: true,
};
const examplePersonB = { name: 'Ben', datetime: '1992-11-03T21:40:00', location: { city: 'London', lat: 51.5, lng: -0.12 }, tz_str: 'AUTO', time_known: true };

export const synastryRequest = z
  .object({
    person_a: synastryPerson,
    person_b: synastryPerson,
    settings: synastrySettings.optional(),
  })
  .meta({ id: 'SynastryRequest', example: { person_a: examplePersonA, person_b: examplePersonB, settings: { aspect_set: 'major', include: { text: true } } } });
export type SynastryRequest = z.output<typeof synastryRequest>;

export const synastrySummaryRequest = z
  .object({
    person_a: synastryPerson.optional(),
    person_b: synastryPerson.optional(),
    first_subject: synastryPerson.optional().describe('Alias of person_a.'),
    second_subject: synastryPerson.optional().describe('Alias of person_b.'),
    settings: synastrySettings.optional(),
  })
  .meta({ id: 'SynastrySummaryRequest', example: { person_a: examplePersonA, person_b: examplePersonB } });
export type SynastrySummaryRequest = z.output<typeof synastrySummaryRequest>;

export const synastryHoroscopeRequest = z
  .object({
    person_a: synastryPerson,
    person_b: synastryPerson,
    date: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'expected YYYY-MM-DD')
      .optional()
      .describe('The day (default: today in tz_str).'),
    tz_str: timeZoneName.optional().describe('IANA zone of the day (default UTC).'),
    settings: synastrySettings
      .pick({ zodiac: true, zodiac_type: true, sidereal_ayanamsa: true, house_system: true, node_type: true })
      .optional()
      .describe('Zodiac, ayanamsa, house system and node of both natal charts.'),
  })
  .meta({ id: 'SynastryHoroscopeRequest', example: { person_a: examplePersonA, person_b: examplePersonB, date: '2026-02-14', tz_str: 'Europe/Lisbon' } });
export type SynastryHoroscopeRequest = z.output<typeof synastryHoroscopeRequest>;

export const synastryHoroscopeQuery = z.object({
  relationship_context: caseInsensitiveEnum(['romantic', 'friendship'])
    .optional()
    .describe('romantic (default) or friendship: which domains the day is read in.'),
  include_timing: queryBoolean().describe("Adds each transit's activation window (orb entry, exact, orb exit). Default false."),
});

// ---------------------------------------------------------------------------------------------
// Answers

const flag = (what: string) => z.boolean().describe(what);
const resolvedInclude = z.object({
  natal_snapshots: flag('natal.person_a / person_b given'),
  aspects: flag('synastry.aspects given'),
  house_overlays: flag('synastry.house_overlays given'),
  angle_contacts: flag('Contacts with angles included'),
  midpoints: flag('synastry.midpoints given'),
  scores: flag('synastry.scores given'),
  archetype: flag('synastry.archetype given'),
  text: flag('text blocks given'),
  text_locale: z.string().describe('Language of the text (en)'),
  text_tone: z.string().describe('Tone of the text (neutral)'),
  display_point_labels: flag('Point labels on the contacts'),
  display_aspect_labels: flag('Aspect labels on the contacts'),
  strength_labels: flag('As sent (strength_label is always given)'),
  ranges: flag('As sent (adds nothing)'),
  scoring_bucket_definitions: flag('scores.bucket_definitions given'),
  synastry_bands: flag('As sent (bands are not served)'),
});

export const settingsResolved = z
  .object({
    zodiac: z.string().describe('tropical or sidereal'),
    sidereal_ayanamsa: z.string().nullable().describe('The ayanamsa of a sidereal zodiac; null for tropical'),
    house_system: z.string().describe('House system asked for'),
    node_type: z.string().describe('true or mean'),
    bodies_requested: z.array(z.string()).describe('The bodies as sent (or the default list)'),
    bodies_normalized: z.array(z.string()).describe('The point ids compared, aliases resolved, each once'),
    aspect_set: z.string().describe('major or all'),
    angle_aspect_set: z.string().describe('Aspects the angles take part in: the same set'),
    strength_model: z.string().describe('The model of the strengths and scores'),
    overlay_strength_model: z.string().describe("The model of the overlays' strengths"),
    angle_contacts_mode: z.string().describe('inline (angle contacts are in synastry.aspects, kind angle_contact) or off'),
    coordinate_system: z.string().describe('geocentric_ecliptic'),
    include: resolvedInclude.describe('Every include flag, resolved'),
    context: z
      .object({
        relationship_goal: z.string().describe('As sent, or long_term'),
        user_experience_level: z.string().describe('As sent, or beginner'),
      })
      .describe('As sent, or the defaults'),
  })
  .describe('Every setting used, defaults filled in');

export const synastryMeta = z
  .object({
    engine: z.object({ name: z.string().describe('Engine name'), version: z.string().describe('Engine version') }).describe("This service's synastry engine"),
    ephemeris: z
      .object({ provider: z.string().describe('swisseph'), version: z.string().describe('Swiss Ephemeris version') })
      .describe('The ephemeris library'),
    settings_resolved: settingsResolved,
    generated_at: z.string().describe('When the answer was made, UTC ISO 8601'),
    calculation_hash: z.string().describe('SHA-256 (hex) of the two births as read and the resolved settings: equal hashes, equal data'),
    warnings: z.array(z.string()).describe('Places chosen among namesakes, DST readings, house fallbacks, overlays left out for an unknown time'),
    aliases: z.record(z.string(), z.string()).describe('Body names of the request that were aliases, and what each became'),
  })
  .describe('How the answer was made');

const weightBreakdown = z
  .object({
    orb_weight: z.number().describe('1 − (orb_deg / max_orb_deg)²'),
    body_weight: z.number().describe('√(body_weight_a × body_weight_b)'),
    body_weight_a: z.number().describe("Weight of A's point"),
    body_weight_b: z.number().describe("Weight of B's point"),
    aspect_weight: z.number().describe('Weight of the aspect'),
    apply_bonus: z.number().describe('0.05 when applying, else 0'),
    formula: z.string().describe('How strength is made of these parts'),
  })
  .describe('The parts of strength');

export const synastryAspect = z
  .object({
    id: z.string().describe('aspect_ + SHA-256 (hex) of `a:<a_point>|b:<b_point>|<aspect>`'),
    kind: z.enum(['planet_aspect', 'angle_contact']).describe('angle_contact when an angle takes part'),
    a_point: z.string().describe('Point id of person A'),
    b_point: z.string().describe('Point id of person B'),
    a_point_label: z.string().optional().describe('With include.display_point_labels'),
    b_point_label: z.string().optional().describe('With include.display_point_labels'),
    pair_key: z.string().describe('The two ids in alphabetical order joined by |'),
    canonical_key: z.string().describe('pair_key|aspect'),
    aspect: z.string().describe('conjunction, opposition, trine, square, sextile, or a minor aspect with aspect_set all'),
    aspect_label: z.string().optional().describe('With include.display_aspect_labels'),
    aspect_angle_deg: z.number().describe('The exact angle of the aspect'),
    separation_deg: z.number().describe('Angular distance of the two points, 0 to 180'),
    delta_deg: z.number().describe('separation_deg − aspect_angle_deg (negative: inside the exact angle)'),
    orb_deg: z.number().describe('|delta_deg|'),
    applying: z.boolean().describe('The orb shrinks when each point moves at its natal daily speed'),
    strength: z.number().min(0).max(1).describe('0 to 1 (weight_breakdown)'),
    strength_label: z.enum(STRENGTH_LABELS).describe('very_strong ≥ 0.8, strong ≥ 0.6, moderate ≥ 0.4, weak ≥ 0.2, very_weak'),
    polarity: z.enum(POLARITIES).describe('supportive, challenging, mixed or neutral'),
    polarity_confidence: z.number().min(0).max(1).describe('How clear the polarity is, 0 to 1'),
    categories: z.array(z.string()).describe('Classes of the two points: luminary, personal, social, outer, node, angle, minor_body'),
    domains: z.array(z.enum(DOMAINS)).describe('Areas of the relationship the contact speaks to'),
    themes: z.array(z.string()).describe('Themes of the pair and of each point'),
    weight_breakdown: weightBreakdown,
    text_key: z.string().describe('aspect.a_<a>_<aspect>_b_<b> or angle_contact.a_<a>_<aspect>_b_<b>'),
    is_angle_contact: z.boolean().describe('True when an angle takes part'),
  })
  .describe("A contact between A's point and B's");

export const synastryOverlay = z
  .object({
    id: z.string().describe('overlay_a_sun_in_b_7'),
    planet: z.string().describe('Point id of the person whose point it is'),
    point: z.string().describe('The same as planet (the key some clients read)'),
    target_house: z.number().int().min(1).max(12).describe("House of the other person's chart the point falls in"),
    house: z.number().int().min(1).max(12).describe('The same as target_house'),
    distance_to_cusp_deg: z.number().describe("Degrees from that house's cusp forward to the point"),
    strength: z.number().min(0).max(1).describe('Point weight × house weight (angular 1, succedent 0.75, cadent 0.5)'),
    strength_label: z.enum(STRENGTH_LABELS).describe('As for the contacts'),
    text_key: z.string().describe('overlay.a_sun_in_b_7'),
  })
  .describe("A point in the other person's house");

const houseOverlays = z.object({
  a_planets_in_b_houses: z.array(synastryOverlay).describe("A's points in B's houses; empty when B's birth time is unknown"),
  b_planets_in_a_houses: z.array(synastryOverlay).describe("B's points in A's houses; empty when A's birth time is unknown"),
  a_in_b: z.array(synastryOverlay).describe('The same items as a_planets_in_b_houses'),
  b_in_a: z.array(synastryOverlay).describe('The same items as b_planets_in_a_houses'),
});

const scoreValue = (what = 'Score 0 to 100 (docs/api/synastry.md)') => z.number().int().min(0).max(100).describe(what);
export const synastryScores = z
  .object({
    overall: scoreValue('0.8 × the mean of the five domains + 0.2 × (100 − tension)'),
    romance: scoreValue('Romance, 0 to 100'),
    communication: scoreValue('Communication, 0 to 100'),
    stability: scoreValue('Stability, 0 to 100'),
    intimacy: scoreValue('Intimacy, 0 to 100'),
    growth: scoreValue('Growth, 0 to 100'),
    tension: scoreValue().describe('How much friction: higher is more'),
    contributors: z
      .array(
        z.object({
          ref_id: z.string().describe("A contact's id"),
          weight: z.number().describe('Its signed weight in the score'),
          bucket: z.string().describe('The score it counts in'),
        }),
      )
      .describe('The strongest contacts of each score (at most 3 each): signed weight, the score they count in'),
    model: z.string().describe('The scoring model'),
    scoring_meta: z
      .object({
        baseline: z.number().describe('Score with no contact'),
        range: z.array(z.number()).length(2).describe('Lowest and highest score, [0, 100]'),
        method: z.string().describe('How scores are made'),
      })
      .describe('The scale of the scores'),
    bucket_definitions: z.record(z.string(), z.string()).optional().describe('With include.scoring_bucket_definitions'),
  })
  .describe('The seven scores, integers 0 to 100');

export const synastryArchetype = z
  .object({
    id: z.enum(ARCHETYPE_IDS).describe('One of the 14 archetypes'),
    confidence: z.number().min(0).max(1).describe('0.3 to 0.95: how clearly the rule holds'),
    drivers: z
      .array(
        z.object({
          kind: z.enum(['score', 'aspect']).describe('A score or a contact'),
          ref_id: z.string().describe("The score's name or the contact's id"),
          weight: z.number().describe("Score / 100, or the contact's strength"),
        }),
      )
      .describe('What chose it'),
    label: z.string().describe('Its name'),
    one_liner: z.string().describe('It in one sentence'),
  })
  .describe('The kind of relationship the charts describe');

const textEntry = z.object({ title: z.string().describe('Short title'), summary: z.string().describe('One or two sentences') });
const textBlock = z
  .object({
    locale: z.string().describe('en'),
    tone: z.string().describe('neutral'),
    by_key: z.record(z.string(), textEntry).describe('Text of every text_key of the answer'),
  })
  .describe('Text of the contacts and overlays');

/** A person's natal answer as POST /api/v1/natal/calculate writes it for the synastry's settings (no optional block of the natal request). */
export const natalSnapshot = natalResponse.omit({
  stelliums: true,
  dominants: true,
  declination_aspects: true,
  fixed_stars: true,
  interpretation: true,
  report: true,
});

export const synastryResponse = z.object({
  meta: synastryMeta,
  natal: z
    .object({ person_a: natalSnapshot.describe("A's natal answer"), person_b: natalSnapshot.describe("B's natal answer") })
    .nullable()
    .describe("Each person's natal answer (as POST /api/v1/natal/calculate); null with include.natal_snapshots false"),
  synastry: z
    .object({
      aspects: z.array(synastryAspect).nullable().describe("A's points to B's, strongest first; null with include.aspects false"),
      house_overlays: houseOverlays.nullable().describe('null with include.house_overlays false'),
      highlights: z
        .array(
          z.object({
            kind: z.literal('aspect').describe('aspect'),
            ref_id: z.string().describe("The contact's id"),
            reason_codes: z.array(z.string()).describe('Why it stands out'),
          }),
        )
        .describe('The strongest contacts (strength ≥ 0.35, at most 8)'),
      scores: synastryScores.nullable().describe('null with include.scores false'),
      archetype: synastryArchetype.nullable().describe('null with include.archetype false'),
      midpoints: z
        .array(
          z.object({
            point: z.string().describe('Point id'),
            abs_pos: z.number().describe('Longitude of the nearer midpoint'),
            sign: z.string().describe('Sign abbreviation'),
            sign_id: z.string().describe('Sign id'),
            pos: z.number().describe('Degrees into the sign'),
          }),
        )
        .nullable()
        .describe('With include.midpoints'),
      text: textBlock.nullable().describe('With include.text'),
      index: z.object({ aspects_by_id: z.record(z.string(), z.number().int()).describe('Contact id → its index in aspects') }).describe('Lookups'),
    })
    .describe('The comparison'),
  text: textBlock.nullable().describe('The same as synastry.text (clients read either)'),
});
export type SynastryResponse = z.output<typeof synastryResponse>;

const strengthItem = z.object({
  title: z.string().describe('Short title of the contact'),
  summary: z.string().describe('What it means, in a sentence or two'),
  ref_id: z.string().describe("The contact's id in the full synastry answer"),
});
export const synastrySummaryResponse = z.object({
  meta: synastryMeta.pick({ engine: true, generated_at: true, calculation_hash: true, warnings: true }).describe('How the answer was made'),
  subjects: z.object({ person_a: z.string().describe("A's name"), person_b: z.string().describe("B's name") }).describe('The two names'),
  summary: z
    .object({
      scores: synastryScores
        .pick({ overall: true, romance: true, communication: true, stability: true, intimacy: true, growth: true, tension: true })
        .describe('The seven scores of the full answer'),
      archetype: synastryArchetype.pick({ id: true, label: true, one_liner: true, confidence: true }).describe('The archetype of the full answer'),
      strengths: z.array(strengthItem).describe('The strongest supportive contacts, at most 5'),
      challenges: z.array(strengthItem).describe('The strongest challenging contacts, at most 5'),
    })
    .describe('The relationship in brief'),
});
export type SynastrySummaryResponse = z.output<typeof synastrySummaryResponse>;

const instant = z.object({ utc: z.string().describe('UTC, to the second'), local: z.string().describe('In tz_str, with its offset') });
const tone = () =>
  z.enum(['supportive', 'challenging', 'mixed', 'quiet']).describe('supportive or challenging (65 % of the strength or more), mixed, or quiet (no transit)');

export const horoscopeTransit = z.object({
  id: z.string().describe('transit_<body>_<aspect>_<target>_<point>'),
  transit_point: z.string().describe('The transiting planet'),
  target: z.enum(['person_a', 'person_b', 'composite']).describe('Whose point it aspects'),
  natal_point: z.string().describe('The point aspected'),
  aspect: z.string().describe('conjunction, opposition, square, trine or sextile'),
  aspect_angle_deg: z.number().describe('The exact angle of the aspect'),
  separation_deg: z.number().describe('Angular distance at the reference time, 0 to 180'),
  orb_deg: z.number().describe('Distance from exact at the reference time'),
  applying: z.boolean().describe('The orb shrinks at the reference time'),
  strength: z.number().min(0).max(1).describe('As for the synastry contacts, 0 to 1'),
  strength_label: z.enum(STRENGTH_LABELS).describe('very_strong … very_weak'),
  polarity: z.enum(POLARITIES).describe('supportive, challenging, mixed or neutral'),
  domains: z.array(z.string()).describe("The context's domains it speaks to"),
  timing: z
    .object({
      orb_entry: instant.nullable().describe('null when it lies beyond the search bound'),
      exact: instant.nullable().describe("The exact hit nearest the day's reference time; null when the window has none"),
      orb_exit: instant.nullable().describe('null when it lies beyond the search bound'),
      exact_count: z.number().int().describe('Exact hits inside the window (up to 3 with a retrograde loop)'),
      duration_hours: z.number().nullable().describe('orb_exit − orb_entry; null when either is beyond the bound'),
      trigger_phase: z
        .enum(['applying', 'exact', 'separating', 'within_orb'])
        .describe('Where the reference time lies: before the hit, at it, after it, or in a window without one'),
    })
    .optional()
    .describe('With include_timing'),
});

const personOfDay = (who: string) =>
  z
    .object({
      name: z.string().describe(`${who}'s name`),
      time_known: z.boolean().describe('False for an untimed birth'),
      sun_sign: z.string().describe('Sign of the Sun'),
      moon_sign: z.string().describe('Sign of the Moon'),
      rising_sign: z.string().nullable().describe('Sign of the Ascendant; null when the birth time is unknown'),
    })
    .describe(`${who} in brief`);

export const synastryHoroscopeResponse = z.object({
  meta: z
    .object({
      date: z.string().describe('The day, YYYY-MM-DD'),
      tz_str: z.string().describe('Its zone'),
      relationship_context: z.string().describe('romantic or friendship'),
      include_timing: z.boolean().describe('Whether windows were searched'),
      reference_time: instant.describe('Local noon of the day: where the transits are cast'),
      orbs: z.record(z.string(), z.number()).describe('Orb of each aspect, degrees'),
      settings_resolved: z
        .object({
          zodiac: z.string().describe('tropical or sidereal'),
          sidereal_ayanamsa: z.string().nullable().describe('The ayanamsa; null for tropical'),
          house_system: z.string().describe('House system of the natal charts'),
          node_type: z.string().describe('true or mean'),
        })
        .describe("The natal charts' settings"),
      warnings: z.array(z.string()).describe('Untimed births and other notes'),
      calculation_hash: z.string().describe('SHA-256 (hex) of the births, the day, the zone and the options'),
    })
    .describe('The day and how it was read'),
  persons: z.object({ person_a: personOfDay('A'), person_b: personOfDay('B') }).describe('The two people'),
  composite: z
    .object({
      points: z
        .array(
          z.object({
            id: z.string().describe('Planet id'),
            abs_pos: z.number().describe('Longitude of the nearer midpoint'),
            sign: z.string().describe('Sign abbreviation'),
            sign_id: z.string().describe('Sign id'),
            pos: z.number().describe('Degrees into the sign'),
          }),
        )
        .describe('The ten planets'),
    })
    .describe('Midpoint composite (nearer midpoints) of the ten planets'),
  transits: z.array(horoscopeTransit).describe('Transits of the day to A, B and the composite, strongest first'),
  domains: z
    .array(
      z.object({
        id: z.string().describe('Domain of the context'),
        score: z.number().int().min(0).max(100).describe('Bucket score of its transits, 0 to 100'),
        tone: tone(),
        transit_ids: z.array(z.string()).describe('Its strongest transits, at most 5'),
      }),
    )
    .describe("The context's domains for the day"),
  summary: z
    .object({
      score: z.number().int().min(0).max(100).describe('Mean of the domain scores'),
      tone: tone(),
      headline: z.string().describe('The day in a sentence'),
    })
    .describe('The day in brief'),
});
export type SynastryHoroscopeResponse = z.output<typeof synastryHoroscopeResponse>;

// ---------------------------------------------------------------------------------------------
// Cards: POST /api/v1/western/synastrycards

const cardBlock = z.object({
  title: z.string().describe('Short title'),
  one_liner: z.string().describe('The reading in one sentence'),
  insight: z.string().describe('What it means for the pair'),
});

export const synastryCardsResponse = z.object({
  meta: z
    .object({
      calculation: z
        .object({
          zodiac: z.string().describe('tropical or sidereal'),
          house_system: z.string().describe('House system of both charts'),
          node_type: z.string().describe('true or mean'),
          aspect_set: z.string().describe('major or all'),
          strength_model: z.string().describe('The model of the strengths and scores'),
        })
        .describe('How the two charts were compared'),
      generated_at: z.string().describe('When the answer was made, UTC ISO 8601'),
      report_id: z.string().describe('syn_ + the first 16 hex digits of calculation_hash: the same pair and settings, the same id'),
      calculation_hash: z.string().describe('As in POST /api/v1/western/synastry'),
      engine: z.object({ name: z.string().describe('Engine name'), version: z.string().describe('Engine version') }).describe("This service's synastry engine"),
      warnings: z.array(z.string()).describe('As in POST /api/v1/western/synastry'),
    })
    .describe('How the answer was made'),
  summary: z
    .object({
      archetype: synastryArchetype.pick({ id: true, label: true, one_liner: true, confidence: true }).describe('The archetype of the full answer'),
      scores: synastryScores
        .pick({ overall: true, romance: true, communication: true, stability: true, intimacy: true, growth: true, tension: true })
        .describe('The seven scores of the full answer'),
      strengths: z.array(z.string()).describe('Titles of the strongest supportive contacts, at most 5'),
      challenges: z.array(z.string()).describe('Titles of the strongest challenging contacts, at most 5'),
      narrative: z.string().describe('The relationship in a few sentences: the archetype, the overall score, the strongest help and the strongest strain'),
      drivers_by_domain: z
        .record(
          z.string(),
          z.array(
            z.object({
              key: z.string().describe("The contact's card key (aspect.a_sun_trine_b_moon)"),
              label: z.string().describe('The contact in words'),
              contribution: z.number().describe('Its signed weight in the score (the full answer’s contributors)'),
            }),
          ),
        )
        .describe('For each score (romance, communication, stability, intimacy, growth, tension) its strongest contacts, at most 3'),
      bands: z
        .object({
          rules_version: z.string().describe('cards_v1'),
          theme: z.string().describe('The archetype’s label'),
          core: z.string().describe('The strongest supportive contact, or a quiet note'),
          shadow: z.string().describe('The strongest challenging contact, or a quiet note'),
          bond_tone: z.string().describe('The bond’s tone by the overall score'),
          core_dynamic: z.string().describe('The same as core'),
          watch_for: z.string().describe('The same as shadow'),
        })
        .describe('The relationship in three phrases, under both names clients read (theme/core/shadow and bond_tone/core_dynamic/watch_for)'),
    })
    .describe('The relationship in brief'),
  aspects: z
    .array(
      z.object({
        key: z.string().describe('aspect.a_<a>_<aspect>_b_<b> (angle_contact.… for an angle)'),
        aspect_id: z.string().describe("The contact's id in the full synastry answer"),
        label: z.string().describe('The contact in words'),
        rank: z.number().int().describe('1 for the strongest'),
        strength: z.number().min(0).max(1).describe('Percentile of its strength among this pair’s contacts, 0-1'),
        strength_value: z.number().min(0).max(1).describe('Its strength, 0-1 (the full answer’s)'),
        polarity: z.string().describe('supportive, challenging, mixed or neutral'),
        polarity_score: z.number().min(-1).max(1).describe('+ polarity_confidence supportive, − challenging, 0 mixed or neutral'),
        abs_polarity: z.number().min(0).max(1).describe('|polarity_score|'),
        dominant: z.enum(['supportive', 'challenging']).describe('The block that leads'),
        domains: z.array(z.string()).describe('Areas of the relationship it speaks to'),
        display_policy: z.enum(['expanded', 'collapsed']).describe('expanded for the five strongest, else collapsed'),
        default_block: z.enum(['supportive', 'challenging']).describe('The block to show first: the dominant one'),
        blocks: z
          .object({
            supportive: cardBlock.describe('The reading of what helps the pair'),
            challenging: cardBlock.describe('The reading of what strains the pair'),
          })
          .describe('What helps and what to watch'),
      }),
    )
    .describe('Every contact, strongest first'),
});
export type SynastryCardsResponse = z.output<typeof synastryCardsResponse>;
