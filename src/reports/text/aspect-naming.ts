/**
 * A family's text made to name its aspect, and to speak only of it. The library has one entry for the two hard aspects
 * (square and opposition) and one for the two soft ones (trine and sextile) of most pairs, and
 * their texts say "squares or opposes", "trine or sextile": read for a chart, the report knows
 * which one it is, so the alternative is replaced by the aspect itself, in the same form
 * ("squaring or opposing" → "squaring", "a square or an opposition" → "an opposition").
 * Sentences that set the two apart ("a square stirs it from within; an opposition brings it
 * through another person") keep the clause of the aspect read, when it stands on its own; a
 * sentence about the other aspect alone is left out (`forTheAspect`).
 */

type Form = 'verb' | 'ing' | 'past' | 'noun' | 'nouns' | 'article' | 'adjective';

const FORMS: Record<string, { family: 'hard' | 'soft'; forms: Partial<Record<Form, string>> }> = {
  square: { family: 'hard', forms: { verb: 'squares', ing: 'squaring', past: 'squared', noun: 'square', nouns: 'squares', article: 'a square' } },
  opposition: {
    family: 'hard',
    forms: { verb: 'opposes', ing: 'opposing', past: 'opposed', noun: 'opposition', nouns: 'oppositions', article: 'an opposition', adjective: 'opposite' },
  },
  trine: { family: 'soft', forms: { verb: 'trines', ing: 'trining', past: 'trined', noun: 'trine', nouns: 'trines', article: 'a trine' } },
  sextile: { family: 'soft', forms: { verb: 'sextiles', ing: 'sextiling', past: 'sextiled', noun: 'sextile', nouns: 'sextiles', article: 'a sextile' } },
};

/** The alternatives as the library writes them, each with the form of the word that replaces it (longest first). */
const ALTERNATIVES: [RegExp, Form][] = [
  [/\ba square or an opposition\b|\ban opposition or a square\b/gi, 'article'],
  [/\ba trine or a sextile\b|\ba sextile or a trine\b/gi, 'article'],
  [/\bsquares or opposes\b|\bopposes or squares\b|\btrines or sextiles\b|\bsextiles or trines\b/gi, 'verb'],
  [/\bsquaring or opposing\b|\bopposing or squaring\b|\btrining or sextiling\b|\bsextiling or trining\b/gi, 'ing'],
  [/\bsquared or opposed\b|\bopposed or squared\b/gi, 'past'],
  [/\bsquare or opposite\b|\bopposite or square\b/gi, 'adjective'],
  [/\bsquare or opposition\b|\bopposition or square\b|\btrine or sextile\b|\bsextile or trine\b/gi, 'noun'],
];

export function namingTheAspect(text: string, type: string): string {
  const aspect = FORMS[type];
  if (!aspect) return text;
  let out = text;
  for (const [pattern, form] of ALTERNATIVES) {
    out = out.replace(pattern, (match) => {
      // Only the alternative of the aspect's own family is replaced.
      if ((aspect.family === 'hard') !== /squar|oppos/i.test(match)) return match;
      const word = form === 'adjective' ? (type === 'opposition' ? 'opposite' : 'square') : aspect.forms[form]!;
      // "a trine or sextile" → "a sextile", "an easy trine or sextile": the article before it agrees with the word.
      return /^[A-Z]/.test(match) ? word.charAt(0).toUpperCase() + word.slice(1) : word;
    });
  }
  // An article left before a replaced noun agrees with it ("a opposition" → "an opposition").
  return out.replace(/\b(a|an|A|An) (opposition|square|sextile|trine)\b/g, (_match, article: string, noun: string) => {
    const right = /^[aeiou]/.test(noun) ? 'an' : 'a';
    return `${article[0] === 'A' ? right[0]!.toUpperCase() + right.slice(1) : right} ${noun}`;
  });
}

/** "Either way" and its kin, which lean on two alternatives having been given. */
const EITHER_WAY = /^(Either way|In either case|Whichever it is),\s*/;
const capitalizeFirst = (t: string) => `${t.charAt(0).toUpperCase()}${t.slice(1)}`;

/**
 * The words of each aspect in any of its forms. "Opposite" is the opposition only after a point's name ("with Saturn
 * opposite your Midheaven"): elsewhere it is the plain adjective ("the opposite end of that axis").
 */
const POINT_WORD = 'Sun|Moon|Mercury|Venus|Mars|Jupiter|Saturn|Uranus|Neptune|Pluto|Chiron|Node|Lilith|Ascendant|Midheaven';
const WORDS: Record<string, RegExp> = {
  square: /\bsquar/i,
  opposition: new RegExp(`\\boppos(ition|itions|e|es|ed|ing)\\b|\\b(${POINT_WORD}) opposite\\b`, 'i'),
  trine: /\btrin/i,
  sextile: /\bsextil/i,
};
const SIBLING: Record<string, string> = { square: 'opposition', opposition: 'square', trine: 'sextile', sextile: 'trine' };
/** Where a contrast sentence turns from one aspect to the other. */
const TURN = /; |, while |, whereas | but /;
/** A clause that leans on the other for what it speaks of ("an opposition often brings it through another person"). */
const LEANS_BACK = /\b(it|this|that|them|they|its|the same|the other)\b/i;
/** A second clause that borrows the first one's verb ("…; with a square, through your own restless questioning"). */
const GAPPED = /^with an? \w+, (through|from|by|in|into|as|toward|towards|on|at|via)\b/i;

/** The text of a family's entry, read for one aspect: named (namingTheAspect), and rid of what only the other aspect does. */
export function forTheAspect(text: string, type: string): string {
  const named = namingTheAspect(text, type);
  const own = WORDS[type];
  const other = WORDS[SIBLING[type] ?? ''];
  if (!own || !other) return named;
  // Once a sentence about the other aspect is left out, "either way" after it points at one way only.
  let cut = false;
  const leftOut = () => {
    cut = true;
    return undefined;
  };
  return named
    .split('\n\n')
    .map((paragraph) =>
      paragraph
        .split(/(?<=[.!?])\s+(?=[A-Z])/)
        .map((sentence) => {
          if (cut && EITHER_WAY.test(sentence)) sentence = capitalizeFirst(sentence.replace(EITHER_WAY, ''));
          if (!other.test(sentence)) return sentence;
          if (!own.test(sentence)) return leftOut();
          const clauses = sentence.replace(/[.!?]$/, '').split(TURN);
          if (clauses.length !== 2) return leftOut();
          const mine = clauses.filter((c) => own.test(c) && !other.test(c));
          if (mine.length !== 1 || clauses.some((c) => own.test(c) === other.test(c))) return leftOut();
          const kept = mine[0]!;
          // The second clause stands alone only if it does not point back at the first.
          if (kept === clauses[1] && (LEANS_BACK.test(kept.replace(WORDS[type]!, '')) || GAPPED.test(kept))) return leftOut();
          // The other aspect's clause is gone: an "either way" after it would point at one way only.
          cut = true;
          // Alone, "a square usually stirs desire" speaks of squares in general; the reading is of this one.
          const ofThisOne = kept.replace(
            /^((?:with|under) )?an? (square|opposition|trine|sextile)\b/i,
            (_, by: string | undefined, aspect: string) => `${by ?? ''}this ${aspect}`,
          );
          return `${ofThisOne.charAt(0).toUpperCase()}${ofThisOne.slice(1)}.`;
        })
        .filter((s) => s !== undefined)
        .join(' '),
    )
    .join('\n\n');
}

/**
 * Whether forTheAspect would drop a reading's opening sentence for this aspect (one written for its sibling: "with Uranus
 * opposing your Mars, another person's defiance…" read for a square). What follows an opening leans on it ("the other
 * person's rebellion"), so such a reading is not printed for this aspect where the entry has another.
 */
export function opensForAnotherAspect(text: string, type: string): boolean {
  const first = text.split(/(?<=[.!?])\s+(?=[A-Z])/)[0] ?? '';
  return first !== '' && forTheAspect(first, type) === '';
}

/**
 * Whether forTheAspect keeps every sentence of a reading for this aspect, at least in part: a reading written for both
 * aspects ("pressure may come from two directions… with Saturn square… with Saturn opposite… either way") reads broken
 * once the other aspect's sentences are left out, so a reading that needs none left out is printed where the entry has one.
 */
export function wholeForTheAspect(text: string, type: string): boolean {
  // A contrast sentence cut to its own clause ("a square stirs it from within") still stands: only sentences left out count.
  const sentences = (t: string) => t.split(/(?<=[.!?])\s+(?=[A-Z])/).length;
  return sentences(forTheAspect(text, type)) === sentences(text);
}
