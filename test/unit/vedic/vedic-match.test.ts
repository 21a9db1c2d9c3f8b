/**
 * Ashtakoota and Dashakoota on hand-checked pairs: each Moon written as a sidereal longitude with
 * its sign and nakshatra in the comment, the expected points worked out by hand from the tables
 * (koota-tables.ts); the 36 maximum, the one-directional kootas, the nadi and bhakoot exceptions,
 * the tables' own symmetries, and manglik matching.
 */
import { describe, expect, it } from 'vitest';
import { ashtakoota, type KootaName } from '../../../src/astro/vedic/match/ashtakoota.ts';
import { dashakoota } from '../../../src/astro/vedic/match/dashakoota.ts';
import { matchMoon } from '../../../src/astro/vedic/match/match-moon.ts';
import { manglikMatch } from '../../../src/astro/vedic/match/manglik-match.ts';
import { GANA_POINTS, KOOTA_TABLES, VASHYA_POINTS, YONI_POINTS, YONIS, isVedha, nadiOf, rajjuOf } from '../../../src/astro/vedic/match/koota-tables.ts';
import type { DoshaChart } from '../../../src/astro/vedic/doshas/dosha-chart.ts';

const points = (boy: number, girl: number) => {
  const a = ashtakoota(matchMoon(boy), matchMoon(girl));
  return { ...(Object.fromEntries(a.kootas.map((k) => [k.name, k.points])) as Record<KootaName, number>), total: a.total, adjusted: a.adjustedTotal };
};

describe('Ashtakoota: the schools of the point tables', () => {
  const kootasOf = (boy: number, girl: number, school: 'north_indian' | 'jagannatha_hora') =>
    Object.fromEntries(ashtakoota(matchMoon(boy), matchMoon(girl), school).kootas.map((k) => [k.name, k.points])) as Record<KootaName, number>;

  it('gana: a deva boy with a manushya girl is 6 in the North Indian table, 5 in Jagannatha Hora’s, and the other way round', () => {
    // Boy 25° Taurus (Mrigashira 1, deva), girl 15° Taurus (Rohini 2, manushya).
    expect(kootasOf(55, 45, 'north_indian').gana).toBe(6);
    expect(kootasOf(55, 45, 'jagannatha_hora').gana).toBe(5);
    // Boy Rohini (manushya), girl Mrigashira (deva): 5 and 6.
    expect(kootasOf(45, 55, 'north_indian').gana).toBe(5);
    expect(kootasOf(45, 55, 'jagannatha_hora').gana).toBe(6);
    // Boy 5° Aries (Ashwini 2, deva), girl 5° Leo (Magha 2, rakshasa): 0 and 1; the other way round 1 and 0.
    expect(kootasOf(5, 125, 'north_indian').gana).toBe(0);
    expect(kootasOf(5, 125, 'jagannatha_hora').gana).toBe(1);
    expect(kootasOf(125, 5, 'north_indian').gana).toBe(1);
    expect(kootasOf(125, 5, 'jagannatha_hora').gana).toBe(0);
  });

  it('vashya: chatushpada with vanachara ½ North Indian, 0 Jagannatha Hora; keeta boy with chatushpada girl 1 and 2', () => {
    // Boy 15° Taurus (chatushpada), girl 5° Leo (vanachara).
    expect(kootasOf(45, 125, 'north_indian').vashya).toBe(0.5);
    expect(kootasOf(45, 125, 'jagannatha_hora').vashya).toBe(0);
    // Boy 5° Scorpio (keeta), girl 5° Aries (chatushpada); the other way round 1 in both.
    expect(kootasOf(215, 5, 'north_indian').vashya).toBe(1);
    expect(kootasOf(215, 5, 'jagannatha_hora').vashya).toBe(2);
    expect(kootasOf(5, 215, 'jagannatha_hora').vashya).toBe(1);
  });

  it('yoni: horse with deer 3 North Indian, 1 Jagannatha Hora; the rest of the yoni table is the same', () => {
    // Boy 5° Aries (Ashwini, horse), girl 5° Scorpio (Anuradha, deer).
    expect(kootasOf(5, 215, 'north_indian').yoni).toBe(3);
    expect(kootasOf(5, 215, 'jagannatha_hora').yoni).toBe(1);
    const differing = YONIS.flatMap((_, i) => YONIS.map((__, j) => [i, j] as const)).filter(
      ([i, j]) => KOOTA_TABLES.north_indian.yoni[i]![j] !== KOOTA_TABLES.jagannatha_hora.yoni[i]![j],
    );
    expect(differing).toEqual([
      [0, 10],
      [10, 0],
    ]);
  });

  it('names its school; the default is the North Indian tables, and the other kootas are the same in both', () => {
    expect(ashtakoota(matchMoon(55), matchMoon(45)).school).toBe('north_indian');
    expect(ashtakoota(matchMoon(55), matchMoon(45), 'jagannatha_hora').school).toBe('jagannatha_hora');
    for (let boy = 0; boy < 360; boy += 7)
      for (let girl = 3; girl < 360; girl += 11) {
        const north = kootasOf(boy, girl, 'north_indian'),
          jh = kootasOf(boy, girl, 'jagannatha_hora');
        for (const k of ['varna', 'tara', 'graha_maitri', 'bhakoot', 'nadi'] as const) expect(jh[k]).toBe(north[k]);
        for (const k of ['vashya', 'yoni', 'gana'] as const) expect(jh[k]).toBeLessThanOrEqual({ vashya: 2, yoni: 4, gana: 6 }[k]);
      }
  });
});

describe('Ashtakoota', () => {
  it('boy Moon 15° Taurus (Rohini 2), girl 5° Leo (Magha 2): 10 points', () => {
    // Varna vaishya < kshatriya 0; vashya chatushpada–vanachara ½; tara: 22nd from her (Kshema) 1½, 7th from him (Vadha) 0;
    // yoni serpent–rat 1; Venus–Sun enemies both ways 0; gana manushya–rakshasa 0; bhakoot 4/10 7; nadi antya–antya 0.
    expect(points(45, 125)).toEqual({ varna: 0, vashya: 0.5, tara: 1.5, yoni: 1, graha_maitri: 0, gana: 0, bhakoot: 7, nadi: 0, total: 10, adjusted: 10 });
    const a = ashtakoota(matchMoon(45), matchMoon(125));
    expect(a.kootas.find((k) => k.name === 'nadi')!.dosha).toEqual({ cancellations: [], cancelled: false });
  });

  it('boy 25° Taurus (Mrigashira 1), girl 15° Taurus (Rohini 2): the full 36', () => {
    // Both vaishya, chatushpada, serpents, Venus-ruled, one sign; Mrigashira deva (boy) with Rohini manushya (girl) 6;
    // tara 2nd (Sampat) and 27th (9, Ati-mitra); nadi madhya–antya 8.
    expect(points(55, 45)).toEqual({ varna: 1, vashya: 2, tara: 3, yoni: 4, graha_maitri: 5, gana: 6, bhakoot: 7, nadi: 8, total: 36, adjusted: 36 });
  });

  it('varna, vashya and gana read one way: the same pair the other way round gives 35', () => {
    // Boy Rohini (manushya), girl Mrigashira (deva): gana 5; the rest are unchanged.
    expect(points(45, 55)).toMatchObject({ gana: 5, total: 35 });
  });

  it('symmetric kootas score the same either way round', () => {
    for (const [a, b] of [
      [45, 125],
      [10, 200],
      [300, 77],
      [215, 5],
    ] as const) {
      const x = points(a, b),
        y = points(b, a);
      for (const k of ['tara', 'yoni', 'graha_maitri', 'bhakoot', 'nadi'] as const) expect(x[k], `${k} ${a} ${b}`).toBe(y[k]);
    }
  });

  it('nadi dosha cancelled: one sign, two nakshatras (boy 5° Taurus Krittika 3, girl 15° Taurus Rohini 2)', () => {
    // Varna 1, vashya 2, tara 27th and 2nd 3, yoni sheep–serpent 2, Venus 5, gana rakshasa–manushya 0, bhakoot 7, nadi antya–antya 0: 20; adjusted 28.
    expect(points(35, 45)).toEqual({ varna: 1, vashya: 2, tara: 3, yoni: 2, graha_maitri: 5, gana: 0, bhakoot: 7, nadi: 0, total: 20, adjusted: 28 });
    const nadi = ashtakoota(matchMoon(35), matchMoon(45)).kootas.find((k) => k.name === 'nadi')!;
    expect(nadi.dosha).toEqual({ cancellations: ['same_sign_different_nakshatra'], cancelled: true });
  });

  it('nadi dosha cancelled by padas, and not for the same pada', () => {
    // Both in Rohini, Taurus: padas 2 and 4 cancel; the same pada does not.
    expect(ashtakoota(matchMoon(45), matchMoon(52)).kootas.at(-1)!.dosha).toEqual({ cancellations: ['same_nakshatra_different_pada'], cancelled: true });
    expect(ashtakoota(matchMoon(45), matchMoon(46)).kootas.at(-1)!.dosha).toEqual({ cancellations: [], cancelled: false });
    // Krittika pada 1 in Aries and pada 2 in Taurus: different signs and padas.
    expect(ashtakoota(matchMoon(28), matchMoon(31)).kootas.at(-1)!.dosha!.cancellations).toEqual([
      'same_nakshatra_different_sign',
      'same_nakshatra_different_pada',
    ]);
  });

  it('bhakoot dosha (6/8) cancelled by one lord: boy 5° Scorpio (Anuradha 1), girl 5° Aries (Ashwini 2)', () => {
    // Varna brahmin ≥ kshatriya 1; vashya keeta–chatushpada 1; tara 17th (8) 1½, 12th (3, Vipat) 0; yoni deer–horse 3;
    // Mars–Mars 5; gana deva–deva 6; bhakoot 8/6 0; nadi madhya–adi 8: 25½; adjusted 32½.
    expect(points(215, 5)).toEqual({ varna: 1, vashya: 1, tara: 1.5, yoni: 3, graha_maitri: 5, gana: 6, bhakoot: 0, nadi: 8, total: 25.5, adjusted: 32.5 });
    expect(ashtakoota(matchMoon(215), matchMoon(5)).kootas[6]!.dosha).toEqual({ cancellations: ['same_sign_lord'], cancelled: true });
  });

  it('bhakoot dosha cancelled between friendly lords (Leo–Sagittarius, 5/9) and standing between Cancer and Aquarius (6/8)', () => {
    // Leo (Sun) and Sagittarius (Jupiter) are 5/9 and mutual friends: cancelled.
    expect(ashtakoota(matchMoon(125), matchMoon(245)).kootas[6]!.dosha).toEqual({ cancellations: ['friendly_sign_lords'], cancelled: true });
    // Cancer (Moon) and Aquarius (Saturn) are 6/8; Saturn counts the Moon an enemy: it stands.
    expect(ashtakoota(matchMoon(95), matchMoon(305)).kootas[6]!.dosha).toEqual({ cancellations: [], cancelled: false });
  });

  it('splits Sagittarius and Capricorn at 15° for vashya', () => {
    // Sagittarius 10° (human) with Gemini (human): 2; Sagittarius 20° (quadruped) with Gemini: 1.
    expect(points(250, 70).vashya).toBe(2);
    expect(points(260, 70).vashya).toBe(1);
    // Capricorn 10° (quadruped) with Aries: 2; Capricorn 20° (water) with Aries: 1.
    expect(points(280, 10).vashya).toBe(2);
    expect(points(290, 10).vashya).toBe(1);
  });

  it('never exceeds a koota’s maximum over every pair of nakshatra padas', () => {
    let max = 0;
    for (let i = 0; i < 108; i++)
      for (let j = 0; j < 108; j++) {
        const a = ashtakoota(matchMoon(i * (10 / 3) + 1), matchMoon(j * (10 / 3) + 1));
        for (const k of a.kootas) expect(k.points).toBeLessThanOrEqual(k.max);
        expect(a.adjustedTotal).toBeLessThanOrEqual(36);
        max = Math.max(max, a.total);
      }
    expect(max).toBe(36);
  });
});

describe('the tables', () => {
  it('yoni and vashya are symmetric; sworn enemies score 0, the same animal 4', () => {
    for (let i = 0; i < 14; i++) for (let j = 0; j < 14; j++) expect(YONI_POINTS[i]![j]).toBe(YONI_POINTS[j]![i]);
    for (let i = 0; i < 5; i++) for (let j = 0; j < 5; j++) expect(VASHYA_POINTS[i]![j]).toBe(VASHYA_POINTS[j]![i]);
    const y = (a: string, b: string) => YONI_POINTS[YONIS.indexOf(a as never)]![YONIS.indexOf(b as never)];
    for (const [a, b] of [
      ['horse', 'buffalo'],
      ['elephant', 'lion'],
      ['sheep', 'monkey'],
      ['serpent', 'mongoose'],
      ['dog', 'deer'],
      ['cat', 'rat'],
      ['cow', 'tiger'],
    ])
      expect(y(a!, b!)).toBe(0);
    for (let i = 0; i < 14; i++) expect(YONI_POINTS[i]![i]).toBe(4);
    expect(GANA_POINTS.map((r) => r[GANA_POINTS.indexOf(r)])).toEqual([6, 6, 6]);
  });

  it('nine nakshatras of each nadi, the rajjus and vedhas as the texts list them', () => {
    for (const n of ['adi', 'madhya', 'antya']) expect(Array.from({ length: 27 }, (_, i) => nadiOf(i)).filter((x) => x === n)).toHaveLength(9);
    expect([0, 8, 9, 17, 18, 26].map(rajjuOf)).toEqual(['pada', 'pada', 'pada', 'pada', 'pada', 'pada']);
    expect([4, 13, 22].map(rajjuOf)).toEqual(['siro', 'siro', 'siro']);
    expect(isVedha(0, 17) && isVedha(17, 0) && isVedha(4, 22) && isVedha(12, 23)).toBe(true);
    expect(isVedha(5, 12) || isVedha(9, 17) || isVedha(3, 3)).toBe(false);
  });
});

describe('Dashakoota', () => {
  it('boy Mrigashira, girl Rohini (both Taurus): 7 of 10', () => {
    // Count from her star to his: 2. Dina 2 yes; gana deva–manushya yes; mahendra no; stree deergha (2 ≤ 13) no; yoni serpents yes;
    // rasi the same sign yes; Venus–Venus yes; vasya (Taurus holds Cancer and Libra) no; rajju siro–kantha yes; vedha none yes.
    const d = dashakoota(matchMoon(55), matchMoon(45));
    expect(Object.fromEntries(d.poruthams.map((p) => [p.name, p.matched]))).toEqual({
      dina: true,
      gana: true,
      mahendra: false,
      stree_deergha: false,
      yoni: true,
      rasi: true,
      rasi_adhipathi: true,
      vasya: false,
      rajju: true,
      vedha: true,
    });
    expect(d).toMatchObject({ matchedCount: 7, essentialsMatched: true });
  });

  it('rajju and vedha fail for Ashwini with Jyeshtha', () => {
    // Ashwini 5° Aries (girl) and Jyeshtha 230° Scorpio (boy): both pada rajju, and a vedha pair.
    const d = dashakoota(matchMoon(230), matchMoon(5));
    expect(d.poruthams.filter((p) => p.essential).map((p) => p.matched)).toEqual([false, false]);
    expect(d.essentialsMatched).toBe(false);
    // Count 18 from Ashwini to Jyeshtha: mahendra no, stree deergha yes.
    expect(d.poruthams.find((p) => p.name === 'stree_deergha')!.matched).toBe(true);
  });
});

describe('Mangal dosha in a match', () => {
  const chart = (mars: number, lagna: number | undefined = 10): DoshaChart => ({
    lagna,
    longitudes: { sun: 5, moon: 200, mars, mercury: 15, jupiter: 40, venus: 160, saturn: 250, rahu: 265, ketu: 85 },
  });

  it('both manglik cancel each other; one alone stands; neither is none', () => {
    // Mars in Cancer: 4th from the Aries lagna (Jupiter in Taurus aspects Virgo, Scorpio, Capricorn: no cancellation). Mars in Gemini: the 3rd.
    expect(manglikMatch(chart(100), chart(100))).toMatchObject({ outcome: 'both', mutuallyCancelled: true, doshaStands: false });
    expect(manglikMatch(chart(100), chart(70))).toMatchObject({ outcome: 'boy_only', doshaStands: true });
    expect(manglikMatch(chart(70), chart(100))).toMatchObject({ outcome: 'girl_only', doshaStands: true });
    expect(manglikMatch(chart(70), chart(70))).toMatchObject({ outcome: 'none', doshaStands: false });
  });
});
