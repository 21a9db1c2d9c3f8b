/**
 * Untimed births on a day a body other than the Moon changed sign (the Sun on the day of an equinox
 * or a solstice, Mercury or Venus now and then): the report reads the body's noon sign, says for
 * which births that holds, and gives the reading of the other sign beside it (moon-day.ts finds
 * the hour). The balance of elements and modes counts the noon sign, and the guide says so.
 */
import { BALANCE_WEIGHTS, signElement, signModality } from '../../interpretations/chart-factors/balance.ts';
import { TEN_PLANET_IDS, type SignId } from '../../interpretations/keys.ts';
import { nameOfSign } from './chart-facts.ts';
import type { ReportContext } from './context.ts';
import { pointInSentence } from './phrases.ts';
import { capitalize, countWord, joinAnd } from './report-markdown.ts';

export interface BodySignHours {
  /** The sign the report reads (noon's) and the other one, by name. */
  noon: string;
  other: string;
  otherId: string;
  /** Whether the noon sign came first (the other sign is for births after the change). */
  noonFirst: boolean;
  /** "before 11:31" or "after 11:31": the births the other sign is for. */
  otherBorn: string;
  at: string;
}

/** The body's two signs of the birth day, or undefined when it kept one (or the birth is timed). */
export function bodySignHours(ctx: ReportContext, id: string): BodySignHours | undefined {
  const change = ctx.timed ? undefined : ctx.sky.moonDay?.ingresses?.find((i) => i.body === id);
  const sign = ctx.factors.points.get(id)?.sign;
  if (!change || !sign) return undefined;
  const noonFirst = change.from === sign;
  const otherId = noonFirst ? change.to : change.from;
  return { noon: nameOfSign(sign), other: nameOfSign(otherId), otherId, noonFirst, otherBorn: `${noonFirst ? 'after' : 'before'} ${change.at}`, at: change.at };
}

/** The bodies other than the Moon that changed sign on an untimed birth day, with their two signs' hours. */
function changedBodies(ctx: ReportContext): { id: string; h: BodySignHours }[] {
  return (ctx.sky.moonDay?.ingresses ?? []).flatMap((i) => {
    const h = bodySignHours(ctx, i.body);
    return h ? [{ id: i.body, h }] : [];
  });
}

/** The guide's sentence on the bodies that changed sign that day, or undefined when none did. */
export function ingressesNote(ctx: ReportContext): string | undefined {
  const changed = changedBodies(ctx);
  if (changed.length === 0) return undefined;
  const each = changed.map(({ id, h }) => {
    const [first, second] = h.noonFirst ? [h.noon, h.other] : [h.other, h.noon];
    return `${changed.length === 1 ? 'it' : pointInSentence(id)} was in ${first} until ${h.at} local time and in ${second} from then on`;
  });
  const sun = changed.some((c) => c.id === 'sun');
  return `${capitalize(joinAnd(changed.map((c) => pointInSentence(c.id))))} also changed sign on your birth day: ${joinAnd(each)}. This report reads ${changed.length === 1 ? 'its' : 'their'} noon ${changed.length === 1 ? 'sign' : 'signs'}, and counts ${changed.length === 1 ? 'it' : 'them'} so in the balance of elements and modes${sun ? " and in what follows from the Sun's sign (its ruler, the example in the family chapter)" : ''}; where ${changed.length === 1 ? 'that sign is' : 'those signs are'} read, the reading of the other sign is given beside it.`;
}

/**
 * The temperament tables' note for the bodies other than the Moon that changed sign that day: the tables count the noon
 * sign, and on the other side of the hour each body's points move to another element and mode, so the verdicts read
 * below hold for the noon side only (the Moon's own note, in temperament.ts, says which hours its sign holds).
 */
export function ingressesTallyNote(ctx: ReportContext): string | undefined {
  const moved = changedBodies(ctx).flatMap(({ id, h }) => {
    const weight = BALANCE_WEIGHTS[id];
    return weight ? [{ id, h, weight }] : [];
  });
  if (moved.length === 0) return undefined;
  const each = moved.map(({ id, h, weight }) => {
    const [noon, other] = [ctx.factors.points.get(id)!.sign, h.otherId as SignId];
    const shift = [
      signElement(noon) !== signElement(other) ? `from ${signElement(noon)} to ${signElement(other)}` : undefined,
      signModality(noon) !== signModality(other) ? `from the ${signModality(noon)} to the ${signModality(other)} signs` : undefined,
    ].filter((x) => x !== undefined);
    return `${pointInSentence(id)} in ${h.noon}, its noon sign, whose ${weight} ${weight === 1 ? 'point moves' : 'points move'} ${shift.length ? joinAnd(shift) : 'nowhere'} if you were born ${h.otherBorn} local time`;
  });
  return `${capitalize(`the tables also count ${joinAnd(each)}`)}: the verdicts below are for the noon sign, and on the other side of the hour the shares shift by that much.`;
}

/** A stretch of an untimed birth day in which no body changed sign: its local hours and the sign of each body that changed that day. */
export interface DayStretch {
  from: string;
  to: string;
  signs: ReadonlyMap<string, SignId>;
}

/**
 * The birth day cut at every sign change (the Moon's and the other bodies'), each stretch with the signs the changed bodies
 * held in it; undefined for a timed chart or a day on which nothing changed sign.
 */
export function dayStretches(ctx: ReportContext): DayStretch[] | undefined {
  const day = ctx.sky.moonDay;
  if (ctx.timed || !day) return undefined;
  const changes = [
    ...(day.ingressAt && day.signs.length === 2 ? [{ body: 'moon', from: day.signs[0]!, to: day.signs[1]!, at: day.ingressAt }] : []),
    ...(day.ingresses ?? []),
  ];
  if (changes.length === 0) return undefined;
  const cuts = [...new Set(changes.map((c) => c.at))].sort();
  const bounds = ['00:00', ...cuts, '24:00'];
  return bounds.slice(0, -1).map((from, i) => ({
    from,
    to: bounds[i + 1]!,
    signs: new Map(changes.map((c) => [c.body, c.at <= from ? c.to : c.from])),
  }));
}

/** The births of some stretches, as a condition: "if you were born after 07:12 local time" (stretches next to each other joined). */
export function bornInStretches(stretches: readonly DayStretch[]): string {
  const runs: { from: string; to: string }[] = [];
  for (const s of stretches) {
    const last = runs.at(-1);
    if (last && last.to === s.from) last.to = s.to;
    else runs.push({ from: s.from, to: s.to });
  }
  const one = (r: { from: string; to: string }) =>
    r.from === '00:00' ? `before ${r.to}` : r.to === '24:00' ? `after ${r.from}` : `between ${r.from} and ${r.to}`;
  return `if you were born ${joinOr(runs.map(one))} local time`;
}

const joinOr = (items: string[]) => (items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`);

/**
 * The hours of the birth day in which a sign holds a stellium (the noon chart's planets, each body that changed sign that
 * day in its sign of the hour): undefined when it holds all day or the chart is timed, so the fact line can say for which
 * births the group is one.
 */
export function stelliumHours(ctx: ReportContext, sign: SignId, min: number): string | undefined {
  const stretches = dayStretches(ctx);
  if (!stretches) return undefined;
  const holding = stretches.filter((s) => {
    let count = 0;
    for (const id of TEN_PLANET_IDS) {
      const at = s.signs.get(id) ?? ctx.factors.points.get(id)?.sign;
      if (at === sign) count++;
    }
    return count >= min;
  });
  return holding.length === stretches.length ? undefined : bornInStretches(holding);
}

/**
 * The guide's sentence putting the sign changes together, when two or more bodies changed sign that day (the Moon and
 * the Sun, say): each stretch of the day with the signs it gave, so that the reader born in any of them finds their own
 * combination and knows which one the report reads (noon's).
 */
export function stretchesNote(ctx: ReportContext): string | undefined {
  const stretches = dayStretches(ctx);
  if (!stretches || stretches[0]!.signs.size < 2) return undefined;
  const bodies = TEN_PLANET_IDS.filter((id) => stretches[0]!.signs.has(id));
  const at = (s: DayStretch) => (s.from === '00:00' ? `before ${s.to}` : s.to === '24:00' ? `from ${s.from} on` : `from ${s.from} to ${s.to}`);
  const signsOf = (s: DayStretch) => {
    const bySign = new Map<string, string[]>();
    for (const id of bodies) bySign.set(s.signs.get(id)!, [...(bySign.get(s.signs.get(id)!) ?? []), id]);
    return joinAnd([...bySign].map(([sign, ids]) => `${joinAnd(ids.map(pointInSentence))} in ${nameOfSign(sign as SignId)}`));
  };
  const noon = stretches.find((s) => s.from <= '12:00' && '12:00' < s.to)!;
  const each = stretches.map((s) => `${at(s)}, ${signsOf(s)}${s === noon ? ' (the signs this report reads)' : ''}`);
  return `Put together, these changes cut your birth day into ${countWord(stretches.length)} stretches: ${each.join('; ')}.`;
}
