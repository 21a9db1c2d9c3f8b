/** Chart shape and configurations: the whole-chart pattern, stelliums and aspect figures. */
import { gapsAfter } from '../../../astro/chart-shape.ts';
import { normalizeDegrees, SIGNS } from '../../../astro/zodiac.ts';
import type { Configuration } from '../../../interpretations/chart-factors/configurations.ts';
import { keys, TEN_PLANET_IDS } from '../../../interpretations/keys.ts';
import type { ReportContext } from '../context.ts';
import { moonSignHours } from '../untimed-moon-sign.ts';
import { countWord, degreesMinutes, joinAnd, ordinal } from '../report-markdown.ts';
import { POINT_NAMES } from '../phrases.ts';
import { introducedSection, type ReportSection } from '../section.ts';

export const SHAPE_WEIGHT = { shape: 5, stellium: 6, configuration: 6 };

const names = (ids: string[]) => joinAnd(ids.map((id) => POINT_NAMES[id]!));

/** The planet that stands alone opposite the others in a bucket pattern. */
function bucketHandle(ctx: ReportContext): string | undefined {
  const planets = TEN_PLANET_IDS.map((id) => ctx.factors.points.get(id)).filter((p) => p !== undefined);
  for (const handle of planets) {
    const rest = planets
      .filter((p) => p !== handle)
      .map((p) => normalizeDegrees(p.lon))
      .sort((a, b) => a - b);
    if (360 - Math.max(...gapsAfter(rest)) <= 180) return handle.id;
  }
  return undefined;
}

/** "Planets spread over 236° of the zodiac", or the handle of a bucket. */
function shapeFact(ctx: ReportContext): string {
  if (ctx.factors.shape === 'bucket') {
    const handle = bucketHandle(ctx);
    if (handle) {
      const p = ctx.factors.points.get(handle)!;
      // Untimed, on a day the Moon changed sign: its noon sign, with the hours it held.
      const hours = handle === 'moon' ? moonSignHours(ctx) : undefined;
      if (hours) return `Handle: Moon in ${hours.noon} at noon (${hours.other} on the other side of ${hours.at} local time)`;
      return `Handle: ${POINT_NAMES[handle]} in ${ctx.signName(handle)}${p.house !== undefined ? `, ${ordinal(p.house)} house` : ''}`;
    }
  }
  const lons = TEN_PLANET_IDS.map((id) => ctx.factors.points.get(id)?.lon)
    .filter((l) => l !== undefined)
    .map(normalizeDegrees)
    .sort((a, b) => a - b);
  return `The ten planets span ${Math.round(360 - Math.max(...gapsAfter(lons)))}° of the zodiac`;
}

function configurationFact(list: Configuration[]): string {
  const describe = (c: Configuration) => {
    const orb = `widest orb ${degreesMinutes(c.maxOrb)}`;
    switch (c.kind) {
      case 't_square':
        return `${names(c.planets.slice(0, 2))} in opposition, both square ${POINT_NAMES[c.planets[2]!]} (${orb})`;
      case 'yod':
        return `${names(c.planets.slice(0, 2))} in sextile, both quincunx ${POINT_NAMES[c.planets[2]!]} (${orb})`;
      case 'kite':
        return `${names(c.planets.slice(0, 3))} in a grand trine, with ${POINT_NAMES[c.planets[3]!]} as the tail (${orb})`;
      default:
        return `${names(c.planets)} (${orb})`;
    }
  };
  return list.map(describe).join('; ');
}

export function chartShapeSection(ctx: ReportContext): ReportSection {
  const { factors } = ctx;
  const parts: string[] = [];
  if (factors.shape) {
    const key = keys.shape(factors.shape);
    const e = ctx.library.entries.get(key);
    const text = e ? ctx.take(key, e.title, SHAPE_WEIGHT.shape, { heading: e.title, fact: shapeFact(ctx) }) : undefined;
    if (text) parts.push(text);
  }
  for (const s of factors.stelliums) {
    const key = s.kind === 'sign' ? keys.stelliumSign(s.sign_id!) : keys.stelliumHouse(s.house!);
    const e = ctx.library.entries.get(key);
    const where = s.kind === 'sign' ? SIGNS.find((sign) => sign.id === s.sign_id)!.name : `the ${ordinal(s.house!)} house`;
    const text = e ? ctx.take(key, e.title, SHAPE_WEIGHT.stellium, { heading: e.title, fact: `${names(s.bodies)} in ${where}` }) : undefined;
    if (text) parts.push(text);
  }
  const byKey = new Map<string, Configuration[]>();
  for (const c of factors.configurations) byKey.set(c.key, [...(byKey.get(c.key) ?? []), c]);
  for (const [key, list] of byKey) {
    const e = ctx.library.entries.get(key);
    const text = e ? ctx.take(key, e.title, SHAPE_WEIGHT.configuration, { heading: e.title, fact: configurationFact(list) }) : undefined;
    if (text) parts.push(text);
  }
  if (factors.configurations.length === 0) {
    parts.push(
      ctx.choose(
        [
          `Your chart has no grand trine, T-square, grand cross, yod or kite; its ${countWord(factors.aspects.length)} major aspects work one pair at a time rather than as closed figures, which leaves more room for you to decide how the parts combine.`,
          `None of the classic aspect figures (grand trine, T-square, grand cross, yod, kite) appears in your chart, so its dynamics rest on ${countWord(factors.aspects.length)} single aspects between pairs of planets, described later in this report.`,
          `No closed figure ties three or more of your planets together: the ${countWord(factors.aspects.length)} major aspects of your chart each join just two of them, so no one pattern dominates and the parts can be combined in more than one way.`,
        ],
        'no-configuration',
      ),
    );
  }
  return introducedSection(ctx, 'chart_shape', parts);
}
