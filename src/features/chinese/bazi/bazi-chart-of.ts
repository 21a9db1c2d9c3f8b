/**
 * The chart a BaZi reading (synastry, health, life curve) starts from: the BaZi answer's own
 * calculation for the birth (computeBazi, so that every reading agrees with the chart), read back
 * into indexes, with the day master's strength. A person's field errors are named under the
 * person's field (`person_b.day`).
 */
import { dayMasterStrength, type DayMasterStrength } from '../../../astro/chinese/day-master-strength.ts';
import { BRANCHES, ELEMENTS, STEMS, type GanZhi } from '../../../astro/chinese/stems-branches.ts';
import type { ResolvedPlace } from '../../../requests/place.ts';
import { RequestFieldError } from '../../../requests/request-error.ts';
import { computeBazi } from './bazi-service.ts';
import type { BaziRequest, BaziResponse } from './bazi-schemas.ts';
import { baziPersonBlock, type BaziPersonBlock } from './bazi-synastry-schemas.ts';

export interface ChartOf {
  answer: BaziResponse;
  pillars: { label: 'year' | 'month' | 'day' | 'hour'; pillar: GanZhi }[];
  dayStem: number;
  monthBranch: number;
  /** Element points, Wood … Water. */
  points: number[];
  percentages: number[];
  strength: DayMasterStrength;
  birthYear: number;
}

const gz = (text: string): GanZhi => ({ stem: STEMS.findIndex((s) => s.char === text[0]), branch: BRANCHES.findIndex((b) => b.char === text[1]) });

/** The fields of a person block, which the readings' requests (synastry's persons, health, life curve) share with the BaZi request. */
const PERSON_FIELDS = Object.keys(baziPersonBlock.shape) as (keyof BaziPersonBlock)[];

/**
 * The BaZi request of a person: the person's fields, already checked and given their defaults by
 * the reading's own request schema (the same fields as the BaZi request's), and the chart's
 * options set to what a reading reads (ten gods; no texts, stars, interactions or years).
 */
function baziRequestOf(person: BaziPersonBlock): BaziRequest {
  const request: Record<string, unknown> = {
    include_ten_gods: true,
    include_pinyin: false,
    include_debug: false,
    include_stars: false,
    include_interactions: false,
    include_professional: false,
    include_current_flow: false,
  };
  for (const field of PERSON_FIELDS) if (person[field] !== undefined) request[field] = person[field];
  return request as BaziRequest;
}

/** `at`: where the birth fields sit in the request (['body'] or ['body', 'person_a']). */
export function chartOf(person: BaziPersonBlock, place: ResolvedPlace, at: (string | number)[]): ChartOf {
  let answer: BaziResponse;
  try {
    answer = computeBazi({ request: baziRequestOf(person), place });
  } catch (error) {
    if (error instanceof RequestFieldError && at.length > 1) throw new RequestFieldError([...at, ...error.loc.slice(1)], error.message, error.type);
    throw error;
  }
  const pillars = answer.pillars.map((p) => ({ label: p.label, pillar: gz(p.gan_zhi) }));
  const dayStem = pillars[2]!.pillar.stem;
  const monthBranch = pillars[1]!.pillar.branch;
  const points = ELEMENTS.map((e) => answer.elements.points[e]);
  return {
    answer,
    pillars,
    dayStem,
    monthBranch,
    points,
    percentages: ELEMENTS.map((e) => answer.elements.percentages[e]),
    strength: dayMasterStrength(dayStem, monthBranch, points),
    birthYear: Number(answer.conventions.gregorian_date.slice(0, 4)),
  };
}
