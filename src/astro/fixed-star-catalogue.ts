/**
 * The named stars of the Swiss Ephemeris star catalogue (ephe/sefstars.txt): what `all` means
 * where a request may ask for every star. A star listed under several traditional names
 * (Aldebaran, Rohini) counts once, under its first name; entries without a traditional name
 * (only a designation) are left out.
 */
import { readFileSync } from 'node:fs';
import { projectPath } from '../project-paths.ts';

const CATALOGUE = projectPath('ephe', 'sefstars.txt');

let named: readonly string[] | undefined;

export function namedCatalogueStars(): readonly string[] {
  if (named) return named;
  const designations = new Set<string>();
  const names = new Set<string>();
  for (const line of readFileSync(CATALOGUE, 'utf8').split('\n')) {
    if (!line.trim() || line.startsWith('#')) continue;
    const [rawName, rawDesignation] = line.split(',');
    const name = rawName?.trim() ?? '';
    const designation = rawDesignation?.trim() ?? '';
    if (!name || designations.has(designation) || names.has(name)) continue;
    designations.add(designation);
    names.add(name);
  }
  named = Object.freeze([...names]);
  return named;
}
