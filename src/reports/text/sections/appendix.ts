/** The appendix: positions, house cusps and aspects in tables, and a glossary. */
import { bodyInfo } from '../../../astro/bodies.ts';
import { PLANET_IDS } from '../../../interpretations/keys.ts';
import type { ReportContext } from '../context.ts';
import { ordinal, table, zodiacPosition } from '../report-markdown.ts';
import { ASPECT_WORDS, POINT_NAMES } from '../phrases.ts';
import { section, type ReportSection } from '../section.ts';
import { orbCell, phaseCell } from '../aspect-facts.ts';

/** The dominant planet as this report scored it: without a birth time the angles play no part. */
function dominantText(ctx: ReportContext): string {
  return ctx.timed
    ? 'The planet that scores highest for closeness to the angles, dignity, rulerships and tight aspects in this chart.'
    : 'The planet that scores highest for dignity, rulerships and tight aspects in this chart (without a birth time, the angles play no part).';
}

/** The glossary's terms, each with the words that show the reading uses it (a term the reading never uses is not explained). */
const GLOSSARY: [term: string, text: string | ((ctx: ReportContext) => string), used: RegExp][] = [
  [
    'Ascendant',
    'The degree of the zodiac rising on the eastern horizon at the moment of birth; it describes your approach to new situations and the impression you first make.',
    /\bAscendant\b|\brising sign\b|\b\w+ rising\b/,
  ],
  [
    'Aspect',
    'An angle between two points of the chart, such as a conjunction (0°), sextile (60°), square (90°), trine (120°) or opposition (180°).',
    /\baspects?\b/i,
  ],
  [
    'Descendant',
    'The degree setting on the western horizon at birth, opposite the Ascendant; it marks the meeting point with partners and with people met one to one.',
    /\bDescendant\b/,
  ],
  [
    'IC',
    'The Imum Coeli, the point opposite the Midheaven at the bottom of the chart; it stands for roots, home and the private ground a life stands on.',
    /\bIC\b|\bImum Coeli\b/,
  ],
  [
    'Transit',
    // Untimed, the chart has no angles to list (a reader met them in the glossary of a report without them).
    (ctx) =>
      `Where a planet stands in the sky on a given day, read against the birth chart. The year ahead lists the slow planets’ exact aspects to your personal planets${ctx.timed ? ' and angles' : ''}, and to their own natal places, each with the stretch around it in which the planet is within 1° (Jupiter, Saturn) or 1½° (Uranus, Neptune, Pluto) of exact.`,
    /\btransits?\b|\btransiting\b/i,
  ],
  [
    'Progression',
    'A way of timing inner development in which each day after birth stands for one year of life; the progressed Moon moves about a degree a month, the progressed Sun about a degree a year.',
    /\bprogress(ed|ions?)\b/i,
  ],
  [
    'Planetary return',
    'The time when a slow planet comes back to the place it held at birth, Jupiter about every twelve years and Saturn about every 29½; each marks the close of one of that planet’s cycles.',
    /\b(Jupiter|Saturn) returns?\b/,
  ],
  ['Chart ruler', 'The planet that rules the sign on the Ascendant; it acts as a guide to the whole chart.', /\bchart ruler\b|\bruler of your chart\b/i],
  ['Cusp', 'The boundary where a house begins; the sign on a cusp colours the affairs of that house.', /\bcusps?\b/i],
  ['Dominant planet', dominantText, /\bdominant planet\b|\bdominant\b/i],
  ['Element', 'One of the four groups of signs: fire, earth, air and water, describing basic temperament.', /\belements?\b/i],
  ['House', 'One of twelve sectors of the chart, each linked with an area of life; they depend on the time and place of birth.', /\bhouses?\b/i],
  [
    'Midheaven',
    'The point of the ecliptic culminating on the meridian at birth, as a rule the highest it reaches, associated with vocation, aims and public life.',
    /\bMidheaven\b/,
  ],
  ['Modality', 'How a sign acts: cardinal signs initiate, fixed signs sustain, mutable signs adapt.', /\bmodalit(y|ies)\b|\bmodes?\b/i],
  [
    'Lunar nodes',
    'The two points where the Moon’s path crosses the Sun’s; the North Node is read as a direction of growth, the South Node as familiar ground.',
    /\bNodes?\b/,
  ],
  ['Orb', 'How far an aspect is from exact, in degrees; the smaller the orb, the stronger the aspect.', /\borbs?\b/i],
  [
    'Applying and separating',
    'An applying aspect was still becoming exact at birth; a separating one had already passed exactness.',
    /\bapplying\b|\bseparating\b/i,
  ],
  ['Retrograde', 'A planet that appears to move backward through the zodiac as seen from Earth; astrologically, its function turns inward.', /\bretrograde\b/i],
  ['Stellium', 'Three or more planets gathered in one sign or one house.', /\bstellium\b/i],
  [
    'Configuration',
    'A figure formed by several aspects together, such as a grand trine, T-square, grand cross, yod or kite.',
    /\bconfigurations?\b|\bgrand trine\b|\bT-square\b|\bgrand cross\b|\byod\b|\bkite\b/i,
  ],
  ['Chiron', 'A small body orbiting between Saturn and Uranus, associated with sensitivity, mentoring and wisdom won through difficulty.', /\bChiron\b/],
  [
    'Lilith',
    'The mean apogee of the Moon’s orbit (Black Moon Lilith), where the Moon is farthest from Earth; read as the untamed side of a person: what was refused or pushed away, and asks to be reclaimed.',
    /\bLilith\b/,
  ],
];

/** The terms the reading uses, alphabetically, each explained for this chart. */
function glossary(ctx: ReportContext, readingText: string): string {
  return GLOSSARY.filter(([, , used]) => used.test(readingText))
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([term, text]) => `**${term}.** ${typeof text === 'function' ? text(ctx) : text}`)
    .join('\n\n');
}

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

/** `readingText`: the reading's chapters, whose terms the glossary explains. */
export function appendixSection(ctx: ReportContext, readingText: string): ReportSection {
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
          orbCell({ ...a, day: ctx.dayAspect(a) }),
          phaseCell({ ...a, day: ctx.dayAspect(a) }),
        ]),
      ),
    );
  }
  parts.push('### How This Reading Was Weighed', ...weighingNotes(ctx));
  parts.push('### Glossary', glossary(ctx, readingText));
  return section('appendix', 'Appendix: Chart Data and Glossary', parts);
}

export function disclaimerSection(): ReportSection {
  return section('disclaimer', 'About This Report', [
    'This report was composed from your birth data by software, using interpretations written for this service. It describes tendencies and inner themes for reflection; it does not foretell events, and it is not a substitute for psychological, medical, legal or financial advice. You remain the best judge of what fits your life.',
  ]);
}
