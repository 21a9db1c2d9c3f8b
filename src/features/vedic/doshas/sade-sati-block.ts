/** The `sade_sati` block of the v2 chart and of the doshas answer, from the engine's reading (src/astro/vedic/doshas/sade-sati.ts). */
import { isoUtc, julianDayFromUtcMs, utcMsFromJulianDay } from '../../../astro/civil-time.ts';
import type { AyanamsaName } from '../../../astro/ayanamsas.ts';
import { SIGNS } from '../../../astro/zodiac.ts';
import { sadeSati, type DhaiyaPeriod, type SadeSatiCycle, type SadeSatiReading, type Span } from '../../../astro/vedic/doshas/sade-sati.ts';
import type { SadeSatiFullJson, SadeSatiStatusJson } from './sade-sati-schema.ts';

/** The span of life whose cycles the doshas answer lists. */
export const LIFE_YEARS = 100;

const iso = (jd: number) => isoUtc(Math.round(utcMsFromJulianDay(jd) / 1000) * 1000).replace('.000Z', 'Z');
const day = (jd: number) => iso(jd).slice(0, 10);
const signName = (i: number) => SIGNS[i]!.name;
const stays = (list: readonly Span[]) => list.map((s) => ({ start: iso(s.start), end: iso(s.end) }));

function cycleJson(c: SadeSatiCycle) {
  return {
    start: iso(c.start),
    end: iso(c.end),
    phases: c.phases.map((p) => ({ phase: p.phase, sign: signName(p.sign), sign_id: p.sign + 1, start: iso(p.start), end: iso(p.end), stays: stays(p.stays) })),
  };
}

function periodJson(d: DhaiyaPeriod) {
  return { kind: d.kind, sign: signName(d.sign), sign_id: d.sign + 1, start: iso(d.start), end: iso(d.end), stays: stays(d.stays) };
}

const PHASE_WORDS = {
  rising: 'the rising (first) phase of Sade Sati: Saturn in the 12th sign from the natal Moon',
  peak: "the peak (second) phase of Sade Sati: Saturn over the natal Moon's own sign",
  setting: 'the setting (last) phase of Sade Sati: Saturn in the 2nd sign from the natal Moon',
} as const;

function sadeSatiWords(r: SadeSatiReading): string {
  const { status } = r;
  const saturnIn = `Saturn is in ${signName(status.saturnSign)}, the ${ordinal(status.houseFromMoon)} sign from the Moon in ${signName(r.moonSign)}`;
  if (status.phase) {
    const c = r.currentCycle;
    return `${saturnIn}: ${PHASE_WORDS[status.phase]}. This cycle runs from ${c ? day(c.start) : '?'} to ${c ? day(c.end) : '?'}.`;
  }
  if (r.currentCycle) {
    const back = r.currentCycle.phases.flatMap((p) => p.stays).find((s) => s.start > status.jdUt);
    return `${saturnIn}: Sade Sati is paused while a retrograde Saturn is outside its signs; it resumes on ${back ? day(back.start) : day(status.stay.end)} and the cycle ends on ${day(r.currentCycle.end)}.`;
  }
  return `${saturnIn}: no Sade Sati.${r.nextCycle ? ` The next begins on ${day(r.nextCycle.start)} and ends on ${day(r.nextCycle.end)}.` : ''}`;
}

function dhaiyaWords(r: SadeSatiReading): string {
  const k = r.status.dhaiya;
  if (k === 'kantaka') return `Kantaka Shani: Saturn in the 4th sign from the Moon, until ${day(r.currentDhaiya?.end ?? r.status.stay.end)}.`;
  if (k === 'ashtama') return `Ashtama Shani: Saturn in the 8th sign from the Moon, until ${day(r.currentDhaiya?.end ?? r.status.stay.end)}.`;
  const paused = r.currentDhaiya;
  if (paused) {
    const back = paused.stays.find((s) => s.start > r.status.jdUt);
    return `The ${paused.kind} Dhaiya is paused while a retrograde Saturn is outside its sign; it resumes on ${back ? day(back.start) : day(r.status.stay.end)} and ends on ${day(paused.end)}.`;
  }
  return `No Dhaiya.${r.nextDhaiya ? ` The next (${r.nextDhaiya.kind}) begins on ${day(r.nextDhaiya.start)}.` : ''}`;
}

const ordinal = (n: number) => `${n}${n === 1 ? 'st' : n === 2 ? 'nd' : n === 3 ? 'rd' : 'th'}`;

function statusJson(r: SadeSatiReading): SadeSatiStatusJson {
  const s = r.status;
  return {
    active: s.phase !== null,
    phase: s.phase,
    description: sadeSatiWords(r),
    date: iso(s.jdUt),
    moon_sign: signName(r.moonSign),
    moon_sign_id: r.moonSign + 1,
    saturn: {
      sign: signName(s.saturnSign),
      sign_id: s.saturnSign + 1,
      house_from_moon: s.houseFromMoon,
      sign_entered: iso(s.stay.start),
      sign_left: iso(s.stay.end),
    },
    current_cycle: r.currentCycle && cycleJson(r.currentCycle),
    next_cycle: r.nextCycle && cycleJson(r.nextCycle),
    dhaiya: {
      active: s.dhaiya !== null,
      kind: s.dhaiya,
      description: dhaiyaWords(r),
      current: r.currentDhaiya && periodJson(r.currentDhaiya),
      next: r.nextDhaiya && periodJson(r.nextDhaiya),
    },
  };
}

/** The status at `atMs` only (the v2 chart's block). */
export function sadeSatiStatusBlock(moonSign: number, atMs: number, ayanamsa: AyanamsaName): SadeSatiStatusJson {
  const jd = julianDayFromUtcMs(atMs);
  return statusJson(sadeSati(moonSign, jd, jd, jd, ayanamsa));
}

/** The status at `atMs` with every cycle and Dhaiya period of the life (birth to LIFE_YEARS after). */
export function sadeSatiFullBlock(moonSign: number, atMs: number, birthJd: number, ayanamsa: AyanamsaName): SadeSatiFullJson {
  const r = sadeSati(moonSign, julianDayFromUtcMs(atMs), birthJd, birthJd + LIFE_YEARS * 365.25, ayanamsa);
  return { ...statusJson(r), cycles: r.cycles.map(cycleJson), dhaiya_periods: r.dhaiyas.map(periodJson) };
}
