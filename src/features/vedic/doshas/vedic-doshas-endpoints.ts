/** POST /api/v1/vedic/doshas and /api/v2/vedic/doshas: Mangal dosha, Kaal Sarp, Sade Sati and Dhaiya (one shape in both versions). */
import { poolTask } from '../../../compute/pool-task.ts';
import { endpoint } from '../../../http/endpoint.ts';
import { schemaSerializer } from '../../../answers/schema-serializer.ts';
import { resolveSubjectPlace } from '../../../requests/place.ts';
import { computeVedicDoshas, type VedicDoshasTask } from './vedic-doshas-service.ts';
import { vedicDoshasRequest, vedicDoshasResponse } from './vedic-doshas-schemas.ts';

const VEDIC_DOSHAS_TEXT =
  "The doshas of a birth: Mangal (Kuja) dosha, Mars counted by sign from the lagna, the Moon and Venus in houses 1, 2, 4, 7, 8, 12 (`mangal_school: south_indian`, default) or 1, 4, 7, 8, 12 (`north_indian`), with the named cancellations that apply; Kaal Sarp (full or partial, direction, the twelve types by Rahu's house from the lagna); Sade Sati (Saturn in the 12th, 1st and 2nd sign from the natal Moon: rising, peak, setting) and Dhaiya (4th: kantaka, 8th: ashtama) at `date` (default now), with every phase's start and end at Saturn's exact sidereal ingresses, retrograde re-entries included, and every cycle from birth to 100 years after. Untimed births: the lagna-based parts are skipped with a warning. See docs/api/vedic.md, \"Vedic doshas\".";

const BIRTH =
  'Birth data: year, month, day, hour, minute (local time), `city` or `lat`/`lng`, `tz_str`; `ayanamsha` (lahiri default), `node_type`; `date` for Sade Sati.';

const vedicDoshasAnswer = schemaSerializer(vedicDoshasResponse);
export const vedicDoshasTask = poolTask('vedic_doshas', (task: VedicDoshasTask) => vedicDoshasAnswer(computeVedicDoshas(task)));

/** v1 and v2 answer the same; only v2's description says so. */
const doshasEndpoint = (version: 1 | 2) =>
  endpoint({
    method: 'POST',
    paths: [`/api/v${version}/vedic/doshas`],
    tags: ['vedic'],
    summary: 'Vedic doshas: Mangal dosha, Kaal Sarp, Sade Sati and Dhaiya',
    description: version === 1 ? VEDIC_DOSHAS_TEXT : `The same answer as POST /api/v1/vedic/doshas. ${VEDIC_DOSHAS_TEXT}`,
    body: vedicDoshasRequest,
    answer: { json: vedicDoshasResponse },
    task: vedicDoshasTask,
    prepare: ({ body }, nowMs) => ({ request: body, place: resolveSubjectPlace(body, ['body']), nowMs }),
    mcp: {
      title: version === 1 ? 'Vedic doshas' : 'Vedic doshas (v2)',
      description: `POST /api/v${version}/vedic/doshas. ${VEDIC_DOSHAS_TEXT} ${BIRTH}`,
      // Without a date, Sade Sati depends on the day of the call.
      idempotent: false,
    },
  });

export const VEDIC_DOSHAS_ENDPOINTS = [doshasEndpoint(1), doshasEndpoint(2)];
