/**
 * computeProfile: runs the selected calculations of a resolved profile on already validated,
 * normalised inputs. Pure: no I/O, no clock, no logging, no caching.
 */
import { bhagyank, moolank, namank } from './ank-jyotish.ts';
import { chaldeanNameNumber } from './chaldean.ts';
import type { CivilDate } from './dates.ts';
import { kabbalahGematria } from './kabbalah.ts';
import { nameBasisOf } from './profiles.ts';
import type { CompoundPolicy, NameSource, ProfileDef } from './profiles.ts';
import { PYTHAGOREAN_SLUGS, computePythagorean } from './pythagorean.ts';
import type { PythagoreanSlug } from './pythagorean.ts';

export interface ResolvedName<T> {
  readonly source: NameSource;
  readonly value: T;
}

export interface ProfileInputs {
  readonly profile: ProfileDef;
  readonly compoundPolicy: CompoundPolicy;
  /** Canonical slugs of the profile, in output order. */
  readonly slugs: readonly string[];
  readonly birthDate?: CivilDate;
  /** Normalised Latin name parts (pythagorean, chaldean, namank). */
  readonly latinName?: ResolvedName<readonly string[]>;
  /** Normalised Hebrew letters (kabbalah). */
  readonly hebrewName?: ResolvedName<readonly string[]>;
  readonly referenceDate?: CivilDate;
}

export type CalculationResult = Record<string, unknown>;

function required<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`computeProfile: missing ${what}`);
  return value;
}

function isPythagoreanSlug(slug: string): slug is PythagoreanSlug {
  return (PYTHAGOREAN_SLUGS as readonly string[]).includes(slug);
}

function computeOne(inputs: ProfileInputs, slug: string): object {
  const { profile } = inputs;
  switch (profile.system) {
    case 'pythagorean': {
      if (!isPythagoreanSlug(slug)) break;
      return computePythagorean(slug, {
        dateMethod: required(profile.date_method, 'date method'),
        birthDate: inputs.birthDate,
        nameParts: inputs.latinName?.value,
        referenceDate: inputs.referenceDate,
      });
    }
    case 'chaldean': {
      if (slug !== 'chaldean_name_number') break;
      const name = required(inputs.latinName, 'name');
      return chaldeanNameNumber(name.value, nameBasisOf(name.source));
    }
    case 'kabbalah': {
      if (slug !== 'kabbalah_gematria') break;
      return kabbalahGematria(required(inputs.hebrewName, 'Hebrew name').value, required(profile.gematria_method, 'method'));
    }
    case 'ank_jyotish': {
      if (slug === 'moolank') return moolank(required(inputs.birthDate, 'birth date'));
      if (slug === 'bhagyank') return bhagyank(required(inputs.birthDate, 'birth date'));
      if (slug === 'namank') {
        const name = required(inputs.latinName, 'name');
        return namank(name.value, nameBasisOf(name.source));
      }
      break;
    }
  }
  throw new Error(`computeProfile: ${slug} is not a calculation of ${profile.id}`);
}

/** Letter-level trace members dropped by `compound_and_root`. */
const LETTER_TRACE_KEYS = new Set(['parts', 'letters', 'normalized']);

/**
 * Applies the compound policy to a `full_trace` result:
 * - `full_trace`: unchanged.
 * - `compound_and_root`: without the letter-level trace (compound chain and root kept).
 * - `root_only`: `value` (and `status` when present) only.
 */
export function applyCompoundPolicy(result: object, policy: CompoundPolicy): CalculationResult {
  // Each result is a new object of its calculation: `full_trace` answers it as it is, and the
  // others copy the members they keep in a plain loop (Object.entries and fromEntries made the
  // policy step cost as much as the calculations; fromEntries' objects also serialise slower).
  const members = result as Record<string, unknown>;
  if (policy === 'full_trace') return members;
  const kept: Record<string, unknown> = {};
  for (const key of Object.keys(members)) {
    if (policy === 'root_only' ? key === 'value' || key === 'status' : !LETTER_TRACE_KEYS.has(key)) kept[key] = members[key];
  }
  return kept;
}

/** `{ <slug>: <result> }` in the order of `inputs.slugs`. */
export function computeProfile(inputs: ProfileInputs): Record<string, CalculationResult> {
  const out: Record<string, CalculationResult> = {};
  for (const slug of inputs.slugs) {
    out[slug] = applyCompoundPolicy(computeOne(inputs, slug), inputs.compoundPolicy);
  }
  return out;
}
