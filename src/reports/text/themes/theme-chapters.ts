/**
 * The report's themes, each one chapter that gathers every factor bearing on it: a planet's sign,
 * house and closest aspects are read together, inside the theme the planet belongs to
 * (theme-ranking.ts), with the house areas, the balance and the figures that speak to the same
 * question. The chapters the report had before (temperament, chart shape, key aspects, the outer
 * planets) are read as parts of the theme they serve, their titles one level down.
 */
import type { KeyedAspect } from '../../../interpretations/chart-factors/aspects.ts';
import { keys } from '../../../interpretations/keys.ts';
import type { ReportContext } from '../context.ts';
import { signOfPoint } from '../chart-facts.ts';
import { aspectInSentence, LIFE_AREAS, pointInSentence, pointsInSentence } from '../phrases.ts';
import { aspectScore } from '../ranking.ts';
import { section, type ReportSection } from '../section.ts';
import { countWord } from '../report-markdown.ts';
import { hoursHeld, MIN_HOURS_READ } from '../aspect-facts.ts';
import { CORE_WEIGHT, moonCertainty, otherMoonSign, placementEntries, risingParts, sunMoonBridge } from '../sections/core-triad.ts';
import { moonSignHours, moonSignOfAspect } from '../untimed-moon-sign.ts';
import { aspectEntry, jupiterSaturnLink, outerPlanetsSection, PLANET_WEIGHT, retrogradeEntry } from '../sections/planets.ts';
import { temperamentSection } from '../sections/temperament.ts';
import { leastOfSection } from '../sections/least-of.ts';
import { chartShapeSection } from '../sections/chart-shape.ts';
import { keyAspectsSection } from '../sections/key-aspects.ts';
import { relationshipsSection } from '../sections/relationships.ts';
import { vocationSection } from '../sections/vocation.ts';
import { parentalImagesSection } from '../sections/parental-images.ts';
import { lifeAreaParts, newDescribed, type Described } from '../sections/life-areas.ts';
import { yearAheadSection, type ChartCentre } from '../sections/year-ahead.ts';
import { centralFigureInSentence, centralFigurePassage, isHardFigure, type CentralFigure } from './central-figure.ts';
import { noTensionIntro, tensionAspectIntro, tensionInYourChart, weightiestHardAspect } from './tension-aspect.ts';
import { hardFigureAspects, hardFigureInSentence, type HardFigure } from '../../synthesis/hard-figures.ts';
import { ingressCaution } from '../untimed-ingresses.ts';
import { familyImageParts, moonOuterContact } from './family-images.ts';
import { angleFigureAspects, angleFigureInSentence, angleFigures, type AngleFigure } from '../../synthesis/angle-figures.ts';
import { loveThreadParts, workThreadParts } from './love-work-threads.ts';
import { familyFactors, familyThreadParts, moonSignCaution } from './family-threads.ts';
import { THEMES, type ThemeId } from './theme-ranking.ts';

/** What the themes of one report share: the house signs already described, the central figure and the hard aspect figure the central tension names. */
export interface ThemeState {
  described: Described;
  figure: CentralFigure | undefined;
  hard: HardFigure | undefined;
  /** A hard figure an angle completes, the chart's centre when the planets make no hard figure (else undefined). */
  angle: AngleFigure | undefined;
  /** The chart's centre as "The Central Tension" names it (chartCentre), read by the year ahead and the synthesis. */
  centre: ChartCentre | undefined;
}

/**
 * The state the theme chapters share, with the chart's centre: the planets' hard figure, else a central figure of squares or
 * oppositions, else a hard figure an angle completes (readers saw Venus and Mars on the Ascendant squared by Jupiter as the
 * centre, where a wider single square had been named).
 */
export function newThemeState(ctx: ReportContext, figure: CentralFigure | undefined, hard: HardFigure | undefined): ThemeState {
  const angle = hard || (figure && isHardFigure(figure)) ? undefined : angleFigures(ctx)[0];
  return { described: newDescribed(), figure, hard, angle, centre: chartCentre(ctx, figure, hard, angle) };
}

/** A former chapter read as part of a theme: its title one level down, and its headings with it. */
function embedded(s: ReportSection | undefined): string | undefined {
  if (!s) return undefined;
  return s.markdown.replace(/^(#{2,5}) /gm, '#$1 ');
}

/** A section's paragraphs without its title (a reading written for the theme that holds it). */
function body(s: ReportSection): string[] {
  return s.markdown.split('\n\n').slice(1);
}

/**
 * A planet's closest aspects not read yet (at most `max`, within `orb`), weightiest first. For an
 * untimed chart an aspect of the Moon is ranked by its widest orb of the day, not its closest.
 */
function closestAspects(ctx: ReportContext, id: string, max: number, orb: number): KeyedAspect[] {
  // Untimed: a Moon aspect held over the whole day ranks by its widest orb; one that held for some hours only (read with
  // those hours) by its closest plus the widest orb, so that it comes after those that held all day.
  const effectiveOrb = (a: KeyedAspect) => ctx.rankingOrb(a) ?? a.orb + 10;
  return ctx.factors.aspects
    .filter((a) => (a.p1 === id || a.p2 === id) && a.orb <= orb && !ctx.isShown(keys.aspect(a.p1, a.type, a.p2)))
    .sort((a, b) => aspectScore({ ...b, orb: effectiveOrb(b) }, ctx.factors.chartRuler) - aspectScore({ ...a, orb: effectiveOrb(a) }, ctx.factors.chartRuler))
    .slice(0, max);
}

/** A planet read in one place: its sign and house, whether it is retrograde, and its closest aspects. */
function planetReading(ctx: ReportContext, id: string, weights: { sign: number; house: number }, aspects = 2): string[] {
  const parts = placementEntries(ctx, id, weights, '');
  const retro = retrogradeEntry(ctx, id);
  if (retro) parts.push(retro);
  for (const a of closestAspects(ctx, id, aspects, 3.5)) {
    const text = aspectEntry(ctx, a, PLANET_WEIGHT.outerAspect);
    if (text) parts.push(text);
  }
  return parts;
}

const signName = (ctx: ReportContext, id: string) => signOfPoint(ctx, id)?.name;

function meetingWorld(ctx: ReportContext): string[] {
  const sun = signName(ctx, 'sun')!;
  const ruler = ctx.factors.chartRuler;
  const rising = ctx.timed ? signName(ctx, 'asc') : undefined;
  // The factors the chapter reads, each once: a Sun that rules the rising sign is one factor, not two (a Montreal reader met
  // "four factors" that counted a Leo rising's Sun twice and left out Mercury, which the chapter reads).
  const factors = rising && [
    `${rising} rising, the first impression and the way you begin things`,
    `the Sun in ${sun}, what you are growing into${ruler === 'sun' ? ', and as ruler of the rising sign what carries that manner into the rest of your life' : ''}`,
    ...(ruler && ruler !== 'sun' ? [`${pointInSentence(ruler)}, ruler of the rising sign, which carries that manner into the rest of your life`] : []),
    ...(ruler !== 'mercury' ? ['Mercury, the way you think and speak'] : []),
    'the balance of elements and modes that sets your pace before any one planet speaks',
  ];
  const intro = factors
    ? ctx.choose(
        [
          `How you meet the world is read here from ${countWord(factors.length)} factors together: ${factors.slice(0, -1).join('; ')}; and ${factors.at(-1)}.`,
          `Your way of meeting people and situations starts with ${rising} on the Ascendant and the Sun in ${sun}; ${ruler === 'sun' ? 'the Sun, as chart ruler too, says where that energy is headed, ' : ruler ? `${pointInSentence(ruler)}, as chart ruler, says where that energy is headed, ` : ''}${ruler !== 'mercury' ? 'Mercury how you put it into words, ' : ''}and the temperament of the whole chart says at what speed. Where these agree you will recognise yourself at once; where they differ, the difference is named as it comes.`,
        ],
        'theme-world-timed',
      )
    : ctx.choose(
        [
          `How you meet the world is read here from the Sun in ${sun}, the self you are growing into, from Mercury, the way you think and speak, and from the balance of elements and modes across the whole chart, which sets your pace before any single planet speaks.`,
          `Without a birth time, the first impression you make is read from what the day itself gives: the Sun in ${sun}, Mercury's way with words and ideas, and the temperament of the chart as a whole.`,
        ],
        'theme-world-untimed',
      );
  const parts: (string | undefined)[] = [intro];
  parts.push(...planetReading(ctx, 'sun', { sign: CORE_WEIGHT.luminarySign, house: CORE_WEIGHT.luminaryHouse }, 1));
  parts.push(...risingParts(ctx));
  if (ruler !== 'mercury') parts.push(...planetReading(ctx, 'mercury', { sign: PLANET_WEIGHT.personalSign, house: 4 }, 1));
  else for (const a of closestAspects(ctx, 'mercury', 1, 3.5)) parts.push(aspectEntry(ctx, a, PLANET_WEIGHT.outerAspect));
  parts.push(embedded(temperamentSection(ctx)), embedded(leastOfSection(ctx)));
  return parts.filter((p): p is string => p !== undefined);
}

function innerNeeds(ctx: ReportContext): string[] {
  // Untimed, on a day the Moon changed sign, its sign is said with the hours it holds for.
  const change = moonSignHours(ctx);
  const moon = change ? `${change.noon} ${change.hours} (${change.other} otherwise)` : signName(ctx, 'moon')!;
  const parts: (string | undefined)[] = [
    ctx.choose(
      [
        `What you need in order to feel safe is the Moon's question, and yours stands in ${moon}. Its sign${ctx.timed ? ', its house' : ''} and the planets it meets describe the comfort you reach for when tired or hurt, and the way you look after the people close to you; the Sun's sign beside it shows how well those needs get along with your aims.`,
        `Under the face you show is a set of needs, read from the Moon in ${moon}${ctx.timed ? ' and its house' : ''}, from the planets that touch it and from how it sits with your ${signName(ctx, 'sun')} Sun. When these needs are met you are generous and steady; when they are not, the rest of the chart has to work harder.`,
      ],
      'theme-needs',
    ),
  ];
  if (ctx.timed || !ctx.sky.moonDay) parts.push(...planetReading(ctx, 'moon', { sign: CORE_WEIGHT.luminarySign, house: CORE_WEIGHT.luminaryHouse }, 3));
  else {
    parts.push(...placementEntries(ctx, 'moon', { sign: CORE_WEIGHT.luminarySign, house: CORE_WEIGHT.luminaryHouse }));
    parts.push(moonCertainty(ctx));
    // Each aspect of the day is read, those that held only for some hours with their hours (aspectEntry says so). On a
    // day the Moon changed sign, an aspect that held only on the far side of the change follows that sign's reading.
    // An aspect in orb for under two hours of the day (the last ten minutes before midnight, say) is a slim chance for
    // a whole passage: it stays in the tables with its hours and is not read.
    const aspects = closestAspects(ctx, 'moon', 4, 6).filter((x) => hoursHeld(ctx.dayAspect(x)) >= MIN_HOURS_READ);
    const farSide = aspects.filter((a) => moonSignOfAspect(ctx, a) === 'other');
    for (const a of aspects.filter((x) => !farSide.includes(x))) parts.push(aspectEntry(ctx, a, PLANET_WEIGHT.outerAspect));
    parts.push(otherMoonSign(ctx));
    for (const a of farSide) parts.push(aspectEntry(ctx, a, PLANET_WEIGHT.outerAspect));
  }
  parts.push(sunMoonBridge(ctx));
  return parts.filter((p): p is string => p !== undefined);
}

function love(ctx: ReportContext, state: ThemeState): string[] {
  const [venus, mars] = [signName(ctx, 'venus'), signName(ctx, 'mars')];
  const intro = ctx.choose(
    [
      `How you love is read from Venus in ${venus}, what attracts you and how you show affection, and Mars in ${mars}, how you pursue and what you do with desire${ctx.timed ? ', then from the 7th house of partners and the 5th of romance and play' : ''}. Each planet's sign${ctx.timed ? ', house' : ''} and closest aspects are read together, so that the picture of you in love comes from the whole chart rather than from one placement.`,
      `Love in your chart is a conversation between Venus in ${venus} and Mars in ${mars}; this chapter reads the two with everything that touches them${ctx.timed ? ' (the houses of partnership and pleasure too)' : ''}, and names where they agree and where they pull apart.`,
    ],
    'theme-love',
  );
  const parts: (string | undefined)[] = [intro, ...body(relationshipsSection(ctx))];
  parts.push(...planetReading(ctx, 'venus', { sign: PLANET_WEIGHT.personalSign, house: 4 }));
  parts.push(...planetReading(ctx, 'mars', { sign: PLANET_WEIGHT.personalSign, house: 4 }));
  parts.push(...underHeading('Love as a Whole', loveThreadParts(ctx)));
  parts.push(...lifeAreaParts(ctx, 'relationships', state.described, true));
  return parts.filter((p): p is string => p !== undefined);
}

function work(ctx: ReportContext, state: ThemeState): string[] {
  const [saturn, jupiter] = [signName(ctx, 'saturn'), signName(ctx, 'jupiter')];
  const intro = ctx.choose(
    [
      `How you work draws on ${ctx.timed ? `the Midheaven in ${signName(ctx, 'mc')}, the aim you grow toward in public, on the 10th and 6th houses of career and daily tasks, on ` : ''}Saturn in ${saturn}, where skill is built slowly, and on Jupiter in ${jupiter}, which says where opportunity and faith are found; the Sun's sign and the chart's element balance add what kind of work feels worth doing.`,
      `Vocation is read here from several factors at once: ${ctx.timed ? `the Midheaven in ${signName(ctx, 'mc')} and the houses of work, ` : ''}Saturn in ${saturn} for discipline and mastery, Jupiter in ${jupiter} for growth and reach, and the Sun for the purpose behind it all.`,
    ],
    'theme-work',
  );
  const parts: (string | undefined)[] = [intro, ...body(vocationSection(ctx))];
  parts.push(...lifeAreaParts(ctx, 'vocation', state.described, true));
  parts.push(...planetReading(ctx, 'jupiter', { sign: PLANET_WEIGHT.socialSign, house: 4 }));
  parts.push(...planetReading(ctx, 'saturn', { sign: PLANET_WEIGHT.socialSign, house: 4 }));
  parts.push(...underHeading('Work as a Whole', [jupiterSaturnLink(ctx), ...workThreadParts(ctx)]));
  parts.push(...underHeading(LIFE_AREAS.find((a) => a.id === 'resources')!.title, lifeAreaParts(ctx, 'resources', state.described)));
  return parts.filter((p): p is string => p !== undefined);
}

/** The aspects that speak of the parental images, read here when no earlier theme took them. */
const FAMILY_ASPECTS = ['sun-saturn', 'moon-saturn', 'sun-moon', 'moon-pluto', 'sun-pluto', 'moon-uranus'];

function family(ctx: ReportContext, state: ThemeState): string[] {
  const parts: (string | undefined)[] = [moonSignCaution(ctx), ...body(parentalImagesSection(ctx)), ...familyImageParts(ctx)];
  parts.push(...lifeAreaParts(ctx, 'home', state.described, true));
  // The Moon's contact with a slow planet was read above as an image of care (familyImageParts); its reading as an aspect is left to another chapter.
  const imaged = moonOuterContact(ctx)?.aspect;
  for (const a of ctx.factors.aspects) {
    if (a === imaged) continue;
    // Untimed: an aspect is taken here only when it held all day, and within 6° at its widest (its ranking orb).
    const orb = ctx.rankingOrb(a);
    if (!FAMILY_ASPECTS.includes(`${a.p1}-${a.p2}`) || orb === undefined || orb > 6) continue;
    parts.push(aspectEntry(ctx, a, PLANET_WEIGHT.outerAspect));
  }
  parts.push(...underHeading('The Family Picture as a Whole', familyThreadParts(ctx, familyFactors(ctx))));
  return parts.filter((p): p is string => p !== undefined);
}

/**
 * Paragraphs that read several factors of a chapter at once (or a life area's cusps), under a heading of their own unless
 * they open with one: without it they ran on under the last entry's heading, and a reader found a family chapter's summing-up
 * under "Moon in Harmony with Pluto" and the 2nd and 8th cusps under "Saturn in Harmony with Pluto".
 */
function underHeading(title: string, parts: readonly (string | undefined)[]): string[] {
  const said = parts.filter((p): p is string => p !== undefined && p !== '');
  return said.length === 0 || said[0]!.startsWith('### ') ? said : [`### ${title}`, ...said];
}

/** The weight of the aspect named as the tension when this chapter reads it: the first key aspect's. */
const TENSION_ASPECT_WEIGHT = 6;

/**
 * The chapter names the chart's tension: its T-square or grand cross when it has one (read with the
 * chart's shape, where the figure stands), else a central figure of squares or oppositions (read
 * first, as one). A central figure of trines or sextiles is read too, after the shape, but never
 * called the tension: ease is not what a chart argues about. Without either, the weightiest square or
 * opposition is named (tension-aspect.ts), and a chart with none is told so.
 */
function tension(ctx: ReportContext, state: ThemeState): string[] {
  const { figure, hard, angle: angleFigure } = state;
  const hardFigure = figure && isHardFigure(figure) ? figure : undefined;
  const tensionAspect = hard || hardFigure || angleFigure ? undefined : weightiestHardAspect(ctx);
  const intro = hard
    ? ctx.choose(
        [
          `The central tension of your chart is ${hardFigureInSentence(hard)}. It is read with the shape of the chart, which comes first; after it come ${figure ? `${centralFigureInSentence(figure)}, read as one, then ` : ''}the slow planets where they reach you and the aspects not yet read.`,
          `What pulls hardest in your chart is ${hardFigureInSentence(hard)}, a knot of squares and ${hard.kind === 'grand_cross' ? 'oppositions' : 'an opposition'} that much else is tied to. The shape of the chart comes first, with this figure in it; after it come ${figure ? `${centralFigureInSentence(figure)}, read as one, then ` : ''}the slow planets where they touch you and the aspects not yet read.`,
        ],
        'theme-tension-hard-figure',
      )
    : hardFigure
      ? ctx.choose(
          [
            `Every chart has a knot that much else is tied to. In yours it is the figure formed by ${pointsInSentence(hardFigure.sides[0])} with ${pointsInSentence(hardFigure.sides[1])}, read first as one figure; the shape of the chart, the slow planets where they reach you, and the aspects not yet read follow.`,
            `The central tension of your chart is ${centralFigureInSentence(hardFigure)}. It is read once, as a whole, before the chart's shape and its remaining aspects.`,
          ],
          'theme-tension-figure',
        )
      : angleFigure
        ? ctx.choose(
            [
              `The central tension of your chart is ${angleFigureInSentence(angleFigure)}: a figure one of its angles completes, so that the strain runs through an axis of the chart itself. It is read with the shape of the chart, which comes first; after it come the slow planets where they reach you and the aspects not yet read.`,
              `What pulls hardest in your chart is ${angleFigureInSentence(angleFigure)}, a figure completed by an axis of the chart rather than by a planet alone. The shape of the chart comes first, with this figure in it; after it come the slow planets where they touch you and the aspects not yet read.`,
            ],
            'theme-tension-angle-figure',
          )
        : tensionAspect
          ? tensionAspectIntro(ctx, tensionAspect)
          : noTensionIntro(ctx);
  const parts: (string | undefined)[] = [intro];
  // The aspect named as the tension is read here when no earlier chapter read it with its planets.
  // Read with its planets in an earlier chapter, it is read here too, as the argument it is in this chart.
  if (tensionAspect && !ctx.isShown(keys.aspect(tensionAspect.p1, tensionAspect.type, tensionAspect.p2)))
    parts.push(aspectEntry(ctx, tensionAspect, TENSION_ASPECT_WEIGHT, 'the central tension'));
  else if (tensionAspect) parts.push(tensionInYourChart(ctx, tensionAspect));
  if (hardFigure && !hard) parts.push(centralFigurePassage(ctx, hardFigure));
  parts.push(embedded(chartShapeSection(ctx)));
  if (figure && (hard || !hardFigure)) parts.push(centralFigurePassage(ctx, figure));
  parts.push(embedded(outerPlanetsSection(ctx)), embedded(keyAspectsSection(ctx)));
  const other = lifeAreaParts(ctx, 'other', state.described);
  if (other.length) parts.push('### Other Houses With Planets', ...other.map((p) => p.replace(/^### /, '#### ')));
  return parts.filter((p): p is string => p !== undefined);
}

/**
 * The chart's centre as "The Central Tension" names it, for the year ahead to tie a transit back to: the natal points it
 * joins (an angle figure's angle as the Ascendant or Midheaven, the points the year's contacts are found to) and its name
 * in a sentence. Undefined when the chart has no square or opposition to name.
 */
function chartCentre(
  ctx: ReportContext,
  figure: CentralFigure | undefined,
  hard: HardFigure | undefined,
  angle: AngleFigure | undefined,
): ChartCentre | undefined {
  if (hard) {
    const points = hard.kind === 'grand_cross' ? hard.cross.planets : [...hard.group.ends.flat(), ...hard.group.apexes];
    return { points, phrase: hardFigureInSentence(hard), figureAspects: hardFigureAspects(ctx, hard) };
  }
  if (figure && isHardFigure(figure)) return { points: figure.sides.flat(), phrase: centralFigureInSentence(figure), figureAspects: figure.aspects };
  if (angle) {
    const axisPoint = (id: string) => (id === 'asc' || id === 'dsc' ? 'asc' : 'mc');
    const points =
      angle.kind === 'on_angle'
        ? [...angle.planets.map((p) => p.id), angle.apex, axisPoint(angle.angle)]
        : [...angle.ends, ...angle.onAxis.map((x) => x.id), angle.axis === 'horizon' ? 'asc' : 'mc'];
    return { points, phrase: angleFigureInSentence(angle), figureAspects: angleFigureAspects(angle) };
  }
  const a = weightiestHardAspect(ctx);
  return a && { points: [a.p1, a.p2], phrase: aspectInSentence(a.p1, a.type, a.p2) };
}

/** The chapter of one theme for this chart (undefined when the chart has nothing for it: no year ahead). */
export function themeChapter(ctx: ReportContext, id: ThemeId, state: ThemeState): ReportSection | undefined {
  const title = THEMES[id].title;
  ctx.chapter = title;
  switch (id) {
    case 'meeting_world':
      return section(id, title, meetingWorld(ctx));
    case 'inner_needs':
      return section(id, title, withIngressCaution(ctx, innerNeeds(ctx)));
    case 'relationships':
      return section(id, title, withIngressCaution(ctx, love(ctx, state)));
    case 'vocation':
      return section(id, title, withIngressCaution(ctx, work(ctx, state)));
    case 'parental_images':
      return section(id, title, withIngressCaution(ctx, family(ctx, state)));
    case 'central_tension':
      return section(id, title, withIngressCaution(ctx, tension(ctx, state)));
    case 'year_ahead':
      return yearAheadSection(ctx, state.centre);
  }
}

/** A chapter's parts with, first, the note on a changed body's noon sign it reads (untimed; the first chapter reads both signs). */
function withIngressCaution(ctx: ReportContext, parts: string[]): string[] {
  const caution = ingressCaution(ctx, parts.join('\n\n'));
  return caution ? [caution, ...parts] : parts;
}
