/**
 * The muhurta search: the daytime of each date of a range cut at every change of the things a
 * muhurta is judged by (tithi, nakshatra, yoga, karana, the planetary hora, Abhijit muhurta, the
 * Moon's sign, and the three kalams), each piece scored by the purpose's rules
 * (muhurta-rules.ts), Rahu kalam, Yamaganda, Gulika kalam and Vishti karana left out, and
 * neighbouring pieces judged alike joined into windows.
 *
 * Everything comes from the panchang engine (src/astro/panchang/: the day, its limbs with their
 * ends, the kalams) and the planetary hours (planetary-hours.ts); the Moon's sign changes from the
 * gochara's sign stays. The search covers the daytime, sunrise to sunset, where the kalams and
 * the day's horas are defined. A date on which the Sun does not rise or set at the place (polar
 * day or night) has no sunrise to reckon the day from: it is skipped and named in `skippedDates`.
 */
import type { AyanamsaName } from '../../ayanamsas.ts';
import { computePanchang } from '../../panchang/panchang.ts';
import type { CalendarDate } from '../../panchang/panchang-day.ts';
import { elementAt, type LimbElement } from '../../panchang/panchang-limbs.ts';
import { karanaName, NAKSHATRA_NAMES, pakshaOfTithi, tithiName, VARAS, YOGA_NAMES } from '../../panchang/panchang-names.ts';
import type { Period } from '../../panchang/panchang-periods.ts';
import { daylightHours, type PlanetaryHour } from '../../planetary-hours.ts';
import { GRAHAS, RASI_NAMES, signDistance, type GrahaId } from '../grahas.ts';
import { isFavourableHouse } from '../gochara/gochara-table.ts';
import { signStays, type SignStay } from '../gochara/sign-stays.ts';
import {
  BAD_YOGAS,
  BENEFIC_HORAS,
  DARK_FIXED_KARANAS,
  FACTOR_RANGE,
  isVishti,
  MALEFIC_HORAS,
  nakshatraClass,
  POINTS,
  PURPOSE_RULES,
  qualityOf,
  RIKTA_TITHIS,
  taraOf,
  TARAS,
  WORST_YOGAS,
  type MuhurtaPurpose,
} from './muhurta-rules.ts';

/** Windows shorter than half a ghati (12 minutes) are not offered. */
export const MIN_WINDOW_MINUTES = 12;

export interface NatalMoon {
  /** 0 (Ashwini) to 26. */
  nakshatra: number;
  /** 0 (Aries) to 11. */
  sign: number;
}

export interface MuhurtaSearch {
  purpose: MuhurtaPurpose;
  dates: readonly CalendarDate[];
  zone: string;
  lat: number;
  lng: number;
  ayanamsa: AyanamsaName;
  natalMoon: NatalMoon | undefined;
}

export interface Factor {
  points: number;
  /** What the factor says in words. */
  text: string;
  /** Whether it is a reason (good) or a warning (bad); neutral factors are neither. */
  tone: 'reason' | 'warning' | 'neutral';
}

export interface SourcePeriod {
  kind: 'tithi' | 'nakshatra' | 'yoga' | 'karana' | 'hora' | 'abhijit_muhurta';
  name: string;
  start: number;
  end: number;
}

export interface MuhurtaWindow {
  date: CalendarDate;
  start: number;
  end: number;
  score: number;
  quality: ReturnType<typeof qualityOf>;
  factors: {
    tithi: Factor & { number: number; name: string; paksha: 'Shukla' | 'Krishna' };
    nakshatra: Factor & { number: number; name: string; class: string };
    yoga: Factor & { number: number; name: string };
    karana: Factor & { number: number; name: string };
    weekday: Factor & { number: number; name: string };
    hora: Factor & { lord: GrahaId };
    abhijit: Factor & { within: boolean };
    taraBala: (Factor & { tara: number; name: string }) | undefined;
    chandraBala: (Factor & { house: number; moonSign: number }) | undefined;
  };
  sourcePeriods: SourcePeriod[];
}

export interface MuhurtaResult {
  windows: MuhurtaWindow[];
  /** Dates skipped because the Sun does not rise or set there (polar day or night). */
  skippedDates: CalendarDate[];
  /** How many dates were searched. */
  datesSearched: number;
}

const PURPOSE_WORDS: Readonly<Record<MuhurtaPurpose, string>> = {
  general_work: 'general work',
  vehicle_purchase: 'buying a vehicle',
  property_purchase: 'buying property',
  griha_pravesh: 'entering a new house',
  namkaran: 'a naming ceremony',
  mundan: 'a first haircut',
  marriage: 'a marriage',
  travel: 'setting out on a journey',
};

const factor = (points: number, text: string): Factor => ({ points, text, tone: points > 0 ? 'reason' : points < 0 ? 'warning' : 'neutral' });
const inside = (p: Period, t: number) => p.start <= t && t < p.end;

function tithiFactor(purpose: MuhurtaPurpose, e: LimbElement) {
  const number = e.index + 1;
  const paksha = pakshaOfTithi(number);
  const inPaksha = ((number - 1) % 15) + 1;
  const name = tithiName(number);
  const rules = PURPOSE_RULES[purpose];
  const label = `${paksha} ${name}`;
  let f: Factor;
  if (number === 30) f = factor(POINTS.tithi.amavasya, `${label}: the new moon day is avoided for auspicious work`);
  else if (RIKTA_TITHIS.includes(inPaksha)) f = factor(POINTS.tithi.rikta, `${label} is a rikta (empty) tithi, avoided`);
  else if (rules.goodTithis.includes(inPaksha) && (!rules.shuklaOnly || paksha === 'Shukla'))
    f = factor(POINTS.tithi.good, `${label} is favoured for ${PURPOSE_WORDS[purpose]}`);
  else f = factor(POINTS.tithi.other, `${label}: neither favoured nor avoided`);
  return { ...f, number, name, paksha };
}

function nakshatraFactor(purpose: MuhurtaPurpose, e: LimbElement) {
  const name = NAKSHATRA_NAMES[e.index]!;
  const cls = nakshatraClass(e.index);
  let f: Factor;
  if (PURPOSE_RULES[purpose].nakshatras.includes(e.index)) f = factor(POINTS.nakshatra.purpose, `Nakshatra ${name} (${cls}) suits ${PURPOSE_WORDS[purpose]}`);
  else if (cls === 'ugra' || cls === 'tikshna')
    f = factor(POINTS.nakshatra.avoided, `Nakshatra ${name} is ${cls === 'ugra' ? 'fierce (ugra)' : 'sharp (tikshna)'}, avoided`);
  else f = factor(POINTS.nakshatra.other, `Nakshatra ${name} (${cls}) is not among those of ${PURPOSE_WORDS[purpose]}`);
  return { ...f, number: e.index + 1, name, class: cls };
}

function yogaFactor(e: LimbElement) {
  const name = YOGA_NAMES[e.index]!;
  let f: Factor;
  if (WORST_YOGAS.includes(e.index)) f = factor(POINTS.yoga.worst, `Yoga ${name} is wholly avoided`);
  else if (BAD_YOGAS.includes(e.index)) f = factor(POINTS.yoga.bad, `Yoga ${name} is inauspicious`);
  else f = factor(POINTS.yoga.good, `Yoga ${name} is auspicious`);
  return { ...f, number: e.index + 1, name };
}

function karanaFactor(e: LimbElement) {
  const number = e.index + 1;
  const name = karanaName(number);
  const f = DARK_FIXED_KARANAS.includes(number)
    ? factor(POINTS.karana.darkFixed, `Karana ${name}, a fixed karana of the dark end of the month`)
    : factor(POINTS.karana.good, `Karana ${name}`);
  return { ...f, number, name };
}

function weekdayFactor(purpose: MuhurtaPurpose, weekday: number) {
  const vara = VARAS[weekday]!;
  const rules = PURPOSE_RULES[purpose];
  const f = rules.goodWeekdays.includes(weekday)
    ? factor(POINTS.weekday.good, `${vara.english} (${vara.lord}'s day) is favoured`)
    : rules.badWeekdays.includes(weekday)
      ? factor(POINTS.weekday.bad, `${vara.english} (${vara.lord}'s day) is avoided for ${PURPOSE_WORDS[purpose]}`)
      : factor(POINTS.weekday.other, `${vara.english}: neither favoured nor avoided`);
  return { ...f, number: weekday + 1, name: vara.name };
}

function horaFactor(purpose: MuhurtaPurpose, lord: GrahaId) {
  const name = GRAHAS[lord].name;
  const f = PURPOSE_RULES[purpose].horas.includes(lord)
    ? factor(POINTS.hora.purpose, `Hora of ${name}, which suits ${PURPOSE_WORDS[purpose]}`)
    : BENEFIC_HORAS.includes(lord)
      ? factor(POINTS.hora.benefic, `Hora of ${name}, a benefic`)
      : MALEFIC_HORAS.includes(lord)
        ? factor(POINTS.hora.malefic, `Hora of ${name}, a malefic`)
        : factor(POINTS.hora.other, `Hora of ${name}`);
  return { ...f, lord };
}

function taraFactor(natal: NatalMoon, nakshatra: number) {
  const tara = taraOf(natal.nakshatra, nakshatra);
  const { name, good } = TARAS[tara - 1]!;
  const f = good
    ? factor(POINTS.taraBala.good, `Tara bala: ${name}, the ${tara}${ordinal(tara)} tara from the birth nakshatra`)
    : tara === 1
      ? factor(POINTS.taraBala.janma, `Tara bala: ${name}, the birth star's own tara`)
      : factor(POINTS.taraBala.bad, `Tara bala: ${name}, the ${tara}${ordinal(tara)} tara from the birth nakshatra, is adverse`);
  return { ...f, tara, name };
}

function chandraFactor(natal: NatalMoon, moonSign: number) {
  const house = signDistance(natal.sign, moonSign);
  const where = `the Moon in ${RASI_NAMES[moonSign]}, the ${house}${ordinal(house)} from the natal Moon`;
  const f = isFavourableHouse('moon', house)
    ? factor(POINTS.chandraBala.good, `Chandra bala: ${where}`)
    : house === 8
      ? factor(POINTS.chandraBala.eighth, `Chandrashtama: ${where}, is avoided`)
      : factor(POINTS.chandraBala.other, `No chandra bala: ${where}`);
  return { ...f, house, moonSign };
}

function ordinal(n: number): string {
  if (n % 100 >= 11 && n % 100 <= 13) return 'th';
  return ['th', 'st', 'nd', 'rd'][n % 10] ?? 'th';
}

/** The score's range: the sums of the lowest and highest points of the factors scored. */
export function scoreRange(natal: boolean): [number, number] {
  const ranges: (readonly [number, number])[] = [
    FACTOR_RANGE.tithi,
    FACTOR_RANGE.nakshatra,
    FACTOR_RANGE.weekday,
    FACTOR_RANGE.yoga,
    FACTOR_RANGE.karana,
    FACTOR_RANGE.hora,
    FACTOR_RANGE.abhijit,
    ...(natal ? [FACTOR_RANGE.taraBala, FACTOR_RANGE.chandraBala] : []),
  ];
  return [ranges.reduce((s, r) => s + r[0], 0), ranges.reduce((s, r) => s + r[1], 0)];
}

const stayAt = (stays: readonly SignStay[], t: number) => stays.find((s) => (s.start ?? -Infinity) <= t && t < (s.end ?? Infinity));

export function searchMuhurta(search: MuhurtaSearch): MuhurtaResult {
  const { purpose, natalMoon } = search;
  const [lowest, highest] = scoreRange(natalMoon !== undefined);
  const windows: MuhurtaWindow[] = [];
  const skippedDates: CalendarDate[] = [];
  let moonStays: SignStay[] | undefined;

  for (const date of search.dates) {
    const p = computePanchang(date, search.zone, search.lat, search.lng, search.ayanamsa);
    if (p.day.sunrise.fallback || p.day.sunset.fallback) {
      skippedDates.push(date);
      continue;
    }
    const sunrise = p.day.sunrise.jdUt,
      sunset = p.day.sunset.jdUt;
    // The Moon's sign changes over the whole range, found once (they are the same function of time every day).
    moonStays ??= signStays('moon', sunrise - 1, sunrise + search.dates.length + 1, search.ayanamsa);
    const horas: PlanetaryHour[] = daylightHours(sunrise, sunset, p.weekday);
    const excluded: { period: Period; name: string }[] = [
      { period: p.periods.rahuKalam, name: 'Rahu kalam' },
      { period: p.periods.yamaganda, name: 'Yamaganda' },
      { period: p.periods.gulikaKalam, name: 'Gulika kalam' },
    ];
    const cuts = new Set<number>([sunrise, sunset]);
    const addCut = (t: number | undefined) => {
      if (t !== undefined && t > sunrise && t < sunset) cuts.add(t);
    };
    const addSpan = (span: { start: number | undefined; end: number | undefined }) => {
      addCut(span.start);
      addCut(span.end);
    };
    for (const limb of [p.limbs.tithi, p.limbs.nakshatra, p.limbs.yoga, p.limbs.karana]) for (const e of limb) addSpan(e);
    for (const { period } of excluded) addSpan(period);
    for (const h of horas) addSpan(h);
    addSpan(p.periods.abhijitMuhurta);
    for (const s of moonStays) addSpan(s);
    const times = [...cuts].sort((a, b) => a - b);

    let open: { start: number; end: number; key: string; window: MuhurtaWindow } | undefined;
    const close = () => {
      if (open && (open.end - open.start) * 1440 >= MIN_WINDOW_MINUTES - 1e-6) windows.push({ ...open.window, start: open.start, end: open.end });
      open = undefined;
    };
    for (let i = 0; i + 1 < times.length; i++) {
      const t0 = times[i]!,
        t1 = times[i + 1]!;
      const mid = (t0 + t1) / 2;
      const tithi = elementAt(p.limbs.tithi, mid)!,
        nakshatra = elementAt(p.limbs.nakshatra, mid)!,
        yoga = elementAt(p.limbs.yoga, mid)!,
        karana = elementAt(p.limbs.karana, mid)!;
      if (excluded.some((x) => inside(x.period, mid)) || isVishti(karana.index + 1)) {
        close();
        continue;
      }
      const hora = horas.find((h) => h.start <= mid && mid < h.end) ?? horas[horas.length - 1]!;
      const inAbhijit = inside(p.periods.abhijitMuhurta, mid);
      const moonSign = stayAt(moonStays, mid)!.signIndex;
      const key = [tithi.index, nakshatra.index, yoga.index, karana.index, hora.ruler, inAbhijit, moonSign].join('/');
      if (open && open.key === key && open.end === t0) {
        open.end = t1;
        continue;
      }
      close();
      const factors: MuhurtaWindow['factors'] = {
        tithi: tithiFactor(purpose, tithi),
        nakshatra: nakshatraFactor(purpose, nakshatra),
        yoga: yogaFactor(yoga),
        karana: karanaFactor(karana),
        weekday: weekdayFactor(purpose, p.weekday),
        hora: horaFactor(purpose, hora.ruler),
        // Tradition does not use Abhijit on a Wednesday.
        abhijit: inAbhijit
          ? p.weekday === 3
            ? { ...factor(POINTS.abhijit.out, 'Abhijit muhurta, which is not used on a Wednesday'), within: true }
            : { ...factor(POINTS.abhijit.in, 'Within Abhijit muhurta, the midday muhurta that mends many faults'), within: true }
          : { ...factor(POINTS.abhijit.out, 'Outside Abhijit muhurta'), within: false },
        taraBala: natalMoon ? taraFactor(natalMoon, nakshatra.index) : undefined,
        chandraBala: natalMoon ? chandraFactor(natalMoon, moonSign) : undefined,
      };
      const raw = Object.values(factors).reduce((s, f) => s + (f?.points ?? 0), 0);
      const score = Math.round((100 * (raw - lowest)) / (highest - lowest));
      const sourcePeriods: SourcePeriod[] = [
        { kind: 'tithi', name: `${factors.tithi.paksha} ${factors.tithi.name}`, start: tithi.start, end: tithi.end },
        { kind: 'nakshatra', name: factors.nakshatra.name, start: nakshatra.start, end: nakshatra.end },
        { kind: 'yoga', name: factors.yoga.name, start: yoga.start, end: yoga.end },
        { kind: 'karana', name: factors.karana.name, start: karana.start, end: karana.end },
        { kind: 'hora', name: GRAHAS[hora.ruler].name, start: hora.start, end: hora.end },
        ...(inAbhijit ? [{ kind: 'abhijit_muhurta' as const, name: 'Abhijit', start: p.periods.abhijitMuhurta.start, end: p.periods.abhijitMuhurta.end }] : []),
      ];
      open = { start: t0, end: t1, key, window: { date, start: t0, end: t1, score, quality: qualityOf(score), factors, sourcePeriods } };
    }
    close();
  }
  return { windows, skippedDates, datesSearched: search.dates.length };
}
