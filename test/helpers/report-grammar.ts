/**
 * Agreement checking of report prose with Harper (harper.js, a grammar checker compiled to
 * WebAssembly), British English, with only its agreement rules on: subject–verb and pronoun–verb
 * agreement, a/an, "there is/are", "one of the" with a singular. Findings that a reader checked
 * and found correct are listed in ACCEPTED with the reason, so that the test fails on new ones.
 * A rule of our own checks the report's vocabulary used as a subject (vocabularyAgreementFindings).
 */
import { Dialect, LocalLinter } from 'harper.js';
import { binaryInlined } from 'harper.js/binaryInlined';
import { HOUSE_DOMAINS, NODE_DIRECTION, POINT_FUNCTION, SIGN_CARE, SIGN_LOVE, SIGN_STYLE, SIGN_WORK } from '../../src/reports/text/phrases.ts';

const RULES = /Agreement|^AnA$|OneOfTheSingular|PronounAre|PronounInflectionBe|SubjectPronoun|PluralWrongWordOfPhrase/;

/**
 * Sentences Harper flags that are grammatical: "you" as the object that ends a clause, before the
 * main verb ("Knowing what truly comforts you makes ...", "routines that settle you help ..."),
 * "you" as the indirect object before a plural noun ("bring you troubles"), and "one of the great
 * builders", whose noun is plural.
 */
const ACCEPTED = [/ you (makes|keeps|helps|comes|is|has|balances) /, /bring you troubles/, /one of the great builders/];

export interface GrammarFinding {
  rule: string;
  message: string;
  context: string;
}

let linter: Promise<LocalLinter> | null = null;

async function agreementLinter(): Promise<LocalLinter> {
  const l = new LocalLinter({ binary: binaryInlined, dialect: Dialect.British });
  await l.setup();
  const config = await l.getLintConfig();
  await l.setLintConfig(Object.fromEntries(Object.keys(config).map((k) => [k, RULES.test(k)])));
  return l;
}

export async function agreementFindings(text: string): Promise<GrammarFinding[]> {
  linter ??= agreementLinter();
  const l = await linter;
  const lints = await l.lint(text);
  return lints
    .map((lint) => {
      const span = lint.span();
      return { rule: lint.lint_kind(), message: lint.message(), context: text.slice(Math.max(0, span.start - 40), span.end + 30).replace(/\s+/g, ' ') };
    })
    .filter((f) => !ACCEPTED.some((a) => a.test(f.context)))
    .concat(vocabularyAgreementFindings(text));
}

/**
 * A report's sentences checked in groups: Harper's time grows faster than the text (one report of
 * about 60 KB as one text took eight times as long as the same sentences fifty at a time), and the
 * agreement rules never look past a sentence.
 */
export async function sentenceAgreementFindings(sentences: readonly string[], group = 50): Promise<GrammarFinding[]> {
  const findings: GrammarFinding[] = [];
  for (let at = 0; at < sentences.length; at += group) findings.push(...(await agreementFindings(sentences.slice(at, at + group).join(' '))));
  return findings;
}

/**
 * The report's own phrases (a house's domain, a planet's function, a sign's manner) are dropped
 * into sentences whole, sometimes as the subject of a verb, where the checker above cannot parse
 * them: "how you present yourself and begin things repay patience" reads to it as "things repay".
 * Each phrase has a grammatical number (a clause such as "how you …" is singular; two nouns joined
 * by "and" are plural), and a phrase followed directly by a verb of the other number is a finding.
 */
const SUBJECT_PLACE = /(^|[.:;!?]\s+|\b(that|while|because|so|since|when|if|although)\s+)((your|the|this|its)\s+)?$/;
const PLURAL_VERBS = new Set(['are', 'were', 'have', 'do']);
const SINGULAR_VERBS = new Set(['is', 'was', 'has', 'does']);
/** Verbs the report's sentences put after a phrase, in their plural (bare) form. */
const REGULAR_VERBS = [
  'repay',
  'need',
  'ask',
  'tend',
  'take',
  'make',
  'deserve',
  'reward',
  'benefit',
  'grow',
  'show',
  'matter',
  'depend',
  'seem',
  'bring',
  'call',
  'stay',
  'work',
  'pay',
  'suffer',
  'thrive',
  'improve',
  'open',
  'come',
  'go',
  'get',
  'feel',
  'look',
  'flourish',
  'unfold',
  'remain',
  'become',
  'carry',
  'answer',
  // "Your drive and assertiveness flows easily toward the North Node" (two readers).
  'flow',
  'square',
  'sit',
  'stand',
];
const THIRD_PERSON = new Map(REGULAR_VERBS.map((v) => [/(sh|ch|s|x|o)$/.test(v) ? `${v}es` : /[^aeiou]y$/.test(v) ? `${v.slice(0, -1)}ies` : `${v}s`, v]));

/**
 * A phrase's number: a clause ("how you …") or a gerund's phrase ("building steady security") is
 * singular; a list or two nouns joined by "and" is plural, unless the "and" joins the object of a
 * preposition after the head noun ("way of thinking and speaking"); otherwise its head noun's.
 */
export function phraseNumber(phrase: string): 'singular' | 'plural' {
  const words = phrase.split(' ');
  if (/^(how|what|whether|where|when|who)$/.test(words[0]!)) return 'singular';
  if (/ing$/.test(words[0]!) && !words[0]!.endsWith(',') && words[1] !== 'and') return 'singular';
  const and = words.indexOf('and');
  const preposition = words.findIndex((w) => /^(of|for|with|to|in|on|between)$/.test(w));
  const joinsObject = and > 0 && preposition > 0 && preposition < and && !/^(a|an|the|your|my)$/.test(words[and + 1] ?? '');
  if ((and > 0 || words.some((w) => w.endsWith(','))) && !joinsObject) return 'plural';
  const head = words[preposition > 0 ? preposition - 1 : words.length - 1]!;
  return /[^s]s$/.test(head) ? 'plural' : 'singular';
}

export function vocabularyAgreementFindings(text: string, phrases: readonly string[] = REPORT_PHRASES): GrammarFinding[] {
  const out: GrammarFinding[] = [];
  // A phrase may open a sentence with a capital.
  const lower = text.toLowerCase();
  for (const phrase of phrases) {
    const number = phraseNumber(phrase);
    for (let at = lower.indexOf(`${phrase} `); at >= 0; at = lower.indexOf(`${phrase} `, at + 1)) {
      // Only a phrase in a subject's place: opening a sentence or a clause, with "your" or "the" at most before it
      // (not the object of a verb or a preposition, nor one of two subjects joined by "and").
      if (!SUBJECT_PLACE.test(lower.slice(Math.max(0, at - 40), at))) continue;
      const next = /^[a-z]+/.exec(lower.slice(at + phrase.length + 1))?.[0] ?? '';
      const plural = PLURAL_VERBS.has(next) || REGULAR_VERBS.includes(next);
      const singular = SINGULAR_VERBS.has(next) || THIRD_PERSON.has(next);
      if ((number === 'singular' && plural) || (number === 'plural' && singular))
        out.push({
          rule: 'VocabularyAgreement',
          message: `"${phrase}" is ${number}, and "${next}" is not`,
          context: text.slice(Math.max(0, at - 40), at + phrase.length + next.length + 30).replace(/\s+/g, ' '),
        });
    }
  }
  return out;
}

const REPORT_PHRASES = [
  ...Object.values(HOUSE_DOMAINS).flat(),
  ...Object.values(POINT_FUNCTION),
  ...Object.values(SIGN_STYLE),
  ...Object.values(SIGN_CARE),
  ...Object.values(SIGN_LOVE),
  ...Object.values(SIGN_WORK),
  ...Object.values(NODE_DIRECTION),
];
