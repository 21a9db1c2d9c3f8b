/**
 * The year ahead: the main transits of the slow planets to the chart's personal points and angles
 * over the twelve months from the report's date, with their dates, read with the library's
 * transit entries (the weightiest first, at most eight read in full), each tied back to the theme
 * that reads the natal point it touches, and the progressed Sun and Moon: where they stand over
 * the year, and their events, with the stations of progressed Mercury, Venus and Mars and the
 * progressed Sun's meetings with them. A table lists every transit found, in date order.
 */
import { julianDayFromUtcMs } from '../../../astro/civil-time.ts';
import { ageYears, secondaryClock } from '../../../astro/progression-clock.ts';
import { aspectFamily, keys } from '../../../interpretations/keys.ts';
import {
  firstDate,
  type MoonSomeHours,
  type ProgressedLunation,
  type ProgressedPlanet,
  type YearAhead,
  type YearProgression,
  type YearTransit,
} from '../../sky/year-ahead.ts';
import { DAY_MINUTES, minuteClock, NOON } from '../../sky/local-minutes.ts';
import { zoneOffsetChanges, zoneOffsetSeconds } from '../../../astro/zone-offset-table.ts';
import { bornWithin } from '../untimed-contact-hours.ts';
import { LUNATION_PHASES, type LunationPhase } from '../../../astro/progressed-events.ts';
import type { ReportContext } from '../context.ts';
import {
  ASPECT_TITLES,
  ASPECT_WORDS,
  POINT_FUNCTION,
  POINT_NAMES,
  SIGN_CARE,
  SIGN_STYLE,
  aspectInSentence,
  lunationName,
  moonFromSun,
  pointInSentence,
} from '../phrases.ts';
import { capitalize, countWord, joinAnd, ordinal, table, zodiacPosition } from '../report-markdown.ts';
import { signedSeparation, signIndexOf, signOf } from '../../../astro/zodiac.ts';
import { THEMES, themeOfPoint } from '../themes/theme-ranking.ts';
import { section, type ReportSection } from '../section.ts';
import { yearShape, yearShapeParagraph } from './year-shape.ts';
import { ageOn } from '../life-stage.ts';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** "1 February 2027" */
export function longDate(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return `${d} ${MONTHS[m - 1]} ${y}`;
}

/** The progressed Moon meeting a natal point: a season of a month or two, its phrasings in turn (a year holds two or three). */
function progressedMoonAspect(ctx: ReportContext, p: YearProgression): string {
  const verb = p.type === 'conjunction' ? 'meets' : p.type === 'square' ? 'squares' : 'opposes';
  // Untimed: the date is the noon birth's; the progressions' paragraph says by how much the hour can move it.
  const date = `${longDate(p.date)}${ctx.timed ? '' : ' (for a birth at noon)'}`;
  const [natal, fn] = [`your natal ${POINT_NAMES[p.target!]}`, `your ${POINT_FUNCTION[p.target!]}`];
  const meets = p.type === 'conjunction';
  return ctx.chooseInTurn(
    [
      `Around ${date} your progressed Moon ${verb} ${natal}: a month or two that ${meets ? 'renews from within' : 'asks you to look again at'} ${fn}.`,
      `Your progressed Moon ${verb} ${natal} around ${date}, a month or two in which you may see ${fn} in a new light.`,
      // The aspect named, not "a hard angle" (a reader met that for an opposition the timeline labelled as one).
      `Around ${date} the progressed Moon ${meets ? 'reaches' : verb} ${natal}; for a month or two it asks what has become of ${fn}.`,
    ],
    'progressed-moon-aspect',
  );
}

/**
 * The progressed Sun meeting a natal point: it moves about a degree a year, so the aspect is the turn of a year or two on
 * either side of its date, and comes to each point a few times in a life at most.
 */
function progressedSunAspect(ctx: ReportContext, p: YearProgression): string {
  const verb = p.type === 'conjunction' ? 'reaches' : p.type === 'square' ? 'squares' : 'opposes';
  const date = `${longDate(p.date)}${ctx.timed ? '' : ' (for a birth at noon)'}`;
  const [natal, fn] = [`your natal ${POINT_NAMES[p.target!]}`, `your ${POINT_FUNCTION[p.target!]}`];
  const meaning =
    p.type === 'conjunction'
      ? `your ${POINT_FUNCTION.sun} and ${fn} grow into one aim for a while`
      : `your ${POINT_FUNCTION.sun} asks ${fn} to change with it, which can feel like pressure before it feels like growth`;
  return `Around ${date} your progressed Sun ${verb} ${natal}, exact on that date and felt for a year or so on either side of it, since the progressed Sun moves about a degree a year: ${meaning}.`;
}

/**
 * What a progressed planet's turn of direction does to the faculty it stands for: a direct station brings outward what was
 * worked on inwardly, a retrograde one turns a faculty inward for review. Written per planet, since Mercury's review is
 * not Venus's.
 */
const STATION_TURN: Record<ProgressedPlanet, Record<'retrograde' | 'direct', string>> = {
  mercury: {
    retrograde: 'your thinking turns more toward review, second drafts and what was left unsaid, and conclusions come more slowly but hold better',
    direct: 'ideas you have turned over privately for a long time look for words and plans, and decisions that kept being postponed begin to get made',
  },
  venus: {
    retrograde:
      'what you value and whom you draw close come under a long, private reconsideration, and old attachments may be looked at again before new ones are made',
    direct:
      'affections and values you have weighed inwardly for years are shown more openly, and choices in love and money become easier to make and to stand by',
  },
  mars: {
    retrograde: 'drive turns inward: effort goes into endurance, repair and finishing rather than into new fights, and anger is more often held than shown',
    direct: 'energy held back or spent on holding on is free to go out toward what you want, and you may find it easier to start things and to say no',
  },
};

/** What the progressed Sun meeting a progressed planet brings: purpose and the planet's faculty in one aim, or at odds. */
const SUN_MEETS: Record<ProgressedPlanet, string> = {
  mercury: 'what you think and who you are feel like one thing for a while; a time to learn, write or speak for something that matters to you',
  venus: 'what you value and what you aim for come together; a time when love, friendship or beauty can be chosen as a purpose rather than a distraction',
  mars: 'purpose and drive join; a time of initiative in which you act on what you want, and learn what your anger is for',
};

/**
 * A progressed planet's station: the date, how long it has moved the other way (since an age, or since before birth, which
 * means the natal planet already moved that way) and for how long it will keep the new direction.
 */
function progressedStation(ctx: ReportContext, p: YearProgression): string {
  const body = p.body!;
  const name = POINT_NAMES[body]!;
  const date = `${longDate(p.date)}${ctx.timed ? '' : ' (for a birth at noon)'}`;
  const old = p.direction === 'direct' ? 'retrograde' : 'direct';
  const since =
    p.sinceAge === undefined
      ? `it has moved ${old === 'retrograde' ? 'backward' : 'forward'} since your birth${old === 'retrograde' ? ` (your natal ${name} is retrograde)` : ''}`
      : `it has moved ${old === 'retrograde' ? 'backward' : 'forward'} since you were ${p.sinceAge}`;
  const until = p.untilNext === undefined ? 'for the rest of a long life' : `for about ${p.untilNext} years`;
  const theme = THEMES[themeOfPoint(ctx, body)].title;
  return `Around ${date} your progressed ${name} turns ${p.direction}: ${since}, and from here it keeps its new direction ${until}. A station in the progressed chart changes the climate of decades rather than of a season, and it is felt slowly on either side of its date: ${STATION_TURN[body][p.direction!]}. The chapter "${theme}" reads your natal ${name}.`;
}

/** The progressed Sun meeting a progressed planet: within a degree of each other for years either side of the date. */
function progressedSunMeetsPlanet(ctx: ReportContext, p: YearProgression): string {
  const body = p.target as ProgressedPlanet;
  const date = `${longDate(p.date)}${ctx.timed ? '' : ' (for a birth at noon)'}`;
  const span = p.withinDegreeYears! <= 1 ? 'a year or so' : `about ${p.withinDegreeYears} years`;
  const meaning =
    p.type === 'conjunction'
      ? SUN_MEETS[body]
      : `your ${POINT_FUNCTION.sun} and your ${POINT_FUNCTION[body]} pull in different directions for a while, and the friction between them asks for a choice rather than a compromise`;
  const verb = p.type === 'conjunction' ? 'meets' : p.type === 'square' ? 'squares' : 'opposes';
  return `Around ${date} your progressed Sun ${verb} your progressed ${POINT_NAMES[body]}, both moving in the progressed chart, so the two stay within a degree of the exact ${p.type} for ${span} on either side of that date: ${meaning}.`;
}

/**
 * How long after birth the sky stands for the year that starts on `from` (the secondary
 * progression's clock, as the year's progressions use it): the year runs over the day from the
 * age at its start to one more, so its middle, to the nearest day: "about 34 days". (The whole days
 * at its start read one short to a reader whose year ahead began the day before a birthday.)
 */
function daysAfterBirth(birthUtc: string, from: string): string {
  const days = Math.round(ageYears(secondaryClock(julianDayFromUtcMs(Date.parse(birthUtc))), julianDayFromUtcMs(Date.parse(from))) + 0.5);
  return days <= 1 ? 'about a day' : `about ${days} days`;
}

/**
 * Weight of a transit: slower planets and harder aspects to the luminaries and angles first; a planet's return to its own
 * place (the Saturn return, the Jupiter return) counts twice, as a stage of life rather than one contact among many;
 * its square or opposition to its own place counts as any other contact, the once-in-a-life turns of Uranus, Neptune and
 * Pluto (the opposition of Uranus in the early forties) a little more than Saturn's.
 */
function weight(t: YearTransit, yearFrom: string): number {
  const body = { pluto: 5, neptune: 4.5, uranus: 4.5, saturn: 4, jupiter: 2.5 }[t.body];
  const aspect = { conjunction: 3, opposition: 2.5, square: 2.5, trine: 1.5, sextile: 1 }[t.type];
  const target = { sun: 3, moon: 3, asc: 2.5, mc: 2.5, venus: 1.5, mars: 1.5, saturn: 1.5, uranus: 2, neptune: 2, pluto: 2, mercury: 1.2, jupiter: 1.2 }[
    t.target
  ];
  // A near miss alone (the planet turning short of exact), and a contact whose every hit came before the year (still within
  // orb, moving away), weigh as the contact they almost make or have made, a little less.
  const fading = t.exact.length === 0 || t.exact.every((d) => d < yearFrom);
  return body * aspect * target * (t.body === t.target && t.type === 'conjunction' ? 2 : 1) * (fading ? 0.8 : 1);
}

const READ_IN_FULL = 8;

/**
 * "7 Feb 2027": a day and a month in words, which no reader takes for the 2nd of July, and always the year, since the twelve
 * months run across two calendar years (readers met "23 Feb" beside "25 September 2026" in one column).
 */
function tableDate(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return `${d} ${MONTHS[m - 1]!.slice(0, 3)} ${y}`;
}

/** The table's dates of a transit: its exact hits and its near miss in date order ("never (closest …)" for a near miss alone). */
function exactCell(t: YearTransit): string {
  const miss = t.closest && { date: t.closest.date, text: `closest ${tableDate(t.closest.date)}, ${arcShort(t.closest.short)} short` };
  if (t.exact.length === 0) return t.exactBefore ? `not in the year (exact ${tableDate(t.exactBefore)}; ${miss!.text})` : `never (${miss!.text})`;
  const dates = [...t.exact.map((date) => ({ date, text: tableDate(date) })), ...(miss ? [{ ...miss, text: `(${miss.text})` }] : [])];
  return dates
    .sort((a, b) => a.date.localeCompare(b.date))
    .map((d) => d.text)
    .join(', ');
}

/** How far short of exact a near miss stays: "5′", "1°12′". */
function arcShort(degrees: number): string {
  const minutes = Math.max(1, Math.round(degrees * 60));
  return minutes < 60 ? `${minutes}′` : `${Math.floor(minutes / 60)}°${String(minutes % 60).padStart(2, '0')}′`;
}

/**
 * The natal points beside the target that the transit reaches too: "Your Moon stands 56′ from your Midheaven, so
 * Neptune's sextile reaches it as well, coming within 53′ of exact on 13 December 2026." Empty when there are none.
 */
function alsoReached(t: YearTransit): string {
  return (t.alsoReaches ?? [])
    .map((r) => {
      const how = r.exact?.length ? `exact on ${joinAnd(r.exact.map(longDate))}` : `coming within ${arcShort(r.closest)} of exact on ${longDate(r.date)}`;
      return ` Your ${POINT_NAMES[r.target]} stands ${arcShort(r.apart)} from your ${POINT_NAMES[t.target]}, so ${POINT_NAMES[t.body]}'s ${t.type} reaches it as well, ${how}.`;
    })
    .join('');
}

/**
 * A transit's name in the table: a point whose own transit was joined to this one (its exact dates given with it) is
 * named with the target, "Uranus square natal Sun and Moon"; one the transit only comes near, with how near, "Neptune
 * sextile natal Midheaven (natal Moon too, within 53′ of exact)", as the reading below says.
 */
function transitCell(t: YearTransit): string {
  const reached = t.alsoReaches ?? [];
  const targets = [t.target, ...reached.filter((r) => r.exact).map((r) => r.target)].map((id) => POINT_NAMES[id]!);
  const near = reached.filter((r) => !r.exact).map((r) => ` (natal ${POINT_NAMES[r.target]} too, within ${arcShort(r.closest)} of exact)`);
  return `${POINT_NAMES[t.body]} ${ASPECT_WORDS[t.type]} natal ${joinAnd(targets)}${near.join('')}`;
}

/** The stretches within orb whose both ends were found. */
const knownStretches = (t: YearTransit) => t.stretches.filter((s): s is { from: string; to: string } => s.from !== null && s.to !== null);

/**
 * How long a transit is felt at a time, in days: its longest stretch within orb (null when the search gave no span). Not
 * from the first stretch's start to the last one's end: a Saturn on Mars within orb for 18 days in May and 33 from late
 * October was "for several months" to a reader who saw two bouts of weeks with five months between them.
 */
function feltDays(t: YearTransit): number | null {
  const known = knownStretches(t);
  if (!known.length) return null;
  const day = (iso: string) => Date.parse(`${iso.slice(0, 10)}T00:00:00Z`) / 86_400_000;
  return Math.max(...known.map((s) => day(s.to) - day(s.from)));
}

/** Under six weeks at a time, a transit's season is weeks: the library's "these months" is written for the slow passes. */
const WEEKS_AT_MOST = 42;
const SEASON_IN_MONTHS =
  /\b(these|those|the coming|the following|the next few|during the|in the|over the|over|within|within some|within a few|some|several|a number of|a good many|its|its \w+|these \w+|stretch of|passes in) months\b|\bthe months (when|of|while|that)\b|\bweeks or months\b|\bweeks (or|to) a few months\b|\b(for|in) a few months\b|\bfor a year or more\b/gi;

/**
 * The text with its season in weeks: "these months" → "these weeks", "for a year or more" → "for a few weeks" (a Saturn
 * return within orb for 19 days), "over weeks or months" → "over weeks", "a contact
 * that lasts from weeks to a few months" → "… from days to a few weeks". Months said of anything else ("a level that
 * usually takes months to reach", "jobs you have been avoiding for months") are left as they are.
 */
export function inWeeks(text: string): string {
  return text.replace(SEASON_IN_MONTHS, (phrase) =>
    /weeks or months/i.test(phrase)
      ? phrase.replace(/ or months/i, '')
      : /weeks (or|to) a few months/i.test(phrase)
        ? phrase.replace(/weeks (or|to) a few months/i, 'days $1 a few weeks')
        : /a year or more/i.test(phrase)
          ? phrase.replace(/a year or more/i, 'a few weeks')
          : phrase.replace(/months/i, 'weeks'),
  );
}

/** Under two weeks at a time, the season is days: a reader met "lasts a matter of weeks" over a table's ten days. */
const DAYS_AT_MOST = 14;

/**
 * "a matter of weeks" → "a matter of days", "a few weeks", "some weeks" and "several weeks" → "a week or two", after
 * inWeeks (readers met "lasts some weeks rather than years" and "a window of a few weeks" over nine and ten days).
 */
export function inDays(text: string): string {
  return inWeeks(text)
    .replace(/\ba matter of weeks\b/gi, 'a matter of days')
    .replace(/\b(a few|some|several) weeks\b/gi, (phrase) => (/^[A-Z]/.test(phrase) ? 'A week or two' : 'a week or two'));
}

/** The library text's season adapted to how long the transit is felt at a time, in days (its longest stretch within orb). */
function seasonAdapter(days: number): ((text: string) => string) | undefined {
  return days < DAYS_AT_MOST ? inDays : days < WEEKS_AT_MOST ? inWeeks : undefined;
}

/**
 * The fact line of a transit: its exact dates and its stretches within orb (a retrograde loop can leave the orb between
 * two hits and come back); when the first began before the report's year, the line says it was already under way. A
 * near miss is said with its station's date and how far short of exact it stays.
 */
function when(t: YearTransit, yearFrom: string): string {
  return `${transitDates(t, yearFrom)}${noonOnly(t)}`;
}

/**
 * Untimed: the dates are a noon birth's, and by how much another hour moves them (the natal point a degree further on at
 * the day's end moves a slow planet's date by days or weeks), or whether it decides that a pass is exact at all.
 */
function noonOnly(t: YearTransit): string {
  const shift = t.hourShift;
  if (!shift) return '';
  const moves = shift.days >= 1 ? `moves its exact dates by up to ${shift.days === 1 ? 'a day' : `${shift.days} days`}` : '';
  const decides = shift.decides ? 'can decide whether a pass is exact at all' : '';
  return ` (for a birth at noon: another hour of birth ${[moves, decides].filter(Boolean).join(', and ')})`;
}

/** Untimed: under the table, which of its dates the hour of birth moves, and by how much at most. */
function noonDatesNote(transits: readonly YearTransit[]): string | undefined {
  const shifted = transits.filter((t) => t.hourShift);
  if (!shifted.length) return undefined;
  const targets = [...new Set(shifted.map((t) => t.target))].map((id) => `your ${POINT_NAMES[id]}`);
  const days = Math.max(...shifted.map((t) => t.hourShift!.days));
  const decides = shifted.some((t) => t.hourShift!.decides);
  const moves = days >= 1 ? `moves the dates of the contacts to ${joinAnd(targets)} by up to ${days === 1 ? 'a day' : `${days} days`}` : '';
  const exact = decides ? `${moves ? '; for a pass that comes close to exact at a station, it can' : `can`} decide whether it is exact at all` : '';
  return `Without a birth time these dates are those of a birth at noon: another hour ${moves}${exact}.`;
}

/**
 * Untimed: the contacts to the Moon exact in the year for some hours of birth only, left out of the table, named with
 * their hours ("about": the Moon is taken to move evenly over the day, which moves the edges by a few minutes).
 */
function moonSomeHoursNote(year: YearAhead): string | undefined {
  const some = year.moonSomeHours ?? [];
  if (!some.length) return undefined;
  const clock = (minute: number) => minuteClock(Math.round(minute / 5) * 5);
  const born = (h: MoonSomeHours) => bornWithin({ all: false, from: clock(h.from), to: clock(h.to) }, true);
  const items = some.map((h) => `${POINT_NAMES[h.body]} ${ASPECT_WORDS[h.type]} your Moon (exact in the year ${born(h)})`);
  // Not "Without a birth time" again: the note on the dates, just above, opens so.
  return `${some.length === 1 ? 'One contact to your Moon is' : `${capitalize(countWord(some.length))} contacts to your Moon are`} exact in these twelve months for some hours of birth only, and so not among those listed here, which hold whatever the hour: ${joinAnd(items)}.`;
}

function transitDates(t: YearTransit, yearFrom: string): string {
  // Hits before the year (their stretch within orb still open when the year begins) are said once, as such.
  const before = t.exact.filter((d) => d < yearFrom).map(longDate);
  const exact = [
    ...(before.length ? [`${joinAnd(before)} (${before.length === 1 ? '' : before.length === 2 ? 'both ' : 'all '}before these twelve months)`] : []),
    ...t.exact.filter((d) => d >= yearFrom).map(longDate),
  ];
  // A near miss alone opens the line; beside exact hits it closes it, after the stretches that hold them.
  const miss = t.closest && `${POINT_NAMES[t.body]} turns ${arcShort(t.closest.short)} short of exact on ${longDate(t.closest.date)}`;
  const notExact = t.exactBefore ? `not exact in these twelve months (exact on ${longDate(t.exactBefore)}, before them): ${miss}` : `never exact: ${miss}`;
  const hits = exact.length === 0 ? notExact : exact.length === 1 ? `exact on ${exact[0]}` : `exact on ${exact.slice(0, -1).join(', ')} and ${exact.at(-1)}`;
  const after = exact.length > 0 && miss ? `; on another pass ${miss}` : '';
  const known = knownStretches(t);
  if (!t.from || !t.to || known.length === 0) return `${hits}${after}`;
  const [from, to] = [longDate(t.from), longDate(t.to)];
  const first = t.from < yearFrom ? `already within orb since ${from}, until ${to}` : `within orb from ${from} to ${to}`;
  // A later stretch whose ends were not found: the first is given as the first.
  if (known.length < t.stretches.length) return `${hits}; its first stretch ${first.replace(/^within orb /, 'within orb runs ')}${after}`;
  const again = known.slice(1).map((s) => `from ${longDate(s.from)} to ${longDate(s.to)}`);
  return `${hits}; ${first}${again.length ? `, and again ${joinAnd(again)}` : ''}${after}`;
}

/** How many transits of the report have been read as their passes. */
const passesRead = new WeakMap<ReportContext, number>();

/**
 * A transit exact more than once, read as its passes (a reader found the year's longest transit, exact three times, read in
 * fifty words): the first opens the matter and the last settles it; of three, the middle one crosses the point the other
 * way, as a path must between two crossings in one direction. Said in full once a report; later ones say only their count.
 */
function passes(ctx: ReportContext, t: YearTransit): string {
  const planet = POINT_NAMES[t.body]!;
  if (t.series) return seriesPasses(ctx, t, t.series);
  const n = t.exact.length;
  if (n < 2) return '';
  // Untimed, the count is a noon birth's where another hour adds or takes away a pass (a reader born after 13:00 had one, not three).
  const times = `${n === 2 ? 'twice' : `${countWord(n)} times`}${t.hourShift?.decides ? ' for a birth at noon (another hour can change the count)' : ''}`;
  const before = passesRead.get(ctx) ?? 0;
  passesRead.set(ctx, before + 1);
  // Said in full once; later ones briefly, in turn (a reader met "This transit too comes in passes" five times).
  if (before > 0)
    return ` ${ctx.eachOnceThenLast(
      [
        `This transit too comes in passes: ${planet} is exact ${times} to your ${POINT_NAMES[t.target]}.`,
        `${planet} is exact ${times} here as well, one process in stages.`,
        `Again the contact comes in passes, ${planet} exact ${times}.`,
        `${planet} is exact ${times} to your ${POINT_NAMES[t.target]}.`,
      ],
      'year-passes-again',
    )}`;
  if (n === 2) return ` ${planet} makes it exact ${times}: the first pass raises the matter, the second brings it to a head.`;
  if (n === 3)
    return ` ${planet} makes it exact ${times}: the first pass raises the matter, the second, as ${planet} doubles back, turns it over again, and the third settles it.`;
  return ` ${planet} makes it exact ${times}, crossing the point and doubling back: one process in stages rather than a single event.`;
}

/**
 * A transit whose series of passes runs beyond those the year lists (Saturn exact in May and October 2026 and again in
 * February 2027, the year holding the last): every pass counted and dated, and which of them the year holds, the first
 * (it raises the matter), the last (it tends to settle it) or those between. Three readers met "exact twice: the first
 * pass raises the matter" over the last two of three passes.
 */
function seriesPasses(ctx: ReportContext, t: YearTransit, series: { before: string[]; after: string[] }): string {
  const planet = POINT_NAMES[t.body]!;
  const total = series.before.length + t.exact.length + series.after.length;
  const noon = t.hourShift ? ' for a birth at noon' : '';
  const dates = [
    ...(series.before.length ? [`on ${joinAnd(series.before.map(longDate))}, before the year`] : []),
    'on the dates above',
    ...(series.after.length ? [`on ${joinAnd(series.after.map(longDate))}, after it`] : []),
  ];
  const when = `${dates.slice(0, -1).join(', ')}, and ${dates.at(-1)}`;
  const count = `${planet} is exact ${countWord(total)} times in all${noon}: ${when}`;
  const one = t.exact.length === 1;
  const role = !series.before.length
    ? `${one ? 'the pass here opens' : 'the passes here open'} the series, where the matter is raised, and it comes to a head later`
    : !series.after.length
      ? `${one ? 'the pass here closes' : 'the passes here close'} the series, where what the earlier passes raised tends to be settled`
      : `${one ? 'the pass here falls' : 'the passes here fall'} in the middle of the series, where the matter is turned over again before it settles`;
  const before = passesRead.get(ctx) ?? 0;
  passesRead.set(ctx, before + 1);
  if (before === 0) return ` ${count}; ${role}.`;
  // Later ones in turn, so that a year of Saturn's loops does not print one sentence four times over.
  return ` ${ctx.eachOnceThenLast(
    [
      `Here too the contact is one of a series: ${planet} makes ${countWord(total)} passes in all${noon}, ${when}.`,
      `Again ${countWord(total)} passes in all${noon}: ${when}.`,
      // The last, said from then on, names its point: two contacts with the same dates read as one sentence printed twice.
      `${planet} is exact ${countWord(total)} times in all to your ${POINT_NAMES[t.target]}${noon}: ${when}.`,
    ],
    'year-series-again',
  )}`;
}

/** The first transit read to each natal point, per report: a later one to the same point names it. */
const transitsRead = new WeakMap<ReportContext, Map<string, string>>();

/**
 * The natal theme a transit sets off: the chapter that read the point it touches, and the point's
 * house, so that the transit is read as a season of that theme rather than on its own.
 */
function natalTheme(ctx: ReportContext, target: string, label: string): string {
  const theme = THEMES[themeOfPoint(ctx, target)].title;
  const house = ctx.houseOf(target);
  const domain = house !== undefined && target !== 'asc' && target !== 'mc' ? ctx.houseDomainUnlessSaid(house) : undefined;
  const where = house === undefined || target === 'asc' || target === 'mc' ? '' : ` from your ${ordinal(house)} house${domain ? ` (${domain})` : ''}`;
  // A second transit to the same point says so, instead of sending the reader back to the chapter again.
  const seen = transitsRead.get(ctx) ?? new Map<string, string>();
  transitsRead.set(ctx, seen);
  const before = seen.get(target);
  if (before)
    return ctx.eachOnceThenLast(
      [
        `Like ${before} above, ${label} works on your ${POINT_FUNCTION[target]}, as the chapter "${theme}" read it.`,
        `${capitalize(label)} comes back to the ground of ${before}: your ${POINT_FUNCTION[target]}, read in "${theme}".`,
        `${capitalize(label)} touches your ${POINT_FUNCTION[target]} again, as ${before} did above; "${theme}" is where that was read.`,
        `It works on the same ground as ${before}, read in "${theme}".`,
      ],
      'year-theme-again',
    );
  seen.set(target, label);
  // Each phrasing names the transit; each is used once, and from the sixth transit on the shortest, so that no sentence
  // comes back as a form.
  const phrasings = [
    `In your chart ${pointInSentence(target)} speaks${where} for the theme read in "${theme}", so ${label} is best read as a season of that theme: what was said there is what this transit brings forward.`,
    `${label} touches the theme of "${theme}": while it lasts it works on your ${POINT_FUNCTION[target]}, read there${where}.`,
    `Go back to the chapter "${theme}" for what ${label} sets going: your natal ${POINT_NAMES[target]}${where} is read there, and the transit gives that reading a date.`,
    `${label} brings into season what the chapter "${theme}" said of your ${POINT_FUNCTION[target]}${where}: that is what it works on while it lasts.`,
    `${capitalize(label)} works on the ground of your ${POINT_FUNCTION[target]}${where}, read in the chapter "${theme}", and lends that reading a time.`,
    `Its ground is your ${POINT_NAMES[target]}${where.replace(/^ from /, ' in ')}, read in "${theme}".`,
  ];
  return ctx.eachOnceThenLast(phrasings, 'year-theme');
}

/**
 * A turn of a slow planet's own cycle (its return, or its square or opposition to its own place) is tied to the age it
 * comes at, which everyone born in the same few years shares, and to the house of the natal planet, where a timed chart
 * says the passage is most likely to show.
 */
function cycleTie(ctx: ReportContext, t: YearTransit, label: string): string {
  const age = ageOn(ctx.chart.subject.datetime, firstDate(t));
  const house = ctx.houseOf(t.target);
  const domain = house === undefined ? undefined : ctx.houseDomainUnlessSaid(house);
  const where =
    house === undefined
      ? ''
      : ` Your natal ${POINT_NAMES[t.target]} stands in your ${ordinal(house)} house${domain ? ` (${domain})` : ''}, which is where the passage is most likely to show.`;
  // Saturn comes back about every 29½ years: which return this is, since the library's reading speaks of the first and the second.
  const which =
    t.body === 'saturn' && t.type === 'conjunction'
      ? ` This is your ${['first', 'second', 'third'][Math.max(0, Math.round(age / 29.5) - 1)] ?? 'fourth'} Saturn return.`
      : '';
  return `${label} is a turn of the planet's own cycle, not a contact to one of your personal points: it comes to everyone born in the same few years as you at about your age, ${age} at its first date in the table.${which}${where}`;
}

/** Where the progressed Sun and Moon stand over the year, and the themes they colour. */
function progressedPositions(ctx: ReportContext, p: { sun: [number, number]; moon: [number, number] }): string {
  const sun = `${zodiacPosition(p.sun[0])} to ${zodiacPosition(p.sun[1])}`;
  const moon = `${zodiacPosition(p.moon[0])} to ${zodiacPosition(p.moon[1])}`;
  const uncertain = ctx.timed ? '' : ' (from the noon chart)';
  // What the sign brings, said (a reader met "what your sense of purpose is slowly growing into" and no word of what), and
  // beside the birth's sign when the progressed Sun has left it.
  const [progressed, natal] = [signOf(p.sun[0]), signOf(ctx.factors.points.get('sun')!.lon)];
  const growing = `in ${progressed.name}, ${SIGN_STYLE[progressed.id]}${progressed.id === natal.id ? '' : `, where your ${natal.name} Sun began with ${SIGN_STYLE[natal.id]}`}`;
  return `Over these twelve months your progressed Sun moves from ${sun} and your progressed Moon from ${moon}${uncertain}. The progressed Sun's sign says what your sense of purpose, read in "${THEMES.meeting_world.title}", is slowly growing into: ${growing}. The progressed Moon's sign says which needs, read in "${THEMES.inner_needs.title}", ask to be met first in this period: at present ${progressedMoonNeeds(ctx, p.moon)}.`;
}

/**
 * The progressed lunation cycle read as seasons of life, each of its eight phases (45° of the progressed Moon's gain on the
 * progressed Sun) three to four and a half years long, the whole turn about thirty.
 */
const PROGRESSED_PHASE_SEASON: Record<LunationPhase, string> = {
  new_moon:
    'a season of beginnings whose aim is sensed before it can be put into words: what the last cycle built has been cleared away, and the next shape of your life starts from instinct rather than from a plan',
  crescent:
    'a season of pushing a young aim through the habits and circumstances that resist it, when steady effort counts for more than a clear view of where it leads',
  first_quarter:
    'a season of decisions and building, when the aim taken up a few years earlier needs structures and commitments, and sometimes the breaking of older ones that stand in its way',
  gibbous: 'a season of refining and testing, of study and adjustment, when the question is whether what you are building serves the purpose it was begun for',
  full_moon:
    'a season when what this cycle set out to do comes into full view, often through other people, bringing either a clear sense of its meaning or a frank look at where it has fallen short',
  disseminating: 'a season of passing on what the cycle has taught you, by sharing, teaching or putting its results to use for others',
  last_quarter: 'a season of turning away from forms that no longer fit, when what you are convinced of matters more than the structures built to carry it',
  balsamic: 'a season of endings and clearing, when letting go makes room for what will grow in the next cycle, which begins at the next progressed New Moon',
};

/** "March 2024" */
const monthYear = (iso: string) => {
  const [y, m] = iso.split('-').map(Number) as [number, number];
  return `${MONTHS[m - 1]} ${y}`;
};

/**
 * The progressed lunation phase the year begins in: where the progressed Moon stands from the progressed Sun, since when and
 * until when, what the phase stands for, and the next phase when it begins within the year. Untimed, the progressed Moon
 * may stand half its motion on the progressed day either side of the noon chart's: a phase edge within that reach is said to depend
 * on the hour, and the dates to move by up to six months.
 */
function progressedLunationText(ctx: ReportContext, l: ProgressedLunation, yearTo: string): string {
  const e = l.elongation;
  const name = lunationName(l.phase);
  const until = l.ends ? `until about ${monthYear(l.ends)}` : '';
  const noon = ctx.timed ? '' : ' (for a birth at noon; up to six months either way for another hour)';
  const span = l.began
    ? `It began around ${monthYear(l.began)}${until ? ` and lasts ${until}` : ''}`
    : `You were born in this phase${until ? `, which lasts ${until}` : ''}`;
  // Untimed: a phase edge within the progressed Moon's reach either side of noon.
  const intoPhase = e - 45 * Math.floor(e / 45);
  const elongationReach = ctx.sky.yearAhead?.progressedReach?.elongation ?? 0;
  const hourDecides = ctx.timed
    ? ''
    : intoPhase < elongationReach
      ? ` Without a birth time this is uncertain: born early enough in the day, your progressed Moon would still be in the ${lunationName(LUNATION_PHASES[(Math.floor(e / 45) + 7) % 8]!)} phase.`
      : 45 - intoPhase < elongationReach
        ? ` Without a birth time this is uncertain: born late enough in the day, your progressed Moon would already be in the ${lunationName(l.next)} phase.`
        : '';
  const first = `At the start of the year ${moonFromSun(e, 'your progressed Moon stands', 'your progressed Sun')}: the ${name} phase of the progressed lunation cycle, which goes round once in about thirty years. ${span}${noon}: ${PROGRESSED_PHASE_SEASON[l.phase]}.${hourDecides}`;
  if (!l.ends || l.ends > yearTo) return first;
  const next = l.next === 'new_moon' ? 'your progressed New Moon, the start of a new cycle of about thirty years' : `the ${lunationName(l.next)} phase`;
  return `${first} Around ${longDate(l.ends)}${ctx.timed ? '' : ' (for a birth at noon)'} it enters ${next}: ${PROGRESSED_PHASE_SEASON[l.next]}.`;
}

/** Untimed: how far the progressed Moon may stand from the noon chart's at the year's start, degrees (YearAhead.progressedReach). */
function moonHalfDay(ctx: ReportContext): number {
  return ctx.sky.yearAhead?.progressedReach?.moon ?? 0;
}

/**
 * What the progressed Moon's sign asks for now, and from its next sign when it enters one in the year (a reader met "at
 * present loyalty, privacy and deep trust" of a Scorpio Moon that entered Sagittarius five days into the year). Untimed,
 * the progressed Moon is known to within half the Moon's motion on the progressed day either way
 * (YearAhead.progressedReach); where that span crosses into another sign, both are said, with the hour of birth that
 * divides them (a reader took "born earlier, it is still in Gemini" for the whole morning, when it held for the first hours
 * of the day only).
 */
function progressedMoonNeeds(ctx: ReportContext, moon: [number, number]): string {
  const [lon] = moon;
  const [noon, later] = [signOf(lon), signOf(moon[1])];
  const enters = (how = '') => `, and once it enters ${later.name} during the year (see below${how}), ${SIGN_CARE[later.id]}`;
  const next = later.id === noon.id ? '' : enters();
  if (ctx.timed) return SIGN_CARE[noon.id]! + next;
  const half = moonHalfDay(ctx);
  const [early, late] = [signOf(lon - half), signOf(lon + half)];
  const edgeHour = (edge: number) => minuteClock(crossingMinute(lon, half, edge));
  const edge = signIndexOf(lon) * 30;
  if (early.id !== noon.id)
    return `${SIGN_CARE[noon.id]} if you were born after about ${edgeHour(edge)} local time, when it had entered ${noon.name}; born earlier, it is still in ${early.name}, and asks for ${SIGN_CARE[early.id]}${next}`;
  if (late.id === noon.id) return SIGN_CARE[noon.id]! + next;
  // The sign it enters in the year is the one a later birth already has at the year's start: said once, with the hour.
  if (late.id === later.id) return `${SIGN_CARE[noon.id]}${enters(`; for a birth after about ${edgeHour(edge + 30)} local time, from the year's start`)}`;
  return `${SIGN_CARE[noon.id]}; born after about ${edgeHour(edge + 30)} local time, it is already in ${late.name}, and asks for ${SIGN_CARE[late.id]}${next}`;
}

/**
 * The minute of the local birth day, rounded to five, whose progressed Moon stands on longitude `edge`: the progressed Moon
 * moves evenly from `half` degrees behind its noon place `lon` at midnight to `half` ahead at the next (the progressed day
 * moves with the hour of birth, YearAhead.progressedReach).
 */
function crossingMinute(lon: number, half: number, edge: number): number {
  const minute = NOON + (NOON * signedSeparation(lon, edge)) / half;
  return Math.min(DAY_MINUTES, Math.max(0, Math.round(minute / 5) * 5));
}

/** What the year's table counts, so that a reader who finds another contact within orb knows why it is not there. */
function countedRule(ctx: ReportContext): string {
  const points = ctx.timed
    ? 'Sun, Moon, Mercury, Venus, Mars, Ascendant or Midheaven'
    : 'Sun, Mercury, Venus or Mars, and your Moon where the contact is exact in the year whatever your hour of birth (the angles need a birth time)';
  // A contact exact in the weeks after the year is counted when its stretch within orb begins inside it (a reader took one exact six days after the year for a fault of the rule).
  return `The table counts Jupiter, Saturn, Uranus, Neptune and Pluto in any of the five major aspects (conjunction, sextile, square, trine, opposition) to your ${points}: a contact exact in the year, still within orb of an exact contact when the year begins, exact soon after it ends in a stretch within orb that begins inside it, or turning within half a degree of exact; and each of them at the turns of its own cycle (its return to its natal place, and its squares and opposition to it). Their contacts to one another's natal places are shared by everyone born within a year or two, and are left out. ${utDates(ctx)}`;
}

/**
 * What the dates' Universal Time means on the clocks of the birthplace, at the year's start: "near midnight" understated it
 * for a reader born in Wellington, where everything exact after 11:00 UT falls on the next day.
 */
function utDates(ctx: ReportContext): string {
  const year = ctx.sky.yearAhead;
  const zone = ctx.chart.subject.location.timezone;
  let offset: number | undefined;
  // The year's later stretches on other clocks (summer time), each from its first local day.
  let later: { from: string; offset: number }[] = [];
  try {
    if (year) {
      const [from, to] = [year.from, year.to].map((iso) => Date.parse(`${iso}T00:00:00Z`)) as [number, number];
      offset = zoneOffsetSeconds(zone, from) / 3600;
      later = zoneOffsetChanges(zone, from, to).map((c) => ({ from: new Date(c.atMs + c.after * 1000).toISOString().slice(0, 10), offset: c.after / 3600 }));
    }
  } catch {
    offset = undefined;
  }
  if (offset === undefined)
    return 'The dates are those of Universal Time, so one falling near midnight may be a day later or earlier on the calendar where you are.';
  const hours = (h: number) => `${Math.floor(h)}${h % 1 ? (h % 1 === 0.5 ? '½' : h % 1 === 0.75 ? '¾' : '¼') : ''} hour${h === 1 ? '' : 's'}`;
  const clock = (h: number) => minuteClock(Math.round(h * 60));
  // What a stretch's clocks do to a date: the hour of UT from which it moves (a reader's contact exact at 08:27 UT fell on the
  // same day in Alaska's summer, an hour the winter rule said moved it). `clocks` names them, `then` joins the hour.
  const rule = (h: number, clocks: string, then: string) =>
    h === 0
      ? `${clocks} keep Universal Time`
      : h > 0
        ? `${clocks} run ${hours(h)} ahead of it, ${then} a contact exact after ${clock(24 - h)} UT falls on the next day`
        : `${clocks} run ${hours(-h)} behind it, ${then} a contact exact before ${clock(-h)} UT falls on the day before`;
  if (later.length === 0 && offset === 0) return 'The dates are those of Universal Time, which the clocks of your birthplace keep.';
  const first = offset === 0 ? 'the clocks of your birthplace keep it' : rule(offset, 'the clocks of your birthplace', 'so there');
  if (later.length === 0) return `The dates are those of Universal Time; ${first}.`;
  const stretches = later.map(
    (c) => `from ${longDate(c.from)} ${c.offset === offset ? 'they run as at the start again' : rule(c.offset, 'they', 'and there')}`,
  );
  return `The dates are those of Universal Time; at the start of the year ${first}. The clocks change during the year: ${stretches.join('; ')}.`;
}

/**
 * The chart's centre as "The Central Tension" named it (themes/theme-chapters.ts chartCentre): its natal points, its name,
 * and for a figure its aspects (the synthesis tells a strand of it from a tension apart from it); a single aspect has none.
 */
export interface ChartCentre {
  points: readonly string[];
  phrase: string;
  figureAspects?: readonly { p1: string; type: string; p2: string }[] | undefined;
}

/** The first contact of the year found to reach the chart's centre, per report, and the points tied so far. */
const centreReached = new WeakMap<ReportContext, { first: string; targets: Set<string> }>();
/** A later contact coming back to the centre, in turn. */
const CENTRE_AGAIN: readonly ((first: string, point: string) => string)[] = [
  (first, point) => `Like ${first}, it comes back to the centre of your chart, through ${point}.`,
  // Not "it too": the contact before it may be pages back (a Nairobi reader met "It too" with nothing before it to refer to).
  (first, point) => `It reaches the centre of your chart as ${first} did, here through ${point}.`,
  (_, point) => `The centre of your chart is reached again, through ${point}.`,
  (_, point) => `Through ${point} it meets the chart's centre once more.`,
];

/**
 * A contact of the year to a natal point of the chart's centre, tied back to it (readers met Saturn on the Moon and square
 * the Midheaven of a Moon–Uranus cross of the meridian read as separate stock passages): the first said in full, later
 * ones as coming back to it.
 */
function centreTie(ctx: ReportContext, centre: ChartCentre | undefined, target: string, label: string, type: string): string {
  if (!centre?.points.includes(target)) return '';
  const reached = centreReached.get(ctx);
  // Each point of the centre is tied once, and at most as many times as there are phrasings: more would read as a refrain.
  if (reached && (reached.targets.has(target) || reached.targets.size > CENTRE_AGAIN.length)) return '';
  const first = reached?.first;
  if (first === undefined) {
    centreReached.set(ctx, { first: label, targets: new Set([target]) });
    // A trine or sextile eases the argument rather than pressing it (a reader met a Saturn sextile said to make it louder).
    const effect =
      type === 'trine' || type === 'sextile'
        ? 'a time when that argument is easier to settle, since this contact eases it rather than pressing it'
        : 'a time when that argument is likely to be heard more loudly, and so a good one to work on it';
    return ` It also reaches the centre of your chart, ${centre.phrase}, named in "${THEMES.central_tension.title}": ${effect}.`;
  }
  reached!.targets.add(target);
  const point = `your ${POINT_NAMES[target]}`;
  return ` ${CENTRE_AGAIN[reached!.targets.size - 2]!(first, point)}`;
}

/** Two contacts of one planet this far apart (days, between their nearest exact dates in the year) are read together. */
const BOTH_ENDS_DAYS = 90;

/**
 * A slow planet that reaches both ends of an aspect of the birth chart in the year, exact on each within BOTH_ENDS_DAYS:
 * said with the second contact read, so the two are not read as unrelated stock passages (a reader met Jupiter opposite
 * Venus and square Mars two weeks apart, the natal Venus–Mars square read as the chart's key tension, and no word of it).
 * The natal aspect is one the report reads (untimed: one that held all day).
 */
function bothEnds(
  ctx: ReportContext,
  earlier: readonly YearTransit[],
  t: YearTransit,
  year: { from: string; to: string },
  centre: ChartCentre | undefined,
): string {
  const inYear = (x: YearTransit) => x.exact.filter((d) => d >= year.from && d <= year.to).map((d) => Date.parse(d));
  const mine = inYear(t);
  for (const other of earlier) {
    if (other.body !== t.body || other.target === t.target) continue;
    const natal = ctx.heldAspects.find((a) => new Set([a.p1, a.p2, other.target, t.target]).size === 2);
    // The chart's centre, reached at both its points, is tied back by centreTie already.
    if (!natal || (centre?.points.includes(natal.p1) && centre.points.includes(natal.p2))) continue;
    const gaps = inYear(other).flatMap((a) => mine.map((b) => Math.abs(b - a) / 86_400_000));
    if (gaps.length === 0 || Math.min(...gaps) > BOTH_ENDS_DAYS) continue;
    const days = Math.round(Math.min(...gaps));
    // Untimed, the gap is a noon birth's: another hour moves a date, the Moon's by weeks (a reader born at another hour
    // found the two a month apart).
    const shift = Math.max(t.hourShift?.days ?? 0, other.hourShift?.days ?? 0);
    const noon =
      shift >= 1 ? ` for a birth at noon (another hour moves a date by up to ${countWord(Math.round(shift))} day${Math.round(shift) === 1 ? '' : 's'})` : '';
    // In days under two weeks: a reader met "within a week of each other" over dates nine days apart.
    const apart = `${days === 0 ? 'on the same day' : days < DAYS_AT_MOST ? `${countWord(days)} day${days === 1 ? '' : 's'} apart` : `about ${countWord(Math.round(days / 7))} weeks apart`}${noon}`;
    const pair = `your ${POINT_FUNCTION[natal.p1]} and your ${POINT_FUNCTION[natal.p2]}`;
    const reaches =
      natal.family === 'conjunction'
        ? `it reaches both your ${POINT_NAMES[natal.p1]} and your ${POINT_NAMES[natal.p2]}, which stand together in your birth chart: ${pair} are stirred at once, as the one figure they make.`
        : `it reaches both ends of ${aspectInSentence(natal.p1, natal.type, natal.p2)} in your birth chart: ${pair} are stirred together, and ${natal.family === 'tense' ? 'the tension' : 'the ease'} between them is met from both sides at once.`;
    return ` With ${POINT_NAMES[other.body]} ${ASPECT_WORDS[other.type]} your ${POINT_NAMES[other.target]}, exact ${apart}, ${reaches}`;
  }
  return '';
}

export function yearAheadSection(ctx: ReportContext, centre?: ChartCentre): ReportSection | undefined {
  const year = ctx.sky.yearAhead;
  if (!year) return undefined;
  const title = 'The Year Ahead';
  const parts: string[] = [];
  const ranked = [...year.transits].sort((a, b) => weight(b, year.from) - weight(a, year.from));
  const intro = ctx.choose(
    [
      `This chapter looks at the twelve months from ${longDate(year.from)} to ${longDate(year.to)}, not to predict events but to name the periods when the slow planets touch the most personal points of your chart, when the themes of the chapters above are likely to be most alive.`,
      `From ${longDate(year.from)} to ${longDate(year.to)}, the slow-moving planets form the contacts below with your chart, to be read as seasons of emphasis rather than forecasts: each names a part of you that the time is likely to call on.`,
      `Between ${longDate(year.from)} and ${longDate(year.to)} the planets from Jupiter outward keep moving over the degrees of your birth chart, and where one of them meets one of your points, a theme of the earlier chapters tends to come forward for a while; the dates say when, not what will happen.`,
      `The twelve months that begin on ${longDate(year.from)} are read here through the slow planets and the progressed chart, marking periods of pressure, opening or review around parts of you already described, never fixed outcomes.`,
      `A year is long enough for the slow planets to reach new parts of your chart: this chapter follows them from ${longDate(year.from)} to ${longDate(year.to)} and asks which of the themes above each contact brings to the surface.`,
      `Think of what follows as a calendar of emphasis for the year to ${longDate(year.to)}: it says when a placement read earlier is likely to feel louder, and leaves what you do with it to you.`,
      `From ${longDate(year.from)} to ${longDate(year.to)}, the slowest planets and the progressed chart keep working on the same birth chart described above; the dates below mark where their touch is closest, not events that must follow.`,
      ranked.some((t) => t.exact.some((d) => d >= year.from))
        ? `Between ${longDate(year.from)} and ${longDate(year.to)} the slow planets make exact contacts with your chart, and the progressed chart moves on as well; none of them is an event, and each marks a stretch of time when one part of your chart asks for attention.`
        : ranked.length
          ? `Between ${longDate(year.from)} and ${longDate(year.to)} the slow planets ${ranked.some((t) => t.closest) ? 'come within orb of points of your chart and turn back just short of an exact contact' : 'stay within orb of contacts with your chart made before the year began'}, and the progressed chart moves on as well; each stretch marks a time when one part of your chart asks for attention.`
          : `No exact contact from the slow planets falls between ${longDate(year.from)} and ${longDate(year.to)}, though the progressed chart moves on as well; the year is read from that slower clock.`,
    ],
    'year-intro',
  );
  parts.push(intro);
  if (ranked.length === 0) {
    parts.push(
      'In these twelve months Jupiter, Saturn and the outer planets make no exact major aspect to your Sun, Moon, personal planets' +
        (ctx.timed ? ' or angles' : ' that holds whatever the hour of birth') +
        ': a year without strong outside pressure, well suited to consolidating what earlier years started.',
    );
    const someHours = moonSomeHoursNote(year);
    if (someHours) parts.push(someHours);
  } else {
    // The weightiest are read in full, in the order the year brings them (the first stretch's start, else the first hit).
    // The long transits the year-shape paragraph calls the ground of the year are read too, weigh what they may (a reader
    // met one named as the year's ground and read nowhere).
    const top = ranked.slice(0, READ_IN_FULL);
    const long = yearShape(year).backdrop.filter((t) => !top.includes(t));
    const read = [...top, ...long].sort((a, b) => (a.from ?? firstDate(a)).localeCompare(b.from ?? firstDate(b)));
    const withLong = long.length ? `, with ${long.length === 1 ? 'the long transit' : `the ${countWord(long.length)} long transits`} the others stand on,` : '';
    const first = `${POINT_NAMES[read[0]!.body]} ${ASPECT_WORDS[read[0]!.type]} your ${POINT_NAMES[read[0]!.target]}`;
    const count = ranked.length === 1 ? 'one transit' : `${countWord(ranked.length)} transits`;
    const counted = [
      `${capitalize(count)} ${ranked.length === 1 ? 'stands' : 'stand'} out in the year.`,
      `The year brings ${count} worth naming.`,
      `Your chart meets ${count} from the slow planets in these months.`,
    ];
    const order =
      ranked.length > READ_IN_FULL
        ? [
            `The ${countWord(READ_IN_FULL)} that weigh most${withLong} are read below in the order they come within orb, beginning with ${first}, and the table lists them all by date.`,
            `The table lists them all by date; below, the ${countWord(READ_IN_FULL)} weightiest${withLong} are read in the order they come within orb, the first being ${first}.`,
            `Below, the ${countWord(READ_IN_FULL)} that weigh most${withLong} are read as they come within orb, ${first} first; the table gives every one by date.`,
          ]
        : ranked.length === 1
          ? [`It is read below: ${first}.`]
          : [
              `Each is read below in the order they come within orb, beginning with ${first}.`,
              `All are read below as they come within orb, ${first} first.`,
              `The reading below follows the year, starting with ${first}.`,
            ];
    parts.push(`${ctx.choose(counted, 'year-count')} ${ctx.choose(order, 'year-order')} ${countedRule(ctx)}`);
    parts.push(
      table(
        ['Exact', 'Transit', 'Felt'],
        [...year.transits].map((t) => [
          exactCell(t),
          transitCell(t),
          knownStretches(t)
            .map((s) => `${tableDate(s.from)} to ${tableDate(s.to)}`)
            .join('; '),
        ]),
      ),
    );
    const untimedDates = noonDatesNote(year.transits);
    if (untimedDates) parts.push(untimedDates);
    const someHours = moonSomeHoursNote(year);
    if (someHours) parts.push(someHours);
    const shape = yearShapeParagraph(year);
    if (shape) parts.push(shape);
    for (const [i, t] of read.entries()) {
      const family = aspectFamily(t.type)!;
      const key = keys.transit(t.body, family, t.target);
      const label = `${POINT_NAMES[t.body]} ${ASPECT_WORDS[t.type]} your ${POINT_NAMES[t.target]}`;
      const text = ctx.take(`${key}#year`, label, 0, {
        entryKey: key,
        heading: `${POINT_NAMES[t.body]} ${ASPECT_TITLES[t.type]} Your ${POINT_NAMES[t.target]}`,
        fact: when(t, year.from),
        plain: true,
        aspectType: t.type,
        adapt: seasonAdapter(feltDays(t) ?? Infinity),
      });
      if (text)
        parts.push(
          `${text}\n\n${t.body === t.target ? cycleTie(ctx, t, label) : `${natalTheme(ctx, t.target, label)}${centreTie(ctx, centre, t.target, label, t.type)}${bothEnds(ctx, read.slice(0, i), t, year, centre)}`}${passes(ctx, t)}${alsoReached(t)}`,
        );
    }
  }
  const progressions = year.progressions;
  if (progressions.length || year.progressed) {
    parts.push('### Progressions');
    // Each phrasing names the day after birth that stands for this year, so that it reads for this chart.
    const days = daysAfterBirth(ctx.chart.subject.datetime_utc, year.from);
    const method = ctx.choose(
      [
        `Secondary progressions move the chart forward a day for each year of life, so this year is read from the sky ${days} after your birth; the progressed Moon, which changes sign about every two and a half years, colours the mood of a period.`,
        `In the progressed chart each day after your birth stands for a year of your life, and the sky ${days} after it stands for the year ahead; its planets drift slowly through the signs, and the progressed Moon, the quickest of them, sets the emotional tone of two or three years at a time.`,
        `The progressions below count one day of planetary motion after your birth for every year you have lived, ${days} in all by now; they move slowly, and the progressed Moon, with a new sign roughly every thirty months, is the one most often felt.`,
        `Progressed positions come from the sky of the days just after your birth, each day standing for a year of life, so the year ahead is read from the sky ${days} after your birth; most of them barely move in a year, and the Moon, changing sign about every two and a half years, is the exception and the one to watch.`,
      ],
      'year-progressions',
    );
    // Untimed, the noon chart's Moon may be half its day's motion from the true one (13° to 15° a day), and a day of the
    // progressed chart is a year: its dates may be up to half a year early or late, whatever the Moon's pace.
    const halfDay = Math.round(moonHalfDay(ctx));
    parts.push(
      ctx.timed
        ? method
        : `${method} ${ctx.choose(
            [
              `Without a birth time the progressed Moon is known only to within about ${halfDay} degrees, half of what the Moon travelled on the day of the progressed chart that stands for this year, so its dates may fall up to six months earlier or later.`,
              `Since the hour of birth is unknown, the progressed Moon could be up to ${halfDay} degrees from the place used here (the Moon's motion over half the day that stands for this year in the progressed chart), and its dates could shift by up to six months either way.`,
              `An unknown birth hour leaves the progressed Moon uncertain by up to ${halfDay} degrees, half its motion on the day that stands for this year, which moves its dates by up to six months; read them as seasons rather than days.`,
            ],
            'untimed-progressed-moon',
          )}`,
    );
    if (year.progressed) parts.push(progressedPositions(ctx, year.progressed));
    if (year.lunation) parts.push(progressedLunationText(ctx, year.lunation, year.to));
    for (const p of progressions) {
      if (p.kind === 'moon_ingress')
        parts.push(
          `Around ${longDate(p.date)}${ctx.timed ? '' : ' (for a birth at noon)'} your progressed Moon enters ${capitalize(p.sign!)}: for the ${p.months ? `${p.months} months or so` : 'two or three years'} it stays there, your emotional needs lean toward ${SIGN_CARE[p.sign!]}.`,
        );
      else if (p.kind === 'sun_ingress')
        parts.push(
          `Around ${longDate(p.date)} your progressed Sun enters ${capitalize(p.sign!)}, a change of emphasis that unfolds over three decades: your ${POINT_FUNCTION.sun} takes on more ${SIGN_STYLE[p.sign!]}.`,
        );
      else if (p.kind === 'sun_aspect')
        parts.push(
          `${progressedSunAspect(ctx, p)}${centreTie(ctx, centre, p.target!, `your progressed Sun's ${p.type} to your ${POINT_NAMES[p.target!]}`, p.type!)}`,
        );
      else if (p.kind === 'station') parts.push(progressedStation(ctx, p));
      else if (p.kind === 'sun_progressed_aspect') parts.push(progressedSunMeetsPlanet(ctx, p));
      else
        parts.push(
          `${progressedMoonAspect(ctx, p)}${centreTie(ctx, centre, p.target!, `your progressed Moon's ${p.type} to your ${POINT_NAMES[p.target!]}`, p.type!)}`,
        );
    }
  }
  return section('year_ahead', title, parts);
}
