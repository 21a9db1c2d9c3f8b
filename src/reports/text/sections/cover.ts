/** The cover: who the report is for, the birth data as computed, and how sure the chart is. */
import type { ReportContext } from '../context.ts';
import { escapeMarkdown, joinAnd, table } from '../report-markdown.ts';
import { angleSignMargin } from '../chart-facts.ts';
import { section, type ReportSection } from '../section.ts';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** "12 May 1990, 14:30 (UTC+02:00)" from a local ISO datetime with its offset. */
export function localDateText(iso: string, timed: boolean): string {
  // The offset has seconds before 1900 or so, where a place kept its local mean time (+11:39:04).
  const m = /^(-?\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?(Z|[+-]\d{2}:\d{2}(?::\d{2})?)?$/.exec(iso);
  if (!m) return iso;
  const date = `${Number(m[3])} ${MONTHS[Number(m[2]) - 1]} ${m[1]}`;
  if (!timed) return `${date}, time unknown (the chart is cast for local noon)`;
  const offset = !m[6] || m[6] === 'Z' ? 'UTC' : `UTC${m[6]}`;
  return `${date}, ${m[4]}:${m[5]} (${offset})`;
}

const coordinate = (value: number, positive: string, negative: string) => `${Math.abs(value).toFixed(4)}° ${value >= 0 ? positive : negative}`;

export function coverSection(ctx: ReportContext): ReportSection {
  const { subject, confidence } = ctx.chart;
  const loc = subject.location;
  const settings = subject.settings;
  const place = [loc.city, loc.country]
    .filter((v): v is string => !!v)
    .map(escapeMarkdown)
    .join(', ');
  const houses = ctx.timed
    ? settings.house_system === settings.house_system_requested
      ? label(settings.house_system)
      : `${label(settings.house_system)} (${label(settings.house_system_requested)} was asked for)`
    : 'none (birth time unknown)';
  const rows = [
    ['Born', localDateText(subject.datetime, ctx.timed)],
    ['Universal time', `${subject.datetime_utc.replace('T', ' ').replace(/:\d{2}(\.\d+)?Z$/, ' UTC')}${ctx.timed ? '' : ' (the noon chart)'}`],
    ['Place', `${place ? `${place}, ` : ''}${coordinate(loc.lat, 'N', 'S')}, ${coordinate(loc.lng, 'E', 'W')}`],
    ['Time zone', escapeMarkdown(loc.timezone)],
    [
      'Zodiac',
      settings.zodiac_type === 'Sidereal' && settings.sidereal_ayanamsa ? `Sidereal (${label(settings.sidereal_ayanamsa)} ayanamsa)` : settings.zodiac_type,
    ],
    ['Houses', houses],
    ['Confidence', `overall ${confidence.overall}; houses ${confidence.houses}; angles ${confidence.angles}${fastAscendant(ctx)}${angleSignsOnTheMinute(ctx)}`],
    ['Interpretation library', `${ctx.library.language} ${ctx.library.version}`],
  ];
  return {
    ...section('cover', 'Cover', []),
    // The confidence notes (unknown time, house fallback) are explained in words under How to Read.
    markdown: [`# ${escapeMarkdown(subject.name)}: A Psychological Natal Report`, table(['', ''], rows)].join('\n\n'),
  };
}

/** placidus → Placidus, whole_sign → Whole Sign */
function label(id: string): string {
  return id
    .split('_')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}

/** An Ascendant this fast (degrees per minute of birth time), or running backwards, makes "angles high" hang on the minute. */
const FAST_ASCENDANT = 0.35;

/**
 * After "angles high": how far the Ascendant moved a minute at this birth where that is unusually far, or backwards (inside
 * the polar circles), since an aspect to it of half a degree then depends on the birth minute (a reader at 71° N).
 */
function fastAscendant(ctx: ReportContext): string {
  const speed = ctx.sky.cuspMotion?.[0];
  // Whole-sign cusps stand still: their motion says nothing of the Ascendant.
  if (speed === undefined || speed === 0 || (speed > 0 && speed < FAST_ASCENDANT)) return '';
  const amount = Math.abs(speed).toFixed(2);
  return `, if the birth minute is exact (the Ascendant moved ${amount}° a minute${speed < 0 ? ', backwards through the zodiac' : ''})`;
}

/** An angle whose sign a birth this many minutes earlier or later would change is named beside the angles' confidence. */
const HEADER_MARGIN_MINUTES = 5;

/**
 * After the angles' confidence: the angle whose sign rests on a few minutes of the birth time ("though a birth about a
 * minute later would put the Midheaven in Sagittarius"), as its data line says further on. A reader at 69° N met "angles
 * high" on the cover and a Midheaven a minute from the next sign on page 12. Birth times are often given to five minutes.
 */
function angleSignsOnTheMinute(ctx: ReportContext): string {
  const near = (['asc', 'mc'] as const).filter((angle) => {
    const margin = ctx.sky.angleSignMargins?.[angle];
    return margin !== undefined && Math.abs(margin.minutes) <= HEADER_MARGIN_MINUTES;
  });
  return near.length ? `, though ${joinAnd(near.map((angle) => angleSignMargin(ctx, angle)!))}` : '';
}
