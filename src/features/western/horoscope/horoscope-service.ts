/**
 * The horoscopes' answers: runs in a compute worker (or inline). A personal horoscope casts the
 * birth chart as the natal endpoint does (its moment and chart functions), reads the day's transits to its ten planets
 * and (with the birth time) its Ascendant and Midheaven, and the Moon's natal house; the sign
 * horoscope reads the day for the sign's solar chart. The reading itself is horoscope-reading.ts.
 */
import { randomUUID } from 'node:crypto';
import type { AspectPoint } from '../../../astro/aspects.ts';
import { TEN_PLANETS } from '../../../astro/bodies.ts';
import { julianDayFromUtcMs } from '../../../astro/civil-time.ts';
import { HOROSCOPE_DIMENSIONS, HOROSCOPE_MODEL, HOROSCOPE_ORBS } from '../../../astro/horoscope-model.ts';
import { houseOf } from '../../../astro/house-placement.ts';
import { SIGNS, signIndexOf } from '../../../astro/zodiac.ts';
import { getLibrary } from '../../../interpretations/library.ts';
import { aspectFamily, keys } from '../../../interpretations/keys.ts';
import { chartSeed, fnv1a, pick } from '../../../interpretations/variant.ts';
import { placeWarnings, type ResolvedPlace } from '../../../requests/place.ts';
import { RequestFieldError } from '../../../requests/request-error.ts';
import { birthMoment } from '../../../requests/moment.ts';
import { castChart } from '../../../requests/cast.ts';
import { zodiacOf } from '../../../requests/chart-request.ts';
import type { NatalRequest } from '../natal/natal-schemas.ts';
import { TROPICAL, type ZodiacSetting } from '../../../astro/ephemeris.ts';
import {
  OUTSIDE_FINDER_WARNING,
  withinFinderYears,
  contactExact,
  contactTiming,
  dayAfter,
  localIsoOf,
  nextMoonIngress,
  signAspects,
  skyAtNoon,
  transitsInOrb,
  type Contact,
  type DayFrame,
  type DaySky,
} from './horoscope-day.ts';
import { DIMENSION_LABELS, aspectName, contactKey, contactLabel, pointName, readDay, transitSentence, type Reading } from './horoscope-reading.ts';
import type {
  DailyPersonalAnswer,
  DailyPersonalV2Answer,
  DailyPersonalV3Answer,
  DailySignAnswer,
  DailySignV2Answer,
  HoroscopeBirth,
  WeeklyPersonalAnswer,
} from './horoscope-schemas.ts';
import { publicDailyPersonal, publicDailySign } from './horoscope-public-v2.ts';

const ENGINE = { name: 'horoscope', version: HOROSCOPE_MODEL };
/** How many transits the answers list. */
const TOP = 5;

/** What a personal horoscope's task carries across the thread boundary: the birth, its place (zone looked up), the day(s), the request's echo. */
export interface PersonalTask {
  birth: HoroscopeBirth;
  place: ResolvedPlace;
  frame: DayFrame;
  locale: string;
  interpretationBlocks: boolean;
  requestId: string;
  nowMs: number;
}

export interface SignTask {
  sign: string;
  frame: DayFrame;
  place: { lat: number; lng: number };
  locale: string;
  version: 'v1' | 'v2';
  requestId: string;
  nowMs: number;
  warnings: string[];
}

export const newRequestId = () => randomUUID();

/** `hour`/`minute` or their aliases `hours`/`minutes`: one value, or a 422 naming both spellings. */
function clockOf(birth: HoroscopeBirth): { hour: number | undefined; minute: number | undefined } {
  const one = (a: number | undefined, b: number | undefined, name: string, alias: string) => {
    if (a !== undefined && b !== undefined && a !== b)
      throw new RequestFieldError(
        ['body', 'birth', name],
        `${name} (${a}) and ${alias} (${b}) are two spellings of one field with different values; send one of them`,
        'value_error.conflict',
      );
    return a ?? b;
  };
  return { hour: one(birth.hour, birth.hours, 'hour', 'hours'), minute: one(birth.minute, birth.minutes, 'minute', 'minutes') };
}

interface PersonalChart {
  zodiac: ZodiacSetting;
  targets: AspectPoint[];
  timed: boolean;
  sunSignIndex: number;
  seed: number;
  moonHouse: (moonLon: number) => number;
  warnings: string[];
}

function personalChart(task: PersonalTask): PersonalChart {
  const { birth, place } = task;
  const { hours: _h, minutes: _m, ...rest } = birth;
  const request: NatalRequest = {
    ...rest,
    ...clockOf(birth),
    house_system: birth.house_system ?? 'placidus',
    zodiac_type: birth.zodiac_type ?? 'tropical',
    node_type: 'mean',
  };
  // The natal endpoint's moment and chart (birthMoment, castChart), for the ten planets only: the horoscope reads no other point.
  const moment = birthMoment(request, place, ['body', 'birth']);
  const zodiac = zodiacOf(request);
  const chart = castChart(moment, place, { zodiac, houseSystem: request.house_system, points: TEN_PLANETS, nodeVariant: 'mean' });
  const houses = chart.houses;
  const planets = chart.points;
  const targets: AspectPoint[] = planets.map((p) => ({ id: p.id, lon: p.lon, speed: 0 }));
  if (houses) targets.push({ id: 'asc', lon: houses.asc, speed: 0 }, { id: 'mc', lon: houses.mc, speed: 0 });
  const sunSignIndex = signIndexOf(planets.find((p) => p.id === 'sun')!.lon);
  const warnings = [...chart.warnings, ...placeWarnings(place)];
  if (!houses)
    warnings.push(
      "Birth time unknown: no natal Ascendant, Midheaven or houses; the Moon's house is counted in whole signs from the Sun's sign, and the confidence is 0.7.",
    );
  return {
    zodiac,
    targets,
    timed: houses !== undefined,
    sunSignIndex,
    seed: chartSeed({ datetime_utc: moment.utcIso, location: { lat: place.lat, lng: place.lng } }),
    moonHouse: (lon) => (houses ? houseOf(lon, houses.cusps, houses.forward) : ((signIndexOf(lon) - sunSignIndex + 12) % 12) + 1),
    warnings,
  };
}

const yourPoint = (id: string) => `your ${pointName(id)}`;

interface PersonalDay {
  frame: DayFrame;
  sky: DaySky;
  contacts: Contact[];
  reading: Reading;
}

function readPersonalDay(chart: PersonalChart, frame: DayFrame, place: ResolvedPlace): PersonalDay {
  const sky = skyAtNoon(frame, chart.zodiac);
  const contacts = transitsInOrb(sky, chart.targets);
  const moonLon = sky.planets[1]!.lon;
  const reading = readDay({
    kind: 'personal',
    frame,
    sky,
    contacts,
    moonHouse: chart.moonHouse(moonLon),
    seed: chart.seed,
    pointPhrase: yourPoint,
    place,
  });
  return { frame, sky, contacts, reading };
}

function localeWarnings(locale: string): string[] {
  return locale.toLowerCase().startsWith('en') ? [] : [`locale '${locale}' is not written: the texts are in English.`];
}

function metaOf<V extends string>(frame: DayFrame, task: { locale: string; requestId: string; nowMs: number }, version: V, warnings: string[]) {
  return {
    request_id: task.requestId,
    generated_at: new Date(task.nowMs).toISOString(),
    settings: {
      tz_str: frame.zone,
      timezone: frame.zone,
      locale: task.locale,
      date_resolved: frame.date,
      version,
      orb_policy: { ...HOROSCOPE_ORBS },
      model: HOROSCOPE_MODEL,
    },
    cache: { hit: false, ttl_seconds: frame.today ? Math.max(0, Math.round((frame.endMs - task.nowMs) / 1000)) : 86_400 },
    engine: { ...ENGINE },
    warnings,
  };
}

const keyLabel = (id: string) => ({ key: id, label: pointName(id) });

/** The interpretation library's entry of a transit (the natal and transits answers' texts), its body chosen by the chart's seed. */
function interpretationOf(c: Contact, seed: number) {
  const key = keys.transit(c.transiting, aspectFamily(c.aspect)!, c.natal);
  const entry = getLibrary().entries.get(key);
  return entry ? { key, title: entry.title, body: pick(entry.body, seed, key), themes: entry.themes } : undefined;
}

function transitTop(c: Contact, sentence: string, exactJd: number | undefined, zone: string, seed: number) {
  const entry = interpretationOf(c, seed);
  const exact = exactJd === undefined ? null : localIsoOf(exactJd, zone);
  return {
    transit_planet: keyLabel(c.transiting),
    natal_planet: keyLabel(c.natal),
    aspect: { key: c.aspect, label: aspectName(c.aspect) },
    orb_deg: Math.round(c.orb * 1e6) / 1e6,
    score: Math.round(c.strength * 100),
    intensity: Math.round(c.strength * 1e4) / 1e4,
    explanation: {
      main: sentence,
      supporting: [...(entry ? [entry.title] : []), ...(exact ? [`Exact at ${exact}.`] : [])],
      tags: entry ? entry.themes : [],
    },
    is_applying: c.applying,
    exact_at: exact,
  };
}

function sunSignName(index: number) {
  return SIGNS[index]!.name;
}

/** The v2 answer, in the public service's v2 shape (horoscope-public-v2.ts). */
export function computeDailyPersonalV2(task: PersonalTask): DailyPersonalV2Answer {
  return publicDailyPersonal(computeDailyPersonal(task, 'v2'));
}

/** The legacy v1 answer: v2's data with the reading's own numbers (orb_policy, intensity). */
export function computeDailyPersonalV1(task: PersonalTask): DailyPersonalAnswer {
  return computeDailyPersonal(task, 'v1');
}

function computeDailyPersonal(task: PersonalTask, version: 'v1' | 'v2'): DailyPersonalAnswer {
  const chart = personalChart(task);
  const day = readPersonalDay(chart, task.frame, task.place);
  const { reading } = day;
  const top = day.contacts.slice(0, TOP).map((c, i) => {
    const exact = contactExact(c, task.frame, chart.zodiac);
    return transitTop(c, reading.transitSentences[i] ?? transitSentenceFor(c, task.frame, chart.seed), exact, task.frame.zone, chart.seed);
  });
  return {
    meta: metaOf(task.frame, task, version, [...chart.warnings, ...reading.warnings, ...finderWarnings(task.frame), ...localeWarnings(task.locale)]),
    data: {
      sign: sunSignName(chart.sunSignIndex),
      date: task.frame.date,
      scores: reading.scores,
      score_factors: reading.score_factors,
      lucky: reading.lucky,
      content: reading.content,
      astro: reading.astro,
      personal: { transits_top: top, focus_areas: reading.focus, confidence_score: chart.timed ? 1 : 0.7 },
    },
  };
}

function transitSentenceFor(c: Contact, frame: DayFrame, seed: number): string {
  return transitSentence(c, { frame, seed, pointPhrase: yourPoint });
}

/** The Moon's next sign ingress after noon, as the v3 answer's next shift; null outside the finder's years. */
function nextShift(day: PersonalDay, zodiac: ZodiacSetting) {
  const ingress = nextMoonIngress(day.frame, day.sky, zodiac);
  if (!ingress) return null;
  const sign = SIGNS[ingress.signIndex]!;
  return { kind: 'moon_ingress' as const, at: localIsoOf(ingress.jd, day.frame.zone), sign: { key: sign.id, label: sign.name } };
}

/** The finder's warning, when the day is outside its years. */
const finderWarnings = (frame: DayFrame) => (withinFinderYears(frame) ? [] : [OUTSIDE_FINDER_WARNING]);

export function computeDailyPersonalV3(task: PersonalTask): DailyPersonalV3Answer {
  const chart = personalChart(task);
  const day = readPersonalDay(chart, task.frame, task.place);
  const { reading, frame } = day;
  const startJd = julianDayFromUtcMs(frame.startMs);
  const endJd = julianDayFromUtcMs(frame.endMs);
  const exactToday: DailyPersonalV3Answer['data']['timeline']['exact_today'] = [];
  const top = day.contacts.slice(0, TOP).map((c, i) => {
    const timing = contactTiming(c, frame, chart.zodiac);
    const e = timing.exact;
    if (e !== undefined && e >= startJd && e < endJd)
      exactToday.push({ key: contactKey(c, 'personal'), label: contactLabel(c, { kind: 'personal', pointPhrase: yourPoint }), at: localIsoOf(e, frame.zone) });
    const base = transitTop(c, reading.transitSentences[i] ?? transitSentenceFor(c, frame, chart.seed), timing.exact, frame.zone, chart.seed);
    const interpretation = task.interpretationBlocks ? interpretationOf(c, chart.seed) : undefined;
    return {
      ...base,
      window: {
        start: timing.entry === undefined ? null : localIsoOf(timing.entry, frame.zone),
        end: timing.exit === undefined ? null : localIsoOf(timing.exit, frame.zone),
      },
      ...(interpretation ? { interpretation } : {}),
    };
  });
  exactToday.sort((a, b) => (a.at < b.at ? -1 : 1));
  const dominant = [...HOROSCOPE_DIMENSIONS]
    .map((d) => ({ key: d, label: DIMENSION_LABELS[d], score: reading.scores[d], emphasis: Math.abs(reading.scores[d] - 50) }))
    .sort((a, b) => b.emphasis - a.emphasis);
  return {
    meta: metaOf(frame, task, 'v3', [...chart.warnings, ...reading.warnings, ...finderWarnings(frame), ...localeWarnings(task.locale)]),
    data: {
      sign: sunSignName(chart.sunSignIndex),
      date: frame.date,
      scores: reading.scores,
      score_factors: reading.score_factors,
      lucky: reading.lucky,
      content: reading.content,
      astro: reading.astro,
      personal: { transits_top: top, focus_areas: reading.focus, confidence_score: chart.timed ? 1 : 0.7 },
      timeline: { exact_today: exactToday, next_shift: nextShift(day, chart.zodiac) },
      dominant_topics: dominant,
    },
  };
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

export function computeWeeklyPersonal(task: PersonalTask): WeeklyPersonalAnswer {
  const chart = personalChart(task);
  const days = Array.from({ length: 7 }, (_, i) => readPersonalDay(chart, dayAfter(task.frame, i), task.place));
  const mean = (d: keyof Reading['scores']) => Math.round(days.reduce((s, x) => s + x.reading.scores[d], 0) / 7);
  const scores = { overall: mean('overall'), love: mean('love'), career: mean('career'), money: mean('money'), health: mean('health') };
  const best = days.reduce((a, b) => (b.reading.scores.overall > a.reading.scores.overall ? b : a));
  const hardest = days.reduce((a, b) => (b.reading.scores.overall < a.reading.scores.overall ? b : a));

  // Each transit at its strongest day of the week.
  const peaks = new Map<string, { contact: Contact; day: PersonalDay }>();
  for (const day of days)
    for (const c of day.contacts) {
      const key = contactKey(c, 'personal');
      const seen = peaks.get(key);
      if (!seen || c.strength > seen.contact.strength) peaks.set(key, { contact: c, day });
    }
  const strongest = [...peaks.values()]
    .sort((a, b) => b.contact.strength - a.contact.strength || (contactKey(a.contact, 'personal') < contactKey(b.contact, 'personal') ? -1 : 1))
    .slice(0, TOP);
  const top = strongest.map(({ contact, day }) => {
    const exact = contactExact(contact, day.frame, chart.zodiac);
    const { exact_at, ...base } = transitTop(contact, transitSentenceFor(contact, day.frame, chart.seed), exact, day.frame.zone, chart.seed);
    const interpretation = task.interpretationBlocks ? interpretationOf(contact, chart.seed) : undefined;
    return { ...base, peak_date: day.frame.date, exact_at, ...(interpretation ? { interpretation } : {}) };
  });

  // The week's words: the mid-week day's theme and advice, the strongest transit, the best and hardest days.
  const middle = days[3]!.reading;
  const weekday = (d: PersonalDay) => `${WEEKDAYS[d.frame.weekday]} ${d.frame.date}`;
  const dayLine =
    best === hardest
      ? `The days of the week score alike overall (${best.reading.scores.overall}).`
      : `The brightest day looks like ${weekday(best)} (overall ${best.reading.scores.overall}); the most demanding, ${weekday(hardest)} (${hardest.reading.scores.overall}).`;
  const ranked = [...HOROSCOPE_DIMENSIONS].sort((a, b) => Math.abs(scores[b] - 50) - Math.abs(scores[a] - 50));
  // Each warning once: a polar night says the same of every day.
  const warnings = [
    ...new Set([...chart.warnings, ...days.flatMap((d) => [...d.reading.warnings, ...finderWarnings(d.frame)]), ...localeWarnings(task.locale)]),
  ];
  return {
    meta: metaOf(task.frame, task, 'v3', warnings),
    data: {
      sign: sunSignName(chart.sunSignIndex),
      week_start: days[0]!.frame.date,
      week_end: days[6]!.frame.date,
      scores,
      days: days.map((d) => ({
        date: d.frame.date,
        weekday: WEEKDAYS[d.frame.weekday]!,
        scores: d.reading.scores,
        theme: d.reading.content.theme,
        moon_sign: d.reading.astro.moon_sign,
      })),
      best_day: best.frame.date,
      challenging_day: hardest.frame.date,
      content: {
        text: [middle.content.text.split(/(?<=[.!?])\s+/)[0]!, ...(top[0] ? [top[0].explanation.main] : []), dayLine].join(' '),
        theme: middle.content.theme,
        keywords: middle.content.keywords,
        do: middle.content.do,
        dont: middle.content.dont,
        supporting_insights: top.slice(1, 3).map((t) => `${t.explanation.main} (strongest on ${t.peak_date})`),
      },
      personal: {
        transits_top: top,
        focus_areas: ranked.slice(0, 2).filter((d) => Math.abs(scores[d] - 50) >= 5),
        confidence_score: chart.timed ? 1 : 0.7,
      },
    },
  };
}

/** The sign horoscope: v1 with the reading's own numbers, v2 in the public service's v2 shape. */
export function computeDailySign(task: SignTask & { version: 'v1' }): DailySignAnswer;
export function computeDailySign(task: SignTask & { version: 'v2' }): DailySignV2Answer;
export function computeDailySign(task: SignTask): DailySignAnswer | DailySignV2Answer;
export function computeDailySign(task: SignTask): DailySignAnswer | DailySignV2Answer {
  const answer = computeOwnDailySign(task);
  return task.version === 'v2' ? publicDailySign(answer) : answer;
}

function computeOwnDailySign(task: SignTask): DailySignAnswer {
  const signIndex = SIGNS.findIndex((s) => s.id === task.sign);
  const frame = task.frame;
  const sky = skyAtNoon(frame, TROPICAL);
  const contacts = signAspects(sky, signIndex);
  const reading = readDay({
    kind: 'sign',
    frame,
    sky,
    contacts,
    moonHouse: ((sky.moonSignIndex - signIndex + 12) % 12) + 1,
    seed: fnv1a(`sign|${task.sign}`),
    pointPhrase: () => 'your sign',
    place: task.place,
    solarSignIndex: signIndex,
  });
  return {
    meta: metaOf(frame, task, task.version, [...task.warnings, ...reading.warnings, ...localeWarnings(task.locale)]),
    data: {
      sign: SIGNS[signIndex]!.name,
      date: frame.date,
      scores: reading.scores,
      score_factors: reading.score_factors,
      lucky: reading.lucky,
      content: reading.content,
      astro: reading.astro,
    },
  };
}
