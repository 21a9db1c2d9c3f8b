/**
 * The synastry cards (POST /api/v1/western/synastrycards): the full synastry answer of the same
 * two people and settings, recast for card-style clients: a summary (archetype, the seven scores,
 * strengths and challenges by title, a narrative, each score's drivers, three phrases) and every
 * contact as a card with its rank, a strength percentile, a signed polarity and two readings.
 */
import type { SynastryCardsResponse, SynastryResponse } from './synastry-schemas.ts';
import { bondTone, contactBlocks, contactText } from './synastry-words.ts';
import { MAX_SUMMARY_ITEMS } from './synastry-service.ts';

type Contact = NonNullable<SynastryResponse['synastry']['aspects']>[number];

/** Contacts shown open on a card page; the rest start collapsed. */
const EXPANDED = 5;
const SCORE_DOMAINS = ['romance', 'communication', 'stability', 'intimacy', 'growth', 'tension'] as const;
const POLARITY_SIGN: Record<string, number> = { supportive: 1, challenging: -1, mixed: 0, neutral: 0 };

const round4 = (x: number) => Math.round(x * 1e4) / 1e4;
const titleOf = (c: Contact) => contactText(c.a_point, c.b_point, c.aspect).title;

function narrative(full: SynastryResponse, best: Contact | undefined, worst: Contact | undefined): string {
  const { archetype, scores } = full.synastry;
  const parts = [`${archetype!.label}: ${archetype!.one_liner}`, `Overall the charts score ${scores!.overall} out of 100.`];
  parts.push(best ? `The strongest help is ${titleOf(best)}.` : 'No contact between the charts is clearly supportive.');
  parts.push(worst ? `The strongest strain is ${titleOf(worst)}.` : 'No contact between the charts is clearly challenging.');
  return parts.join(' ');
}

/** The cards answer from a full synastry answer made with aspects, scores and archetype. */
export function synastryCardsOf(full: SynastryResponse): SynastryCardsResponse {
  const contacts = full.synastry.aspects ?? [];
  const scores = full.synastry.scores!;
  const archetype = full.synastry.archetype!;
  const byId = new Map(contacts.map((c) => [c.id, c]));
  const sorted = contacts.map((c) => c.strength).sort((x, y) => x - y);
  const percentile = (s: number) => {
    let below = 0;
    while (below < sorted.length && sorted[below]! <= s) below++;
    return round4(below / sorted.length);
  };
  const supportive = contacts.filter((c) => c.polarity === 'supportive');
  const challenging = contacts.filter((c) => c.polarity === 'challenging');
  const quiet = 'nothing stands out';
  const core = supportive[0] ? titleOf(supportive[0]) : quiet;
  const shadow = challenging[0] ? titleOf(challenging[0]) : quiet;
  const drivers = Object.fromEntries(
    SCORE_DOMAINS.map((domain) => [
      domain,
      scores.contributors
        .filter((k) => k.bucket === domain && byId.has(k.ref_id))
        .map((k) => ({ key: byId.get(k.ref_id)!.text_key, label: titleOf(byId.get(k.ref_id)!), contribution: k.weight })),
    ]),
  );
  const s = full.meta.settings_resolved;
  return {
    meta: {
      calculation: { zodiac: s.zodiac, house_system: s.house_system, node_type: s.node_type, aspect_set: s.aspect_set, strength_model: s.strength_model },
      generated_at: full.meta.generated_at,
      report_id: `syn_${full.meta.calculation_hash.slice(0, 16)}`,
      calculation_hash: full.meta.calculation_hash,
      engine: full.meta.engine,
      warnings: full.meta.warnings,
    },
    summary: {
      archetype: { id: archetype.id, label: archetype.label, one_liner: archetype.one_liner, confidence: archetype.confidence },
      scores: {
        overall: scores.overall,
        romance: scores.romance,
        communication: scores.communication,
        stability: scores.stability,
        intimacy: scores.intimacy,
        growth: scores.growth,
        tension: scores.tension,
      },
      strengths: supportive.slice(0, MAX_SUMMARY_ITEMS).map(titleOf),
      challenges: challenging.slice(0, MAX_SUMMARY_ITEMS).map(titleOf),
      narrative: narrative(full, supportive[0], challenging[0]),
      drivers_by_domain: drivers,
      bands: { rules_version: 'cards_v1', theme: archetype.label, core, shadow, bond_tone: bondTone(scores.overall), core_dynamic: core, watch_for: shadow },
    },
    aspects: contacts.map((c, i) => {
      const polarity = round4((POLARITY_SIGN[c.polarity] ?? 0) * c.polarity_confidence);
      const dominant = polarity < 0 ? 'challenging' : 'supportive';
      return {
        key: c.text_key,
        aspect_id: c.id,
        label: titleOf(c),
        rank: i + 1,
        strength: percentile(c.strength),
        strength_value: c.strength,
        polarity: c.polarity,
        polarity_score: polarity,
        abs_polarity: Math.abs(polarity),
        dominant,
        domains: c.domains,
        display_policy: i < EXPANDED ? 'expanded' : 'collapsed',
        default_block: dominant,
        blocks: contactBlocks(c.a_point, c.b_point, c.aspect),
      };
    }),
  };
}
