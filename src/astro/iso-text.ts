/**
 * ISO 8601 text of a time value (ms since 1970), written by arithmetic: what Date's UTC getters
 * and toISOString give, for the years 0 to 9999, at a fifth of the cost of making a Date and
 * padding each field (a natal answer writes two such texts). Other years, and time values a
 * Date would refuse, are left to the caller (undefined).
 */

/** "00" to "99". */
const TWO_DIGITS = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0'));
const DAY_MS = 86_400_000;
/** The time values of 0000-01-01T00:00:00Z and 10000-01-01T00:00:00Z. */
const FIRST_MS = -62_167_219_200_000;
const END_MS = 253_402_300_800_000;

/**
 * `YYYY-MM-DDTHH:MM:SS`, then `.mmm` when `milliseconds` is 'always', or 'when-not-zero' and
 * they are not. The time value is cut to whole milliseconds toward zero, as a Date cuts it.
 */
export function isoDateTimeText(timeValue: number, milliseconds: 'always' | 'when-not-zero'): string | undefined {
  const t = Math.trunc(timeValue);
  if (!(t >= FIRST_MS && t < END_MS)) return undefined;
  const days = Math.floor(t / DAY_MS);
  const dayMs = t - days * DAY_MS;
  // Days since 1970-01-01 to a Gregorian date, with years starting on 1 March (so that the leap
  // day is a year's last) in eras of 400 years (146,097 days).
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor((dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365);
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const shiftedMonth = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * shiftedMonth + 2) / 5) + 1;
  const month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);

  const seconds = Math.floor(dayMs / 1000);
  const ms = dayMs - seconds * 1000;
  const hour = Math.floor(seconds / 3600);
  const minute = Math.floor((seconds - hour * 3600) / 60);
  const second = seconds - hour * 3600 - minute * 60;
  const text = `${TWO_DIGITS[Math.floor(year / 100)]}${TWO_DIGITS[year % 100]}-${TWO_DIGITS[month]}-${TWO_DIGITS[day]}T${TWO_DIGITS[hour]}:${TWO_DIGITS[minute]}:${TWO_DIGITS[second]}`;
  if (ms === 0 && milliseconds === 'when-not-zero') return text;
  return `${text}.${ms < 100 ? (ms < 10 ? '00' : '0') : ''}${ms}`;
}
