/**
 * The `sade_sati` block: Saturn's transit around the natal Moon at a date (Sade Sati and Dhaiya),
 * with the exact starts and ends of the phases. The v2 chart carries the status; the doshas answer
 * adds every cycle and Dhaiya period of the life.
 */
import { z } from 'zod/v4';
import { DHAIYA_KINDS, SADE_SATI_PHASES } from '../../../astro/vedic/doshas/sade-sati.ts';

const instant = (what: string) => z.string().describe(`${what}, UTC (ISO 8601 with Z), to the second`);
const signName = z.string().describe('Sign name in English: Aries … Pisces');
const signId = z.number().int().min(1).max(12).describe('Sign number, 1 (Aries) to 12 (Pisces)');

const stay = z
  .object({ start: instant("Saturn's ingress into the sign"), end: instant("Saturn's ingress out of it") })
  .describe('One stay of Saturn in the sign, from ingress to ingress (a retrograde Saturn may leave and re-enter: several stays)');

export const sadeSatiPhaseSchema = z.object({
  phase: z.enum(SADE_SATI_PHASES).describe('rising (Saturn in the 12th sign from the Moon), peak (in the Moon sign), setting (in the 2nd)'),
  sign: signName,
  sign_id: signId,
  start: instant("The phase's start: Saturn's first ingress into its sign"),
  end: instant("The phase's end: Saturn's last ingress out of its sign"),
  stays: z.array(stay).describe("Saturn's stays in the sign during the phase"),
});

export const sadeSatiCycleSchema = z
  .object({
    start: instant('Start of the cycle: Saturn enters the 12th sign from the Moon'),
    end: instant('End of the cycle: Saturn leaves the 2nd sign from the Moon for the last time'),
    phases: z.array(sadeSatiPhaseSchema).describe('The phases in order (a cycle already running at the start of the range lists those it has)'),
  })
  .describe('One Sade Sati cycle');

export const dhaiyaPeriodSchema = z
  .object({
    kind: z.enum(DHAIYA_KINDS).describe('kantaka (Saturn in the 4th sign from the Moon) or ashtama (in the 8th)'),
    sign: signName,
    sign_id: signId,
    start: instant("Saturn's first ingress into the sign"),
    end: instant("Saturn's last ingress out of the sign"),
    stays: z.array(stay).describe("Saturn's stays in the sign"),
  })
  .describe('One Dhaiya (small panoti) period');

export const sadeSatiStatusSchema = z.object({
  active: z.boolean().describe('Saturn is in the 12th sign from the natal Moon, in its sign, or in the 2nd at the date'),
  phase: z.enum(SADE_SATI_PHASES).nullable().describe('The phase running: rising, peak or setting; null when none'),
  description: z.string().describe('The status in a sentence'),
  date: instant('The date the status is read at'),
  moon_sign: signName.describe("The natal Moon's sign, from which the houses are counted"),
  moon_sign_id: signId,
  saturn: z
    .object({
      sign: signName.describe("Saturn's sidereal sign at the date"),
      sign_id: signId,
      house_from_moon: z.number().int().min(1).max(12).describe("Saturn's sign counted from the Moon's sign, inclusively"),
      sign_entered: instant('When Saturn entered that sign (its last ingress before the date)'),
      sign_left: instant('When Saturn leaves it (its next ingress)'),
    })
    .describe('Saturn at the date'),
  current_cycle: sadeSatiCycleSchema.nullable().describe('The cycle the date lies in (between its first entry and last exit, gaps included); null when none'),
  next_cycle: sadeSatiCycleSchema.nullable().describe('The next cycle to start after the date'),
  dhaiya: z
    .object({
      active: z.boolean().describe('Saturn is in the 4th or the 8th sign from the Moon at the date'),
      kind: z.enum(DHAIYA_KINDS).nullable().describe('kantaka (4th, Kantaka or Ardhashtama Shani) or ashtama (8th, Ashtama Shani); null when none'),
      description: z.string().describe('The Dhaiya status in a sentence'),
      current: dhaiyaPeriodSchema.nullable().describe('The Dhaiya period the date lies in; null when none'),
      next: dhaiyaPeriodSchema.nullable().describe('The next Dhaiya period to start after the date'),
    })
    .describe('Dhaiya (small panoti): Saturn in the 4th or 8th sign from the Moon'),
});

export const sadeSatiFullSchema = sadeSatiStatusSchema.extend({
  cycles: z.array(sadeSatiCycleSchema).describe('Every Sade Sati cycle from birth to 100 years after it (and the ones around the date)'),
  dhaiya_periods: z.array(dhaiyaPeriodSchema).describe('Every Dhaiya period from birth to 100 years after it (and the ones around the date)'),
});

export type SadeSatiStatusJson = z.output<typeof sadeSatiStatusSchema>;
export type SadeSatiFullJson = z.output<typeof sadeSatiFullSchema>;
