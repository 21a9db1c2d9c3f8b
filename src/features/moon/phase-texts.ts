/**
 * A short reading of each of the eight phases, written for this service. Astrologers read the
 * lunar cycle as a cycle of intention: seeded at the New Moon, tested at the quarters, shown at
 * the Full Moon, digested and let go as the light wanes. Each text says that for its phase only.
 */
import type { MoonPhaseLabel } from '../../astro/moon-phase.ts';

export interface PhaseText {
  title: string;
  body: string;
  keywords: readonly string[];
}

export const PHASE_TEXTS: Readonly<Record<MoonPhaseLabel, PhaseText>> = {
  'New Moon': {
    title: 'A dark sky for beginnings',
    body: 'The Moon stands with the Sun and shows no light. Old business has run its course and the next cycle has not taken shape yet: a quiet point for choosing what to start, before there is anything to show for it.',
    keywords: ['intention', 'rest', 'seed'],
  },
  'Waxing Crescent': {
    title: 'The first thin light',
    body: 'A sliver of light returns at dusk. What was only an idea at the New Moon wants a first concrete step now; it still feels fragile, and small, steady efforts serve it better than big announcements.',
    keywords: ['first steps', 'hope', 'gathering'],
  },
  'First Quarter': {
    title: 'Half lit, half decided',
    body: 'The Moon is a quarter of the way round and half its face is lit. Plans meet their first resistance; this is the time to decide, adjust and commit, since friction now shows what needs to be firmer.',
    keywords: ['decision', 'effort', 'challenge'],
  },
  'Waxing Gibbous': {
    title: 'Refining before the peak',
    body: 'The light keeps growing towards fullness. Work is well under way and asks for patience and polish more than new direction: checking details, practising, and letting the shape become clear.',
    keywords: ['refinement', 'patience', 'preparation'],
  },
  'Full Moon': {
    title: 'Everything in plain view',
    body: 'Sun and Moon face each other across the sky and the whole disc is lit. What began at the New Moon is visible now, results and feelings alike; a time of clarity, celebration and sometimes strong emotion.',
    keywords: ['culmination', 'clarity', 'release'],
  },
  'Waning Gibbous': {
    title: 'Sharing what was learned',
    body: 'The light starts to shrink after the peak. It is a good stretch for passing on what the cycle taught, thanking those who helped, and making sense of what the Full Moon brought to light.',
    keywords: ['gratitude', 'teaching', 'digesting'],
  },
  'Last Quarter': {
    title: 'Clearing the ground',
    body: 'Half the face is lit again, now on the other side. Habits and commitments that no longer fit are easier to drop; the cycle turns from building to sorting, and letting go makes room for the next start.',
    keywords: ['letting go', 'review', 'turning point'],
  },
  'Waning Crescent': {
    title: 'The last light before dawn',
    body: 'Only a thin crescent rises before the Sun. Energy is low and inward; rest, reflection and finishing loose ends prepare the way for the next New Moon better than pushing ahead.',
    keywords: ['rest', 'surrender', 'completion'],
  },
};
