/**
 * Output formats of the ephemeris: buffered JSON and tables, and the streamed CSV and NDJSON
 * exports (each chunk of rows serialised on its own, so no export is ever held whole).
 */
import { positionCell } from './cells.ts';
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
  const textRows = [table.columns, ...table.rows.map((r) => r.map((c) => (typeof c === 'string' ? c : `${c.deg}°${String(c.min).padStart(2, '0')}' ${c.sign}${c.retrograde ? ' Rx' : ''}`)))];
  const widths = table.columns.map((_, i) => Math.max(...textRows.map((r) => String(r[i]).length)));
  return { ...table, text: textRows.map((r) => r.map((c, i) => String(c).padEnd(widths[i]!)).join('  ').trimEnd()) };
}

const NEEDS_QUOTES = /[",\n\r]/;

/** A text as a CSV field: quoted, its quotes doubled, when it holds a quote, comma or line break. */
export function csvText(value: string): string {
  return NEEDS_QUOTES.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

function csvField(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') return String(value); // numbers and booleans never need quotes
  return csvText(value);
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

/** A row as a CSV line; the export writes the same bytes on the tape (csv-writer.ts), this is its reference. */
export function csvLine(plan: EphemerisPlan, row: EphemerisRow): string {
  const fields: unknown[] = [row.timestamp, row.local_timestamp, row.weekday, row.julian_day];
  if (plan.includeSiderealTime) fields.push(row.sidereal_time);
  for (const column of plan.columns) {
    const cell = row.bodies[column]!;
    fields.push(cell.abs_pos);
    if (plan.includeSignDegree) fields.push(cell.sign_id, cell.pos);
    if (plan.includeSpeed) fields.push(cell.speed);
    if (plan.includeRetrograde) fields.push(cell.retrograde);
    if (plan.includeDignity) fields.push(cell.dignity ?? '');
  }
  if (plan.includeAngles) fields.push(row.angles?.asc, row.angles?.mc, row.angles?.vertex);
  if (plan.includeHouses) for (let h = 0; h < 12; h++) fields.push(row.houses?.[h]?.abs_pos);
  if (plan.includeHouses || plan.includeAngles) fields.push(row.house_system ?? plan.houseSystem);
  if (plan.aspects !== 'none') fields.push(row.aspects!.map((a) => `${a.p1} ${a.type} ${a.p2} ${a.orb.toFixed(4)}`).join('; '));
  if (plan.includeVoidOfCourse) fields.push(row.moon_void_of_course?.is_void, row.moon_void_of_course?.until);
  for (let i = 0; i < plan.fixedStars.length; i++) fields.push(row.starLons?.[i]);
  const phase = row.astrology?.moon_phase;
  fields.push(phase?.label, phase?.angle, phase?.illumination);
  return `${fields.map(csvField).join(',')}\n`;
}

export function ndjsonLine(row: EphemerisRow): string {
  return `${JSON.stringify(rowJson(row))}\n`;
}
