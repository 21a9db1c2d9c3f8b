/** POST /api/v2/vedic/muhurat/search: the best windows of a date range for a named purpose. */
import { poolTask } from '../../../compute/pool-task.ts';
import { endpoint } from '../../../http/endpoint.ts';
import { schemaSerializer } from '../../../answers/schema-serializer.ts';
import { resolveSubjectPlace } from '../../../requests/place.ts';
import { computeMuhuratSearch, type MuhuratSearchTask } from './vedic-muhurta-service.ts';
import { MUHURTA_MAX_DAYS, muhuratSearchRequest, muhuratSearchResponse } from './vedic-muhurta-schemas.ts';

const MUHURAT_SEARCH_TEXT = `Muhurta search: the best windows in the daytime (sunrise to sunset) of each date from \`start_date\` to \`end_date\` (at most ${MUHURTA_MAX_DAYS} dates; more is a 422) at a place, for a \`purpose\` (general_work, vehicle_purchase, property_purchase, griha_pravesh, namkaran, mundan, marriage, travel), scored by the conventions of Muhurta Chintamani: the purpose's nakshatras, weekdays, tithis and horas; rikta tithis, Amavasya, the inauspicious yogas and fixed karanas count against; Rahu kalam, Yamaganda, Gulika kalam and Vishti karana are left out; Abhijit muhurta counts for. With a \`birth\`, tara bala and chandra bala from its Moon are scored too. Each window gives its score (0-100), quality, reasons, warnings, the panchang periods it lies in and every criterion with its points. See docs/api/vedic.md, "Vedic muhurta".`;

const muhuratSearchAnswer = schemaSerializer(muhuratSearchResponse);
export const muhuratSearchTask = poolTask('vedic_muhurat_search', (task: MuhuratSearchTask) => muhuratSearchAnswer(computeMuhuratSearch(task)), 'heavy');

export const VEDIC_MUHURTA_ENDPOINTS = [
  endpoint({
    method: 'POST',
    paths: ['/api/v2/vedic/muhurat/search'],
    tags: ['vedic'],
    summary: 'Muhurta search: the best windows of up to 31 days for a purpose, from the panchang, hora, tara bala and chandra bala',
    description: MUHURAT_SEARCH_TEXT,
    body: muhuratSearchRequest,
    answer: { json: muhuratSearchResponse },
    task: muhuratSearchTask,
    // The places (the search's and the birth's) resolved on the event loop.
    prepare: ({ body }) => ({
      request: body,
      place: resolveSubjectPlace(body, ['body']),
      birthPlace: body.birth ? resolveSubjectPlace(body.birth, ['body', 'birth']) : undefined,
    }),
    mcp: {
      title: 'Muhurta search',
      description: `POST /api/v2/vedic/muhurat/search. ${MUHURAT_SEARCH_TEXT} Place: \`city\` or \`lat\`/\`lng\`, \`tz_str\`; \`ayanamsha\` (lahiri default); \`limit\` 1-50.`,
    },
  }),
];
