/**
 * How two signs' elements meet, for the report's threads that set two planets side by side (the
 * Sun and the Moon, the Moon and Saturn, the Sun and Saturn). Signs that face each other across
 * the zodiac always pair elements that feed each other (fire and air, earth and water), yet they
 * are opposites: read as simply friendly, a Sun in Pisces opposite a Moon in Virgo was misdescribed.
 */
import { signElement } from '../../interpretations/chart-factors/balance.ts';
import { SIGN_IDS, type SignId } from '../../interpretations/keys.ts';

export type SignKinship = 'same' | 'friendly' | 'facing' | 'contrast';

const FRIENDLY: Readonly<Record<string, string>> = { fire: 'air', air: 'fire', earth: 'water', water: 'earth' };

export function signKinship(a: SignId, b: SignId): SignKinship {
  const [ea, eb] = [signElement(a), signElement(b)];
  if (ea === eb) return 'same';
  if (Math.abs(SIGN_IDS.indexOf(a) - SIGN_IDS.indexOf(b)) === 6) return 'facing';
  return FRIENDLY[ea] === eb ? 'friendly' : 'contrast';
}

/** A 'same' kinship's "share an element", said of two planets in one sign, reads as if their signs differed: "share a sign". */
export function inOneSign(text: string, sameSign: boolean): string {
  return sameSign ? text.replace('share an element', 'share a sign') : text;
}
