/**
 * The interpretation library's public face: the `interpretation` blocks of the natal and transits
 * responses and the psychological report's text, all from the content under
 * content/interpretations/<language>/<version>/. Pure: no HTTP, no database; the library files
 * are read once per process or worker thread.
 */
import { buildNatalBlock } from './block/natal.ts';
import { buildTransitBlock, type TransitAspectInput } from './block/transits.ts';
import type { InterpretationBlock, InterpretationStyle } from './block/item.ts';
import type { NatalChartInput } from './chart-input.ts';
import { getLibrary, libraryRoot } from './library.ts';

export type { InterpretationBlock, InterpretationItem, InterpretationStyle } from './block/item.ts';
export type { NatalChartInput } from './chart-input.ts';
export { getLibrary, libraryRoot, loadLibrary, type InterpretationLibrary } from './library.ts';

export interface InterpretationOptions {
  style: InterpretationStyle;
  language: string;
}

export function interpretNatal(chart: NatalChartInput, options: InterpretationOptions): InterpretationBlock {
  return buildNatalBlock(chart, { style: options.style, library: getLibrary(libraryRoot(options.language)) });
}

export function interpretTransits(
  natalSubject: { datetime_utc: string; location: { lat: number; lng: number } },
  aspects: readonly TransitAspectInput[],
  options: InterpretationOptions & { natalTimed: boolean },
): InterpretationBlock {
  return buildTransitBlock(natalSubject, aspects, { style: options.style, library: getLibrary(libraryRoot(options.language)), natalTimed: options.natalTimed });
}
