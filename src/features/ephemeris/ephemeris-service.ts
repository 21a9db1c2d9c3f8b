/** Ephemeris tasks for the compute pool: a whole buffered response, or one chunk of an export. */
import { computeRow, type VoidLookup } from './rows.ts';
import { csvHeader, ndjsonLine, rowJson, tableOf } from './ephemeris-formats.ts';
import { csvChunkBytes } from './ephemeris-csv.ts';
import type { EphemerisPlan } from './plan.ts';
import { engineInfo } from '../../astro/ephemeris.ts';
import { voidOfCoursePeriods, type VoidOfCoursePeriod } from '../../astro/events/index.ts';
import { julianDayFromUtcMs, utcMsFromJulianDay } from '../../astro/civil-time.ts';
import { rowInstant } from './plan.ts';
import { MAX_BUFFERED_BYTES } from './limits.ts';
import { RequestFieldError } from '../../requests/request-error.ts';

/** Void-of-course periods overlapping rows [from, to), and the per-row lookup into them. */
function voidPeriodsOf(plan: EphemerisPlan, from: number, to: number): VoidOfCoursePeriod[] {
  return voidOfCoursePeriods(julianDayFromUtcMs(rowInstant(plan, from)), julianDayFromUtcMs(rowInstant(plan, to - 1)) + 1e-6, { zodiac: plan.zodiac });
}

function voidLookup(plan: EphemerisPlan, from: number, to: number): { lookup?: VoidLookup; periods: VoidOfCoursePeriod[] } {
  if (!plan.includeVoidOfCourse || to <= from) return { periods: [] };
  const periods = voidPeriodsOf(plan, from, to);
  const lookup: VoidLookup = (utcMs) => {
    const jd = julianDayFromUtcMs(utcMs);
    const p = periods.find((v) => v.start <= jd && jd < v.end);
    return p ? { is_void: true, until: isoOfJd(p.end), next_sign: p.next_sign } : { is_void: false, until: null, next_sign: null };
  };
  return { lookup, periods };
}

const isoOfJd = (jd: number) => new Date(Math.round(utcMsFromJulianDay(jd))).toISOString();

/** A void-of-course period as the response lists it. */
function periodJson(p: VoidOfCoursePeriod) {
  return {
    start_utc: isoOfJd(p.start),
    end_utc: isoOfJd(p.end),
    moon_sign: p.moon_sign,
    next_sign: p.next_sign,
    last_aspect: p.last_aspect ? { body: p.last_aspect.body, aspect: p.last_aspect.aspect, exact_utc: isoOfJd(p.last_aspect.jdUt) } : null,
  };
}

function metaOf(plan: EphemerisPlan) {
  const engine = engineInfo();
  return {
    ...plan.meta,
    provenance: {
      engine: engine.engine,
      engine_version: engine.version,
      ephemeris: { mode: 'swiss_ephemeris_files', files: engine.files, files_range: engine.files_range },
      frame: 'geocentric apparent ecliptic of date',
      tz_database: `IANA ${process.versions.tz ?? 'unknown'}`,
    },
  };
}

function tooLarge(bytes: number): RequestFieldError {
  const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
  return new RequestFieldError(
    ['body', 'format'],
    `the response would be about ${mb(bytes)} MB, over the ${mb(MAX_BUFFERED_BYTES)} MB of a buffered (json or table) response; use format=csv or format=ndjson (streamed), fewer rows, or fewer bodies and options`,
    'value_error.response_too_large',
  );
}

/**
 * A buffered `json` or `table` response (at most MAX_BUFFERED_ROWS rows, MAX_BUFFERED_BYTES
 * bytes), as JSON text. Its size is foreseen from the first row before the others are computed,
 * and checked once the text is made.
 */
export function computeEphemeris(plan: EphemerisPlan): string {
  const voids = voidLookup(plan, 0, plan.rowCount);
  const first = computeRow(plan, 0, voids.lookup);
  const foreseen = JSON.stringify(rowJson(first)).length * plan.rowCount;
  if (foreseen > MAX_BUFFERED_BYTES) throw tooLarge(foreseen);
  const rows = Array.from({ length: plan.rowCount }, (_, i) => (i === 0 ? first : computeRow(plan, i, voids.lookup)));
  const meta: Record<string, unknown> = metaOf(plan);
  const fellBack = rows.filter((r) => r.house_system !== undefined);
  if (fellBack.length) {
    meta.warnings = [
      ...((plan.meta.warnings as string[] | undefined) ?? []),
      `house system ${plan.houseSystem} cannot be computed at latitude ${plan.place!.lat} (inside the polar circle) for ${fellBack.length} of ${rows.length} rows; those rows use ${fellBack[0]!.house_system} houses and say so in house_system`,
    ];
  }
  const moonVoid = plan.includeVoidOfCourse ? { moon_void_of_course: voids.periods.map(periodJson) } : {};
  let text: string;
  if (plan.format === 'table') text = JSON.stringify({ meta, table: tableOf(plan, rows), ...moonVoid });
  else {
    const data = rows.map(rowJson);
    text = JSON.stringify({ meta, data: plan.single ? data[0] : data, ...moonVoid });
  }
  const bytes = Buffer.byteLength(text);
  if (bytes > MAX_BUFFERED_BYTES) throw tooLarge(bytes);
  return text;
}

/** Rows [from, to) of a streamed export, serialised as CSV (with the header on the first chunk) or NDJSON. */
export function computeEphemerisChunk({ plan, from, to }: { plan: EphemerisPlan; from: number; to: number }): string | Uint8Array {
  const voidAt = voidLookup(plan, from, to).lookup;
  if (plan.format === 'csv') return csvChunkBytes(plan, from, to, (i) => computeRow(plan, i, voidAt), from === 0 ? csvHeader(plan) : undefined);
  let text = '';
  for (let i = from; i < to; i++) text += ndjsonLine(computeRow(plan, i, voidAt));
  return text;
}
