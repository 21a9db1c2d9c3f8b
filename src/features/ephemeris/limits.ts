/** Every bound of the ephemeris endpoints, in one place (documented in docs/api/ephemeris.md and OpenAPI). */

/**
 * The data files' range: rows outside it would silently fall back to a less precise theory. The
 * first day is left out: at 1800-01-01 00:00 the asteroids' light-time reaches back before the
 * asteroid file begins.
 */
export const EPHEMERIS_FIRST_DATE = '1800-01-02';
export const EPHEMERIS_LAST_DATE = '2399-12-31';

/** Rows of a buffered response (`json`, `table`): a day-by-day year, or a day minute by minute. */
export const MAX_BUFFERED_ROWS = 1500;
/** Bytes of a buffered response: 1,500 rows of every body with every option would be about 33 MB. */
export const MAX_BUFFERED_BYTES = 8 * 1024 * 1024;
/** Rows of a `grid` table (a month). */
export const MAX_GRID_ROWS = 31;
/** Rows of a streamed export (`csv`, `ndjson`): 200 years of hourly rows fit. */
export const MAX_STREAMED_ROWS = 2_000_000;

export const MAX_STEP = { m: 1440 * 31, h: 24 * 366, d: 3660 } as const;
export const MAX_BODIES = 25;
export const MAX_FIXED_STARS = 60;
/** Rows computed per worker task when streaming: large enough to amortise a task, small enough to bound memory. */
export const STREAM_CHUNK_ROWS = 1000;
