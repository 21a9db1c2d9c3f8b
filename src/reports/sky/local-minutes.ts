/** Minutes of an untimed birth's local day, whose chart is cast for noon. */
export const DAY_MINUTES = 1440;
export const NOON = 720;

/** A minute of the local day as "HH:MM". */
export const minuteClock = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

/** "HH:MM" as a minute of the local day (minuteClock's inverse; "24:00" is the day's end). */
export const clockMinutes = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));
