/**
 * A muhurat window in the timing searches' shared core (src/answers/timing-core.ts): its window
 * in the place's zone and UTC, its quality on the shared scale, and its scored factors as
 * supporting (the `reasons`: points above zero) and caution (the `warnings`: below zero) factors,
 * heaviest first. A factor that scores nothing is in neither, as it is in neither list today.
 */
import { utcMsFromJulianDay } from '../../../astro/civil-time.ts';
import { GRAHAS } from '../../../astro/vedic/grahas.ts';
import type { MuhurtaWindow } from '../../../astro/vedic/muhurta/muhurta-search.ts';
import { timingWindowOf, type TimingBand, type TimingFactor, type TimingWindow } from '../../../answers/timing-core.ts';

/** The muhurat qualities on the shared scale: four of its seven bands, at the muhurat search's own floors (80, 65, 50). */
export const MUHURTA_BAND: Readonly<Record<'excellent' | 'good' | 'fair' | 'poor', TimingBand>> = {
  excellent: 'excellent',
  good: 'good',
  fair: 'moderate',
  poor: 'poor',
};

const heaviestFirst = (a: TimingFactor, b: TimingFactor) => Math.abs(b.points) - Math.abs(a.points) || a.code.localeCompare(b.code);

/** The window's factors with the codes and titles docs/api/vedic.md lists. */
function factorsOf(w: MuhurtaWindow): TimingFactor[] {
  const f = w.factors;
  const out: (TimingFactor | null)[] = [
    { code: 'tithi', title: `Tithi ${f.tithi.paksha} ${f.tithi.name}`, detail: f.tithi.text, points: f.tithi.points },
    { code: 'nakshatra', title: `Nakshatra ${f.nakshatra.name}`, detail: f.nakshatra.text, points: f.nakshatra.points },
    { code: 'yoga', title: `Yoga ${f.yoga.name}`, detail: f.yoga.text, points: f.yoga.points },
    { code: 'karana', title: `Karana ${f.karana.name}`, detail: f.karana.text, points: f.karana.points },
    { code: 'weekday', title: `${f.weekday.name}`, detail: f.weekday.text, points: f.weekday.points },
    { code: 'hora', title: `Hora of ${GRAHAS[f.hora.lord].name}`, detail: f.hora.text, points: f.hora.points },
    { code: 'abhijit_muhurta', title: f.abhijit.within ? 'Abhijit muhurta' : 'Outside Abhijit muhurta', detail: f.abhijit.text, points: f.abhijit.points },
    f.taraBala ? { code: 'tara_bala', title: `Tara bala: ${f.taraBala.name}`, detail: f.taraBala.text, points: f.taraBala.points } : null,
    f.chandraBala
      ? { code: 'chandra_bala', title: `Chandra bala: house ${f.chandraBala.house}`, detail: f.chandraBala.text, points: f.chandraBala.points }
      : null,
  ];
  return out.filter((x): x is TimingFactor => x !== null);
}

export function muhurtaCore(
  w: MuhurtaWindow,
  zone: string,
): { window: TimingWindow; quality_band: TimingBand; supporting_factors: TimingFactor[]; caution_factors: TimingFactor[] } {
  // To the second, as the window's local start and end are written.
  const ms = (jd: number) => Math.round(utcMsFromJulianDay(jd) / 1000) * 1000;
  const all = factorsOf(w);
  return {
    window: timingWindowOf(ms(w.start), ms(w.end), zone),
    quality_band: MUHURTA_BAND[w.quality],
    supporting_factors: all.filter((x) => x.points > 0).sort(heaviestFirst),
    caution_factors: all.filter((x) => x.points < 0).sort(heaviestFirst),
  };
}
