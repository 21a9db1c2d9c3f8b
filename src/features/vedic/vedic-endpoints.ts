/** The Vedic family's endpoints: each area's declarations under this folder. */
import type { Endpoint } from '../../http/endpoint.ts';

export const VEDIC_ENDPOINTS: readonly Endpoint[] = [];
