/**
 * A day's reading from its factors: the scores and their reasons, the lucky planet with its
 * colour, number and planetary hour, the theme, the text, keywords, advice and highlights. Shared
 * by the personal horoscopes (transits to a birth chart) and the sign horoscope (the sign's solar
 * chart); the rules and tables are src/astro/horoscope-model.ts, the words the daily library's.
 */
import { bodyInfo } from '../../../astro/bodies.ts';
import { julianDayFromUtcMs, resolveCivilTime } from '../../../astro/civil-time.ts';
import { nextRiseOrSet } from '../../../astro/ephemeris.ts';
import {
  HOROSCOPE_DIMENSIONS,
  MOON_HOUSE_EMPHASIS,
  MOON_HOUSE_WEIGHT,
  OVERALL_TRANSIT_WEIGHT,
  PHASE_WEIGHTS,
  PLANET_COLOURS,
  PLANET_NUMBERS,
  WEEKDAY_RULERS,
  isClassical,
  levelOf,
  relevance,
  scoreOf,
  type ClassicalPlanet,
  type HoroscopeDimension,
} from '../../../astro/horoscope-model.ts';
import { daylightHours } from '../../../astro/planetary-hours.ts';
import { SIGNS, signIndexOf } from '../../../astro/zodiac.ts';
import { dailyEntry, dailyVariant } from '../../../interpretations/daily/daily-library.ts';
import { dailyKeys, type Tone } from '../../../interpretations/daily/daily-keys.ts';
import { aspectFamily } from '../../../interpretations/keys.ts';
import type { Contact, DayFrame, DaySky } from './horoscope-day.ts';
import { localIsoOf } from './horoscope-day.ts';
import type { DailyPersonalAnswer } from './horoscope-schemas.ts';

type Data = DailyPersonalAnswer['data'];
type Driver = Data['score_factors'][number]['drivers'][number];

const round4 = (x: number) => Math.round(x * 1e4) / 1e4;
const ordinal = (n: number) => `${n}${n === 1 ? 'st' : n === 2 ? 'nd' : n === 3 ? 'rd' : 'th'}`;
export const pointName = (id: string) => bodyInfo(id).name;
export const aspectName = (type: string) => type[0]!.toUpperCase() + type.slice(1);
const PHASE_LABELS: Record<string, string> = {
  new_moon: 'New Moon',
  waxing_crescent: 'Waxing Crescent',
  first_quarter: 'First Quarter',
  waxing_gibbous: 'Waxing Gibbous',
  full_moon: 'Full Moon',
  waning_gibbous: 'Waning Gibbous',
  last_quarter: 'Last Quarter',
  balsamic: 'Balsamic (Waning Crescent)',
};
export const DIMENSION_LABELS: Record<HoroscopeDimension, string> = { love: 'Love', career: 'Career', money: 'Money', health: 'Health' };

export interface ReadingInput {
  kind: 'personal' | 'sign';
  frame: DayFrame;
  sky: DaySky;
  /** Strongest first. */
  contacts: Contact[];
  moonHouse: number;
  /** The reader's seed (variant.ts): the same person reads the same words on the same day. */
  seed: number;
  /** The natal point as the text names it: "your Moon", or "your sign". */
  pointPhrase: (natal: string) => string;
  /** Where the planetary hours are reckoned. */
  place: { lat: number; lng: number };
  /** The sign of the solar chart's 1st house (sign horoscopes). */
  solarSignIndex?: number | undefined;
}

export interface Reading {
  scores: Data['scores'];
  score_factors: Data['score_factors'];
  lucky: Data['lucky'];
  content: Data['content'];
  astro: Data['astro'];
  focus: HoroscopeDimension[];
  /** Sentences of the transits (the first is in the text), by contact index. */
  transitSentences: string[];
  warnings: string[];
}

/** A contact's key and label, as the drivers and highlights name it. */
export function contactKey(c: Contact, kind: ReadingInput['kind']): string {
  return kind === 'personal' ? `transit_${c.transiting}_${c.aspect}_${c.natal}` : `sign_aspect_${c.transiting}_${c.aspect}`;
}
export function contactLabel(c: Contact, input: Pick<ReadingInput, 'kind' | 'pointPhrase'>): string {
  if (input.kind === 'sign') {
    const where = SIGNS[signIndexOf(c.transitingLon)]!.name;
    return c.aspect === 'conjunction' ? `${pointName(c.transiting)} in your sign` : `${pointName(c.transiting)} in ${where}, ${c.aspect} your sign`;
  }
  return `${pointName(c.transiting)} ${c.aspect} ${input.pointPhrase(c.natal)}`;
}

/** A transit's sentence from the daily library, with its natal point named. */
export function transitSentence(c: Contact, input: Pick<ReadingInput, 'frame' | 'seed' | 'pointPhrase'>): string {
  const entry = dailyEntry(dailyKeys.transit(c.transiting, aspectFamily(c.aspect)!));
  return dailyVariant(entry, input.frame.dayNumber, input.seed).replace(/\{point\}/g, input.pointPhrase(c.natal));
}

function byWeight(a: Driver, b: Driver) {
  return Math.abs(b.weight) - Math.abs(a.weight) || (a.key < b.key ? -1 : 1);
}

function scoresAndFactors(input: ReadingInput) {
  const { contacts, moonHouse, sky, kind } = input;
  const phaseWeight = PHASE_WEIGHTS[sky.phase.key]!;
  const phaseDriver: Driver = {
    type: 'moon_phase',
    key: `moon_phase_${sky.phase.key}`,
    label: PHASE_LABELS[sky.phase.key]!,
    weight: phaseWeight,
    intensity: Math.abs(phaseWeight) / 0.15,
  };
  // Each contact's id, label and orb made once: the five sums reuse them.
  const named = new Map(contacts.map((c) => [c, { key: contactKey(c, kind), label: contactLabel(c, input), orb: Math.round(c.orb * 1e4) / 1e4 }]));
  const transitDriver = (c: Contact, weight: number): Driver => {
    const n = named.get(c)!;
    return {
      type: kind === 'personal' ? 'transit' : 'sign_aspect',
      key: n.key,
      label: n.label,
      weight: round4(weight),
      intensity: round4(c.strength),
      ...(kind === 'personal' ? { orb_deg: n.orb } : {}),
    };
  };
  const factors: { dimension: 'overall' | HoroscopeDimension; score: number; drivers: Driver[] }[] = [];
  // overall: every transit's signed strength, and the phase
  {
    const drivers = contacts.filter((c) => c.sign !== 0).map((c) => transitDriver(c, c.strength * c.sign * OVERALL_TRANSIT_WEIGHT));
    if (phaseWeight !== 0) drivers.push(phaseDriver);
    factors.push({ dimension: 'overall', score: scoreOf(drivers.reduce((s, d) => s + d.weight, 0)), drivers });
  }
  for (const dimension of HOROSCOPE_DIMENSIONS) {
    const drivers: Driver[] = [];
    for (const c of contacts) {
      const r = relevance(dimension, c.transiting, c.natal);
      if (r > 0 && c.sign !== 0) drivers.push(transitDriver(c, r * c.strength * c.sign));
    }
    const emphasis = MOON_HOUSE_EMPHASIS[dimension][moonHouse] ?? 0;
    if (emphasis > 0)
      drivers.push({
        type: 'moon_house',
        key: `moon_house_${moonHouse}`,
        label: `The Moon in your ${ordinal(moonHouse)} ${kind === 'personal' ? 'house' : 'solar house'}`,
        weight: round4(emphasis * MOON_HOUSE_WEIGHT),
        intensity: emphasis,
      });
    if (phaseWeight !== 0) drivers.push(phaseDriver);
    factors.push({ dimension, score: scoreOf(drivers.reduce((s, d) => s + d.weight, 0)), drivers });
  }
  return factors.map((f) => ({ ...f, drivers: f.drivers.sort(byWeight) }));
}

/** The classical planet of the strongest supportive transit, else the weekday's ruler. */
function luckyPlanetOf(input: ReadingInput): ClassicalPlanet {
  for (const c of input.contacts) if (c.sign > 0 && isClassical(c.transiting)) return c.transiting;
  return WEEKDAY_RULERS[input.frame.weekday]!;
}

const SUN = bodyInfo('sun').se!;
const clock = (iso: string) => iso.slice(11, 16);

/** The lucky planet's first daylight planetary hour; equal hours from 06:00 to 18:00 where the Sun does not both rise and set that day. */
function timeWindowOf(planet: ClassicalPlanet, input: ReadingInput, warnings: string[]): Data['lucky']['time_window'] {
  const { frame, place } = input;
  const startJd = julianDayFromUtcMs(frame.startMs);
  const endJd = julianDayFromUtcMs(frame.endMs);
  const rise = nextRiseOrSet(startJd - 1e-7, SUN, 'rise', place.lat, place.lng);
  const set = rise !== undefined && rise < endJd ? nextRiseOrSet(rise, SUN, 'set', place.lat, place.lng) : undefined;
  let from: number, to: number, method: 'planetary_hour' | 'equal_hours';
  if (rise !== undefined && rise < endJd && set !== undefined && set - rise < 1) {
    [from, to, method] = [rise, set, 'planetary_hour'];
  } else {
    const at = (h: number) =>
      julianDayFromUtcMs(
        resolveCivilTime({ year: frame.year, month: frame.month, day: frame.day, hour: h, minute: 0, second: 0 }, frame.zone, 'shift_forward').utcMs,
      );
    [from, to, method] = [at(6), at(18), 'equal_hours'];
    warnings.push(
      `The Sun does not both rise and set at ${place.lat.toFixed(2)}°, ${place.lng.toFixed(2)}° on ${frame.date}: the lucky hour is counted in equal hours from 06:00 to 18:00.`,
    );
  }
  const hour = daylightHours(from, to, frame.weekday).find((h) => h.ruler === planet)!;
  const start = localIsoOf(hour.start, frame.zone);
  const end = localIsoOf(hour.end, frame.zone);
  return { display: `${clock(start)}-${clock(end)}`, start, end, tz: frame.zone, planet: pointName(planet), method };
}

function toneOf(score: number): Tone {
  return score >= 55 ? 'supportive' : score <= 45 ? 'challenging' : 'mixed';
}

export function readDay(input: ReadingInput): Reading {
  const { frame, sky, contacts, seed, kind } = input;
  const warnings: string[] = [];
  const factors = scoresAndFactors(input);
  const score = (d: 'overall' | HoroscopeDimension) => factors.find((f) => f.dimension === d)!.score;
  const scores = { overall: score('overall'), love: score('love'), career: score('career'), money: score('money'), health: score('health') };
  const variant = (key: string) => dailyVariant(dailyEntry(key), frame.dayNumber, seed);

  const score_factors = factors.map((f) => {
    const top = f.drivers[0];
    return {
      dimension: f.dimension,
      reason: {
        main: variant(dailyKeys.reason(f.dimension, levelOf(f.score))),
        secondary: top
          ? `Strongest factor: ${top.label} (${top.weight > 0 ? '+' : ''}${top.weight}).`
          : 'No transit within orb and no lunar emphasis touches this score today.',
      },
      drivers: f.drivers.slice(0, 5),
    };
  });

  // The areas by emphasis (distance from 50), the first two the day's focus.
  const ranked = [...HOROSCOPE_DIMENSIONS].sort((a, b) => Math.abs(scores[b] - 50) - Math.abs(scores[a] - 50));
  const lead = ranked[0]!;
  const quiet = Math.abs(scores[lead] - 50) < 5;
  const themeEntry = dailyEntry(quiet ? dailyKeys.quiet() : dailyKeys.theme(lead, toneOf(scores[lead])));
  const focus = quiet ? [] : ranked.slice(0, 2).filter((d) => Math.abs(scores[d] - 50) >= 5);

  const transitSentences = contacts.slice(0, 3).map((c) => transitSentence(c, input));
  const moonSign = SIGNS[sky.moonSignIndex]!;
  const text = [
    dailyVariant(themeEntry, frame.dayNumber, seed),
    ...(transitSentences[0] ? [transitSentences[0]] : []),
    variant(dailyKeys.moon(moonSign.id)),
    variant(dailyKeys.phase(sky.phase.key)),
  ].join(' ');
  const advised = quiet ? ranked.slice(0, 2) : [lead, ranked[1]!];
  const keywords = [
    ...new Set([...themeEntry.themes, ...(contacts[0] ? dailyEntry(dailyKeys.transit(contacts[0].transiting, aspectFamily(contacts[0].aspect)!)).themes : [])]),
  ].slice(0, 6);

  const planet = luckyPlanetOf(input);
  const lucky = {
    color: PLANET_COLOURS[planet],
    number: PLANET_NUMBERS[planet],
    time_window: timeWindowOf(planet, input, warnings),
    planet: { key: planet, label: pointName(planet) },
  };

  const highlights: Data['astro']['highlights'] = [
    { type: 'moon_sign', key: `moon_in_${moonSign.id}`, label: `Moon in ${moonSign.name}` },
    { type: 'moon_phase', key: sky.phase.key, label: PHASE_LABELS[sky.phase.key]! },
  ];
  for (const c of contacts.slice(0, 3)) {
    if (kind === 'personal') highlights.push({ type: 'transit', key: contactKey(c, kind), label: contactLabel(c, input) });
    else {
      const at = sky.planets.find((p) => p.id === c.transiting)!;
      const house = ((signIndexOf(at.lon) - input.solarSignIndex! + 12) % 12) + 1;
      highlights.push({
        type: 'planet_in_house',
        key: `${c.transiting}_house_${house}`,
        label: `${pointName(c.transiting)} in your ${ordinal(house)} solar house`,
      });
    }
  }
  for (const p of sky.planets) {
    if (p.id === 'sun' || p.id === 'moon') continue;
    const stationary = Math.abs(p.speed) < (bodyInfo(p.id).stationaryBelow ?? 0);
    if (stationary) highlights.push({ type: 'station', key: `${p.id}_stationary`, label: `${pointName(p.id)} stationary` });
    else if (p.speed < 0) highlights.push({ type: 'retrograde', key: `${p.id}_retrograde`, label: `${pointName(p.id)} retrograde` });
  }

  return {
    scores,
    score_factors,
    lucky,
    content: {
      text,
      theme: themeEntry.title,
      keywords,
      do: advised.map((d) => variant(dailyKeys.do(d))),
      dont: advised.map((d) => variant(dailyKeys.dont(d))),
      supporting_insights: transitSentences.slice(1),
    },
    astro: {
      moon_sign: { key: moonSign.id, label: moonSign.name },
      moon_phase: { key: sky.phase.key, label: PHASE_LABELS[sky.phase.key]! },
      moon_phase_angle: Math.round(sky.phase.angle * 1e4) / 1e4,
      moon_house: input.moonHouse,
      highlights,
    },
    focus,
    transitSentences,
    warnings,
  };
}
