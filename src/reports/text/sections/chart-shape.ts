/** Chart shape and configurations: the whole-chart pattern, stelliums and aspect figures. */
import { bucketHandle, gapsAfter, leadingPlanet } from '../../../astro/chart-shape.ts';
import { normalizeDegrees } from '../../../astro/zodiac.ts';
import { houseWidths, nameOfSign, WIDE_HOUSE_DEG } from '../chart-facts.ts';
import type { Configuration } from '../../../interpretations/chart-factors/configurations.ts';
import { keys, TEN_PLANET_IDS, type SignId } from '../../../interpretations/keys.ts';
import { signElement, signModality } from '../../../interpretations/chart-factors/balance.ts';
import type { ReportContext } from '../context.ts';
import { moonSignHours } from '../untimed-moon-sign.ts';
import { possibleStelliums, stelliumByHour } from '../untimed-ingresses.ts';
import { bornInStretches, stretchHours } from '../day-stretches.ts';
import { STELLIUM_MIN_BODIES } from '../../../astro/stelliums.ts';
import { capitalize, countWord, degreesMinutes, joinAnd, ordinal, withArticle } from '../report-markdown.ts';
import { angleFigureReading, angleFigures } from '../../synthesis/angle-figures.ts';
import { POINT_NAMES, pointInSentence, pointsInSentence } from '../phrases.ts';
import { introducedSection, type ReportSection } from '../section.ts';
import { groupYods, kiteReading, yodMembers, yodReading } from '../../synthesis/focal-figures.ts';
import { groupTSquares, hardFigureReading, type HardFigure, type TSquareGroup } from '../../synthesis/hard-figures.ts';
import { wideFiguresSentence } from '../wide-figures.ts';

export const SHAPE_WEIGHT = { shape: 5, stellium: 6, configuration: 6 };

const FIGURE_NAMES: Readonly<Record<Configuration['kind'], string>> = {
  grand_trine: 'a grand trine',
  kite: 'a kite',
  grand_cross: 'a grand cross',
  t_square: 'a T-square',
  yod: 'a yod',
};

const names = (ids: string[]) => joinAnd(ids.map((id) => POINT_NAMES[id]!));

/** The planet that stands alone opposite the others in a bucket pattern (src/astro/chart-shape.ts). */
function handleOfBucket(ctx: ReportContext): string | undefined {
  const planets = TEN_PLANET_IDS.map((id) => ctx.factors.points.get(id)).filter((p) => p !== undefined);
  const index = bucketHandle(planets.map((p) => p.lon));
  return index === undefined ? undefined : planets[index]!.id;
}

/**
 * The locomotive's leading planet, timed charts only: untimed, the Moon's place moves by up to 15° either side of noon's
 * and can take or give up the front edge (a reader met the engine the pattern's reading speaks of left unnamed).
 */
function leaderOfLocomotive(ctx: ReportContext): { id: string; name: string; sign: string; house?: number } | undefined {
  if (ctx.factors.shape !== 'locomotive' || !ctx.timed) return undefined;
  const planets = TEN_PLANET_IDS.map((id) => ctx.factors.points.get(id)).filter((p) => p !== undefined);
  const leader = planets[leadingPlanet(planets.map((p) => p.lon))]!;
  return { id: leader.id, name: POINT_NAMES[leader.id]!, sign: ctx.signName(leader.id), house: leader.house };
}

/** "Planets spread over 236° of the zodiac", or the handle of a bucket. */
function shapeFact(ctx: ReportContext): string {
  if (ctx.factors.shape === 'bucket') {
    const handle = handleOfBucket(ctx);
    if (handle) {
      const p = ctx.factors.points.get(handle)!;
      // Untimed, on a day the Moon changed sign: its noon sign, with the hours it held.
      const hours = handle === 'moon' ? moonSignHours(ctx) : undefined;
      if (hours) return `Handle: Moon in ${hours.noon} at noon (${hours.other} on the other side of ${hours.at} local time)`;
      return `Handle: ${POINT_NAMES[handle]} in ${ctx.signName(handle)}${p.house !== undefined ? `, ${ordinal(p.house)} house` : ''}`;
    }
  }
  const lons = TEN_PLANET_IDS.map((id) => ctx.factors.points.get(id)?.lon)
    .filter((l) => l !== undefined)
    .map(normalizeDegrees)
    .sort((a, b) => a - b);
  // Untimed, the span is noon's: the Moon at one end of it moves it by up to 15° over the day.
  const span = `The ten planets span ${Math.round(360 - Math.max(...gapsAfter(lons)))}° of the zodiac${ctx.timed ? '' : ' at noon'}`;
  const leader = leaderOfLocomotive(ctx);
  return leader ? `${span} · Leading planet: ${leader.name} in ${leader.sign}${leader.house !== undefined ? `, ${ordinal(leader.house)} house` : ''}` : span;
}

/** A figure's members as a fact line lists them ("Saturn and Pluto in opposition, both square Sun"), or in a sentence, with the articles prose wants. */
function figureMembers(c: Configuration, sentence = false): string {
  const list = sentence ? (ids: string[]) => pointsInSentence(ids) : names;
  const one = (id: string) => (sentence ? pointInSentence(id) : POINT_NAMES[id]!);
  switch (c.kind) {
    case 't_square':
      return `${list(c.planets.slice(0, 2))} in opposition, both square ${one(c.planets[2]!)}`;
    case 'yod':
      return `${list(c.planets.slice(0, 2))} in sextile, both quincunx ${one(c.planets[2]!)}`;
    case 'kite':
      return `${list(c.planets.slice(0, 3))} in a grand trine, with ${one(c.planets[3]!)} as the tail`;
    default:
      return list(c.planets);
  }
}

/** The T-squares (grouped) or grand crosses of one library entry, read for their planets; none for the other figures. */
function hardFiguresOf(list: Configuration[]): HardFigure[] {
  if (list[0]!.kind === 't_square') return groupTSquares(list).map((group) => ({ kind: 't_square', group }));
  return list.filter((c) => c.kind === 'grand_cross').map((cross) => ({ kind: 'grand_cross', cross }));
}

/** The readings of the planet a yod or kite turns on (its apex, its tail); none for the other figures. */
function focalReadings(ctx: ReportContext, list: Configuration[]): string[] {
  if (list[0]!.kind === 'yod') return groupYods(list).map((g) => yodReading(ctx, g));
  if (list[0]!.kind === 'kite') return list.map((c) => kiteReading(ctx, c));
  return [];
}

function tSquareMembers(g: TSquareGroup): string {
  const [x, y] = g.ends;
  if (x.length === 1 && y.length === 1) return `${names([...x, ...y])} in opposition, both square ${names(g.apexes)}`;
  return `${names(x)} in opposition to ${names(y)}, all ${countWord(x.length + y.length)} square ${names(g.apexes)}`;
}

function configurationFact(list: Configuration[]): string {
  const orb = (o: number) => `(widest orb ${degreesMinutes(o)})`;
  if (list.every((c) => c.kind === 't_square'))
    return groupTSquares(list)
      .map((g) => `${tSquareMembers(g)} ${orb(g.maxOrb)}`)
      .join('; ');
  if (list.every((c) => c.kind === 'yod'))
    return groupYods(list)
      .map((g) => `${yodMembers(g)} ${orb(g.maxOrb)}`)
      .join('; ');
  return list.map((c) => `${figureMembers(c)} ${orb(c.maxOrb)}`).join('; ');
}

/**
 * A figure is named by the modality (T-square, grand cross) or element (grand trine) of most of its
 * planets' signs; a planet in a sign of another says so, since the figure's reading speaks of
 * "the fixed signs" as if all were ("Jupiter in Virgo, a mutable sign: the figure takes its name
 * from most of its signs").
 */
function outOfQuality(ctx: ReportContext, list: Configuration[]): string | undefined {
  // The list shares one key, so one kind and one quality.
  const of = list[0]!.kind === 'grand_trine' ? signElement : signModality;
  const odd = new Set<string>();
  for (const c of list) {
    if (!c.quality) continue;
    for (const id of c.planets) {
      const sign = ctx.factors.points.get(id)?.sign;
      if (sign && of(sign) !== c.quality) odd.add(id);
    }
  }
  if (odd.size === 0) return undefined;
  const described = [...odd].map((id) => {
    const sign = ctx.factors.points.get(id)!.sign;
    return `${POINT_NAMES[id]} in ${nameOfSign(sign)}, ${withArticle(`${of(sign)} sign`)}`;
  });
  return `${joinAnd(described)}: the figure takes its name from most of its signs`;
}

export function chartShapeSection(ctx: ReportContext): ReportSection {
  const { factors } = ctx;
  const parts: string[] = [];
  if (factors.shape) {
    const key = keys.shape(factors.shape);
    const e = ctx.library.entries.get(key);
    const text = e ? ctx.take(key, e.title, SHAPE_WEIGHT.shape, { heading: e.title, fact: shapeFact(ctx) }) : undefined;
    if (text) parts.push(text);
    const leader = text ? leaderOfLocomotive(ctx) : undefined;
    if (leader)
      parts.push(
        `In your chart the planet at the front edge of the open stretch, leading the group clockwise round the wheel as the sky turns in a day, is ${pointInSentence(leader.id)} in ${leader.sign}${leader.house !== undefined ? `, in your ${ordinal(leader.house)} house` : ''}: what it stands for tends to set the pace for the rest.`,
      );
  }
  // The same planets gathered in one sign and in one house make two stelliums of one group: read once, by the sign, its
  // house named in the fact line (a reader met four planets read twice, as a Capricorn and as a 12th-house stellium).
  const group = (s: (typeof factors.stelliums)[number]) => [...s.bodies].sort().join(',');
  const houseOfGroup = new Map(factors.stelliums.filter((s) => s.kind === 'house').map((s) => [group(s), s.house!]));
  const signGroups = new Set(factors.stelliums.filter((s) => s.kind === 'sign').map(group));
  // Only the fallback's houses: a quadrant method's own at middle latitudes can be as wide, and a stellium there stands.
  const { house_system: used, house_system_requested: asked } = ctx.chart.subject.settings;
  const widths = used !== asked ? houseWidths(ctx) : undefined;
  for (const s of factors.stelliums) {
    if (s.kind === 'house' && signGroups.has(group(s))) continue;
    // A polar chart's fallback house over 1½ twelfths of the sky gathers planets by its width, not by a stellium
    // (a reader met "Stellium in the 7th House" built on a 53° house the guide had called a lighter statement).
    const width = s.kind === 'house' ? widths?.[s.house! - 1] : undefined;
    if (width !== undefined && width > WIDE_HOUSE_DEG) {
      parts.push(
        `${capitalize(pointsInSentence(s.bodies))} fall in your ${ordinal(s.house!)} house, but at ${Math.round(width)}° wide it is a stretch of sky the fallback houses drew unusually large, so they are not read as a stellium.`,
      );
      continue;
    }
    const key = s.kind === 'sign' ? keys.stelliumSign(s.sign_id!) : keys.stelliumHouse(s.house!);
    const e = ctx.library.entries.get(key);
    const where = s.kind === 'sign' ? nameOfSign(s.sign_id!) : `the ${ordinal(s.house!)} house`;
    // Untimed, on a day a member changed sign: the planets there and the births they are for, run by run.
    const byHour = s.kind === 'sign' ? stelliumByHour(ctx, s.sign_id as SignId, STELLIUM_MIN_BODIES) : undefined;
    const fact = byHour
      ? byHour.map((run, i) => `${names(run.bodies)}${i === 0 ? ` in ${where},` : ''} ${bornInStretches(run.stretches)}`).join('; ')
      : `${names(s.bodies)} in ${where}${s.kind === 'sign' && houseOfGroup.has(group(s)) ? `, all in the ${ordinal(houseOfGroup.get(group(s))!)} house` : ''}`;
    const text = e ? ctx.take(key, e.title, SHAPE_WEIGHT.stellium, { heading: e.title, fact }) : undefined;
    if (text) parts.push(text);
  }
  const { sure, possible } = ctx.figures;
  const angles = angleFigures(ctx).slice(0, 1);
  const byKey = new Map<string, Configuration[]>();
  for (const c of sure) byKey.set(c.key, [...(byKey.get(c.key) ?? []), c]);
  for (const [key, list] of byKey) {
    const e = ctx.library.entries.get(key);
    const note = outOfQuality(ctx, list);
    const fact = note ? `${configurationFact(list)} · ${note}` : configurationFact(list);
    const text = e ? ctx.take(key, e.title, SHAPE_WEIGHT.configuration, { heading: e.title, fact }) : undefined;
    if (text) parts.push(text, ...hardFiguresOf(list).map((f) => hardFigureReading(ctx, f)), ...focalReadings(ctx, list));
  }
  // Untimed, the Moon's aspects of some hours are not the chart's: the count is of those that held all day.
  const count = countWord(ctx.heldAspects.length);
  // Timed, the count takes in the angles' aspects too, and says so beside "your ten planets" (a reader counted 15 among
  // the planets against the "twenty" said).
  const allDay = ctx.timed ? ' between planets and angles' : ' that hold whatever the hour';
  const ofChart = ctx.timed ? `the ${count} major aspects between your planets and angles` : `the ${count} major aspects your chart holds whatever the hour`;
  if (sure.length === 0 && possible.length > 0) {
    parts.push(`No grand trine, T-square, grand cross, yod or kite holds whatever the hour of birth; ${ofChart} work in pairs rather than as one figure.`);
  } else if (sure.length === 0 && angles.length > 0) {
    // A reader met "your ten planets form no … T-square" just before the T-square an angle completes.
    parts.push(
      `Your ten planets by themselves form no grand trine, T-square, grand cross, yod or kite; the figure at the heart of your chart needs an angle to complete it.`,
    );
  } else if (sure.length === 0) {
    parts.push(
      ctx.choose(
        [
          `Your ten planets form no grand trine, T-square, grand cross, yod or kite; ${ofChart} work in pairs, which leaves more room for you to decide how the parts combine.`,
          `None of the classic aspect figures (grand trine, T-square, grand cross, yod, kite) joins three or more of your ten planets, so the dynamics of your chart rest on its ${count} major aspects${allDay}, the weightiest of them read one by one in this report.`,
          `No grand trine, T-square, grand cross, yod or kite joins your ten planets, so no one figure dominates: ${ofChart} work in pairs, and the parts can be combined in more than one way.`,
        ],
        'no-configuration',
      ),
      // The figures are the planets' own: an astrologer who counts an angle, Chiron or a Node as a corner may see one
      // (a reader found a T-square of Uranus, Chiron and Mercury on the Midheaven "denied"). A figure an angle completes
      // is read next, and says itself that the planets alone do not make it.
    );
    // Untimed, the chart has no angles to name (a reader met "an angle" in a report without them).
    if (!angles.length)
      parts.push(
        `The figures are looked for among the ten planets alone: where ${ctx.timed ? 'an angle, Chiron or a Node' : 'Chiron or a Node'} would complete one, its aspects are read one by one.`,
      );
  }
  // The shape of a figure the table shows and the figures' orbs do not count (a reader took "no T-square" for an error).
  const wide = wideFiguresSentence(ctx, new Set(sure.map((c) => c.kind)));
  if (wide) parts.push(wide);
  // The tightest hard figure an angle completes (timed charts).
  if (angles.length) parts.push(...angles.map((f) => angleFigureReading(ctx, f)));
  // Untimed: a stellium some hours of the birth day have and noon does not, named with its hours and not read.
  const hourStelliums = possibleStelliums(ctx, STELLIUM_MIN_BODIES);
  if (hourStelliums.length > 0) {
    const each = hourStelliums.map(
      (p) => `born ${stretchHours(p.stretches)} local time, ${pointsInSentence(p.bodies)} stand together in ${nameOfSign(p.sign)}`,
    );
    parts.push(
      `The hour of birth decides ${hourStelliums.length === 1 ? 'one more stellium' : 'more stelliums'}: ${joinAnd(each)}. Without the hour it cannot be said whether ${hourStelliums.length === 1 ? 'it is' : 'they are'} yours, so ${hourStelliums.length === 1 ? 'it is' : 'they are'} not read here.`,
    );
  }
  if (possible.length > 0) {
    // Not always the Moon's doing: the Sun's degree a day took a square past the figure's 6° in the course of one birth day.
    const described = possible.map((c) => {
      const when = c.born ? `born ${c.born} local time` : 'for part of the birth day';
      return c.planets.includes('moon')
        ? `${when}, the Moon completes ${FIGURE_NAMES[c.kind]} (${figureMembers(c, true)})`
        : `${when}, ${FIGURE_NAMES[c.kind]} holds (${figureMembers(c, true)}), which the other hours widen past the figure's orbs`;
    });
    parts.push(
      `The hour of birth decides ${possible.length === 1 ? 'one more figure' : 'more figures'}: ${joinAnd(described)}. Without the hour it cannot be said whether ${possible.length === 1 ? 'this figure is' : 'these figures are'} yours, so ${possible.length === 1 ? 'it is' : 'they are'} not read here.`,
    );
  }
  return introducedSection(ctx, 'chart_shape', parts);
}
