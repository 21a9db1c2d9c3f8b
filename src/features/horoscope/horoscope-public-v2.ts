/**
 * The v2 horoscopes in the public service's v2 shape. Its v2 clients validate the whole answer
 * (a demo app answers 502 "API schema has changed" on any mismatch), and their schema has
 * `meta.settings.orb_policy` and `score_factors[].drivers[].intensity` as strings, where this
 * service's own reading carries numbers. v2 therefore names the orb policy and gives each
 * driver's intensity as a band in words, keeping the numbers beside them (`orb_degrees`,
 * `intensity_value`); v1 and v3 keep the numbers where they were.
 */
import { HOROSCOPE_ORBS } from '../../astro/horoscope-model.ts';
import type { DailyPersonalAnswer, DailyPersonalV2Answer, DailySignAnswer, DailySignV2Answer } from './horoscope-schemas.ts';

/** The name of the orbs every horoscope uses (HOROSCOPE_ORBS): 3° for the major aspects, 2° for the sextile. */
export const HOROSCOPE_ORB_POLICY = `majors_${HOROSCOPE_ORBS.conjunction}deg_sextile_${HOROSCOPE_ORBS.sextile}deg`;

export const INTENSITY_BANDS = ['low', 'moderate', 'high', 'very_high'] as const;
export type IntensityBand = (typeof INTENSITY_BANDS)[number];
export const INTENSITY_BAND_RULE = 'very_high from 0.75, high from 0.5, moderate from 0.25, else low (intensity_value is the number)';

export function intensityBand(value: number): IntensityBand {
  if (value >= 0.75) return 'very_high';
  if (value >= 0.5) return 'high';
  if (value >= 0.25) return 'moderate';
  return 'low';
}

type OwnMeta = DailyPersonalAnswer['meta'];
type OwnFactors = DailyPersonalAnswer['data']['score_factors'];

function publicMeta(meta: OwnMeta): DailyPersonalV2Answer['meta'] {
  const { orb_policy, model, ...settings } = meta.settings;
  return { ...meta, settings: { ...settings, orb_policy: HOROSCOPE_ORB_POLICY, orb_degrees: orb_policy, model } };
}

function publicFactors(factors: OwnFactors): DailyPersonalV2Answer['data']['score_factors'] {
  return factors.map((f) => ({
    ...f,
    drivers: f.drivers.map(({ orb_deg, ...d }) => ({
      ...d,
      intensity: intensityBand(d.intensity),
      intensity_value: d.intensity,
      ...(orb_deg === undefined ? {} : { orb_deg }),
    })),
  }));
}

export function publicDailyPersonal(answer: DailyPersonalAnswer): DailyPersonalV2Answer {
  return { meta: publicMeta(answer.meta), data: { ...answer.data, score_factors: publicFactors(answer.data.score_factors) } };
}

export function publicDailySign(answer: DailySignAnswer): DailySignV2Answer {
  return { meta: publicMeta(answer.meta), data: { ...answer.data, score_factors: publicFactors(answer.data.score_factors) } };
}
