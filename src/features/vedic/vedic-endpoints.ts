/**
 * The Vedic family's endpoints: the rasi chart, the divisional charts and the dashas under
 * /api/v1/vedic/ and /api/v2/vedic/ in each version's shape, and /api/v2/vedic/calculate, declared
 * here; then each area's declarations under this folder.
 */
import { poolTask } from '../../compute/pool-task.ts';
import { endpoint, type Endpoint } from '../../http/endpoint.ts';
import { schemaSerializer } from '../../answers/schema-serializer.ts';
import { resolveSubjectPlace } from '../../requests/place.ts';
import { vedicChartV1, vedicChartV2, type VedicTask } from './vedic-service.ts';
import { computeVedicVargasV1, computeVedicVargasV2 } from './vedic-vargas-service.ts';
import { computeVedicDashaV1, computeVedicDashaV2, type VedicDashaTask } from './vedic-dasha-service.ts';
import { computeVedicCalculate, type VedicCalculateTask } from './vedic-calculate-service.ts';
import { vedicChartRequest, vedicChartV1Response, vedicChartV2Response } from './vedic-schemas.ts';
import { vedicVargasRequest, vedicVargasV1Response, vedicVargasV2Response, type VedicVargasRequest } from './vedic-vargas-schemas.ts';
import { vedicDashaRequest, vedicDashaV1Response, vedicDashaV2Response } from './vedic-dasha-schemas.ts';
import { vedicCalculateRequest, vedicCalculateResponse } from './vedic-calculate-schemas.ts';
import { VEDIC_YOGAS_ENDPOINTS } from './yogas/vedic-yogas-endpoints.ts';
import { VEDIC_DOSHAS_ENDPOINTS } from './doshas/vedic-doshas-endpoints.ts';
import { VEDIC_MATCH_ENDPOINTS } from './match/vedic-match-endpoints.ts';
import { VEDIC_PANCHANG_ENDPOINTS } from './panchang/vedic-panchang-endpoints.ts';
import { VEDIC_VISUAL_ENDPOINTS } from './visual/vedic-visual-endpoints.ts';
import { VEDIC_STRENGTH_ENDPOINTS } from './strength/vedic-strength-endpoints.ts';
import { VEDIC_GOCHAR_ENDPOINTS } from './gochar/vedic-gochar-endpoints.ts';
import { VEDIC_MUHURTA_ENDPOINTS } from './muhurta/vedic-muhurta-endpoints.ts';
import { VEDIC_DASHA_INSIGHTS_ENDPOINTS } from './dasha-insights/dasha-insights-endpoints.ts';
import { VEDIC_DAILY_ENDPOINTS } from './daily/vedic-daily-endpoints.ts';
import { VEDIC_COMPATIBILITY_ENDPOINTS } from './compatibility/vedic-compatibility-endpoints.ts';

const VEDIC_CHART_TEXT =
  'The sidereal rasi chart (D1): Lahiri ayanamsa by default (`ayanamsha`, any of the engine\'s), its value in `metadata`; the nine grahas (Rahu the mean node unless `node_type: true`; Ketu opposite) and the lagna with sign, degree, nakshatra, pada and its lord, house (whole-sign from the lagna by default; `house_system: bhava_chalit` for the Sripati bhavas, or another system\'s cusps), retrograde, combust (Surya Siddhanta orbs) and dignity (Parashara: exaltation, moolatrikona, own sign, compound relationship to the sign lord); the sign lords of the houses. Untimed births (`time_known: false`): no lagna, houses from the Moon sign (chandra lagna), a warning. See docs/api/vedic.md, "Vedic".';
const VEDIC_VARGAS_TEXT =
  'Divisional charts by Parashara\'s rules: `divisions` of 1, 2, 3, 4, 7, 9, 10, 12, 16, 20, 24, 27, 30, 40, 45, 60 (default [1, 9, 10]; `vargas: ["D9"]` is read too); each graha\'s and the lagna\'s sign, whole-sign houses from the varga lagna, vargottama flags. D2, D3 and D30 have the named alternative `parivritti` (`hora_method`, `drekkana_method`, `trimsamsa_method`). See docs/api/vedic.md, "Vedic".';
const VEDIC_DASHA_TEXT =
  'Vimshottari dasha from the Moon\'s nakshatra: the balance at birth, the mahadashas until 120 years after birth with their antardashas (`levels` 2, default) and pratyantardashas (`levels` 3), and the periods running at `reference_date` (default now); `year_length` 365.25 (default), 365.2422 or 360 days. Also the Yogini dasha (`include_yogini`, default true). Instants in UTC to the second. See docs/api/vedic.md, "Vedic".';

const BIRTH =
  'Birth data: year, month, day, hour, minute (local time), `city` or `lat`/`lng`, `tz_str`; `ayanamsha` (lahiri default), `node_type`, `house_system`.';

// The answers, each written by its response schema; test/unit/vedic/vedic-answer-contract.test.ts holds each to its schema.
const vedicChartV1Answer = schemaSerializer(vedicChartV1Response);
const vedicChartV2Answer = schemaSerializer(vedicChartV2Response);
const vedicVargasV1Answer = schemaSerializer(vedicVargasV1Response);
const vedicVargasV2Answer = schemaSerializer(vedicVargasV2Response);
const vedicDashaV1Answer = schemaSerializer(vedicDashaV1Response);
const vedicDashaV2Answer = schemaSerializer(vedicDashaV2Response);
const vedicCalculateAnswer = schemaSerializer(vedicCalculateResponse);

export const vedicChartV1Task = poolTask('vedic_chart_v1', (task: VedicTask) => vedicChartV1Answer(vedicChartV1(task)));
export const vedicChartV2Task = poolTask('vedic_chart_v2', (task: VedicTask) => vedicChartV2Answer(vedicChartV2(task)));
export const vedicVargasV1Task = poolTask('vedic_vargas_v1', (task: VedicTask<VedicVargasRequest>) => vedicVargasV1Answer(computeVedicVargasV1(task)));
export const vedicVargasV2Task = poolTask('vedic_vargas_v2', (task: VedicTask<VedicVargasRequest>) => vedicVargasV2Answer(computeVedicVargasV2(task)));
export const vedicDashaV1Task = poolTask('vedic_dasha_v1', (task: VedicDashaTask) => vedicDashaV1Answer(computeVedicDashaV1(task)));
export const vedicDashaV2Task = poolTask('vedic_dasha_v2', (task: VedicDashaTask) => vedicDashaV2Answer(computeVedicDashaV2(task)));
export const vedicCalculateTask = poolTask('vedic_calculate', (task: VedicCalculateTask) => vedicCalculateAnswer(computeVedicCalculate(task)));

const chartEndpoint = (version: 1 | 2) =>
  endpoint({
    method: 'POST',
    paths: [`/api/v${version}/vedic/chart`],
    tags: ['vedic'],
    summary: `Vedic rasi chart (${version === 1 ? 'v1 shape: sign_num, degree, nakshatra{}' : 'v2 shape: sign_id, absolute_degree, nakshatra_id, houses[].degree_cusp'})`,
    description: VEDIC_CHART_TEXT,
    body: vedicChartRequest,
    answer: { json: version === 1 ? vedicChartV1Response : vedicChartV2Response },
    task: version === 1 ? vedicChartV1Task : vedicChartV2Task,
    prepare: ({ body }) => ({ request: body, place: resolveSubjectPlace(body, ['body']) }),
    mcp:
      version === 1
        ? { title: 'Vedic rasi chart', description: `POST /api/v1/vedic/chart. ${VEDIC_CHART_TEXT} ${BIRTH}` }
        : {
            title: 'Vedic rasi chart (v2)',
            description: `POST /api/v2/vedic/chart: the chart of v1_vedic_chart in the v2 shape (sign_id, absolute_degree, nakshatra_id, houses[].degree_cusp, metadata). ${BIRTH}`,
          },
  });

const vargasEndpoint = (version: 1 | 2) =>
  endpoint({
    method: 'POST',
    paths: [`/api/v${version}/vedic/vargas`],
    tags: ['vedic'],
    summary: `Vedic divisional charts, D1 to D60 (${version === 1 ? 'v1 shape: sign_num' : 'v2 shape: sign_id'})`,
    description: VEDIC_VARGAS_TEXT,
    body: vedicVargasRequest,
    answer: { json: version === 1 ? vedicVargasV1Response : vedicVargasV2Response },
    task: version === 1 ? vedicVargasV1Task : vedicVargasV2Task,
    prepare: ({ body }) => ({ request: body, place: resolveSubjectPlace(body, ['body']) }),
    mcp:
      version === 1
        ? { title: 'Vedic divisional charts', description: `POST /api/v1/vedic/vargas. ${VEDIC_VARGAS_TEXT} ${BIRTH}` }
        : {
            title: 'Vedic divisional charts (v2)',
            description: `POST /api/v2/vedic/vargas: the charts of v1_vedic_vargas with sign_id for sign_num. ${BIRTH}`,
          },
  });

const dashaEndpoint = (version: 1 | 2) =>
  endpoint({
    method: 'POST',
    paths: [`/api/v${version}/vedic/dasha`],
    tags: ['vedic'],
    summary: `Vimshottari and Yogini dashas (${version === 1 ? 'v1 shape: vimshottari_dasha[], current_dasha' : 'v2 shape: birth_balance, active_periods[], timeline[]'})`,
    description: VEDIC_DASHA_TEXT,
    body: vedicDashaRequest,
    answer: { json: version === 1 ? vedicDashaV1Response : vedicDashaV2Response },
    task: version === 1 ? vedicDashaV1Task : vedicDashaV2Task,
    prepare: ({ body }, nowMs) => ({ request: body, place: resolveSubjectPlace(body, ['body']), nowMs }),
    mcp: {
      ...(version === 1
        ? { title: 'Vimshottari and Yogini dashas', description: `POST /api/v1/vedic/dasha. ${VEDIC_DASHA_TEXT} ${BIRTH}` }
        : {
            title: 'Vimshottari and Yogini dashas (v2)',
            description: `POST /api/v2/vedic/dasha: the dashas of v1_vedic_dasha in the v2 shape (birth_balance, moon_nakshatra, active_periods[], timeline[]). ${BIRTH}`,
          }),
      // Without a reference_date the running periods depend on the day of the call.
      idempotent: false,
    },
  });

const vedicCalculate = endpoint({
  method: 'POST',
  paths: ['/api/v2/vedic/calculate'],
  tags: ['vedic'],
  summary: 'Vedic chart with its divisional charts and Vimshottari dasha in one call',
  description:
    'The v2 chart of POST /api/v2/vedic/chart, with `vargas` (the divisional charts asked, by number or `D9` name; default D1) and `dasha` (Vimshottari to `dasha_levels`, 0 to 3, default 2, at `reference_date`; `include_yogini` adds the Yogini dasha); `include_avastha` adds each graha\'s baladi and jagradadi avasthas, `include_panchang` the birth day\'s panchang, `include_yogas` the yogas of POST /api/v2/vedic/yogas (with its options), `include_shadbala` and `include_ashtakavarga` the blocks of POST /api/v2/vedic/strength. See docs/api/vedic.md, "Vedic".',
  body: vedicCalculateRequest,
  answer: { json: vedicCalculateResponse },
  task: vedicCalculateTask,
  prepare: ({ body }, nowMs) => ({ request: body, place: resolveSubjectPlace(body, ['body']), nowMs }),
  mcp: {
    title: 'Vedic chart, vargas and dasha',
    description: `POST /api/v2/vedic/calculate: the v2 chart with \`vargas\` (divisional charts asked, default D1) and \`dasha\` (Vimshottari to \`dasha_levels\` 0-3 at \`reference_date\`) in one call; \`include_avastha\` adds the grahas' baladi and jagradadi avasthas. ${BIRTH}`,
    idempotent: false,
  },
});

export const VEDIC_ENDPOINTS: readonly Endpoint[] = [
  chartEndpoint(1),
  vargasEndpoint(1),
  dashaEndpoint(1),
  chartEndpoint(2),
  vargasEndpoint(2),
  dashaEndpoint(2),
  vedicCalculate,
  ...VEDIC_YOGAS_ENDPOINTS,
  ...VEDIC_DOSHAS_ENDPOINTS,
  ...VEDIC_MATCH_ENDPOINTS,
  ...VEDIC_PANCHANG_ENDPOINTS,
  ...VEDIC_VISUAL_ENDPOINTS,
  ...VEDIC_STRENGTH_ENDPOINTS,
  ...VEDIC_GOCHAR_ENDPOINTS,
  ...VEDIC_MUHURTA_ENDPOINTS,
  ...VEDIC_DASHA_INSIGHTS_ENDPOINTS,
  ...VEDIC_DAILY_ENDPOINTS,
  ...VEDIC_COMPATIBILITY_ENDPOINTS,
];
