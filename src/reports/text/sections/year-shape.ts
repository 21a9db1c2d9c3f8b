/**
 * The shape of the year ahead: when its transits crowd together and when it is quiet, so that the
 * chapter reads as seasons of a life before it reads each transit on its own.
 *
 * The rules (docs/api/reports.md): a transit within orb for four months of the report's year or
 * more is one of the year's long transits, its backdrop. The other transits' stretches within orb, cut to the year, make its seasons:
 * stretches that overlap belong to one season, which runs from the first one's start to the last
 * one's end; a season of two transits or more is named with its transits, the one with the most
 * of them as the busiest (the earlier of two alike), and a transit within orb on its own between them with its dates (several in a
 * row in one sentence). A gap of six weeks or more between seasons,
 * or at either end of the year, in which none of the table's shorter transits is within orb is a pause; the longest
 * is named. Dates are said to the third of a month (early, mid, late). Untimed, the paragraph ends by saying the spans are
 * a noon birth's, and how far another hour moves them (YearTransit.hourShift).
 */
import { firstDate, type YearAhead, type YearTransit } from '../../sky/year-ahead.ts';
import { ASPECT_WORDS, POINT_NAMES } from '../phrases.ts';
import { capitalize, countWord, joinAnd } from '../report-markdown.ts';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
/** Within orb this many days of the year or more (four months), a transit is one of the year's long ones, its backdrop. */
const BACKDROP_DAYS = 122;
/** A gap without shorter transits this long or longer is a pause. */
const PAUSE_DAYS = 42;

const day = (iso: string) => Date.parse(`${iso.slice(0, 10)}T00:00:00Z`) / 86_400_000;

export interface Season {
  from: string;
  to: string;
  transits: YearTransit[];
}

/** A transit's stretches within orb, cut to the year (those whose ends were not found are left out). */
function stretchesInYear(t: YearTransit, year: YearAhead): { from: string; to: string }[] {
  return t.stretches.flatMap((s) => {
    if (!s.from || !s.to || s.to < year.from || s.from > year.to) return [];
    return [{ from: s.from < year.from ? year.from : s.from, to: s.to > year.to ? year.to : s.to }];
  });
}

/** The year's backdrop, its seasons in order and its longest pause, by the rules above. */
export function yearShape(year: YearAhead): { backdrop: YearTransit[]; seasons: Season[]; pause: { from: string; to: string } | undefined } {
  const daysIn = (t: YearTransit) => stretchesInYear(t, year).reduce((sum, s) => sum + day(s.to) - day(s.from), 0);
  const backdrop = year.transits.filter((t) => daysIn(t) >= BACKDROP_DAYS);
  const spans = year.transits
    .filter((t) => !backdrop.includes(t))
    .flatMap((t) => stretchesInYear(t, year).map((s) => ({ ...s, t })))
    .sort((a, b) => a.from.localeCompare(b.from));
  const seasons: Season[] = [];
  for (const s of spans) {
    const last = seasons.at(-1);
    if (last && s.from <= last.to) {
      if (s.to > last.to) last.to = s.to;
      if (!last.transits.includes(s.t)) last.transits.push(s.t);
    } else seasons.push({ from: s.from, to: s.to, transits: [s.t] });
  }
  const edges = [year.from, ...seasons.flatMap((s) => [s.from, s.to]), year.to];
  let pause: { from: string; to: string } | undefined;
  for (let i = 0; i < edges.length; i += 2) {
    const [from, to] = [edges[i]!, edges[i + 1]!];
    if (day(to) - day(from) >= PAUSE_DAYS && (!pause || day(to) - day(from) > day(pause.to) - day(pause.from))) pause = { from, to };
  }
  return { backdrop, seasons, pause };
}

/** "late December", with the year where the month's name comes twice in the report's twelve months. */
function thirdOfMonth(iso: string, year: YearAhead): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const part = d <= 10 ? 'early ' : d <= 20 ? 'mid-' : 'late ';
  const twice = m === Number(year.from.slice(5, 7));
  return `${part}${MONTHS[m - 1]}${twice ? ` ${y}` : ''}`;
}

const named = (t: YearTransit) => `${POINT_NAMES[t.body]} ${ASPECT_WORDS[t.type]} your ${POINT_NAMES[t.target]}`;
const inOrder = (list: YearTransit[]) => [...list].sort((a, b) => firstDate(a).localeCompare(firstDate(b)));

/** Transits within orb one at a time, outside any crowded season: "In early August, Jupiter square your Mars is within orb on its own." */
function onTheirOwn(run: readonly Season[], span: (s: Season) => string, first: boolean, beside: boolean): string {
  // Beside the long transits of the backdrop, it is alone among the shorter ones only (a reader found "on its own" while
  // two long ones ran through the same weeks).
  if (run.length === 1)
    return `${capitalize(span(run[0]!))}, ${named(run[0]!.transits[0]!)} is ${beside ? 'the only one of the shorter transits within orb' : 'within orb on its own'}.`;
  return `${first ? 'Each on its own' : 'Each on its own after that'}: ${joinAnd(run.map((s) => `${named(s.transits[0]!)} ${span(s)}`))}.`;
}

/** The paragraph on the year's shape, or undefined when the year has neither a season of two transits or more nor a backdrop. */
export function yearShapeParagraph(year: YearAhead): string | undefined {
  const { backdrop, seasons, pause } = yearShape(year);
  const crowded = seasons.filter((s) => s.transits.length >= 2);
  if (crowded.length === 0 && backdrop.length === 0) return undefined;
  const span = (s: { from: string; to: string }) => {
    const [from, to] = [thirdOfMonth(s.from, year), thirdOfMonth(s.to, year)];
    return from === to ? `in ${from}` : `from ${from} to ${to}`;
  };
  const sentences: string[] = [];
  if (backdrop.length) {
    const list = joinAnd(inOrder(backdrop).map(named));
    sentences.push(
      backdrop.length === 1
        ? `One long transit, within orb for four months of the year or more, is the ground the shorter ones stand on: ${list}.`
        : `The ${countWord(backdrop.length)} long transits, each within orb for four months of the year or more, are the ground the shorter ones stand on: ${list}.`,
    );
  }
  const busiest = crowded.reduce<Season | undefined>((best, s) => (!best || s.transits.length > best.transits.length ? s : best), undefined);
  // The seasons and the pause in the order of the year, each told by where it stands in it.
  // A later season opens with the next of these, so that three in a row do not each begin "Then".
  const next = ['Then', 'After that', 'Later'];
  let later = 0;
  const events: { from: string; say: (first: boolean) => string }[] = crowded.map((s) => ({
    from: s.from,
    say: (first) => {
      const list = joinAnd(inOrder(s.transits).map(named));
      // Of the shorter ones, where long transits run beneath them (they are not counted here).
      const count = `${countWord(s.transits.length)}${backdrop.length ? ' of the shorter' : ''}`;
      if (s === busiest && crowded.length > 1)
        return `The busiest stretch ${span(s).startsWith('in ') ? 'falls' : 'runs'} ${span(s)}, when ${count} transits are within orb by turns or together: ${list}.`;
      return first
        ? `${capitalize(span(s))}, ${count} transits are within orb by turns or together: ${list}.`
        : `${next[later++ % next.length]}, ${span(s)}, ${countWord(s.transits.length)} more${backdrop.length ? ' of the shorter transits' : ''}: ${list}.`;
    },
  }));
  if (pause) {
    const what =
      pause.from === year.from
        ? 'a quieter opening to the year'
        : pause.to === year.to
          ? 'a quieter close to the year'
          : 'a pause in which to take in what the busier months began';
    events.push({
      from: pause.from,
      // Of the table's transits: the chapter follows the slow planets to the personal points, and a contact it does not
      // follow (to Neptune, say) may fall in those weeks (a reader found four in a "quiet close").
      say: () => `${capitalize(span(pause))} none of the table's shorter transits is within orb: ${what}.`,
    });
  }
  // A transit within orb on its own between them is named too, so that the paragraph never steps over one the table lists;
  // several alone in a row make one sentence.
  const alone = seasons.filter((s) => s.transits.length === 1);
  const ordered = [...events.map((e) => ({ from: e.from, e })), ...alone.map((s) => ({ from: s.from, s }))].sort((a, b) => a.from.localeCompare(b.from));
  const told: { from: string; say: (first: boolean) => string }[] = [];
  let run: Season[] | undefined;
  for (const item of ordered) {
    if ('e' in item) {
      told.push(item.e);
      run = undefined;
    } else if (run) run.push(item.s);
    else {
      const current = (run = [item.s]);
      told.push({ from: item.s.from, say: (first) => onTheirOwn(current, span, first, backdrop.length > 0) });
    }
  }
  told.forEach((e, i) => sentences.push(e.say(i === 0)));
  // Untimed: the spans are a noon birth's (a reader met "the busiest stretch runs from early September" over a sextile to the
  // Moon whose date the hour moves by a month). How far another hour moves them is said just before, under the table.
  if (year.transits.some((t) => t.hourShift))
    sentences.push('Without a birth time these are the spans of a birth at noon, which another hour moves as it moves the dates.');
  return sentences.join(' ');
}
