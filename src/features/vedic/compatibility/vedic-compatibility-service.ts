/**
 * POST /api/v2/vedic/compatibility: the match of POST /api/v2/vedic/match (the same Ashtakoota
 * with its school, Mangal dosha of both with cancellations, nadi and bhakoot doshas with their
 * exceptions, Dashakoota on request) written in the v2 compatibility shape, with the summary and
 * the risk flags its clients read. Runs in a compute worker (or inline).
 */
import { BHAKOOT_CANCELLATIONS, NADI_CANCELLATIONS } from '../../../astro/vedic/match/ashtakoota.ts';
import { computeVedicMatch, type VedicMatchTask } from '../match/vedic-match-service.ts';
import type { VedicCompatibilityAnswer } from './vedic-compatibility-schemas.ts';

export interface VedicCompatibilityTask extends VedicMatchTask {
  label: string | undefined;
}

const KOOTA_NAMES = {
  varna: 'Varna',
  vashya: 'Vashya',
  tara: 'Tara',
  yoni: 'Yoni',
  graha_maitri: 'Graha Maitri',
  gana: 'Gana',
  bhakoot: 'Bhakoot',
  nadi: 'Nadi',
} as const;

const OUTCOME = { none: 'none', both: 'both', boy_only: 'person1_only', girl_only: 'person2_only' } as const;

const ROLE_WORDS = {
  none: 'Neither is manglik.',
  both: 'Both are manglik: the two doshas cancel each other.',
  person1_only: 'Only person1 is manglik: the dosha stands.',
  person2_only: 'Only person2 is manglik: the dosha stands.',
} as const;

const words = (ids: readonly string[], table: Readonly<Record<string, string>>) => ids.map((id) => table[id] ?? id);

export function computeVedicCompatibility(task: VedicCompatibilityTask): VedicCompatibilityAnswer {
  const m = computeVedicMatch(task);
  const a = m.ashtakoota;
  const outcome = OUTCOME[m.mangal_dosha.outcome];
  const kootas = a.kootas.map((k) => ({
    id: k.koota,
    name: KOOTA_NAMES[k.koota],
    score: k.points,
    max_score: k.max_points,
    status: k.points >= k.max_points ? ('full' as const) : k.points === 0 ? ('none' as const) : ('partial' as const),
    evidence: [
      `person1: ${k.boy}`,
      `person2: ${k.girl}`,
      `${k.description} Scored ${k.points} of ${k.max_points}${k.dosha ? (k.dosha.cancelled ? '; the dosha is cancelled by an exception' : '; the dosha stands') : ''}.`,
    ],
  }));
  const nadi = m.nadi_dosha,
    bhakoot = m.bhakoot_dosha;
  const gana = a.kootas.find((k) => k.koota === 'gana')!;
  const d = m.dashakoota;
  const flags: VedicCompatibilityAnswer['summary']['risk_flags'] = [];
  if (a.total_points < 18) flags.push('below_minimum_threshold');
  if (nadi && !nadi.cancelled) flags.push('nadi_dosha');
  if (bhakoot && !bhakoot.cancelled) flags.push('bhakoot_dosha');
  if (gana.points === 0) flags.push('gana_mismatch');
  if (m.mangal_dosha.dosha_stands) flags.push('manglik_mismatch');
  if (d && !d.poruthams.find((p) => p.porutham === 'rajju')!.matched) flags.push('rajju_dosha');
  if (d && !d.poruthams.find((p) => p.porutham === 'vedha')!.matched) flags.push('vedha_dosha');
  const passes = a.total_points >= 18;
  const verdict = `${a.total_points} of 36 (${a.verdict.replace('_', ' ')})${passes ? ', above' : ', below'} the traditional minimum of 18; ${
    flags.length
      ? `to look at: ${
          flags
            .filter((f) => f !== 'below_minimum_threshold')
            .map((f) => f.replace('_', ' '))
            .join(', ') || 'the score'
        }`
      : 'no dosha stands'
  }.`;
  const person = (role: 'person1' | 'person2', p: typeof m.boy, lagna: { sign: string } | null) => ({
    role,
    subject: p.subject,
    lagna,
    moon: { sign: p.moon.sign, sign_id: p.moon.sign_id, degree: p.moon.degree, nakshatra: p.moon.nakshatra },
    manglik: p.mangal_dosha,
  });
  const lagnaOf = (p: typeof m.boy) => {
    const ref = p.mangal_dosha.references.find((r) => r.reference === 'lagna');
    return ref ? { sign: ref.sign } : null;
  };
  return {
    label: task.label ?? null,
    persons: [person('person1', m.boy, lagnaOf(m.boy)), person('person2', m.girl, lagnaOf(m.girl))],
    ashtakoota: {
      school: a.school,
      score: a.total_points,
      max_score: 36,
      adjusted_score: a.adjusted_total_points,
      percentage: Math.round(a.percentage * 10) / 10,
      recommendation: a.verdict,
      kootas,
    },
    doshas: {
      manglik: {
        person1: m.mangal_dosha.boy,
        person2: m.mangal_dosha.girl,
        compatibility: { outcome, compatible: !m.mangal_dosha.dosha_stands, description: ROLE_WORDS[outcome] },
      },
      nadi: {
        present: nadi !== null,
        cancelled: nadi?.cancelled ?? false,
        cancellations: words(nadi?.cancellations.map((c) => c.id) ?? [], NADI_CANCELLATIONS),
      },
      bhakoot: {
        present: bhakoot !== null,
        cancelled: bhakoot?.cancelled ?? false,
        cancellations: words(bhakoot?.cancellations.map((c) => c.id) ?? [], BHAKOOT_CANCELLATIONS),
      },
    },
    dashakoota: d
      ? {
          matched: d.matched,
          essentials_matched: d.essentials_matched,
          poruthams: d.poruthams.map((p) => ({ id: p.porutham, matched: p.matched, essential: p.essential })),
        }
      : null,
    summary: { total_score: a.total_points, max_score: 36, minimum_traditional_threshold: 18, passes_minimum_threshold: passes, risk_flags: flags, verdict },
    metadata: m.metadata,
    warnings: m.warnings.map((w) => w.replace(/^boy:/, 'person1:').replace(/^girl:/, 'person2:')),
  };
}
