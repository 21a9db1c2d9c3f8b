/**
 * Each yoga rule on charts written by hand: a chart where it forms, and a near one where it does
 * not (one condition changed), with the boundaries that matter (a sign's edge, the Sun and the
 * nodes in the Moon's flanks, one-way against mutual aspects, untimed births). Checked by hand
 * against the rules as docs/api/vedic.md ("Vedic yogas") states them.
 */
import { describe, expect, it } from 'vitest';
import { yogasOfChart } from '../../../src/astro/vedic/yogas/registry.ts';
import type { YogaFinding, YogaOptions } from '../../../src/astro/vedic/yogas/yoga-types.ts';
import { handChart, type HandChart } from '../../helpers/vedic-hand-chart.ts';

/** A chart to start from; each test moves what its rule reads. */
const BASE: HandChart = {
  lagna: 'aries',
  sun: 'sagittarius',
  moon: 'aquarius',
  mars: 'gemini',
  mercury: 'capricorn',
  jupiter: 'taurus',
  venus: 'scorpio',
  saturn: 'leo',
  rahu: 'cancer',
};

function yogas(spec: Partial<HandChart>, options: Partial<YogaOptions> = {}) {
  return yogasOfChart(handChart({ ...BASE, ...spec }), options);
}
const find = (spec: Partial<HandChart>, id: string, options: Partial<YogaOptions> = {}): YogaFinding | undefined =>
  yogas(spec, options).yogas.find((y) => y.id === id);
const ids = (spec: Partial<HandChart>, options: Partial<YogaOptions> = {}) => yogas(spec, options).yogas.map((y) => y.id);

describe('Pancha Mahapurusha', () => {
  it('forms each of the five in a kendra from the lagna in own or exaltation sign', () => {
    expect(find({ lagna: 'aries', mars: ['capricorn', 0], sun: 'virgo' }, 'ruchaka')).toMatchObject({
      grahas: ['mars'],
      houses: [10],
      strength: { label: 'strong' },
    });
    expect(find({ lagna: 'aries', mars: ['aries', 5] }, 'ruchaka')?.strength?.label).toBe('moderate'); // moolatrikona
    expect(find({ lagna: 'virgo', mercury: 'gemini', sun: 'taurus' }, 'bhadra')?.houses).toEqual([10]);
    expect(find({ lagna: 'aries', jupiter: 'cancer' }, 'hamsa')?.evidence).toContain('4th house from the lagna');
    expect(find({ lagna: 'capricorn', venus: 'libra' }, 'malavya')).toBeDefined();
    expect(find({ lagna: 'taurus', saturn: 'aquarius' }, 'sasa')).toBeDefined();
  });

  it('does not form outside a kendra or without dignity, and the Sun or Moon with it weakens it', () => {
    expect(find({ lagna: 'leo', mars: 'capricorn' }, 'ruchaka')).toBeUndefined(); // the 6th
    expect(find({ lagna: 'taurus', jupiter: 'cancer' }, 'hamsa')).toBeUndefined(); // the 3rd
    expect(find({ lagna: 'aries', jupiter: 'capricorn' }, 'hamsa')).toBeUndefined(); // a kendra, debilitated
    expect(find({ lagna: 'aries', jupiter: 'cancer', moon: 'cancer' }, 'hamsa')?.strength?.label).toBe('weak');
    const near = yogas({ lagna: 'leo', mars: 'capricorn' }, { explain: true }).nearMisses.find((n) => n.key === 'ruchaka');
    expect(near?.failed).toBe('Mars is in the 6th house from the lagna, not a kendra');
  });

  it('counts the Moon too only when asked', () => {
    const spec = { lagna: 'taurus', moon: 'aries', jupiter: 'cancer' } as const;
    expect(find(spec, 'hamsa')).toBeUndefined();
    expect(find(spec, 'hamsa', { mahapurusha_from: 'lagna_or_moon' })).toMatchObject({ reference: 'moon' });
  });
});

describe('the Moon’s yogas', () => {
  it('Gajakesari: Jupiter in a kendra from the Moon, the conjunction included; graded by Jupiter', () => {
    expect(find({ moon: 'aries', jupiter: 'cancer' }, 'gajakesari')?.strength?.label).toBe('strong');
    expect(find({ moon: 'aries', jupiter: 'aries' }, 'gajakesari')).toBeDefined();
    expect(find({ moon: 'aries', jupiter: 'capricorn' }, 'gajakesari')?.strength?.label).toBe('weak');
    expect(find({ moon: 'aries', jupiter: 'taurus' }, 'gajakesari')).toBeUndefined();
  });

  it('Gajakesari from the lagna only with `moon_or_lagna`', () => {
    const spec = { lagna: 'taurus', moon: 'aries', jupiter: 'leo' } as const;
    expect(find(spec, 'gajakesari')).toBeUndefined();
    expect(find(spec, 'gajakesari', { gajakesari_from: 'moon_or_lagna' })).toMatchObject({ reference: 'lagna' });
    expect(yogas(spec, { explain: true }).nearMisses.find((n) => n.key === 'gajakesari')?.met).toEqual([
      'Jupiter is in the 4th house from the lagna, a kendra',
    ]);
  });

  // Mars to Saturn around a Moon in Aries; the Sun and Rahu placed where they might be mistaken for counting.
  const FLANKS: HandChart = {
    lagna: 'gemini',
    moon: 'aries',
    sun: 'pisces',
    mars: 'leo',
    mercury: 'aquarius',
    jupiter: 'scorpio',
    venus: 'aquarius',
    saturn: 'scorpio',
    rahu: 'taurus',
  };

  it('Sunapha, Anapha, Durudhara: Mars to Saturn in the 2nd, the 12th, both; the Sun and the nodes do not count', () => {
    expect(ids(FLANKS).filter((id) => ['sunapha', 'anapha', 'durudhara'].includes(id))).toEqual([]);
    expect(find({ ...FLANKS, venus: 'taurus' }, 'sunapha')?.grahas).toEqual(['moon', 'venus']);
    expect(find({ ...FLANKS, saturn: 'pisces' }, 'anapha')?.grahas).toEqual(['moon', 'saturn']);
    expect(find({ ...FLANKS, venus: 'taurus', saturn: 'pisces' }, 'durudhara')).toBeDefined();
    expect(ids({ ...FLANKS, venus: 'taurus', saturn: 'pisces' })).not.toContain('sunapha');
  });

  it('Kemadruma: the Moon alone, active when nothing cancels it', () => {
    const k = find(FLANKS, 'kemadruma');
    expect(k).toMatchObject({ status: 'present', cancellations: [], category: 'arishta' });
    expect(find({ ...FLANKS, venus: 'taurus' }, 'kemadruma')).toBeUndefined();
    // The Sun in the 12th and Rahu in the 2nd prevent it only where a school counts them.
    expect(find(FLANKS, 'kemadruma', { kemadruma_grahas: 'with_sun' })).toBeUndefined();
    expect(find(FLANKS, 'kemadruma', { kemadruma_grahas: 'with_nodes' })).toBeUndefined();
  });

  it('Kemadruma: each cancellation', () => {
    expect(find({ ...FLANKS, mars: 'virgo' }, 'kemadruma')).toMatchObject({ status: 'cancelled', cancellations: ['Mars in a kendra from the lagna'] });
    expect(find({ ...FLANKS, mars: 'cancer' }, 'kemadruma')?.cancellations).toEqual(['Mars in a kendra from the Moon']);
    expect(find({ ...FLANKS, jupiter: 'leo' }, 'kemadruma')?.cancellations).toEqual(['Jupiter aspects the Moon']);
    // Untimed: the lagna's kendras are not read.
    expect(find({ ...FLANKS, lagna: null, mars: 'virgo' }, 'kemadruma')).toMatchObject({ status: 'present', cancellations: [] });
  });

  it('Chandra-Mangala: the Moon and Mars in one sign; opposite only with the aspect variant', () => {
    expect(find({ moon: ['cancer', 1], mars: ['cancer', 29] }, 'chandra_mangala')?.type).toBe('conjunction');
    expect(find({ moon: ['cancer', 29.99], mars: ['leo', 0] }, 'chandra_mangala')).toBeUndefined();
    expect(find({ moon: 'cancer', mars: 'capricorn' }, 'chandra_mangala')).toBeUndefined();
    expect(find({ moon: 'cancer', mars: 'capricorn' }, 'chandra_mangala', { chandra_mangala: 'conjunction_or_aspect' })?.type).toBe('mutual_aspect');
  });

  it('Adhi: the three benefics in the 6th to 8th from the Moon, graded by the houses they hold', () => {
    expect(find({ moon: 'aries', mercury: 'virgo', jupiter: 'libra', venus: 'scorpio' }, 'adhi')?.strength?.label).toBe('strong');
    expect(find({ moon: 'aries', mercury: 'libra', jupiter: 'libra', venus: 'libra' }, 'adhi')?.strength).toMatchObject({ label: 'weak', score: 0.33 });
    const two = { moon: 'aries', mercury: 'libra', jupiter: 'leo', venus: 'scorpio' } as const;
    expect(find(two, 'adhi')).toBeUndefined();
    expect(find(two, 'adhi', { adhi_benefics: 'two_or_more' })?.grahas).toEqual(['moon', 'mercury', 'venus']);
  });
});

describe('the Sun’s yogas', () => {
  it('Vesi, Vasi, Ubhayachari: Mars to Saturn beside the Sun, not the Moon', () => {
    const spec = { sun: 'leo', moon: 'virgo', mars: 'aries', mercury: 'leo', jupiter: 'aries', venus: 'leo', saturn: 'aries', rahu: 'aries' } as const;
    expect(ids(spec).filter((id) => ['vesi', 'vasi', 'ubhayachari'].includes(id))).toEqual([]);
    expect(find({ ...spec, mars: 'virgo' }, 'vesi')?.grahas).toEqual(['sun', 'mars']);
    expect(find({ ...spec, saturn: 'cancer' }, 'vasi')?.grahas).toEqual(['sun', 'saturn']);
    expect(find({ ...spec, mars: 'virgo', saturn: 'cancer' }, 'ubhayachari')).toBeDefined();
  });

  it('Budhaditya: the Sun and Mercury in one sign, weak when Mercury is combust; not across a sign edge', () => {
    expect(find({ sun: ['leo', 10], mercury: ['leo', 28] }, 'budhaditya')?.strength?.label).toBe('strong');
    expect(find({ sun: ['leo', 10], mercury: ['leo', 15] }, 'budhaditya')?.strength?.label).toBe('weak');
    expect(find({ sun: ['leo', 29.9], mercury: ['virgo', 0] }, 'budhaditya')).toBeUndefined();
  });
});

describe('Amala, Lakshmi, Saraswati', () => {
  it('Amala: a benefic in the 10th from the lagna, or from the Moon', () => {
    expect(find({ lagna: 'aries', venus: 'capricorn' }, 'amala')).toMatchObject({ type: 'from_lagna' });
    expect(find({ lagna: 'aries', moon: 'cancer', jupiter: 'aries', venus: 'taurus', mercury: 'taurus' }, 'amala')).toMatchObject({ type: 'from_moon' });
    expect(find({ lagna: 'aries', saturn: 'capricorn', moon: 'leo', mercury: 'leo', venus: 'leo', jupiter: 'leo' }, 'amala')).toBeUndefined();
  });

  it('Lakshmi: the 9th lord dignified in a kendra or trikona, the lagna lord strong', () => {
    const spec = { lagna: 'aries', jupiter: 'cancer', mars: 'aries' } as const;
    expect(find(spec, 'lakshmi')?.grahas).toEqual(['jupiter', 'mars']);
    expect(find({ ...spec, mars: 'cancer' }, 'lakshmi')).toBeUndefined();
    expect(yogas({ ...spec, mars: 'cancer' }, { explain: true }).nearMisses.find((n) => n.key === 'lakshmi')?.failed).toMatch(/lagna lord Mars is not strong/);
  });

  it('Saraswati: Jupiter, Venus, Mercury in kendras, trikonas or the 2nd, Jupiter well placed', () => {
    const spec = { lagna: 'aries', jupiter: 'sagittarius', venus: 'taurus', mercury: 'leo' } as const;
    expect(find(spec, 'saraswati')).toBeDefined();
    expect(find({ ...spec, mercury: 'virgo' }, 'saraswati')).toBeUndefined();
    expect(find({ ...spec, jupiter: 'capricorn' }, 'saraswati')).toBeUndefined(); // the 10th, debilitated
  });
});

describe('raja yogas', () => {
  it('kendra and trikona lords in one sign, in mutual aspect, or exchanging; Dharma-Karmadhipati for the 9th and 10th', () => {
    expect(find({ lagna: 'aries', jupiter: 'aquarius', saturn: 'aquarius' }, 'raja_yoga:jupiter+saturn')).toMatchObject({
      name: 'Dharma-Karmadhipati Raja Yoga',
      type: 'conjunction',
      houses: [11],
    });
    expect(find({ lagna: 'aries', jupiter: 'aries', saturn: 'libra' }, 'raja_yoga:jupiter+saturn')?.type).toBe('mutual_aspect');
    expect(find({ lagna: 'aries', jupiter: 'capricorn', saturn: 'sagittarius' }, 'raja_yoga:jupiter+saturn')?.type).toBe('exchange');
  });

  it('a one-way aspect is no relation', () => {
    // Jupiter in Aries casts its 5th on Leo; Saturn in Leo aspects Libra, Aquarius, Taurus, not Aries.
    const spec = { lagna: 'aries', jupiter: 'aries', saturn: 'leo' } as const;
    expect(find(spec, 'raja_yoga:jupiter+saturn')).toBeUndefined();
    expect(yogas(spec, { explain: true }).nearMisses.find((n) => n.grahas.join() === 'jupiter,saturn')?.failed).toBe(
      'Jupiter aspects Saturn, but not in return: no exchange, conjunction or mutual aspect',
    );
  });

  it('graded down by dusthana lordship and placement', () => {
    // Aries lagna: Jupiter also rules the 12th, and the pair sits in the 12th.
    expect(find({ lagna: 'aries', jupiter: 'pisces', saturn: 'pisces' }, 'raja_yoga:jupiter+saturn')?.strength).toMatchObject({ label: 'weak', score: 0.33 });
    // Libra lagna: Saturn rules the 4th and 5th, Mercury the 9th and 12th; Venus (1st and 8th) with Saturn in the 4th.
    expect(find({ lagna: 'libra', venus: 'capricorn', saturn: 'capricorn', sun: 'leo' }, 'raja_yoga:venus+saturn')?.strength?.label).toBe('moderate');
  });

  it('a yogakaraka for Taurus (Saturn) and none for Aries', () => {
    expect(find({ lagna: 'taurus', saturn: 'capricorn' }, 'yogakaraka:saturn')?.strength?.label).toBe('strong');
    expect(ids({ lagna: 'aries' }).filter((id) => id.startsWith('yogakaraka'))).toEqual([]);
  });

  it('Neecha Bhanga: a debilitated graha with its cancellations counted', () => {
    // Saturn debilitated in Aries (navamsa Leo); Cancer lagna, Moon in Leo: Mars (its dispositor), Venus (lord of
    // Libra, its exaltation sign) and the Sun (exalted in Aries) all in Gemini, no kendra from either, Mars not aspecting Aries.
    const base = {
      lagna: 'cancer',
      moon: 'leo',
      saturn: ['aries', 15],
      mars: 'gemini',
      venus: 'gemini',
      sun: 'gemini',
      mercury: 'gemini',
      jupiter: 'leo',
    } as const;
    expect(find(base, 'neecha_bhanga:saturn')).toBeUndefined();
    expect(yogas(base, { explain: true }).nearMisses.find((n) => n.key === 'neecha_bhanga_raja')?.failed).toBe('no cancellation of its debilitation holds');
    // Mars in Cancer: a kendra from the lagna, and its aspects (Libra, Capricorn, Aquarius) miss Aries.
    const one = find({ ...base, mars: 'cancer' }, 'neecha_bhanga:saturn');
    expect(one?.strength?.label).toBe('weak');
    expect(one?.evidence).toContain('Mars is in a kendra from the lagna');
    // Mars in Capricorn (a kendra) aspects Aries by its 4th; the Sun, exalted in Aries, in Scorpio, a kendra from the Moon.
    const three = find({ ...base, mars: 'capricorn', sun: 'scorpio' }, 'neecha_bhanga:saturn');
    expect(three?.strength?.label).toBe('strong');
    // Exalted in the navamsa: 20°-23°20′ of Aries is the Libra navamsa.
    expect(find({ ...base, saturn: ['aries', 21] }, 'neecha_bhanga:saturn')?.evidence).toContain('exalted in the navamsa');
  });

  it('Viparita: Harsha, Sarala, Vimala, the dusthana lords in dusthanas', () => {
    expect(find({ lagna: 'aries', mercury: 'scorpio' }, 'harsha')?.evidence).toBe('Mercury, lord of the 6th, is in the 8th, a dusthana.');
    expect(find({ lagna: 'aries', mars: 'pisces' }, 'sarala')).toBeDefined();
    expect(find({ lagna: 'aries', jupiter: 'virgo' }, 'vimala')).toBeDefined();
    expect(find({ lagna: 'aries', mercury: 'libra' }, 'harsha')).toBeUndefined();
  });
});

describe('dhana yogas and exchanges', () => {
  it('2nd or 11th lord with a trikona lord; two trikona lords only in the extended set', () => {
    expect(find({ lagna: 'aries', venus: 'pisces', jupiter: 'pisces' }, 'dhana_yoga:jupiter+venus')).toMatchObject({ type: 'conjunction' });
    const trikonas = { lagna: 'aries', sun: 'leo', jupiter: 'leo', venus: 'capricorn', saturn: 'virgo' } as const;
    expect(find(trikonas, 'dhana_yoga:sun+jupiter')).toBeUndefined();
    expect(find(trikonas, 'dhana_yoga:sun+jupiter', { dhana_lords: 'extended' })).toBeDefined();
  });

  it('Parivartana: maha, khala, dainya by the houses exchanged', () => {
    expect(find({ lagna: 'aries', mars: 'capricorn', saturn: 'aries' }, 'parivartana:mars+saturn')).toMatchObject({ type: 'maha', houses: [1, 10] });
    expect(find({ lagna: 'aries', mars: 'gemini', mercury: 'aries' }, 'parivartana:mars+mercury')?.type).toBe('khala');
    expect(find({ lagna: 'aries', mars: 'virgo', mercury: 'aries' }, 'parivartana:mars+mercury')?.type).toBe('dainya');
    expect(ids({ lagna: 'aries', mars: 'capricorn', saturn: 'taurus' }).filter((id) => id.startsWith('parivartana'))).toEqual([]);
  });
});

describe('Nabhasa yogas', () => {
  const at = (houses: Record<'sun' | 'moon' | 'mars' | 'mercury' | 'jupiter' | 'venus' | 'saturn', number>): Partial<HandChart> => {
    const SIGNS = ['aries', 'taurus', 'gemini', 'cancer', 'leo', 'virgo', 'libra', 'scorpio', 'sagittarius', 'capricorn', 'aquarius', 'pisces'] as const;
    return Object.fromEntries(Object.entries(houses).map(([g, h]) => [g, SIGNS[h - 1]!]));
  };
  const nabhasa = (spec: Partial<HandChart>, options: Partial<YogaOptions> = {}) =>
    yogas({ lagna: 'aries', ...spec }, options)
      .yogas.filter((y) => y.category === 'nabhasa')
      .map((y) => y.id);

  it('shapes fill exactly the houses named', () => {
    // From an Aries lagna the kendras are all movable signs, so Rajju holds beside Sakata and Kamala.
    expect(nabhasa(at({ sun: 1, moon: 7, mars: 1, mercury: 7, jupiter: 1, venus: 7, saturn: 1 }))).toEqual(['sakata', 'rajju']);
    // Mercury, Jupiter and Venus in three kendras: Mala (a dala yoga) too.
    expect(nabhasa(at({ sun: 1, moon: 4, mars: 7, mercury: 10, jupiter: 1, venus: 4, saturn: 7 }))).toEqual(['kamala', 'mala', 'rajju']);
    expect(nabhasa(at({ sun: 4, moon: 7, mars: 4, mercury: 7, jupiter: 4, venus: 7, saturn: 4 }))).toEqual(['gada', 'rajju']);
    expect(nabhasa(at({ sun: 1, moon: 2, mars: 3, mercury: 4, jupiter: 5, venus: 6, saturn: 7 }))).toEqual(['nauka']);
    expect(nabhasa(at({ sun: 3, moon: 4, mars: 5, mercury: 6, jupiter: 7, venus: 8, saturn: 9 }))).toEqual(['ardha_chandra']);
    expect(nabhasa(at({ sun: 1, moon: 3, mars: 5, mercury: 7, jupiter: 9, venus: 11, saturn: 1 }))).toEqual(['chakra']);
  });

  it('three occupied kendras are no Kamala; the near miss names the empty house', () => {
    const three = at({ sun: 1, moon: 4, mars: 7, mercury: 1, jupiter: 4, venus: 7, saturn: 1 });
    expect(nabhasa(three)).not.toContain('kamala');
    const near = yogas({ lagna: 'aries', ...three }, { explain: true }).nearMisses.find((n) => n.key === 'kamala');
    expect(near?.failed).toBe('the 10th is empty');
  });

  it('Vajra: benefics in the 1st and 7th, malefics in the 4th and 10th', () => {
    expect(nabhasa(at({ moon: 1, mercury: 7, jupiter: 1, venus: 7, sun: 4, mars: 10, saturn: 4 }))).toContain('vajra');
  });

  it('sankhya only when no other Nabhasa yoga holds, unless `always`', () => {
    const spread = at({ sun: 1, moon: 2, mars: 4, mercury: 6, jupiter: 9, venus: 11, saturn: 1 });
    expect(nabhasa(spread)).toEqual(['dama']); // six signs
    // All in Aries: Rajju (all movable) holds, so Gola is not given by default.
    const one = at({ sun: 1, moon: 1, mars: 1, mercury: 1, jupiter: 1, venus: 1, saturn: 1 });
    expect(nabhasa(one)).toEqual(['rajju']);
    expect(nabhasa(one, { nabhasa_sankhya: 'always' })).toEqual(['rajju', 'gola']);
  });
});

describe('afflictions', () => {
  it('Shakata: the Moon 6th, 8th or 12th from Jupiter, cancelled by the Moon in a kendra from the lagna', () => {
    expect(find({ lagna: 'capricorn', jupiter: 'aries', moon: 'virgo' }, 'shakata')?.status).toBe('present');
    expect(find({ lagna: 'gemini', jupiter: 'aries', moon: 'virgo' }, 'shakata')?.status).toBe('cancelled');
    expect(find({ lagna: 'capricorn', jupiter: 'aries', moon: 'libra' }, 'shakata')).toBeUndefined();
  });

  it('Guru-Chandala and Grahana: Jupiter, the Sun or the Moon in one sign with a node', () => {
    expect(find({ jupiter: 'cancer', rahu: 'cancer' }, 'guru_chandala')?.grahas).toEqual(['jupiter', 'rahu']);
    expect(find({ jupiter: 'capricorn', rahu: 'cancer' }, 'guru_chandala')?.grahas).toEqual(['jupiter', 'ketu']);
    expect(find({ sun: 'cancer', rahu: 'cancer' }, 'grahana:sun')).toBeDefined();
    expect(find({ moon: 'leo', rahu: 'cancer' }, 'grahana:moon')).toBeUndefined();
  });
});

describe('untimed births', () => {
  it('skip the groups counted from the lagna with a warning, and compute the Moon’s and the Sun’s', () => {
    const result = yogas({ lagna: null, moon: 'aries', jupiter: 'cancer', mars: 'aries', sun: 'leo', mercury: 'leo' });
    expect(result.skipped).toEqual([
      'Pancha Mahapurusha',
      'Raja (kendra and trikona lords)',
      'Viparita raja',
      'Dhana (lords of wealth)',
      'Lakshmi and Saraswati',
      'Parivartana',
      'Nabhasa akriti and dala',
    ]);
    expect(result.warnings[0]).toMatch(/^Birth time unknown/);
    const found = result.yogas.map((y) => y.id);
    expect(found).toEqual(expect.arrayContaining(['gajakesari', 'chandra_mangala', 'budhaditya']));
    expect(found.some((id) => id.startsWith('raja_yoga') || id === 'ruchaka')).toBe(false);
    // Houses are counted from the Moon sign, as the untimed chart counts them.
    expect(result.yogas.find((y) => y.id === 'gajakesari')?.houses).toEqual([1, 4]);
  });

  it('Pancha Mahapurusha from the Moon when that option is chosen', () => {
    const result = yogas({ lagna: null, moon: 'aries', jupiter: 'cancer' }, { mahapurusha_from: 'lagna_or_moon' });
    expect(result.skipped).not.toContain('Pancha Mahapurusha');
    expect(result.yogas.find((y) => y.id === 'hamsa')?.reference).toBe('moon');
  });
});
