/**
 * Checks of one report's text that a reader made by hand: aspect texts that do not know which
 * aspect they describe ("squares or opposes"), a passage printed twice, a factor set against
 * itself, a heading used as a sentence's subject ("Moon in Virgo pulls against Sun in Gemini"),
 * and a closeness to an angle the positions do not have. Each returns its findings (none is right).
 */
import { signedSeparation } from '../../src/astro/zodiac.ts';
import type { NatalChartInput } from '../../src/interpretations/chart-input.ts';
import type { ComposedReport } from '../../src/reports/text/compose-report.ts';
import { POINT_NAMES } from '../../src/reports/text/phrases.ts';
import { TENSION_FRAME_PATTERN } from '../../src/reports/synthesis/faculty-tensions.ts';

const REFERENCE_SECTIONS = new Set(['cover', 'appendix', 'disclaimer']);

/** The reading's prose sentences, headings, tables and fact lines left out. */
export function proseSentences(report: ComposedReport): string[] {
  const prose = report.sections
    .filter((s) => !REFERENCE_SECTIONS.has(s.id))
    .flatMap((s) => s.markdown.split('\n'))
    .filter((l) => l.trim() && !l.startsWith('#') && !l.startsWith('|') && !/^\*[^*].*\*$/.test(l.trim()))
    .map((l) => l.replace(/^[-*] |^\d+\. /, '').replace(/\*\*/g, ''))
    .join(' ');
  return prose
    .split(/(?<=[.!?])\s+(?=[A-Z"“])/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** An aspect named by its family rather than itself: "squares or opposes", "trine or sextile". */
const EITHER_ASPECT =
  /\b(squares? or (an )?oppos\w*|oppos\w* or squares?|squaring or opposing|squared or opposed|trines? or sextiles?|sextiles? or trines?|trining or sextiling|a trine or a sextile|a square or an opposition)\b/i;

export function genericAspectTexts(report: ComposedReport): string[] {
  return proseSentences(report).filter((s) => EITHER_ASPECT.test(s));
}

/** Sentences of eight words or more that the reading prints more than once (a passage repeated). */
export function repeatedPassages(report: ComposedReport): string[] {
  const seen = new Map<string, number>();
  for (const s of proseSentences(report)) if (s.split(/\s+/).length >= 8) seen.set(s, (seen.get(s) ?? 0) + 1);
  return [...seen].filter(([, n]) => n > 1).map(([s]) => s);
}

const POINT_WORDS = Object.values(POINT_NAMES);
const pointsIn = (text: string) => POINT_WORDS.filter((p) => new RegExp(`\\b${p}\\b`).test(text));

/** A tension sentence's later entry (the words before its frame) and earlier one, or undefined. */
function tensionEntries(sentence: string): { later: string; earlier: string } | undefined {
  const m = TENSION_FRAME_PATTERN.exec(sentence);
  return m ? { later: m[1]!, earlier: m.slice(2).find((g) => g !== undefined)! } : undefined;
}

/** A later reading's side of a tension already named: "X speaks for the … side of the tension over …, named earlier with Y." */
const SIDE_OF_NAMED = /^(.+?) speaks for the [\w -]+ side of the tension over [^,]+, named earlier with (.+?)\.$/;

/**
 * A tension passage that sets a factor against another of the same point ("Mercury as … pulls against Mercury in …"),
 * or a reading said to take a side of the tension it named itself.
 */
export function selfRelations(report: ComposedReport): string[] {
  return proseSentences(report).filter((s) => {
    const side = SIDE_OF_NAMED.exec(s);
    if (side && side[1]!.toLowerCase() === side[2]!.toLowerCase()) return true;
    const entries = tensionEntries(s);
    if (!entries) return false;
    const later = pointsIn(entries.later);
    return pointsIn(entries.earlier).some((p) => later.includes(p));
  });
}

/** The report's headings and the labels of its entries ("Moon in Virgo", "Scorpio Rising"). */
function headingsAndLabels(report: ComposedReport): string[] {
  const headings = report.markdown
    .split('\n')
    .filter((l) => /^#{3,4} /.test(l))
    .map((l) => l.replace(/^#+ (\d+\. )?(Chart Ruler: )?/, '').trim());
  return [...new Set([...headings, ...(report.readings ?? []).map((r) => r.label).filter((l): l is string => !!l)])].filter((l) => l.split(' ').length >= 2);
}

/**
 * A label that cannot stand in a sentence as it is: it lacks the article its point needs ("Sun in
 * Gemini", "Moon sextile Saturn") or is set in a heading's capitals ("Scorpio Rising", "Mercury as
 * Your Dominant Planet"). "Venus in Leo" and "Mars square Pluto" can, as astrological prose writes them.
 */
const headingLike = (label: string) =>
  /^(Sun|Moon|North Node|South Node|Ascendant|Midheaven|Descendant|IC)\b/.test(label) || /\b(Rising|Your|Dominant)\b/.test(label);

/**
 * A sentence whose subject is a heading or an entry's label that cannot stand in a sentence, or
 * that sets one thing against a heading or label ("… pulls against Sun in Gemini").
 */
export function headingSubjects(report: ComposedReport): string[] {
  const labels = headingsAndLabels(report);
  return proseSentences(report).filter((s) =>
    labels.some(
      (l) => (s.startsWith(`${l} `) && headingLike(l)) || s.startsWith(`${l} pulls against`) || s.includes(` against ${l}`) || tensionEntries(s)?.earlier === l,
    ),
  );
}

const ANGLES = ['Ascendant', 'Descendant', 'Midheaven', 'IC'] as const;

/**
 * A sentence that says a planet stands close to an angle: it must name the planet, and the planet
 * must be within 8° of that angle (the report's own limit for calling an outer planet angular).
 */
export function falseCloseness(chart: NatalChartInput, report: ComposedReport): string[] {
  const asc = chart.angles?.asc;
  const mc = chart.angles?.mc;
  const angleLon = (a: (typeof ANGLES)[number]) =>
    asc === undefined || mc === undefined ? undefined : { Ascendant: asc, Descendant: asc + 180, Midheaven: mc, IC: mc + 180 }[a];
  const lonOf = (name: string) => chart.planets.find((p) => POINT_NAMES[p.id] === name)?.abs_pos;
  return proseSentences(report).filter((s) => {
    const m = /(within a few degrees of|\d+°(?:\d+′)? (?:from|of)|close to|next to|beside|near) your (Ascendant|Descendant|Midheaven|IC)\b/.exec(s);
    if (!m) return false;
    const angle = angleLon(m[2] as (typeof ANGLES)[number]);
    const planets = pointsIn(s.slice(0, m.index)).filter((p) => !ANGLES.includes(p as never) && lonOf(p) !== undefined);
    if (angle === undefined || planets.length === 0) return true;
    return !planets.some((p) => Math.abs(signedSeparation(lonOf(p)!, angle)) <= 8);
  });
}

/** Points whose names take an article in running prose ("the Sun", "the Ascendant"); "Mercury" and "Venus" do not. */
const ARTICLED = 'Sun|Moon|North Node|South Node|Ascendant|Midheaven|Descendant';
const SIGN_WORDS = 'aries|taurus|gemini|cancer|leo|virgo|libra|scorpio|sagittarius|capricorn|aquarius|pisces';
/** Words that may stand before such a name instead of its article: determiners, and what qualifies it ("your Libra Sun", "a fixed Moon", "the waxing Moon"). */
const BEFORE_NAME = new RegExp(
  `^(the|your|a|an|its|their|this|whose|each|every|natal|progressed|transiting|full|new|black|mean|true|waxing|waning|balsamic|quarter|crescent|gibbous|dominant|enlarged|old|noon|familiar|birth|arian|taurean|geminian|cancerian|leonine|virgoan|libran|scorpionic|sagittarian|capricornian|aquarian|piscean|${SIGN_WORDS}|fire|earth|air|water|cardinal|fixed|mutable|house)$`,
);

/**
 * A sentence that names the Sun, the Moon, a node or an angle without its article, as a heading
 * does ("Sun and Moon share the sign…", "its conjunction with Sun", "led by Sun in Libra").
 * Words in parentheses or quotation marks are labels and are left alone, as is a list line that
 * is an aspect as the tables name it ("Sun square Chiron (orb 2°10′, separating).").
 */
export function bareArticles(report: ComposedReport): string[] {
  return bareArticleSentences(proseSentences(report));
}

/** bareArticles over any sentences (the library's own text, say). */
export function bareArticleSentences(sentences: readonly string[]): string[] {
  return sentences.filter((s) => {
    const plain = s
      .replace(/(^|: )[A-Z][a-z]+( Node)? (conjunct|square|sextile|trine|opposite) [A-Z][a-z]+( Node)? \((within )?orb [^)]*\)\.?/, '$1')
      .replace(/\([^)]*\)/g, '()')
      .replace(/"[^"]*"|“[^”]*”/g, '""');
    for (const m of plain.matchAll(new RegExp(`\\b(${ARTICLED})\\b`, 'g'))) {
      const before = plain.slice(0, m.index).trimEnd();
      const previous = (/([A-Za-z]+)$/.exec(before)?.[1] ?? '').toLowerCase();
      if (BEFORE_NAME.test(previous)) continue;
      // A name in a list shares the first's article ("the Sun and Moon", "your Mars, Moon and Mercury").
      if (/\b([Tt]he|[Yy]our) [A-Z][a-z]+( Node)?( in [A-Z][a-z]+)?(, [A-Z][a-z]+( Node)?( in [A-Z][a-z]+)?)*(,| and| or)$/.test(before)) continue;
      if (/\bthe opposite$/.test(before)) continue;
      // The second point of an aspect named as one thing ("a Sun trine Moon").
      if (/\b([Aa]n?|[Tt]he|[Yy]our) [A-Z][a-z]+( Node)? (conjunct|square|sextile|trine|opposite)$/.test(before)) continue;
      return true;
    }
    return false;
  });
}
