/**
 * The opening of each chapter, written for the chart it opens: a timed chart's and an untimed
 * chart's differ in what they promise (no Ascendant, houses or chart ruler without a birth
 * time), and each introduction names something of this chart, so that two people's reports do
 * not open their chapters with the same sentences. Several phrasings per chapter are chosen by
 * the chart's seed.
 */
import { signOf } from '../../astro/zodiac.ts';
import type { ReportContext } from './context.ts';
import { moonSignHours, moonSignNote } from './untimed-moon-sign.ts';
import { ELEMENT_NAMES, POINT_NAMES } from './phrases.ts';
import { capitalize, countWord, joinAnd, withArticle } from './report-markdown.ts';
import { isGenerational, keyAspects as rankedKeyAspects } from './ranking.ts';
import { angleFigures } from '../synthesis/angle-figures.ts';

export interface SectionIntro {
  title: string;
  text: string;
}

const sign = (ctx: ReportContext, id: string) => (ctx.factors.points.has(id) ? signOf(ctx.factors.points.get(id)!.lon).name : undefined);

/** The element with the most weight, in lower case ("earth"). */
function leadingElement(ctx: ReportContext): string {
  const e = ctx.factors.balance.elements;
  const best = (Object.keys(e) as (keyof typeof e)[]).reduce((a, b) => (e[b] > e[a] ? b : a));
  return ELEMENT_NAMES[best]!.toLowerCase();
}

type Writer = (ctx: ReportContext) => SectionIntro;

const coreTriad: Writer = (ctx) => {
  const sun = sign(ctx, 'sun')!;
  const moon = sign(ctx, 'moon')!;
  if (!ctx.timed) {
    return {
      title: 'The Core of You: Sun and Moon',
      text: ctx.choose(
        [
          `Without a birth time, two lights carry the weight of this reading: the Sun in ${sun}, the self you are growing into, and the Moon in ${moon}, what you need in order to feel safe. What follows takes each in turn and then asks how well ${withArticle(sun)} Sun and ${withArticle(moon)} Moon get along.`,
          `Your chart is read here from the day of your birth, not its hour, so its centre is the pair of luminaries, the Sun in ${sun}, your purpose, and the Moon in ${moon}, your emotional needs, whose conversation runs through every later chapter.`,
          `A Sun in ${sun} and a Moon in ${moon} are the two facts of your chart that no missing hour can change: the first describes what you aim at, the second what comforts you, and this chapter reads both and the bond between them.`,
          `What you strive for and what you need rarely ask for the same thing, and in your chart they are the Sun in ${sun} and the Moon in ${moon}; with the hour unknown, these two are where the reading starts.`,
          `The Sun and the Moon are the fullest facts an untimed chart can give, and yours place them in ${sun} and ${moon}: this chapter reads the will of the one, the feeling of the other, and how the pair cooperate.`,
        ],
        'intro-core-untimed',
      ),
    };
  }
  const asc = sign(ctx, 'asc')!;
  const ruler = ctx.factors.chartRuler;
  const rulerText = ruler ? POINT_NAMES[ruler]! : 'the chart ruler';
  return {
    title: 'The Core of You: Sun, Moon, Ascendant and Chart Ruler',
    text: ctx.choose(
      [
        `Four factors hold up the rest of your chart: the Sun in ${sun} is the self you are growing into, the Moon in ${moon} what helps you feel safe, ${asc} rising the manner in which you meet what is new, and ${rulerText}, ruler of ${asc}, the planet that carries that manner into the rest of your life.`,
        `This chapter begins where your chart is most personal: ${withArticle(sun)} Sun, ${withArticle(moon)} Moon and ${asc} on the eastern horizon. ${rulerText} rules your rising sign, so its placement is read here too, as the thread that ties them together.`,
        `With the Sun in ${sun}, the Moon in ${moon} and ${asc} rising, your chart sets purpose, need and first impression in three different keys. Reading them side by side, with ${rulerText} as the chart's guide, shows where they agree and where they pull apart.`,
        `Purpose, need, manner and the planet that steers them: in your chart these are the Sun in ${sun}, the Moon in ${moon}, ${asc} rising and ${rulerText}, and every later chapter leans on what is said of them here.`,
        `If someone knew only four things about your chart, these would be the most telling: ${withArticle(sun)} Sun, ${withArticle(moon)} Moon, ${asc} on the Ascendant and ${rulerText} as the ruler of that rising sign.`,
      ],
      'intro-core-timed',
    ),
  };
};

const temperament: Writer = (ctx) => {
  const lead = leadingElement(ctx);
  const weak = ctx.factors.balance.weakElements.map((e) => ELEMENT_NAMES[e]!.toLowerCase());
  // The scarce elements, phrased to fit each opening's sentence.
  const scarce = weak.length ? joinAnd(weak) : undefined;
  const scarceVerb = weak.length > 1 ? 'are' : 'is';
  return {
    title: 'Your Temperament',
    text: ctx.choose(
      [
        `Before any single planet, a chart has a climate, and yours leans toward ${lead}${scarce ? ` and away from ${scarce}` : ''}; the tables below count it, and the passages after them describe what such a mix tends to feel like from inside.`,
        `Temperament is the weather of a chart rather than its landmarks: counting elements and modalities across your planets shows ${lead} in the lead${scarce ? ` and ${scarce} nearly absent` : ''}, and that colouring tints every placement read later.`,
        `Your planets, counted by element and modality, give ${lead} the largest share${scarce ? ` and ${scarce} the smallest` : ''}; this chapter reads that balance, the planet that stands out above the others, and the Moon's phase at your birth.`,
        `Much of how you react, before you have thought about it, comes from the mix of elements in your chart, and in yours ${lead} leads${scarce ? ` while ${scarce} ${scarceVerb} scarce` : ''}, and that mix says something about your pace, your needs and your blind spots.`,
        `With ${lead} strongest among your elements${scarce ? ` and ${scarce} weakest` : ''}, your chart has ${ctx.factors.balance.strongElements.length ? 'a recognisable temperament' : 'a mixed temperament, no element far ahead of the rest'}, read here from the tallies of element and mode, from its most prominent planet and from the Moon's phase at birth.`,
      ],
      'intro-temperament',
    ),
  };
};

const chartShape: Writer = (ctx) => {
  // Figures of one kind are read as one entry (two T-squares sharing an opposition are one passage): counted as such.
  const n = new Set(ctx.figures.sure.map((c) => c.key)).size;
  // "Classic": the five figures the chapter looks for (a chart may still hold other triangles of aspects); "planetary" when
  // there is none, since they are looked for among the ten planets (a reader found a T-square on the nodes).
  const none = n === 0;
  // Untimed, a figure the Moon completes for some hours is possible: "none" is then said of what holds all day.
  // After "none of the … figures", plural (a reader met "none of the classic ones that holds").
  const certain = none && ctx.figures.possible.length > 0 ? ' that hold whatever the hour of birth' : '';
  // A figure an angle completes (angle-figures.ts) is read in the chapter: "none" would deny it.
  const angled = none && angleFigures(ctx).length > 0;
  const figures = angled
    ? 'one figure that an angle completes, and none that the planets make alone'
    : none
      ? `none of the classic planetary figures${certain}`
      : n === 1
        ? 'one of the classic aspect figures'
        : `${countWord(n)} of the classic aspect figures`;
  return {
    title: 'Chart Shape and Configurations',
    text: ctx.choose(
      [
        `Seen from a distance, the planets of your chart make a pattern around the wheel, and among them ${figures} can be traced: the pattern and the figures show how the chart's energies are grouped, before any single planet is read.`,
        `How the planets are spread, bunched or balanced around the circle is read here as a single picture, with the figures that several planets make together by aspect: your chart has ${figures}.`,
        `Beside the planets read one by one, this part looks at the wheel as a whole: where your planets crowd together, where they leave gaps, and the figures they form: in yours, ${angled ? 'one that an angle completes, and none that the planets make alone' : none ? `none of the classic planetary ones${certain}` : n === 1 ? 'one of the classic ones' : `${countWord(n)} of the classic ones`}.`,
        // Not "among them" after a figure an angle completes (a reader met "none among the planets alone among them").
        `The layout of your planets around the circle, with ${angled ? figures : `${figures} among them`}, is a first sketch of how your energy flows, whether it gathers, scatters or circles back.`,
        `A chart has a silhouette as well as details, and yours, with ${figures} inside it, is read here for what it says about focus and reach: where your attention naturally goes, and what it tends to pass by.`,
        `Step back from the single placements and your chart shows an overall outline${none && !angled ? ` but none of the classic planetary figures${certain}; this chapter reads the outline` : ` and ${figures}; this chapter reads the outline first, then the ${n === 1 || angled ? 'figure' : 'figures'},`} as habits of where energy collects.`,
      ],
      'intro-shape',
    ),
  };
};

const personalPlanets: Writer = (ctx) => {
  const list = ['mercury', 'venus', 'mars'].map((id) => `${POINT_NAMES[id]} in ${sign(ctx, id)}`);
  return {
    title: 'The Personal Planets: Mercury, Venus and Mars',
    text: ctx.choose(
      [
        `${joinAnd(list)}: these fast-moving planets describe how you think, what you love and how you go after what you want, the parts of you that others meet every day.`,
        `Everyday life runs through three planets, read in this chapter as your chart places them: ${joinAnd(list)}, describing thought, affection and drive as others actually experience them.`,
        `Conversations, attachments and ambitions are the territory of this chapter, and your chart gives them to ${joinAnd(list)}.`,
        `The quick planets change sign every few weeks, so their placements are among the most individual in your chart: ${joinAnd(list)}, read here one after the other.`,
      ],
      'intro-personal',
    ),
  };
};

const jupiterSaturn: Writer = (ctx) => {
  const j = sign(ctx, 'jupiter');
  const s = sign(ctx, 'saturn');
  return {
    title: 'Jupiter and Saturn: Growth and Structure',
    text: ctx.choose(
      [
        `Jupiter in ${j} shows where you reach for more, and Saturn in ${s} where you learn to build within limits; the two work as a pair, opening and consolidating in turn.`,
        `Growth and structure are the business of this chapter: Jupiter, placed in ${j}, for faith and expansion, and Saturn, placed in ${s}, for duty, patience and the slow work of mastery.`,
        `Your Jupiter in ${j} and Saturn in ${s} answer two questions that run through adult life: what deserves your hope, and what deserves your effort.`,
        `Where your confidence comes easily and where it has to be earned are read here, from Jupiter in ${j} and from Saturn in ${s}.`,
      ],
      'intro-jupiter-saturn',
    ),
  };
};

const outerPlanets: Writer = (ctx) => {
  const u = sign(ctx, 'uranus');
  const n = sign(ctx, 'neptune');
  const p = sign(ctx, 'pluto');
  return {
    title: 'The Outer Planets',
    text: ctx.choose(
      [
        `Uranus in ${u}, Neptune in ${n} and Pluto in ${p} are shared by everyone born within a few years of you; they become personal only where they touch your own planets${ctx.timed ? ' or angles' : ''}, and that is where this chapter reads them.`,
        `Your generation carries Uranus in ${u}, Neptune in ${n} and Pluto in ${p}, and what makes any of them yours is a close contact with a personal planet${ctx.timed ? ' or an angle' : ''}, read below.`,
        `The slowest planets mark an era more than a person (Uranus in ${u}, Neptune in ${n}, Pluto in ${p} are shared with everyone born within a few years of you), so this part keeps to the places where they reach into your own chart.`,
        `Uranus, Neptune and Pluto stood in ${u}, ${n} and ${p} for years around your birth, colouring the times you grew up in; here they are read where they meet your personal planets${ctx.timed ? ' and angles' : ''}.`,
      ],
      'intro-outer',
    ),
  };
};

const lifeAreas: Writer = (ctx) => {
  const asc = sign(ctx, 'asc');
  return {
    title: 'Life Areas',
    text: ctx.choose(
      [
        `The twelve houses, counted from ${asc} on the Ascendant, divide your life into areas of experience; this chapter gathers them into the main domains (partnership, work, home and resources) and reads the planets that stand in each.`,
        `With ${asc} rising, your houses fall in a particular order around the wheel, and each area of life receives its own sign and its own planets, read here domain by domain.`,
        `Partnership, work, home and money each have their houses, and from ${asc} rising each of those houses takes its own sign, while the planets standing in them say where your attention goes most.`,
        `Counting round from your ${asc} Ascendant, the houses assign every part of life a sign and, in some cases, planets; the busiest of them are the ones to read closely.`,
      ],
      'intro-life-areas',
    ),
  };
};

/** The nodes chapter's title, which the life areas also cite when an empty house holds one of its points. */
export const NODES_CHAPTER_TITLE = 'The Lunar Nodes, Chiron and Lilith';

const nodesChiron: Writer = (ctx) => {
  const node = sign(ctx, 'north_node');
  return {
    title: NODES_CHAPTER_TITLE,
    text: ctx.choose(
      [
        `Three points that are not planets complete the portrait, and the first, the North Node, in ${node} for you, is read as a direction of growth; Chiron as a sensitive place where hurt and skill meet; Lilith as a side of you that was once pushed away and grows stronger when it is reclaimed.`,
        `The lunar nodes are where the Moon's path crosses the Sun's; your North Node lies in ${node}, pointing toward what is unfamiliar yet rewarding, while Chiron and Lilith add the places of old hurt and of refused strength.`,
        `Your North Node in ${node} names a direction that feels awkward at first and rewarding later; beside it, Chiron marks where an early hurt can turn into a gift for others, and Lilith a part of you that asks to be let back in.`,
        `Of the three points read here, only Chiron is a body, and one too faint to see; the Node is a point of the Moon's orbit and Lilith the far point of it, and each has a story: the North Node in ${node} for where you are headed, Chiron for the wound that teaches, Lilith for the strength you were once told to hide.`,
      ],
      'intro-nodes',
    ),
  };
};

const keyAspects: Writer = (ctx) => {
  // Untimed, an aspect of the Moon that held for part of the day only is no aspect of every birth that day: not counted;
  // nor is one between two outer planets, which the ranking leaves to the generation (ranking.ts).
  const generation = ctx.heldAspects.filter(isGenerational).length;
  // All of them, as the chapter on the chart's shape counts them (a reader met "eighteen" there and "seventeen" here).
  const n = ctx.heldAspects.length;
  // Between the planets (and angles): the Nodes, Chiron and Lilith are read in a chapter of their own, and the count leaves
  // them out (a reader counted 27 aspects in the chart against the "eighteen" said).
  const held = ctx.timed ? ' between your planets and angles' : ' between your planets that held all day';
  // The table keeps the weightiest (ranking.ts), so a chart with many aspects ranks only some.
  const ranked = rankedKeyAspects(ctx.factors, (a) => ctx.rankingOrb(a)).length;
  const whichRanked =
    n === 1
      ? `your one major aspect${held} is ranked`
      : ranked === n
        ? `your ${countWord(n)} major aspects${held} are ranked`
        : ranked === n - generation
          ? `${countWord(ranked)} of your ${countWord(n)} major aspects${held} ${ranked === 1 ? 'is' : 'are'} ranked`
          : ranked === 1
            ? `the weightiest of your ${countWord(n)} major aspects${held} is ranked`
            : `the ${countWord(ranked)} weightiest of your ${countWord(n)} major aspects${held} are ranked`;
  const left =
    generation === 0
      ? ''
      : ` ${generation === 1 ? 'An aspect' : `${capitalize(countWord(generation))} aspects`} between two of Uranus, Neptune and Pluto, which everyone born within years of you shares, ${generation === 1 ? 'is' : 'are'} left out.`;
  // As ranking.ts weighs them: the lights most, then the angles and the chart ruler, then the personal planets.
  const order = ctx.timed
    ? 'the Sun and the Moon most, then the Ascendant, the chart ruler and the personal planets'
    : 'the Sun and the Moon most, then the personal planets';
  return {
    title: 'Key Aspects',
    text: ctx.choose(
      [
        `${capitalize(whichRanked)} here in order of weight: closeness counts, and so do the planets they involve (${order}), so a wider aspect of the Sun can stand above a tighter one of two slower planets; flowing aspects show cooperation, tense ones friction that pushes you to grow, conjunctions two forces acting as one.${left}`,
        `Aspects are the conversations between the parts of you, and ${whichRanked} by weight, which joins how close each is with the planets it touches (${order}); those already read in an earlier chapter are listed but not repeated.${left}`,
        `${capitalize(whichRanked)} here by weight, which counts both how close each aspect is and how central its planets are (${order}), and the first few that no earlier chapter read in full are read here.${left}`,
        `Where two planets stand at a telling angle, they colour each other: ${whichRanked} here, judged by closeness and by the planets they touch (${order}), and the first few that no earlier chapter read in full are read here.${left}`,
      ],
      'intro-aspects',
    ),
  };
};

const synthesis: Writer = (ctx) => ({
  title: 'Synthesis',
  text: ctx.choose(
    [
      `What came up more than once in the chapters above is gathered here for your ${sign(ctx, 'sun')} Sun and ${sign(ctx, 'moon')} Moon: the strengths several factors agree on, the tensions where they disagree, and a few ways of working with both.`,
      `A chart is read in parts but lived as a whole; this chapter draws together the themes yours repeats, from the Sun in ${sign(ctx, 'sun')} outward, and the ones it argues about, with a few concrete suggestions and questions to keep.`,
      `With the Sun in ${sign(ctx, 'sun')} and the Moon in ${sign(ctx, 'moon')} as its anchors, your chart keeps returning to a few ideas, gathered here in one place with the tensions between them and some ways to live with both.`,
      `This chapter steps back and gathers what your ${sign(ctx, 'sun')} Sun, your ${sign(ctx, 'moon')} Moon and the rest agreed on, names where they pulled in different directions, and ends with questions worth keeping.`,
    ],
    'intro-synthesis',
  ),
});

const howToRead: Writer = (ctx) => {
  const sun = sign(ctx, 'sun')!;
  const moon = sign(ctx, 'moon')!;
  const place = ctx.chart.subject.location.city;
  const where = place ? ` over ${place}` : '';
  return {
    title: 'How to Read This Report',
    text: ctx.choose(
      [
        `This report reads the sky${where} at your birth, with the Sun in ${sun} and the Moon in ${moon}, as a description of inner tendencies (needs, motives, gifts and tensions); it predicts no events and decides nothing for you. Where a passage fits, use it; where it does not, noticing where you differ from it is worth something too.`,
        `Your chart, a Sun in ${sun} and a Moon in ${moon} among the rest, is read here as a portrait of tendencies rather than a forecast: take what rings true, question what does not, and come back to it later, since the same sentence can read differently at another time of life.`,
        `Think of what follows as a conversation with your chart${place ? `, the sky over ${place} at your birth` : ''}: ${withArticle(sun)} Sun, ${withArticle(moon)} Moon and everything around them, described as inclinations you can work with; nothing here is fixed fate, and your own sense of what fits is the final judge.`,
        `What you are about to read describes the sky${where} when you were born, the Sun in ${sun} and the Moon in ${moon} at its centre, as a set of leanings rather than a verdict: some pages will feel exact and others beside the point, and both responses tell you something.`,
        `A birth chart with the Sun in ${sun} and the Moon in ${moon} can be read in many ways; this one reads it psychologically, for the motives and tensions you may recognise in yourself, and leaves the deciding to you.`,
      ],
      'intro-how-to-read',
    ),
  };
};

const WRITERS: Record<string, Writer> = {
  how_to_read: howToRead,
  core_triad: coreTriad,
  temperament,
  chart_shape: chartShape,
  personal_planets: personalPlanets,
  jupiter_saturn: jupiterSaturn,
  outer_planets: outerPlanets,
  life_areas: lifeAreas,
  nodes_chiron: nodesChiron,
  key_aspects: keyAspects,
  synthesis,
};

/** The chapter's title and opening for this chart; undefined for a chapter without one. */
export function sectionIntro(ctx: ReportContext, id: string): SectionIntro | undefined {
  const intro = WRITERS[id]?.(ctx);
  // Untimed, on a day the Moon changed sign: an opening that names the Moon's noon sign says for which hours it holds.
  const hours = moonSignHours(ctx);
  if (!intro || !hours || !new RegExp(`Moon in ${hours.noon}|${hours.noon} Moon`).test(intro.text)) return intro;
  return { ...intro, text: `${intro.text} ${moonSignNote(ctx)!}` };
}
