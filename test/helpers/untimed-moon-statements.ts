/**
 * Every statement of an untimed report that rests on the Moon's place, checked against the birth
 * day's range (the day as moon-day.ts computes it; its own tests check it against the ephemeris):
 *
 * - its sign ("the Moon in Virgo", "your Virgo Moon"): a sign the Moon stood in that day, and on a
 *   day it changed sign, in a chapter that gives the hour of the change;
 * - its aspects ("Moon square Neptune", "your Moon and Saturn meet in a sextile"): an aspect the
 *   Moon formed that day, and when it held for part of the day only, in a passage (the heading's
 *   block, or the paragraph when it stands under none) that gives the hours;
 * - what it makes personal ("close contact with your Moon"): stated as fact only when some aspect
 *   to that planet held all day, otherwise with its hours in the sentence;
 * - rankings ("the tightest tension in your chart, Moon square Neptune", the key-aspect table): only
 *   aspects that held all day.
 *
 * Returns how many statements were checked and those that fail, each with its reason.
 */
import { SIGNS } from '../../src/astro/zodiac.ts';
import type { ComposedReport } from '../../src/reports/text/compose-report.ts';
import type { MoonDay, MoonDayAspect } from '../../src/reports/sky/moon-day.ts';
import { POINT_NAMES } from '../../src/reports/text/phrases.ts';

const REFERENCE = new Set(['cover', 'appendix', 'disclaimer']);
const SIGN = SIGNS.map((s) => s.name).join('|');
const PLANET_IDS = ['sun', 'mercury', 'venus', 'mars', 'jupiter', 'saturn', 'uranus', 'neptune', 'pluto'];
const PLANET = PLANET_IDS.map((id) => POINT_NAMES[id]).join('|');
const idOf = (name: string) => PLANET_IDS.find((id) => POINT_NAMES[id] === name)!;

const ASPECT_WORDS: [RegExp, string][] = [
  [/\bconjunct(ion)?\b|\bmeets?\b(?! in)/i, 'conjunction'],
  [/\bsextiles?\b/i, 'sextile'],
  [/\bsquares?\b/i, 'square'],
  [/\btrines?\b/i, 'trine'],
  [/\boppos(ite|ition|es)\b/i, 'opposition'],
];
const FAMILY_WORDS: [RegExp, string[]][] = [
  [/\bin tension with\b|\btense aspect\b|\bhard aspect\b/i, ['square', 'opposition']],
  [/\bin harmony with\b|\beasy (angle|aspect)\b|\bflowing aspect\b/i, ['sextile', 'trine']],
];

export interface MoonStatementCheck {
  checked: number;
  wrong: string[];
}

const allDay = (a: MoonDayAspect) => a.from === '00:00' && a.to === '24:00';
/** The hours of an aspect that held part of the day, as the report writes them. */
const hoursOf = (a: MoonDayAspect) => [a.from, a.to].filter((t) => t !== '00:00' && t !== '24:00');

/** A chapter's blocks: the text under each heading of level 3 or lower, with the heading. */
function blocks(markdown: string): string[] {
  return markdown.split(/\n(?=###? )/);
}

export function untimedMoonStatements(report: ComposedReport, day: MoonDay): MoonStatementCheck {
  const wrong: string[] = [];
  let checked = 0;
  const daySigns: string[] = day.signs.map((id) => SIGNS.find((s) => s.id === id)!.name);
  for (const section of report.sections) {
    if (REFERENCE.has(section.id)) continue;
    const chapterHasIngress = day.ingressAt !== undefined && section.markdown.includes(day.ingressAt);
    // The year's contacts to the Moon are transits, not its natal aspects (year-untimed-moon.test.ts checks that every hour
    // of the birth day makes them exact); its sign is still checked there.
    const transits = section.id === 'year_ahead';
    for (const block of blocks(section.markdown)) {
      for (const paragraph of block.split('\n\n')) {
        if (paragraph.startsWith('|')) {
          // The key-aspect table: a ranking, so only aspects that held all day.
          for (const row of paragraph.split('\n').filter((l) => /^\| \d+ \|/.test(l) && /\bMoon\b/.test(l))) {
            checked++;
            const m = new RegExp(`(${PLANET}) ([a-z]+) Moon|Moon ([a-z]+) (${PLANET})`).exec(row);
            const other = m ? idOf(m[1] ?? m[4]!) : undefined;
            const found = day.aspects.find((a) => a.other === other && ASPECT_WORDS.some(([re, t]) => t === a.type && re.test(m?.[2] ?? m?.[3] ?? '')));
            if (!found || !allDay(found)) wrong.push(`ranked, not all day: ${row}`);
          }
          continue;
        }
        for (const sentence of paragraph.replace(/\*/g, '').split(/(?<=[.!?:;])\s+/)) {
          if (!/\bMoon\b/.test(sentence) || /Moon's nodes|North Node|South Node|Black Moon|progressed Moon|transiting|New Moon|Full Moon/i.test(sentence))
            continue;
          // The sign.
          for (const m of sentence.matchAll(new RegExp(`\\bMoon in (${SIGN})\\b|\\b(${SIGN}) Moon\\b`, 'g'))) {
            checked++;
            const sign = m[1] ?? m[2]!;
            // A sign stated with the hours it holds for: right when those hours lie on its side of the change.
            const hours = /born (before|after|between) (\d\d:\d\d)(?: and (\d\d:\d\d))?/.exec(sentence);
            if (!daySigns.includes(sign)) wrong.push(`sign the Moon never had that day: ${sentence}`);
            else if (day.signs.length > 1 && hours) {
              const [from, to] = hours[1] === 'before' ? ['00:00', hours[2]!] : hours[1] === 'after' ? [hours[2]!, '24:00'] : [hours[2]!, hours[3]!];
              const side = to <= day.ingressAt! ? daySigns[0] : from >= day.ingressAt! ? daySigns[1] : undefined;
              if (side !== sign) wrong.push(`sign not the Moon's in the hours given: ${sentence}`);
            } else if (day.signs.length > 1 && !chapterHasIngress)
              wrong.push(`sign on a day the Moon changed sign, no hour in the chapter (${section.id}): ${sentence}`);
          }
          // What the Moon makes personal.
          const personal = new RegExp(`close contact with your Moon|makes? (?:close )?contact with (?:your )?Moon`).test(sentence);
          const others = [...sentence.matchAll(new RegExp(`\\b(${PLANET})\\b`, 'g'))].map((m) => idOf(m[1]!));
          if (personal) {
            // The planet made personal is the paragraph's subject, its first planet named.
            const subject = new RegExp(`\\b(${PLANET})\\b`).exec(paragraph);
            for (const other of subject ? [idOf(subject[1]!)] : []) {
              checked++;
              const held = day.aspects.filter((a) => a.other === other);
              if (held.length === 0) wrong.push(`contact never formed: ${sentence}`);
              else if (!held.some(allDay) && !/\d\d:\d\d/.test(sentence)) wrong.push(`contact stated as fact, part of the day only: ${sentence}`);
            }
            continue;
          }
          // The aspects: a named aspect word or family with the Moon and one other planet in the sentence,
          // outside the chapter titles it quotes (the "Meet" of "How You Meet the World" is no conjunction).
          const claim = sentence.replace(/"[^"]*"/g, '""');
          const types = ASPECT_WORDS.filter(([re]) => re.test(claim)).map(([, t]) => t);
          const families = FAMILY_WORDS.filter(([re]) => re.test(claim)).flatMap(([, t]) => t);
          const named = types.length ? types : families;
          if (transits || !named.length || others.length !== 1) continue;
          // The Moon and that planet related in the sentence itself ("Moon square Neptune", "your Moon and Saturn", "Saturn's square to your Moon").
          const o = POINT_NAMES[others[0]!]!;
          const related = new RegExp(
            `Moon(?:'s)? (?:\\S+ ){0,3}(?:with|to|and|from) (?:your |the )?${o}\\b|${o}(?:'s)? (?:\\S+ ){0,3}(?:with|to|and|from) (?:your |the )?(?:\\S+ )?Moon\\b|Moon (?:conjunct|sextile|square|trine|opposite|opposition|in tension with|in harmony with) ${o}\\b|${o} (?:conjunct|sextile|square|trine|opposite|opposition) (?:your |the )?Moon\\b`,
            'i',
          ).test(sentence);
          if (!related) continue;
          checked++;
          const candidates = day.aspects.filter((a) => a.other === others[0] && named.includes(a.type));
          if (candidates.length === 0) {
            wrong.push(`aspect the Moon never formed that day: ${sentence}`);
            continue;
          }
          const ranked = /\b(tightest|strongest|most exact)\b|\bclosest (aspect|tension|contact|link)/i.test(sentence);
          if (candidates.some(allDay)) continue;
          if (ranked) wrong.push(`ranked, part of the day only: ${sentence}`);
          else if (/part of the day|some hours|only if you were born/.test(sentence))
            continue; // says itself that it held for some hours
          else if (!candidates.some((a) => hoursOf(a).some((h) => block.includes(h) || paragraph.includes(h))))
            wrong.push(`aspect of part of the day stated without its hours: ${sentence}`);
        }
      }
    }
  }
  return { checked, wrong };
}
