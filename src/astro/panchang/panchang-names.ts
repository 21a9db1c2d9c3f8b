/**
 * The names of the panchang's limbs, in their classical order, transliterated without diacritics
 * (the spellings most almanacs print in English). Index 0 is the first of each cycle.
 */
import { GRAHAS } from '../vedic/grahas.ts';
import { NAKSHATRA_LORD_CYCLE, NAKSHATRA_NAMES as NAKSHATRA_NAMES_OF_CHART } from '../vedic/nakshatras.ts';

/** The fifteen tithis of a paksha; the fifteenth is Purnima in the bright half, Amavasya in the dark. */
export const TITHI_NAMES = [
  'Pratipada',
  'Dwitiya',
  'Tritiya',
  'Chaturthi',
  'Panchami',
  'Shashthi',
  'Saptami',
  'Ashtami',
  'Navami',
  'Dashami',
  'Ekadashi',
  'Dwadashi',
  'Trayodashi',
  'Chaturdashi',
] as const;

/** The name of tithi 1 to 30 (1 to 15 in the bright half, 16 to 30 in the dark half). */
export function tithiName(number: number): string {
  if (number === 15) return 'Purnima';
  if (number === 30) return 'Amavasya';
  return TITHI_NAMES[(number - 1) % 15]!;
}

export const PAKSHAS = ['Shukla', 'Krishna'] as const;
export type Paksha = (typeof PAKSHAS)[number];

export const pakshaOfTithi = (number: number): Paksha => (number <= 15 ? 'Shukla' : 'Krishna');

/** The nakshatras' names and lords are the Vedic chart's (vedic/nakshatras.ts). */
export const NAKSHATRA_NAMES = NAKSHATRA_NAMES_OF_CHART;
export const nakshatraLord = (index: number) => GRAHAS[NAKSHATRA_LORD_CYCLE[index % 9]!].name;

/** The 27 yogas (the Sun's and the Moon's sidereal longitudes added, 13°20′ each). */
export const YOGA_NAMES = [
  'Vishkambha',
  'Priti',
  'Ayushman',
  'Saubhagya',
  'Shobhana',
  'Atiganda',
  'Sukarma',
  'Dhriti',
  'Shula',
  'Ganda',
  'Vriddhi',
  'Dhruva',
  'Vyaghata',
  'Harshana',
  'Vajra',
  'Siddhi',
  'Vyatipata',
  'Variyana',
  'Parigha',
  'Shiva',
  'Siddha',
  'Sadhya',
  'Shubha',
  'Shukla',
  'Brahma',
  'Indra',
  'Vaidhriti',
] as const;

/** The seven movable karanas, which repeat eight times from the second half of Shukla Pratipada. */
const MOVABLE_KARANAS = ['Bava', 'Balava', 'Kaulava', 'Taitila', 'Gara', 'Vanija', 'Vishti'] as const;

/**
 * The karana of half-tithi 1 to 60 of the lunar month: the first half of Shukla Pratipada is
 * Kimstughna, the last three halves (of Krishna Chaturdashi's second half and Amavasya) Shakuni,
 * Chatushpada and Naga; the 56 between are the movable seven in turn.
 */
export function karanaName(number: number): string {
  if (number === 1) return 'Kimstughna';
  if (number === 58) return 'Shakuni';
  if (number === 59) return 'Chatushpada';
  if (number === 60) return 'Naga';
  return MOVABLE_KARANAS[(number - 2) % 7]!;
}

/** The fixed karanas (one a month each) against the movable ones. */
export const karanaKind = (number: number): 'fixed' | 'movable' => (number === 1 || number >= 58 ? 'fixed' : 'movable');

/** The weekdays from Sunday, with their lords. */
export const VARAS = [
  { name: 'Ravivara', english: 'Sunday', lord: 'Sun' },
  { name: 'Somavara', english: 'Monday', lord: 'Moon' },
  { name: 'Mangalavara', english: 'Tuesday', lord: 'Mars' },
  { name: 'Budhavara', english: 'Wednesday', lord: 'Mercury' },
  { name: 'Guruvara', english: 'Thursday', lord: 'Jupiter' },
  { name: 'Shukravara', english: 'Friday', lord: 'Venus' },
  { name: 'Shanivara', english: 'Saturday', lord: 'Saturn' },
] as const;

/** The twelve lunar months from Chaitra (the month in which the Sun enters sidereal Mesha). */
export const MASA_NAMES = [
  'Chaitra',
  'Vaishakha',
  'Jyeshtha',
  'Ashadha',
  'Shravana',
  'Bhadrapada',
  'Ashvin',
  'Kartika',
  'Margashirsha',
  'Pausha',
  'Magha',
  'Phalguna',
] as const;

/** The six seasons, two lunar months each from Chaitra. */
export const RITUS = [
  { name: 'Vasanta', english: 'Spring' },
  { name: 'Grishma', english: 'Summer' },
  { name: 'Varsha', english: 'Monsoon' },
  { name: 'Sharad', english: 'Autumn' },
  { name: 'Hemanta', english: 'Pre-winter' },
  { name: 'Shishira', english: 'Winter' },
] as const;

export const AYANAS = ['Uttarayana', 'Dakshinayana'] as const;
export type Ayana = (typeof AYANAS)[number];
