/**
 * The shape of the library's group files, as agreed for the content: one JSON file per group,
 * each entry with its key, title, themes, one to sixteen body variants of 80 to 150 words, and the
 * strengths, challenges and reflection questions the improved style and the report show.
 */
import { z } from 'zod/v4';

/** Whitespace-separated tokens: the measure of a body variant's length. */
export function wordCount(text: string): number {
  const trimmed = text.trim();
  return trimmed === '' ? 0 : trimmed.split(/\s+/).length;
}

export const BODY_MIN_WORDS = 80;
export const BODY_MAX_WORDS = 150;

/** Plain prose: the engine adds the formatting, so strings carry no markdown and no line breaks. */
const prose = z
  .string()
  .min(1)
  .refine((s) => s === s.trim(), { message: 'no leading or trailing whitespace' })
  .refine((s) => !/[\n\r\t]/.test(s), { message: 'no line breaks or tabs' })
  .refine((s) => !/[*_#`<>|[\]]/.test(s), { message: 'no markdown or markup characters (* _ # ` < > | [ ])' });

const bodyVariant = prose.refine(
  (s) => {
    const n = wordCount(s);
    return n >= BODY_MIN_WORDS && n <= BODY_MAX_WORDS;
  },
  { message: `each body variant has ${BODY_MIN_WORDS} to ${BODY_MAX_WORDS} words` },
);

const claim = z.string().regex(/^[a-z]+:[a-z]+$/, 'faculty:pole');

export const entrySchema = z
  .strictObject({
    key: z.string().regex(/^[a-z0-9_]+(\.[a-z0-9_]+)+$/, 'dotted lowercase key'),
    title: prose.max(120),
    themes: z
      .array(z.string().regex(/^[a-z][a-z' -]*[a-z]$/, 'lowercase keyword'))
      .min(2)
      .max(5),
    /**
     * Readings of the entry, one shown per chart. The entries that most reports show carry the most
     * readings: two people's reports share a reading one time in as many as the entry has.
     */
    body: z.array(bodyVariant).min(1).max(16),
    strengths: z.array(prose.max(200)).min(2).max(4),
    challenges: z.array(prose.max(200)).min(2).max(4),
    reflection: z
      .array(prose.max(250).refine((s) => s.endsWith('?'), { message: 'a reflection is a question ending with "?"' }))
      .min(1)
      .max(2),
    /**
     * What the entry asserts about a faculty, as `faculty:pole` ("mind:quick", "manner:reserved"):
     * the report does not print two entries that assert opposite poles of one faculty, but names
     * the tension between them instead (src/reports/synthesis).
     */
    claims: z.array(claim).max(6).optional(),
    /**
     * What one body variant asserts beyond the entry's own claims, by the variant's index ("3":
     * ["resilience:buoyant"]): a reading that says "bad news rarely keeps you down" claims it where
     * the entry's other readings may not. The report takes the claims of the reading it prints.
     */
    variant_claims: z.record(z.string().regex(/^(0|[1-9][0-9]?)$/, 'a body variant index'), z.array(claim).min(1).max(6)).optional(),
    /**
     * What a line of the strengths or challenges claims, by the line ("Quick recovery from setbacks":
     * ["resilience:buoyant"]): the report's closing lists leave out a line that would contradict a
     * side the report has taken without naming the tension.
     */
    list_claims: z.record(z.string(), z.array(claim).min(1).max(3)).optional(),
  })
  .superRefine((entry, ctx) => {
    for (const line of Object.keys(entry.list_claims ?? {}))
      if (!entry.strengths.includes(line) && !entry.challenges.includes(line))
        ctx.addIssue({ code: 'custom', path: ['list_claims', line], message: "not one of the entry's strengths or challenges" });
    for (const [index, claims] of Object.entries(entry.variant_claims ?? {})) {
      if (Number(index) >= entry.body.length)
        ctx.addIssue({ code: 'custom', path: ['variant_claims', index], message: `the entry has ${entry.body.length} body variants` });
      // A reading that says both sides of a faculty is nuanced, not a claim of either: it carries neither.
      const poles = new Map<string, string>();
      for (const [faculty, pole] of [...(entry.claims ?? []), ...claims].map((c) => c.split(':') as [string, string])) {
        const other = poles.get(faculty);
        if (other !== undefined && other !== pole)
          ctx.addIssue({ code: 'custom', path: ['variant_claims', index], message: `claims both poles of ${faculty}` });
        poles.set(faculty, pole);
      }
    }
  });

export const groupFileSchema = z.strictObject({
  group: z.string().regex(/^[a-z0-9_-]+(\/[a-z0-9_-]+)*$/, 'the file path below the library root, without .json'),
  entries: z.array(entrySchema).min(1),
});

export type InterpretationEntry = z.output<typeof entrySchema>;
export type GroupFile = z.output<typeof groupFileSchema>;
