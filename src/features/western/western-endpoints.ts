/** The western family's endpoints: each area's declarations under this folder. */
import type { Endpoint } from '../../http/endpoint.ts';
import { NATAL_ENDPOINTS } from '../natal/natal-endpoints.ts';
import { TRANSITS_ENDPOINTS } from '../transits/transits-endpoints.ts';
import { SIGN_ENDPOINTS } from '../signs/signs-endpoints.ts';
import { ASTROCARTOGRAPHY_ENDPOINTS } from './astrocartography/astrocartography-endpoints.ts';

export const WESTERN_ENDPOINTS: readonly Endpoint[] = [...NATAL_ENDPOINTS, ...TRANSITS_ENDPOINTS, ...SIGN_ENDPOINTS, ...ASTROCARTOGRAPHY_ENDPOINTS];
