/** The Chinese family's endpoints: BaZi and the calendar, each area's declarations under this folder. */
import type { Endpoint } from '../../http/endpoint.ts';
import { BAZI_ENDPOINTS } from './bazi/bazi-endpoints.ts';
import { CHINESE_CALENDAR_ENDPOINTS } from './calendar/chinese-calendar-endpoints.ts';

export const CHINESE_ENDPOINTS: readonly Endpoint[] = [...BAZI_ENDPOINTS, ...CHINESE_CALENDAR_ENDPOINTS];
