/** The Chinese family's endpoints: BaZi and the calendar, each area's declarations under this folder. */
import type { Endpoint } from '../../http/endpoint.ts';

export const CHINESE_ENDPOINTS: readonly Endpoint[] = [];
