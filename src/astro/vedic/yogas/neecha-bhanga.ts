/**
 * Neecha Bhanga Raja yoga: a debilitated graha whose debilitation is cancelled (Phaladeepika 7;
 * Brihat Parashara Hora Shastra, ch. 28; Saravali). For each of the seven grahas that is
 * debilitated, the cancellations read are:
 *
 * 1. the lord of its debilitation sign in a kendra from the lagna or the Moon;
 * 2. the lord of its exaltation sign in a kendra from the lagna or the Moon;
 * 3. the graha exalted in its debilitation sign in a kendra from the lagna or the Moon;
 * 4. the lord of its debilitation sign joins or aspects it;
 * 5. it exchanges signs with the lord of its debilitation sign;
 * 6. it is exalted in the navamsa.
 *
 * One cancellation forms the yoga; the grade is the number that hold (one weak, two moderate,
 * three or more strong). Untimed births read the kendras from the Moon only.
 */
import { EXALTATION } from '../dignity.ts';
import { SIGN_LORDS, type GrahaId, type SevenGraha } from '../grahas.ts';
import { aspects, houseFrom, isKendra, nameOf, SEVEN_GRAHAS, type ChartFacts } from './chart-facts.ts';
import { finding, strength } from './yoga-finding.ts';
import type { RuleOutput, YogaOptions, YogaRule } from './yoga-types.ts';

/** The graha exalted in a sign, if one of the seven is. */
function exaltedIn(sign: number): SevenGraha | undefined {
  return SEVEN_GRAHAS.find((g) => EXALTATION[g].sign === sign);
}

function kendraFromLagnaOrMoon(facts: ChartFacts, g: GrahaId): string | null {
  if (facts.lagnaSign !== null && isKendra(houseFrom(facts, facts.lagnaSign, g))) return 'the lagna';
  if (isKendra(houseFrom(facts, facts.moonSign, g))) return 'the Moon';
  return null;
}

function evaluate(facts: ChartFacts, options: YogaOptions, out: RuleOutput) {
  for (const g of SEVEN_GRAHAS) {
    if (facts.dignity[g] !== 'debilitated') continue;
    const debSign = facts.sign[g];
    const dispositor = SIGN_LORDS[debSign]!;
    const exaltLord = SIGN_LORDS[EXALTATION[g].sign]!;
    const exaltedThere = exaltedIn(debSign);
    const held: string[] = [];
    const involved = new Set<GrahaId>([g]);
    const kendra = (who: GrahaId, role: string) => {
      if (who === g) return;
      const from = kendraFromLagnaOrMoon(facts, who);
      if (from) {
        held.push(`${role} ${nameOf(who)} is in a kendra from ${from}`);
        involved.add(who);
      }
    };
    kendra(dispositor, 'the lord of its debilitation sign,');
    kendra(exaltLord, 'the lord of its exaltation sign,');
    if (exaltedThere) kendra(exaltedThere, 'the graha exalted in that sign,');
    if (dispositor !== g && (facts.sign[dispositor] === debSign || aspects(facts, dispositor, g))) {
      held.push(`its dispositor ${nameOf(dispositor)} ${facts.sign[dispositor] === debSign ? 'joins' : 'aspects'} it`);
      involved.add(dispositor);
    }
    if (SIGN_LORDS[facts.sign[dispositor]] === g && dispositor !== g) {
      held.push(`it exchanges signs with ${nameOf(dispositor)}`);
      involved.add(dispositor);
    }
    if (facts.navamsaSign[g] === EXALTATION[g].sign) held.push('it is exalted in the navamsa');
    if (held.length) {
      const grade =
        held.length >= 3
          ? strength('strong', 1, `${held.length} cancellations`)
          : held.length === 2
            ? strength('moderate', 0.67, '2 cancellations')
            : strength('weak', 0.34, '1 cancellation');
      out.found.push(
        finding(facts, {
          id: `neecha_bhanga:${g}`,
          key: 'neecha_bhanga_raja',
          name: 'Neecha Bhanga Raja Yoga',
          category: 'raja',
          type: 'neecha_bhanga',
          theme: 'Power & Status',
          grahas: [...involved],
          reference: 'lagna_or_moon',
          evidence: `${nameOf(g)} is debilitated, and its debilitation is cancelled: ${held.join('; ')}.`,
          strength: grade,
          source: 'Phaladeepika 7; Brihat Parashara Hora Shastra, ch. 28; Saravali',
          description: 'A weakness turned to strength: a rise after early setbacks in the matters of the debilitated graha.',
        }),
      );
    } else if (options.explain) {
      out.near.push({
        key: 'neecha_bhanga_raja',
        name: 'Neecha Bhanga Raja Yoga',
        category: 'raja',
        grahas: [g],
        met: [`${nameOf(g)} is debilitated`],
        failed: 'no cancellation of its debilitation holds',
      });
    }
  }
}

export const neechaBhangaYoga: YogaRule = { group: 'Neecha Bhanga', needsLagna: () => false, evaluate };
