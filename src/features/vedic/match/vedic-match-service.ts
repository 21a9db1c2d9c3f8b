/** POST /api/v1|v2/vedic/match: both charts cast, their Moons matched (src/astro/vedic/match/), and the Mangal dosha of each. */
import { SIGNS } from '../../../astro/zodiac.ts';
import { GRAHAS } from '../../../astro/vedic/grahas.ts';
import { doshaChartOf } from '../../../astro/vedic/doshas/dosha-chart.ts';
import { ashtakoota, BHAKOOT_CANCELLATIONS, NADI_CANCELLATIONS, type KootaName } from '../../../astro/vedic/match/ashtakoota.ts';
import { dashakoota, type PoruthamName } from '../../../astro/vedic/match/dashakoota.ts';
import { manglikMatch } from '../../../astro/vedic/match/manglik-match.ts';
import { matchMoon } from '../../../astro/vedic/match/match-moon.ts';
import type { KootaSchool } from '../../../astro/vedic/match/koota-tables.ts';
import type { ResolvedPlace } from '../../../requests/place.ts';
import { RequestFieldError } from '../../../requests/request-error.ts';
import type { VedicBirthRequest } from '../vedic-request-schemas.ts';
import { castVedic, nakshatraJson, vedicMetadata, vedicSubject, type VedicCast } from '../vedic-service.ts';
import { mangalDoshaJson } from '../doshas/mangal-block.ts';
import type { VedicMatchAnswer } from './vedic-match-schemas.ts';

interface MatchSide {
  request: VedicBirthRequest;
  place: ResolvedPlace;
  /** Where the side's block is in the request (`['body', 'groom']` …), for the 422 of a birth the schema let through. */
  loc: string[];
}

export interface VedicMatchTask {
  boy: MatchSide;
  girl: MatchSide;
  includeDashakoota: boolean;
  mangalSchool: 'south_indian' | 'north_indian';
  /** The school of the Guna Milan point tables (vashya, yoni, gana). */
  kootaSchool: KootaSchool;
}

const KOOTA_WORDS: Readonly<Record<KootaName, string>> = {
  varna: "Varna: the class of the Moon signs; 1 point when the boy's is at least the girl's.",
  vashya: 'Vashya: the nature (quadruped, human, water, wild, insect) of the Moon signs and how far one yields to the other.',
  tara: 'Tara: each star counted from the other, reduced by 9; 1½ points each way unless the tara is Vipat (3), Pratyak (5) or Vadha (7).',
  yoni: 'Yoni: the animals of the two stars; 4 the same, down to 0 for sworn enemies.',
  graha_maitri: 'Graha maitri: the natural friendship of the lords of the two Moon signs.',
  gana: 'Gana: the temperament of the stars (deva, manushya, rakshasa).',
  bhakoot: 'Bhakoot: the Moon signs counted from each other; 2/12, 5/9 and 6/8 give 0 (bhakoot dosha).',
  nadi: 'Nadi: the constitution of the stars (adi, madhya, antya); the same nadi gives 0 (nadi dosha).',
};

const PORUTHAM_WORDS: Readonly<Record<PoruthamName, string>> = {
  dina: "The boy's star counted from the girl's, reduced by 9, is 2, 4, 6, 8 or 9.",
  gana: 'The same gana, or deva with manushya.',
  mahendra: "The boy's star is the 4th, 7th, 10th, 13th, 16th, 19th, 22nd or 25th from the girl's.",
  stree_deergha: "The boy's star is more than 13 stars from the girl's.",
  yoni: 'The two animals are not enemies (2 or more yoni points).',
  rasi: "The boy's Moon sign is the girl's, or the 7th or beyond from it, but not the 8th or 12th.",
  rasi_adhipathi: 'The lords of the Moon signs are the same, or neither is the natural enemy of the other.',
  vasya: 'One Moon sign holds the other under its control (vasya).',
  rajju: 'The stars are in different rajjus (body parts).',
  vedha: 'The stars do not obstruct each other (vedha).',
};

function verdict(total: number): VedicMatchAnswer['ashtakoota']['verdict'] {
  return total < 18 ? 'not_recommended' : total < 25 ? 'average' : total < 33 ? 'good' : 'excellent';
}

function personJson(task: { request: VedicBirthRequest; place: ResolvedPlace }, cast: VedicCast, mangal: VedicMatchAnswer['boy']['mangal_dosha']) {
  const moon = cast.chart.grahas[1]!;
  return {
    subject: vedicSubject(task, cast),
    moon: {
      sign: SIGNS[moon.signIndex]!.name,
      sign_id: moon.signIndex + 1,
      degree: moon.degreeInSign,
      sign_lord: GRAHAS[moon.signLord].name,
      nakshatra: nakshatraJson(moon.nakshatra),
    },
    mangal_dosha: mangal,
  };
}

const MANGLIK_WORDS = {
  none: 'Neither is manglik.',
  both: 'Both are manglik: the two doshas cancel each other.',
  boy_only: 'Only the boy is manglik: the dosha stands.',
  girl_only: 'Only the girl is manglik: the dosha stands.',
} as const;

/** The chart of one side; a birth the schema let through but the calendar refuses (30 February) is a 422 under that side's name. */
function castSide(side: MatchSide): VedicCast {
  try {
    return castVedic(side);
  } catch (error) {
    if (error instanceof RequestFieldError) throw new RequestFieldError([...side.loc, ...error.loc.slice(1)], error.message, error.type);
    throw error;
  }
}

export function computeVedicMatch(task: VedicMatchTask): VedicMatchAnswer {
  const boyCast = castSide(task.boy);
  const girlCast = castSide(task.girl);
  const boyMoon = matchMoon(boyCast.chart.grahas[1]!.longitude);
  const girlMoon = matchMoon(girlCast.chart.grahas[1]!.longitude);
  const a = ashtakoota(boyMoon, girlMoon, task.kootaSchool);
  const manglik = manglikMatch(doshaChartOf(boyCast.chart), doshaChartOf(girlCast.chart), task.mangalSchool);

  const warnings = [...boyCast.warnings.map((w) => `boy: ${w}`), ...girlCast.warnings.map((w) => `girl: ${w}`)];
  for (const [who, cast] of [
    ['boy', boyCast],
    ['girl', girlCast],
  ] as const)
    if (!cast.chart.lagna)
      warnings.push(`${who}: birth time unknown: the kootas read the Moon at local noon; Mangal dosha is counted from the Moon and Venus only, not the lagna.`);

  const nadi = a.kootas.find((k) => k.name === 'nadi')!;
  const bhakoot = a.kootas.find((k) => k.name === 'bhakoot')!;
  const d = task.includeDashakoota ? dashakoota(boyMoon, girlMoon) : undefined;
  return {
    boy: personJson(task.boy, boyCast, mangalDoshaJson(manglik.boy)),
    girl: personJson(task.girl, girlCast, mangalDoshaJson(manglik.girl)),
    ashtakoota: {
      school: a.school,
      total_points: a.total,
      max_points: 36,
      adjusted_total_points: a.adjustedTotal,
      percentage: (a.total / 36) * 100,
      verdict: verdict(a.total),
      kootas: a.kootas.map((k) => ({
        koota: k.name,
        points: k.points,
        max_points: k.max,
        boy: k.boy,
        girl: k.girl,
        description: KOOTA_WORDS[k.name],
        dosha: k.dosha && { present: true, cancelled: k.dosha.cancelled, cancellations: [...k.dosha.cancellations] },
      })),
    },
    nadi_dosha: nadi.dosha && {
      cancelled: nadi.dosha.cancelled,
      cancellations: nadi.dosha.cancellations.map((id) => ({
        id: id as keyof typeof NADI_CANCELLATIONS,
        description: NADI_CANCELLATIONS[id as keyof typeof NADI_CANCELLATIONS],
      })),
    },
    bhakoot_dosha: bhakoot.dosha && {
      cancelled: bhakoot.dosha.cancelled,
      cancellations: bhakoot.dosha.cancellations.map((id) => ({
        id: id as keyof typeof BHAKOOT_CANCELLATIONS,
        description: BHAKOOT_CANCELLATIONS[id as keyof typeof BHAKOOT_CANCELLATIONS],
      })),
    },
    mangal_dosha: {
      boy: manglik.boy.active,
      girl: manglik.girl.active,
      outcome: manglik.outcome,
      mutually_cancelled: manglik.mutuallyCancelled,
      dosha_stands: manglik.doshaStands,
      description: MANGLIK_WORDS[manglik.outcome],
    },
    dashakoota: d
      ? {
          matched: d.matchedCount,
          max: 10,
          essentials_matched: d.essentialsMatched,
          poruthams: d.poruthams.map((p) => ({ porutham: p.name, matched: p.matched, essential: p.essential, description: PORUTHAM_WORDS[p.name] })),
        }
      : null,
    metadata: vedicMetadata(boyCast),
    warnings,
  };
}
