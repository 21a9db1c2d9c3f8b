/**
 * From a validated request to an EphemerisPlan: the instants (start, step, row count), the
 * bodies and options, all plain data so that compute workers can produce any slice of rows.
 *
 * Steps in minutes and hours advance absolute time; steps in days advance the local calendar
 * date and keep the wall-clock time (so a daily row stays at 00:00 local across DST changes).
 */
import { resolveCivilTime, formatLocalIso, DEFAULT_DST_POLICY, type CivilTime, type DstPolicy } from '../../astro/civil-time.ts';
import { zoneForwardJumps, zoneOffsetSeconds } from '../../astro/zone-offset-table.ts';
import { FIXED_STAR_PACK_NAMES, resolveStarPack } from '../../astro/fixed-stars.ts';
import type { ZodiacSetting } from '../../astro/ephemeris.ts';
import type { HouseSystemName } from '../../astro/house-systems.ts';
import { timeZoneAt } from '../../geo/time-zone-lookup.ts';
import { RequestFieldError } from '../../requests/request-error.ts';
import { isAutoZone, placeWarnings, requestedZone, resolvePlace } from '../../requests/place.ts';
import { DEFAULT_EPHEMERIS_BODIES, bodyDefinition, columnNames, resolveBodyName } from './body-names.ts';
import { STEP_PATTERN, type EphemerisRequest } from './ephemeris-schemas.ts';
import { civilAtOffsetMs, readIsoDateTime } from '../../astro/iso-date-time.ts';
import { EPHEMERIS_FIRST_DATE, EPHEMERIS_LAST_DATE, MAX_BUFFERED_ROWS, MAX_GRID_ROWS, MAX_STEP, MAX_STREAMED_ROWS } from './limits.ts';

export type EphemerisFormat = 'json' | 'table' | 'csv' | 'ndjson';

export interface EphemerisPlan {
  startUtcMs: number;
  /** For day steps: the local wall time of the first row. */
  startLocal: CivilTime;
  step: { n: number; unit: 'm' | 'h' | 'd' };
  /** For day steps: the days of the step (0 = the first row's) that the zone never had, ascending; they get no row. */
  skippedDays: number[];
  rowCount: number;
  single: boolean;
  zone: string;
  dstPolicy: DstPolicy;
  bodies: string[];
  /** The key of each body in rows, tables and CSV columns, in the order of `bodies` (body-names.ts columnNames). */
  columns: string[];
  zodiac: ZodiacSetting;
  houseSystem: HouseSystemName;
  place: { lat: number; lng: number; city: string | null; country?: string | null; state?: string | null } | null;
  includeHouses: boolean;
  includeAngles: boolean;
  includeSpeed: boolean;
  includeRetrograde: boolean;
  includeDignity: boolean;
  includeSignDegree: boolean;
  aspects: 'none' | 'major' | 'all';
  includeVoidOfCourse: boolean;
  fixedStars: string[];
  includeSiderealTime: boolean;
  format: EphemerisFormat;
  tableStyle: 'rows' | 'columns' | 'grid';
  cellFormat: 'parts' | 'text';
  signDisplay: 'abbr' | 'full';
  motionMarkers: boolean | null;
  chartLinks: boolean;
  meta: Record<string, unknown>;
}

const FIRST_MS = Date.parse(`${EPHEMERIS_FIRST_DATE}T00:00:00Z`);
const END_MS = Date.parse(`${EPHEMERIS_LAST_DATE}T00:00:00Z`) + 86_400_000;
const UNIT_MS = { m: 60_000, h: 3_600_000 } as const;

interface ParsedInstant {
  civil: CivilTime;
  offset?: number;
}

function parseInstant(text: string, field: string): ParsedInstant {
  // Any year here: the range of the data files is checked on the instant, with its own message.
  const reading = readIsoDateTime(text, { min: 0, max: 9999 });
  if (!reading.ok) throw new RequestFieldError(['body', field], `${text} ${reading.reason}`, 'value_error.datetime');
  const { civil, offsetSeconds } = reading.value;
  return offsetSeconds === undefined ? { civil } : { civil, offset: offsetSeconds };
}

function civilToUtc(p: ParsedInstant, zone: string, policy: DstPolicy, field: string): number {
  if (p.offset !== undefined) {
    return civilAtOffsetMs(p.civil, p.offset);
  }
  try {
    return resolveCivilTime(p.civil, zone, policy).utcMs;
  } catch (error) {
    throw new RequestFieldError(['body', field === 'start' ? 'dst_policy' : field], (error as Error).message, 'value_error.dst');
  }
}

function localCivil(utcMs: number, zone: string): CivilTime {
  const offset = zoneOffsetSeconds(zone, utcMs);
  const d = new Date(utcMs + offset * 1000);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds() + d.getUTCMilliseconds() / 1000,
  };
}

const DAY_MS = 86_400_000;

const jumpsByZone = new Map<string, ReturnType<typeof zoneForwardJumps>>();

/** A zone's forward jumps of a whole day over the ephemeris's range, found once per zone. */
function wholeDayJumps(zone: string) {
  let jumps = jumpsByZone.get(zone);
  if (!jumps) {
    if (jumpsByZone.size > 500) jumpsByZone.clear();
    jumps = zoneForwardJumps(zone, FIRST_MS, END_MS, 86_400);
    jumpsByZone.set(zone, jumps);
  }
  return jumps;
}

/**
 * The days of a day step (0 = the first row's, 1 = the next step's...) that fall on local
 * calendar days the zone never had: its clock jumped forward by a whole day (Pacific/Apia went
 * from 29 to 31 December 2011, Pacific/Kiritimati from 30 December 1994 to 1 January 1995).
 */
function skippedDaysOf(startLocal: CivilTime, n: number, zone: string, fromMs: number, toMs: number): number[] {
  // Such jumps move a zone across the date line, where offsets are large. Looking for them costs
  // the time-zone data about 50 ms per zone (once), so it is done only where the offset at
  // either end is 9 h or more from UTC, or grew by 20 h or more between them (Kwajalein went
  // back 23 h in 1969 and forward 24 h in 1993).
  const [first, last] = [zoneOffsetSeconds(zone, fromMs), zoneOffsetSeconds(zone, toMs)];
  if (Math.max(Math.abs(first), Math.abs(last)) < 9 * 3600 && last - first < 20 * 3600) return [];
  const firstDay = Date.UTC(startLocal.year, startLocal.month - 1, startLocal.day);
  const skipped: number[] = [];
  for (const change of wholeDayJumps(zone)) {
    if (change.atMs <= fromMs || change.atMs > toMs) continue;
    // The wall clock (as UTC milliseconds) jumped from `from` to `to`: days wholly between never were.
    const from = change.atMs + change.before * 1000;
    const to = change.atMs + change.after * 1000;
    for (let day = Math.ceil(from / DAY_MS) * DAY_MS; day + DAY_MS <= to; day += DAY_MS) {
      const days = (day - firstDay) / DAY_MS;
      if (days > 0 && days % n === 0) skipped.push(days / n);
    }
  }
  return skipped;
}

/** UTC instant of row `i` of the plan. */
export function rowInstant(plan: Pick<EphemerisPlan, 'startUtcMs' | 'startLocal' | 'step' | 'skippedDays' | 'zone' | 'dstPolicy'>, i: number): number {
  if (plan.step.unit !== 'd') return plan.startUtcMs + i * plan.step.n * UNIT_MS[plan.step.unit];
  let stepDay = i;
  for (const skipped of plan.skippedDays) {
    if (skipped > stepDay) break;
    stepDay++;
  }
  const s = plan.startLocal;
  const date = new Date(Date.UTC(s.year, s.month - 1, s.day + stepDay * plan.step.n));
  // Away from clock changes the wall time has one reading; near one, resolve it exactly.
  const wall = date.getTime() + (s.hour * 3600 + s.minute * 60 + s.second) * 1000;
  const before = zoneOffsetSeconds(plan.zone, wall - 36 * 3_600_000);
  if (before === zoneOffsetSeconds(plan.zone, wall + 36 * 3_600_000)) return wall - before * 1000;
  return resolveCivilTime(
    { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate(), hour: s.hour, minute: s.minute, second: s.second },
    plan.zone,
    plan.dstPolicy === 'reject' ? DEFAULT_DST_POLICY : plan.dstPolicy,
  ).utcMs;
}

function countRows(
  startUtcMs: number,
  startLocal: CivilTime,
  endUtcMs: number,
  step: EphemerisPlan['step'],
  skippedDays: number[],
  zone: string,
  policy: DstPolicy,
): number {
  if (step.unit !== 'd') return Math.floor((endUtcMs - startUtcMs) / (step.n * UNIT_MS[step.unit])) + 1;
  const endLocal = localCivil(endUtcMs, zone);
  const days = (Date.UTC(endLocal.year, endLocal.month - 1, endLocal.day) - Date.UTC(startLocal.year, startLocal.month - 1, startLocal.day)) / DAY_MS;
  const stepDays = Math.floor(days / step.n) + 1;
  let count = stepDays - skippedDays.filter((d) => d < stepDays).length;
  const plan = { startUtcMs, startLocal, step, skippedDays, zone, dstPolicy: policy };
  while (count > 1 && rowInstant(plan, count - 1) > endUtcMs) count--;
  return count;
}

/**
 * `meta.bodies`: the keys of `data[].bodies`, in order (clients filter rows by these names).
 * `body_aliases`: each requested name that is not its column's name (other than by case), with
 * the column it became; `body_definitions`: what the lunar-point columns are.
 */
function bodyNamesMeta(requested: readonly string[], bodies: readonly string[], columns: readonly string[]) {
  const aliases: Record<string, string> = {};
  for (const name of requested) {
    const column = columns[bodies.indexOf(resolveBodyName(name)!)]!;
    if (
      column.toLowerCase() !==
      name
        .trim()
        .toLowerCase()
        .replace(/[\s-]+/g, '_')
    )
      aliases[name] = column;
  }
  const definitions = Object.fromEntries(
    bodies.flatMap((id, i) => {
      const definition = bodyDefinition(id);
      return definition ? [[columns[i]!, definition]] : [];
    }),
  );
  return {
    bodies: [...columns],
    ...(Object.keys(aliases).length ? { body_aliases: aliases } : {}),
    ...(Object.keys(definitions).length ? { body_definitions: definitions } : {}),
  };
}

/**
 * The format a request asks for through `format` or its alias `response_mode` (undefined when it
 * sends neither). Sent together, a format named in one wins over `json`, the default, in the
 * other (a client library may fill it in), and two other different formats are refused, since
 * which one the client meant cannot be told.
 */
export function requestedFormat(fields: {
  format?: EphemerisFormat | null | undefined;
  response_mode?: EphemerisFormat | null | undefined;
}): EphemerisFormat | undefined {
  const format = fields.format ?? undefined;
  const mode = fields.response_mode ?? undefined;
  if (mode === undefined || mode === format || mode === 'json') return format ?? mode;
  if (format === undefined || format === 'json') return mode;
  throw new RequestFieldError(
    ['body', 'response_mode'],
    `format '${format}' and response_mode '${mode}' ask for different formats; send one of them`,
    'value_error.conflict',
  );
}

export function buildEphemerisPlan(request: EphemerisRequest): EphemerisPlan {
  const format: EphemerisFormat = requestedFormat(request) ?? 'json';
  const hasPlace = (request.lat !== undefined && request.lat !== null) || (request.lng !== undefined && request.lng !== null) || !!request.city;
  const place = hasPlace
    ? resolvePlace({ city: request.city ?? undefined, country: request.country ?? undefined, lat: request.lat ?? undefined, lng: request.lng ?? undefined }, [
        'body',
      ])
    : null;
  const { tz } = requestedZone(request, ['body']);
  // AUTO (the default): the zone of the place, or UTC without one.
  const zone = isAutoZone(tz) ? (place ? timeZoneAt(place.lat, place.lng) : 'UTC') : tz!;
  const dstPolicy = request.dst_policy ?? DEFAULT_DST_POLICY;

  const stepMatch = STEP_PATTERN.exec(request.step)!;
  const step = { n: Number(stepMatch[1]), unit: stepMatch[2] as 'm' | 'h' | 'd' };
  if (step.n < 1 || step.n > MAX_STEP[step.unit])
    throw new RequestFieldError(['body', 'step'], `step must be between 1${step.unit} and ${MAX_STEP[step.unit]}${step.unit}`, 'value_error.step');

  const start = parseInstant(request.start, 'start');
  const startUtcMs = civilToUtc(start, zone, dstPolicy, 'start');
  // Day steps keep the start's wall time, as asked. A start on a day the zone never had keeps
  // what it resolved to instead, so that its row is not the next day's too.
  const resolvedLocal = localCivil(startUtcMs, zone);
  const sameDay = start.civil.year === resolvedLocal.year && start.civil.month === resolvedLocal.month && start.civil.day === resolvedLocal.day;
  const startLocal = start.offset === undefined && sameDay ? start.civil : resolvedLocal;
  let rowCount = 1;
  let endUtcMs = startUtcMs;
  let skippedDays: number[] = [];
  if (request.end) {
    const end = parseInstant(request.end, 'end');
    // A bare end date means the whole of that day.
    const wholeDay = !/[T ]/.test(request.end);
    endUtcMs = civilToUtc(wholeDay ? { civil: { ...end.civil, hour: 23, minute: 59, second: 59.999 } } : end, zone, dstPolicy, 'end');
    if (endUtcMs < startUtcMs) throw new RequestFieldError(['body', 'end'], 'end must not precede start', 'value_error.range');
  }
  // The field named is the one out of range: `start` when it is (with or without an end).
  const startOutside = startUtcMs < FIRST_MS || startUtcMs >= END_MS;
  if (startOutside || endUtcMs >= END_MS) {
    throw new RequestFieldError(
      ['body', startOutside ? 'start' : 'end'],
      `the ephemeris covers ${EPHEMERIS_FIRST_DATE} to ${EPHEMERIS_LAST_DATE} (the range of its data files)`,
      'value_error.range',
    );
  }
  if (request.end) {
    if (step.unit === 'd') skippedDays = skippedDaysOf(startLocal, step.n, zone, startUtcMs, endUtcMs);
    rowCount = countRows(startUtcMs, startLocal, endUtcMs, step, skippedDays, zone, dstPolicy);
  }
  const streamed = format === 'csv' || format === 'ndjson';
  if (!streamed && rowCount > MAX_BUFFERED_ROWS) {
    throw new RequestFieldError(
      ['body', 'end'],
      `${rowCount} rows exceed the ${MAX_BUFFERED_ROWS} rows of a ${format} response; use format=csv or format=ndjson (streamed, up to ${MAX_STREAMED_ROWS} rows), or a larger step`,
      'value_error.too_many_rows',
    );
  }
  if (format === 'table' && request.table_style === 'grid' && rowCount > MAX_GRID_ROWS) {
    throw new RequestFieldError(
      ['body', 'table_style'],
      `a grid table holds at most ${MAX_GRID_ROWS} rows (${rowCount} requested)`,
      'value_error.too_many_rows',
    );
  }
  if (streamed && rowCount > MAX_STREAMED_ROWS) {
    throw new RequestFieldError(
      ['body', 'end'],
      `${rowCount} rows exceed the ${MAX_STREAMED_ROWS} rows of one export; split the range`,
      'value_error.too_many_rows',
    );
  }

  const stars = new Set<string>();
  if (request.include_fixed_stars || request.fixed_stars?.length || request.fixed_star_packs?.length) {
    for (const name of request.fixed_stars ?? []) stars.add(name.trim());
    request.fixed_star_packs?.forEach((pack, i) => {
      const members = resolveStarPack(pack);
      if (!members)
        throw new RequestFieldError(
          ['body', 'fixed_star_packs', i],
          `unknown fixed star pack '${pack}'; one of: ${FIXED_STAR_PACK_NAMES.join(', ')}`,
          'value_error.enum',
        );
      members.forEach((m) => stars.add(m));
    });
    if (stars.size === 0) resolveStarPack('royal_4')!.forEach((m) => stars.add(m));
  }

  const bodies = [...new Set((request.bodies ?? []).map((b) => resolveBodyName(b)!))];
  const zodiac: ZodiacSetting =
    request.zodiac_type === 'sidereal' ? { type: 'sidereal', ayanamsa: request.sidereal_ayanamsa ?? 'lahiri' } : { type: 'tropical' };
  const plan: EphemerisPlan = {
    startUtcMs,
    startLocal,
    step,
    skippedDays,
    rowCount,
    single: !request.end,
    zone,
    dstPolicy,
    bodies: bodies.length ? bodies : DEFAULT_EPHEMERIS_BODIES,
    columns: columnNames(bodies.length ? bodies : DEFAULT_EPHEMERIS_BODIES),
    zodiac,
    houseSystem: request.house_system,
    place: place
      ? { lat: place.lat, lng: place.lng, city: place.city, ...(place.source === 'gazetteer' ? { country: place.country, state: place.region ?? null } : {}) }
      : null,
    // Houses and angles come with a place unless explicitly turned off.
    includeHouses: place !== null && (request.include_houses ?? true),
    includeAngles: place !== null && (request.include_angles ?? true),
    includeSpeed: request.include_speed,
    includeRetrograde: request.include_retrograde,
    includeDignity: request.include_dignity,
    includeSignDegree: request.include_sign_degree,
    aspects: request.include_minor_aspects ? 'all' : request.include_aspects ? 'major' : 'none',
    includeVoidOfCourse: request.include_moon_void_of_course,
    fixedStars: [...stars],
    includeSiderealTime: request.include_sidereal_time ?? format === 'table',
    format,
    tableStyle: request.table_style,
    cellFormat: request.cell_format ?? (request.table_style === 'grid' ? 'text' : 'parts'),
    signDisplay: request.sign_display ?? 'abbr',
    motionMarkers: request.show_motion_markers ?? null,
    chartLinks: request.include_chart_links,
    meta: {},
  };
  if ((request.include_houses || request.include_angles) && !place) {
    throw new RequestFieldError(['body', 'lat'], 'houses and angles need a place: send lat and lng, or city', 'missing');
  }
  const lastRowMs = request.end ? rowInstant(plan, rowCount - 1) : null;
  plan.meta = {
    start: formatLocalIso(startUtcMs, zoneOffsetSeconds(zone, startUtcMs)),
    end: lastRowMs === null ? null : formatLocalIso(lastRowMs, zoneOffsetSeconds(zone, lastRowMs)),
    step: request.step,
    rows: rowCount,
    timezone: zone,
    zodiac_type: zodiac.type,
    sidereal_ayanamsa: zodiac.type === 'sidereal' ? zodiac.ayanamsa : null,
    house_system: plan.includeHouses || plan.includeAngles ? request.house_system : null,
    location: plan.place,
    format,
    dst_policy: dstPolicy,
    ...bodyNamesMeta(request.bodies ?? [], plan.bodies, plan.columns),
  };
  const warnings = placeWarnings(place);
  if (warnings.length) plan.meta.warnings = warnings;
  return plan;
}
