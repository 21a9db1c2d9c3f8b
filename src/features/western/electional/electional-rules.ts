/**
 * The electional rules: each a code, a signed weight (the points it adds to a moment's score when
 * it holds: positive supports the moment, negative counts against it), what it tests (the
 * documentation's words), the test itself, which reads the sky of the moment, and, for a moment
 * where it holds, what it found (a title and a detail naming the degrees and times). A category's
 * rule set (electional-categories.ts) is a list of these, built by the factories below.
 *
 * The conventions, in one place:
 * - the seven classical planets; benefics Venus and Jupiter, malefics Mars and Saturn;
 * - essential dignity by sign (src/astro/dignities.ts): domicile or exaltation is "dignified",
 *   detriment or fall "debilitated";
 * - traditional sign rulers (signRuler) for the rulers of houses;
 * - "hard malefic pressure": a conjunction, square or opposition of Mars or Saturn within
 *   PRESSURE_ORB degrees (a malefic is not pressed by itself);
 * - combust: within COMBUST_ORB degrees of the Sun, except cazimi (within CAZIMI_ORB) for a planet;
 *   the Moon has no cazimi (src/astro/combustion.ts, the report's convention too);
 * - the Moon's next aspect and void of course: electional-window-events.ts.
 */
import { POINT_NAMES } from '../../../astro/bodies.ts';
import { COMBUST_ORB, combustionAt } from '../../../astro/combustion.ts';
import { SIGNS, degreesAndMinutes, normalizeDegrees } from '../../../astro/zodiac.ts';
import { isoUtc, utcMsFromJulianDay } from '../../../astro/civil-time.ts';
import type { Dignity } from '../../../astro/dignities.ts';
import { BENEFICS, MALEFICS, PLANET_INDEX, SEVEN_PLANETS, type Planet } from './electional-planets.ts';
import { houseRuler, separation, type ElectionSky } from './electional-sky.ts';
import { STATION_DAYS } from './electional-sky-blocks.ts';

export const PRESSURE_ORB = 6;
/** The burnt way: 15° Libra to 15° Scorpio of the zodiac in use. */
const BURNT_WAY = [195, 225] as const;

export interface Finding {
  title: string;
  detail: string;
}

export interface ElectionRule {
  code: string;
  /** Points added to the score when the rule holds (negative: a caution). */
  weight: number;
  /** A fault the tradition does not outweigh: the verdict is `rejected` and the band at most `weak`. */
  blocking?: boolean;
  /**
   * The rule reads the place: the houses (a planet's house, the sign on a cusp and its ruler, the
   * Ascendant) or the planetary hour. The others read only the planets, the Moon's course and the
   * stations, so they hold or fail at an instant wherever the search is.
   */
  readsPlace?: true;
  /** What the rule tests, as the documentation says it. */
  test: string;
  /** Whether the rule holds at the moment: a search asks this of thousands of instants. */
  holds(sky: ElectionSky): boolean;
  /** What it found, asked only of a moment where it holds and the answer shows. */
  words(sky: ElectionSky): Finding;
}

/** A planet's name from the one table of point names. */
export const planetName = (p: Planet) => POINT_NAMES[p]!;
const signName = (index: number) => SIGNS[((index % 12) + 12) % 12]!.name;
const signNameById = (id: string) => SIGNS.find((s) => s.id === id)?.name ?? id;

export function ordinal(n: number): string {
  const suffix = n % 10 === 1 && n !== 11 ? 'st' : n % 10 === 2 && n !== 12 ? 'nd' : n % 10 === 3 && n !== 13 ? 'rd' : 'th';
  return `${n}${suffix}`;
}

/** 12°05′ Libra. */
export function placeText(lon: number): string {
  const l = normalizeDegrees(lon);
  const { deg, min } = degreesAndMinutes(l - 30 * Math.floor(l / 30));
  return `${deg}°${String(min).padStart(2, '0')}′ ${signName(Math.floor(l / 30))}`;
}

const arcText = (deg: number) => {
  const { deg: d, min } = degreesAndMinutes(deg);
  return `${d}°${String(min).padStart(2, '0')}′`;
};

/** An instant to the minute, UTC. */
export const utcText = (jd: number) => `${isoUtc(Math.round(utcMsFromJulianDay(jd) / 60_000) * 60_000).slice(0, 16)} UTC`;

const DIGNITY_WORDS: Readonly<Record<Dignity, string>> = {
  domicile: 'its domicile',
  exaltation: 'its exaltation',
  detriment: 'its detriment',
  fall: 'its fall',
};
const dignityText = (dignities: readonly Dignity[]) => dignities.map((d) => DIGNITY_WORDS[d]).join(' and ');

const HARD_ASPECTS = [
  { name: 'conjunction', angle: 0 },
  { name: 'square', angle: 90 },
  { name: 'opposition', angle: 180 },
] as const;

export interface Pressure {
  malefic: Planet;
  aspect: (typeof HARD_ASPECTS)[number]['name'];
  orb: number;
  applying: boolean;
}

const MALEFIC_INDICES = MALEFICS.map((m) => PLANET_INDEX[m]);
const SUN_INDEX = PLANET_INDEX.sun;

/** The closest hard aspect of Mars or Saturn to a planet within PRESSURE_ORB, or null. */
export const maleficPressure = (sky: ElectionSky, planet: Planet): Pressure | null => pressureOn(sky, PLANET_INDEX[planet]);

/** The same for the planet of that SEVEN_PLANETS index, kept in the sky's shared readings: several rules ask. */
function pressureOn(sky: ElectionSky, index: number): Pressure | null {
  const known = sky.shared[index] as Pressure | null | undefined;
  if (known !== undefined) return known;
  const best = closestPressure(sky, index);
  sky.shared[index] = best;
  return best;
}

function closestPressure(sky: ElectionSky, index: number): Pressure | null {
  let best: Pressure | null = null;
  const p = sky.states[index]!;
  for (const m of MALEFIC_INDICES) {
    if (m === index) continue;
    const q = sky.states[m]!;
    const sep = separation(p.lon, q.lon);
    for (const a of HARD_ASPECTS) {
      const orb = Math.abs(sep - a.angle);
      if (orb > PRESSURE_ORB || (best && best.orb <= orb)) continue;
      // Applying when the orb shrinks: the separation an hour later, from the speeds.
      const later = separation(p.lon + p.speed / 24, q.lon + q.speed / 24);
      best = { malefic: SEVEN_PLANETS[m]!, aspect: a.name, orb, applying: Math.abs(later - a.angle) < orb };
    }
  }
  return best;
}

/** Distance from the Sun when combust (not cazimi, except for the Moon), or null. */
export const combustion = (sky: ElectionSky, planet: Planet): number | null => combustionOf(sky, PLANET_INDEX[planet]);

function combustionOf(sky: ElectionSky, index: number): number | null {
  const d = separation(sky.states[index]!.lon, sky.states[SUN_INDEX]!.lon);
  return combustionAt(SEVEN_PLANETS[index]!, d) === 'combust' ? d : null;
}

const where = (sky: ElectionSky, p: Planet) => `${planetName(p)} at ${placeText(sky.planets[p].lon)}`;

// --- The Moon ---------------------------------------------------------------------------------

export const moonVoid = (weight: number): ElectionRule => ({
  code: 'moon_void_of_course',
  weight,
  blocking: true,
  test: 'The Moon makes no further exact Ptolemaic aspect to the Sun or a planet (Mercury to Pluto) before it leaves its sign: what is begun comes to nothing.',
  holds: (sky) => !sky.moonCourse.next,
  words: (sky) => ({
    title: 'Moon void of course',
    detail: `The Moon at ${placeText(sky.planets.moon.lon)} completes no exact aspect before it enters ${signNameById(sky.moonCourse.nextSign)} at ${utcText(sky.moonCourse.ingressJd)}.`,
  }),
});

export const moonCombust = (weight: number): ElectionRule => ({
  code: 'moon_combust',
  weight,
  blocking: true,
  test: `The Moon within ${COMBUST_ORB}° of the Sun (around the New Moon): its light is gone and the matter is hidden or weakened.`,
  holds: (sky) => combustionOf(sky, PLANET_INDEX.moon) !== null,
  words: (sky) => ({
    title: 'Moon combust',
    detail: `The Moon is ${arcText(combustion(sky, 'moon')!)} from the Sun at ${placeText(sky.planets.sun.lon)}, inside the ${COMBUST_ORB}° of combustion.`,
  }),
});

export const moonWaxing = (weight: number): ElectionRule => ({
  code: 'moon_waxing',
  weight,
  test: 'The Moon is waxing (less than 180° ahead of the Sun): for a purpose that wants growth.',
  holds: (sky) => sky.moonPhaseAngle < 180,
  words: (sky) => ({ title: 'Moon waxing', detail: `The Moon is ${arcText(sky.moonPhaseAngle)} ahead of the Sun and growing in light.` }),
});

export const moonWaning = (weight: number): ElectionRule => ({
  code: 'moon_waning',
  weight,
  test: 'The Moon is waning (180° or more ahead of the Sun): a purpose that wants growth starts on a diminishing light.',
  holds: (sky) => sky.moonPhaseAngle >= 180,
  words: (sky) => ({ title: 'Moon waning', detail: `The Moon is ${arcText(360 - sky.moonPhaseAngle)} short of the next New Moon and losing light.` }),
});

export const moonAppliesToBenefic = (weight: number): ElectionRule => ({
  code: 'moon_applies_to_benefic',
  weight,
  test: "The Moon's next exact aspect before it leaves its sign is to Venus or Jupiter (any Ptolemaic aspect).",
  holds(sky) {
    const n = sky.moonCourse.next;
    return n !== null && (BENEFICS as readonly string[]).includes(n.body);
  },
  words(sky) {
    const n = sky.moonCourse.next!;
    const b = n.body as Planet;
    return {
      title: `Moon applying to ${planetName(b)}`,
      detail: `The Moon's next aspect is a ${n.aspect} with ${where(sky, b)}, exact at ${utcText(n.jdUt)} while the Moon is still in its sign.`,
    };
  },
});

export const moonAppliesToMalefic = (weight: number): ElectionRule => ({
  code: 'moon_applies_to_malefic',
  weight,
  test: "The Moon's next exact aspect before it leaves its sign is a conjunction, square or opposition of Mars or Saturn.",
  holds(sky) {
    const n = sky.moonCourse.next;
    return n !== null && (MALEFICS as readonly string[]).includes(n.body) && n.aspect !== 'sextile' && n.aspect !== 'trine';
  },
  words(sky) {
    const n = sky.moonCourse.next!;
    const m = n.body as Planet;
    return {
      title: `Moon applying to ${planetName(m)} by ${n.aspect}`,
      detail: `The Moon's next aspect is a ${n.aspect} with ${where(sky, m)}, exact at ${utcText(n.jdUt)}.`,
    };
  },
});

export const moonInBurntWay = (weight: number): ElectionRule => ({
  code: 'moon_in_burnt_way',
  weight,
  test: 'The Moon between 15° Libra and 15° Scorpio, the burnt way.',
  holds: (sky) => sky.planets.moon.lon >= BURNT_WAY[0] && sky.planets.moon.lon < BURNT_WAY[1],
  words: (sky) => ({ title: 'Moon in the burnt way', detail: `The Moon at ${placeText(sky.planets.moon.lon)} lies between 15° Libra and 15° Scorpio.` }),
});

export const moonInFixedSign = (weight: number): ElectionRule => ({
  code: 'moon_in_fixed_sign',
  weight,
  test: 'The Moon in a fixed sign (Taurus, Leo, Scorpio, Aquarius): for what should last.',
  holds: (sky) => SIGNS[sky.planets.moon.sign]!.modality === 'fixed',
  words: (sky) => ({
    title: 'Moon in a fixed sign',
    detail: `The Moon at ${placeText(sky.planets.moon.lon)}: ${SIGNS[sky.planets.moon.sign]!.name} is a fixed sign, which favours permanence.`,
  }),
});

// --- A planet as significator -----------------------------------------------------------------

const DIGNITY_TESTS = { dignified: 'in its domicile or exaltation', debilitated: 'in its detriment or fall' } as const;

/** A planet's essential dignity by sign, one way or the other. */
function dignityRule(p: Planet, kind: keyof typeof DIGNITY_TESTS, weight: number): ElectionRule {
  const i = PLANET_INDEX[p];
  return {
    code: `${p}_${kind}`,
    weight,
    test: `${planetName(p)} ${DIGNITY_TESTS[kind]}.`,
    // One test per kind, not `states[i][kind]`: a property named by a variable is a slow read at every step.
    holds: kind === 'dignified' ? (sky) => sky.states[i]!.dignified : (sky) => sky.states[i]!.debilitated,
    words: (sky) => ({ title: `${planetName(p)} ${kind}`, detail: `${where(sky, p)} is in ${dignityText(sky.planets[p].dignities)}.` }),
  };
}

export const planetDignified = (p: Planet, weight: number): ElectionRule => dignityRule(p, 'dignified', weight);
export const planetDebilitated = (p: Planet, weight: number): ElectionRule => dignityRule(p, 'debilitated', weight);

const pressureText = (sky: ElectionSky, subject: string, pr: Pressure) =>
  `${subject} is ${arcText(pr.orb)} from an exact ${pr.aspect} of ${where(sky, pr.malefic)}, ${pr.applying ? 'applying' : 'separating'}.`;

export const planetUnderPressure = (p: Planet, weight: number): ElectionRule => {
  const i = PLANET_INDEX[p];
  return {
    code: `${p}_under_malefic_pressure`,
    weight,
    test: `${planetName(p)} in conjunction, square or opposition with Mars or Saturn within ${PRESSURE_ORB}°.`,
    holds: (sky) => pressureOn(sky, i) !== null,
    words: (sky) => ({ title: `${planetName(p)} under hard malefic pressure`, detail: pressureText(sky, where(sky, p), maleficPressure(sky, p)!) }),
  };
};

export const planetRetrograde = (p: Planet, weight: number): ElectionRule => {
  const i = PLANET_INDEX[p];
  return {
    code: `${p}_retrograde`,
    weight,
    test: `${planetName(p)} retrograde (moving backwards in longitude).`,
    holds: (sky) => sky.states[i]!.speed < 0,
    words: (sky) => ({
      title: `${planetName(p)} retrograde`,
      detail: `${where(sky, p)} moves backwards at ${Math.abs(sky.planets[p].speed).toFixed(3)}° a day.`,
    }),
  };
};

export const planetStationing = (p: Planet, weight: number, days: number): ElectionRule => ({
  code: `${p}_stationing`,
  weight,
  test: `${planetName(p)} within ${days} days of a station (turning retrograde or direct).`,
  holds: (sky) => sky.stationNear(p) !== null,
  words(sky) {
    const s = sky.stationNear(p)!;
    const when = s.jdUt >= sky.jdUt ? 'stations' : 'stationed';
    return {
      title: `${planetName(p)} stationing`,
      detail: `${planetName(p)} ${when} ${s.direction} at ${utcText(s.jdUt)}, ${Math.abs(s.jdUt - sky.jdUt).toFixed(1)} days from this moment; it stands almost still at ${placeText(sky.planets[p].lon)}.`,
    };
  },
});

export const planetCombust = (p: Planet, weight: number): ElectionRule => {
  const i = PLANET_INDEX[p];
  return {
    code: `${p}_combust`,
    weight,
    test: `${planetName(p)} within ${COMBUST_ORB}° of the Sun, not cazimi (within 17′).`,
    holds: (sky) => combustionOf(sky, i) !== null,
    words: (sky) => ({ title: `${planetName(p)} combust`, detail: `${where(sky, p)} is ${arcText(combustion(sky, p)!)} from the Sun, hidden in its rays.` }),
  };
};

/** The conditions of a significator at the given weights (magnitudes; a rule without one is left out). */
export function significator(p: Planet, w: { dignity?: number; pressure?: number; retrograde?: number; combust?: number; station?: number }): ElectionRule[] {
  const rules: ElectionRule[] = [];
  if (w.dignity) rules.push(planetDignified(p, w.dignity), planetDebilitated(p, -w.dignity));
  if (w.pressure) rules.push(planetUnderPressure(p, -w.pressure));
  if (w.retrograde) rules.push(planetRetrograde(p, -w.retrograde));
  if (w.combust) rules.push(planetCombust(p, -w.combust));
  if (w.station) rules.push(planetStationing(p, -w.station, STATION_DAYS[p] ?? 0));
  return rules;
}

// --- Houses and their rulers ------------------------------------------------------------------

const houseLabel = (house: number) => (house === 1 ? 'the Ascendant' : `the ${ordinal(house)} house`);

const rulerSubject = (r: { sign: number; ruler: Planet }, house: number) =>
  `${planetName(r.ruler)}, ruler of ${signName(r.sign)} on the cusp of ${houseLabel(house)}`;

/** The test of each condition of a house's ruler, for a house: one function per kind, chosen when the rule is made. */
const RULER_TESTS: Readonly<Record<'dignified' | 'debilitated' | 'pressure', (house: number) => ElectionRule['holds']>> = {
  dignified: (house) => (sky) => {
    const r = houseRuler(sky, house);
    return r !== undefined && sky.states[r.index]!.dignified;
  },
  debilitated: (house) => (sky) => {
    const r = houseRuler(sky, house);
    return r !== undefined && sky.states[r.index]!.debilitated;
  },
  pressure: (house) => (sky) => {
    const r = houseRuler(sky, house);
    return r !== undefined && pressureOn(sky, r.index) !== null;
  },
};

export function rulerRule(house: number, kind: 'dignified' | 'debilitated' | 'pressure', weight: number): ElectionRule {
  const nth = ordinal(house);
  const tests = {
    dignified: `The ruler of the sign on the ${nth} cusp in its domicile or exaltation.`,
    debilitated: `The ruler of the sign on the ${nth} cusp in its detriment or fall.`,
    pressure: `The ruler of the sign on the ${nth} cusp in conjunction, square or opposition with Mars or Saturn within ${PRESSURE_ORB}°.`,
  };
  return {
    code: `house_${house}_ruler_${kind === 'pressure' ? 'under_malefic_pressure' : kind}`,
    weight,
    readsPlace: true,
    test: tests[kind],
    holds: RULER_TESTS[kind](house),
    words(sky) {
      const r = houseRuler(sky, house)!;
      const s = sky.planets[r.ruler];
      if (kind === 'pressure')
        return { title: `${nth} ruler under hard malefic pressure`, detail: pressureText(sky, rulerSubject(r, house), maleficPressure(sky, r.ruler)!) };
      return { title: `${nth} ruler ${kind}`, detail: `${rulerSubject(r, house)}, is at ${placeText(s.lon)}, ${dignityText(s.dignities)}.` };
    },
  };
}

/** The three conditions of a house's ruler. */
export function houseRulerRules(house: number, w: { dignity: number; pressure: number }): ElectionRule[] {
  return [rulerRule(house, 'dignified', w.dignity), rulerRule(house, 'debilitated', -w.dignity), rulerRule(house, 'pressure', -w.pressure)];
}

export const rulerCombust = (house: number, weight: number): ElectionRule => ({
  code: `house_${house}_ruler_combust`,
  weight,
  readsPlace: true,
  test: `The ruler of the ${ordinal(house)} cusp within ${COMBUST_ORB}° of the Sun (not cazimi); the Sun itself is never combust.`,
  holds(sky) {
    const r = houseRuler(sky, house);
    return r !== undefined && combustionOf(sky, r.index) !== null;
  },
  words(sky) {
    const { ruler } = houseRuler(sky, house)!;
    return {
      title: `${ordinal(house)} ruler combust`,
      detail: `${where(sky, ruler)}, ruler of ${houseLabel(house)}, is ${arcText(combustion(sky, ruler)!)} from the Sun.`,
    };
  },
});

/** The test of a planet (by its SEVEN_PLANETS index) standing in one of the houses given. */
const inAnyHouse =
  (i: number, houses: readonly number[]): ElectionRule['holds'] =>
  (sky) => {
    const h = sky.states[i]!.house;
    return h !== undefined && houses.includes(h);
  };

/** A benefic in one of the purpose's houses: "Venus in a finance supportive house". */
export const beneficInHouses = (p: Planet, houses: readonly number[], topic: string, weight: number): ElectionRule => ({
  code: `${p}_in_${topic}_house`,
  weight,
  readsPlace: true,
  test: `${planetName(p)} in the ${houses.map(ordinal).join(' or ')} house.`,
  holds: inAnyHouse(PLANET_INDEX[p], houses),
  words: (sky) => ({
    title: `${planetName(p)} in a ${topic} supportive house`,
    detail: `${where(sky, p)} is in the ${ordinal(sky.planets[p].house!)} house.`,
  }),
});

/** A malefic in one of the purpose's houses. */
export const maleficInHouses = (p: Planet, houses: readonly number[], weight: number): ElectionRule => ({
  code: `${p}_in_house_${houses.join('_')}`,
  weight,
  readsPlace: true,
  test: `${planetName(p)} in the ${houses.map(ordinal).join(' or ')} house.`,
  holds: inAnyHouse(PLANET_INDEX[p], houses),
  words(sky) {
    const h = sky.planets[p].house!;
    return {
      title: `${planetName(p)} in the ${ordinal(h)} house`,
      detail: `${where(sky, p)} sits in the ${ordinal(h)} house, one of the houses of the matter.`,
    };
  },
});

export const beneficRising = (p: Planet, weight: number): ElectionRule => {
  const i = PLANET_INDEX[p];
  return {
    code: `${p}_in_first_house`,
    weight,
    readsPlace: true,
    test: `${planetName(p)} in the 1st house, with the Ascendant.`,
    holds: (sky) => sky.states[i]!.house === 1,
    words: (sky) => ({
      title: `${planetName(p)} in the 1st house`,
      detail: `${where(sky, p)} is in the 1st house, beside the Ascendant at ${placeText(sky.houses!.asc)}.`,
    }),
  };
};

export const maleficAngular = (p: Planet, weight: number): ElectionRule => {
  const i = PLANET_INDEX[p];
  return {
    code: `${p}_angular`,
    weight,
    readsPlace: true,
    test: `${planetName(p)} in the 1st, 4th, 7th or 10th house.`,
    holds(sky) {
      const h = sky.states[i]!.house;
      return h !== undefined && h % 3 === 1;
    },
    words: (sky) => ({
      title: `${planetName(p)} on an angle`,
      detail: `${where(sky, p)} is in the ${ordinal(sky.planets[p].house!)} house, an angular house, where a malefic acts strongly.`,
    }),
  };
};

const ascendantSign = (sky: ElectionSky) => SIGNS[Math.floor(normalizeDegrees(sky.houses!.asc) / 30)]!;

export const fixedSignRising = (weight: number): ElectionRule => ({
  code: 'fixed_sign_rising',
  weight,
  readsPlace: true,
  test: 'A fixed sign (Taurus, Leo, Scorpio, Aquarius) on the Ascendant: for what should stay.',
  holds: (sky) => sky.houses !== null && ascendantSign(sky).modality === 'fixed',
  words: (sky) => ({ title: 'Fixed sign rising', detail: `The Ascendant at ${placeText(sky.houses!.asc)} is in ${ascendantSign(sky).name}, a fixed sign.` }),
});

// --- The planetary hour -----------------------------------------------------------------------

const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

function hourText(sky: ElectionSky): string {
  const h = sky.planetaryHour!;
  return `The moment falls in the ${ordinal(h.number)} planetary hour of the ${h.part} of ${WEEKDAY_NAMES[h.weekday]} (the planetary day from sunrise), ${utcText(h.start)} to ${utcText(h.end)}, ruled by ${planetName(h.ruler)}`;
}

export const hourOfSignificator = (rulers: readonly Planet[], weight: number): ElectionRule => ({
  code: 'planetary_hour_of_significator',
  weight,
  readsPlace: true,
  test: `The planetary hour is ruled by ${rulers.map(planetName).join(' or ')}.`,
  holds: (sky) => sky.planetaryHour !== null && rulers.includes(sky.planetaryHour.ruler),
  words: (sky) => ({ title: `Planetary hour of ${planetName(sky.planetaryHour!.ruler)}`, detail: `${hourText(sky)}, a planet of the matter.` }),
});

export const hourOfMalefic = (weight: number): ElectionRule => ({
  code: 'planetary_hour_of_malefic',
  weight,
  readsPlace: true,
  test: 'The planetary hour is ruled by Mars or Saturn.',
  holds: (sky) => sky.planetaryHour !== null && (MALEFICS as readonly string[]).includes(sky.planetaryHour.ruler),
  words: (sky) => ({ title: `Planetary hour of ${planetName(sky.planetaryHour!.ruler)}`, detail: `${hourText(sky)}, a malefic.` }),
});

/** The rules every category shares (the Moon, the Ascendant and its ruler, the malefics). */
export function generalRules(wantsIncrease: boolean): ElectionRule[] {
  return [
    moonVoid(-20),
    moonCombust(-15),
    ...(wantsIncrease ? [moonWaxing(5), moonWaning(-5)] : []),
    moonAppliesToBenefic(10),
    moonAppliesToMalefic(-10),
    planetDignified('moon', 4),
    planetDebilitated('moon', -4),
    moonInBurntWay(-5),
    ...houseRulerRules(1, { dignity: 6, pressure: 8 }),
    rulerCombust(1, -6),
    beneficRising('venus', 5),
    beneficRising('jupiter', 6),
    maleficAngular('mars', -7),
    maleficAngular('saturn', -7),
    hourOfMalefic(-3),
  ];
}
