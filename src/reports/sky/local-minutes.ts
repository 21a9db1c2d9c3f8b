/** Minutes of an untimed birth's local day, whose chart is cast for noon. */
export const DAY_MINUTES = 1440;
export const NOON = 720;

/** A minute of the local day as "HH:MM". */
export const minuteClock = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
