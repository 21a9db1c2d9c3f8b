/**
 * The lunar nodes, Chiron and Lilith, kept in proportion to the themes: a direction of growth and
 * the gifts of a sensitive place, each by its sign with its one closest aspect, and what was
 * refused and asks to be reclaimed, by Lilith's sign and its two closest aspects. Their houses are
 * named, not read at length.
 */
import { signOf } from '../../../astro/zodiac.ts';
import type { ReportContext } from '../context.ts';
import { ordinal } from '../report-markdown.ts';
import { introducedSection, type ReportSection } from '../section.ts';
import { keys } from '../../../interpretations/keys.ts';
import { POINT_NAMES } from '../phrases.ts';
import { placementFact } from './core-triad.ts';
import { chironAspectParts, lilithAspects, moonAspectsNotRead, nodeAspectParts } from './node-chiron-aspects.ts';
import { aspectEntry } from './planets.ts';
import { aspectFamily } from '../../../interpretations/keys.ts';
import type { PointPairAspect } from '../../../interpretations/chart-factors/aspects.ts';
import { cuspMargin } from '../chart-facts.ts';

export const NODES_WEIGHT = { sign: 5, house: 4 };
/** Below the nodes and Chiron: the synthesis draws on Lilith only where little else speaks. */
export const LILITH_WEIGHT = { sign: 4, house: 3, aspect: 3 };

export function nodesChironSection(ctx: ReportContext): ReportSection {
  const parts: string[] = [];
  const node = ctx.factors.points.get('north_node');
  if (node) {
    const south = signOf(node.lon + 180).name;
    const variant = ctx.chart.planets.find((p) => p.id === 'north_node') as { variant?: string } | undefined;
    parts.push(
      `Your North Node (the ${variant?.variant === 'true' ? 'true' : 'mean'} node) is in ${ctx.signName('north_node')}${node.house !== undefined ? ` in the ${ordinal(node.house)} house` : ''}; the South Node lies opposite, in ${south}${node.house !== undefined ? ` in the ${ordinal(((node.house + 5) % 12) + 1)} house` : ''}, the familiar ground the North Node leads away from.`,
    );
    // The North Node's readings describe as traits the South Node's familiar ground; their claims are the South Node's.
    // With a birth time the axis is read by house, where the tradition that reads the nodes puts its weight (the houses
    // say which part of life the move from the South Node's ground to the North Node's asks for); the sign is named above.
    parts.push(
      ...(node.house === undefined
        ? signEntry(ctx, 'north_node', NODES_WEIGHT.sign, `South Node in ${south}`)
        : houseEntry(ctx, 'north_node', node.house, NODES_WEIGHT.house, `South Node in the ${ordinal(((node.house + 5) % 12) + 1)} house`)),
    );
    parts.push(...nodeAspectParts(ctx));
  }
  const chiron = ctx.factors.points.get('chiron');
  if (chiron) {
    parts.push(...signEntry(ctx, 'chiron', NODES_WEIGHT.sign));
    parts.push(...chironAspectParts(ctx));
  } else {
    parts.push('Chiron is not part of this chart: its position is only computed for births between 1800 and 2399.');
  }
  parts.push(...signEntry(ctx, 'lilith', LILITH_WEIGHT.sign));
  // Its closest aspects, from the library's entries: a Moon on Lilith is no smaller a fact than a Chiron on the Sun.
  for (const a of lilithAspects(ctx)) {
    const keyed: PointPairAspect = { p1: a.other, p2: 'lilith', type: a.type, family: aspectFamily(a.type)!, orb: a.orb, applying: a.applying ?? false };
    const text = aspectEntry(ctx, keyed, LILITH_WEIGHT.aspect);
    if (text) parts.push(text);
  }
  const moonNotRead = moonAspectsNotRead(ctx, 'lilith', 'Lilith', true);
  if (moonNotRead) parts.push(moonNotRead);
  return introducedSection(ctx, 'nodes_chiron', parts);
}

/** A point's house entry. */
function houseEntry(ctx: ReportContext, id: string, house: number, weight: number, claimsAbout?: string): string[] {
  return placementEntry(ctx, id, keys.planetHouse(id, house), `${POINT_NAMES[id]} in the ${ordinal(house)} House`, weight, claimsAbout);
}

/** A point's sign entry. */
function signEntry(ctx: ReportContext, id: string, weight: number, claimsAbout?: string): string[] {
  const p = ctx.factors.points.get(id);
  return p ? placementEntry(ctx, id, keys.planetSign(id, p.sign), `${POINT_NAMES[id]} in ${ctx.signName(id)}`, weight, claimsAbout) : [];
}

/** An entry of a point's placement under the library's heading, its facts line giving the point's sign and house. */
function placementEntry(ctx: ReportContext, id: string, key: string, label: string, weight: number, claimsAbout: string | undefined): string[] {
  // A point a few minutes of birth time from another house says so, as a planet does (a reader at 71° N found the North
  // Node 0°41′ inside the 1st, a whole passage built on it, without a word).
  const fact = [placementFact(ctx, id), cuspMargin(ctx, id)].filter(Boolean).join(' · ');
  const text = ctx.take(key, label, weight, { heading: ctx.library.entries.get(key)?.title ?? '', fact, claimsAbout });
  return text ? [text] : [];
}
