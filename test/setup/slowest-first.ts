/**
 * The order in which the suite's files start. Three workers share the files; when the longest
 * file starts last, the run waits on it alone at the end. Vitest starts the files that took
 * longest in its last run first, but it keeps those durations in node_modules, so a clean clone
 * (CI's case) starts the largest files first instead, and the slowest ones, which start child
 * processes or install a copy of the service, are not the largest: a clean run took 687 s where
 * the same files took 608 s slowest-first. The files below, measured slowest on a quiet box,
 * start first in this order; the rest follow vitest's own order.
 */
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Seconds each took in a full run on a quiet box (CI prints the ten slowest after each run). */
const SLOWEST: readonly (readonly [file: string, seconds: number])[] = [
  ['test/integration/production-start.test.ts', 138],
  ['test/integration/embedded-processes.test.ts', 103],
  ['test/integration/topology.test.ts', 89],
  ['test/unit/renderer/wheel-layout-solar-return-synastry.test.ts', 71],
  ['test/integration/npm-start-signals.test.ts', 50],
  ['test/integration/report-grammar.test.ts', 45],
  ['test/integration/process-group.test.ts', 40],
  ['test/integration/fuzz-openapi.test.ts', 32],
  ['test/integration/report-store-outage.test.ts', 32],
  ['test/integration/natal-refdata.test.ts', 28],
];

export default class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = new Map(SLOWEST.map(([file], i) => [file, i]));
    const place = (spec: TestSpecification) => rank.get(path.relative(spec.project.config.root, spec.moduleId).split(path.sep).join('/')) ?? SLOWEST.length;
    const ordered = await super.sort(files);
    // Array.prototype.sort is stable: files off the list keep vitest's order among themselves.
    return ordered.sort((a, b) => place(a) - place(b));
  }
}
