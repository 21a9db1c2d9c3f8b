/** Temperament: element, modality and polarity balance, hemispheres, dominant planet, Moon phase. */
import { ELEMENTS, keys, MODALITIES } from '../../../interpretations/keys.ts';
import type { ReportContext } from '../context.ts';
import { capitalize, joinAnd, table, withArticle } from '../report-markdown.ts';
import { ELEMENT_NAMES, MODALITY_NAMES, hoursFrom, lunationName, moonFromSun, nameInSentence, POINT_NAMES, pointsInSentence } from '../phrases.ts';
import { introducedSection, type ReportSection } from '../section.ts';
import { ELEMENT_STRONG, ELEMENT_WEAK, LACK_BELOW_PERCENT, signElement, signModality } from '../../../interpretations/chart-factors/balance.ts';
import { moonSignHours } from '../untimed-moon-sign.ts';
import { leadOnTie, tiedForFirst, tieWord } from '../untimed-dominance.ts';
import { bornInStretches } from '../day-stretches.ts';
import { balanceVerdicts } from '../untimed-balance.ts';
import { ingressesTallyNote } from '../untimed-ingresses.ts';
import { midheavenBelowHorizon } from '../chart-facts.ts';
import { sectNote, sunSkyNote } from '../sun-sky.ts';
import { lunationPhaseOf, type LunationPhase } from '../../../astro/progressed-events.ts';
import { ASPECT_DEFINITIONS } from '../../../astro/aspects.ts';
import { normalizeDegrees } from '../../../astro/zodiac.ts';
import { eclipseNote } from '../eclipse-note.ts';
import { readAsTurning, readingPhaseOf, TURNING_LEAD_DEG } from '../lunation-reading.ts';
import type { MoonPhase } from '../../../interpretations/chart-factors/moon-phase.ts';

export const TEMPERAMENT_WEIGHT = { balance: 6, polarity: 4, hemisphere: 4, dominant: 7, moonPhase: 5 };

/** A Full Moon reading that sets the two lights opposite each other, face to face across the sky. */
export const LIGHTS_OPPOSED =
  /\b(standing opposite|stood opposite|in opposition|opposite (each other|it)|the Sun opposite|on opposite sides|facing each other|full, or nearly so)\b/i;

/** The opposition's orb in the natal aspects: farther past it, the lights no longer stand opposite. */
const OPPOSITION_ORB = ASPECT_DEFINITIONS.find((d) => d.type === 'opposition')!.orb;
/** How far an untimed birth's Moon may stand from noon's in elongation, either way (half a day's motion, at most). */
const HALF_DAY_ELONGATION = 7.5;

/** A turning point's reading that places the birth after the turn ("in the days after its half-lit quarter"). */
export const AFTER_THE_TURN = /\bafter (the New Moon|its half-lit|the Sun and Moon had)|\bin the (first )?days after\b|\bor in the days after it\b/i;

const percent = (v: number, total: number) => `${Math.round((100 * v) / total)} %`;

/** The most the largest and smallest modes' shares may differ by, in percentage points, for the modes to be in near balance. */
const NEAR_BALANCE_POINTS = 12;

/**
 * Whether the three modes are close enough to be called even: none strong or weak by the chart
 * factors' rule, and no more than NEAR_BALANCE_POINTS between the largest share and the smallest
 * (46, 15 and 38 % passed the first test and were called "that evenness"; a reader did not take
 * 41, 36 and 23 % for a balance either).
 */
export function modesInNearBalance(balance: ReportContext['factors']['balance']): boolean {
  if (balance.strongModalities.length || balance.weakModalities.length) return false;
  const shares = MODALITIES.map((m) => balance.modalities[m]);
  const total = shares.reduce((a, b) => a + b, 0);
  return total > 0 && (100 * (Math.max(...shares) - Math.min(...shares))) / total <= NEAR_BALANCE_POINTS;
}

/** What each mode does first, for a chart that leans to one mode without lacking another. */
const MODE_DOES: Record<string, string> = { cardinal: 'starting things', fixed: 'keeping at things', mutable: 'changing course' };

/** The library's entry for each phase of the lunation cycle (its keys name the phases as the sky shows them). */
const LUNATION_KEY: Record<LunationPhase, MoonPhase> = {
  new_moon: 'new_moon',
  crescent: 'waxing_crescent',
  first_quarter: 'first_quarter',
  gibbous: 'waxing_gibbous',
  full_moon: 'full_moon',
  disseminating: 'waning_gibbous',
  last_quarter: 'last_quarter',
  balsamic: 'balsamic',
};

/**
 * The reading follows the lunation cycle of astrological tradition, each phase 45° from the New Moon onward: a Moon 20°
 * short of the Sun is balsamic, the end of a cycle, though the sky showed what looks like a New Moon (a reading of the
 * New Moon there told of a conjunction still two days away). Where the phase the sky showed (each of the eight centred
 * on its moment) is named otherwise, the fact line gives the cycle's name as the one read.
 */
function lunationAside(elongation: number, observed: string): string {
  const phase = readingPhaseOf(elongation);
  const name = lunationName(phase);
  // Just short of a turning point (lunation-reading.ts): the count's own phase is named beside the one read.
  if (readAsTurning(elongation))
    return `; by the lunation cycle's 45° count within ${TURNING_LEAD_DEG}° of the end of the ${lunationName(lunationPhaseOf(elongation))} phase, read here as the ${name} phase it was about to begin`;
  if (observed.toLowerCase().includes(name.toLowerCase().replace('-', ' ')) || (phase === 'balsamic' && observed === 'Waning Crescent')) return '';
  return `; in the lunation cycle, counted in 45° steps from the New Moon as this reading counts it, the ${name} phase`;
}

/**
 * The phase the sky showed: "a waxing crescent Moon"; a timed birth near one of the four moments that name a phase is told
 * how far it fell from it, from the report's sky ("about 10 hours before the Last Quarter": "born at the Last Quarter"
 * would cover a day and a half either side), not given the moment's name as its own (a reader met
 * "a last quarter, the Last Quarter exact about 10 hours after your birth" under a waning gibbous Moon's heading).
 */
function observedPhase(ctx: ReportContext, label: string): string {
  const moment = ctx.sky.phaseMoment;
  if (!ctx.timed || !moment) return `: ${withArticle(phaseNoun(label))}`;
  return `, ${hoursFrom(-moment.hours, `the ${label}`)}`;
}

/** "a waxing gibbous Moon", "a full moon": a crescent or a gibbous names the Moon's shape, which needs its noun. */
const phaseNoun = (label: string) => (/(Crescent|Gibbous)$/.test(label) ? `${label.toLowerCase()} Moon` : label.toLowerCase());

/**
 * A scarce element's or mode's reading where it has no weight at all: what the library says of a little ("lightly
 * represented", "sparse", "plays only a small part") said of none (a Montreal reader met "with water lightly represented"
 * beside water at 0 %). `name`: a pattern of the element's name ("water") or the mode's ("fixed (?:signs|energy)").
 */
export function noneOf(name: string): (text: string) => string {
  const little = '(?:lightly represented|sparse|scarce)';
  const near = new RegExp(`(\\b(?:${name}|it)\\b[^.]{0,40}?)\\b${little} in your chart`, 'gi');
  const bare = new RegExp(`(\\b(?:${name}|it)\\b[^.]{0,40}?)\\b${little}\\b`, 'gi');
  return (text) =>
    text
      .replace(near, '$1absent from your chart')
      .replace(bare, '$1absent')
      .replace(/\b(plays|playing) only a small part\b/g, '$1 no part')
      .replace(/\bLittle of your chart\b/g, 'None of your chart')
      .replace(/\b(hold|holds) little of your chart\b/g, '$1 none of your chart')
      .replace(/\b([Ww]ith) little of your chart\b/g, '$1 none of your chart');
}

function entry(ctx: ReportContext, key: string, weight: number, fact?: string, adapt?: (text: string) => string): string | undefined {
  const e = ctx.library.entries.get(key);
  if (!e) return undefined;
  // A verdict that the noon signs alone make (untimed, a day the Moon or the Sun changed sign) says for which births it holds.
  const holding = ctx.balanceByHour?.holdsIn.get(key);
  const when = holding && `this verdict holds ${bornInStretches(holding)}`;
  // The shares given are the noon chart's: they say so where the verdict holds for some hours only.
  return ctx.take(key, e.title, weight, { heading: e.title, fact: when ? (fact ? `${fact} at noon; ${when}` : capitalize(when)) : fact, adapt });
}

/** A balance verdict by its entry's key, as the other side of the Moon's change of sign would alter it: what, and how. */
function verdictChange(key: string, gained: boolean): { name: string; change: string } {
  const [, kind, id, level] = key.split('.') as [string, string, string, string];
  const name = kind === 'element' ? id : kind === 'modality' ? `the ${id} signs` : `the ${id} emphasis`;
  return { name, change: `would ${gained ? '' : 'no longer '}count as ${level}` };
}

/** Verdict changes said once for all they share ("the mutable signs and the yang emphasis would count as strong"). */
function changesInWords(changes: readonly { name: string; change: string }[]): string {
  const byChange = new Map<string, string[]>();
  for (const c of changes) byChange.set(c.change, [...(byChange.get(c.change) ?? []), c.name]);
  return joinAnd([...byChange].map(([change, names]) => `${joinAnd(names)} ${change}`));
}

/**
 * Untimed, on a day the Moon changed sign: where the tables count the Moon (its noon sign), what its three points would
 * change on the other side of the hour, and which verdicts read below hold either way.
 */
function moonTallyNote(ctx: ReportContext): string | undefined {
  const hours = moonSignHours(ctx);
  const day = ctx.balanceByHour;
  if (!hours || !day?.otherSign) return undefined;
  const noon = ctx.factors.points.get('moon')!.sign;
  const moves = `from ${signElement(noon)} to ${signElement(day.otherSign)} and from the ${signModality(noon)} to the ${signModality(day.otherSign)} signs`;
  // The Moon's move alone (the guide's stretches and the other bodies' note cover the rest).
  const [atNoon, otherwise] = [balanceVerdicts(ctx.factors.balance), balanceVerdicts(day.other!)];
  const lost = [...atNoon].filter((k) => !otherwise.has(k));
  const changes = [...lost.map((k) => verdictChange(k, false)), ...[...otherwise].filter((k) => !atNoon.has(k)).map((k) => verdictChange(k, true))];
  const opening = `The tables count the Moon in ${hours.noon}, its sign at noon, which holds ${hours.hours}; born on the other side of ${hours.at}, its weight of 3 points moves ${moves}.`;
  if (!changes.length) return `${opening} The verdicts read below hold either way.`;
  return `${opening} Then ${changesInWords(changes)}${lost.length ? ', so what is read below of that holds only with the noon Moon' : ''}.`;
}

/** Shares of the four elements this close together (largest less smallest) are "fairly even". */
const EVEN_SPREAD = 0.15;

export function temperamentSection(ctx: ReportContext): ReportSection {
  const { balance, hemispheres, moonPhase } = ctx.factors;
  const parts: string[] = [];
  const total = balance.total;
  const members = (ids: string[]) => ids.map((id) => POINT_NAMES[id]).join(', ') || '—';
  // How the points are weighted is reference text, the same for everyone: the appendix's "How This Reading Was Weighed" gives it.
  parts.push(
    table(
      ['Element', 'Weight', 'Share', 'Points'],
      ELEMENTS.map((e) => [ELEMENT_NAMES[e]!, String(balance.elements[e]), percent(balance.elements[e], total), members(balance.members[e])]),
    ),
  );
  parts.push(
    table(
      ['Modality', 'Weight', 'Share', 'Points'],
      MODALITIES.map((m) => [MODALITY_NAMES[m]!, String(balance.modalities[m]), percent(balance.modalities[m], total), members(balance.modalityMembers[m])]),
    ),
  );

  const tally = moonTallyNote(ctx);
  if (tally) parts.push(tally);
  const moved = ingressesTallyNote(ctx);
  if (moved) parts.push(moved);

  const strong = balance.strongElements;
  const weak = balance.weakElements;
  if (strong.length === 0 && weak.length === 0) {
    // "Even" only when it is: the shares within EVEN_SPREAD of each other; else which leads and which is lightest.
    const weights = ELEMENTS.map((e) => balance.elements[e]);
    const [most, fewest] = [Math.max(...weights), Math.min(...weights)];
    // A share that rounds to a threshold the sentence names is given to a tenth (a reader met "none falls to 10 %" beside water
    // at "10 %", 10.26 % of the weight).
    const thresholds = [ELEMENT_STRONG, ELEMENT_WEAK].map((t) => Math.round(t * 100));
    const shareShown = (v: number) => (thresholds.includes(Math.round((100 * v) / total)) ? `${((100 * v) / total).toFixed(1)} %` : percent(v, total));
    const shown = ELEMENTS.map((e) => shareShown(balance.elements[e])).join(', ');
    const lead = ELEMENTS.filter((e) => balance.elements[e] === most);
    const light = ELEMENTS.filter((e) => balance.elements[e] === fewest);
    const lower = (ids: readonly string[]) => joinAnd(ids.map((e) => ELEMENT_NAMES[e]!.toLowerCase()));
    parts.push(
      (most - fewest) / total <= EVEN_SPREAD
        ? `No element dominates your chart and none is missing: your temperament draws on fire, earth, air and water in fairly even measure (${shown}), which tends to make you adaptable across very different situations.`
        : `No element dominates your chart and none is missing (fire, earth, air and water: ${shown}): ${lower(lead)} ${lead.length > 1 ? 'lead' : 'leads'} and ${lower(light)} ${light.length > 1 ? 'are' : 'is'} the lightest, yet none reaches ${Math.round(ELEMENT_STRONG * 100)} % of the weight or falls to ${Math.round(ELEMENT_WEAK * 100)} %, ${
            // Under a fifth, the least element is read as a lack in its own chapter: not "you can draw on each" here (a
            // Nairobi reader met both of water at 13 %).
            (100 * fewest) / total < LACK_BELOW_PERCENT
              ? `though ${lower(light)}, under a fifth of it, ${light.length > 1 ? 'are' : 'is'} still what you reach for least, as a later chapter reads it`
              : 'so you can draw on each when a situation asks for it'
          }.`,
    );
  } else {
    const said: string[] = [];
    if (strong.length) said.push(`${joinAnd(strong.map((e) => ELEMENT_NAMES[e]!.toLowerCase()))} ${strong.length > 1 ? 'carry' : 'carries'} the most weight`);
    // An element with no weight at all is absent, not "barely present".
    const [none, little] = [weak.filter((e) => balance.elements[e] === 0), weak.filter((e) => balance.elements[e] !== 0)];
    if (little.length) said.push(`${joinAnd(little.map((e) => ELEMENT_NAMES[e]!.toLowerCase()))} ${little.length > 1 ? 'are' : 'is'} barely present`);
    if (none.length) said.push(`${joinAnd(none.map((e) => ELEMENT_NAMES[e]!.toLowerCase()))} ${none.length > 1 ? 'are' : 'is'} absent`);
    parts.push(
      `In your chart ${said.length > 1 ? `${said[0]}, while ${joinAnd(said.slice(1))}` : said[0]}; ${ctx.choose(
        [
          'the passages below describe what that emphasis tends to bring.',
          'what that tilt tends to feel like, and where it helps or gets in the way, is read next.',
          'below, each side of that balance is read for what it gives you and what it asks of you.',
          'a balance like this shows in habits more than in any single trait, as the next paragraphs describe.',
        ],
        `temperament-emphasis-${strong.join('-')}-${weak.join('-')}`,
      )}`,
    );
  }
  for (const e of strong) parts.push(entry(ctx, keys.element(e, 'strong'), TEMPERAMENT_WEIGHT.balance) ?? '');
  for (const e of weak)
    parts.push(entry(ctx, keys.element(e, 'weak'), TEMPERAMENT_WEIGHT.balance, undefined, balance.elements[e] === 0 ? noneOf(e) : undefined) ?? '');
  for (const m of balance.strongModalities)
    parts.push(
      entry(
        ctx,
        keys.modality(m, 'strong'),
        TEMPERAMENT_WEIGHT.balance,
        `${MODALITY_NAMES[m]} signs: ${percent(balance.modalities[m], total)} of the weight`,
      ) ?? '',
    );
  for (const m of balance.weakModalities)
    parts.push(
      entry(
        ctx,
        keys.modality(m, 'weak'),
        TEMPERAMENT_WEIGHT.balance,
        `${MODALITY_NAMES[m]} signs: ${percent(balance.modalities[m], total)} of the weight`,
        balance.modalities[m] === 0 ? noneOf(`${m} (?:signs|energy)`) : undefined,
      ) ?? '',
    );
  const shares = `cardinal ${percent(balance.modalities.cardinal, total)}, fixed ${percent(balance.modalities.fixed, total)} and mutable ${percent(balance.modalities.mutable, total)}`;
  const nearBalance = modesInNearBalance(balance);
  if (balance.strongModalities.length === 0 && balance.weakModalities.length === 0 && !nearBalance) {
    // No mode strong or weak by the factors' rule, yet far from even: a lean, said as one.
    const byShare = [...MODALITIES].sort((a, b) => balance.modalities[b] - balance.modalities[a]);
    const [top, middle, low] = [byShare[0]!, byShare[1]!, byShare[2]!];
    // Two modes whose shares read the same are named together (a reader met "lean toward the cardinal" at cardinal 42 %,
    // mutable 42 %).
    const tied = (a: (typeof MODALITIES)[number], b: (typeof MODALITIES)[number]) =>
      percent(balance.modalities[a], total) === percent(balance.modalities[b], total);
    parts.push(
      tied(top, middle)
        ? `Your planets lean toward the ${top} and ${middle} signs alike and away from the ${low} (${shares}), though no mode is missing: ${MODE_DOES[top]} and ${MODE_DOES[middle]} come more readily to you than ${MODE_DOES[low]}, which asks a little more effort.`
        : tied(middle, low)
          ? `Your planets lean toward the ${top} signs and away from the ${middle} and ${low} alike (${shares}), though no mode is missing: ${MODE_DOES[top]} tends to come first for you, and ${MODE_DOES[middle]} and ${MODE_DOES[low]} ask a little more effort.`
          : `Your planets lean toward the ${top} signs and away from the ${low} (${shares}), though no mode is missing: ${MODE_DOES[top]} tends to come first for you, and ${MODE_DOES[low]} asks a little more effort.`,
    );
  } else if (nearBalance) {
    parts.push(
      ctx.choose(
        [
          `Cardinal, fixed and mutable signs are all well represented (${shares}), so you can usually start, sustain and adapt as a situation requires, without one mode of action crowding out the others.`,
          `No mode of action rules your chart: its weight divides ${shares}. Beginning something, keeping it going and changing course when it stops working all come within reach, and which one you use tends to depend on the moment rather than on habit.`,
          `Your planets share themselves out among the three modes (${shares}). That evenness rarely draws attention to itself, yet it lets you switch between launching, holding and adjusting without much strain.`,
          `With the modes in near balance (${shares}), you are seldom stuck in one gear: you can open a matter, see it through and change tack, though no single one of these is a signature others would name you by.`,
          `The three modes are evenly matched in your chart (${shares}), which tends to make you adaptable across very different situations; the question is less what you can do than which of these a given moment needs.`,
        ],
        'modality-even',
      ),
    );
  }
  if (balance.strongPolarity) {
    const share = balance.strongPolarity === 'yang' ? balance.polarity.yang : balance.polarity.yin;
    parts.push(
      entry(
        ctx,
        keys.polarity(balance.strongPolarity),
        TEMPERAMENT_WEIGHT.polarity,
        `${balance.strongPolarity === 'yang' ? 'Fire and air' : 'Earth and water'} signs: ${percent(share, total)} of the weight`,
      ) ?? '',
    );
  }

  if (hemispheres) {
    if (hemispheres.emphasized.length === 0) {
      parts.push(
        ctx.choose(
          [
            'Around the horizon and the meridian your planets are spread without a strong lean to one half, so neither self-direction nor responsiveness to others, neither private life nor public life, claims you entirely.',
            'Your planets do not crowd into one half of the chart, above or below the horizon, east or west, so you can move between acting on your own and responding to others, and between private and public life, without a built-in bias.',
            "No hemisphere of your chart dominates: you are as likely to take the lead as to follow another person's, and as likely to be found at home as out in the world, depending on the season of your life.",
          ],
          'hemispheres-even',
        ),
      );
    }
    // With the Midheaven below the horizon (far north or south), the chart's upper half is not the sky above you: the
    // above and below emphasis is left unread, and said why.
    const upsideDown = midheavenBelowHorizon(ctx);
    const sunSky = sunSkyNote(ctx);
    const sect = sectNote(ctx, sunSky !== undefined);
    if (sunSky || sect) parts.push([sunSky, sect].filter(Boolean).join(' '));
    if (upsideDown && hemispheres.emphasized.some((h) => h === 'north' || h === 'south'))
      parts.push(
        'At your birth the Midheaven, the highest point of the zodiac in an ordinary chart, stood below the horizon, as it can only inside the polar circles; the upper half of your wheel is then not the sky that was above you, so this report does not read an emphasis above or below the horizon.',
      );
    for (const h of hemispheres.emphasized.filter((x) => !upsideDown || x === 'east' || x === 'west')) {
      const where = {
        east: 'Eastern half (around the Ascendant)',
        west: 'Western half (around the Descendant)',
        north: 'Below the horizon',
        south: 'Above the horizon',
      }[h];
      parts.push(
        entry(ctx, keys.hemisphere(h), TEMPERAMENT_WEIGHT.hemisphere, `${where}: ${Math.round(hemispheres.shares[h] * 100)} % of the planetary weight`) ?? '',
      );
    }
  }

  const { allDay, leaders, scores } = ctx.dominance;
  if (allDay) {
    // The winner first (the one the synthesis leans on too), then the others by their highest score (ties in the order of
    // the planets). Untimed, a score that moves with the Moon is its range over the day: the Moon's aspects at their
    // closest of the day are no moment's score.
    const ranking = Object.entries(scores).sort((a, b) => (b[0] === allDay ? 1 : 0) - (a[0] === allDay ? 1 : 0) || b[1][1] - a[1][1]);
    const shown = ranking
      .slice(0, 3)
      .map(([id, [low, high]]) => `${POINT_NAMES[id]} ${low === high ? low : `${low}–${high}`}`)
      .join(' · ');
    const moved = ranking.slice(0, 3).some(([, [low, high]]) => low !== high);
    // A tie at the top is decided by the placement, the closest aspect, then the order of the planets (chart-factors/dominant-planet.ts): said so.
    const tied = tiedForFirst(ctx.dominance);
    const tie = tied.length
      ? `; ${joinAnd([allDay, ...tied].map((id) => nameInSentence(POINT_NAMES[id]!)))} ${tieWord(ctx.dominance, ctx.timed)}, and ${nameInSentence(POINT_NAMES[allDay]!)} leads ${leadOnTie(ctx.dominance.decidedBy)}`
      : '';
    parts.push(
      entry(
        ctx,
        keys.dominantPlanet(allDay),
        TEMPERAMENT_WEIGHT.dominant,
        moved ? `Scores over the birth day, as the Moon moved: ${shown}; ${POINT_NAMES[allDay]} leads at every hour${tie}` : `Scores: ${shown}${tie}`,
      ) ?? '',
    );
  } else {
    parts.push(
      `Which planet weighs most in your chart depends on the hour of birth, because the Moon's place changes the scores (explained in the appendix): ${pointsInSentence(leaders)} each lead for part of the day, so this report names no dominant planet.`,
    );
  }

  if (moonPhase) {
    const lit = Math.round(moonPhase.illumination * 100);
    const when = ctx.timed ? '' : ' at noon';
    // Untimed, on a day the Moon passed from one phase into the next: noon's phase holds on its side of the hour only.
    const change = ctx.phaseChange;
    const hours = change
      ? `; the ${lunationName(readingPhaseOf(moonPhase.elongation))} phase holds if you were born ${change.noonFirst ? 'before' : 'after'} ${change.at} local time (${change.noonFirst ? 'after' : 'before'} then, the ${lunationName(change.other)} phase)`
      : '';
    const phaseKey = keys.moonPhase(LUNATION_KEY[readingPhaseOf(moonPhase.elongation)]);
    // Read at the turning point just ahead: not a reading that places the birth after it.
    if (readAsTurning(moonPhase.elongation)) ctx.avoidReadings(phaseKey, (body) => AFTER_THE_TURN.test(body));
    // The Full Moon phase runs 45° past the opposition: beyond its orb (at any hour of an untimed birth day), not a reading
    // that sets the lights opposite each other (a Nairobi reader met "the Moon standing opposite the Sun" 38° past it).
    const pastOpposition = Math.abs(normalizeDegrees(moonPhase.elongation) - 180) + (ctx.timed ? 0 : HALF_DAY_ELONGATION);
    if (readingPhaseOf(moonPhase.elongation) === 'full_moon' && pastOpposition > OPPOSITION_ORB)
      ctx.avoidReadings(phaseKey, (body) => LIGHTS_OPPOSED.test(body));
    parts.push(
      entry(
        ctx,
        phaseKey,
        TEMPERAMENT_WEIGHT.moonPhase,
        `${moonFromSun(moonPhase.elongation, 'Moon', 'the Sun')}${when}, ${lit} % lit${observedPhase(ctx, moonPhase.label)}${lunationAside(moonPhase.elongation, moonPhase.label)}${hours}`,
      ) ?? '',
    );
    const eclipse = eclipseNote(ctx);
    if (eclipse) parts.push(eclipse);
  }
  return introducedSection(ctx, 'temperament', parts);
}
