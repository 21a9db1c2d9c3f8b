/**
 * What a graha stands for in one rasi chart, the facts a dasha or a transit reading rests on:
 * the houses it rules and the house it occupies (whole signs from the lagna, or from the Moon's
 * sign when the birth is untimed), its dignity, its compound relationship to the lagna lord, and
 * its functional nature for the lagna.
 *
 * The functional nature follows the common Parashari reading of house lordship (Brihat Parashara
 * Hora Shastra, ch. 34): lords of trikonas (5, 9) do good; lords of dusthanas (6, 8, 12) harm,
 * unless the same graha also rules a trikona; a graha ruling both a kendra (4, 7, 10) and a
 * trikona is the yogakaraka; the lagna lord is always counted a benefic; a kendra lord alone is
 * neutral (the natural benefics lose their goodness there, the natural malefics their harm). The
 * nodes rule no sign: they give the results of their sign's lord (the dispositor), and their
 * nature here is that lord's.
 */
import { compoundRelationship, naturalRelationship, temporaryRelationship, isSevenGraha, type CompoundRelationship, type Dignity } from './dignity.ts';
import { GRAHAS, SIGN_LORDS, signDistance, type GrahaId, type SevenGraha } from './grahas.ts';
import type { VedicChart } from './sidereal-chart.ts';

export const FUNCTIONAL_NATURES = ['yogakaraka', 'benefic', 'neutral', 'malefic'] as const;
export type FunctionalNature = (typeof FUNCTIONAL_NATURES)[number];

export interface GrahaRole {
  graha: GrahaId;
  /** Houses it rules (1-12, whole signs from the chart's reference sign), ascending; none for the nodes. */
  housesRuled: number[];
  /** The whole-sign house it occupies. */
  house: number;
  signIndex: number;
  dignity: Dignity | null;
  retrograde: boolean;
  combust: boolean;
  /** The lord of the reference sign (the lagna's, or the Moon's sign for an untimed birth). */
  lagnaLord: SevenGraha;
  /** `self` for the lagna lord; the compound relationship of the graha to the lagna lord; null for the nodes (no friendships in Parashara's scheme). */
  relationToLagnaLord: CompoundRelationship | 'self' | null;
  /** For a node, the lord of the sign it is in, whose results it gives. */
  dispositor: SevenGraha | null;
  nature: FunctionalNature;
  /** Why the nature is what it is, in words. */
  natureReason: string;
}

const TRIKONA_ONLY = [5, 9];
const KENDRA_ONLY = [4, 7, 10];
const DUSTHANA = [6, 8, 12];

/** The houses of the chart's reference sign each seven-graha rules. */
export function housesRuledBy(referenceSign: number, graha: SevenGraha): number[] {
  const houses: number[] = [];
  for (let h = 1; h <= 12; h++) if (SIGN_LORDS[(referenceSign + h - 1) % 12] === graha) houses.push(h);
  return houses;
}

/** The functional nature of a seven-graha ruling `houses` for the reference sign. */
export function functionalNature(houses: readonly number[]): { nature: FunctionalNature; reason: string } {
  const trikona = houses.filter((h) => TRIKONA_ONLY.includes(h));
  const kendra = houses.filter((h) => KENDRA_ONLY.includes(h));
  const dusthana = houses.filter((h) => DUSTHANA.includes(h));
  const list = (hs: readonly number[]) => hs.join(' and ');
  if (trikona.length && kendra.length) return { nature: 'yogakaraka', reason: `rules both a kendra (${list(kendra)}) and a trikona (${list(trikona)})` };
  if (houses.includes(1)) return { nature: 'benefic', reason: 'rules the lagna' };
  if (trikona.length)
    return { nature: 'benefic', reason: `rules the trikona ${list(trikona)}${dusthana.length ? `, which outweighs its dusthana ${list(dusthana)}` : ''}` };
  if (dusthana.length) return { nature: 'malefic', reason: `rules the dusthana ${list(dusthana)} and no trikona` };
  return { nature: 'neutral', reason: `rules ${houses.length > 1 ? 'houses' : 'house'} ${list(houses)}, neither a trikona nor a dusthana` };
}

export function grahaRole(chart: VedicChart, graha: GrahaId): GrahaRole {
  const g = chart.grahas.find((x) => x.id === graha)!;
  const reference = chart.referenceSign;
  const lagnaLord = SIGN_LORDS[reference]!;
  const signOf = (id: GrahaId) => chart.grahas.find((x) => x.id === id)!.signIndex;
  if (!isSevenGraha(graha)) {
    const dispositor = SIGN_LORDS[g.signIndex]!;
    const through = functionalNature(housesRuledBy(reference, dispositor));
    return {
      graha,
      housesRuled: [],
      house: g.signHouse,
      signIndex: g.signIndex,
      dignity: g.dignity,
      retrograde: g.retrograde,
      combust: false,
      lagnaLord,
      relationToLagnaLord: null,
      dispositor,
      nature: through.nature,
      natureReason: `rules no sign: gives the results of its dispositor ${GRAHAS[dispositor].name}, which ${through.reason}`,
    };
  }
  const housesRuled = housesRuledBy(reference, graha);
  const { nature, reason } = functionalNature(housesRuled);
  return {
    graha,
    housesRuled,
    house: g.signHouse,
    signIndex: g.signIndex,
    dignity: g.dignity,
    retrograde: g.retrograde,
    combust: g.combust === true,
    lagnaLord,
    relationToLagnaLord:
      graha === lagnaLord ? 'self' : compoundRelationship(naturalRelationship(graha, lagnaLord), temporaryRelationship(g.signIndex, signOf(lagnaLord))),
    dispositor: null,
    nature,
    natureReason: reason,
  };
}

/** Which house, counted inclusively, one graha's sign is from another's (1-12). */
export function houseBetween(chart: VedicChart, from: GrahaId, to: GrahaId): number {
  const sign = (id: GrahaId) => chart.grahas.find((x) => x.id === id)!.signIndex;
  return signDistance(sign(from), sign(to));
}
