/** POST /api/v1/vedic/dasha/insights: the running Vimshottari periods read in the birth chart. */
import { poolTask } from '../../../compute/pool-task.ts';
import { endpoint } from '../../../http/endpoint.ts';
import { schemaSerializer } from '../../../answers/schema-serializer.ts';
import { resolveSubjectPlace } from '../../../requests/place.ts';
import { computeDashaInsights, type DashaInsightsTask } from './dasha-insights-service.ts';
import { dashaInsightsRequest, dashaInsightsResponse } from './dasha-insights-schemas.ts';

const DASHA_INSIGHTS_TEXT =
  'The Vimshottari periods running at `reference_date` (default now; `levels` 1-3, default 3: mahadasha, antardasha, pratyantardasha) read in the sidereal birth chart: for each lord the houses it rules and occupies (whole signs from the lagna), its dignity, combustion, its compound relationship to the lagna lord and its functional nature for the lagna (the nodes act for their dispositor), each a factor with its weight; the antardasha lord’s place from the mahadasha lord’s; a score and band per lord and for the stack; the houses the period brings forward; the factors ranked; and the next change at each level with the incoming lord. See docs/api/vedic.md, "Vedic dasha insights".';

const dashaInsightsAnswer = schemaSerializer(dashaInsightsResponse);
export const dashaInsightsTask = poolTask('vedic_dasha_insights', (task: DashaInsightsTask) => dashaInsightsAnswer(computeDashaInsights(task)));

export const VEDIC_DASHA_INSIGHTS_ENDPOINTS = [
  endpoint({
    method: 'POST',
    paths: ['/api/v1/vedic/dasha/insights'],
    tags: ['vedic'],
    summary: 'Dasha insights: the running maha/antar/pratyantar lords read in the chart, ranked factors, the next changes',
    description:
      'The running lords read in the chart (houses ruled and occupied, dignity, relation to the lagna lord, functional nature), ranked factors, next changes. See docs/api/vedic.md, "Vedic dasha insights".',
    body: dashaInsightsRequest,
    answer: { json: dashaInsightsResponse },
    task: dashaInsightsTask,
    prepare: ({ body }, nowMs): DashaInsightsTask => ({ request: body, place: resolveSubjectPlace(body, ['body']), nowMs }),
    mcp: {
      title: 'Vedic dasha insights',
      description: `POST /api/v1/vedic/dasha/insights. ${DASHA_INSIGHTS_TEXT} Birth data: year, month, day, hour, minute, \`city\` or \`lat\`/\`lng\`, \`tz_str\`; \`ayanamsha\` (lahiri default), \`node_type\`.`,
      idempotent: false,
    },
  }),
];
