/** A report section: an id, a title and its markdown (which begins with the title as a heading). */
import { keys } from '../../interpretations/keys.ts';
import type { ReportContext } from './context.ts';
import { NODES_CHAPTER_TITLE, sectionIntro } from './section-intros.ts';

export interface ReportSection {
  id: string;
  title: string;
  markdown: string;
}

/** Titles used when the library has no introduction for a section. */
const FALLBACK_TITLES: Record<string, string> = {
  how_to_read: 'How to Read This Report',
  core_triad: 'The Core of You',
  temperament: 'Your Temperament',
  chart_shape: 'Chart Shape and Configurations',
  personal_planets: 'The Personal Planets',
  jupiter_saturn: 'Jupiter and Saturn',
  outer_planets: 'The Outer Planets',
  life_areas: 'Life Areas',
  nodes_chiron: NODES_CHAPTER_TITLE,
  key_aspects: 'Key Aspects',
  synthesis: 'Synthesis',
};

/**
 * A section that opens with its introduction, followed by `parts`: the report's own, written for
 * this chart (section-intros.ts), or else the library's (`section.<id>`).
 */
export function introducedSection(ctx: ReportContext, id: string, parts: (string | undefined)[]): ReportSection {
  const own = sectionIntro(ctx, id);
  if (own) return section(id, own.title, [own.text, ...parts]);
  const key = keys.section(id);
  const entry = ctx.library.entries.get(key);
  const title = entry?.title ?? FALLBACK_TITLES[id] ?? id;
  // Section introductions are framing, not findings: they do not count toward the synthesis.
  const intro = entry && !ctx.isShown(key) ? ctx.take(key, title, 0, { plain: true }) : undefined;
  return section(id, title, [intro, ...parts]);
}

export function section(id: string, title: string, parts: (string | undefined)[]): ReportSection {
  const body = parts.filter((p): p is string => p !== undefined && p !== '');
  return { id, title, markdown: [`## ${title}`, ...body].join('\n\n') };
}
