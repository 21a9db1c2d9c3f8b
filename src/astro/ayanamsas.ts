/**
 * Sidereal zodiacs: every ayanamsa of the Swiss Ephemeris under a snake_case name, with the
 * customary short names as aliases. The numbers are the library's SE_SIDM_* constants.
 */

export const AYANAMSAS = {
  fagan_bradley: 0,
  lahiri: 1,
  deluce: 2,
  raman: 3,
  ushashashi: 4,
  kp: 5,
  djwhal_khul: 6,
  yukteshwar: 7,
  jn_bhasin: 8,
  babyl_kugler1: 9,
  babyl_kugler2: 10,
  babyl_kugler3: 11,
  babyl_huber: 12,
  babyl_etpsc: 13,
  aldebaran_15tau: 14,
  hipparchos: 15,
  sassanian: 16,
  galcent_0sag: 17,
  j2000: 18,
  j1900: 19,
  b1950: 20,
  suryasiddhanta: 21,
  suryasiddhanta_msun: 22,
  aryabhata: 23,
  aryabhata_msun: 24,
  ss_revati: 25,
  ss_citra: 26,
  true_citra: 27,
  true_revati: 28,
  true_pushya: 29,
  galcent_rgilbrand: 30,
  galequ_iau1958: 31,
  galequ_true: 32,
  galequ_mula: 33,
  galalign_mardyks: 34,
  true_mula: 35,
  galcent_mula_wilhelm: 36,
  aryabhata_522: 37,
  babyl_britton: 38,
  true_sheoran: 39,
  galcent_cochrane: 40,
  galequ_fiorenza: 41,
  valens_moon: 42,
  lahiri_1940: 43,
  lahiri_vp285: 44,
  krishnamurti_vp291: 45,
  lahiri_icrc: 46,
} as const;

export type AyanamsaName = keyof typeof AYANAMSAS;

const ALIASES: Record<string, AyanamsaName> = {
  krishnamurti: 'kp',
  fagan: 'fagan_bradley',
  fagan_allen: 'fagan_bradley',
  sri_yukteshwar: 'yukteshwar',
  chitrapaksha: 'lahiri',
  true_chitra: 'true_citra',
};

export const AYANAMSA_NAMES = Object.keys(AYANAMSAS) as AyanamsaName[];
export const AYANAMSA_ACCEPTED_NAMES = [...AYANAMSA_NAMES, ...Object.keys(ALIASES)];

/** Resolves a caller's ayanamsa name (case- and separator-insensitive); undefined when unknown. */
export function resolveAyanamsa(name: string): AyanamsaName | undefined {
  const key = name
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  // Own keys only: "constructor" or "__proto__" must not find what every object inherits.
  if (Object.hasOwn(AYANAMSAS, key)) return key as AyanamsaName;
  return Object.hasOwn(ALIASES, key) ? ALIASES[key] : undefined;
}
