/**
 * How two signs' elements meet, for the report's threads that set two planets side by side (the
 * Sun and the Moon, the Moon and Saturn, the Sun and Saturn). Signs that face each other across
 * the zodiac always pair elements that feed each other (fire and air, earth and water), yet they
 * are opposites: read as simply friendly, a Sun in Pisces opposite a Moon in Virgo was misdescribed.
 */
import { SIGNS } from '../../astro/zodiac.ts';
import { signElement } from '../../interpretations/chart-factors/balance.ts';
import type { SignId } from '../../interpretations/keys.ts';

export type SignKinship = 'same' | 'friendly' | 'facing' | 'contrast';

const FRIENDLY: Readonly<Record<string, string>> = { fire: 'air', air: 'fire', earth: 'water', water: 'earth' };

export function signKinship(a: SignId, b: SignId): SignKinship {
  const [ea, eb] = [signElement(a), signElement(b)];
  if (ea === eb) return 'same';
  const index = (id: string) => SIGNS.findIndex((s) => s.id === id);
  if (Math.abs(index(a) - index(b)) === 6) return 'facing';
  return FRIENDLY[ea] === eb ? 'friendly' : 'contrast';
}
