/**
 * The words of the daily reading, written for this service: the headline, the narrative, the
 * remedy and each area's section, each built from the factors (vedic-daily-factors.ts) so that
 * the text says nothing the day's sky does not show.
 */
import { GRAHAS, type GrahaId } from '../../../astro/vedic/grahas.ts';
import type { Band } from '../reading/reading-factor.ts';
import type { Area } from './vedic-daily-schemas.ts';
import type { DailyFactor } from './vedic-daily-factors.ts';

export const AREA_TITLES: Readonly<Record<Area, string>> = {
  career: 'Career and work',
  wealth: 'Money and gains',
  relationships: 'Relationships',
  health: 'Health and energy',
  mind: 'Mind and mood',
  spiritual: 'Spiritual life',
};

const HEADLINES: Readonly<Record<Band, string>> = {
  strong: 'A well-supported day',
  favorable: 'A helpful day',
  mixed: 'A day of give and take',
  challenging: 'A day to move carefully',
};

const AREA_ADVICE: Readonly<Record<Area, Record<Band, string>>> = {
  career: {
    strong: 'Put forward the proposal or decision you have prepared; visibility works for you.',
    favorable: 'Push steady work forward and ask for what you need.',
    mixed: 'Finish what is open before taking on more.',
    challenging: 'Keep to routine tasks and avoid confrontations with superiors.',
  },
  wealth: {
    strong: 'A good day to review income and settle worthwhile purchases.',
    favorable: 'Plan spending and follow up on money owed.',
    mixed: 'Compare before you commit; small sums only.',
    challenging: 'Postpone large payments and lending.',
  },
  relationships: {
    strong: 'Reach out, make plans together, say the warm thing.',
    favorable: 'Time together goes easily; listen first.',
    mixed: 'Be clear and patient; misunderstandings pass.',
    challenging: 'Avoid reopening old arguments; give space.',
  },
  health: {
    strong: 'Energy is good: use it for exercise you enjoy.',
    favorable: 'Keep your routine; rest when you need it.',
    mixed: 'Pace yourself and eat and sleep regularly.',
    challenging: 'Rest more and do not overextend (traditional symbolism, not medical advice).',
  },
  mind: {
    strong: 'Clear thinking: study, plan, write.',
    favorable: 'Good focus for ordinary tasks.',
    mixed: 'Moods may shift; make lists and keep decisions simple.',
    challenging: 'Slow down before reacting; quiet helps.',
  },
  spiritual: {
    strong: 'A fine day for practice, study or a visit to a place that steadies you.',
    favorable: 'A little time for reflection pays back.',
    mixed: 'Keep practice short and regular.',
    challenging: 'Keep practice simple and regular; let go of what you cannot change.',
  },
};

/** For the graha behind the day's main difficulty (or support): a practical step, what to avoid, a question. */
const GRAHA_REMEDIES: Readonly<Record<GrahaId, { action: string; avoid: string; reflection: string }>> = {
  sun: {
    action: 'Start the day with sunlight and one task you lead yourself.',
    avoid: 'Contests of pride and ego.',
    reflection: 'Where can I lead without needing credit?',
  },
  moon: {
    action: 'Keep the day gentle: water, rest, a call to someone who calms you.',
    avoid: 'Decisions made in a passing mood.',
    reflection: 'What do I feel, and what do I actually need?',
  },
  mars: {
    action: 'Spend energy in exercise or a physical task before it turns into irritation.',
    avoid: 'Haste, quarrels and risky speed.',
    reflection: 'What is worth my effort today?',
  },
  mercury: {
    action: 'Write things down, check messages twice, tidy one list.',
    avoid: 'Signing in a hurry and careless words.',
    reflection: 'What needs saying clearly?',
  },
  jupiter: {
    action: 'Ask advice of someone wiser, or teach something you know.',
    avoid: 'Overpromising and overindulgence.',
    reflection: 'What would a generous person do here?',
  },
  venus: {
    action: 'Make one space or moment beautiful; be kind in small ways.',
    avoid: 'Excess spending on comfort.',
    reflection: 'What gives real pleasure, not just relief?',
  },
  saturn: {
    action: 'Do one neglected duty patiently and well; help someone who is struggling.',
    avoid: 'Shortcuts and blaming others for delays.',
    reflection: 'What is slow but worth building?',
  },
  rahu: {
    action: 'Simplify: one clear goal, the noise set aside.',
    avoid: 'Rumours, obsessions and schemes that look too easy.',
    reflection: 'Do I want this, or am I being pulled?',
  },
  ketu: {
    action: 'Sit quietly for a while; finish rather than start.',
    avoid: 'Giving up on something out of sudden disinterest.',
    reflection: 'What am I ready to let go?',
  },
};

export const headlineOf = (band: Band, top: DailyFactor | undefined) => `${HEADLINES[band]}${top ? `: ${top.title}` : ''}`;

export function areaSection(area: Area, score: number, band: Band, factors: readonly DailyFactor[]) {
  const ranked = factors
    .filter((f) => f.areas[area] > 0 && f.weight !== 0)
    .sort((a, b) => Math.abs(b.weight * b.areas[area]) - Math.abs(a.weight * a.areas[area]));
  const helps = ranked.filter((f) => f.weight > 0).slice(0, 2);
  const hinders = ranked.filter((f) => f.weight < 0).slice(0, 2);
  const parts = [`${AREA_TITLES[area]}: ${band} (${score}).`];
  if (helps.length) parts.push(`Helping: ${helps.map((f) => f.title).join('; ')}.`);
  if (hinders.length) parts.push(`Against: ${hinders.map((f) => f.title).join('; ')}.`);
  return { summary: parts.join(' '), advice: AREA_ADVICE[area][band], factors: ranked.slice(0, 4).map((f) => f.id) };
}

export interface NarrativeInput {
  band: Band;
  overall: number;
  ranked: readonly DailyFactor[];
  best: { area: Area; score: number };
  worst: { area: Area; score: number };
  moonLine: string;
  dashaLine: string;
  abhijit: string;
  rahuKalam: string;
}

export function narrativeOf(n: NarrativeInput) {
  const support = n.ranked.find((f) => f.weight > 0);
  const caution = n.ranked.find((f) => f.weight < 0);
  return {
    summary: `${n.moonLine} ${n.dashaLine} Overall the day reads ${n.band} (${n.overall}).`,
    opportunity: support
      ? `Best support: ${support.title}. ${support.detail} ${AREA_TITLES[n.best.area]} is the strongest area (${n.best.score}).`
      : `No strong support in today's sky; ${AREA_TITLES[n.best.area].toLowerCase()} holds up best (${n.best.score}).`,
    caution: caution
      ? `Main caution: ${caution.title}. ${caution.detail} Rahu kalam runs ${n.rahuKalam}.`
      : `No factor weighs against the day; Rahu kalam (${n.rahuKalam}) is still best left for routine.`,
    best_use: `${AREA_ADVICE[n.best.area][n.band === 'challenging' ? 'mixed' : n.band]} For a start that matters, Abhijit muhurta (${n.abhijit}) is the traditional choice.`,
  };
}

export function remedyOf(ranked: readonly DailyFactor[]) {
  const anchor = ranked.find((f) => f.weight < 0 && f.graha) ?? ranked.find((f) => f.graha);
  const graha: GrahaId = anchor?.graha ?? 'moon';
  const r = GRAHA_REMEDIES[graha];
  return {
    focus: `${GRAHAS[graha].name}${anchor ? ` (${anchor.title})` : ''}`,
    simple_action: r.action,
    avoid: r.avoid,
    reflection: r.reflection,
  };
}

/** A few words for the day: the titles of its strongest factors, shortened. */
export function keywordsOf(ranked: readonly DailyFactor[]): string[] {
  return ranked.slice(0, 4).map((f) => f.title.split(':')[0]!.trim());
}
