/**
 * Parental and family images as one reading: the Moon (the care you received and how you learned
 * to comfort yourself), the Sun and Saturn (authority, example and expectation), the aspects
 * between them, and for a timed chart the 4th and 10th houses (home and roots, the parent who
 * stood for the world outside). The chapter speaks of images you carry, not of what your parents
 * were.
 */
import type { ReportContext } from '../context.ts';
import { aspectBetween, cuspOf, planetsInHouse, signOfPoint } from '../chart-facts.ts';
import { pointInSentence, SIGN_CARE, SIGN_WORK } from '../phrases.ts';
import { capitalize, joinAnd, withArticle } from '../report-markdown.ts';
import { section, type ReportSection } from '../section.ts';
import { narrowHouseNote } from '../narrow-houses.ts';

export function parentalImagesSection(ctx: ReportContext): ReportSection {
  const moon = signOfPoint(ctx, 'moon')!;
  const sun = signOfPoint(ctx, 'sun')!;
  const saturn = signOfPoint(ctx, 'saturn')!;
  const parts: string[] = [
    ctx.choose(
      [
        `With the Moon in ${moon.name} and Saturn in ${saturn.name}, your chart carries particular images of care and of authority: not portraits of your parents, but the lenses through which you remember them and through which you now look after yourself.`,
        `What follows is about inner images, not about the people who raised you: the kind of care ${withArticle(moon.name)} Moon learns to expect, and the kind of authority ${withArticle(saturn.name)} Saturn learns to respect or resist.`,
        `Family leaves its trace in a chart as images rather than facts, and yours are drawn mainly by the Moon in ${moon.name}, the Sun in ${sun.name} and Saturn in ${saturn.name}.`,
        `${capitalize(withArticle(moon.name))} Moon, ${withArticle(sun.name)} Sun and ${withArticle(saturn.name)} Saturn sketch how home, example and rules were felt by you, which is not always how they were meant; this chapter reads those impressions and what you made of them.`,
        `How you were looked after and how you were guided are read here from three placements: the Moon in ${moon.name}, the Sun in ${sun.name} and Saturn in ${saturn.name}, describing your side of the story, the part you still carry.`,
      ],
      'parents-intro',
    ),
    ctx.choose(
      [
        `The Moon in ${moon.name} pictures care as ${SIGN_CARE[moon.id]}: this is the kind of comfort you learned to expect, and the kind you tend to give.`,
        `Care, as your Moon in ${moon.name} remembers it, meant ${SIGN_CARE[moon.id]}; it is what still reassures you, and what you offer when someone near you is low.`,
        `In the image the Moon in ${moon.name} keeps, being looked after looks like ${SIGN_CARE[moon.id]}, and you may measure comfort by that picture, given or received.`,
      ],
      'parents-moon',
    ),
  ];
  // Untimed: the Moon's aspect to Saturn is stated only when it held over the whole birth day.
  const moonSaturnAny = aspectBetween(ctx, 'moon', 'saturn');
  const moonSaturn = moonSaturnAny && ctx.rankingOrb(moonSaturnAny) !== undefined ? moonSaturnAny : undefined;
  const sunSaturn = aspectBetween(ctx, 'sun', 'saturn');
  if (moonSaturn)
    parts.push(
      moonSaturn.family === 'flowing'
        ? ctx.choose(
            [
              `${capitalize(withArticle(moonSaturn.type))} between the Moon and Saturn suggests care that came with structure: steady, dependable, perhaps not lavish.`,
              `Your Moon and Saturn meet in ${withArticle(moonSaturn.type)}, a sign that comfort arrived on a timetable: meals on time, promises kept, affection shown more by reliability than by fuss.`,
              `With ${withArticle(moonSaturn.type)} from Saturn to your ${moon.name} Moon, the care you knew was probably sensible and constant, the kind that holds you up without making much noise about it.`,
            ],
            'parents-moon-saturn-flowing',
          )
        : ctx.choose(
            [
              `The Moon and Saturn form ${withArticle(moonSaturn.type)}: care and duty were close together, and you may have learned early to look after yourself, so that letting others care for you is part of your later growth.`,
              `Saturn's ${moonSaturn.type} to your ${moon.name} Moon hints that comfort was sometimes rationed or conditional, and that you became self-reliant young; accepting help without earning it first is a skill to learn later.`,
              `Where Saturn makes ${withArticle(moonSaturn.type)} to the Moon, feeling and obligation tend to arrive together: you may have grown up minding others' needs before your own, and being looked after can still feel like a debt.`,
            ],
            'parents-moon-saturn-hard',
          ),
    );
  parts.push(
    `${ctx.choose(
      [
        `The Sun in ${sun.name} and Saturn in ${saturn.name} picture authority and example: the Sun the model of who to become, Saturn the rules and expectations.`,
        `Authority is read from two planets: the Sun, here in ${sun.name}, for the example you measured yourself by, and Saturn, in ${saturn.name}, for the rules that came with it.`,
        `Your ${sun.name} Sun stands for the person you hoped to become, and your ${saturn.name} Saturn for the limits and expectations you met on the way.`,
        `Where the Moon showed care, the Sun and Saturn show guidance: in ${sun.name}, the Sun is the model held up to you, and in ${saturn.name}, Saturn the standard you were asked to meet.`,
      ],
      'parents-sun-saturn-intro',
    )} ${
      sunSaturn
        ? sunSaturn.family === 'flowing'
          ? ctx.choose(
              [
                'Linked by a flowing aspect, they suggest an example you could grow into without much conflict.',
                `Their ${sunSaturn.type} suggests that the rules you were given fitted the person you were becoming, so discipline could feel like support rather than a cage.`,
                `Joined by ${withArticle(sunSaturn.type)}, the model and the rules seem to have agreed, and the standards you took in early may now feel like your own.`,
              ],
              'parents-sun-saturn-flowing',
            )
          : sunSaturn.family === 'conjunction'
            ? ctx.choose(
                [
                  'Joined in a conjunction, they suggest that the example and the rules came as one, from someone whose standards you took in early: self-discipline can come naturally, and approval from yourself may be harder to earn.',
                  'Standing together in a conjunction, the model and the rule-giver seem to have been one figure, and you may still hear that voice when you judge your own work: dependable, demanding and slow to praise.',
                  'Fused by their conjunction, identity and duty grew up together in you; you probably learned to be responsible early, and the later task is to let yourself be proud of more than your reliability.',
                ],
                'parents-sun-saturn-conjunction',
              )
            : ctx.choose(
                [
                  `Linked by ${withArticle(sunSaturn.type)}, they suggest an authority you had to measure yourself against, which can leave a strong inner critic and, later, real self-discipline.`,
                  `Their ${sunSaturn.type} hints at expectations that felt heavier than you were ready for; the critic they left behind can become, with time, a steady inner discipline you choose for yourself.`,
                  `With ${withArticle(sunSaturn.type)} between them, being yourself and meeting the standard may once have pulled in opposite directions, and part of adult life is deciding which rules you still want to keep.`,
                ],
                'parents-sun-saturn-hard',
              )
        : sun.name === saturn.name
          ? // One sign without an aspect: "unconnected" read to a reader as false beside "of one piece" elsewhere.
            `Your Sun and Saturn both stand in ${sun.name}, though too far apart for a conjunction: the example you followed and the rules you were given spoke the same language, if not always with one voice.`
          : ctx.choose(
              [
                `With no major aspect between your ${sun.name} Sun and ${saturn.name} Saturn, the model and the rule may have come from different people or different times.`,
                `No major aspect joins your ${sun.name} Sun to your ${saturn.name} Saturn, so the example you followed and the rules you were given may not have spoken with one voice; sorting out which came from where is part of growing up.`,
                `Unconnected by a major aspect, your ${sun.name} Sun and ${saturn.name} Saturn suggest that who you admired and who set the limits were not always the same person.`,
              ],
              'parents-sun-saturn-apart',
            )
    }`,
  );
  if (ctx.timed) {
    const ic = cuspOf(ctx, 4)!;
    const mc = cuspOf(ctx, 10)!;
    const fourth = planetsInHouse(ctx, 4).map(pointInSentence);
    parts.push(
      ctx.choose(
        [
          `The 4th house, the roots, opens in ${ic.name}: home as a place of ${SIGN_CARE[ic.id]}${fourth.length ? `, with ${joinAnd(fourth)} living there` : ''}. The 10th, the house of the parent who stood for the world outside, opens in ${mc.name}: an image of ${SIGN_WORK[mc.id]}.`,
          `Two houses frame the family picture: the 4th, where you come from, begins in ${ic.name} and remembers home for its ${SIGN_CARE[ic.id]}${fourth.length ? `, with ${joinAnd(fourth)} there as well` : ''}; the 10th, the house of the parent who faced the world, begins in ${mc.name} and stands for ${SIGN_WORK[mc.id]}.`,
          `${ic.name} on the cusp of the 4th house colours the roots with ${SIGN_CARE[ic.id]}${fourth.length ? `, and ${joinAnd(fourth)} ${fourth.length === 1 ? 'stands' : 'stand'} in the 4th house itself` : ''}. ${mc.name} on the 10th, the side of the family that showed you the outside world, adds ${SIGN_WORK[mc.id]}.`,
        ],
        'parents-houses',
      ) +
        narrowHouseNote(ctx, 4) +
        narrowHouseNote(ctx, 10),
    );
  }
  return section('parental_images', 'Parental and Family Images', parts);
}
