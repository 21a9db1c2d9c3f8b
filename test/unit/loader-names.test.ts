/**
 * The rule of DESIGN.md for code that runs many times per request: no closure that the TypeScript
 * loader names when it is made. `tsx` compiles with esbuild's `keepNames`, which wraps every
 * named arrow or function expression (`const f = () => …`, `at: (t) => …`) in a `defineProperty`
 * call each time it is created, about 0.4 µs: a day of sky events made a few hundred of them
 * (18% of its CPU), a chart wheel's layout several hundred. This compiles the modules of those
 * paths as the loader does and lists the named closures inside their functions; the few that are
 * made once per request or once per process are named here with the reason.
 */
import { readFileSync } from 'node:fs';
import { transformSync } from 'esbuild';
import { describe, expect, it } from 'vitest';

/** Module → closures allowed inside its functions, with why they cost nothing per chart or per scan. */
const HOT_MODULES: Record<string, string[]> = {
  'src/astro/events/scan.ts': [],
  'src/astro/events/root-finding.ts': [],
  'src/astro/events/positions.ts': [],
  'src/astro/events/lunar-phases.ts': [],
  // Made once per 64-day chunk of a search, that is once for a day's events.
  'src/astro/events/search.ts': ['inWindow', 'lonSignal', 'pairSignal', 'aspectEvent'],
  'src/astro/chart.ts': [],
  // Made once per list of aspect types, then kept.
  'src/astro/aspects.ts': ['reaches'],
  'src/astro/zone-offset-table.ts': [],
  'src/compute/json-tape.ts': [],
  // One rounder per precision value, kept.
  'src/features/shared/chart-tape.ts': ['b'],
  'src/features/natal/answer-writer.ts': [],
  // Made once per thread, for the probe of the engine's Math.
  'src/features/natal/native-cast.ts': ['next'],
  'src/features/natal/compact-answer-writer.ts': [],
  'src/features/transits/answer-writer.ts': [],
  'src/features/shared/interpretation-tape.ts': [],
  'src/features/sky-events/service.ts': [],
  // Made once per ring of a chart wheel; the measures they make are called many times.
  'renderer/layout/points.ts': ['has', 'sepAt', 'marginAt'],
  'renderer/svg-builder.ts': [],
};

/** Names the loader gives closures inside functions (module-level ones are named once, at load). */
function namedInnerClosures(file: string): string[] {
  const { code } = transformSync(readFileSync(file, 'utf8'), { loader: 'ts', format: 'esm', keepNames: true });
  const names: string[] = [];
  for (const m of code.matchAll(/__name\(/g)) {
    const lineStart = code.lastIndexOf('\n', m.index) + 1;
    // Indented: inside a function or class. `__name(this, …)` names a class once, when it is declared.
    if (!/^\s/.test(code.slice(lineStart, lineStart + 1)) || code.startsWith('this,', m.index + 7)) continue;
    const call = code.slice(m.index, callEnd(code, m.index + 7));
    names.push(/, "([^"]+)"\)$/.exec(call)?.[1] ?? call);
  }
  return names;
}

/** The index just past the parenthesis that closes a call whose arguments start at `from`. */
function callEnd(code: string, from: number): number {
  let depth = 1;
  for (let i = from; i < code.length; i++) {
    const c = code[i]!;
    if (c === '"' || c === "'" || c === '`') {
      for (i++; i < code.length && code[i] !== c; i++) if (code[i] === '\\') i++; // past the literal, escapes included
      continue;
    }
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') depth--;
    if (depth === 0) return i + 1;
  }
  return code.length;
}

describe('closures named per call on the request paths', () => {
  for (const [file, allowed] of Object.entries(HOT_MODULES)) {
    it(file, () => {
      expect(namedInnerClosures(file).filter((n) => !allowed.includes(n))).toEqual([]);
    });
  }

  it('sees a named closure where there is one', () => {
    const { code } = transformSync('export function f(a: number) { const g = () => a; return g; }', { loader: 'ts', format: 'esm', keepNames: true });
    expect(code).toMatch(/__name\(\(\) => a, "g"\)/);
  });
});
