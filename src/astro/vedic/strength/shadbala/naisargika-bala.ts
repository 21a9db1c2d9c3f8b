/**
 * Naisargika bala, natural strength (Parashara): fixed by the grahas' natural luminosity, in
 * sevenths of 60 virupas: Sun 7, Moon 6, Venus 5, Jupiter 4, Mercury 3, Mars 2, Saturn 1.
 */
import type { SevenGraha } from '../../grahas.ts';

const SEVENTHS: Readonly<Record<SevenGraha, number>> = { sun: 7, moon: 6, venus: 5, jupiter: 4, mercury: 3, mars: 2, saturn: 1 };

export const naisargikaBala = (graha: SevenGraha): number => (60 * SEVENTHS[graha]) / 7;
