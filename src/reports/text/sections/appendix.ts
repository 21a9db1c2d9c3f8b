/** The appendix: positions, house cusps and aspects in tables, and a glossary. */
import { bodyInfo } from '../../../astro/bodies.ts';
import { PLANET_IDS } from '../../../interpretations/keys.ts';
import type { ReportContext } from '../context.ts';
import { ordinal, table, zodiacPosition } from '../report-markdown.ts';
import { ASPECT_WORDS, POINT_NAMES } from '../phrases.ts';
import { section, type ReportSection } from '../section.ts';
import { orbCell, phaseCell } from '../aspect-facts.ts';

const GLOSSARY: [string, string][] = [
  [
    'Ascendant',
    'The degree of the zodiac rising on the eastern horizon at the moment of birth; it describes your approach to new situations and the impression you first make.',
  ],
  ['Aspect', 'An angle between two points of the chart, such as a conjunction (0°), sextile (60°), square (90°), trine (120°) or opposition (180°).'],
  ['Chart ruler', 'The planet that rules the sign on the Ascendant; it acts as a guide to the whole chart.'],
  ['Cusp', 'The boundary where a house begins; the sign on a cusp colours the affairs of that house.'],
  ['Dominant planet', 'The planet that scores highest for closeness to the angles, dignity, rulerships and tight aspects in this chart.'],
  ['Element', 'One of the four groups of signs: fire, earth, air and water, describing basic temperament.'],
  ['House', 'One of twelve sectors of the chart, each linked with an area of life; they depend on the time and place of birth.'],
  ['Midheaven', 'The highest point of the ecliptic at birth, associated with vocation, aims and public life.'],
  ['Modality', 'How a sign acts: cardinal signs initiate, fixed signs sustain, mutable signs adapt.'],
  [
    'Lunar nodes',
    'The two points where the Moon’s path crosses the Sun’s; the North Node is read as a direction of growth, the South Node as familiar ground.',
  ],
  ['Orb', 'How far an aspect is from exact, in degrees; the smaller the orb, the stronger the aspect.'],
  ['Applying and separating', 'An applying aspect was still becoming exact at birth; a separating one had already passed exactness.'],
  ['Retrograde', 'A planet that appears to move backward through the zodiac as seen from Earth; astrologically, its function turns inward.'],
  ['Stellium', 'Three or more planets gathered in one sign or one house.'],
  ['Configuration', 'A figure formed by several aspects together, such as a grand trine, T-square, grand cross, yod or kite.'],
  ['Chiron', 'A small body orbiting between Saturn and Uranus, associated with sensitivity, mentoring and wisdom won through difficulty.'],
  [
    'Lilith',
    'The mean apogee of the Moon’s orbit (Black Moon Lilith), where the Moon is farthest from Earth; read as the untamed side of a person: what was refused or pushed away, and asks to be reclaimed.',
  ],
];

function motion(ctx: ReportContext, id: string): string {
  const p = ctx.factors.points.get(id)!;
  if (id === 'asc' || id === 'mc') return '—';
  const stationaryBelow = id === 'north_node' ? undefined : bodyInfo(id).stationaryBelow;
  const direction = p.speed < 0 ? 'retrograde' : 'direct';
  // Near a station the direction still holds (the reading calls such a planet retrograde): the table says both.
  if (stationaryBelow !== undefined && Math.abs(p.speed) < stationaryBelow) return `${direction}, near a station`;
  return direction;
}

/** How the reading chose what to say at length: the same rules for every chart, so kept here rather than in the reading. */
function weighingNotes(ctx: ReportContext): string[] {
  return [
    `Not every placement receives the same space. Factors closest to the core of the personality${ctx.timed ? ', planets near the angles of the chart' : ''} and aspects that are nearly exact are given the most room; the rest appear more briefly or only in the tables above.`,
    `The balance of elements and modalities counts ${ctx.timed ? 'the Sun, the Moon and the Ascendant' : 'the Sun and the Moon'} three times, Mercury, Venus and Mars twice, Jupiter and Saturn once${ctx.timed ? ', the Midheaven once' : ''}, and each of the slow outer planets half, since they colour a generation more than a person.`,
    ctx.timed
      ? 'To find the dominant planet, each planet is scored for its closeness to the angles, for standing in a sign it rules or is exalted in, for ruling the rising sign or the signs of the Sun and Moon, and for its tight aspects.'
      : 'To find the dominant planet, each planet is scored for standing in a sign it rules or is exalted in, for ruling the signs of the Sun and Moon, and for its tight aspects (the angles and the rising sign are unknown without a birth time); the scores are worked out with the Moon at every point of its path through the birth day, and a planet is named only if it leads at every one.',
  ];
}

export function appendixSection(ctx: ReportContext): ReportSection {
  const ids = [...PLANET_IDS, ...(ctx.timed ? ['asc', 'mc'] : [])].filter((id) => ctx.factors.points.has(id));
  const positions = table(
    ['Point', 'Position', ...(ctx.timed ? ['House'] : []), 'Motion'],
    ids.map((id) => {
      const p = ctx.factors.points.get(id)!;
      // Untimed, the Moon's place is its noon place, and the table says so, with where it stood at either end of the day.
      const day = id === 'moon' && !ctx.timed ? ctx.sky.moonDay : undefined;
      const position = day
        ? `${zodiacPosition(p.lon)} at noon (${zodiacPosition(day.startLon)} to ${zodiacPosition(day.endLon)} over the day)`
        : zodiacPosition(p.lon);
      return [POINT_NAMES[id]!, position, ...(ctx.timed ? [p.house === undefined ? '—' : ordinal(p.house)] : []), motion(ctx, id)];
    }),
  );
  const parts = ['### Positions', positions];
  if (ctx.timed) {
    parts.push(
      '### House Cusps',
      table(
        ['House', 'Cusp'],
        ctx.chart.houses!.map((h) => [ordinal(h.house), zodiacPosition(h.abs_pos)]),
      ),
    );
  }
  if (ctx.factors.aspects.length > 0) {
    parts.push(
      '### Major Aspects',
      table(
        ['Aspect', 'Orb', 'Phase'],
        ctx.factors.aspects.map((a) => [
          `${POINT_NAMES[a.p1]} ${ASPECT_WORDS[a.type]} ${POINT_NAMES[a.p2]}`,
          orbCell({ ...a, day: ctx.moonDayAspect(a) }),
          phaseCell({ ...a, day: ctx.moonDayAspect(a) }),
        ]),
      ),
    );
  }
  parts.push('### How This Reading Was Weighed', ...weighingNotes(ctx));
  parts.push('### Glossary', GLOSSARY.map(([term, text]) => `**${term}.** ${text}`).join('\n\n'));
  return section('appendix', 'Appendix: Chart Data and Glossary', parts);
}

export function disclaimerSection(): ReportSection {
  return section('disclaimer', 'About This Report', [
    'This report was composed from your birth data by software, using interpretations written for this service. It describes tendencies and inner themes for reflection; it does not foretell events, and it is not a substitute for psychological, medical, legal or financial advice. You remain the best judge of what fits your life.',
  ]);
}
