/**
 * An answer's contract with its response schema, checked on answers its tests generate: every
 * answer parses against the strict schema (src/answers/schema-serializer.ts: no key the schema
 * lacks, at any depth; its types, ranges, enums and literals; keys in the schema's order) and
 * every field of the schema appears, with a value other than null, in at least one of them. So a
 * writer cannot write what the schema does not say, and cannot leave a field of the schema
 * untested. Answers are given as the bytes the service sends (or their text): the contract is
 * the JSON's.
 *
 * Fields are named by their place in the schema: `planets[].dignity` (an array's items),
 * `sections{}[].title` (a record's values), `result|1.kind` (the second option of a union).
 */
import type { z } from 'zod/v4';
import { answerProblems, childPath, visitAnswer } from '../../src/answers/schema-serializer.ts';

export interface AnswerContractOptions {
  /** Fields that these answers never hold, each with the reason; a field listed here that an answer holds fails the check. */
  absent?: Record<string, string>;
  /** Objects the schema leaves loose (`.passthrough()`), each with the reason; a key that only a loose object admits elsewhere fails the check. */
  loose?: Record<string, string>;
  /** false: keys out of the schema's order are reported (orderProblems) but do not fail the check. */
  order?: boolean;
}

export interface AnswerContractReport {
  answers: number;
  /** Every field of the schema, in its order. */
  fields: string[];
  /** Fields that some answer held with a value other than null. */
  seen: string[];
  /** Fields that no answer held (with a value other than null), those listed absent left out. */
  unseen: string[];
  /** Where an answer disagrees with the strict schema: `answer N: path: problem`, at most 50. */
  problems: string[];
  /** Keys out of the schema's order, one line per place (array indexes as []), with how many answers. */
  orderProblems: string[];
  /** Keys that only a loose object admits, by field (`provenance.engine`). */
  looseKeys: string[];
}

const decoder = new TextDecoder('utf-8', { fatal: true });

/** The fields of a schema, in its order (see the note at the top for their names). */
export function schemaFields(schema: z.ZodType): string[] {
  const fields: string[] = [];
  const expand = (s: z.ZodType, field: string, lazies: Set<unknown>): void => {
    let def = s._zod.def as Record<string, unknown> & { type: string };
    while (['optional', 'nullable', 'readonly', 'nonoptional', 'lazy'].includes(def.type)) {
      if (def.type === 'lazy') {
        if (lazies.has(s)) return; // a recursive schema: its fields are listed once
        lazies = new Set([...lazies, s]);
        s = (def.getter as () => z.ZodType)();
      } else {
        s = def.innerType as z.ZodType;
      }
      def = s._zod.def as Record<string, unknown> & { type: string };
    }
    const add = (name: string, inner: z.ZodType) => {
      fields.push(name);
      expand(inner, name, lazies);
    };
    switch (def.type) {
      case 'object':
        for (const [key, value] of Object.entries((s as z.ZodObject).shape)) add(childPath(field, key), value as z.ZodType);
        break;
      case 'array':
        add(`${field}[]`, def.element as z.ZodType);
        break;
      case 'tuple':
        (def.items as z.ZodType[]).forEach((item, i) => add(`${field}[${i}]`, item));
        if (def.rest) add(`${field}[]`, def.rest as z.ZodType);
        break;
      case 'record':
        add(`${field}{}`, def.valueType as z.ZodType);
        break;
      case 'union':
        (def.options as z.ZodType[]).forEach((option, i) => add(`${field}|${i}`, option));
        break;
    }
  };
  expand(schema, '', new Set());
  return fields;
}

/** A field, or one inside it. */
const within = (field: string, outer: string) =>
  field === outer || field.startsWith(`${outer}.`) || field.startsWith(`${outer}[`) || field.startsWith(`${outer}{`) || field.startsWith(`${outer}|`);

/** The contract's findings over these answers (bytes, text or parsed JSON), without judging them. */
export function answerContract(schema: z.ZodType, answers: Iterable<Uint8Array | string | object>, options: AnswerContractOptions = {}): AnswerContractReport {
  const fields = schemaFields(schema);
  const seen = new Set<string>();
  const looseKeys = new Set<string>();
  const problems: string[] = [];
  const orderProblems = new Map<string, number>();
  let count = 0;
  for (const answer of answers) {
    const index = count++;
    let value: unknown;
    try {
      value =
        answer instanceof Uint8Array
          ? JSON.parse(decoder.decode(answer))
          : typeof answer === 'string'
            ? JSON.parse(answer)
            : JSON.parse(JSON.stringify(answer));
    } catch (error) {
      problems.push(`answer ${index}: not JSON in UTF-8: ${(error as Error).message}`);
      continue;
    }
    const found = answerProblems(schema, value, { order: false });
    if (found.length) {
      for (const p of found) if (problems.length < 50) problems.push(`answer ${index}: ${p}`);
      continue;
    }
    for (const p of answerProblems(schema, value)) {
      const place = p.replace(/\[\d+\]/g, '[]');
      orderProblems.set(place, (orderProblems.get(place) ?? 0) + 1);
    }
    visitAnswer(schema, value, (node) => {
      seen.add(node.field);
      if (node.kind === 'object') for (const key of node.loose) looseKeys.add(childPath(node.field, key));
    });
  }
  const absent = Object.keys(options.absent ?? {});
  return {
    answers: count,
    fields,
    seen: fields.filter((f) => seen.has(f)),
    unseen: fields.filter((f) => f !== '' && !seen.has(f) && !absent.some((a) => within(f, a))),
    problems,
    orderProblems: [...orderProblems].map(([place, n]) => `${place} (${n} answers)`),
    looseKeys: [...looseKeys],
  };
}

/** Throws, saying what is wrong, unless these answers keep the contract (and the options' lists are true). */
export function assertAnswerContract(
  schema: z.ZodType,
  answers: Iterable<Uint8Array | string | object>,
  options: AnswerContractOptions = {},
): AnswerContractReport {
  const report = answerContract(schema, answers, options);
  const complaints: string[] = [];
  if (report.answers === 0) complaints.push('no answers were given');
  if (report.problems.length) complaints.push(`answers that disagree with the schema:\n    ${report.problems.join('\n    ')}`);
  if (report.unseen.length) complaints.push(`fields of the schema that no answer holds (or only as null): ${report.unseen.join(', ')}`);
  if (options.order !== false && report.orderProblems.length) complaints.push(`keys out of the schema's order: ${report.orderProblems.join('; ')}`);
  const absent = Object.keys(options.absent ?? {});
  const held = absent.filter((a) => !report.fields.includes(a) || report.seen.some((f) => within(f, a)));
  if (held.length) complaints.push(`fields listed as absent that the schema lacks or an answer holds: ${held.join(', ')}`);
  const loose = Object.keys(options.loose ?? {});
  const throughLoose = (key: string, l: string) => key.startsWith(`${l}.`) || key.startsWith(`${l}[`);
  const undeclared = report.looseKeys.filter((key) => !loose.some((l) => throughLoose(key, l)));
  if (undeclared.length) complaints.push(`keys that the schema does not describe (only a loose object admits them): ${undeclared.join(', ')}`);
  const unused = loose.filter((l) => !report.looseKeys.some((key) => throughLoose(key, l)));
  if (unused.length) complaints.push(`objects listed as loose through which no key went: ${unused.join(', ')}`);
  if (complaints.length) throw new Error(`the answers break their contract with the schema (${report.answers} answers):\n  ${complaints.join('\n  ')}`);
  return report;
}
