/** The `mangal_dosha` block from the engine's reading (src/astro/vedic/doshas/mangal-dosha.ts). */
import { SIGNS } from '../../../astro/zodiac.ts';
import { MANGAL_CANCELLATIONS, type MangalDosha } from '../../../astro/vedic/doshas/mangal-dosha.ts';
import type { MangalDoshaJson } from './mangal-schema.ts';

const STRENGTH = ['none', 'mild', 'medium', 'strong'] as const;
const REFERENCE_WORDS = { lagna: 'the lagna', moon: 'the Moon', venus: 'Venus' } as const;

function words(d: MangalDosha): string {
  const from = (list: MangalDosha['references']) => list.map((r) => `${REFERENCE_WORDS[r.reference]} (house ${r.marsHouse})`).join(', ');
  const present = d.references.filter((r) => r.present);
  const untimed = d.lagnaSkipped ? ' The lagna was not counted: the birth time is unknown.' : '';
  if (!d.present) return `No Mangal dosha: Mars is in none of the houses ${d.houses.join(', ')} from the references counted.${untimed}`;
  if (d.cancelled) return `Mangal dosha from ${from(present)} is cancelled: ${d.cancellations.join(', ')}.${untimed}`;
  return `Manglik (${STRENGTH[d.activeCount]}): Mars is in a dosha house from ${from(d.references.filter((r) => r.active))}.${untimed}`;
}

export function mangalDoshaJson(d: MangalDosha): MangalDoshaJson {
  return {
    active: d.active,
    is_manglik: d.active,
    detected: d.active,
    present: d.present,
    cancelled: d.cancelled,
    strength: STRENGTH[d.activeCount]!,
    school: d.school,
    houses: [...d.houses],
    mars: { sign: SIGNS[d.marsSign]!.name, sign_id: d.marsSign + 1 },
    references: d.references.map((r) => ({
      reference: r.reference,
      sign: SIGNS[r.referenceSign]!.name,
      sign_id: r.referenceSign + 1,
      mars_house: r.marsHouse,
      present: r.present,
      active: r.active,
      cancellations: r.cancellations,
    })),
    cancellations: d.cancellations.map((id) => ({ id, description: MANGAL_CANCELLATIONS[id] })),
    lagna_counted: !d.lagnaSkipped,
    description: words(d),
  };
}
