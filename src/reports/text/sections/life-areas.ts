/**
 * Life areas, read through the houses, each inside the theme it belongs to: relationships (7th,
 * 5th), vocation (10th, 6th and the Midheaven) and resources (2nd, 8th) with work, home (4th) with
 * the family, and any other house a planet occupies with the central tension. The house entries of
 * planets not yet read appear here; the nodes and Chiron keep theirs for their own chapter.
 */
import { signOf } from '../../../astro/zodiac.ts';
import { keys, SENSITIVE_POINTS, TEN_PLANET_IDS } from '../../../interpretations/keys.ts';
import type { ReportContext } from '../context.ts';
import { angleSignMargin, cuspMargin, houseRuler } from '../chart-facts.ts';
import { NODES_CHAPTER_TITLE } from '../section-intros.ts';
import { capitalize, joinAnd, ordinal, zodiacPosition } from '../report-markdown.ts';
import { LIFE_AREAS, POINT_NAMES, pointInSentence, pointsInSentence, SIGN_CARE, SIGN_STYLE } from '../phrases.ts';
import { narrowHouseNote } from '../narrow-houses.ts';

export const LIFE_AREA_WEIGHT = { house: 4, midheaven: 6 };

/** The signs already described on a cusp or angle, with where ("the 10th", "the Midheaven"). */
export type Described = Map<string, string>;

/** The planets each read whole by their theme (themes/theme-ranking.ts): the houses give only the outer planets' entries. */
const THEME_PLANETS = new Set(['sun', 'moon', 'mercury', 'venus', 'mars', 'jupiter', 'saturn']);

/**
 * What the sign on a house's cusp brings. A sign already described on an earlier cusp (two
 * houses in one sign are common at high latitudes and with Placidus) is only named.
 */
function cuspSentence(ctx: ReportContext, house: number, described: Described): string {
  const sign = cuspSign(ctx, house);
  const where = described.get(sign.id);
  const domain = ctx.houseDomain(house);
  if (where) return `The ${ordinal(house)} house, the house of ${domain}, begins in ${sign.name} too, like ${where}.${narrowHouseNote(ctx, house)}`;
  described.set(sign.id, `the ${ordinal(house)}`);
  const reading = ctx.chooseInTurn(
    [
      `Your ${ordinal(house)} house, the house of ${domain}, begins in ${sign.name}, which brings ${SIGN_STYLE[sign.id]} to this part of life.`,
      `${sign.name} sits on the cusp of the ${ordinal(house)} house, so you tend to approach ${domain} with ${SIGN_STYLE[sign.id]}.`,
      `The ${ordinal(house)} house (${domain}) opens in ${sign.name}, lending ${SIGN_STYLE[sign.id]} to the way you handle it.`,
    ],
    'cusp',
  );
  return reading + narrowHouseNote(ctx, house);
}

function planetsIn(ctx: ReportContext, house: number): string[] {
  return TEN_PLANET_IDS.filter((id) => ctx.factors.points.get(id)?.house === house);
}

/** The sign on a house's cusp. */
function cuspSign(ctx: ReportContext, house: number) {
  return signOf(ctx.chart.houses!.find((h) => h.house === house)!.abs_pos);
}

/** Where the ruler of an empty house's cusp sign stands: "its ruler, Saturn, in your 11th house" (modern rulers). */
function rulerWhere(ctx: ReportContext, house: number): string {
  const ruler = houseRuler(ctx, house);
  const at = ruler ? ctx.factors.points.get(ruler)?.house : undefined;
  if (!ruler) return "that sign's ruler";
  return `its ruler, ${pointInSentence(ruler)}${at === undefined ? '' : `, in your ${ordinal(at)} house`}`;
}

function houseParts(ctx: ReportContext, house: number, described: Described, options: { cuspSaid?: boolean; entriesOnly?: boolean } = {}): string[] {
  const parts = options.cuspSaid || options.entriesOnly ? [] : [cuspSentence(ctx, house, described)];
  const planets = planetsIn(ctx, house);
  const readBefore = options.entriesOnly ? [] : planets.filter((id) => ctx.isShown(keys.planetHouse(id, house)));
  if (readBefore.length > 0) {
    // The house is named in each phrasing: the same planets met again in another house read differently.
    const [names, nth, many] = [joinAnd(readBefore.map(pointInSentence)), ordinal(house), readBefore.length > 1];
    parts.push(
      ctx.chooseInTurn(
        [
          `${capitalize(names)} ${many ? 'also stand' : 'also stands'} in the ${nth} house, as described earlier, adding ${many ? 'their' : 'its'} weight to this area.`,
          `The ${nth} is also the house of ${names}, read earlier, so the area carries more than its usual weight for you.`,
          `With ${names} in the ${nth} house as well (read earlier), this part of life is one you are likely to return to often.`,
          `You have met ${names} already; ${many ? 'their' : 'its'} place in the ${nth} house is one reason the area keeps asking for your attention.`,
          `${capitalize(names)}, read earlier, ${many ? 'live' : 'lives'} in the ${nth} house too, and what was said there is largely played out here.`,
        ],
        'life-area-also',
      ),
    );
  }
  for (const id of planets) {
    const key = keys.planetHouse(id, house);
    const e = ctx.library.entries.get(key);
    // A planet a theme reads in one place (its sign, house and aspects together) is left to that theme.
    if (!e || ctx.isShown(key) || THEME_PLANETS.has(id) || id === ctx.factors.chartRuler) continue;
    const text = ctx.take(key, e.title, LIFE_AREA_WEIGHT.house, {
      heading: e.title,
      // A house that rests on a few minutes of the birth time says so, as the planets' own readings do (a reader met Pluto
      // 0°40′ past the 2nd cusp read there without a word, where Venus and Mars in the same case had one).
      fact: [`${POINT_NAMES[id]} ${zodiacPosition(ctx.factors.points.get(id)!.lon)}`, cuspMargin(ctx, id)].filter(Boolean).join(' · '),
    });
    if (text) parts.push(text);
  }
  if (planets.length === 0 && !options.entriesOnly) {
    parts.push(
      ctx.chooseInTurn(
        [
          `No planet occupies the ${ordinal(house)} house, so ${cuspSign(ctx, house).name} on its cusp sets the tone on its own.`,
          `The ${ordinal(house)} house holds no planet; its cusp sign, ${cuspSign(ctx, house).name}, and that sign's ruler speak for it.`,
          `With the ${ordinal(house)} house empty of planets, this area runs quietly along the lines ${cuspSign(ctx, house).name} suggests.`,
          `An empty ${ordinal(house)} house is no empty life: the area simply has no planet pressing on it, and ${cuspSign(ctx, house).name} on the cusp describes how you meet it.`,
          `No planet stands in your ${ordinal(house)} house, so its tone comes from ${cuspSign(ctx, house).name}, the sign on the cusp, and from ${rulerWhere(ctx, house)}.`,
        ],
        'empty-house',
      ),
    );
    const others = pointsBesideNoPlanet(ctx, house);
    if (others) parts.push(others);
  }
  return parts;
}

/**
 * "No planet" beside a positions table that puts Chiron, the node or Lilith in the house: the
 * sentence that says they are there, for every reading of an empty house.
 */
export function pointsBesideNoPlanet(ctx: ReportContext, house: number): string | undefined {
  const others = SENSITIVE_POINTS.filter((id) => ctx.factors.points.get(id)?.house === house);
  if (!others.length) return undefined;
  return `${capitalize(pointsInSentence(others))}, not counted among the planets, ${others.length > 1 ? 'stand' : 'stands'} in the ${ordinal(house)} house, read in the chapter "${NODES_CHAPTER_TITLE}".`;
}

/**
 * One life area's houses, for the theme that reads it (none for an untimed chart): the cusp signs,
 * the Midheaven or the IC where the area has one, and the house entries of planets not yet read,
 * each under its own heading. `described` is shared by the areas of one report, so that a sign
 * already read on a cusp or angle is only named the next time.
 */
export function lifeAreaParts(
  ctx: ReportContext,
  areaId: (typeof LIFE_AREAS)[number]['id'],
  described: Described,
  /** Only the house entries (and the Midheaven's): the theme's own reading already gives the cusps and empty houses. */
  entriesOnly = false,
): string[] {
  if (!ctx.timed) return [];
  const area = LIFE_AREAS.find((a) => a.id === areaId)!;
  const houses = area.id === 'other' ? area.houses.filter((h) => planetsIn(ctx, h).some((id) => ctx.available(keys.planetHouse(id, h)))) : [...area.houses];
  if (houses.length === 0) return [];
  const parts: string[] = [];
  // In quadrant systems the Midheaven is the 10th cusp and the IC the 4th: their sign is said once.
  let angleSaid: number | undefined;
  if (area.id === 'vocation') {
    const mc = ctx.factors.points.get('mc')!;
    const key = keys.angleSign('mc', mc.sign);
    const e = ctx.library.entries.get(key);
    const text = e
      ? ctx.take(key, e.title, LIFE_AREA_WEIGHT.midheaven, {
          heading: e.title,
          fact: [`Midheaven ${zodiacPosition(mc.lon)}`, angleSignMargin(ctx, 'mc')].filter(Boolean).join(' · '),
        })
      : undefined;
    if (text) parts.push(text);
    if (text && cuspSign(ctx, 10).id === mc.sign) angleSaid = 10;
    if (text) described.set(mc.sign, 'the Midheaven');
  }
  if (area.id === 'home' && !entriesOnly) {
    const ic = signOf(ctx.factors.points.get('mc')!.lon + 180);
    const fourth = cuspSign(ctx, 4);
    const place = fourth.id === ic.id ? `opens your 4th house in ${ic.name}` : `falls in ${ic.name}`;
    parts.push(
      ctx.choose(
        [
          `The lowest point of the chart, the IC, ${place}. It describes the emotional ground you come from and return to, here marked by ${SIGN_CARE[ic.id]}.`,
          `At the foot of the chart the IC ${place}: the private base you start from and come home to, which in your case asks for ${SIGN_CARE[ic.id]}.`,
          `The IC, the chart's deepest point, ${place}. Whatever home means to you, it tends to need ${SIGN_CARE[ic.id]} before it feels like yours.`,
          `Opposite the Midheaven, the IC ${place}, the point of roots and private life; you tend to settle where you find ${SIGN_CARE[ic.id]}.`,
          `Your roots are read from the IC, which ${place}: a home, or a circle of people, feels like a true base once it offers ${SIGN_CARE[ic.id]}.`,
        ],
        'life-areas-ic',
      ),
    );
    if (fourth.id === ic.id) angleSaid = 4;
    described.set(ic.id, 'the IC');
  }
  for (const h of houses) parts.push(...houseParts(ctx, h, described, { cuspSaid: h === angleSaid, entriesOnly }));
  return parts;
}

export function newDescribed(): Described {
  return new Map();
}
