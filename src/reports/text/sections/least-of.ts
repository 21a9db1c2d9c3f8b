/**
 * What the chart has least of: its weakest element and its weakest modality, read together with
 * the planets that carry them (a lone planet in the weakest element becomes its only door), and
 * what that scarcity tends to mean in practice. Every chart has a weakest element, even a
 * balanced one, so the chapter is always there; how strongly it speaks depends on the share.
 */
import { LACK_BELOW_PERCENT } from '../../../interpretations/chart-factors/balance.ts';
import { ELEMENTS, keys, MODALITIES } from '../../../interpretations/keys.ts';
import type { ReportContext } from '../context.ts';
import { ELEMENT_NAMES, MODALITY_NAMES, pointInSentence } from '../phrases.ts';
import { capitalize, joinAnd, lowerFirst, withArticle } from '../report-markdown.ts';
import { section, type ReportSection } from '../section.ts';
import { modesInNearBalance } from './temperament.ts';
import { moonSignHours } from '../untimed-moon-sign.ts';
import { bornInStretches, stretchHours } from '../day-stretches.ts';
import { nameOfSign } from '../chart-facts.ts';

/**
 * What a shortage of each element tends to feel like from inside, one phrasing chosen per chart:
 * a quarter of all charts share a weakest element, so one sentence each would repeat between
 * many pairs of reports. Each follows "With so little of it," and its like.
 */
const ELEMENT_LACK: Record<string, readonly Phrasing[]> = {
  fire: [
    'spontaneous enthusiasm does not come on its own. You may wait for a reason before you allow yourself excitement, and others can mistake your caution for a lack of desire',
    'the spark that makes people leap before they look is not your default. You warm up slowly, and joy may arrive once you are sure of the ground rather than at the first invitation',
    {
      text: 'confidence tends to follow experience rather than lead it. You may hold back until you know you can do a thing well, and miss the pleasure of trying it badly first',
      claims: ['initiative:hesitant'],
    },
  ],
  earth: [
    'the practical and the bodily do not come first. Plans may stay ideas for a while, and routines, money or rest can be neglected until they insist',
    'the material side of life can feel like an interruption. Meals, sleep and paperwork tend to wait behind more interesting things, and a plan can stay beautiful and unbuilt',
    'what is solid and slow may not hold your attention for long. You may trust a vision more than a budget, and find out late what the body or the calendar was trying to say',
  ],
  air: [
    'stepping back to look at a situation from outside is not your first move. You tend to live a feeling or a task before you can talk about it, and detachment may need to be learned',
    'talking a thing through in the abstract may feel thin beside living it. You are likely to know what you think only after you have acted, and a cool second view can be hard to find in the moment',
    'distance does not come naturally. You are inside your experience rather than above it, which makes you sincere, and it can make it hard to see a pattern while you are part of it',
  ],
  water: [
    'feelings are not the first thing you consult. You may notice an emotion late, or understand it before you feel it, and others may need to tell you what they need',
    'the language of feeling is one you may speak with an accent. Moods can go unnamed for days, and you might offer a solution where someone wanted sympathy',
    'emotional undercurrents tend to pass you by until they surface. You may reason your way to what you feel, and be surprised by how much a loss or a kindness moves you afterwards',
  ],
};

/** A phrasing, and what it claims of a faculty where it says more than the scarcity itself (src/reports/synthesis). */
type Phrasing = string | { text: string; claims: readonly string[] };

/**
 * The chart's phrasing of a scarcity, and after it, where what it claims contradicts what the
 * report has already said, the passage that names the tension (`source`: the heading, as a label).
 */
function saidOfScarcity(
  ctx: ReportContext,
  options: readonly Phrasing[],
  label: string,
  source: string,
  forSomeHours: boolean,
  family: 'balance.element.' | 'balance.modality.',
): { text: string; tensions: string[] } {
  const phrasing = ctx.choose(options, label);
  if (typeof phrasing === 'string') return { text: phrasing, tensions: [] };
  // A scarcity that holds for some hours of an untimed birth only is said with its hours and takes no side; where it
  // contradicts a side the report took, the tension is named for those hours (the report checker met "holding steady asks
  // for effort", true after 01:00, beside a Sun in Virgo's settled rhythm, with nothing to join them).
  const tensions = ctx.ownClaims(phrasing.claims, source, family, forSomeHours);
  return {
    text: phrasing.text,
    tensions: forSomeHours ? tensions.map((passage) => `For the births it holds for, ${lowerFirst(passage)}`) : tensions,
  };
}

/** What a shortage of each modality tends to mean, one phrasing chosen per chart; each follows "…so lightly filled (n % of the weight),". */
const MODALITY_LACK: Record<string, readonly Phrasing[]> = {
  cardinal: [
    {
      text: 'starting is the hard part: you may be better at carrying or adapting what others have begun than at launching something yourself',
      claims: ['initiative:hesitant'],
    },
    {
      text: 'the first step costs you more than the rest: once a thing is moving you keep it going well, but you may wait a long time for someone else to set it off',
      claims: ['initiative:hesitant'],
    },
    {
      text: 'initiative is the quality to build: you tend to respond to a situation rather than create one, and a blank page can feel heavier than a full in-tray',
      claims: ['initiative:hesitant'],
    },
  ],
  // Few fixed signs: the long middle of a thing drains; few mutable ones: a change of plan does. Each says which side of change it takes.
  fixed: [
    {
      text: 'keeping at one thing is the hard part: interest can move on before a project has had time to bear fruit',
      claims: ['change:restless', 'completion:starting'],
    },
    {
      text: 'staying power is what you reach for: you may start well and adapt well, yet find that the long middle of a task, when nothing is new, drains you fastest',
      claims: ['change:restless', 'completion:starting'],
    },
    {
      text: 'holding steady asks for effort: commitments can loosen once the novelty fades, and what needs years rather than months may slip out of view',
      claims: ['change:restless', 'completion:starting'],
    },
  ],
  mutable: [
    { text: 'changing course is the hard part: once a plan is set, adapting it to new facts may feel like losing ground', claims: ['change:settled'] },
    {
      text: 'flexibility does not come first: you are good at beginning and at holding on, but a sudden change of plan can feel like the ground moving under you',
      claims: ['change:settled'],
    },
    {
      text: 'letting go of a chosen route is the skill to grow: you may defend a plan after it has stopped serving you, because adjusting feels like admitting a mistake',
      claims: ['change:settled'],
    },
  ],
};

/** Small practices for each scarce quality, one chosen per chart (the synthesis chapter has its own suggestions). */
const ELEMENT_PRACTICE: Record<string, readonly string[]> = {
  fire: [
    'One way in is to say yes to something before you have a reason, then notice what the yes gave you.',
    'Try acting on a small enthusiasm the same day it appears, before weighing it, and see what it starts.',
    'Put one thing in your week that you do only because it lifts your spirits, and guard it as you would a duty.',
    'Take on one small challenge a month that you are not sure you can meet, and let the attempt count as the success.',
    'When something excites you, tell someone about it that day; saying it aloud tends to feed the flame.',
  ],
  earth: [
    'One way in is to finish a small physical task each day, start to end, and let it count as much as a good idea.',
    'Give an idea a body: a date in the calendar, a sum of money, a first object made, before you let it grow.',
    'Spend a little time each week with your hands on something real, cooking, mending or growing, and notice how it settles you.',
    'Before starting anything new, ask what it will need in hours, money and energy, and write the three figures down.',
    'Treat sleep, meals and movement as appointments with the same weight as a meeting, for one month, and see what changes.',
  ],
  air: [
    'One way in is to put a situation into words for someone uninvolved and listen to how it sounds from outside.',
    'Write a difficult matter down in three plain sentences before deciding anything about it; the distance helps.',
    'Ask one person whose view differs from yours how they see a question you care about, and listen to the end before replying.',
    'When a situation has you in its grip, describe it to yourself as if it were happening to a friend, and notice what you would advise.',
    'Read or listen to one argument a week that you expect to disagree with, purely to see how it is built.',
  ],
  water: [
    'One way in is to ask yourself twice a day what you feel, and to accept the first answer without arguing with it.',
    'Before a decision, notice where in your body it sits and what mood comes with it; let that count as information.',
    'Let someone close see a feeling before you have made sense of it, and notice that the bond holds.',
    'At the end of a day, name one moment that moved you, however slightly, before you name anything you achieved.',
    'Music, water or a film that reliably stirs you can be a door: let it open once a week, and stay in the room it opens.',
  ],
};

const MODALITY_PRACTICE: Record<string, readonly string[]> = {
  cardinal: [
    'Choose a beginning small enough to make today, and make it before you feel ready.',
    'Once a month, be the one who proposes the plan, the outing or the first step, even in something small.',
    'Write down one thing you would like to see started, and start it yourself this week.',
    'When you notice yourself waiting for the right moment, set a date instead, and let the date decide.',
    'Send the first message, make the first call or book the first meeting in a matter that has stalled, and let others follow.',
  ],
  fixed: [
    'Give one commitment a fixed day and hour, and keep it through the week when it bores you.',
    'Pick one project and promise it three months before you judge it; boredom in the second month is part of the work.',
    'Keep a short record of one habit you mean to hold, a mark a day, and let the unbroken line do the persuading.',
    'Before dropping something, give it one more honest week and ask whether you are tired of it or only of its middle stretch.',
    'Choose one thing to keep, a friendship, a craft or a practice, and tend it on purpose when nothing about it is new.',
  ],
  mutable: [
    'Change one habit on purpose for a week, and watch how little of what mattered is lost.',
    'When a plan meets a new fact, list two other ways to reach the same end before defending the first one.',
    'Say yes to one change you did not choose, small at first, and look afterwards at what it made possible.',
    'Take a different route, a different seat or a different order through your day once a week, simply to practise adjusting.',
    'When a plan has to bend, name what it was really for, then ask which new route still serves that.',
  ],
};

/** What each modality gives, as a noun phrase. */
/** What an element gives, said where its smallest share is a lean rather than a lack. */
const ELEMENT_QUALITY: Record<string, string> = {
  fire: 'the spark to begin and to hope aloud',
  earth: 'the practical, bodily sense of things',
  air: 'the step back that sees what is happening and names it',
  water: 'the feel for what you and others feel',
};

const MODALITY_QUALITY: Record<string, string> = {
  cardinal: 'readiness to begin',
  fixed: 'staying power',
  mutable: 'ease in adjusting',
};

const share = (v: number, total: number) => Math.round((100 * v) / total);

interface Least<K extends string> {
  least: K;
  /** The others with the same weight, and why `least` was read rather than they. */
  tied: K[];
  why?: string | undefined;
}

/**
 * The least of a tally. Among equal weights: the one the temperament chapter already read as weak, else the one fewer
 * points carry (a scarcity carried by one point is the narrower door), else the first in the traditional order.
 */
function leastOf<K extends string>(
  kind: 'elements' | 'modes',
  ids: readonly K[],
  weights: Record<K, number>,
  carriers: Record<K, string[]>,
  readAsWeak: (id: K) => boolean,
): Least<K> {
  const min = Math.min(...ids.map((id) => weights[id]));
  const lowest = ids.filter((id) => weights[id] === min);
  if (lowest.length === 1) return { least: lowest[0]!, tied: [] };
  const weak = lowest.filter(readAsWeak);
  if (weak.length === 1) return { least: weak[0]!, tied: lowest.filter((id) => id !== weak[0]), why: 'as the temperament section above read it' };
  const fewest = Math.min(...lowest.map((id) => carriers[id].length));
  const narrow = lowest.filter((id) => carriers[id].length === fewest);
  if (narrow.length === 1) return { least: narrow[0]!, tied: lowest.filter((id) => id !== narrow[0]), why: 'because fewer of your points carry it' };
  return { least: lowest[0]!, tied: lowest.slice(1), why: `being first in the traditional order of the ${kind}` };
}

/** "Air holds the same 13 %; earth is read here, because fewer of your points carry it." (`plural`: each name is plural, "the fixed signs".) */
function tieSentence(tied: string[], name: string, percent: number, why: string | undefined, plural = false): string {
  return `${capitalize(joinAnd(tied))} ${tied.length > 1 || plural ? 'hold' : 'holds'} the same ${percent} %; ${name} is read here, ${why}.`;
}

/**
 * Untimed, on a day the Moon changed sign: the sentence that says the least element or mode is
 * the noon Moon's, for its hours, and which it would be on the other side of the change (`weights`,
 * `carriers`, `total`: the tally with the Moon in its other sign). When the noon one is still among
 * the smallest there (the same, or tied), the sentence says instead that it would no longer be
 * scarce, where `scarceThere` (given for a mode read as lacking at noon) says its share there is
 * not a lack (a reader met the mutable signs read as scarce at 13 % of a day whose last hours gave
 * them 32 %); undefined when the reading holds all day.
 */
function leastByHour<K extends string>(
  opening: string,
  kind: 'element' | 'mode',
  ids: readonly K[],
  least: K,
  tally: { weights: Record<K, number>; carriers: Record<K, string[]>; total: number },
  scarceThere?: (id: K, percent: number) => boolean,
): string | undefined {
  const { weights, carriers, total } = tally;
  const names = kind === 'element' ? ELEMENT_NAMES : MODALITY_NAMES;
  const named = (id: K) => (kind === 'element' ? names[id]!.toLowerCase() : `the ${names[id]!.toLowerCase()} signs`);
  if (weights[least] === Math.min(...ids.map((id) => weights[id]))) {
    const there = share(weights[least], total);
    if (!scarceThere || scarceThere(least, there)) return undefined;
    return `${opening} ${named(least)} would hold ${there} % of the weight, too much to call scarce.`;
  }
  const other = leastOf(kind === 'element' ? 'elements' : 'modes', ids, weights, carriers, () => false).least;
  return `${opening} ${named(other)} would hold the smallest share (${share(weights[other], total)} %) instead of ${named(least)}.`;
}

/** Under this share of the weight the least element is said to be "so little", and may be called scarce. */
const LITTLE_BELOW_PERCENT = 15;

/** What the mode's signs practise, named where its few points are offered as the place to start. */
const MODE_QUALITY: Record<string, string> = { cardinal: 'initiative', fixed: 'persistence', mutable: 'flexibility' };
export function leastOfSection(ctx: ReportContext): ReportSection {
  const { balance } = ctx.factors;
  const total = balance.total;
  const leastElement = leastOf('elements', ELEMENTS, balance.elements, balance.members, (e) => ctx.isShown(keys.element(e, 'weak')));
  const leastModality = leastOf('modes', MODALITIES, balance.modalities, balance.modalityMembers, (m) => ctx.isShown(keys.modality(m, 'weak')));
  // Untimed on a day the Moon changed sign: the least of each, with the Moon in its other sign of the day; on a day another
  // body alone changed sign, with that body in its other sign (a Jakarta reader met "Saturn alone stands in a water sign",
  // untrue before 09:31, when Venus was still in Pisces).
  const h = moonSignHours(ctx);
  const change = ctx.balanceByHour?.bodyChange;
  const other = h ? ctx.balanceByHour?.other : change?.other;
  const opening = h
    ? `This counts the Moon in ${h.noon}, its sign at noon, and holds ${h.hours}; born on the other side of ${h.at}, with the Moon in ${h.other},`
    : change &&
      `This counts ${pointInSentence(change.body)} in ${nameOfSign(change.noonSign)}, its sign at noon, and holds ${bornInStretches(change.noonStretches)}; born ${stretchHours(change.otherStretches)} local time, with ${pointInSentence(change.body)} in ${nameOfSign(change.otherSign)},`;
  const elementByHour =
    other && opening && leastByHour(opening, 'element', ELEMENTS, leastElement.least, { weights: other.elements, carriers: other.members, total: other.total });
  // A lack is said of a mode the factors call weak, or one under a fifth of the weight; a smaller share than the others is a lean.
  const lacks = (weak: readonly string[], m: string, percent: number) => weak.includes(m) || percent < LACK_BELOW_PERCENT;
  const lacking = lacks(balance.weakModalities, leastModality.least, share(balance.modalities[leastModality.least], total));
  const modalityByHour =
    other &&
    opening &&
    leastByHour(
      opening,
      'mode',
      MODALITIES,
      leastModality.least,
      { weights: other.modalities, carriers: other.modalityMembers, total: other.total },
      lacking ? (m, percent) => lacks(other.weakModalities, m, percent) : undefined,
    );
  const element = leastElement.least;
  const modality = leastModality.least;
  const elementShare = share(balance.elements[element], total);
  const modalityShare = share(balance.modalities[modality], total);
  const carriers = balance.members[element].map(pointInSentence);
  const modalCarriers = balance.modalityMembers[modality].map(pointInSentence);
  const parts: string[] = [];
  const name = ELEMENT_NAMES[element]!.toLowerCase();
  const intros = [
    `A chart is read as much by what it lacks as by what it has, and in yours ${name} holds ${elementShare} % of the weight and ${MODALITY_NAMES[modality]!.toLowerCase()} signs ${modalityShare} %, the smallest shares of their kind.`,
    `The thinnest parts of your chart are ${name} (${elementShare} % of the weight) among the elements and the ${MODALITY_NAMES[modality]!.toLowerCase()} signs (${modalityShare} %) among the modalities; they describe capacities you have to reach for rather than find ready.`,
    `What is scarce in a chart says as much as what is plentiful: your planets give ${name} ${elementShare === 0 ? 'none' : `only ${elementShare} %`} of their weight, and the ${MODALITY_NAMES[modality]!.toLowerCase()} signs ${modalityShare} %: less than any other element or mode.`,
    `Two shortages shape your chart quietly, ${name} with ${elementShare} % of the weight and the ${MODALITY_NAMES[modality]!.toLowerCase()} mode with ${modalityShare} %: neither is a flaw, and both name things that come by effort rather than by instinct.`,
  ];
  // "Shortages" and "scarce" only where both are: the element "so little" (below) and the mode lacking (a reader met "two
  // shortages" of a chart whose least mode held 31 %, nearly its even share).
  const littleElement = elementShare < LITTLE_BELOW_PERCENT;
  const bothScarce = littleElement && lacking;
  // Three modes of equal weight: none is the least, and none is read as scarce (a reader met "cardinal signs 33 %, the
  // smallest shares" beside "no mode of action rules your chart").
  const modesEven = leastModality.tied.length === MODALITIES.length - 1;
  // "Less than any other" is not true of a share another element or mode equals.
  const tie = leastElement.tied.length > 0 || leastModality.tied.length > 0;
  parts.push(
    modesEven
      ? `A chart is read as much by what it lacks as by what it has, and in yours ${name} holds ${elementShare} % of the weight, the smallest share of the elements; the three modes hold equal shares (${modalityShare} % each), so none of them is scarce and none is read here.`
      : ctx.choose(
          intros.filter((t) => !(tie && t.includes('less than any other')) && (bothScarce || !/shortages|scarce/.test(t))),
          'least-intro',
        ),
  );
  // The element named, not "it": the sentence opens a paragraph under the heading, which a pronoun cannot lean on.
  const strength =
    elementShare === 0 ? `With no planet in ${withArticle(name)} sign,` : littleElement ? `With so little ${name},` : `Though ${name} is not missing,`;
  const doors =
    carriers.length === 0
      ? `No planet stands in ${withArticle(name)} sign, so this quality comes to you from outside: from people, places and practices that have it.`
      : carriers.length === 1
        ? `Of the points the balance counts (the nodes, Chiron and Lilith are not among them), ${carriers[0]} alone stands in ${withArticle(name)} sign, and so is the door through which this quality enters: when ${carriers[0]} is engaged, ${name} becomes available to you.`
        : `${capitalize(joinAnd(carriers))} carry what ${name} your chart has; the parts of life they govern are where this quality is easiest to reach.`;
  // The temperament chapter may already have read this element as one in the background: not again.
  const elementRead = ctx.isShown(keys.element(element, 'weak'));
  const elementHeading = `Least Element: ${ELEMENT_NAMES[element]}`;
  // A least element at a fifth of the weight or more that the factors do not call weak is a lean, as a mode is, not a
  // lack (a Kiruna reader met earth at 21 %, half a point below fire and water, read as "the practical and the bodily do
  // not come first" beside Venus in its own Taurus).
  const elementLacking = balance.weakElements.includes(element) || elementShare < LACK_BELOW_PERCENT;
  const elementLack =
    elementRead || !elementLacking
      ? undefined
      : saidOfScarcity(ctx, ELEMENT_LACK[element]!, `least-lack-${element}`, elementHeading, elementByHour !== undefined, 'balance.element.');
  const lack = elementLack
    ? `${strength} ${elementLack.text}.`
    : elementRead
      ? `${ELEMENT_NAMES[element]}, the element the temperament section above found in the background, holds ${elementShare} % of your chart's weight.`
      : `${ELEMENT_NAMES[element]} holds the smallest share of the elements (${elementShare} %), but this is a lean rather than a lack: ${ELEMENT_QUALITY[element]} is there when you call on it, only not the first thing you reach for.`;
  const elementTie = leastElement.tied.length
    ? ` ${tieSentence(
        leastElement.tied.map((e) => ELEMENT_NAMES[e]!.toLowerCase()),
        name,
        elementShare,
        leastElement.why,
      )}`
    : '';
  parts.push(
    `### ${elementHeading}`,
    `${lack}${elementTie} ${doors}`,
    ...(elementByHour ? [elementByHour] : []),
    ...(elementLack?.tensions ?? []),
    ctx.choose(ELEMENT_PRACTICE[element]!, `least-practice-${element}`),
  );
  if (modesEven) return section('least_of', 'What Your Chart Has Least Of', parts);
  const modalDoors =
    modalCarriers.length === 0
      ? `No planet stands in a ${MODALITY_NAMES[modality]!.toLowerCase()} sign.`
      : `${capitalize(joinAnd(modalCarriers))} ${modalCarriers.length === 1 ? 'is' : 'are'} your ${MODALITY_NAMES[modality]!.toLowerCase()} ${modalCarriers.length === 1 ? 'point' : 'points'}, the place to start practising ${MODE_QUALITY[modality]}.`;
  const modalityHeading = `Least Modality: ${MODALITY_NAMES[modality]}`;
  const modalityTie = leastModality.tied.length
    ? ` ${tieSentence(
        leastModality.tied.map((m) => `the ${MODALITY_NAMES[m]!.toLowerCase()} signs`),
        `the ${MODALITY_NAMES[modality]!.toLowerCase()} mode`,
        modalityShare,
        leastModality.why,
        true,
      )}`
    : '';
  const modalityRead = ctx.isShown(keys.modality(modality, 'weak'));
  const nearBalance = modesInNearBalance(balance);
  const modalityLack =
    modalityRead || !lacking
      ? undefined
      : saidOfScarcity(ctx, MODALITY_LACK[modality]!, `least-lack-${modality}`, modalityHeading, modalityByHour !== undefined, 'balance.modality.');
  parts.push(
    `### ${modalityHeading}`,
    modalityRead
      ? `The ${MODALITY_NAMES[modality]!.toLowerCase()} signs, read above as ${modalityShare === 0 ? 'empty' : 'lightly filled'}, hold ${modalityShare} % of your chart's weight.${modalityTie} ${modalDoors}`
      : !lacking
        ? // The smallest share of three close ones, or a lean the temperament chapter read as one: not a lack it could contradict.
          `The ${MODALITY_NAMES[modality]!.toLowerCase()} signs hold the smallest share of the modes (${modalityShare} %), but ${nearBalance ? 'with the three in near balance this is a slight lean' : 'this is a lean'} rather than a lack: the ${MODALITY_QUALITY[modality]} is there when you call on it, only not the first thing you reach for.${modalityTie} ${modalDoors}`
        : `With the ${MODALITY_NAMES[modality]!.toLowerCase()} signs ${modalityShare === 0 ? 'empty' : `so lightly filled (${modalityShare} % of the weight)`}, ${modalityLack!.text}.${modalityTie} ${modalDoors}`,
    ...(modalityByHour ? [modalityByHour] : []),
    ...(modalityLack?.tensions ?? []),
    ctx.choose(MODALITY_PRACTICE[modality]!, `least-practice-${modality}`),
  );
  return section('least_of', 'What Your Chart Has Least Of', parts);
}
