/** The Chinese calendar of one local day: runs in a compute worker. */
import { formatLocalIso, julianDayFromUtcMs, resolveCivilTime, utcMsFromJulianDay } from '../../../astro/civil-time.ts';
import { zoneOffsetSeconds } from '../../../astro/zone-offset-table.ts';
import { lunarDateOfDay, lunarDateText } from '../../../astro/chinese/lunar-calendar.ts';
import { dayPillarOfJdn, monthPillar, solarYearOf, yearPillar } from '../../../astro/chinese/pillars.ts';
import { termsAround, type SolarTerm } from '../../../astro/chinese/solar-terms.ts';
import { BRANCHES, STEMS, ganZhiText, mod, nayinOf, type GanZhi } from '../../../astro/chinese/stems-branches.ts';
import type { CalendarResponse } from './chinese-calendar-schemas.ts';

export interface ChineseCalendarTask {
  year: number;
  month: number;
  day: number;
  timezone: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

export function pillarOut(p: GanZhi) {
  const s = STEMS[p.stem]!,
    b = BRANCHES[p.branch]!;
  return {
    gan_zhi: ganZhiText(p),
    gan: s.char,
    zhi: b.char,
    gan_info: { name: s.name, pinyin: s.pinyin, element: s.element, polarity: s.polarity },
    zhi_info: { name: b.name, pinyin: b.pinyin, element: b.element, polarity: b.polarity, zodiac: b.animal, hidden: b.hidden.map((h) => STEMS[h]!.char) },
    nayin: nayinOf(p).chinese,
  };
}

export function computeCalendarDay(task: ChineseCalendarTask): CalendarResponse {
  const { year, month, day, timezone } = task;
  const at = (hour: number, d = day) => resolveCivilTime({ year, month, day: d, hour, minute: 0, second: 0 }, timezone, 'shift_forward').utcMs;
  const start = at(0),
    end = at(0, day + 1),
    noon = at(12);
  const jdNoon = julianDayFromUtcMs(noon);
  const solarYear = solarYearOf(jdNoon);
  const jdn = Date.UTC(year, month - 1, day) / 86_400_000 + 2440588;
  const dayPillar = dayPillarOfJdn(jdn);
  const termOut = (t: SolarTerm) => {
    const ms = Math.round(utcMsFromJulianDay(t.jdUt) / 1000) * 1000;
    return {
      chinese: t.chinese,
      pinyin: t.pinyin,
      name: t.name,
      longitude: t.longitude,
      utc: new Date(ms).toISOString().replace('.000Z', 'Z'),
      local: formatLocalIso(ms, zoneOffsetSeconds(timezone, ms)),
    };
  };
  const around = termsAround(jdNoon, false);
  const startJd = julianDayFromUtcMs(start),
    endJd = julianDayFromUtcMs(end);
  const inDay = [around.previous, around.next].filter((t) => t.jdUt >= startJd && t.jdUt < endJd);
  // A Zi hour from 23:00 the evening before, then every two hours; the stems from this day's stem.
  const hours = Array.from({ length: 12 }, (_, i) => ({
    zhi: BRANCHES[i]!.char,
    gan_zhi: ganZhiText({ stem: mod(2 * dayPillar.stem + i, 10), branch: i }),
    from: `${pad(mod(2 * i - 1, 24))}:00`,
    to: `${pad(2 * i + 1)}:00`,
  }));
  const lunar = lunarDateOfDay(jdn);
  const changes = inDay
    .filter((t) => t.kind === 'jie')
    .map((t) => `${t.longitude === 315 ? 'year and month' : 'month'} change at ${t.chinese} (${termOut(t).local})`);
  return {
    date: `${year}-${pad(month)}-${pad(day)}`,
    timezone,
    pillars: { year: pillarOut(yearPillar(solarYear)), month: pillarOut(monthPillar(jdNoon, solarYear)), day: pillarOut(dayPillar) },
    hours,
    lunar_date: { year: lunar.year, month: lunar.month, day: lunar.day, is_leap_month: lunar.leap, month_days: lunar.monthDays, text: lunarDateText(lunar) },
    solar_term: { current: termOut(around.previous), today: inDay.length ? termOut(inDay[0]!) : null, next: termOut(around.next) },
    zodiac: { by_lichun: BRANCHES[yearPillar(solarYear).branch]!.animal, by_lunar_new_year: BRANCHES[mod(lunar.year - 4, 12)]!.animal },
    changes,
  };
}
