/** POST /api/v1/vedic/strength and /api/v2/vedic/strength: shadbala, bhava bala and ashtakavarga of a birth. */
import { poolTask } from '../../../compute/pool-task.ts';
import { endpoint } from '../../../http/endpoint.ts';
import { schemaSerializer } from '../../../answers/schema-serializer.ts';
import { resolveSubjectPlace } from '../../../requests/place.ts';
import { computeVedicStrengthV1, computeVedicStrengthV2, type VedicStrengthTask } from './vedic-strength-service.ts';
import { vedicStrengthRequest, vedicStrengthV1Response, vedicStrengthV2Response } from './vedic-strength-schemas.ts';

const VEDIC_STRENGTH_TEXT =
  "Shadbala of the seven grahas after Parashara with B.V. Raman's conventions: sthana bala (uchcha, saptavargaja over D1 D2 D3 D7 D9 D12 D30, ojhayugmarasyamsa, kendradi, drekkana), dig bala, kala bala (nathonnatha, paksha, tribhaga, the lords of year, month, weekday and hour, ayana, yuddha), chesta bala, naisargika bala and drik bala, each with its parts in virupas, the total in virupas and rupas against the required minimum, the ratio and a rating; ishta and kashta phala; bhava bala of the twelve houses (bhavadhipati, bhava dig and bhava drishti bala); ashtakavarga: each graha's bhinna table with its prastara and the sarva (337 bindus), and with `ashtakavarga_reductions` the trikona and ekadhipatya reductions. The Hindu day (sunrise to sunrise) of the birth is the panchang's; where the Sun does not rise, 06:00 and 18:00 apparent solar time stand in, with a warning. Untimed births: the noon chart with the Moon's sign as the lagna, with a warning. See docs/api/vedic.md, \"Vedic strength\".";

const BIRTH =
  'Birth data: year, month, day, hour, minute (local time), `city` or `lat`/`lng`, `tz_str`; `ayanamsha` (lahiri default), `node_type`, `house_system`; `ashtakavarga_reductions`.';

// The answers, each written by its response schema; test/unit/vedic-strength/vedic-strength-answer.test.ts holds them to their schemas.
const vedicStrengthV1Answer = schemaSerializer(vedicStrengthV1Response);
const vedicStrengthV2Answer = schemaSerializer(vedicStrengthV2Response);
export const vedicStrengthV1Task = poolTask('vedic_strength_v1', (task: VedicStrengthTask) => vedicStrengthV1Answer(computeVedicStrengthV1(task)));
export const vedicStrengthV2Task = poolTask('vedic_strength_v2', (task: VedicStrengthTask) => vedicStrengthV2Answer(computeVedicStrengthV2(task)));

const strengthEndpoint = (version: 1 | 2) =>
  endpoint({
    method: 'POST',
    paths: [`/api/v${version}/vedic/strength`],
    tags: ['vedic'],
    summary: `Shadbala, bhava bala and ashtakavarga (${version === 1 ? 'v1 shape: shadbala.Sun, sarva_ashtakavarga[]{house, points}' : 'v2 shape: shadbala.sun, ishta_kashta, sarvashtakavarga[12], bhinnashtakavarga{}'})`,
    description: VEDIC_STRENGTH_TEXT,
    body: vedicStrengthRequest,
    answer: { json: version === 1 ? vedicStrengthV1Response : vedicStrengthV2Response },
    task: version === 1 ? vedicStrengthV1Task : vedicStrengthV2Task,
    prepare: ({ body }) => ({ request: body, place: resolveSubjectPlace(body, ['body']) }),
    mcp: {
      title: `Vedic strength: shadbala, bhava bala, ashtakavarga${version === 2 ? ' (v2)' : ''}`,
      description:
        version === 1
          ? `POST /api/v1/vedic/strength. ${VEDIC_STRENGTH_TEXT} ${BIRTH}`
          : `POST /api/v2/vedic/strength: the strengths of v1_vedic_strength in the v2 shape (shadbala keyed sun … saturn, ishta_kashta, sarvashtakavarga and bhinnashtakavarga as rows of twelve, prastharashtakavarga). ${BIRTH}`,
    },
  });

export const VEDIC_STRENGTH_ENDPOINTS = [strengthEndpoint(1), strengthEndpoint(2)];
