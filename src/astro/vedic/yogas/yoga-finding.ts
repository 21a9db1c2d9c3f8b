/** Building a finding: the houses follow from the grahas, the status is `present` unless a rule says otherwise. */
import type { GrahaId } from '../grahas.ts';
import { chartHousesOf, type ChartFacts } from './chart-facts.ts';
import type { StrengthLabel, YogaFinding, YogaStrength } from './yoga-types.ts';

type FindingFields = Omit<YogaFinding, 'houses' | 'status' | 'cancellations' | 'strength'> &
  Partial<Pick<YogaFinding, 'status' | 'cancellations' | 'strength'>> & { grahas: GrahaId[] };

export function finding(facts: ChartFacts, fields: FindingFields): YogaFinding {
  return {
    id: fields.id,
    key: fields.key,
    name: fields.name,
    category: fields.category,
    type: fields.type,
    theme: fields.theme,
    grahas: fields.grahas,
    houses: chartHousesOf(facts, fields.grahas),
    reference: fields.reference,
    evidence: fields.evidence,
    strength: fields.strength ?? null,
    status: fields.status ?? 'present',
    cancellations: fields.cancellations ?? [],
    source: fields.source,
    description: fields.description,
  };
}

/** A grade from the share of conditions that hold: all strong, at least half moderate, less weak. */
export function gradeOf(held: number, of: number, basis: string): YogaStrength {
  const score = of === 0 ? 1 : Math.round((held / of) * 100) / 100;
  const label: StrengthLabel = score >= 0.999 ? 'strong' : score >= 0.5 ? 'moderate' : 'weak';
  return { label, score, basis };
}

export const strength = (label: StrengthLabel, score: number, basis: string): YogaStrength => ({ label, score, basis });
