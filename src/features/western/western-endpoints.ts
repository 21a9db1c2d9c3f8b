/** The western family's endpoints: each area's declarations under this folder. */
import type { Endpoint } from '../../http/endpoint.ts';
import { NATAL_ENDPOINTS } from './natal/natal-endpoints.ts';
import { TRANSITS_ENDPOINTS } from './transits/transits-endpoints.ts';
import { SIGN_ENDPOINTS } from './signs/signs-endpoints.ts';
import { PROGRESSIONS_ENDPOINTS } from './progressions/progressions-endpoints.ts';
import { RETURNS_ENDPOINTS } from './returns/returns-endpoints.ts';
import { PROFECTIONS_ENDPOINTS } from './profections/profections-endpoints.ts';
import { SYNASTRY_ENDPOINTS } from './synastry/synastry-endpoints.ts';
import { HOROSCOPE_ENDPOINTS } from './horoscope/horoscope-endpoints.ts';
import { FORECAST_ENDPOINTS } from './forecast/forecast-endpoints.ts';
import { ASTROCARTOGRAPHY_ENDPOINTS } from './astrocartography/astrocartography-endpoints.ts';
import { ELECTIONAL_ENDPOINTS } from './electional/electional-endpoints.ts';

export const WESTERN_ENDPOINTS: readonly Endpoint[] = [
  ...NATAL_ENDPOINTS,
  ...TRANSITS_ENDPOINTS,
  ...SIGN_ENDPOINTS,
  ...PROGRESSIONS_ENDPOINTS,
  ...RETURNS_ENDPOINTS,
  ...PROFECTIONS_ENDPOINTS,
  ...SYNASTRY_ENDPOINTS,
  ...HOROSCOPE_ENDPOINTS,
  ...FORECAST_ENDPOINTS,
  ...ASTROCARTOGRAPHY_ENDPOINTS,
  ...ELECTIONAL_ENDPOINTS,
];
