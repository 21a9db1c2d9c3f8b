/** Ephemeris tasks for the compute pool: a whole buffered response, or one chunk of an export. */
import { computeRow, type VoidLookup } from './rows.ts';
import { csvHeader, csvLine, ndjsonLine, rowJson, tableOf } from './formats.ts';
import type { EphemerisPlan } from './plan.ts';
import { engineInfo } from '../../astro/ephemeris.ts';

function voidLookup(_plan: EphemerisPlan, _fromIndex: number, _toIndex: number): VoidLookup | undefined {
  return undefined;
}

function metaOf(plan: EphemerisPlan) {
  const engine = engineInfo();
  return {
    ...plan.meta,
    bodies: plan.bodies,
    provenance: { engine: engine.engine, engine_version: engine.version, ephemeris: { mode: 'swiss_ephemeris_files', files: engine.files, files_range: engine.files_range }, frame: 'geocentric apparent ecliptic of date', tz_database: `IANA ${process.versions.tz ?? 'unknown'}` },
  };
}

/** A buffered `json` or `table` response (at most MAX_BUFFERED_ROWS rows). */
export function computeEphemeris(plan: EphemerisPlan) {
  const voidAt = voidLookup(plan, 0, plan.rowCount);
  const rows = Array.from({ length: plan.rowCount }, (_, i) => computeRow(plan, i, voidAt));
  const meta = metaOf(plan);
  if (plan.format === 'table') return { meta, table: tableOf(plan, rows) };
  const data = rows.map(rowJson);
  return { meta, data: plan.single ? data[0] : data };
}

/** Rows [from, to) of a streamed export, serialised as CSV (with the header on the first chunk) or NDJSON. */
export function computeEphemerisChunk({ plan, from, to }: { plan: EphemerisPlan; from: number; to: number }): string {
  const voidAt = voidLookup(plan, from, to);
  let text = plan.format === 'csv' && from === 0 ? csvHeader(plan) : '';
  for (let i = from; i < to; i++) {
    const row = computeRow(plan, i, voidAt);
    text += plan.format === 'csv' ? csvLine(plan, row) : ndjsonLine(row);
  }
  return text;
}
