/**
 * Shadbala and bhava bala, rule by rule: a chart written here (grahas at chosen longitudes) with
 * each value worked out by hand in the comments; real births for what needs the sky (chesta bala
 * at a retrogression and at a conjunction, the day of the birth, the lords of the time); polar
 * days without a sunrise, untimed births, planetary war, and the sums of the parts.
 */
import { describe, expect, it } from 'vitest';
import { initEphemeris } from '../../../src/astro/ephemeris.ts';
import { julianDayFromUtcMs } from '../../../src/astro/civil-time.ts';
import { castVedicChart, siderealPlace, type VedicChart, type VedicGraha } from '../../../src/astro/vedic/sidereal-chart.ts';
import { GRAHAS, SEVEN_GRAHAS, signDistance, type SevenGraha } from '../../../src/astro/vedic/grahas.ts';
import type { StrengthContext } from '../../../src/astro/vedic/strength/strength-context.ts';
import {
  debilitationPoint,
  drekkanaBala,
  kendradiBala,
  ojhayugmaBala,
  sthanaBala,
  uchchaBala,
  vargaStanding,
} from '../../../src/astro/vedic/strength/shadbala/sthana-bala.ts';
import { digBala } from '../../../src/astro/vedic/strength/shadbala/dig-bala.ts';
import { drishti } from '../../../src/astro/vedic/strength/shadbala/drishti.ts';
import { drikBala } from '../../../src/astro/vedic/strength/shadbala/drik-bala.ts';
import { ayanaBala, nathonnathaBala, pakshaBala, tribhagaBala } from '../../../src/astro/vedic/strength/shadbala/kala-bala.ts';
import { timeLords, weekdayOfJdn } from '../../../src/astro/vedic/strength/shadbala/time-lords.ts';
import { planetaryWars } from '../../../src/astro/vedic/strength/shadbala/yuddha-bala.ts';
import { naisargikaBala } from '../../../src/astro/vedic/strength/shadbala/naisargika-bala.ts';
import { shadbalaOfChart, strengthRating } from '../../../src/astro/vedic/strength/shadbala/shadbala.ts';
import { bhavaBalaOf, bhavaDigBala, signKindAt } from '../../../src/astro/vedic/strength/bhava-bala.ts';

initEphemeris();

/** A chart with the seven grahas at the given sidereal longitudes and the lagna at `ascendant`, whole-sign houses. */
function handContext(longitudes: Record<SevenGraha, number>, ascendant: number): StrengthContext {
  const lagnaSign = Math.floor(ascendant / 30);
  const graha = {} as Record<SevenGraha, VedicGraha>;
  for (const id of SEVEN_GRAHAS) {
    const place = siderealPlace(longitudes[id]);
    const house = signDistance(lagnaSign, place.signIndex);
    graha[id] = {
      ...place,
      id,
      name: GRAHAS[id].name,
      latitude: 0,
      speed: 1,
      declination: 0,
      retrograde: false,
      combust: null,
      combustionOrb: null,
      dignity: null,
      house,
      signHouse: house,
    };
  }
  const chart = { grahas: SEVEN_GRAHAS.map((g) => graha[g]) } as unknown as VedicChart;
  const day = { date: { year: 2000, month: 1, day: 1 }, weekday: 6, sunrise: 0.25, sunset: 0.75, nextSunrise: 1.25, dayBirth: true, fallback: false };
  return {
    chart,
    jdUt: 0.5,
    place: { lat: 0, lng: 0, zone: 'UTC' },
    ascendant,
    midheaven: (ascendant + 270) % 360,
    timeKnown: true,
    day,
    apparentNoon: 0.5,
    ayanamsa: 0,
    graha,
    warnings: [],
  };
}

// The hand chart: lagna 0° Aries (midheaven 0° Capricorn, equal houses).
const HAND = handContext({ sun: 10, moon: 33, mars: 118, mercury: 200, jupiter: 95, venus: 357, saturn: 135 }, 0);

describe('sthana bala on the hand chart', () => {
  it('uchcha bala is the arc from the debilitation point over 3', () => {
    // Debilitation points: Sun 190 (10° Libra), Moon 213, Mars 118, Mercury 345, Jupiter 275, Venus 177, Saturn 20.
    expect(SEVEN_GRAHAS.map(debilitationPoint)).toEqual([190, 213, 118, 345, 275, 177, 20]);
    expect(uchchaBala('sun', 10)).toBeCloseTo(60, 9); // deepest exaltation: 180° from 190
    expect(uchchaBala('mars', 118)).toBeCloseTo(0, 9); // at the debilitation point
    expect(uchchaBala('mercury', 200)).toBeCloseTo(145 / 3, 9); // 345 - 200 = 145°
    expect(uchchaBala('saturn', 135)).toBeCloseTo(115 / 3, 9); // 135 - 20 = 115°: 38.333
    expect(uchchaBala('sun', 100)).toBeCloseTo(30, 9); // 90° from 190 either way
  });

  it('saptavargaja: the Sun in Aries in the rasi is the great friend of Mars there', () => {
    // Aries' lord Mars is the Sun's natural friend, and Mars in Cancer is the 4th from the Sun's Aries: a temporary friend.
    expect(vargaStanding(HAND, 'sun', 1)).toEqual({ division: 1, sign: 0, standing: 'great_friend', virupas: 20 });
    // The Moon at 3° Taurus is past its exaltation arc and in its moolatrikona (3°-30° Taurus): 45.
    expect(vargaStanding(HAND, 'moon', 1).standing).toBe('moolatrikona');
    // Saturn at 15° Leo: a fixed sign's navamsas start from its 9th (Aries for Leo) and 13°20′-16°40′ is the 5th: Leo again.
    // Leo's lord the Sun is Saturn's natural enemy, and the Sun's Aries is the 9th from Leo (a temporary enemy): great enemy, 2.
    expect(vargaStanding(HAND, 'saturn', 9)).toMatchObject({ sign: 4, standing: 'great_enemy', virupas: 2 });
  });

  it('ojhayugma, kendradi and drekkana bala', () => {
    // The Sun in Aries (odd): 15; its navamsa (10° Aries, the 4th part from Aries) is Cancer (even): 0.
    expect(ojhayugmaBala('sun', 0, 3)).toEqual({ rasi: 15, navamsa: 0 });
    expect(ojhayugmaBala('venus', 11, 11)).toEqual({ rasi: 15, navamsa: 15 });
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map(kendradiBala)).toEqual([60, 30, 15, 60, 30, 15, 60, 30, 15, 60, 30, 15]);
    // 10° is the start of the second decanate: the male Sun wants the first.
    expect(drekkanaBala('sun', 10)).toBe(0);
    expect(drekkanaBala('sun', 9.999)).toBe(15);
    expect(drekkanaBala('saturn', 15)).toBe(15);
    expect(drekkanaBala('venus', 27)).toBe(15);
    const jupiter = sthanaBala(HAND, 'jupiter');
    // Jupiter at 5° Cancer: exaltation point (60), the 4th house (60), first decanate (15), Cancer even (0).
    expect(jupiter.uchcha).toBeCloseTo(60, 9);
    expect(jupiter.kendradi).toBe(60);
    expect(jupiter.drekkana).toBe(15);
    expect(jupiter.ojhayugmaParts.rasi).toBe(0);
    expect(jupiter.total).toBeCloseTo(jupiter.uchcha + jupiter.saptavargaja + jupiter.ojhayugma + jupiter.kendradi + jupiter.drekkana, 9);
  });
});

describe('dig bala', () => {
  it('is 60 at the point of strength and falls by a third of the arc', () => {
    // The Sun at 10° against its strong point, the midheaven at 270°: 100° away, (180 - 100) / 3.
    expect(digBala(HAND, 'sun', 10)).toBeCloseTo(80 / 3, 9);
    // Jupiter at 95° against the ascendant at 0°: (180 - 95) / 3.
    expect(digBala(HAND, 'jupiter', 95)).toBeCloseTo(85 / 3, 9);
    // Saturn at 135° against the descendant at 180°: (180 - 45) / 3 = 45.
    expect(digBala(HAND, 'saturn', 135)).toBeCloseTo(45, 9);
    // The Moon on the nadir (90°): 60; Venus on the midheaven: 0.
    expect(digBala(HAND, 'moon', 90)).toBeCloseTo(60, 9);
    expect(digBala(HAND, 'venus', 270)).toBeCloseTo(0, 9);
  });
});

describe('kala bala', () => {
  it('nathonnatha: day grahas full at apparent noon, night grahas at midnight, Mercury always', () => {
    expect(nathonnathaBala('sun', 10.5, 10.5)).toBe(60);
    expect(nathonnathaBala('moon', 10.5, 10.5)).toBe(0);
    expect(nathonnathaBala('saturn', 11.0, 10.5)).toBe(60);
    // Six hours from noon: half.
    expect(nathonnathaBala('venus', 10.75, 10.5)).toBeCloseTo(30, 9);
    expect(nathonnathaBala('mercury', 10.9, 10.5)).toBe(60);
  });

  it('paksha: a third of the elongation for benefics, the rest for malefics, the Moon doubled', () => {
    // The hand chart's Moon is 23° from the Sun.
    expect(pakshaBala('moon', 33, 10)).toBeCloseTo(46 / 3, 9);
    expect(pakshaBala('jupiter', 33, 10)).toBeCloseTo(23 / 3, 9);
    expect(pakshaBala('sun', 33, 10)).toBeCloseTo(60 - 23 / 3, 9);
    // Full Moon: the Moon 120, malefics 0.
    expect(pakshaBala('moon', 190, 10)).toBeCloseTo(120, 9);
    expect(pakshaBala('mars', 190, 10)).toBeCloseTo(0, 9);
  });

  it('tribhaga: the thirds of day and night, Jupiter always', () => {
    const day = HAND.day; // sunrise 0.25, sunset 0.75, next sunrise 1.25
    expect(tribhagaBala('mercury', 0.3, day)).toBe(60);
    expect(tribhagaBala('sun', 0.5, day)).toBe(60);
    expect(tribhagaBala('saturn', 0.7, day)).toBe(60);
    expect(tribhagaBala('sun', 0.3, day)).toBe(0);
    const night = { ...day, dayBirth: false };
    expect(tribhagaBala('moon', 0.8, night)).toBe(60);
    expect(tribhagaBala('venus', 1.0, night)).toBe(60);
    expect(tribhagaBala('mars', 1.2, night)).toBe(60);
    expect(tribhagaBala('jupiter', 1.2, night)).toBe(60);
  });

  it('the lords of year, month, weekday and hour on 1 January 2000', () => {
    // JDN 2451545 is 1,863,079 days after the Kali epoch (JDN 588466, a Friday). The 360-day year
    // began 79 days earlier, JDN 2451466, a Thursday (Jupiter); the 30-day month on JDN 2451526, a Monday (Moon).
    expect(weekdayOfJdn(588466)).toBe(5);
    expect(weekdayOfJdn(2451545)).toBe(6);
    const day = {
      date: { year: 2000, month: 1, day: 1 },
      weekday: 6,
      sunrise: 2451544.75,
      sunset: 2451545.25,
      nextSunrise: 2451545.75,
      dayBirth: true,
      fallback: false,
    };
    const first = timeLords(2451544.76, day);
    expect(first).toMatchObject({ ahargana: 1863079, abda: 'jupiter', masa: 'moon', vara: 'saturn', hora: 'saturn', horaNumber: 1 });
    // Hours follow Saturn, Jupiter, Mars, Sun …: the 4th hour is the Sun's, the 22nd Saturn's again, the 24th Mars's,
    // so that the next day's first is the Sun's (Sunday).
    expect(timeLords(2451544.75 + 3.5 / 24, day).hora).toBe('sun');
    expect(timeLords(2451544.75 + 23.5 / 24, day)).toMatchObject({ hora: 'mars', horaNumber: 24 });
  });

  it('ayana: (24 + kranti) / 48 of 60, the side by graha, the Sun doubled', () => {
    expect(ayanaBala('mars', 24)).toBeCloseTo(60, 9);
    expect(ayanaBala('saturn', 24)).toBeCloseTo(0, 9);
    expect(ayanaBala('mercury', -24)).toBeCloseTo(60, 9);
    expect(ayanaBala('sun', 0)).toBeCloseTo(60, 9);
    expect(ayanaBala('moon', -12)).toBeCloseTo(45, 9);
  });
});

describe('drishti and drik bala', () => {
  it('the graded aspect with the special aspects', () => {
    // The Sun (10°) on Saturn (135°): kendra 125°, 150 - 125 = 25.
    expect(drishti('sun', 10, 135)).toBeCloseTo(25, 9);
    // Mars (118°) on Mercury (200°): kendra 82°, 82 - 45 = 37.
    expect(drishti('mars', 118, 200)).toBeCloseTo(37, 9);
    // Saturn (135°) on Mercury (200°): kendra 65°, 20 and Saturn's 3rd-house 45: 65.
    expect(drishti('saturn', 135, 200)).toBeCloseTo(65, 9);
    // Mars (118°) on Venus (357°): kendra 239°, (300 - 239) / 2 = 30.5 and Mars's 8th-house 15.
    expect(drishti('mars', 118, 357)).toBeCloseTo(45.5, 9);
    // Full at 180°, none within 30° or from 300°.
    expect(drishti('venus', 0, 180)).toBe(60);
    expect(drishti('venus', 0, 29.9)).toBe(0);
    expect(drishti('venus', 0, 300)).toBe(0);
  });

  it("Saturn's drik bala on the hand chart", () => {
    // On Saturn (135°): Sun 25 (malefic); Moon, kendra 102°, 39 (waxing: benefic); Mars, kendra 17°, 0;
    // Mercury, kendra 295°, 2.5; Jupiter, kendra 40°, 5; Venus, kendra 138°, 12. (39 + 2.5 + 5 + 12 - 25) / 4.
    expect(drikBala(HAND, 'saturn').virupas).toBeCloseTo(33.5 / 4, 9);
  });
});

describe('yuddha, naisargika and the rating', () => {
  it('two star grahas within 1° are at war: the stronger takes the difference', () => {
    const lon = { sun: 0, moon: 50, mars: 100.2, mercury: 250, jupiter: 100.9, venus: 300, saturn: 10 };
    const strength = { sun: 0, moon: 0, mars: 300, mercury: 0, jupiter: 340, venus: 0, saturn: 0 };
    const wars = planetaryWars(lon, strength);
    expect(wars).toHaveLength(1);
    expect(wars[0]).toMatchObject({ grahas: ['mars', 'jupiter'], winner: 'jupiter', loser: 'mars', virupas: 40 });
    expect(wars[0]!.separation).toBeCloseTo(0.7, 9);
    // The Sun and the Moon never fight; 1° apart is not war.
    expect(planetaryWars({ ...lon, jupiter: 101.2 }, strength)).toEqual([]);
  });

  it('naisargika bala and the rating bands', () => {
    expect(naisargikaBala('sun')).toBe(60);
    expect(naisargikaBala('saturn')).toBeCloseTo(8.57, 2);
    expect([1.6, 1.3, 1.0, 0.85, 0.5].map(strengthRating)).toEqual(['Very Strong', 'Strong', 'Medium', 'Weak', 'Very Weak']);
  });
});

describe('bhava bala', () => {
  it('the kinds of signs, with Sagittarius and Capricorn halved', () => {
    expect(signKindAt(60)).toBe('human');
    expect(signKindAt(254.99)).toBe('human');
    expect(signKindAt(255)).toBe('quadruped');
    expect(signKindAt(284.99)).toBe('quadruped');
    expect(signKindAt(285)).toBe('water');
    expect(signKindAt(215)).toBe('insect');
    // A human sign: 60 in the 1st, 0 in the 7th, 30 in the 4th; water: 60 in the 4th; Scorpio in the 12th, five houses from the 7th: 10.
    expect([bhavaDigBala(1, 75), bhavaDigBala(7, 75), bhavaDigBala(4, 75), bhavaDigBala(4, 100), bhavaDigBala(12, 215)]).toEqual([60, 0, 30, 60, 10]);
  });
});

const chartAt = (utc: number, lat: number, lng: number, timeKnown = true) =>
  castVedicChart({ jdUt: julianDayFromUtcMs(utc), lat, lng, timeKnown, ayanamsa: 'lahiri', nodeType: 'mean', houseSystem: 'whole_sign' });

describe('shadbala of real births', () => {
  const delhi = { lat: 28.6139, lng: 77.209, zone: 'Asia/Kolkata' };

  it('adds its parts to its totals, and the rules that hold whatever the chart', () => {
    const s = shadbalaOfChart(chartAt(Date.UTC(1990, 7, 15, 1, 0), delhi.lat, delhi.lng), delhi);
    // 06:30 IST on a Wednesday: after the sunrise, in its first hour, a day birth.
    expect(s.day.dayBirth).toBe(true);
    expect(s.lords).toMatchObject({ vara: 'mercury', hora: 'mercury', horaNumber: 1 });
    for (const g of SEVEN_GRAHAS) {
      const b = s.grahas[g];
      const st = b.sthana,
        k = b.kala;
      expect(st.total).toBeCloseTo(st.uchcha + st.saptavargaja + st.ojhayugma + st.kendradi + st.drekkana, 9);
      expect(k.total).toBeCloseTo(k.nathonnatha + k.paksha + k.tribhaga + k.abda + k.masa + k.vara + k.hora + k.ayana + k.yuddha, 9);
      expect(b.totalVirupas).toBeCloseTo(st.total + b.dig + k.total + b.chesta.virupas + b.naisargika + b.drik.virupas, 9);
      expect(b.totalRupas).toBeCloseTo(b.totalVirupas / 60, 12);
      for (const v of [st.uchcha, b.dig, b.chesta.virupas, k.nathonnatha, k.ayana / (g === 'sun' ? 2 : 1)]) {
        expect(v).toBeGreaterThanOrEqual(0);
        expect(v).toBeLessThanOrEqual(60);
      }
    }
    expect(s.grahas.mercury.kala.nathonnatha).toBe(60);
    expect(s.grahas.jupiter.kala.tribhaga).toBe(60);
    expect(s.grahas.mercury.kala.vara).toBe(45);
    expect(s.grahas.mercury.kala.hora).toBe(60);
    const bhavas = bhavaBalaOf(s);
    expect(bhavas.map((b) => b.rank).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    // The lagna is Leo: the 1st house's lord is the Sun.
    expect(bhavas[0]!.adhipati).toBeCloseTo(s.grahas.sun.totalVirupas, 9);
  });

  it('a birth after midnight but before the sunrise belongs to the Hindu day before', () => {
    // 03:00 IST on Wednesday 15 August 1990 is still Tuesday's Hindu day (sunrise about 05:50): a night birth in the
    // last third of the night (sunset about 19:01 to sunrise about 05:50; 03:00 is 8 of its 10.8 hours on), Mars's.
    const s = shadbalaOfChart(chartAt(Date.UTC(1990, 7, 14, 21, 30), delhi.lat, delhi.lng), delhi);
    expect(s.day.date).toEqual({ year: 1990, month: 8, day: 14 });
    expect(s.day.dayBirth).toBe(false);
    expect(s.lords.vara).toBe('mars');
    expect(s.grahas.mars.kala.vara).toBe(45);
    expect(s.grahas.mars.kala.tribhaga).toBe(60);
    expect(s.grahas.moon.kala.tribhaga).toBe(0);
  });

  it('chesta bala: near 60 at a retrogression, near 0 at the conjunction with the Sun', () => {
    // Mars at opposition, 28 August 2003; in conjunction with the Sun, 10 August 2002.
    const opposition = shadbalaOfChart(chartAt(Date.UTC(2003, 7, 28, 12), 0, 0), { lat: 0, lng: 0, zone: 'UTC' });
    expect(opposition.grahas.mars.chesta.virupas).toBeGreaterThan(55);
    const conjunction = shadbalaOfChart(chartAt(Date.UTC(2002, 7, 10, 12), 0, 0), { lat: 0, lng: 0, zone: 'UTC' });
    expect(conjunction.grahas.mars.chesta.virupas).toBeLessThan(5);
    // Mercury at its inferior conjunction (the transit of 11 November 2019): retrograde, near 60.
    const transit = shadbalaOfChart(chartAt(Date.UTC(2019, 10, 11, 15), 0, 0), { lat: 0, lng: 0, zone: 'UTC' });
    expect(transit.grahas.mercury.chesta.virupas).toBeGreaterThan(55);
  });

  it('a polar night without a sunrise: the apparent-time stand-ins and a warning, not a failure', () => {
    const svalbard = { lat: 78.22, lng: 15.65, zone: 'Arctic/Longyearbyen' };
    const winter = shadbalaOfChart(chartAt(Date.UTC(2020, 11, 21, 11), svalbard.lat, svalbard.lng), svalbard);
    expect(winter.day.fallback).toBe(true);
    expect(winter.warnings.join(' ')).toMatch(/does not rise or set/);
    expect(Number.isFinite(winter.grahas.sun.totalVirupas)).toBe(true);
    // 12:00 local (UTC+1) is inside the stand-in daytime (06:00 to 18:00 apparent time).
    expect(winter.day.dayBirth).toBe(true);
    const summer = shadbalaOfChart(chartAt(Date.UTC(2020, 5, 21, 23), svalbard.lat, svalbard.lng), svalbard);
    expect(summer.day.fallback).toBe(true);
    expect(SEVEN_GRAHAS.every((g) => Number.isFinite(summer.grahas[g].totalVirupas))).toBe(true);
  });

  it("an untimed birth: the noon chart, the Moon's longitude for the ascendant, a warning", () => {
    const chart = chartAt(Date.UTC(1990, 7, 15, 6, 30), delhi.lat, delhi.lng, false);
    const s = shadbalaOfChart(chart, delhi);
    expect(s.context.ascendant).toBe(chart.grahas[1]!.longitude);
    expect(s.warnings.join(' ')).toMatch(/Birth time unknown/);
    expect(bhavaBalaOf(s)).toHaveLength(12);
  });
});
