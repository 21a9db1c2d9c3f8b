/**
 * Gochara: the transits of the grahas through the signs counted from the natal Moon's sign over a
 * range of time. Each stay in a sign (sign-stays.ts) is read by the classical table
 * (gochara-table.ts): its house from the Moon, whether that house is favourable for the graha,
 * and its vedha: the obstructing house, and the grahas that pass through it while the stay lasts.
 */
import type { AyanamsaName } from '../../ayanamsas.ts';
import type { GrahaId } from '../grahas.ts';
import { signDistance, nthSignFrom } from '../grahas.ts';
import type { NodeType } from '../sidereal-chart.ts';
import { canObstruct, isFavourableHouse, vedhaOf, type VedhaKind } from './gochara-table.ts';
import { signStays, type SignStay } from './sign-stays.ts';

/** The grahas whose transits are given, in weekday order with the nodes last; the Moon only when asked. */
export const GOCHARA_GRAHAS: readonly GrahaId[] = ['sun', 'mars', 'mercury', 'jupiter', 'venus', 'saturn', 'rahu', 'ketu'];

/** The grahas that can obstruct (Vedha is reckoned among the seven visible grahas; the Moon on request). */
const OBSTRUCTORS: readonly GrahaId[] = ['sun', 'mars', 'mercury', 'jupiter', 'venus', 'saturn'];

export interface GocharaOptions {
  /** The natal Moon's sidereal sign, 0-11. */
  moonSign: number;
  /** The range, JD UT. */
  from: number;
  to: number;
  ayanamsa: AyanamsaName;
  nodeType: NodeType;
  /** Adds the Moon's own stays (about 13 a month). */
  includeMoon: boolean;
  /** Counts the Moon's passages through a vedha house as obstructions (within the range only). */
  vedhaByMoon: boolean;
  /** Counts Rahu and Ketu as obstructors too (the schools that reckon vedha among all nine). */
  vedhaByNodes?: boolean;
}

export interface Obstruction {
  graha: GrahaId;
  /** The part of the stay during which it occupies the vedha house, JD UT. */
  start: number;
  end: number;
}

export interface GocharaStay extends SignStay {
  /** 1-12 from the natal Moon's sign. */
  house: number;
  favourable: boolean;
  vedha: { house: number; signIndex: number; kind: VedhaKind; obstructions: Obstruction[] } | undefined;
}

export interface GocharaTransit {
  graha: GrahaId;
  stays: GocharaStay[];
}

/** The overlap of two intervals whose ends may be open (undefined: beyond what was searched). */
function overlap(a0: number | undefined, a1: number | undefined, b0: number | undefined, b1: number | undefined): { start: number; end: number } | undefined {
  const start = Math.max(a0 ?? -Infinity, b0 ?? -Infinity);
  const end = Math.min(a1 ?? Infinity, b1 ?? Infinity);
  return end > start && Number.isFinite(start) && Number.isFinite(end) ? { start, end } : undefined;
}

export function gocharaTimeline(options: GocharaOptions): GocharaTransit[] {
  const { moonSign, from, to, ayanamsa, nodeType } = options;
  const grahas: GrahaId[] = options.includeMoon ? ['moon', ...GOCHARA_GRAHAS] : [...GOCHARA_GRAHAS];
  const staysOf = new Map<GrahaId, SignStay[]>();
  for (const g of grahas) staysOf.set(g, signStays(g, from, to, ayanamsa, nodeType));

  // The obstructors' stays over the whole time the listed stays cover (a slow graha's stay runs
  // far past the range); the Moon's only within the range.
  let coverFrom = from,
    coverTo = to;
  for (const stays of staysOf.values())
    for (const s of stays) {
      coverFrom = Math.min(coverFrom, s.start ?? coverFrom);
      coverTo = Math.max(coverTo, s.end ?? coverTo);
    }
  const obstructorStays = new Map<GrahaId, SignStay[]>();
  for (const g of OBSTRUCTORS) obstructorStays.set(g, signStays(g, coverFrom, coverTo, ayanamsa, nodeType));
  if (options.vedhaByNodes) for (const g of ['rahu', 'ketu'] as const) obstructorStays.set(g, signStays(g, coverFrom, coverTo, ayanamsa, nodeType));
  if (options.vedhaByMoon) obstructorStays.set('moon', options.includeMoon ? staysOf.get('moon')! : signStays('moon', from, to, ayanamsa, nodeType));

  const moonWindow = { from, to };
  return grahas.map((graha) => ({ graha, stays: staysOf.get(graha)!.map((stay) => readStay(graha, stay, moonSign, obstructorStays, moonWindow)) }));
}

/**
 * One stay read by the table: its house from the Moon's sign, whether it is favourable, and its
 * vedha with every passage of another graha through the vedha house while the stay lasts
 * (`obstructorStays`: each obstructor's stays over at least the stay's time; the Moon's are
 * looked at only within `moonWindow`, where they were found).
 */
export function readStay(
  graha: GrahaId,
  stay: SignStay,
  moonSign: number,
  obstructorStays: ReadonlyMap<GrahaId, readonly SignStay[]>,
  moonWindow: { from: number; to: number },
): GocharaStay {
  const house = signDistance(moonSign, stay.signIndex);
  const vedha = vedhaOf(graha, house);
  let vedhaOut: GocharaStay['vedha'];
  if (vedha) {
    const vedhaSign = nthSignFrom(moonSign, vedha.house);
    const obstructions: Obstruction[] = [];
    for (const [other, stays] of obstructorStays) {
      if (!canObstruct(graha, other)) continue;
      const [lo, hi] =
        other === 'moon'
          ? [Math.max(stay.start ?? moonWindow.from, moonWindow.from), Math.min(stay.end ?? moonWindow.to, moonWindow.to)]
          : [stay.start, stay.end];
      for (const o of stays) {
        if (o.signIndex !== vedhaSign) continue;
        const both = overlap(lo, hi, o.start, o.end);
        if (both) obstructions.push({ graha: other, ...both });
      }
    }
    obstructions.sort((x, y) => x.start - y.start);
    vedhaOut = { house: vedha.house, signIndex: vedhaSign, kind: vedha.kind, obstructions };
  }
  return { ...stay, house, favourable: isFavourableHouse(graha, house), vedha: vedhaOut };
}
