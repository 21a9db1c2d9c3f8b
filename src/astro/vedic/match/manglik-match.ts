/**
 * Mangal dosha in matching: the dosha of each person (doshas/mangal-dosha.ts) and whether the two
 * cancel. The common rule: when both are manglik, each one's Mars answers the other's and the
 * dosha is cancelled; when only one is, it stands; when neither is, there is none.
 */
import { mangalDosha, type MangalDosha, type MangalSchool } from '../doshas/mangal-dosha.ts';
import type { DoshaChart } from '../doshas/dosha-chart.ts';

export interface ManglikMatch {
  boy: MangalDosha;
  girl: MangalDosha;
  /** `none` (neither manglik), `both` (mutually cancelled), `boy_only` or `girl_only` (the dosha stands). */
  outcome: 'none' | 'both' | 'boy_only' | 'girl_only';
  /** Both are manglik, so the doshas cancel each other. */
  mutuallyCancelled: boolean;
  /** A dosha stands after matching. */
  doshaStands: boolean;
}

export function manglikMatch(boy: DoshaChart, girl: DoshaChart, school: MangalSchool = 'south_indian'): ManglikMatch {
  const b = mangalDosha(boy, school);
  const g = mangalDosha(girl, school);
  const outcome = b.active && g.active ? 'both' : b.active ? 'boy_only' : g.active ? 'girl_only' : 'none';
  return { boy: b, girl: g, outcome, mutuallyCancelled: outcome === 'both', doshaStands: outcome === 'boy_only' || outcome === 'girl_only' };
}
