/**
 * The chart factors a chapter of the report names, read back from its text: a point in a sign
 * ("the Moon in Libra", "your Libra Moon"), a point in a house ("Saturn in the 2nd house"), a
 * house ("the 4th house"), a house's ruler ("rules your 10th house"), and an aspect between two
 * points ("Moon square Saturn"), the half of the Moon's cycle and Venus as morning or evening star. Each is checked against the chart: a sign or house the point does
 * not have is returned as false (an untimed chart's Moon may stand in either sign of its day).
 */
import { signOf, SIGNS } from '../../src/astro/zodiac.ts';
import type { NatalChartInput } from '../../src/interpretations/chart-input.ts';
import type { MoonDay } from '../../src/reports/sky/moon-day.ts';

const POINTS: Record<string, string> = {
  Sun: 'sun',
  Moon: 'moon',
  Mercury: 'mercury',
  Venus: 'venus',
  Mars: 'mars',
  Jupiter: 'jupiter',
  Saturn: 'saturn',
  Uranus: 'uranus',
  Neptune: 'neptune',
  Pluto: 'pluto',
  Chiron: 'chiron',
  Ascendant: 'asc',
  Midheaven: 'mc',
};
const POINT = Object.keys(POINTS).join('|');
const SIGN = SIGNS.map((s) => s.name).join('|');
const ASPECT = 'conjunct|conjunction with|square|sextile|trine|opposite|opposition to|in tension with|in harmony with';

export interface NamedFactors {
  /** Distinct factors named ("moon@libra", "saturn#2", "house 4", "moon square saturn"). */
  factors: string[];
  /** Named factors the chart does not have. */
  untrue: string[];
}

export function namedFactors(markdown: string, chart: NatalChartInput, moonDay?: MoonDay): NamedFactors {
  const found = new Set<string>();
  const untrue: string[] = [];
  const lonOf = (id: string) => (id === 'asc' ? chart.angles?.asc : id === 'mc' ? chart.angles?.mc : chart.planets.find((p) => p.id === id)?.abs_pos);
  const signTrue = (id: string, sign: string) => {
    if (id === 'moon' && moonDay) return moonDay.signs.some((s) => SIGNS.find((x) => x.id === s)!.name === sign);
    // Another body that changed sign on an untimed birth day is read in both its signs, each with its hours.
    const change = moonDay?.ingresses?.find((i) => i.body === id);
    if (change) return [change.from, change.to].some((s) => SIGNS.find((x) => x.id === s)!.name === sign);
    const lon = lonOf(id);
    return lon !== undefined && signOf(lon).name === sign;
  };
  // What another birth time would give is no claim about this chart ("· a birth about 9 minutes earlier would put the
  // Midheaven in Taurus"): left out, as far as the data line's end.
  const text = markdown.replace(/a birth about [^·*\n]*? would (?:give|put|place) [^·*\n]*/g, '').replace(/\*/g, '');
  const add = (key: string, ok: boolean, quote: string) => {
    found.add(key);
    if (!ok) untrue.push(`${key}: "${quote}"`);
  };
  for (const m of text.matchAll(new RegExp(`\\b(${POINT}) in (${SIGN})\\b`, 'g')))
    add(`${POINTS[m[1]!]}@${m[2]!.toLowerCase()}`, signTrue(POINTS[m[1]!]!, m[2]!), m[0]);
  for (const m of text.matchAll(new RegExp(`\\b(${SIGN}) (${POINT})\\b`, 'g')))
    add(`${POINTS[m[2]!]}@${m[1]!.toLowerCase()}`, signTrue(POINTS[m[2]!]!, m[1]!), m[0]);
  for (const m of text.matchAll(new RegExp(`\\b(${POINT})(?: stands)? in (?:the|your) (\\d+)(?:st|nd|rd|th) house`, 'g'))) {
    const id = POINTS[m[1]!]!;
    const house = chart.planets.find((p) => p.id === id)?.house;
    add(`${id}#${m[2]}`, house === Number(m[2]), m[0]);
  }
  for (const m of text.matchAll(/\b(\d+)(?:st|nd|rd|th) house\b/g)) found.add(`house ${m[1]}`);
  // The Sun–Moon cycle and Venus's place before or after the Sun are factors of their own.
  if (/\b(waxing|waning) (half|Moon)\b|\bMoon was (waxing|waning)\b/.test(text)) found.add('moon phase');
  if (/\b(morning|evening) star\b/.test(text)) found.add('venus phase');
  for (const m of text.matchAll(new RegExp(`\\b(${POINT}) (${ASPECT}) (?:your |the )?(${POINT})\\b`, 'gi'))) {
    const [a, b] = [POINTS[capital(m[1]!)], POINTS[capital(m[3]!)]];
    if (a && b) found.add(`${[a, b].sort().join(' ')} aspect`);
  }
  return { factors: [...found], untrue };
}

const capital = (w: string) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase();
