/** POST /api/v2/vedic/muhurat/search: the best windows of a date range for a named purpose. */
import { poolTask } from '../../../compute/pool-task.ts';
import { endpoint } from '../../../http/endpoint.ts';
import { schemaSerializer } from '../../../answers/schema-serializer.ts';
import { resolveSubjectPlace } from '../../../requests/place.ts';
import { computeMuhuratSearch, type MuhuratSearchTask } from './vedic-muhurta-service.ts';
import { MUHURTA_MAX_DAYS, muhuratSearchRequest, muhuratSearchResponse } from './vedic-muhurta-schemas.ts';
import { RequestFieldError } from '../../../requests/request-error.ts';
import { computePersonalMuhurat, SANDHI_DAYS, type PersonalMuhuratTask } from './vedic-muhurta-personal-service.ts';
import { personalMuhuratRequest, personalMuhuratResponse } from './vedic-muhurta-personal-schemas.ts';
import type { Endpoint } from '../../../http/endpoint.ts';

const MUHURAT_SEARCH_TEXT = `Muhurta search: the best windows in the daytime (sunrise to sunset) of each date from \`start_date\` to \`end_date\` (at most ${MUHURTA_MAX_DAYS} dates; more is a 422) at a place, for a \`purpose\` (general_work, vehicle_purchase, property_purchase, griha_pravesh, namkaran, mundan, marriage, travel), scored by the conventions of Muhurta Chintamani: the purpose's nakshatras, weekdays, tithis and horas; rikta tithis, Amavasya, the inauspicious yogas and fixed karanas count against; Rahu kalam, Yamaganda, Gulika kalam and Vishti karana are left out; Abhijit muhurta counts for. With a \`birth\`, tara bala and chandra bala from its Moon are scored too. Each window gives its score (0-100), quality, reasons, warnings, the panchang periods it lies in and every criterion with its points. See docs/api/vedic.md, "Vedic muhurta".`;

const muhuratSearchAnswer = schemaSerializer(muhuratSearchResponse);
export const muhuratSearchTask = poolTask('vedic_muhurat_search', (task: MuhuratSearchTask) => muhuratSearchAnswer(computeMuhuratSearch(task)), 'heavy');

export const VEDIC_MUHURTA_ENDPOINTS: Endpoint[] = [
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

const PERSONAL_MUHURAT_TEXT = `The muhurta search of \`/api/v2/vedic/muhurat/search\` for one person (\`subject\`, the Vedic birth block; alias \`birth\`): each window's \`public_score\` (the panchang, hora and Abhijit factors) and \`personal_score\` (tara bala and chandra bala from the natal Moon, a dasha sandhi within ${SANDHI_DAYS} days, the window's nakshatra lord's functional nature in the natal chart, the mahadasha lord's and Saturn's gochara from the natal Moon), each personal factor named; \`strictness\` \`traditional\` (default) rejects chandrashtama, the adverse taras, a mahadasha sandhi and poor windows, \`balanced\` chandrashtama and Vadha, \`relaxed\` chandrashtama; \`best_moment\` is promoted only when the best window clears the strictness's bar, and \`selection_explanation\` says why. At most ${MUHURTA_MAX_DAYS} dates. See docs/api/vedic.md, "Vedic personal muhurta".`;

const personalMuhuratAnswer = schemaSerializer(personalMuhuratResponse);
export const personalMuhuratTask = poolTask(
  'vedic_muhurat_personalized',
  (task: PersonalMuhuratTask) => personalMuhuratAnswer(computePersonalMuhurat(task)),
  'heavy',
);

VEDIC_MUHURTA_ENDPOINTS.push(
  endpoint({
    method: 'POST',
    paths: ['/api/v2/vedic/muhurat/personalized-search'],
    tags: ['vedic'],
    summary:
      'Personal muhurta search: windows scored for anyone and for one person (tara and chandra bala, dasha sandhi, gochara), rejected by strictness, a moment promoted only when it clears the bar',
    description:
      'Windows scored for anyone and for the person, rejected by strictness, a moment promoted only above the bar. See docs/api/vedic.md, "Vedic personal muhurta".',
    body: personalMuhuratRequest,
    answer: { json: personalMuhuratResponse },
    task: personalMuhuratTask,
    prepare: ({ body }): PersonalMuhuratTask => {
      const subjectField = body.subject ? 'subject' : 'birth';
      const birth = body.subject ?? body.birth;
      if (!birth) throw new RequestFieldError(['body', 'subject'], "subject is required: the person's birth (the Vedic birth block)", 'missing');
      return { request: body, place: resolveSubjectPlace(body, ['body']), subjectPlace: resolveSubjectPlace(birth, ['body', subjectField]), subjectField };
    },
    mcp: {
      title: 'Personal muhurta search',
      description: `POST /api/v2/vedic/muhurat/personalized-search. ${PERSONAL_MUHURAT_TEXT} Place: \`city\` or \`lat\`/\`lng\`, \`tz_str\`; \`limit\` 1-50.`,
    },
  }) as never,
);
