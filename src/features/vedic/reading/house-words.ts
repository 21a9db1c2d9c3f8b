/**
 * What each house and each graha is read for in the Vedic readings: short words written for this
 * service (the houses' common significations: the 10th work, the 7th partnership ...).
 */
import type { GrahaId } from '../../../astro/vedic/grahas.ts';
import type { Dignity } from '../../../astro/vedic/dignity.ts';

export const HOUSE_WORDS: readonly string[] = [
  '',
  'self, body and direction',
  'money, family and speech',
  'effort, courage and messages',
  'home, comfort and property',
  'learning, children and creativity',
  'work load, disputes and health routines',
  'partners, agreements and marriage',
  'sudden change and hidden matters',
  'fortune, teachers and faith',
  'career, standing and action',
  'gains, income and friends',
  'expense, rest and letting go',
];

export const GRAHA_WORDS: Readonly<Record<GrahaId, string>> = {
  sun: 'authority, vitality and recognition',
  moon: 'mind, moods and the public',
  mars: 'drive, courage and conflict',
  mercury: 'thinking, trade and communication',
  jupiter: 'growth, wisdom and good counsel',
  venus: 'love, comfort and the arts',
  saturn: 'duty, patience and endurance',
  rahu: 'ambition, novelty and restlessness',
  ketu: 'detachment, insight and loss of interest',
};

/** Weight of a dignity in the readings: the better placed, the more a graha can give. */
export const DIGNITY_WEIGHT: Readonly<Record<Dignity, number>> = {
  exalted: 2,
  moolatrikona: 1.5,
  own_sign: 1.5,
  great_friend: 1,
  friend: 0.5,
  neutral: 0,
  enemy: -0.5,
  great_enemy: -1,
  debilitated: -2,
};

export const DIGNITY_WORDS: Readonly<Record<Dignity, string>> = {
  exalted: 'exalted',
  moolatrikona: 'in its moolatrikona',
  own_sign: 'in its own sign',
  great_friend: "in a great friend's sign",
  friend: "in a friend's sign",
  neutral: 'in a neutral sign',
  enemy: "in an enemy's sign",
  great_enemy: "in a great enemy's sign",
  debilitated: 'debilitated',
};

export const housesText = (houses: readonly number[]) => houses.map((h) => `${h} (${HOUSE_WORDS[h]})`).join(' and ');
