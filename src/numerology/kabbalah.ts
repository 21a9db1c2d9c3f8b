/**
 * Hebrew gematria (spec.md §4): `kabbalah_gematria` in six methods. Final forms take the value of
 * their base letter in every method; there are no master numbers.
 */
import { hebrewRow } from './alphabets.ts';
import { lastOf, reductionChain } from './reduction.ts';

export const KABBALAH_SLUGS = ['kabbalah_gematria'] as const;
export type KabbalahSlug = (typeof KABBALAH_SLUGS)[number];

export const GEMATRIA_METHODS = ['hechrechi', 'siduri', 'katan', 'katan_mispari', 'millui_alef', 'millui_alef_reduced'] as const;
export type GematriaMethod = (typeof GEMATRIA_METHODS)[number];

export interface GematriaLetter {
  char: string;
  value: number;
}

export interface MilluiLetter {
  char: string;
  spelled: string;
  value: number;
}

function sum(values: readonly { value: number }[]): number {
  return values.reduce((a, v) => a + v.value, 0);
}

/** `letters` are the glyphs produced by `normalizeHebrewName` (final forms kept as glyphs). */
export function kabbalahGematria(letters: readonly string[], method: GematriaMethod) {
  switch (method) {
    case 'hechrechi':
    case 'siduri':
    case 'katan': {
      const rows: GematriaLetter[] = letters.map((char) => ({ char, value: hebrewRow(char)[method] }));
      return { value: sum(rows), method, letters: rows };
    }
    case 'katan_mispari': {
      const rows: GematriaLetter[] = letters.map((char) => ({ char, value: hebrewRow(char).hechrechi }));
      const total = sum(rows);
      const chain = reductionChain(total, false);
      return { value: lastOf(chain), method, letters: rows, total, chain };
    }
    case 'millui_alef':
    case 'millui_alef_reduced': {
      const rows: MilluiLetter[] = letters.map((char) => {
        const row = hebrewRow(char);
        return { char, spelled: row.millui_alef_spelling, value: row.millui_alef };
      });
      const total = sum(rows);
      if (method === 'millui_alef') return { value: total, method, letters: rows };
      const chain = reductionChain(total, false);
      return { value: lastOf(chain), method, letters: rows, total, chain };
    }
  }
}
