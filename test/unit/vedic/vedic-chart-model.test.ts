/**
 * The sidereal chart model (src/astro/vedic): nakshatra and pada at their edges, the dignity
 * rules (exaltation arcs, moolatrikona, own sign, compound relationship), combustion orbs, and the
 * chart's positions being the engine's sidereal ones, the same the sidereal natal chart gives.
 */
import { describe, expect, it } from 'vitest';
import { computeChartMoment } from '../../../src/astro/chart.ts';
import { calcHouses, initEphemeris } from '../../../src/astro/ephemeris.ts';
import { nakshatraOf, NAKSHATRA_SPAN } from '../../../src/astro/vedic/nakshatras.ts';
import { compoundRelationship, dignityOf, naturalRelationship, temporaryRelationship } from '../../../src/astro/vedic/dignity.ts';
import { isCombust } from '../../../src/astro/vedic/combustion.ts';
import { castVedicChart, siderealPlace } from '../../../src/astro/vedic/sidereal-chart.ts';
import { nthSignFrom, signDistance, type SevenGraha } from '../../../src/astro/vedic/grahas.ts';

initEphemeris();

describe('nakshatras', () => {
  it('start Ashwini at 0° Aries and change every 13°20′, the edge belonging to the next', () => {
    expect(nakshatraOf(0)).toMatchObject({ number: 1, name: 'Ashwini', pada: 1, lord: 'ketu' });
    expect(nakshatraOf(13 + 19 / 60 + 59 / 3600)).toMatchObject({ number: 1, pada: 4 });
    expect(nakshatraOf(40 / 3)).toMatchObject({ number: 2, name: 'Bharani', pada: 1, lord: 'venus' });
    expect(nakshatraOf(359.9999)).toMatchObject({ number: 27, name: 'Revati', pada: 4, lord: 'mercury' });
    expect(nakshatraOf(360)).toMatchObject({ number: 1, pada: 1 });
  });

  it('have four padas of 3°20′ and the Vimshottari lords three times round', () => {
    // Rohini (4th, Moon) spans 40° to 53°20′ in Taurus; its 2nd pada starts at 43°20′.
    expect(nakshatraOf(43 + 1 / 3 - 1e-9)).toMatchObject({ name: 'Rohini', pada: 1, lord: 'moon' });
    expect(nakshatraOf(43 + 1 / 3)).toMatchObject({ name: 'Rohini', pada: 2 });
    // Magha (10th) opens the second round with Ketu at 0° Leo; Mula (19th) the third at 0° Sagittarius.
    expect(nakshatraOf(120)).toMatchObject({ name: 'Magha', lord: 'ketu', pada: 1 });
    expect(nakshatraOf(240)).toMatchObject({ name: 'Mula', lord: 'ketu', pada: 1 });
    expect(nakshatraOf(239.99)).toMatchObject({ name: 'Jyeshtha', lord: 'mercury', pada: 4 });
    // Chitra straddles Virgo and Libra: 173°20′ to 186°40′ (Spica at about 180° in the Lahiri zodiac).
    expect(nakshatraOf(180)).toMatchObject({ name: 'Chitra', lord: 'mars', pada: 3 });
    for (let i = 0; i < 27; i++) expect(nakshatraOf(i * NAKSHATRA_SPAN + 1e-9).number).toBe(i + 1);
  });

  it('give the fraction traversed', () => {
    expect(nakshatraOf(40 / 3 + 20 / 3).fraction).toBeCloseTo(0.5, 12);
    expect(siderealPlace(45.5)).toMatchObject({ signIndex: 1, signLord: 'venus' });
    expect(siderealPlace(45.5).degreeInSign).toBeCloseTo(15.5, 12);
  });
});

describe('signs counted inclusively', () => {
  it('as Jyotish counts', () => {
    expect(signDistance(0, 0)).toBe(1);
    expect(signDistance(11, 0)).toBe(2);
    expect(signDistance(3, 2)).toBe(12);
    expect(nthSignFrom(8, 5)).toBe(0);
    expect(nthSignFrom(0, 12)).toBe(11);
  });
});

describe('dignity', () => {
  const everyoneIn = (sign: number) => () => sign;
  it('exalts and debilitates by sign, with the Moon and Mercury sharing their sign with their moolatrikona', () => {
    expect(dignityOf('sun', 0, 29.9, everyoneIn(0))).toBe('exalted');
    expect(dignityOf('sun', 6, 0, everyoneIn(0))).toBe('debilitated');
    expect(dignityOf('moon', 1, 2.99, everyoneIn(0))).toBe('exalted');
    expect(dignityOf('moon', 1, 3, everyoneIn(0))).toBe('moolatrikona');
    expect(dignityOf('mercury', 5, 14.99, everyoneIn(0))).toBe('exalted');
    expect(dignityOf('mercury', 5, 15, everyoneIn(0))).toBe('moolatrikona');
    expect(dignityOf('mercury', 5, 20, everyoneIn(0))).toBe('own_sign');
    expect(dignityOf('mercury', 11, 3, everyoneIn(0))).toBe('debilitated');
    expect(dignityOf('rahu', 1, 3, everyoneIn(0))).toBe('exalted');
    expect(dignityOf('ketu', 1, 3, everyoneIn(0))).toBe('debilitated');
    expect(dignityOf('rahu', 4, 3, everyoneIn(0))).toBeNull();
  });

  it('gives moolatrikona arcs, then own sign', () => {
    expect(dignityOf('sun', 4, 19.99, everyoneIn(0))).toBe('moolatrikona');
    expect(dignityOf('sun', 4, 20, everyoneIn(0))).toBe('own_sign');
    expect(dignityOf('mars', 0, 11.9, everyoneIn(0))).toBe('moolatrikona');
    expect(dignityOf('mars', 0, 12, everyoneIn(0))).toBe('own_sign');
    expect(dignityOf('mars', 7, 1, everyoneIn(0))).toBe('own_sign');
    expect(dignityOf('saturn', 10, 19.9, everyoneIn(0))).toBe('moolatrikona');
    expect(dignityOf('saturn', 9, 5, everyoneIn(0))).toBe('own_sign');
    expect(dignityOf('jupiter', 8, 10, everyoneIn(0))).toBe('own_sign');
    expect(dignityOf('venus', 6, 14.9, everyoneIn(0))).toBe('moolatrikona');
  });

  it('combines natural and temporary friendship with the sign lord', () => {
    expect(naturalRelationship('sun', 'jupiter')).toBe('friend');
    expect(naturalRelationship('jupiter', 'venus')).toBe('enemy');
    expect(naturalRelationship('moon', 'saturn')).toBe('neutral');
    expect(naturalRelationship('mercury', 'moon')).toBe('enemy');
    expect(temporaryRelationship(0, 1)).toBe('friend');
    expect(temporaryRelationship(0, 4)).toBe('enemy');
    expect(temporaryRelationship(0, 9)).toBe('friend');
    expect(temporaryRelationship(0, 0)).toBe('enemy');
    expect(compoundRelationship('friend', 'friend')).toBe('great_friend');
    expect(compoundRelationship('enemy', 'enemy')).toBe('great_enemy');
    expect(compoundRelationship('neutral', 'enemy')).toBe('enemy');
    // The Sun in Sagittarius (Jupiter's) with Jupiter in Capricorn (2nd from it): friend by nature and by place.
    const places: Record<SevenGraha, number> = { sun: 8, moon: 0, mars: 0, mercury: 0, jupiter: 9, venus: 0, saturn: 0 };
    expect(dignityOf('sun', 8, 10, (id) => places[id])).toBe('great_friend');
    // Jupiter in Libra (Venus's) with Venus in Libra itself: enemy by nature and by place.
    expect(dignityOf('jupiter', 6, 10, () => 6)).toBe('great_enemy');
  });
});

describe('combustion', () => {
  it('uses smaller orbs for retrograde Mercury and Venus, and never burns the nodes', () => {
    expect(isCombust('mercury', 13.9, false, 0)).toBe(true);
    expect(isCombust('mercury', 13.9, true, 0)).toBe(false);
    expect(isCombust('venus', 359 - 9.5, false, 359)).toBe(true);
    expect(isCombust('venus', 359 - 9.5, true, 359)).toBe(false);
    expect(isCombust('mars', 17, false, 0)).toBe(false);
    expect(isCombust('rahu', 0, true, 0)).toBe(false);
  });
});

describe('the sidereal chart', () => {
  const input = { jdUt: 2451545.0, lat: 28.6139, lng: 77.209, timeKnown: true, ayanamsa: 'lahiri' as const, nodeType: 'mean' as const };

  it("takes the engine's sidereal positions and ascendant, with Ketu opposite Rahu", () => {
    const chart = castVedicChart({ ...input, houseSystem: 'whole_sign' });
    const engine = computeChartMoment({
      ...input,
      zodiac: { type: 'sidereal', ayanamsa: 'lahiri' },
      houseSystem: 'whole_sign',
      points: ['sun', 'moon', 'mars', 'mercury', 'jupiter', 'venus', 'saturn', 'north_node', 'asc'],
      nodeVariant: 'mean',
    });
    const lon = (id: string) => engine.points.find((p) => p.id === id)!.lon;
    for (const g of chart.grahas.slice(0, 7)) expect(g.longitude).toBe(lon(g.id));
    expect(chart.grahas[7]!.longitude).toBe(lon('north_node'));
    expect(chart.grahas[8]!.longitude).toBeCloseTo((lon('north_node') + 180) % 360, 10);
    expect(chart.lagna!.longitude).toBe(engine.houses!.asc);
    expect(chart.ayanamsa.degrees).toBeCloseTo(23.853, 3); // Lahiri at J2000
    // J2000 noon UT: the Sun at about 256.5° sidereal (Sagittarius, Purva Ashadha), Saturn debilitated in Aries, Mercury combust.
    const g = Object.fromEntries(chart.grahas.map((x) => [x.id, x]));
    expect(g.sun).toMatchObject({ signIndex: 8, combust: null, retrograde: false });
    expect(g.sun!.nakshatra.name).toBe('Purva Ashadha');
    expect(g.saturn).toMatchObject({ signIndex: 0, dignity: 'debilitated', retrograde: true });
    expect(g.mercury!.combust).toBe(true);
    expect(g.rahu!.retrograde).toBe(true);
    expect(g.ketu!.retrograde).toBe(true);
    expect(chart.lagna!.signIndex).toBe(2); // Gemini rising at Delhi
    expect(chart.houses.map((h) => h.signIndex)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 0, 1]);
    expect(chart.houses[0]!.lord).toBe('mercury');
    for (const x of chart.grahas) expect(x.house).toBe(x.signHouse);
  });

  it('places grahas in Sripati bhavas (bhava chalit) when asked, and keeps their whole-sign house', () => {
    const chart = castVedicChart({ ...input, houseSystem: 'sripati' });
    // Sripati's bhavas begin half a Porphyry house before each Porphyry cusp: the lagna is inside the first, not at its start.
    const first = chart.houses[0]!.cusp;
    const ahead = (chart.lagna!.longitude - first + 360) % 360;
    expect(ahead).toBeGreaterThan(5);
    expect(ahead).toBeLessThan(25);
    // Each bhava begins at the midpoint of the Porphyry cusps around it (its sandhi), so each Porphyry cusp is a bhava's middle.
    const porphyry = calcHouses(input.jdUt, input.lat, input.lng, 'O', { type: 'sidereal', ayanamsa: 'lahiri' }).cusps;
    for (let i = 0; i < 12; i++) {
      const before = porphyry[(i + 11) % 12]!;
      const arc = (((porphyry[i]! - before) % 360) + 360) % 360;
      expect(chart.houses[i]!.cusp).toBeCloseTo((before + arc / 2) % 360, 9);
    }
    for (const x of chart.grahas) {
      const i = x.house - 1;
      const start = chart.houses[i]!.cusp;
      const end = chart.houses[(i + 1) % 12]!.cusp;
      expect((x.longitude - start + 360) % 360).toBeLessThan((end - start + 360) % 360);
      expect([0, 1, 11]).toContain((x.house - x.signHouse + 12) % 12);
    }
  });

  it('counts houses from the Moon sign without a birth time', () => {
    const chart = castVedicChart({ ...input, timeKnown: false, houseSystem: 'whole_sign' });
    expect(chart.lagna).toBeUndefined();
    expect(chart.houseReference).toBe('chandra_lagna');
    const moon = chart.grahas.find((x) => x.id === 'moon')!;
    expect(moon.house).toBe(1);
    expect(chart.houses[0]!.signIndex).toBe(moon.signIndex);
    expect(chart.warnings.join(' ')).toMatch(/chandra lagna/);
  });

  it('takes the true node on request', () => {
    const mean = castVedicChart({ ...input, houseSystem: 'whole_sign' });
    const tru = castVedicChart({ ...input, nodeType: 'true', houseSystem: 'whole_sign' });
    const d = Math.abs(mean.grahas[7]!.longitude - tru.grahas[7]!.longitude);
    expect(d).toBeGreaterThan(0);
    expect(d).toBeLessThan(2);
  });
});
