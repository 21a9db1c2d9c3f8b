/** POST /api/v1/vedic/yogas and /api/v2/vedic/yogas: the yogas formed in a birth chart. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ComputeRunner } from '../../compute/runner.ts';
import { sendJsonBytes } from '../../http/raw-json.ts';
import { calculateVedicYogas } from './vedic-yogas-calculate.ts';
import { vedicYogasRequest, vedicYogasV1Response, vedicYogasV2Response } from './vedic-yogas-schemas.ts';

export const VEDIC_YOGAS_TEXT =
  'The yogas formed in the sidereal rasi chart (whole signs, the chart of POST /api/v1/vedic/chart): the five Pancha Mahapurusha yogas; raja yogas of kendra and trikona lords (Dharma-Karmadhipati, yogakarakas), Neecha Bhanga Raja, Viparita (Harsha, Sarala, Vimala); dhana yogas of the 2nd and 11th lords with trikona lords, Lakshmi; Saraswati, Amala; the Moon\'s (Gajakesari, Sunapha, Anapha, Durudhara, Chandra-Mangala, Adhi) and the Sun\'s (Vesi, Vasi, Ubhayachari, Budhaditya); Parivartana (maha, khala, dainya); Nabhasa (akriti, dala, ashraya, sankhya); Kemadruma with its cancellations, Shakata, Guru-Chandala, Grahana. Absent yogas are not listed; `explain: true` adds the near misses. Options name the choices where schools differ. Untimed births: the yogas counted from the lagna are skipped with a warning. See docs/api/vedic.md, "Vedic yogas".';

export const vedicYogasRoutes =
  (compute: ComputeRunner): FastifyPluginAsyncZod =>
  async (app) => {
    for (const version of [1, 2] as const) {
      app.post(
        `/api/v${version}/vedic/yogas`,
        {
          schema: {
            tags: ['vedic'],
            summary: `Vedic yogas of a birth chart (${version === 1 ? 'v1 shape: yogas[]{name, category, active, planets, description}' : 'v2 shape: yogas[]{id, type, category, strength, evidence …}, active_yogas, summary'})`,
            description: VEDIC_YOGAS_TEXT,
            body: vedicYogasRequest,
            response: { 200: version === 1 ? vedicYogasV1Response : vedicYogasV2Response },
          },
        },
        async (request, reply) => sendJsonBytes(reply, await calculateVedicYogas(compute, request.body, version)),
      );
    }
  };
