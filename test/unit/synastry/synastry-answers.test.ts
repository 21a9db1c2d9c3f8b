/**
 * The synastry family's answers, through the compute tasks (runTask): over random births with
 * every option, each answer parses against its strict schema and together they hold every field;
 * the model is symmetric (A and B swapped: overlays and contact sides swap, scores and archetype
 * stay); the natal snapshots are the natal answer's own bytes; bad input is a field error.
 */
import { describe, expect, it } from 'vitest';
import { initEphemeris } from '../../../src/astro/ephemeris.ts';
import { runTask, type TaskFieldError } from '../../../src/pool-tasks.ts';
import { natalAnswerBytes } from '../../../src/features/western/natal/natal-answer.ts';
import { synastryHoroscopeResponse, synastryResponse, synastrySummaryResponse } from '../../../src/features/western/synastry/synastry-schemas.ts';
import { castPerson, resolveSettings } from '../../../src/features/western/synastry/synastry-service.ts';
import type { ResolvedPlace } from '../../../src/requests/place.ts';
import { assertAnswerContract, schemaFields } from '../../helpers/answer-contract.ts';
import { seededRandom } from '../../helpers/seeded-random.ts';

initEphemeris();
const random = seededRandom(47_2026);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const coin = () => random() < 0.5;
const pad = (n: number) => String(n).padStart(2, '0');

const PLACES = [
  { lat: 38.72, lng: -9.14, zone: 'Europe/Lisbon' },
  { lat: -33.87, lng: 151.21, zone: 'Australia/Sydney' },
  { lat: 69.65, lng: 18.96, zone: 'Europe/Oslo' },
  { lat: 40.71, lng: -74.01, zone: 'America/New_York' },
  { lat: 28.61, lng: 77.21, zone: 'Asia/Kolkata' },
];
const place = (p: { lat: number; lng: number; zone: string }, named = false): ResolvedPlace =>
  named
    ? {
        city: 'Somewhere',
        country: 'PT',
        region: 'Lisboa',
        lat: p.lat,
        lng: p.lng,
        source: 'gazetteer',
        zone: p.zone,
        ambiguity: "city 'Somewhere' names places in several countries",
      }
    : { city: null, country: null, region: undefined, lat: p.lat, lng: p.lng, source: 'request', zone: p.zone, ambiguity: undefined };
/** 01:30 on 27 October 1985 occurs twice in New York. */
const FOLD: TestPerson = {
  person: { name: 'Fold', datetime: '1985-10-27T01:30:00', location: { lat: 40.71, lng: -74.01 }, tz_str: 'America/New_York' },
  place: place({ lat: 40.71, lng: -74.01, zone: 'America/New_York' }),
};

interface TestPerson {
  person: Record<string, unknown>;
  place: ResolvedPlace;
}

function randomPerson(i: number): TestPerson {
  const p = pick(PLACES);
  const date = `${1930 + Math.floor(random() * 90)}-${pad(1 + Math.floor(random() * 12))}-${pad(1 + Math.floor(random() * 28))}`;
  const time = `${pad(Math.floor(random() * 24))}:${pad(Math.floor(random() * 60))}`;
  const form = i % 4;
  const person =
    form === 0
      ? { name: `P${i}`, datetime: `${date}T${time}:00`, location: { lat: p.lat, lng: p.lng }, tz_str: p.zone }
      : form === 1
        ? { name: `P${i}`, datetime: `${date}T${time}:00+02:00`, location: { lat: p.lat, lng: p.lng, timezone: p.zone } }
        : form === 2
          ? { datetime: date, location: { lat: p.lat, lng: p.lng }, time_unknown: true }
          : {
              name: `P${i}`,
              year: +date.slice(0, 4),
              month: +date.slice(5, 7),
              day: +date.slice(8, 10),
              hour: +time.slice(0, 2),
              minute: +time.slice(3),
              lat: p.lat,
              lng: p.lng,
              tz_str: p.zone,
            };
  return { person, place: place(p, i % 5 === 4) };
}

const ALL_BODIES = [
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
  'chiron',
  'lilith',
  'vertex',
  'dsc',
  'ic',
  'south_node',
  'ceres',
  'part_of_fortune',
  'mean_node',
];

function randomSettings() {
  return {
    zodiac: pick(['tropical', 'sidereal'] as const),
    house_system: pick(['placidus', 'whole_sign', 'koch', 'equal'] as const) as never,
    node_type: pick(['true', 'mean'] as const),
    aspect_set: pick(['major', 'all'] as const),
    bodies: coin() ? undefined : ALL_BODIES.filter(() => random() < 0.7),
    include: {
      natal_snapshots: random() < 0.8,
      aspects: random() < 0.85,
      house_overlays: random() < 0.85,
      angle_contacts: coin(),
      midpoints: coin(),
      scores: random() < 0.85,
      archetype: random() < 0.85,
      text: coin(),
      display_point_labels: coin(),
      display_aspect_labels: coin(),
      scoring_bucket_definitions: coin(),
    },
  };
}

const bytes = (outcome: Uint8Array | TaskFieldError): Uint8Array => {
  if (!(outcome instanceof Uint8Array)) throw new Error(`refused: ${JSON.stringify(outcome)}`);
  return outcome;
};
const parse = (b: Uint8Array) => JSON.parse(Buffer.from(b).toString('utf8'));
const locs = [
  ['body', 'person_a'],
  ['body', 'person_b'],
] as [string[], string[]];

function synastryTask(a: TestPerson, b: TestPerson, settings?: unknown) {
  return { person_a: a.person, person_b: b.person, settings, places: [a.place, b.place], locs, nowMs: Date.UTC(2026, 10, 25) } as never;
}

describe('synastry answers', () => {
  it('POST /api/v1/western/synastry: every option, random births, strict schema, every field', () => {
    const answers: Uint8Array[] = [];
    for (let i = 0; i < 40; i++)
      answers.push(bytes(runTask('synastry', synastryTask(i === 0 ? FOLD : randomPerson(2 * i), i === 1 ? FOLD : randomPerson(2 * i + 1), randomSettings()))));
    const report = assertAnswerContract(synastryResponse, answers, {
      absent: {
        'natal.person_a.planets[].dignity': 'include_dignity is not a synastry option',
        'natal.person_b.planets[].dignity': 'idem',
        'natal.person_a.planets[].dignities': 'idem',
        'natal.person_b.planets[].dignities': 'idem',
        'natal.person_a.planets[].dignities[]': 'idem',
        'natal.person_b.planets[].dignities[]': 'idem',
      },
      // The natal answer's provenance is a loose object unless its schema declares its keys.
      loose: schemaFields(synastryResponse).includes('natal.person_a.provenance.engine')
        ? {}
        : { 'natal.person_a.provenance': "the natal answer's provenance is loose", 'natal.person_b.provenance': 'idem' },
      order: false,
    });
    // Only the natal answer (written on its tape in its own order) differs from its schema's order.
    for (const problem of report.orderProblems) expect(problem).toMatch(/^natal\.person_[ab]\./);
  });

  it('the snapshots are the natal answer itself', () => {
    const a = randomPerson(0),
      b = randomPerson(1);
    const answer = parse(bytes(runTask('synastry', synastryTask(a, b))));
    const cast = castPerson(a.person, a.place, resolveSettings(undefined), locs[0]);
    expect(answer.natal.person_a).toEqual(parse(natalAnswerBytes(cast.task)));
    // Byte for byte: the natal answer's bytes are placed in the synastry answer, not read back and written again.
    expect(Buffer.from(bytes(runTask('synastry', synastryTask(a, b)))).includes(Buffer.from(natalAnswerBytes(cast.task)))).toBe(true);
  });

  it('summary and horoscope: every option, strict schema, every field', () => {
    const summaries: Uint8Array[] = [];
    const days: Uint8Array[] = [];
    for (let i = 0; i < 16; i++) {
      const a = randomPerson(4 * i),
        b = randomPerson(4 * i + (i % 2 ? 2 : 1));
      summaries.push(bytes(runTask('synastry_summary', synastryTask(a, b, coin() ? randomSettings() : undefined))));
      const date = `${2000 + Math.floor(random() * 40)}-${pad(1 + Math.floor(random() * 12))}-${pad(1 + Math.floor(random() * 28))}`;
      days.push(
        bytes(
          runTask('synastry_horoscope', {
            request: {
              person_a: a.person,
              person_b: b.person,
              date: i === 0 ? undefined : date,
              tz_str: pick(['UTC', 'Europe/Lisbon', 'Asia/Kolkata', 'America/New_York']),
              settings: coin() ? { zodiac: 'sidereal', sidereal_ayanamsa: 'fagan_bradley' } : undefined,
            },
            places: [a.place, b.place],
            context: i % 2 ? 'friendship' : 'romantic',
            includeTiming: i % 3 !== 0,
            nowMs: Date.UTC(2026, 10, 25, 23, 30),
          }),
        ),
      );
    }
    assertAnswerContract(synastrySummaryResponse, summaries);
    assertAnswerContract(synastryHoroscopeResponse, days);
  });

  it('is symmetric: swapping A and B swaps overlays and contact sides, keeps scores and archetype', () => {
    for (let i = 0; i < 20; i++) {
      const a = randomPerson(10 + 2 * i),
        b = randomPerson(11 + 2 * i);
      const settings = { ...randomSettings(), include: { text: true } };
      const ab = parse(bytes(runTask('synastry', synastryTask(a, b, settings)))).synastry;
      const ba = parse(bytes(runTask('synastry', synastryTask(b, a, settings)))).synastry;
      const { contributors: c1, ...s1 } = ab.scores;
      const { contributors: c2, ...s2 } = ba.scores;
      expect(s2).toEqual(s1);
      expect(c2.length).toBe(c1.length);
      expect({ id: ba.archetype.id, confidence: ba.archetype.confidence }).toEqual({ id: ab.archetype.id, confidence: ab.archetype.confidence });
      const side = (x: any) => `${x.a_point}>${x.b_point}|${x.aspect}|${x.strength}|${x.applying}|${x.polarity}`;
      const mirrored = (x: any) => `${x.b_point}>${x.a_point}|${x.aspect}|${x.strength}|${x.applying}|${x.polarity}`;
      expect(ba.aspects.map(side).sort()).toEqual(ab.aspects.map(mirrored).sort());
      const overlay = (o: any) => `${o.planet}@${o.target_house}`;
      expect(ba.house_overlays.a_planets_in_b_houses.map(overlay)).toEqual(ab.house_overlays.b_planets_in_a_houses.map(overlay));
      expect(ba.house_overlays.b_in_a.map(overlay)).toEqual(ab.house_overlays.a_in_b.map(overlay));
    }
  });

  it('serves both overlay key sets with the same items, and none in the houses of an untimed birth', () => {
    const a = randomPerson(0),
      b = { person: { datetime: '1991-03-04', location: { lat: 51.5, lng: -0.12 } }, place: place({ lat: 51.5, lng: -0.12, zone: 'Europe/London' }) };
    const answer = parse(bytes(runTask('synastry', synastryTask(a, b))));
    const o = answer.synastry.house_overlays;
    expect(o.a_in_b).toEqual([]);
    expect(o.b_in_a).toEqual(o.b_planets_in_a_houses);
    expect(o.b_in_a.length).toBeGreaterThan(0);
    for (const item of o.b_in_a) {
      expect(item.point).toBe(item.planet);
      expect(item.house).toBe(item.target_house);
    }
    expect(answer.meta.warnings).toContain("person_b: birth time unknown: no angles, and no overlays in person_b's houses");
    expect(answer.synastry.aspects.some((x: any) => x.b_point === 'asc')).toBe(false);
  });

  it('resolves aliases and echoes them; include false gives null blocks', () => {
    const a = randomPerson(0),
      b = randomPerson(4);
    const settings = {
      bodies: ['Sun', 'node', 'DC', 'moon', 'sun'],
      node_type: 'mean',
      include: { natal_snapshots: false, aspects: false, house_overlays: false, scores: false, archetype: false },
    };
    const answer = parse(bytes(runTask('synastry', synastryTask(a, b, settings))));
    expect(answer.meta.settings_resolved.bodies_normalized).toEqual(['sun', 'mean_node', 'dsc', 'moon']);
    expect(answer.meta.aliases).toEqual({ Sun: 'sun', node: 'mean_node', DC: 'dsc' });
    expect(answer.natal).toBeNull();
    expect([answer.synastry.aspects, answer.synastry.house_overlays, answer.synastry.scores, answer.synastry.archetype, answer.text]).toEqual([
      null,
      null,
      null,
      null,
      null,
    ]);
  });

  it('refuses bad input with the field named', () => {
    const a = randomPerson(0),
      b = randomPerson(1);
    const refused = (outcome: Uint8Array | TaskFieldError) => outcome as TaskFieldError;
    expect(refused(runTask('synastry', synastryTask(a, b, { bodies: ['sun', 'planet_x'] }))).loc).toEqual(['body', 'settings', 'bodies', 1]);
    expect(refused(runTask('synastry', synastryTask(a, { ...b, person: { location: { lat: 1, lng: 2 } } }))).loc).toEqual(['body', 'person_b', 'datetime']);
    expect(
      refused(runTask('synastry', synastryTask(a, { ...b, person: { datetime: '1990-01-01', time_known: true, location: { lat: 1, lng: 2 } } }))).loc,
    ).toEqual(['body', 'person_b', 'datetime']);
  });

  it('an instant with an offset is the same birth as its local time in the zone', () => {
    const p = place({ lat: 40.71, lng: -74.01, zone: 'America/New_York' });
    const local = {
      person: { datetime: '1985-10-27T01:30:00', location: { lat: 40.71, lng: -74.01 }, tz_str: 'America/New_York', dst_policy: 'later' },
      place: p,
    };
    // 01:30 occurs twice that night in New York (the end of DST); -05:00 is the second (standard time) one.
    const instant = { person: { datetime: '1985-10-27T01:30:00-05:00', location: { lat: 40.71, lng: -74.01 }, tz_str: 'America/New_York' }, place: p };
    const other = randomPerson(3);
    const x = parse(bytes(runTask('synastry', synastryTask(local, other))));
    const y = parse(bytes(runTask('synastry', synastryTask(instant, other))));
    expect(y.natal.person_a.subject.datetime_utc).toBe('1985-10-27T06:30:00.000Z');
    expect(y.natal.person_a.subject.datetime_utc).toBe(x.natal.person_a.subject.datetime_utc);
  });
});
