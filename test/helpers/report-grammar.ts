/**
 * Agreement checking of report prose with Harper (harper.js, a grammar checker compiled to
 * WebAssembly), British English, with only its agreement rules on: subject–verb and pronoun–verb
 * agreement, a/an, "there is/are", "one of the" with a singular. Findings that a reader checked
 * and found correct are listed in ACCEPTED with the reason, so that the test fails on new ones.
 */
import { Dialect, LocalLinter } from 'harper.js';
import { binaryInlined } from 'harper.js/binaryInlined';

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
    .filter((f) => !ACCEPTED.some((a) => a.test(f.context)));
}
