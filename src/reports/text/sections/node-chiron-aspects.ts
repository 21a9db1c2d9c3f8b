/**
 * The major aspects of the North Node and Chiron to the planets, the angles, Lilith and each
 * other, in words. The library's aspect entries cover only the ten planets and the two angles,
 * so these readings are composed here from what the other point stands for (POINT_FUNCTION) and
 * the kind of aspect: without them, a Chiron conjunct the Sun could be the tightest aspect of a
 * chart and go unsaid. An aspect between the two is read among Chiron's (the Node's readings
 * would call the sensitive place a familiar strength).
 */
import type { ReportContext } from '../context.ts';
import { degreesMinutes, joinAnd } from '../report-markdown.ts';
import { aspectFact, hoursHeld, MIN_HOURS_READ, wholeDay } from '../aspect-facts.ts';
import type { DayAspect } from '../../sky/moon-day.ts';
import { KEY_ASPECT_WIDE_ORB } from '../ranking.ts';
import { stretchHours } from '../day-stretches.ts';
import { ASPECT_WORDS, POINT_FUNCTION, POINT_NAMES, POINT_PART } from '../phrases.ts';
import { isAspectPoint, type AspectPoint } from '../../../interpretations/keys.ts';
import { OUTER_ASPECT_ORB } from './planets.ts';

/** At most this many aspects of each point are read, tightest first, and none wider than the key aspects' wide orb (kept in proportion to the themes). */
export const MAX_ASPECTS_PER_POINT = 3;

type MajorType = 'conjunction' | 'trine' | 'sextile' | 'square' | 'opposition';
/**
 * Readings of an aspect to the point, given what the other point stands for ("your …") and its
 * short form for coming back to it (POINT_PART); at least two of each kind, so that two aspects of
 * the same kind in one chart do not read alike. The function phrase is always an object ("drive
 * and assertiveness" would not agree with a verb); the short form may be a subject.
 */
type Reading = (fn: string, part: string) => string;
type Readings = Record<MajorType, readonly [Reading, Reading, ...Reading[]]>;

const CHIRON_READINGS: Readings = {
  conjunction: [
    (fn, part) =>
      `This binds your ${fn} to your most sensitive place: an old hurt is most easily touched through ${part}, and it is also here that you most readily understand, and can help, people who carry something similar.`,
    (fn, part) =>
      `Here Chiron sits on your ${fn}: what is tender in you and ${part} are hard to tell apart, so that using it well often means using it gently, and what you learn about your own hurt becomes something you can teach.`,
    (fn, part) =>
      `Chiron on your ${fn} makes ${part} both tender and wise: it may flinch first, and it is also where you have learned the most, often by finding your own way where no one showed you.`,
  ],
  trine: [
    (fn) =>
      `This lets your ${fn} work easily with your most sensitive place: what once hurt tends to become knowledge you can use rather than a wound you guard, and others may find it natural to bring you troubles like the ones you have come through.`,
    (fn, part) =>
      `Through your ${fn}, the old hurt finds a way to be useful: ${part} lends the sore spot a calm voice, and much of your understanding of other people's difficulties is learned here without struggle.`,
    (fn, part) =>
      `An easy link between Chiron and your ${fn} means the old hurt and ${part} have made their peace: you can speak of the difficulty without reopening it, and that steadiness helps others do the same.`,
  ],
  sextile: [
    (fn, part) =>
      `Through your ${fn}, you have a practical way into your most sensitive place: put ${part} to work and old doubts become material to learn from, though the chance usually comes only when you reach for it.`,
    (fn, part) =>
      `This offers your ${fn} as a small, steady help to your most sensitive place: a habit, a skill or a conversation drawn from ${part} can take the sting out of an old doubt, if you make the first move.`,
    (fn, part) =>
      `Chiron's sextile gives your ${fn} a quiet role in healing: an old doubt softens when ${part} is put to some modest, regular use, and the benefit grows with practice.`,
  ],
  square: [
    (fn, part) =>
      `This sets your most sensitive place against your ${fn}: when ${part} is under pressure, an old doubt may answer before you do. Noticing that reflex in your ${fn}, rather than fighting it, is what slowly turns it into patience and skill.`,
    (fn, part) =>
      `This rubs your most sensitive place against your ${fn}; the friction can feel like a test you keep retaking, and each round is also practice: over the years ${part} learns to act without waiting for the doubt to go quiet.`,
    (fn, part) =>
      `Chiron squares your ${fn}, so ${part} tends to flinch where it was once hurt; the flinch is information, not a verdict: once you can name it, you can choose what to do next instead of letting it choose.`,
    (fn, part) =>
      `With Chiron square your ${fn}, ${part} can feel under examination even when nobody is judging; learning to act while the old doubt is still talking is slow work, and it becomes a real strength.`,
  ],
  opposition: [
    (fn) =>
      `This puts your most sensitive place opposite your ${fn}: you may meet the old hurt through other people, who seem to touch it without meaning to, and each such meeting is a chance to see the hurt for what it is, and to answer from strength rather than from the sore spot.`,
    (fn, part) =>
      `This holds your ${fn} across the chart from your most sensitive place, so that relationships tend to show you both at once. What others mirror back about your ${fn} can sting, and it can also show where ${part} is already stronger than the hurt.`,
    (fn) =>
      `With Chiron opposite your ${fn}, the old hurt often arrives wearing someone else's face, and the work is to notice when a reaction is bigger than the moment, and to answer the moment rather than the memory.`,
    (fn, part) =>
      `Chiron opposite your ${fn} tends to show the hurt in the mirror of other people: someone's casual remark about ${part} can land heavily, and noticing the old echo in it gives you the choice to answer calmly.`,
  ],
};

/**
 * Chiron's contacts to the five personal planets, written for each planet (the readings above are composed from any
 * point's function and read alike from one planet to the next): the conjunction, the hard aspects and the easy ones, each
 * naming its aspect (CONTACT_VERB) where it begins.
 */
type PersonalPlanet = 'sun' | 'moon' | 'mercury' | 'venus' | 'mars';
type Family = 'conjunction' | 'hard' | 'easy';
const CONTACT_VERB: Record<MajorType, string> = {
  conjunction: 'is conjunct',
  square: 'squares',
  opposition: 'opposes',
  trine: 'forms a trine to',
  sextile: 'forms a sextile to',
};
const familyOf = (type: MajorType): Family => (type === 'conjunction' ? 'conjunction' : type === 'square' || type === 'opposition' ? 'hard' : 'easy');

const CHIRON_PERSONAL: Record<PersonalPlanet, Record<Family, (verb: string) => string>> = {
  sun: {
    conjunction: (v) =>
      `Chiron ${v} your Sun, so the old hurt and your sense of who you are grew up together: you may have doubted early that you had a right to take up room, or felt seen mainly for what you did for others. The same closeness makes self-knowledge your strength, and when you lead, you lead as someone who knows what it costs.`,
    hard: (v) =>
      `Chiron ${v} your Sun: your aims and an old doubt about being enough pull against each other, and ambition can feel like something you must first earn permission for. Each time you act on a purpose before the doubt has settled, the doubt loses a little of its authority.`,
    easy: (v) =>
      `Chiron ${v} your Sun: what once hurt has become part of what you are for rather than a weight against it. You can speak of difficulty without making it your whole story, and a sense of purpose often grows out of having come through something yourself.`,
  },
  moon: {
    conjunction: (v) =>
      `Chiron ${v} your Moon: the need to be looked after is fused with an early tenderness around it, as if comfort came unevenly or with conditions. You are quick to sense when someone is hurting and slower to let anyone tend to you; allowing the second is most of the mending.`,
    hard: (v) =>
      `Chiron ${v} your Moon: feelings can catch on an old sore spot, so that a small withdrawal by someone close lands as a large one. Learning to tell today's hurt from the remembered one, and to say which it is, makes closeness much safer for you.`,
    easy: (v) =>
      `Chiron ${v} your Moon: your moods carry a quiet knowledge of what hurts and what helps, and people tend to feel understood in your company without many words. Giving yourself the same care keeps that gift from running dry.`,
  },
  mercury: {
    conjunction: (v) =>
      `Chiron ${v} your Mercury: words and the fear of getting them wrong grew up together, perhaps through being corrected, misheard or hurried. The care you now bring to explaining things is the reward: you find words for what others cannot yet say.`,
    hard: (v) =>
      `Chiron ${v} your Mercury: speaking up can wake an old doubt about being understood or taken seriously, and you may over-prepare or fall silent. Saying the thing plainly, before it is perfect, is the practice that loosens the doubt.`,
    easy: (v) =>
      `Chiron ${v} your Mercury: you learn well from difficulty and can put hard experience into words that help others; teaching, writing or simply listening well come easily because you remember what confusion feels like.`,
  },
  venus: {
    conjunction: (v) =>
      `Chiron ${v} your Venus: love and worth were tender early, and you may have felt valued for pleasing rather than for being yourself. You give generously and see beauty in what others pass over; letting yourself be chosen as you are is the work this contact sets.`,
    hard: (v) =>
      `Chiron ${v} your Venus: an old doubt about being lovable can colour attraction, so that you may give too much to keep someone or hold back to avoid being found wanting. Bonds in which affection does not have to be earned are the ones that mend it.`,
    easy: (v) =>
      `Chiron ${v} your Venus: you bring kindness to the sore places of the people you love, and your sense of beauty includes what is flawed or repaired. Friendships and partnerships often become places where both of you heal a little.`,
  },
  mars: {
    conjunction: (v) =>
      `Chiron ${v} your Mars: standing up for yourself and getting hurt became linked early, so anger may have felt unsafe to show or too costly. As you learn to act for yourself without apology, you often become a fair and steady defender of people who were never allowed to fight.`,
    hard: (v) =>
      `Chiron ${v} your Mars: wanting something strongly can wake an old fear of conflict or of failing in front of others, and you may either hold back or push too hard. Small, clear acts of will, repeated, retrain that reflex better than one big stand.`,
    easy: (v) =>
      `Chiron ${v} your Mars: effort and old hurts work together; you know how to keep going when something is difficult, and your courage is the practical kind that helps others find theirs.`,
  },
};

const isPersonal = (id: string): id is PersonalPlanet => Object.hasOwn(CHIRON_PERSONAL, id);

/** A point's readings of its contacts to the personal planets: by family of aspect, each given the verb of its aspect. */
interface PersonalReadings {
  family(type: MajorType): string;
  readings: Record<PersonalPlanet, Record<string, (verb: string) => string>>;
}

const CHIRON_PERSONAL_READINGS: PersonalReadings = { family: familyOf, readings: CHIRON_PERSONAL };

/**
 * The North Node's contacts to the five personal planets, written for each planet, as Chiron's are (a reader found the
 * composed ones read alike from planet to planet): the conjunction, the opposition (the planet on the South Node, the
 * familiar ground), the square (the planet at a bend of the path) and the easy aspects, each opening with its aspect.
 */
const NODE_PERSONAL: Record<PersonalPlanet, Record<'conjunction' | 'opposition' | 'square' | 'easy', (verb: string) => string>> = {
  sun: {
    conjunction: (v) =>
      `The North Node ${v} your Sun, so growing into who you are and finding your way forward are one task: the direction that stretches you is the one in which your own purpose stands in plain view. Stepping forward as yourself, rather than as the helper or the understudy, tends to be the move that opens the next door.`,
    opposition: (v) =>
      `The North Node ${v} your Sun, which sets your Sun on the South Node: a sense of self that formed early and comes easily, perhaps too easily. Your aims are not the problem; growth asks you to let other people's needs and views shape some of them, and the life that results is usually larger than the one you would have planned alone.`,
    square: (v) =>
      `The North Node ${v} your Sun: your purpose and your path of growth meet at an angle, so what you want for yourself and what life seems to ask of you can pull different ways at the turning points of your life. Those turns are where you grow, and the aim is not to choose one side but to find the version of your purpose that takes the step asked.`,
    easy: (v) =>
      `The North Node ${v} your Sun: your sense of purpose and your path of growth run the same way, so what you do to become more yourself tends to move you forward too. When the way seems unclear, doing what you are for is a sound first step.`,
  },
  moon: {
    conjunction: (v) =>
      `The North Node ${v} your Moon: growth runs through your emotional life, and learning what you need, and saying so, is part of the way forward rather than a distraction from it. Feelings you were taught to keep small are often the ones that know the direction.`,
    opposition: (v) =>
      `The North Node ${v} your Moon, which sets your Moon on the South Node: comfort, habit and the moods you know well are familiar ground, and they can hold you in place. Keep them as a refuge; the growth lies in leaving them often enough to reach what the North Node asks.`,
    square: (v) =>
      `The North Node ${v} your Moon: what makes you feel safe and what helps you grow do not always agree, and at the turning points of your life you may have to leave a comfort before the new ground feels like home. Given time, it usually does.`,
    easy: (v) =>
      `The North Node ${v} your Moon: your instincts are good guides along your path of growth, and the people and places that nourish you tend to be the ones that help you forward. A settled feeling about a choice is rarely a poor reason to make it.`,
  },
  mercury: {
    conjunction: (v) =>
      `The North Node ${v} your Mercury: the way forward runs through learning, talking and writing, and questions asked aloud open more doors for you than answers kept to yourself. A skill with words or ideas, worked at on purpose, tends to become the vehicle of your growth.`,
    opposition: (v) =>
      `The North Node ${v} your Mercury, which sets your Mercury on the South Node: a way of thinking that came early and works well, so well that it can answer before it has listened. Growth asks you to let other people's ideas change yours, and to go on learning where you already expect to know.`,
    square: (v) =>
      `The North Node ${v} your Mercury: your habits of thought and your path of growth meet at an angle, so at the turning points of your life you may have to change your mind about something you were sure of. The change of mind is usually the step.`,
    easy: (v) =>
      `The North Node ${v} your Mercury: your mind is an ally of your growth, and reading, conversation and thinking things through tend to show you the next step. Writing down what you want to become is a practical place to begin.`,
  },
  venus: {
    conjunction: (v) =>
      `The North Node ${v} your Venus: growth runs through what and whom you love, and learning what you value, and letting it show, moves you forward. Relationships and the pleasures you choose are not side roads here; they are part of the path.`,
    opposition: (v) =>
      `The North Node ${v} your Venus, which sets your Venus on the South Node: ease in love and a familiar way of pleasing come naturally, and they can keep you where you are liked rather than where you grow. Keep the warmth, and let some choices be made for your own direction rather than for harmony.`,
    square: (v) =>
      `The North Node ${v} your Venus: what you enjoy and whom you are drawn to can pull across your path of growth, and at the turning points of your life a bond or a comfort may have to change shape for you to go on. What you keep after such a turn is usually worth more to you.`,
    easy: (v) =>
      `The North Node ${v} your Venus: affection and taste help you along your path of growth, and the people you like and the things you find beautiful tend to point the right way. Following a real attraction, to a person, a craft or a place, is often a good step.`,
  },
  mars: {
    conjunction: (v) =>
      `The North Node ${v} your Mars: growth asks you to act, to want things plainly and go after them, and effort made on your own behalf is part of the way forward. Courage practised in small matters tends to be there when the larger ones arrive.`,
    opposition: (v) =>
      `The North Node ${v} your Mars, which sets your Mars on the South Node: pushing, competing and doing it yourself come easily and can become a reflex. Growth asks you to let others share the effort and sometimes to win by cooperation, without giving up your drive.`,
    square: (v) =>
      `The North Node ${v} your Mars: what you want to do and the direction life asks of you can collide, and at the turning points of your life impatience may tempt you to force a door that needs another key. Effort put where the path bends, rather than against it, is what moves you on.`,
    easy: (v) =>
      `The North Node ${v} your Mars: your energy and your path of growth work together, so the effort you put into what you want tends to take you forward as well. When you are stuck, doing something concrete usually shows the way.`,
  },
};

const NODE_PERSONAL_READINGS: PersonalReadings = {
  family: (type) => (type === 'trine' || type === 'sextile' ? 'easy' : type),
  readings: NODE_PERSONAL,
};

const NODE_READINGS: Readings = {
  conjunction: [
    (fn, part) =>
      `This places your ${fn} on your path of growth: developing ${part} with intent is one of the clearest ways forward, even where it feels new or unpractised at first.`,
    (fn, part) =>
      `This ties your ${fn} to the North Node itself: the path ahead runs through ${part}, and time spent maturing it is rarely wasted, however unfamiliar it feels to begin with.`,
    (fn, part) =>
      `With the North Node on your ${fn}, growth asks you to lead with ${part}; it may feel exposed at first, as anything new does, and it tends to open the doors you are looking for.`,
  ],
  trine: [
    (fn) => `This makes your ${fn} a support for your path of growth: a resource you can lean on whenever the path asks more of you than habit offers.`,
    (fn, part) =>
      `This lets your ${fn} carry you along your path of growth with little friction: when the new way feels uphill, ${part} is a reliable place to start from.`,
    (fn, part) =>
      `The North Node is easy to reach from your ${fn}: when you are unsure of the next step on your path of growth, starting from ${part} rarely leads you wrong.`,
  ],
  sextile: [
    (fn, part) =>
      `Through your ${fn}, doors can open on your path of growth: the help is there, but it tends to come when you use ${part} deliberately rather than wait for it.`,
    (fn, part) => `This offers your ${fn} as a stepping stone along your path of growth: small, chosen efforts through ${part} tend to pay off further on.`,
    (fn, part) =>
      `The sextile between the North Node and your ${fn} is an invitation more than a push: small experiments through ${part} tend to move your path of growth forward.`,
  ],
  square: [
    (fn, part) =>
      `This sets your path of growth at odds with your ${fn}; the tension tends to return as a crossroads, and the way forward brings ${part} along rather than leaving it behind.`,
    (fn, part) =>
      `This crosses your path of growth with your ${fn}: a step that ${part} would rather skip keeps coming back until it is taken, and taking it is usually what moves things on.`,
    (fn, part) =>
      `The nodes square your ${fn}, which puts ${part} at a bend in your path of growth: the turn asked of it is uncomfortable, and making it rather than avoiding it is what keeps you moving.`,
  ],
  opposition: [
    (fn, part) =>
      `This places your ${fn} on the South Node, opposite your path of growth: ${part} belongs to what comes easily and feels familiar, and it serves you best as a foundation you draw on while reaching toward the North Node, not as a place to settle.`,
    (fn, part) =>
      `This sets your ${fn} on the South Node's side of the chart: a well-worn strength that can quietly become a hiding place, so lean on ${part}, then reach past it toward what the North Node asks.`,
    (fn, part) =>
      `The South Node, the side of old habits, sits with your ${fn}: use ${part} as a trusted tool, and notice when it becomes a reason to stay where the North Node asks you to go further.`,
  ],
};

interface PointAspect {
  other: string;
  type: MajorType;
  orb: number;
  /** Undefined when the chart does not say. */
  applying: boolean | undefined;
  /** An untimed chart's aspect: the birth day's window. */
  day?: DayAspect | undefined;
}

const isMajor = (type: string): type is MajorType => Object.hasOwn(CHIRON_READINGS, type);

/** The major aspects of `point` within the wide orb to the points that have a function phrase (but `except`), tightest first. */
function aspectsOf(ctx: ReportContext, point: string, except?: string): PointAspect[] {
  const found: PointAspect[] = [];
  for (const a of ctx.chart.aspects) {
    if (!isMajor(a.type) || (a.p1 !== point && a.p2 !== point) || a.orb > KEY_ASPECT_WIDE_ORB) continue;
    const other = a.p1 === point ? a.p2 : a.p1;
    if (other === point || other === except || !Object.hasOwn(POINT_FUNCTION, other)) continue;
    // Untimed: an aspect is read when it held over the whole birth day, and the Moon's, as the Moon's own chapter reads
    // them, when it held for MIN_HOURS_READ or more, with its hours (a Jakarta reader met the Moon conjunct Chiron, in orb
    // for 91 % of the day, only named, while the Moon's chapter read aspects of five hours).
    const day = ctx.dayAspect(a);
    if (day && !wholeDay(day) && (other !== 'moon' || hoursHeld(day) < MIN_HOURS_READ)) continue;
    found.push({ other, type: a.type, orb: day ? day.widest : a.orb, applying: a.is_applying, day });
  }
  // Ties in the order of the names, so that the text never depends on the input's order.
  return found.sort((x, y) => x.orb - y.orb || x.other.localeCompare(y.other)).slice(0, MAX_ASPECTS_PER_POINT);
}

/**
 * A paragraph per aspect: the aspect and its orb (and phase, when known) in bold, then its
 * reading (`personal`: the planet's own, where it has one). Where a kind has several readings, the first is chosen by the chart (so two people with
 * the same aspect need not read it alike: Chiron's opposition to Uranus, for one, held for years)
 * and a second aspect of the same kind in the chart takes the next.
 */
function paragraphs(ctx: ReportContext, point: string, aspects: readonly PointAspect[], readings: Readings, personal?: PersonalReadings): string[] {
  const seen = new Map<MajorType, number>();
  return aspects.map((a) => {
    const occurrence = seen.get(a.type) ?? 0;
    seen.set(a.type, occurrence + 1);
    const phase = a.applying === undefined ? '' : a.applying ? ', applying' : ', separating';
    const stated = a.day ? aspectFact(a) : `orb ${degreesMinutes(a.orb)}${phase}`;
    const fact = `**${POINT_NAMES[a.other]} ${ASPECT_WORDS[a.type]} ${POINT_NAMES[point]}** (${stated}).`;
    // Untimed, an aspect of some hours is read for those hours only, as the Moon's chapter reads its own.
    const hours =
      a.day && !wholeDay(a.day)
        ? ` This holds only if you were born ${stretchHours([a.day])} local time, the hours in which the aspect was within orb; born at another hour, leave it aside.`
        : '';
    if (personal && isPersonal(a.other)) return `${fact} ${personal.readings[a.other][personal.family(a.type)]!(CONTACT_VERB[a.type])}${hours}`;
    const options = readings[a.type];
    const start = ctx.chooseIndex(options.length, `${point}-${a.type}`);
    return `${fact} ${options[(start + occurrence) % options.length]!(POINT_FUNCTION[a.other]!, POINT_PART[a.other]!)}${hours}`;
  });
}

/**
 * Untimed: the Moon's aspects to the point that are not read, named with the births they hold for, so that a reader who
 * finds one on the ephemeris knows why it is missing (a reader looked for the Moon's conjunction with the North Node,
 * exact at 22:06; another found the Moon on Lilith for births before dawn without a word). Those within the chapter's
 * orb at some hour of the day and not all day; `allDayToo` for Lilith's chapter, which reads none of the Moon's aspects
 * without a birth time.
 */
export function moonAspectsNotRead(
  ctx: ReportContext,
  point: string,
  pointInProse: string,
  allDayToo = false,
  read: readonly PointAspect[] = [],
): string | undefined {
  const day = ctx.sky.moonDay;
  if (ctx.timed || !day) return undefined;
  const parts = day.aspects.filter(
    (d) =>
      d.other === point &&
      isMajor(d.type) &&
      d.closest <= KEY_ASPECT_WIDE_ORB &&
      (allDayToo || !wholeDay(d)) &&
      !read.some((r) => r.other === 'moon' && r.type === d.type),
  );
  if (!parts.length) return undefined;
  const each = parts.map(
    (d) => `the Moon's ${d.type} with ${pointInProse} ${wholeDay(d) ? 'held all day' : `was within orb only for births ${stretchHours([d])} local time`}`,
  );
  const lead = allDayToo
    ? `Without a birth time the Moon's aspects to ${pointInProse} are not read here`
    : `Without a birth time the hour of birth decides ${parts.length > 1 ? 'these, which are' : 'this one, which is'} not read here`;
  return `${lead}: ${joinAnd(each)}.`;
}

/** A line that introduces a point's aspects, then a paragraph per aspect; nothing when there is none. */
function aspectParts(
  ctx: ReportContext,
  point: string,
  pointInProse: string,
  aspects: readonly PointAspect[],
  readings: Readings,
  personal?: PersonalReadings,
  /** A point whose aspect to this one is read elsewhere ("besides Chiron"), so that the count is of the others. */
  besides?: string,
): string[] {
  const partDay = moonAspectsNotRead(ctx, point, pointInProse, false, aspects);
  const but = besides ? ` besides ${besides}` : '';
  if (!aspects.length) return partDay ? [partDay] : [];
  // "Closely" only where every orb is close by the report's own measure (the outer planets' chapter: within 4°); a reader
  // met Uranus said to aspect Chiron "closely" at 5°31′.
  const close = aspects.every((a) => a.orb <= OUTER_ASPECT_ORB);
  // Untimed, they are ranked by their widest orb of the day, which each line gives beside its closest: said, since a
  // reader took 0°18′, 2°40′, 1°51′ (the closest) for a list out of order.
  const order = ', in order of their widest orb over the birth day';
  const intro =
    aspects.length === 1
      ? `One point of your chart${but} aspects ${pointInProse}${close ? ' closely' : ''}:`
      : close
        ? `The points of your chart${but} that aspect ${pointInProse} most closely${ctx.timed ? '' : order}:`
        : `The points of your chart${but} in aspect to ${pointInProse}${ctx.timed ? ', the closest first' : order}:`;
  return [intro, ...paragraphs(ctx, point, aspects, readings, personal), ...(partDay ? [partDay] : [])];
}

/** The readings of the North Node's closest aspects (but the one to Chiron, read among Chiron's). */
export function nodeAspectParts(ctx: ReportContext): string[] {
  // Its aspect to Chiron, read among Chiron's, is not counted here as if it were none (a reader met "One point of your
  // chart aspects the North Node" above a square to Chiron tighter than that one point's).
  const chiron = aspectsOf(ctx, 'chiron').some((a) => a.other === 'north_node');
  const parts = aspectParts(
    ctx,
    'north_node',
    'the North Node',
    aspectsOf(ctx, 'north_node', 'chiron'),
    NODE_READINGS,
    NODE_PERSONAL_READINGS,
    chiron ? 'Chiron' : undefined,
  );
  return parts.length && chiron ? [...parts, "Its aspect to Chiron is read with Chiron's, below."] : parts;
}

/** Lilith is kept below the nodes and Chiron: at most this many of its aspects are read. */
const MAX_LILITH_ASPECTS = 2;

/**
 * Lilith's closest aspects to the planets and angles (the library has entries for them, read by the caller): untimed, not
 * the Moon's, whose hours the birth day's window does not follow for Lilith. Its aspects to the Node and Chiron are theirs
 * to read, among their own.
 */
export function lilithAspects(ctx: ReportContext): { other: AspectPoint; type: MajorType; orb: number; applying: boolean | undefined }[] {
  return aspectsOf(ctx, 'lilith')
    .flatMap(({ other, ...a }) =>
      isAspectPoint(other) && other !== 'north_node' && other !== 'chiron' && (ctx.timed || other !== 'moon') ? [{ other, ...a }] : [],
    )
    .slice(0, MAX_LILITH_ASPECTS);
}

/** The readings of Chiron's closest aspects, the one to the Node included. */
export function chironAspectParts(ctx: ReportContext): string[] {
  return aspectParts(ctx, 'chiron', 'Chiron', aspectsOf(ctx, 'chiron'), CHIRON_READINGS, CHIRON_PERSONAL_READINGS);
}
