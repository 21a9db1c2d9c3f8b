/**
 * A tight conjunction read as one figure. Two planets within a few degrees of each other act as
 * one force, and reading each one's sign and house as if the other were not there makes the
 * report say two different things about the same place ("an expansive manner", then "a reserved
 * presence", of planets 0°02′ apart). Before the second planet's placement is read, the report
 * says once that the two are one figure, and what their fusion is like.
 */
import { signedSeparation, signOf } from '../../astro/zodiac.ts';
import { bodySignHours } from '../text/untimed-ingresses.ts';
import { keys } from '../../interpretations/keys.ts';
import type { ReportContext } from '../text/context.ts';
import { POINT_FUNCTION, pointsInSentence } from '../text/phrases.ts';
import { capitalize, degreesMinutes, ordinal } from '../text/report-markdown.ts';
import { bornWithin, hoursWithin } from '../text/untimed-contact-hours.ts';
import { dayOrbRange, wholeDay } from '../text/aspect-facts.ts';

/** Closer than this, two planets are read as one figure. */
export const FIGURE_ORB = 4;

const PLANETS = ['sun', 'moon', 'mercury', 'venus', 'mars', 'jupiter', 'saturn', 'uranus', 'neptune', 'pluto'];

/** What the fusion of some pairs is like, in one or more phrasings; other pairs get the general reading. Keyed by the pair in planet order. */
const PAIR_READINGS: Record<string, readonly string[]> = {
  'jupiter-saturn': [
    'Growth and restraint arrive together in you: you expand only as far as you can build, and you build toward something larger than duty. What this chapter says of each planet describes one habit from two sides: hope that checks its foundations, discipline that keeps a goal in view.',
  ],
  'sun-moon': [
    'What you aim at and what you need were set in the same place, so will and feeling rarely argue; the risk is that little in you offers another view.',
  ],
  // Not "immediate rather than slow to grow": a claim on love's pace the placements beside it may deny (a Kiruna reader met
  // it beside Venus in Taurus's unhurried warmth).
  'venus-mars': [
    'Desire and affection are fused: what you love you also pursue, and attraction and fondness tend to arrive together rather than one after the other.',
  ],
  'mercury-saturn': [
    'Thought and caution are fused: you think before you speak and check before you conclude, which gives weight to your words and can make them slow to come.',
  ],
  'mars-saturn': [
    'Drive and restraint are fused: effort comes in long, controlled pushes rather than bursts, and frustration is best spent on work that rewards endurance.',
  ],
  'moon-saturn': [
    'Feeling and self-control are fused: you tend to look after your emotions by managing them, and learning to receive care is part of the work.',
  ],
  'sun-mercury': [
    'Purpose and thought are fused: how you think is close to who you are, so criticism of an idea can feel personal.',
    'Your mind works in the service of your purpose: you think most clearly about what matters to you, and may find it hard to see an argument from outside your own aims.',
    'Who you are and how you explain yourself come as one: your words carry your identity, which makes you convincing and can make a disagreement feel like a judgement of you.',
  ],
  'sun-venus': [
    'Purpose and affection are fused: what you care for is close to who you are, so you tend to put warmth, taste and pleasure at the centre of your aims.',
    'Your sense of self and your way of loving grew up together: being liked matters to you, and the work that feels most like your own is work that makes something pleasing or brings people closer.',
  ],
  'mercury-venus': [
    'Thought and affection are fused: you think kindly and speak gracefully, and may soften a hard truth until it is hard to hear.',
    'Words and warmth travel together in you: you learn best from people you like, and a letter or a conversation is often how you show love.',
  ],
  'mercury-jupiter': [
    'Thought and optimism are fused: your mind reaches for the large picture and the hopeful reading, and details are best left to a second look.',
  ],
};

export function conjunctionFigure(ctx: ReportContext, id: string): string | undefined {
  const p = ctx.factors.points.get(id);
  if (!p || !PLANETS.includes(id)) return undefined;
  for (const other of PLANETS) {
    if (other === id) continue;
    const q = ctx.factors.points.get(other);
    if (!q) continue;
    const orb = Math.abs(signedSeparation(p.lon, q.lon));
    // Read before the second of the two placements: the first must already be in the report.
    if (orb > FIGURE_ORB || !ctx.isShown(keys.planetSign(other, q.sign))) continue;
    // Untimed, every body moves through the birth day (the Sun a degree, Mercury up to two), so the noon distance is no fact
    // of the birth: two planets other than the Moon are one figure only when within its orb all day, and their distance is
    // the day's range. (The Moon's hours within it are read below.)
    const untimedPair = !ctx.timed && id !== 'moon' && other !== 'moon';
    const day = untimedPair ? ctx.dayAspect({ p1: id, p2: other, type: 'conjunction' }) : undefined;
    if (untimedPair && !(day && wholeDay(day) && day.widest <= FIGURE_ORB)) continue;
    const pair = [id, other].sort((a, b) => PLANETS.indexOf(a) - PLANETS.indexOf(b)) as [string, string];
    // Where the conjunction has had its own reading already, it has been read as one force: not a second time here (a
    // Kiruna reader met Venus conjunct Mars read, then "Only 3°03′ separate Venus and Mars…" straight after it).
    if ([keys.aspect(pair[0], 'conjunction', pair[1]), keys.aspect(pair[1], 'conjunction', pair[0])].some((key) => ctx.isShown(key))) continue;
    if (!ctx.once(`figure:${pair.join('-')}`)) continue;
    // Untimed, a body that changed sign that day shares its sign with the other only for some hours: no sign is named.
    const sameSign = signOf(p.lon).id === signOf(q.lon).id && !bodySignHours(ctx, id) && !bodySignHours(ctx, other);
    const where = p.house !== undefined && p.house === q.house ? ` in your ${ordinal(p.house)} house` : sameSign ? ` in ${signOf(p.lon).name}` : '';
    const [a, b] = pair;
    const own = PAIR_READINGS[`${a}-${b}`];
    // The phrasings any pair may take are used in turn: a reader met the first twice, word for word, for two pairs.
    const reading = own
      ? ctx.choose(own, `figure-${a}-${b}`)
      : ctx.chooseInTurn(
          [
            `Your ${POINT_FUNCTION[a]} and your ${POINT_FUNCTION[b]} are fused: whatever stirs one sets the other going, so the passages on each planet describe a single habit seen from two sides.`,
            `Your ${POINT_FUNCTION[a]} and your ${POINT_FUNCTION[b]} rarely act alone: when one is called on the other answers too, and what was said of each planet is best read as one story.`,
            `Your ${POINT_FUNCTION[a]} and your ${POINT_FUNCTION[b]} are hard to pull apart; the two passages on these planets describe one way of being rather than two separate traits.`,
          ],
          'figure-any-pair',
        );
    // Untimed: the Moon's distance at noon is no fact of the birth; the hours it was within the figure's orb are.
    const withMoon = a === 'moon' ? b : b === 'moon' ? a : undefined;
    const moonHours = withMoon ? hoursWithin(ctx, 'moon', withMoon, 'conjunction', FIGURE_ORB) : undefined;
    if (moonHours) {
      const when = bornWithin(moonHours);
      return when
        ? `${capitalize(pointsInSentence([a, b]))} stood within ${FIGURE_ORB}° of each other ${when}, close enough then to act as one figure. ${reading} (Born at another hour, read the two apart.)`
        : `${capitalize(pointsInSentence([a, b]))} stood within ${FIGURE_ORB}° of each other through the whole birth day, close enough to act as one figure whatever the hour. ${reading}`;
    }
    const apart = day ? dayOrbRange(day) : degreesMinutes(orb);
    const opening = ctx.choose(
      day
        ? [
            `${capitalize(pointsInSentence([a, b]))} stand ${apart} apart${where} over the whole birth day, close enough to act as one figure whatever the hour.`,
            `Whatever the hour of birth, only ${apart} separate ${pointsInSentence([a, b])}${where}, so the two work as a single figure.`,
            `${capitalize(pointsInSentence([a, b]))} are joined${where}, ${apart} apart through the birth day, and behave as a pair.`,
          ]
        : [
            `${capitalize(pointsInSentence([a, b]))} stand ${apart} apart${where}, close enough to act as one figure rather than two.`,
            `Only ${apart} separate ${pointsInSentence([a, b])}${where}, so the two work as a single figure.`,
            `${capitalize(pointsInSentence([a, b]))} are joined${where}, ${apart} apart, and behave as a pair.`,
          ],
      `figure-opening-${a}-${b}`,
    );
    return `${opening} ${reading}`;
  }
  return undefined;
}
