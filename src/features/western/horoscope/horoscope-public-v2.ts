/**
 * The v2 horoscopes in the public service's v2 shape. Its v2 clients validate the whole answer
 * (a demo app answers 502 "API schema has changed" on any mismatch), and their schema has
 * `meta.settings.orb_policy` and `score_factors[].drivers[].intensity` as strings, where this
 * service's own reading carries numbers. v2 therefore names the orb policy and gives each
 * driver's intensity as a band in words, keeping the numbers beside them (`orb_degrees`,
 * `intensity_value`); v1 and v3 keep the numbers where they were.
 */
import type { DailyPersonalAnswer, DailyPersonalV2Answer, DailySignAnswer, DailySignV2Answer } from './horoscope-schemas.ts';
import { HOROSCOPE_ORB_POLICY, intensityBand } from './horoscope-v2-words.ts';

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
