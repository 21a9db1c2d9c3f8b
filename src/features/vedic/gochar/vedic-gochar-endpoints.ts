/** POST /api/v1/vedic/gochar/timeline and /api/v2/vedic/gochar/timeline: the transits of the grahas from the natal Moon's sign. */
import { poolTask } from '../../../compute/pool-task.ts';
import { endpoint } from '../../../http/endpoint.ts';
import { schemaSerializer } from '../../../answers/schema-serializer.ts';
import { resolveSubjectPlace } from '../../../requests/place.ts';
import { computeVedicGocharV1, computeVedicGocharV2, type VedicGocharTask } from './vedic-gochar-service.ts';
import { GOCHARA_MAX_DAYS, GOCHARA_MAX_DAYS_WITH_MOON, vedicGocharRequest, vedicGocharV1Response, vedicGocharV2Response } from './vedic-gochar-schemas.ts';

const VEDIC_GOCHAR_TEXT = `Gochara: for a natal chart and a range (\`start_date\`, \`end_date\`; at most ${GOCHARA_MAX_DAYS} days, ${GOCHARA_MAX_DAYS_WITH_MOON} with \`include_moon\`; more is a 422), every stay of Sun, Mars, Mercury, Jupiter, Venus, Saturn, Rahu and Ketu in a sidereal sign with its exact ingress and egress (retrograde re-entries as stays of their own), the house counted from the natal Moon's sign, whether it is favourable by the classical gochara table (Phaladeepika 26; Rahu and Ketu by Saturn's row), and its vedha: the obstructing house and the grahas that pass through it during the stay (no vedha between Sun and Saturn, nor Moon and Mercury). \`include_moon\` adds the Moon's own stays. Instants in UTC to the second. See docs/api/vedic.md, "Vedic gochara".`;

const BIRTH =
  'Birth data: year, month, day, hour, minute (local time), `city` or `lat`/`lng`, `tz_str`; `ayanamsha` (lahiri default), `node_type`; the range `start_date`, `end_date`.';

const vedicGocharV1Answer = schemaSerializer(vedicGocharV1Response);
const vedicGocharV2Answer = schemaSerializer(vedicGocharV2Response);
export const vedicGocharV1Task = poolTask('vedic_gochar_v1', (task: VedicGocharTask) => vedicGocharV1Answer(computeVedicGocharV1(task)), 'heavy');
export const vedicGocharV2Task = poolTask('vedic_gochar_v2', (task: VedicGocharTask) => vedicGocharV2Answer(computeVedicGocharV2(task)), 'heavy');

const gocharEndpoint = (version: 1 | 2) =>
  endpoint({
    method: 'POST',
    paths: [`/api/v${version}/vedic/gochar/timeline`],
    tags: ['vedic'],
    summary: `Gochara timeline: the grahas' sign stays from the natal Moon, favourable houses and vedha (${version === 1 ? 'v1: sign_num' : 'v2: sign_id'})`,
    description: VEDIC_GOCHAR_TEXT,
    body: vedicGocharRequest,
    answer: { json: version === 1 ? vedicGocharV1Response : vedicGocharV2Response },
    task: version === 1 ? vedicGocharV1Task : vedicGocharV2Task,
    prepare: ({ body }) => ({ request: body, place: resolveSubjectPlace(body, ['body']) }),
    mcp: {
      title: `Gochara timeline (v${version})`,
      description: `POST /api/v${version}/vedic/gochar/timeline. ${VEDIC_GOCHAR_TEXT} ${BIRTH}`,
    },
  });

export const VEDIC_GOCHAR_ENDPOINTS = [gocharEndpoint(1), gocharEndpoint(2)];
