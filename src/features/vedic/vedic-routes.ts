/**
 * The Vedic family (POST, JSON): the rasi chart, the divisional charts and the dashas under
 * /api/v1/vedic/ and /api/v2/vedic/ in each version's shape, and /api/v2/vedic/calculate.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ComputeRunner } from '../../compute/runner.ts';
import { sendJsonBytes } from '../../http/raw-json.ts';
import { calculateVedicCalculate, calculateVedicChart, calculateVedicDasha, calculateVedicVargas } from './vedic-calculate.ts';
import { vedicChartRequest, vedicChartV1Response, vedicChartV2Response } from './vedic-schemas.ts';
import { vedicVargasRequest, vedicVargasV1Response, vedicVargasV2Response } from './vedic-vargas-schemas.ts';
import { vedicDashaRequest, vedicDashaV1Response, vedicDashaV2Response } from './vedic-dasha-schemas.ts';
import { vedicCalculateRequest, vedicCalculateResponse } from './vedic-calculate-schemas.ts';

export const VEDIC_CHART_TEXT =
  'The sidereal rasi chart (D1): Lahiri ayanamsa by default (`ayanamsha`, any of the engine\'s), its value in `metadata`; the nine grahas (Rahu the mean node unless `node_type: true`; Ketu opposite) and the lagna with sign, degree, nakshatra, pada and its lord, house (whole-sign from the lagna by default; `house_system: bhava_chalit` for the Sripati bhavas, or another system\'s cusps), retrograde, combust (Surya Siddhanta orbs) and dignity (Parashara: exaltation, moolatrikona, own sign, compound relationship to the sign lord); the sign lords of the houses. Untimed births (`time_known: false`): no lagna, houses from the Moon sign (chandra lagna), a warning. See docs/api/vedic.md, "Vedic".';
export const VEDIC_VARGAS_TEXT =
  'Divisional charts by Parashara\'s rules: `divisions` of 1, 2, 3, 4, 7, 9, 10, 12, 16, 20, 24, 27, 30, 40, 45, 60 (default [1, 9, 10]; `vargas: ["D9"]` is read too); each graha\'s and the lagna\'s sign, whole-sign houses from the varga lagna, vargottama flags. D2, D3 and D30 have the named alternative `parivritti` (`hora_method`, `drekkana_method`, `trimsamsa_method`). See docs/api/vedic.md, "Vedic".';
export const VEDIC_DASHA_TEXT =
  'Vimshottari dasha from the Moon\'s nakshatra: the balance at birth, the mahadashas until 120 years after birth with their antardashas (`levels` 2, default) and pratyantardashas (`levels` 3), and the periods running at `reference_date` (default now); `year_length` 365.25 (default), 365.2422 or 360 days. Also the Yogini dasha (`include_yogini`, default true). Instants in UTC to the second. See docs/api/vedic.md, "Vedic".';

export const vedicRoutes =
  (compute: ComputeRunner): FastifyPluginAsyncZod =>
  async (app) => {
    for (const version of [1, 2] as const) {
      app.post(
        `/api/v${version}/vedic/chart`,
        {
          schema: {
            tags: ['vedic'],
            summary: `Vedic rasi chart (${version === 1 ? 'v1 shape: sign_num, degree, nakshatra{}' : 'v2 shape: sign_id, absolute_degree, nakshatra_id, houses[].degree_cusp'})`,
            description: VEDIC_CHART_TEXT,
            body: vedicChartRequest,
            response: { 200: version === 1 ? vedicChartV1Response : vedicChartV2Response },
          },
        },
        async (request, reply) => sendJsonBytes(reply, await calculateVedicChart(compute, request.body, version)),
      );
      app.post(
        `/api/v${version}/vedic/vargas`,
        {
          schema: {
            tags: ['vedic'],
            summary: `Vedic divisional charts, D1 to D60 (${version === 1 ? 'v1 shape: sign_num' : 'v2 shape: sign_id'})`,
            description: VEDIC_VARGAS_TEXT,
            body: vedicVargasRequest,
            response: { 200: version === 1 ? vedicVargasV1Response : vedicVargasV2Response },
          },
        },
        async (request, reply) => sendJsonBytes(reply, await calculateVedicVargas(compute, request.body, version)),
      );
      app.post(
        `/api/v${version}/vedic/dasha`,
        {
          schema: {
            tags: ['vedic'],
            summary: `Vimshottari and Yogini dashas (${version === 1 ? 'v1 shape: vimshottari_dasha[], current_dasha' : 'v2 shape: birth_balance, active_periods[], timeline[]'})`,
            description: VEDIC_DASHA_TEXT,
            body: vedicDashaRequest,
            response: { 200: version === 1 ? vedicDashaV1Response : vedicDashaV2Response },
          },
        },
        async (request, reply) => sendJsonBytes(reply, await calculateVedicDasha(compute, request.body, version)),
      );
    }
    app.post(
      '/api/v2/vedic/calculate',
      {
        schema: {
          tags: ['vedic'],
          summary: 'Vedic chart with its divisional charts and Vimshottari dasha in one call',
          description:
            'The v2 chart of POST /api/v2/vedic/chart, with `vargas` (the divisional charts asked, by number or `D9` name; default D1) and `dasha` (Vimshottari to `dasha_levels`, 0 to 3, default 2, at `reference_date`; `include_yogini` adds the Yogini dasha); `include_avastha` adds each graha\'s baladi and jagradadi avasthas, `include_panchang` the birth day\'s panchang, `include_yogas` the yogas of POST /api/v2/vedic/yogas (with its options), `include_shadbala` and `include_ashtakavarga` the blocks of POST /api/v2/vedic/strength. See docs/api/vedic.md, "Vedic".',
          body: vedicCalculateRequest,
          response: { 200: vedicCalculateResponse },
        },
      },
      async (request, reply) => sendJsonBytes(reply, await calculateVedicCalculate(compute, request.body)),
    );
  };
