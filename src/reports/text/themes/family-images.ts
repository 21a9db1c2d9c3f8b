/**
 * What the family theme adds to the parental images of sections/parental-images.ts, each paragraph
 * drawn from one factor: the element of the Moon (the care you took in and how you learned to
 * soothe yourself), the element of the Sun (the example you grew toward), the element of Saturn
 * (the shape authority took) and its hard aspects to Mercury, Venus and Mars, the Moon's closest contact with Uranus,
 * Neptune or Pluto (the mood of early care), the Moon's and Saturn's houses, the rulers of
 * the 4th and 10th houses and where they stand (timed), and the Moon's modality (how family
 * patterns are carried on or changed), and the Sun and Moon side by side as the two parental roles.
 */
import { signOf } from '../../../astro/zodiac.ts';
import { signElement, signModality } from '../../../interpretations/chart-factors/balance.ts';
import { inOneSign, signKinship, type SignKinship } from '../sign-kinship.ts';
import type { KeyedAspect } from '../../../interpretations/chart-factors/aspects.ts';
import type { ReportContext } from '../context.ts';
import { aspectBetween, houseRuler, signOfPoint } from '../chart-facts.ts';
import { aspectInSentence, POINT_FUNCTION, POINT_NAMES, POINT_PART, pointInSentence } from '../phrases.ts';
import { capitalize, joinAnd, lowerFirst, ordinal } from '../report-markdown.ts';
import { moonSignCertain } from './family-threads.ts';
import { chapterReadIn } from './tension-aspect.ts';
import { otherMoonSign } from '../untimed-moon-sign.ts';
import { aspectOutOfSignNote } from '../out-of-sign.ts';

const CARE_BY_ELEMENT: Record<string, readonly string[]> = {
  fire: [
    'A fire Moon remembers care as encouragement: being cheered on, taken on adventures, allowed to be loud. Where that was given, you learned to comfort yourself by doing something; where it was missing, you may have learned to perform for attention. Either way, you still recover fastest through movement and a little excitement, and you show love by rallying people rather than by fussing over them.',
    'With the Moon in a fire sign, the care that reached you most was enthusiasm: someone believing in you out loud. You may have learned early to lift your own spirits by starting something new, and to answer a low mood with activity rather than rest. Knowing that a quiet day is not a failure is part of what you can give yourself now.',
  ],
  earth: [
    'An earth Moon remembers care as something you could touch: meals, warm clothes, a routine that held. Where that was given, you learned to soothe yourself through the body and through order; where it was thin, you may have learned to provide for yourself early. You still show love practically, and may trust a cooked dinner more than a kind word.',
    'With the Moon in an earth sign, being looked after meant being fed, housed and kept to a rhythm. You may have taken on that rhythm yourself, so that a tidy kitchen or a finished task calms you more than talk does. The growth lies in letting comfort be unproductive sometimes, a slow morning with nothing to show for it.',
  ],
  air: [
    'An air Moon remembers care as conversation: being talked to, explained to, taken seriously as a mind. Where that was given, you learned to settle your feelings by putting them into words; where it was missing, you may have learned to think your way round feelings rather than through them. Being listened to is still the care you value most.',
    'With the Moon in an air sign, the comfort that mattered was contact and explanation: knowing what was going on, and being able to say what you felt. You may still calm yourself by talking a worry through, or by stepping back to look at it from a distance. The later task is to let a feeling be felt before it is understood.',
  ],
  water: [
    'A water Moon remembers care as closeness: being held, being understood without having to explain. Where that was given, you learned to read moods finely; where it was unreliable, you may have learned to sense trouble before it arrived and to keep the peace. You still take in the emotional weather of a home quickly, and your care for others is intuitive and deep.',
    'With the Moon in a water sign, the care you took in was mostly felt rather than said: the tone of a voice, the mood in the room. You may have become the family member who notices everything, and who looks after others before being asked. Learning to ask for your own share of that attention is part of growing up for you.',
  ],
};

const AUTHORITY_BY_ELEMENT: Record<string, readonly string[]> = {
  fire: [
    'Saturn in a fire sign pictures authority as a test of nerve: rules that seemed to limit your spirit, or an adult whose own boldness was hard to match. The lesson it leaves is how to act with courage without needing permission, and how to lead without overriding others.',
    'In a fire sign, Saturn links authority with confidence: you may have felt that you had to prove your courage or your worth to be taken seriously. Later it becomes a discipline of initiative, the ability to start things and see them through on your own authority.',
  ],
  earth: [
    "Saturn in an earth sign pictures authority as practical duty: work to be done, money to be watched, standards of competence to meet. The lesson it leaves is a craftsman's patience, and the later task is to separate your worth from your usefulness.",
    'In an earth sign, Saturn links authority with responsibility for material things: you may have grown up aware of what things cost and who carried the load. Later it gives you reliability that others lean on, provided you let yourself put the load down now and then.',
  ],
  air: [
    'Saturn in an air sign pictures authority as rules and reasons: expectations that had to be argued with, explained or fairly applied. The lesson it leaves is clear thinking under pressure, and the later task is to trust your own judgement without waiting for every argument to be won.',
    'In an air sign, Saturn links authority with words and fairness: you may remember who had the last word, and whether the rules were the same for everyone. Later it gives you a sober, even-handed mind that others bring their disputes to.',
  ],
  water: [
    'Saturn in a water sign pictures authority as emotional weight: moods that set the rules of the house, or a duty of care that came too early. The lesson it leaves is emotional steadiness, and the later task is to let feelings be shared without treating them as a burden.',
    "In a water sign, Saturn links authority with feeling: limits may have been set by what could not be said, or by someone whose distress had to be managed. Later it gives you the capacity to stay calm in emotional storms, yours and other people's.",
  ],
};

const EXAMPLE_BY_ELEMENT: Record<string, readonly string[]> = {
  fire: [
    'The Sun in a fire sign looks for an example of courage: someone who went first, spoke up or took a risk. Whether or not such a person was at hand, you may have built your picture of a grown-up around boldness, and you admire people who act on what they believe.',
    'With the Sun in a fire sign, the model you grew toward was a lively one: the adult who made things happen. Where that example was missing, you may have become it for others early.',
  ],
  earth: [
    'The Sun in an earth sign looks for an example of competence: someone who built, provided or simply turned up. The picture of a grown-up you carry is likely to be a practical one, and you respect people whose deeds match their words.',
    'With the Sun in an earth sign, the model you grew toward was a steady one: the adult who kept things running. You may measure yourself, and perhaps your parents, by what was actually done rather than by what was promised.',
  ],
  air: [
    'The Sun in an air sign looks for an example of understanding: someone who talked things through, read widely or treated people fairly. The grown-up you wanted to become was probably a thinking one, and you respect people who can explain themselves.',
    'With the Sun in an air sign, the model you grew toward was a social or thoughtful one: the adult who knew people, or knew things. You may judge an upbringing by how much was explained to you, and how much you were allowed to ask.',
  ],
  water: [
    'The Sun in a water sign looks for an example of feeling: someone who was warm, perceptive or loyal. The grown-up you wanted to become was probably one who understood people from the inside, and you respect kindness more than status.',
    'With the Sun in a water sign, the model you grew toward was an emotionally present one. Where that example was unclear, you may have learned to read adults closely to know who they were, a skill that stays with you.',
  ],
};

/** The Sun and the Moon as the two parental images side by side: how their elements relate. */
const COUPLE: Record<SignKinship, readonly string[]> = {
  same: [
    'Read together, the Sun and the Moon also make a picture of the two parental roles, the one who showed the way and the one who comforted. In your chart they share an element, so the example you followed and the care you received seem to have spoken one language; the home you build tends to carry that unity forward, and the task is to let in a second language when life asks for it.',
  ],
  friendly: [
    'Read together, the Sun and the Moon also make a picture of the two parental roles, the one who showed the way and the one who comforted. Their elements in your chart are different but friendly, so the example and the care probably complemented each other, even if they did not look alike; you may have learned early that two different people can make one household work.',
  ],
  facing: [
    'Read together, the Sun and the Moon also make a picture of the two parental roles, the one who showed the way and the one who comforted. In your chart they stand in signs that face each other across the zodiac, so the example you followed and the care you received may have seemed to pull from opposite ends, even where each was sound; much of what you made of them lies in joining the two.',
  ],
  contrast: [
    'Read together, the Sun and the Moon also make a picture of the two parental roles, the one who showed the way and the one who comforted. Their elements in your chart do not easily mix, so the example you were shown and the care you needed may have asked different things of you; part of adult life is letting both belong to you without having to choose between them.',
  ],
};

/** How a hard aspect is named between two planets. */
const ASPECT_VERB: Record<string, string> = { square: 'square', opposition: 'opposite', conjunction: 'conjunct' };

/** What the Moon's modality does with what it inherited, and the side of a faculty the sentence takes (a reader set the cardinal one against "stays close to family"). */
const PATTERN_BY_MODALITY: Record<string, { text: string; claims: string[] }> = {
  cardinal: {
    text: "A cardinal Moon tends to act on what it inherited: you are more likely to set up a home on your own terms, early and decisively, than to drift into the family's way of doing things.",
    claims: ['roots:away'],
  },
  fixed: {
    text: 'A fixed Moon holds on to what it inherited, the good and the difficult: family habits, loyalties and grudges can last a long time in you, and change comes once you have decided, deeply, that it must.',
    claims: ['attachment:holding'],
  },
  mutable: {
    text: "A mutable Moon adapts what it inherited: you are likely to carry the family's ways lightly, changing them as you go, and may find it easier than most to see your family from several points of view.",
    claims: [],
  },
};

/**
 * The Moon's contact with a slow planet as a family image: the mood of early care it colours. Hard
 * (the conjunction, square and opposition) and flowing (the trine and sextile) read apart; each
 * follows "The Moon's <aspect> with <planet> (orb …) colours that image of care:".
 */
const MOON_OUTER: Record<'uranus' | 'neptune' | 'pluto', { hard: string; flowing: string }> = {
  pluto: {
    hard: 'care in your early world may have felt total, either wrapping you closely or pulled away, and feelings in the home carried more force than anyone put into words. You are likely to attach deeply, to sense who holds power in a family long before it is named, and to take time to come back to yourself after a storm of feeling. What was once a way through becomes, grown up, a rare ability to stay with people when their feelings run deep.',
    flowing:
      'what ran under the surface of your family, felt but seldom said, seems to have reached you as something you could take in rather than something that flooded you. You may be the one a family turns to when a hard truth has to be heard, and you can help others change without forcing them.',
  },
  uranus: {
    hard: 'the care you remember may have come and gone without much warning, through moves, changes in the household or an adult who needed room of their own. Part of you learned early to look after yourself and to keep a little distance in reserve; as an adult you may want closeness that leaves space, and do best beside people who do not take that wish as rejection.',
    flowing:
      'your early world seems to have made room for you to be unlike the others, and change in the household was something you could ride. You are likely to give the people close to you freedom without feeling left, and to bring fresh air into a family that has grown set in its ways.',
  },
  neptune: {
    hard: 'care may have been hard to pin down: generous at one moment and out of reach at another, or coloured by a parent’s own longing or sorrow. You may have learned to sense what was needed without being told, and to see the people you love in a kinder light than they showed; the grown-up task is to check the picture against the person, and to ask plainly for what you need.',
    flowing:
      'the family’s imagination, its stories, music or faith, seems to have fed you as much as its meals did. You may still comfort yourself through beauty and daydreams, and look after others gently and by intuition, often knowing what they need before they say it.',
  },
};
const FLOWING = new Set(['trine', 'sextile']);

/**
 * The Moon's closest contact with Uranus, Neptune or Pluto within 6° (untimed: one that held all day): the family
 * chapter reads it as an image of care, and leaves the aspect's own reading to another chapter.
 */
export function moonOuterContact(ctx: ReportContext): { planet: keyof typeof MOON_OUTER; aspect: KeyedAspect } | undefined {
  return (['uranus', 'neptune', 'pluto'] as const)
    .map((planet) => ({ planet, aspect: aspectBetween(ctx, 'moon', planet)! }))
    .filter((c) => c.aspect !== undefined && ctx.rankingOrb(c.aspect) !== undefined && ctx.rankingOrb(c.aspect)! <= 6)
    .sort((x, y) => ctx.rankingOrb(x.aspect)! - ctx.rankingOrb(y.aspect)!)[0];
}

function moonOuterPart(ctx: ReportContext): string | undefined {
  const contact = moonOuterContact(ctx);
  if (!contact) return undefined;
  const { planet, aspect: a } = contact;
  const chapter = chapterReadIn(ctx, a);
  const elsewhere = chapter ? `, read as an aspect in "${chapter}"` : '';
  const text = FLOWING.has(a.type) ? MOON_OUTER[planet].flowing : MOON_OUTER[planet].hard;
  // Out of sign, said here too: an Utqiagvik reader met the Moon's trine with Uranus, Leo to Scorpio, unflagged where every
  // other such aspect was.
  const outOfSign = chapter ? undefined : aspectOutOfSignNote(ctx, a);
  return `${capitalize(aspectInSentence('moon', a.type, planet))} (orb ${ctx.statedOrb(a)}${elsewhere}) colours that image of care: ${text}${outOfSign ? ` ${outOfSign}` : ''}`;
}

/** How Saturn's contacts are named: a conjunction is close, not hard ("by a conjunction", "by a conjunction and a hard aspect"). */
function pressingWord(types: readonly string[]): string {
  const close = types.filter((t) => t === 'conjunction').length;
  const hard = types.length - close;
  const words = [close > 1 ? 'conjunctions' : close ? 'a conjunction' : '', hard > 1 ? 'hard aspects' : hard ? 'a hard aspect' : ''];
  return words.filter(Boolean).join(' and ');
}

export function familyImageParts(ctx: ReportContext): string[] {
  const parts: string[] = [];
  // A house's area is spelled out the first time; when a second factor lands in the same house the text says so instead of repeating it.
  const spelled = new Set<number>();
  const domain = (house: number) => {
    if (spelled.has(house)) return `the concerns of the ${ordinal(house)} house named above`;
    spelled.add(house);
    return ctx.houseDomain(house);
  };
  const moon = signOfPoint(ctx, 'moon')!;
  const saturn = signOfPoint(ctx, 'saturn')!;
  // Untimed, on a day the Moon changed sign: where the other sign reads differently, its reading too, for its hours.
  const other = otherMoonSign(ctx);
  const forOtherHours = (text: string) => `If you were born ${other!.hours}, the Moon was in ${other!.name}, and ${lowerFirst(text)}`;
  parts.push(ctx.choose(CARE_BY_ELEMENT[signElement(moon.id)]!, 'family-care'));
  if (other && signElement(other.id) !== signElement(moon.id)) parts.push(forOtherHours(ctx.choose(CARE_BY_ELEMENT[signElement(other.id)]!, 'family-care')));
  const moonOuter = moonOuterPart(ctx);
  if (moonOuter) parts.push(moonOuter);
  const sun = signOfPoint(ctx, 'sun')!;
  parts.push(ctx.choose(EXAMPLE_BY_ELEMENT[signElement(sun.id)]!, 'family-example'));
  parts.push(ctx.choose(AUTHORITY_BY_ELEMENT[signElement(saturn.id)]!, 'family-authority'));
  // Saturn's hard aspects to the personal planets (the lights' are read in the parental images above): where rules pressed.
  const pressedAspects = ctx.factors.aspects.filter(
    (a) =>
      (a.type === 'square' || a.type === 'opposition' || a.type === 'conjunction') &&
      a.orb <= 6 &&
      ['mercury', 'venus', 'mars'].includes(a.p1 === 'saturn' ? a.p2 : a.p2 === 'saturn' ? a.p1 : ''),
  );
  const pressed = pressedAspects.map((a) => (a.p1 === 'saturn' ? a.p2 : a.p1));
  const named = pressedAspects.map((a) => `${POINT_NAMES[a.p1]} ${ASPECT_VERB[a.type]} ${POINT_NAMES[a.p2]}`);
  if (pressed.length) {
    parts.push(
      // "your X and your Y": the functions themselves hold "and" ("way of loving and valuing"), which a bare list garbled.
      `Saturn also presses on ${joinAnd(pressed.map((id) => `your ${POINT_FUNCTION[id]!}`))} by ${pressingWord(pressedAspects.map((a) => a.type))} (${joinAnd(named)}), a sign that the expectations of your early years reached ${joinAnd(pressed.map((id) => POINT_PART[id]!))} too: ${pressed.length > 1 ? 'they are' : 'it is'} where you may still wait for permission, and where you grow most when you give it to yourself.`,
    );
    // Waiting for permission is a claim about initiative: beside a reading that said you move first, the two are named as one tension.
    parts.push(...ctx.ownClaims(['initiative:hesitant'], named[0]!));
  }
  const moonHouse = ctx.houseOf('moon');
  if (moonHouse !== undefined) {
    const area = domain(moonHouse);
    parts.push(
      ctx.choose(
        [
          `The Moon's place in your ${ordinal(moonHouse)} house (${area}) ties the care you took in as a child to that part of life: it is where you still look for comfort, and where old family feelings are most easily stirred.`,
          `With the Moon in the ${ordinal(moonHouse)} house, the feeling of home is bound up with ${area}: what happens there can soothe you, or unsettle you, more than its outward size would suggest.`,
        ],
        'family-moon-house',
      ),
    );
  }
  const saturnHouse = ctx.houseOf('saturn');
  if (saturnHouse !== undefined) {
    const area = domain(saturnHouse);
    parts.push(
      ctx.choose(
        [
          `Saturn stands in your ${ordinal(saturnHouse)} house (${area}), and that is where the family's expectations are most likely to be felt: the area of life in which you first heard "not yet" or "not like that", and in which you later set your own standards.`,
          `With Saturn in the ${ordinal(saturnHouse)} house, the lessons you took from the adults around you tend to gather around ${area}; it is there that you can be hardest on yourself, and there that your steadiest achievements tend to grow.`,
        ],
        'family-saturn-house',
      ),
    );
  }
  for (const [house, role] of [
    [4, 'home and the parent who kept it'],
    [10, 'the parent who faced the world'],
  ] as const) {
    const ruler = houseRuler(ctx, house);
    const at = ruler ? ctx.houseOf(ruler) : undefined;
    if (!ruler || at === undefined) continue;
    ctx.markRulerRead(house);
    const sign = signOf(ctx.factors.points.get(ruler)!.lon).name;
    const area = domain(at);
    // A ruler in its own house carries the image nowhere else: "what you learned there travels with you into" the same
    // house read to a reader as a house that leads to itself.
    if (at === house) {
      parts.push(
        `The ${ordinal(house)} house, ${role}, is ruled by ${pointInSentence(ruler)}, which stands in that house itself, in ${sign}: the image stays where it began, in ${area}, and that is where you are likely to meet it again in adult life.`,
      );
      continue;
    }
    parts.push(
      ctx.choose(
        [
          `The ${ordinal(house)} house, ${role}, is ruled by ${pointInSentence(ruler)}, which stands in ${sign} in your ${ordinal(at)} house: that image is carried into ${area}, where you are likely to meet it again in adult life.`,
          `${capitalize(pointInSentence(ruler))} rules your ${ordinal(house)} house (${role}) and stands in the ${ordinal(at)}, in ${sign}, so what you learned there travels with you into ${area}.`,
        ],
        `family-ruler-${house}`,
      ),
    );
  }
  parts.push(inOneSign(ctx.choose(COUPLE[signKinship(sun.id, moon.id)], 'family-couple'), sun.id === moon.id));
  if (other && signKinship(sun.id, other.id) !== signKinship(sun.id, moon.id)) {
    // Its first sentence, the same for every pair, is not said twice: "they" of the next one are the two of the paragraph above.
    const couple = inOneSign(ctx.choose(COUPLE[signKinship(sun.id, other.id)], 'family-couple'), sun.id === other.id);
    parts.push(forOtherHours(couple.slice(couple.indexOf('. ') + 2)));
  }
  const pattern = PATTERN_BY_MODALITY[signModality(moon.id)]!;
  // (Untimed, on a day the Moon changed sign, its modality is not a fact of the birth: the sentence claims nothing.)
  parts.push(pattern.text, ...(moonSignCertain(ctx) ? ctx.ownClaims(pattern.claims, `Moon in ${moon.name}`) : []));
  if (other && signModality(other.id) !== signModality(moon.id)) parts.push(forOtherHours(PATTERN_BY_MODALITY[signModality(other.id)]!.text));
  return parts;
}
