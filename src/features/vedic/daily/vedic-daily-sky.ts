/**
 * The sky of one Hindu day for one person: the day's panchang at the place (sunrise to the next
 * sunrise), the transiting grahas at sunrise (the reading's instant) counted from the natal Moon's
 * sign (gochara) and from the lagna, the Moon's sign changes and the nakshatra changes before the
 * next sunrise, and the Vimshottari periods running at sunrise. Everything here is a fact the
 * factors (vedic-daily-factors.ts) read and the tests recompute.
 */
import type { AyanamsaName } from '../../../astro/ayanamsas.ts';
import { utcMsFromJulianDay } from '../../../astro/civil-time.ts';
import { computePanchangDay, type PanchangDay } from '../../../astro/panchang/panchang.ts';
import type { CalendarDate } from '../../../astro/panchang/panchang-day.ts';
import { runningPeriods, type DashaPeriod } from '../../../astro/vedic/dasha-periods.ts';
import { canObstruct, isFavourableHouse, vedhaOf, type VedhaKind } from '../../../astro/vedic/gochara/gochara-table.ts';
import { grahaSpan } from '../../../astro/vedic/gochara/sign-stays.ts';
import { signDistance, type GrahaId } from '../../../astro/vedic/grahas.ts';
import { movingGrahas, type MovingGraha, type VedicChart } from '../../../astro/vedic/sidereal-chart.ts';
import { taraOf, TARAS } from '../../../astro/vedic/muhurta/muhurta-rules.ts';
import { vimshottariDasha } from '../../../astro/vedic/vimshottari.ts';
import { signIndexOf } from '../../../astro/zodiac.ts';

/** The grahas whose transits the reading counts besides the Moon. */
export const DAILY_TRANSIT_GRAHAS: readonly GrahaId[] = ['sun', 'mars', 'mercury', 'jupiter', 'venus', 'saturn', 'rahu', 'ketu'];
/**
 * The grahas that can obstruct a transit: the visible ones but the Moon, as the gochara timeline
 * counts by default (the Moon passes every vedha house each month).
 */
const OBSTRUCTORS: readonly GrahaId[] = ['sun', 'mars', 'mercury', 'jupiter', 'venus', 'saturn'];

export interface TransitFact {
  graha: GrahaId;
  signIndex: number;
  degreeInSign: number;
  longitude: number;
  retrograde: boolean;
  houseFromMoon: number;
  houseFromLagna: number | null;
  favourable: boolean;
  vedha: { house: number; kind: VedhaKind; by: GrahaId[] } | undefined;
}

export interface DailySky {
  panchang: PanchangDay;
  /** The reading's instant: the day's sunrise (JD UT). */
  jdUt: number;
  /** The nine grahas at the reading's instant. */
  grahas: MovingGraha[];
  moon: TransitFact;
  transits: TransitFact[];
  /** The Moon's sign changes before the next sunrise. */
  moonSignChanges: { jdUt: number; signIndex: number; houseFromMoon: number }[];
  /** The tara of the nakshatra at sunrise and of each later one before the next sunrise. */
  taras: { jdUt: number; nakshatra: number; tara: number; name: string; good: boolean }[];
  dasha: DashaPeriod<GrahaId>[];
}

export interface DailySkyInput {
  natal: VedicChart;
  natalBirthMs: number;
  date: CalendarDate;
  zone: string;
  lat: number;
  lng: number;
  ayanamsa: AyanamsaName;
}

const SIGN_EDGES = Array.from({ length: 12 }, (_, i) => i * 30);

export function dailySky(input: DailySkyInput): DailySky {
  const { natal } = input;
  const panchang = computePanchangDay(input.date, input.zone, input.lat, input.lng, input.ayanamsa);
  const jdUt = panchang.day.sunrise.jdUt;
  const next = panchang.day.nextSunrise.jdUt;
  const grahas = movingGrahas(jdUt, input.ayanamsa, natal.nodeType);
  const natalMoonSign = natal.grahas[1]!.signIndex;
  const lagnaSign = natal.lagna?.signIndex;
  const signNow = new Map<GrahaId, number>(grahas.map((g) => [g.id, g.signIndex]));
  const fact = (id: GrahaId): TransitFact => {
    const g = grahas.find((x) => x.id === id)!;
    const houseFromMoon = signDistance(natalMoonSign, g.signIndex);
    const v = vedhaOf(id, houseFromMoon);
    const vedhaSign = v ? (natalMoonSign + v.house - 1) % 12 : -1;
    return {
      graha: id,
      signIndex: g.signIndex,
      degreeInSign: g.degreeInSign,
      longitude: g.longitude,
      retrograde: g.retrograde,
      houseFromMoon,
      houseFromLagna: lagnaSign === undefined ? null : signDistance(lagnaSign, g.signIndex),
      favourable: isFavourableHouse(id, houseFromMoon),
      vedha: v && { house: v.house, kind: v.kind, by: OBSTRUCTORS.filter((o) => canObstruct(id, o) && signNow.get(o) === vedhaSign) },
    };
  };
  const moonSpan = grahaSpan('moon', input.ayanamsa);
  const moonSignChanges = moonSpan.crossings(SIGN_EDGES, jdUt, next).map((c) => {
    // The sign entered: the one just after the crossing (the Moon always moves forward).
    const signIndex = signIndexOf(moonSpan.lonAt(c.t + 1e-4));
    return { jdUt: c.t, signIndex, houseFromMoon: signDistance(natalMoonSign, signIndex) };
  });
  const birthNakshatra = natal.grahas[1]!.nakshatra.index;
  const taras = panchang.limbs.nakshatra.map((e) => {
    const tara = taraOf(birthNakshatra, e.index);
    return { jdUt: e.start, nakshatra: e.index, tara, name: TARAS[tara - 1]!.name, good: TARAS[tara - 1]!.good };
  });
  // Only the periods running at sunrise are divided into their antar- and pratyantardashas.
  const readingMs = utcMsFromJulianDay(jdUt);
  const dashaTimeline = vimshottariDasha(natal.grahas[1]!.longitude, input.natalBirthMs, 365.25, 3, readingMs);
  return {
    panchang,
    jdUt,
    grahas,
    moon: fact('moon'),
    transits: DAILY_TRANSIT_GRAHAS.map(fact),
    moonSignChanges,
    taras,
    dasha: runningPeriods(dashaTimeline.periods, readingMs),
  };
}
