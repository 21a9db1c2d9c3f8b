/**
 * A closed set of lower-case values read in any case and with surrounding spaces trimmed, with
 * optional synonyms: the public service's clients send `"R"`, `"Dark"` or `"PNG"` where the
 * documented value is lower case. Anything else is still a 422 naming the allowed values.
 */
import { z } from 'zod/v4';

export function caseInsensitiveEnum<const T extends readonly [string, ...string[]]>(values: T, synonyms: Record<string, T[number]> = {}) {
  return z
    .string()
    .max(40)
    .transform((v): string => {
      const key = v.trim().toLowerCase();
      return Object.hasOwn(synonyms, key) ? synonyms[key]! : key;
    })
    .pipe(z.enum(values))
    .describe(`One of: ${values.join(', ')} (in any case)`);
}
