/**
 * Output formats of the ephemeris: buffered JSON and tables, and the streamed CSV and NDJSON
 * exports (each chunk of rows serialised on its own, so no export is ever held whole).
 */
import { positionCell } from './ephemeris-cells.ts';
import type { EphemerisPlan } from './plan.ts';
import type { EphemerisRow } from './rows.ts';

export function rowJson(row: EphemerisRow): Omit<EphemerisRow, 'raw' | 'starLons'> {
  const { raw: _raw, starLons: _starLons, ...rest } = row;
  return rest;
}

export function tableOf(plan: EphemerisPlan, rows: EphemerisRow[]) {
  const bodyColumns = plan.columns;
  const lead = ['Date', 'Weekday', ...(plan.includeSiderealTime ? ['Sid.t'] : [])];
  const leadCells = (r: EphemerisRow) => [r.local_timestamp, r.weekday, ...(plan.includeSiderealTime ? [r.sidereal_time!] : [])];
  const cells = (r: EphemerisRow) => plan.bodies.map((id) => positionCell(id, r.raw[id]!, plan));
  if (plan.tableStyle === 'columns') {
    return {
      style: 'columns',
      columns: ['Body', ...rows.map((r) => r.local_timestamp)],
      rows: plan.bodies.map((id, i) => [bodyColumns[i]!, ...rows.map((r) => positionCell(id, r.raw[id]!, plan))]),
    };
  }
  const table = { style: plan.tableStyle, columns: [...lead, ...bodyColumns], rows: rows.map((r) => [...leadCells(r), ...cells(r)]) };
  if (plan.tableStyle !== 'grid') return table;
  // A grid is meant to be printed: the same table as fixed-width lines, too.
  const textRows = [
    table.columns,
    ...table.rows.map((r) => r.map((c) => (typeof c === 'string' ? c : `${c.deg}°${String(c.min).padStart(2, '0')}' ${c.sign}${c.retrograde ? ' Rx' : ''}`))),
  ];
  const widths = table.columns.map((_, i) => Math.max(...textRows.map((r) => String(r[i]).length)));
  return {
    ...table,
    text: textRows.map((r) =>
      r
        .map((c, i) => String(c).padEnd(widths[i]!))
        .join('  ')
        .trimEnd(),
    ),
  };
}

const NEEDS_QUOTES = /[",\n\r]/;

/** A text as a CSV field: quoted, its quotes doubled, when it holds a quote, comma or line break. */
export function csvText(value: string): string {
  return NEEDS_QUOTES.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export function csvHeader(plan: EphemerisPlan): string {
  const columns = ['timestamp_utc', 'local_timestamp', 'weekday', 'julian_day'];
  if (plan.includeSiderealTime) columns.push('sidereal_time');
  for (const name of plan.columns) {
    columns.push(`${name}_lon`);
    if (plan.includeSignDegree) columns.push(`${name}_sign`, `${name}_deg`);
    if (plan.includeSpeed) columns.push(`${name}_speed`);
    if (plan.includeRetrograde) columns.push(`${name}_retrograde`);
    if (plan.includeDignity) columns.push(`${name}_dignity`);
  }
  if (plan.includeAngles) columns.push('asc', 'mc', 'vertex');
  if (plan.includeHouses) for (let h = 1; h <= 12; h++) columns.push(`house_${h}`);
  if (plan.includeHouses || plan.includeAngles) columns.push('house_system');
  if (plan.aspects !== 'none') columns.push('aspects');
  if (plan.includeVoidOfCourse) columns.push('moon_void', 'moon_void_until');
  for (const star of plan.fixedStars) columns.push(`${star.replace(/\s+/g, '_')}_lon`);
  columns.push('moon_phase', 'moon_phase_angle', 'moon_illumination');
  return `${columns.join(',')}\n`;
}

export function ndjsonLine(row: EphemerisRow): string {
  return `${JSON.stringify(rowJson(row))}\n`;
}
