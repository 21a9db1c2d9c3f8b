/**
 * A family's text made to name its aspect. The library has one entry for the two hard aspects
 * (square and opposition) and one for the two soft ones (trine and sextile) of most pairs, and
 * their texts say "squares or opposes", "trine or sextile": read for a chart, the report knows
 * which one it is, so the alternative is replaced by the aspect itself, in the same form
 * ("squaring or opposing" → "squaring", "a square or an opposition" → "an opposition").
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
