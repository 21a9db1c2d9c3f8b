/**
 * docs/api/electional.md lists every rule of every category with its weight, as the rule sets say
 * (electional-categories.ts), and docs/api.md links it.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ELECTION_CATEGORIES } from '../../../src/features/western/electional/electional-categories.ts';
import { generalRules } from '../../../src/features/western/electional/electional-rules.ts';

const doc = fs.readFileSync(new URL('../../../docs/api/electional.md', import.meta.url), 'utf8');
const row = (code: string, weight: number, blocking = false) => `| \`${code}\` | ${weight}${blocking ? ' (blocking)' : ''} | `;

describe('docs/api/electional.md', () => {
  it('lists the general rules with their weights', () => {
    const section = doc.slice(doc.indexOf('### General rules'), doc.indexOf('### `wedding`'));
    for (const r of generalRules(true)) expect(section).toContain(row(r.code, r.weight, r.blocking));
  });

  it.each([...ELECTION_CATEGORIES.keys()])('lists every rule of %s with its weight', (id) => {
    const c = ELECTION_CATEGORIES.get(id)!;
    const from = doc.indexOf(`### \`${id}\``);
    expect(from).toBeGreaterThan(0);
    const next = doc.indexOf('\n### ', from + 1);
    const section = doc.slice(from, next < 0 ? undefined : next);
    const general = new Set(generalRules(true).map((r) => r.code));
    for (const r of c.rules) if (!general.has(r.code)) expect(section).toContain(row(r.code, r.weight));
    for (const role of c.roles) expect(section).toContain(`\`${role}\``);
  });

  it('is linked from docs/api.md', () => {
    expect(fs.readFileSync(new URL('../../../docs/api.md', import.meta.url), 'utf8')).toContain('(api/electional.md)');
  });
});
