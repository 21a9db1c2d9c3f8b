/** POST /api/v1/vedic/yogas and /api/v2/vedic/yogas: the yogas formed in a birth chart. */
import { poolTask } from '../../../compute/pool-task.ts';
import { endpoint } from '../../../http/endpoint.ts';
import { schemaSerializer } from '../../../answers/schema-serializer.ts';
import { resolveSubjectPlace } from '../../../requests/place.ts';
import { computeVedicYogasV1, computeVedicYogasV2, type VedicYogasTask } from './vedic-yogas-service.ts';
import { vedicYogasRequest, vedicYogasV1Response, vedicYogasV2Response } from './vedic-yogas-schemas.ts';

const VEDIC_YOGAS_TEXT =
  'The yogas formed in the sidereal rasi chart (whole signs, the chart of POST /api/v1/vedic/chart): the five Pancha Mahapurusha yogas; raja yogas of kendra and trikona lords (Dharma-Karmadhipati, yogakarakas), Neecha Bhanga Raja, Viparita (Harsha, Sarala, Vimala); dhana yogas of the 2nd and 11th lords with trikona lords, Lakshmi; Saraswati, Amala; the Moon\'s (Gajakesari, Sunapha, Anapha, Durudhara, Chandra-Mangala, Adhi) and the Sun\'s (Vesi, Vasi, Ubhayachari, Budhaditya); Parivartana (maha, khala, dainya); Nabhasa (akriti, dala, ashraya, sankhya); Kemadruma with its cancellations, Shakata, Guru-Chandala, Grahana. Absent yogas are not listed; `explain: true` adds the near misses. Options name the choices where schools differ. Untimed births: the yogas counted from the lagna are skipped with a warning. See docs/api/vedic.md, "Vedic yogas".';

const BIRTH =
  'Birth data: year, month, day, hour, minute (local time), `city` or `lat`/`lng`, `tz_str`; `ayanamsha` (lahiri default), `node_type`, `house_system`.';

// The answers, each written by its response schema; test/unit/vedic-yogas/vedic-yogas-answer.test.ts holds them together.
const vedicYogasV1Answer = schemaSerializer(vedicYogasV1Response);
const vedicYogasV2Answer = schemaSerializer(vedicYogasV2Response);
export const vedicYogasV1Task = poolTask('vedic_yogas_v1', (task: VedicYogasTask) => vedicYogasV1Answer(computeVedicYogasV1(task)));
export const vedicYogasV2Task = poolTask('vedic_yogas_v2', (task: VedicYogasTask) => vedicYogasV2Answer(computeVedicYogasV2(task)));

const yogasEndpoint = (version: 1 | 2) =>
  endpoint({
    method: 'POST',
    paths: [`/api/v${version}/vedic/yogas`],
    tags: ['vedic'],
    summary: `Vedic yogas of a birth chart (${version === 1 ? 'v1 shape: yogas[]{name, category, active, planets, description}' : 'v2 shape: yogas[]{id, type, category, strength, evidence …}, active_yogas, summary'})`,
    description: VEDIC_YOGAS_TEXT,
    body: vedicYogasRequest,
    answer: { json: version === 1 ? vedicYogasV1Response : vedicYogasV2Response },
    task: version === 1 ? vedicYogasV1Task : vedicYogasV2Task,
    prepare: ({ body }) => ({ request: body, place: resolveSubjectPlace(body, ['body']) }),
    mcp: {
      title: version === 1 ? 'Vedic yogas' : 'Vedic yogas (v2)',
      description:
        version === 1
          ? `POST /api/v1/vedic/yogas. ${VEDIC_YOGAS_TEXT} ${BIRTH}`
          : `POST /api/v2/vedic/yogas: the yogas of v1_vedic_yogas with stable ids, type, category, strength and its basis, houses, the rule that fired (evidence), the source text, active_yogas and a summary by category. ${BIRTH}`,
    },
  });

export const VEDIC_YOGAS_ENDPOINTS = [yogasEndpoint(1), yogasEndpoint(2)];
