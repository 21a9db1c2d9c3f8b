/**
 * The factors of the daily reading, each read from the day's sky (vedic-daily-sky.ts) or the
 * birth chart, with its signed weight and its share in each life area. The rules and weights are
 * this service's, written down in docs/api/vedic.md ("Vedic daily reading"); the classical parts
 * (chandra bala, tara bala, the gochara table with vedha, Sade Sati and Dhaiya, the inauspicious
 * tithis, yogas and karanas) follow the same tables as the gochara timeline and the muhurta search.
 */
import { GRAHAS, type GrahaId } from '../../../astro/vedic/grahas.ts';
import { grahaRole } from '../../../astro/vedic/graha-role.ts';
import type { VedicChart } from '../../../astro/vedic/sidereal-chart.ts';
import { BAD_YOGAS, DARK_FIXED_KARANAS, isVishti, RIKTA_TITHIS, WORST_YOGAS } from '../../../astro/vedic/muhurta/muhurta-rules.ts';
import { karanaName, NAKSHATRA_NAMES, pakshaOfTithi, tithiName, VARAS, YOGA_NAMES } from '../../../astro/panchang/panchang-names.ts';
import { signNameOf } from '../vedic-service.ts';
import { GRAHA_WORDS, HOUSE_WORDS } from '../reading/house-words.ts';
import { NATURE_WEIGHT } from '../reading/lord-reading.ts';
import { readDashaStack, LORD_SCALE } from '../dasha-insights/dasha-insights-service.ts';
import { factor, ordinal, type ReadingFactor } from '../reading/reading-factor.ts';
import type { Area } from './vedic-daily-schemas.ts';
import type { DailySky, TransitFact } from './vedic-daily-sky.ts';

export interface DailyFactor extends ReadingFactor {
  /** Share of the factor in each area (0: none). */
  areas: Record<Area, number>;
  /** The graha the factor is about, when one is (the remedy's focus). */
  graha: GrahaId | null;
}

const ALL_AREAS = (share: number): Record<Area, number> => ({
  career: share,
  wealth: share,
  relationships: share,
  health: share,
  mind: share,
  spiritual: share,
});

/** The houses (from the lagna) whose matters each area is about. */
export const AREA_HOUSES: Readonly<Record<Area, readonly number[]>> = {
  career: [10, 6, 3],
  wealth: [2, 11],
  relationships: [7, 5],
  health: [1, 6, 8],
  mind: [4, 5],
  spiritual: [9, 12],
};

/** The areas each graha's transit speaks for most (its natural significations). */
const GRAHA_AREAS: Readonly<Record<GrahaId, Partial<Record<Area, number>>>> = {
  sun: { career: 1.5, health: 1 },
  moon: { mind: 1.5, health: 1 },
  mars: { health: 1, career: 1 },
  mercury: { career: 1, mind: 1, wealth: 0.5 },
  jupiter: { wealth: 1.5, relationships: 1, spiritual: 1.5 },
  venus: { relationships: 1.5, wealth: 1 },
  saturn: { career: 1.5, health: 1, mind: 1 },
  rahu: { career: 1, mind: 1 },
  ketu: { spiritual: 1.5, mind: 1 },
};

/** How much a good (or bad) transit of each graha weighs: the slow ones most. */
const TRANSIT_WEIGHT: Readonly<Record<GrahaId, number>> = { sun: 1, moon: 2, mars: 1, mercury: 0.75, jupiter: 2, venus: 0.75, saturn: 2, rahu: 1, ketu: 1 };

// Field by field rather than spread, here and in `daily`: a reading makes some twenty factors, and
// V8's object clone behind a spread was a visible share of their cost in the profile.
const areasOf = (shares: Partial<Record<Area, number>>): Record<Area, number> => ({
  career: shares.career ?? 0,
  wealth: shares.wealth ?? 0,
  relationships: shares.relationships ?? 0,
  health: shares.health ?? 0,
  mind: shares.mind ?? 0,
  spiritual: shares.spiritual ?? 0,
});

function daily(f: ReadingFactor, areas: Record<Area, number>, graha: GrahaId | null = null): DailyFactor {
  return { id: f.id, polarity: f.polarity, weight: f.weight, title: f.title, detail: f.detail, areas, graha };
}

const areaOfHouse = (house: number): Area[] => (Object.keys(AREA_HOUSES) as Area[]).filter((a) => AREA_HOUSES[a].includes(house));

function chandraBala(sky: DailySky): DailyFactor {
  const m = sky.moon;
  const where = `The Moon transits ${signNameOf(m.signIndex)}, the ${ordinal(m.houseFromMoon)} sign from the natal Moon`;
  const areas = { ...ALL_AREAS(0.7), mind: 1.5, health: 1 };
  if (m.houseFromMoon === 8)
    return daily(
      factor(
        'chandrashtama',
        -3,
        'Chandrashtama: the Moon in the 8th from the natal Moon',
        `${where}: the day tradition marks for caution and no new beginnings.`,
      ),
      areas,
      'moon',
    );
  if (!m.favourable)
    return daily(
      factor(
        'chandra_bala',
        -1,
        `No chandra bala: the Moon ${ordinal(m.houseFromMoon)} from the natal Moon`,
        `${where}, not among the good houses 1, 3, 6, 7, 10 and 11.`,
      ),
      areas,
      'moon',
    );
  const obstructed = m.vedha && m.vedha.kind === 'vedha' && m.vedha.by.length > 0;
  if (obstructed)
    return daily(
      factor(
        'chandra_bala',
        0.5,
        `Chandra bala, obstructed`,
        `${where}, a good house, but ${m.vedha!.by.map((g) => GRAHAS[g].name).join(' and ')} in its vedha house (the ${ordinal(m.vedha!.house)}) blocks most of the good.`,
      ),
      areas,
      'moon',
    );
  return daily(
    factor(
      'chandra_bala',
      2,
      `Chandra bala: the Moon ${ordinal(m.houseFromMoon)} from the natal Moon`,
      `${where}, one of the good houses 1, 3, 6, 7, 10 and 11.`,
    ),
    areas,
    'moon',
  );
}

function moonFromLagna(sky: DailySky): DailyFactor | undefined {
  const h = sky.moon.houseFromLagna;
  if (h === null) return undefined;
  const weight = [6, 8, 12].includes(h) ? -1 : [1, 2, 4, 5, 7, 9, 10, 11].includes(h) ? 1 : 0;
  const areas = areasOf({ ...Object.fromEntries(areaOfHouse(h).map((a) => [a, 1.5])) });
  return daily(
    factor(
      'moon_house_from_lagna',
      weight,
      `The Moon in the ${ordinal(h)} house from the lagna`,
      `The Moon transits the natal ${ordinal(h)} house (${signNameOf(sky.moon.signIndex)}), the house of ${HOUSE_WORDS[h]}: the day's attention goes there.`,
    ),
    areas,
    'moon',
  );
}

function taraBala(sky: DailySky): DailyFactor {
  const t = sky.taras[0]!;
  const star = NAKSHATRA_NAMES[t.nakshatra]!;
  const areas = { ...ALL_AREAS(0.7), health: 1, mind: 1 };
  const detail = `The Moon is in ${star} at sunrise, the ${ordinal(t.tara)} tara (${t.name}) counted from the birth nakshatra`;
  if (t.good) return daily(factor('tara_bala', 2, `Tara bala: ${t.name}`, `${detail}: a good tara.`), areas, 'moon');
  if (t.tara === 1) return daily(factor('tara_bala', -1, 'Janma tara', `${detail}: the birth star's own tara, read as a day to go gently.`), areas, 'moon');
  return daily(factor('tara_bala', -2, `Adverse tara: ${t.name}`, `${detail}: one of the three adverse taras (Vipat, Pratyari, Vadha).`), areas, 'moon');
}

function panchangFactors(sky: DailySky): DailyFactor[] {
  const p = sky.panchang;
  const tithi = p.limbs.tithi[0]!,
    yoga = p.limbs.yoga[0]!,
    karana = p.limbs.karana[0]!;
  const number = tithi.index + 1;
  const inPaksha = ((number - 1) % 15) + 1;
  const tithiLabel = `${pakshaOfTithi(number)} ${tithiName(number)}`;
  const out: DailyFactor[] = [];
  const general = { ...ALL_AREAS(0.5), career: 0.8, wealth: 0.8 };
  if (number === 30)
    out.push(
      daily(factor('tithi', -1.5, `Amavasya`, `The tithi at sunrise is ${tithiLabel}, the new moon: a day for closing and rest rather than starting.`), {
        ...general,
        spiritual: 0,
      }),
    );
  else if (RIKTA_TITHIS.includes(inPaksha))
    out.push(
      daily(
        factor('tithi', -1, `Rikta tithi: ${tithiLabel}`, `The tithi at sunrise, ${tithiLabel}, is a rikta ("empty") tithi, avoided for beginnings.`),
        general,
      ),
    );
  else if (number === 15)
    out.push(
      daily(factor('tithi', 1, 'Purnima', 'The tithi at sunrise is the full moon (Purnima): a full, bright day.'), { ...general, spiritual: 1, mind: 1 }),
    );
  else out.push(daily(factor('tithi', 0.5, `Tithi: ${tithiLabel}`, `The tithi at sunrise, ${tithiLabel}, is neither rikta nor the new moon.`), general));
  const yogaName = YOGA_NAMES[yoga.index]!;
  if (WORST_YOGAS.includes(yoga.index))
    out.push(daily(factor('yoga', -1.5, `${yogaName} yoga`, `The yoga at sunrise, ${yogaName}, is one of the two that every auspicious act avoids.`), general));
  else if (BAD_YOGAS.includes(yoga.index))
    out.push(daily(factor('yoga', -1, `${yogaName} yoga`, `The yoga at sunrise, ${yogaName}, is counted inauspicious.`), general));
  else out.push(daily(factor('yoga', 0.5, `${yogaName} yoga`, `The yoga at sunrise, ${yogaName}, is counted auspicious.`), general));
  const k = karana.index + 1;
  if (isVishti(k))
    out.push(
      daily(factor('karana', -1, 'Vishti (Bhadra) karana', 'The karana at sunrise is Vishti (Bhadra), avoided for new undertakings while it lasts.'), general),
    );
  else if (DARK_FIXED_KARANAS.includes(k))
    out.push(
      daily(
        factor('karana', -0.5, `${karanaName(k)} karana`, `The karana at sunrise, ${karanaName(k)}, is one of the fixed karanas of the month's dark end.`),
        general,
      ),
    );
  return out;
}

function varaFactor(sky: DailySky, natal: VedicChart): DailyFactor {
  const vara = VARAS[sky.panchang.weekday]!;
  const lord = (Object.keys(GRAHAS) as GrahaId[]).find((g) => GRAHAS[g].name === vara.lord)!;
  const role = grahaRole(natal, lord);
  const weight = NATURE_WEIGHT[role.nature] / 2;
  return daily(
    factor(
      'vara_lord',
      weight,
      `${vara.english}, ${vara.lord}'s day`,
      `The weekday's lord ${vara.lord} ${role.natureReason} in the birth chart: a ${role.nature} for this lagna, so its day leans ${weight > 0 ? 'helpful' : weight < 0 ? 'testing' : 'neutral'}.`,
    ),
    { ...ALL_AREAS(0.5) },
    lord,
  );
}

function saturnFactor(t: TransitFact): DailyFactor {
  const areas = areasOf(GRAHA_AREAS.saturn);
  const where = `Saturn transits ${signNameOf(t.signIndex)}, the ${ordinal(t.houseFromMoon)} sign from the natal Moon`;
  const phase = t.houseFromMoon === 12 ? 'rising' : t.houseFromMoon === 1 ? 'peak' : t.houseFromMoon === 2 ? 'setting' : null;
  if (phase)
    return daily(
      factor(
        `sade_sati_${phase}`,
        phase === 'peak' ? -2.5 : -2,
        `Sade Sati, ${phase} phase`,
        `${where}: the ${phase} phase of Sade Sati, read as a long stretch of pressure, duty and slow results.`,
      ),
      areas,
      'saturn',
    );
  if (t.houseFromMoon === 4)
    return daily(
      factor('kantaka_shani', -1.5, 'Kantaka Shani (Dhaiya)', `${where}: the 4th-house Dhaiya, read as strain around home and peace of mind.`),
      areas,
      'saturn',
    );
  if (t.houseFromMoon === 8)
    return daily(
      factor('ashtama_shani', -1.5, 'Ashtama Shani (Dhaiya)', `${where}: the 8th-house Dhaiya, read as obstacles and the need for care.`),
      areas,
      'saturn',
    );
  return transitFactor(t);
}

function transitFactor(t: TransitFact): DailyFactor {
  const name = GRAHAS[t.graha].name;
  const w = TRANSIT_WEIGHT[t.graha];
  const where = `${name} transits ${signNameOf(t.signIndex)}${t.retrograde && t.graha !== 'rahu' && t.graha !== 'ketu' ? ' (retrograde)' : ''}, the ${ordinal(t.houseFromMoon)} sign from the natal Moon`;
  const areas = areasOf(GRAHA_AREAS[t.graha]);
  const blockers = t.vedha?.by.map((g) => GRAHAS[g].name).join(' and ');
  if (t.favourable) {
    if (t.vedha && t.vedha.kind === 'vedha' && t.vedha.by.length)
      return daily(
        factor(
          `${t.graha}_transit`,
          0,
          `${name}'s good transit obstructed`,
          `${where}, a good house for it, but ${blockers} in the vedha house (the ${ordinal(t.vedha.house)}) obstructs it.`,
        ),
        areas,
        t.graha,
      );
    return daily(
      factor(`${t.graha}_transit`, w, `${name} transits well`, `${where}, a good house for it in the gochara table: support for ${GRAHA_WORDS[t.graha]}.`),
      areas,
      t.graha,
    );
  }
  if (t.vedha && t.vedha.kind === 'vipareeta_vedha' && t.vedha.by.length)
    return daily(
      factor(
        `${t.graha}_transit`,
        0,
        `${name}'s hard transit relieved`,
        `${where}, not a good house for it, but ${blockers} in the ${ordinal(t.vedha.house)} relieves it (vipareeta vedha).`,
      ),
      areas,
      t.graha,
    );
  return daily(
    factor(
      `${t.graha}_transit`,
      -w * 0.75,
      `${name} transits a hard house`,
      `${where}, not a good house for it in the gochara table: friction around ${GRAHA_WORDS[t.graha]}.`,
    ),
    areas,
    t.graha,
  );
}

function dashaFactors(sky: DailySky, natal: VedicChart): DailyFactor[] {
  if (!sky.dasha.length) return [];
  const r = readDashaStack(natal, sky.dasha.slice(0, 2));
  const [maha, antar] = sky.dasha;
  const mahaRole = r.readings.get(maha!.lord)!.role;
  // The areas of the houses the mahadasha and antardasha lords rule or occupy.
  const shares = { ...ALL_AREAS(0.5) };
  for (const reading of r.readings.values())
    for (const h of [...reading.role.housesRuled, reading.role.house]) for (const a of areaOfHouse(h)) shares[a] = Math.min(1.5, shares[a] + 0.5);
  const weight = Math.max(-2, Math.min(2, Math.round(((r.score - 50) / LORD_SCALE / 2) * 4) / 4));
  const names = `${GRAHAS[maha!.lord].name} mahadasha${antar ? `, ${GRAHAS[antar.lord].name} antardasha` : ''}`;
  const out = [
    daily(
      factor(
        'dasha_period',
        weight,
        `${names}`,
        `The running periods read in the birth chart score ${r.score} (the lords' houses, dignity and relation to the lagna lord; docs: "Vedic dasha insights"). ${GRAHAS[maha!.lord].name} occupies the ${ordinal(mahaRole.house)} house (${HOUSE_WORDS[mahaRole.house]}).`,
      ),
      shares,
      maha!.lord,
    ),
  ];
  // The dasha lords' own transits from the Moon today: a running lord transiting well delivers more.
  for (const p of sky.dasha.slice(0, 2)) {
    const t = sky.transits.find((x) => x.graha === p.lord);
    if (!t) continue;
    const level = p.level === 1 ? 'mahadasha' : 'antardasha';
    out.push(
      daily(
        factor(
          `${level}_lord_transit`,
          t.favourable ? 1 : -0.5,
          `${GRAHAS[p.lord].name}, the ${level} lord, transits ${t.favourable ? 'well' : 'a hard house'}`,
          `${GRAHAS[p.lord].name} lords the running ${level} and transits the ${ordinal(t.houseFromMoon)} sign from the natal Moon, ${t.favourable ? 'a good' : 'not a good'} house for it in the gochara table.`,
        ),
        shares,
        p.lord,
      ),
    );
  }
  return out;
}

/** Every factor of the day, in a fixed order (the ranking sorts them). */
export function dailyFactors(sky: DailySky, natal: VedicChart): DailyFactor[] {
  const out: DailyFactor[] = [chandraBala(sky)];
  const fromLagna = moonFromLagna(sky);
  if (fromLagna) out.push(fromLagna);
  out.push(taraBala(sky), ...panchangFactors(sky), varaFactor(sky, natal));
  for (const t of sky.transits) out.push(t.graha === 'saturn' ? saturnFactor(t) : transitFactor(t));
  out.push(...dashaFactors(sky, natal));
  return out;
}

/** 50 plus 5 per unit of the weights counted for the area (each times its share). */
export const AREA_SCALE = 5;

export function areaScore(factors: readonly DailyFactor[], area: Area | 'overall'): number {
  const sum = factors.reduce((s, f) => s + f.weight * (area === 'overall' ? 1 : f.areas[area]), 0);
  return Math.max(0, Math.min(100, Math.round(50 + sum * AREA_SCALE)));
}
