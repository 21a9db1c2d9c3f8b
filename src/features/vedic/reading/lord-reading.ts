/**
 * A graha read as the lord of a period (a dasha) in one chart: its role (src/astro/vedic/
 * graha-role.ts) and the factors that follow from it, each true of the chart: the houses it rules
 * and the functional nature that gives it, the house it occupies, its dignity, combustion, its
 * relationship to the lagna lord. The weights are this service's, documented in docs/api/vedic.md.
 */
import { GRAHAS, type GrahaId } from '../../../astro/vedic/grahas.ts';
import { grahaRole, type FunctionalNature, type GrahaRole } from '../../../astro/vedic/graha-role.ts';
import type { VedicChart } from '../../../astro/vedic/sidereal-chart.ts';
import { signNameOf } from '../vedic-service.ts';
import { DIGNITY_WEIGHT, DIGNITY_WORDS, GRAHA_WORDS, HOUSE_WORDS, housesText } from './house-words.ts';
import { factor, ordinal, type ReadingFactor } from './reading-factor.ts';

export const NATURE_WEIGHT: Readonly<Record<FunctionalNature, number>> = { yogakaraka: 2, benefic: 1, neutral: 0, malefic: -1.5 };

/** Weight of the house a lord occupies: kendras, trikonas and the 11th help, dusthanas hinder. */
export function placementWeight(house: number): number {
  if ([1, 4, 5, 7, 9, 10, 11].includes(house)) return 1;
  if ([6, 8, 12].includes(house)) return -1;
  return 0;
}

const RELATION_WEIGHT = { self: 0.5, great_friend: 0.5, friend: 0.5, neutral: 0, enemy: -0.5, great_enemy: -0.5 } as const;

export interface LordReading {
  role: GrahaRole;
  factors: ReadingFactor[];
  /** The factors' weights summed. */
  weight: number;
}

/** The factors of `graha` as a lord, their ids prefixed with `prefix` (`mahadasha_lord` ...). */
export function lordReading(chart: VedicChart, graha: GrahaId, prefix: string): LordReading {
  const role = grahaRole(chart, graha);
  const name = GRAHAS[graha].name;
  const from = chart.houseReference === 'lagna' ? 'the lagna' : "the Moon's sign (birth time unknown)";
  const factors: ReadingFactor[] = [];
  factors.push(
    role.dispositor
      ? factor(
          `${prefix}_rules`,
          NATURE_WEIGHT[role.nature],
          `${name} acts for ${GRAHAS[role.dispositor].name}`,
          `${name} ${role.natureReason}; counted from ${from}, it is ${article(role.nature)} ${role.nature} for this chart.`,
        )
      : factor(
          `${prefix}_rules`,
          NATURE_WEIGHT[role.nature],
          `${name} rules house${role.housesRuled.length > 1 ? 's' : ''} ${role.housesRuled.join(' and ')}`,
          `Counted from ${from}, ${name} rules house${role.housesRuled.length > 1 ? 's' : ''} ${housesText(role.housesRuled)}: it ${role.natureReason}, so it is ${article(role.nature)} ${role.nature} for this chart.`,
        ),
  );
  factors.push(
    factor(
      `${prefix}_house`,
      placementWeight(role.house),
      `${name} in the ${ordinal(role.house)} house`,
      `${name} occupies the ${ordinal(role.house)} house from ${from} (${signNameOf(role.signIndex)}), the house of ${HOUSE_WORDS[role.house]}; its period brings these matters forward.`,
    ),
  );
  if (role.dignity)
    factors.push(
      factor(
        `${prefix}_dignity`,
        DIGNITY_WEIGHT[role.dignity],
        `${name} ${DIGNITY_WORDS[role.dignity]}`,
        `${name} is ${DIGNITY_WORDS[role.dignity]} (${signNameOf(role.signIndex)}) in the birth chart: the better placed a lord, the more of ${GRAHA_WORDS[graha]} it can deliver.`,
      ),
    );
  if (role.combust)
    factors.push(
      factor(
        `${prefix}_combust`,
        -1,
        `${name} combust`,
        `${name} lies within its combustion orb of the Sun in the birth chart: its significations are weakened.`,
      ),
    );
  if (role.retrograde && graha !== 'rahu' && graha !== 'ketu')
    factors.push(
      factor(
        `${prefix}_retrograde`,
        0,
        `${name} retrograde`,
        `${name} was retrograde at birth: its matters tend to return for review rather than move in a straight line.`,
      ),
    );
  if (role.relationToLagnaLord !== null)
    factors.push(
      factor(
        `${prefix}_lagna_lord`,
        RELATION_WEIGHT[role.relationToLagnaLord],
        role.relationToLagnaLord === 'self' ? `${name} is the lagna lord` : `${name} and the lagna lord: ${role.relationToLagnaLord.replace('_', ' ')}`,
        role.relationToLagnaLord === 'self'
          ? `${name} rules the sign the houses are counted from: its period concerns the person most directly.`
          : `${name}'s compound relationship to the lagna lord ${GRAHAS[role.lagnaLord].name} (natural friendship combined with their places in the chart) is ${role.relationToLagnaLord.replace('_', ' ')}.`,
      ),
    );
  return { role, factors, weight: factors.reduce((s, f) => s + f.weight, 0) };
}

const article = (word: string) => (/^[aeiou]/.test(word) ? 'an' : 'a');

/** The tone between two lords by the house one's sign is from the other's (1-12). */
export function mutualPlacement(house: number): { weight: number; words: string } {
  const other = ((13 - house) % 12) + 1;
  const pair = [house, other].sort((a, b) => a - b).join('/');
  if (house === 1) return { weight: 0.5, words: 'the two share a sign and work together' };
  if (pair === '6/8') return { weight: -1.5, words: 'the 6/8 relation (shadashtaka), read as friction between their matters' };
  if (pair === '2/12') return { weight: -0.5, words: 'the 2/12 relation, read as matters that pull apart' };
  if (pair === '7/7') return { weight: 0.5, words: 'the two face each other across the chart and complete each other' };
  if (pair === '5/9') return { weight: 1.5, words: 'the 5/9 (trine) relation, read as mutual support' };
  if (pair === '3/11') return { weight: 1, words: 'the 3/11 relation, read as effort that brings gains' };
  return { weight: 0.5, words: 'the 4/10 (kendra) relation, read as steady, practical cooperation' };
}
