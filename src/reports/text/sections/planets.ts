/**
 * Planet readings the themes share: retrograde entries, how Jupiter and Saturn stand to each other,
 * the outer planets where they touch the personal chart (near an angle, or in close aspect to a
 * personal point), and an aspect's entry.
 */
import { signedSeparation } from '../../../astro/zodiac.ts';
import type { KeyedAspect, PointPairAspect } from '../../../interpretations/chart-factors/aspects.ts';
import { keys } from '../../../interpretations/keys.ts';
import type { ReportContext } from '../context.ts';
import { cuspMargin, signOfPoint } from '../chart-facts.ts';
import { capitalize, degreesMinutes, joinAnd, ordinal, withArticle, zodiacPosition } from '../report-markdown.ts';
import { ASPECT_WORDS, POINT_NAMES, aspectInSentence, nameInSentence, pointsInSentence } from '../phrases.ts';
import { introducedSection, type ReportSection } from '../section.ts';
import { OUTER_PLANET_IDS } from '../ranking.ts';
import { aspectFact, wholeDay } from '../aspect-facts.ts';
import { placementEntries } from './core-triad.ts';
import { FIGURE_ORB } from '../../synthesis/conjunction-figures.ts';
import { bornWithin, hoursWithin } from '../untimed-contact-hours.ts';
import { moonSignHours, moonSignOfAspect } from '../untimed-moon-sign.ts';
import { readAsItsHouse } from '../angle-house.ts';
import { aspectOutOfSignNote } from '../out-of-sign.ts';

export const PLANET_WEIGHT = { personalSign: 5, socialSign: 4, outerSign: 3, outerHouse: 3, outerAspect: 4, retrograde: 3 };

const PERSONAL_POINTS = new Set(['sun', 'moon', 'mercury', 'venus', 'mars', 'asc', 'mc']);
/** Closer than this, an aspect from an outer planet to a personal point makes the outer planet personal. */
export const OUTER_ASPECT_ORB = 4;
/** An outer planet this close to an angle (degrees of longitude) is personal by standing on it. */
export const OUTER_ANGLE_ORB = 8;

export function retrogradeEntry(ctx: ReportContext, id: string): string | undefined {
  if (!ctx.factors.retrogrades.includes(id)) return undefined;
  const key = keys.retrograde(id);
  const e = ctx.library.entries.get(key);
  return e ? ctx.take(key, e.title, PLANET_WEIGHT.retrograde, { heading: e.title }) : undefined;
}

/** How Jupiter and Saturn stand to each other, when a conjunction has not just been read as one figure. */
export function jupiterSaturnLink(ctx: ReportContext): string | undefined {
  const between = ctx.factors.aspects.find((a) => a.p1 === 'jupiter' && a.p2 === 'saturn');
  // A conjunction has just been read as one figure; any other aspect between them is named here.
  const fused = between?.type === 'conjunction' && ctx.isShown(keys.planetSign('saturn', ctx.factors.points.get('saturn')!.sign)) && between.orb <= FIGURE_ORB;
  if (fused) return undefined;
  const jupiterSign = signOfPoint(ctx, 'jupiter')!.name;
  const saturnSign = signOfPoint(ctx, 'saturn')!.name;
  // In one sign but too far apart for a conjunction: "separate areas of life" would not be true of two planets side by side.
  if (!between && jupiterSign === saturnSign)
    return `Jupiter and Saturn share ${jupiterSign} without being close enough to act as one: your urge to expand and your sense of limits speak with the same sign's accent, yet they seldom weigh in on the same decision at once.`;
  return between
    ? `Jupiter and Saturn are themselves linked by ${withArticle(between.type)} (orb ${ctx.statedOrb(between)}), so expansion and consolidation are in direct conversation in your chart, and your ambitions tend to be tested by your sense of what is sound before you act on them.`
    : ctx.choose(
        [
          `Jupiter in ${jupiterSign} and Saturn in ${saturnSign} form no major aspect to each other, so your urge to expand and your sense of limits tend to operate in separate areas of life rather than in constant negotiation.`,
          `No major aspect joins Jupiter in ${jupiterSign} to Saturn in ${saturnSign}: where you reach out and where you hold back are settled in different rooms of your life, and each is read on its own terms.`,
          `Between your Jupiter in ${jupiterSign} and your Saturn in ${saturnSign} there is no major aspect, so growth and caution seldom argue in the same moment; you may be bold in one field of life and careful in another without feeling the contradiction.`,
          `Jupiter (${jupiterSign}) and Saturn (${saturnSign}) form no major aspect with each other here, so your optimism and your prudence take turns rather than negotiate; it helps to know which of them a given decision is being made by.`,
        ],
        'jupiter-saturn-apart',
      );
}

/** Why an outer planet is personal in this chart: an angle within 8°, or close aspects to personal points. */
export function outerProminence(ctx: ReportContext, id: string): { angle?: string | undefined; distance?: number | undefined; aspects: KeyedAspect[] } {
  const p = ctx.factors.points.get(id);
  if (!p) return { aspects: [] };
  let angle: string | undefined;
  let distance: number | undefined;
  const asc = ctx.factors.points.get('asc');
  const mc = ctx.factors.points.get('mc');
  if (asc && mc) {
    const angles: [string, number][] = [
      ['Ascendant', asc.lon],
      ['Descendant', asc.lon + 180],
      ['Midheaven', mc.lon],
      ['IC', mc.lon + 180],
    ];
    const near = angles.find(([, lon]) => Math.abs(signedSeparation(p.lon, lon)) <= OUTER_ANGLE_ORB);
    angle = near?.[0];
    distance = near ? Math.abs(signedSeparation(p.lon, near[1])) : undefined;
  }
  // The axis of the angle it stands on is said once, by the distance (its aspect to that axis would say it again).
  const axis = angle === 'Ascendant' || angle === 'Descendant' ? 'asc' : angle ? 'mc' : undefined;
  const aspects = ctx.factors.aspects.filter((a) => {
    if (a.p1 !== id && a.p2 !== id) return false;
    const other = a.p1 === id ? a.p2 : a.p1;
    return PERSONAL_POINTS.has(other) && other !== axis && (ctx.timed ? a.orb <= OUTER_ASPECT_ORB : closeSomeHour(ctx, a));
  });
  return { angle, distance, aspects };
}

/**
 * Untimed: whether an aspect comes within OUTER_ASPECT_ORB at some hour of the birth day: the Moon's by its course over
 * the day, another pair's by the day's record of it (a Venus–Neptune square at 4°01′ at noon comes under 4° after 12:23).
 * Its hours are said where it is named (contactHours).
 */
function closeSomeHour(ctx: ReportContext, a: KeyedAspect): boolean {
  if (a.p1 === 'moon' || a.p2 === 'moon') return true;
  const day = ctx.dayAspect(a);
  return day !== undefined && day.closest <= OUTER_ASPECT_ORB;
}

/** Untimed: the hours of the birth day an outer planet's contact held within OUTER_ASPECT_ORB ("" for the whole day); undefined when none. */
function contactHours(ctx: ReportContext, id: string, a: KeyedAspect): string | undefined {
  if (ctx.timed) return '';
  const other = a.p1 === id ? a.p2 : a.p1;
  const hours = hoursWithin(ctx, other, id, a.type, OUTER_ASPECT_ORB);
  return hours && bornWithin(hours);
}

/** The chart ruler's or the dominant planet's part an outer planet plays in this report, and the chapter that read it so. */
function personalRole(ctx: ReportContext, id: string): { what: string; chapter: string } | undefined {
  const p = ctx.factors.points.get(id);
  // The chart ruler is read in the first chapter by its sign, or by its house alone when it is a slow planet (core-triad.ts).
  const asRuler =
    id === ctx.factors.chartRuler && p
      ? (ctx.chapterOf(keys.planetSign(id, p.sign)) ?? (p.house === undefined ? undefined : ctx.chapterOf(keys.planetHouse(id, p.house))))
      : undefined;
  if (asRuler) return { what: 'the ruler of your rising sign', chapter: asRuler };
  const asDominant = ctx.chapterOf(keys.dominantPlanet(id));
  return asDominant ? { what: 'your dominant planet', chapter: asDominant } : undefined;
}

export function outerPlanetsSection(ctx: ReportContext): ReportSection {
  const parts: string[] = [];
  const background: string[] = [];
  let contactGiven = false;
  let angleGiven = false;
  /** Where the first reason stands: the terms it uses are defined before it, not after (a reader met "close contact" undefined). */
  let firstReason: number | undefined;
  for (const id of OUTER_PLANET_IDS) {
    const p = ctx.factors.points.get(id);
    if (!p) continue;
    const { angle, distance, aspects } = outerProminence(ctx, id);
    // A slow planet that rules the rising sign or leads the chart, and was read as such, is personal whatever its
    // contacts: it is never called "background".
    const role = personalRole(ctx, id);
    if (!angle && aspects.length === 0 && role) {
      parts.push(`${POINT_NAMES[id]} moves slowly and colours a generation, yet in your chart it is ${role.what}, read as such in "${role.chapter}".`);
      continue;
    }
    if (!angle && aspects.length === 0) {
      background.push(`${POINT_NAMES[id]} in ${ctx.signName(id)}`);
      continue;
    }
    const name = POINT_NAMES[id]!;
    // Untimed: a contact holds for the hours the two were close (the Moon's over its day's course, another planet's at
    // its noon speed), which the reason says; one never close enough is no reason (a reader met Uranus made personal
    // by the Moon's contact alone beside Venus's sextile, under 4° until the evening).
    const hoursOf = new Map(aspects.map((a) => [a, contactHours(ctx, id, a)]));
    for (const [a, when] of hoursOf) if (when === undefined) aspects.splice(aspects.indexOf(a), 1);
    if (aspects.length === 0 && !angle) {
      background.push(`${POINT_NAMES[id]} in ${ctx.signName(id)}`);
      continue;
    }
    const otherOf = (a: KeyedAspect) => (a.p1 === id ? a.p2 : a.p1);
    const partDay = aspects.filter((a) => hoursOf.get(a));
    const when = partDay.length ? hoursOf.get(partDay[0]!)! : '';
    const hours =
      partDay.length === 0
        ? ''
        : aspects.length === 1
          ? `, ${when}`
          : ` (${joinAnd(partDay.map((a) => `${nameInSentence(POINT_NAMES[otherOf(a)]!)} only ${hoursOf.get(a)}`))})`;
    if (aspects.length) contactGiven = true;
    if (angle) angleGiven = true;
    // The closeness is stated, with the distance, in a sentence that names the planet: a bare "it"
    // after another planet's passage reads as that planet.
    const why = (subject: string) =>
      [
        angle ? `${subject} stands ${degreesMinutes(distance!)} from your ${angle}` : undefined,
        aspects.length
          ? `${angle ? 'it' : subject} makes close contact with your ${joinAnd(aspects.map((a) => POINT_NAMES[a.p1 === id ? a.p2 : a.p1]!))}${hours}`
          : undefined,
      ]
        .filter((r) => r !== undefined)
        .join(' and ');
    // Untimed, with contacts of some hours as the only reasons: said as a possibility, not as a cause.
    const onlyForSomeHours = partDay.length > 0 && partDay.length === aspects.length && !angle;
    firstReason ??= parts.length;
    parts.push(
      onlyForSomeHours
        ? `${name} may be personal in your chart: ${why('it')}.`
        : ctx.chooseInTurn(
            [
              `${name} is personal in your chart because ${why('it')}.`,
              `For most people born around the same time ${name} stays in the background, but in your chart ${why('it')}, and that brings it forward.`,
              `${name} moves slowly and usually speaks for a generation; it speaks for you in particular because ${why('it')}.`,
              `Here a slow planet, usually a generation's, becomes a personal one: ${why(name)}.`,
            ],
            'outer-personal',
          ),
    );
    const said = parts.length;
    // Its sign is shared by a generation; what is personal is its house and its contacts (the two closest).
    const house = p.house === undefined ? undefined : keys.planetHouse(id, p.house);
    const houseEntry = house ? ctx.library.entries.get(house) : undefined;
    if (house && houseEntry) {
      const text = ctx.take(house, `${name} in the ${ordinal(p.house!)} House`, PLANET_WEIGHT.outerHouse, {
        heading: houseEntry.title,
        fact: [`${name} ${zodiacPosition(p.lon)}, ${ordinal(p.house!)} house`, cuspMargin(ctx, id)].filter(Boolean).join(' · '),
      });
      if (text) parts.push(text);
    } else if (!ctx.timed) parts.push(...placementEntries(ctx, id, { sign: PLANET_WEIGHT.outerSign, house: PLANET_WEIGHT.outerHouse }));
    for (const a of [...aspects].sort((x, y) => x.orb - y.orb).slice(0, 2)) {
      const text = aspectEntry(ctx, a, PLANET_WEIGHT.outerAspect);
      if (text) parts.push(text);
    }
    // Everything it would bring was read in an earlier chapter (its contact with the Moon, say): the reason is not left
    // standing alone under the passage before it.
    if (parts.length === said)
      parts[said - 1] += aspects.length
        ? ` ${name}'s contact with ${pointsInSentence(aspects.map((a) => (a.p1 === id ? a.p2 : a.p1)))} is read elsewhere in this report.`
        : ` ${name}'s house is read elsewhere in this report.`;
  }
  if (contactGiven || angleGiven) {
    // The reasons above use a tighter orb than the aspect readings; without saying so, an untimed
    // report gives the Moon two different spans of hours for one aspect.
    const terms = [
      contactGiven
        ? `close contact here means an aspect within ${OUTER_ASPECT_ORB}°, a tighter limit than the orbs of the aspect table${ctx.timed ? '' : ', so the hours of a close contact with the Moon can be fewer than those in which its aspect was in orb'}`
        : undefined,
      angleGiven ? `a slow planet within ${OUTER_ANGLE_ORB}° of an angle counts as standing on it` : undefined,
    ].filter((t) => t !== undefined);
    parts.splice(firstReason!, 0, `${capitalize(terms.join('; '))}.`);
  }
  if (background.length > 0) {
    // The nearest contact a background planet does make, wider than the close orb, is named: "no close contact" is not
    // "none", and a reader who finds a 6° conjunction with the Sun in the tables should see why it was left aside.
    // Untimed, a contact within the orb for part of the day only is left aside, and the sentence says so (a reader met "no
    // contact within 4°" beside Neptune square Venus at 2°57′–4°04′).
    const nearest = OUTER_PLANET_IDS.flatMap((id) => {
      if (!background.some((b) => b.startsWith(`${POINT_NAMES[id]} in `))) return [];
      const a = ctx.factors.aspects
        .filter((x) => (x.p1 === id || x.p2 === id) && PERSONAL_POINTS.has(x.p1 === id ? x.p2 : x.p1) && (ctx.timed || (x.p1 !== 'moon' && x.p2 !== 'moon')))
        .sort((x, y) => x.orb - y.orb)[0];
      return a ? [`${POINT_NAMES[id]} ${ASPECT_WORDS[a.type]} your ${POINT_NAMES[a.p1 === id ? a.p2 : a.p1]}, ${ctx.statedOrb(a)}`] : [];
    });
    const widest = nearest.length ? ` (the nearest: ${joinAnd(nearest)})` : '';
    // A background planet may still stand in an aspect figure read in the chart's shape, or in a house read with the
    // life areas: the sentence says what this chapter leaves out, not that the report does.
    const many = background.length > 1;
    const inFigures = OUTER_PLANET_IDS.filter(
      (id) => background.some((b) => b.startsWith(`${POINT_NAMES[id]} in `)) && ctx.figures.sure.some((c) => c.planets.includes(id)),
    );
    const figures = inFigures.length
      ? ` (${joinAnd(inFigures.map((id) => POINT_NAMES[id]!))} ${inFigures.length > 1 ? 'have their parts' : 'has its part'} in the aspect figures read above)`
      : '';
    const houses = ctx.timed ? `; ${many ? 'their houses are' : 'its house is'} read with the life areas` : '';
    parts.push(
      `${joinAnd(background)} ${many ? 'form' : 'forms'} a backdrop you share with everyone born within a few years of you, and since ${many ? 'they make' : 'it makes'} no contact within ${OUTER_ASPECT_ORB}° with your ${ctx.timed ? 'angles or personal planets' : 'personal planets that holds whatever the hour of birth'}${widest}, this chapter gives ${many ? 'them' : 'it'} no reading of ${many ? 'their' : 'its'} own${figures}${houses}.`,
    );
  }
  return introducedSection(ctx, 'outer_planets', parts);
}

/** An aspect's entry (its exact type's if the library has one, else its family's), keyed by the exact type. */
/** `where`: where the aspect stands in a list the reader has in front of them ("3rd in the table"), said in its data line. */
export function aspectEntry(ctx: ReportContext, a: PointPairAspect, weight: number, where?: string): string | undefined {
  if (readAsItsHouse(ctx, a)) return undefined;
  const exact = keys.aspect(a.p1, a.type, a.p2);
  const entryKey = ctx.library.entries.has(exact) ? exact : keys.aspect(a.p1, a.family, a.p2);
  const e = ctx.library.entries.get(entryKey);
  if (!e) return undefined;
  const label = `${POINT_NAMES[a.p1]} ${ASPECT_WORDS[a.type]} ${POINT_NAMES[a.p2]}`;
  const day = ctx.dayAspect(a);
  const text = ctx.take(exact, label, weight, {
    entryKey,
    heading: e.title,
    fact: [label, where, aspectFact({ ...a, day })].filter(Boolean).join(' · '),
    aspectType: a.type,
  });
  if (!text) return text;
  const outOfSign = aspectOutOfSignNote(ctx, a);
  // Untimed: an aspect that held for part of the birth day is read as true for those hours only.
  if (!day || wholeDay(day)) return outOfSign ? `${text}\n\n${outOfSign}` : text;
  const hours = day.from === '00:00' ? `before ${day.to}` : day.to === '24:00' ? `after ${day.from}` : `between ${day.from} and ${day.to}`;
  // On a day the Moon changed sign, the sign it held in those hours (the chapter reads the noon sign, then the other).
  const side = moonSignOfAspect(ctx, a);
  const signs = moonSignHours(ctx);
  const inSign =
    side === 'noon'
      ? `, with the Moon in ${signs!.noon}`
      : side === 'other'
        ? `, with the Moon in ${signs!.other}`
        : side === 'both'
          ? `, the Moon changing sign at ${signs!.at} within them`
          : '';
  const [first, second] = a.p2 === 'moon' ? [a.p2, a.p1] : [a.p1, a.p2];
  return `${text}\n\nThis reading of ${aspectInSentence(first, a.type, second)} holds only if you were born ${hours} local time, the hours in which the aspect was within orb${inSign}; born at another hour, leave it aside.${outOfSign ? ` ${outOfSign}` : ''}`;
}
