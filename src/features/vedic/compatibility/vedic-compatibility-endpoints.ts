/** POST /api/v2/vedic/compatibility: Guna Milan, Mangal dosha of both, nadi and bhakoot doshas, a summary with risk flags. */
import { poolTask } from '../../../compute/pool-task.ts';
import { endpoint } from '../../../http/endpoint.ts';
import { schemaSerializer } from '../../../answers/schema-serializer.ts';
import { resolveSubjectPlace } from '../../../requests/place.ts';
import { RequestFieldError } from '../../../requests/request-error.ts';
import { computeVedicCompatibility, type VedicCompatibilityTask } from './vedic-compatibility-service.ts';
import { vedicCompatibilityRequest, vedicCompatibilityResponse, type VedicCompatibilityRequest } from './vedic-compatibility-schemas.ts';

const VEDIC_COMPATIBILITY_TEXT =
  'Compatibility of two births (`person1`, `person2`): Ashtakoota (Guna Milan, 36 points, `koota_school` north_indian or jagannatha_hora) with each koota’s evidence, the Mangal (Kuja) dosha of both with its cancellations and how the two meet, nadi and bhakoot doshas with their exceptions, Dashakoota with `include_dashakoota`, and a summary: the score against the traditional minimum of 18 and the risk flags. `ayanamsha`, `house_system` and `node_type` at the top apply to both births unless a birth names its own. See docs/api/vedic.md, "Vedic compatibility".';

const vedicCompatibilityAnswer = schemaSerializer(vedicCompatibilityResponse);
export const vedicCompatibilityTask = poolTask('vedic_compatibility_v2', (task: VedicCompatibilityTask) =>
  vedicCompatibilityAnswer(computeVedicCompatibility(task)),
);

function side(body: VedicCompatibilityRequest, name: 'person1' | 'person2') {
  const given = body[name];
  if (!given)
    throw new RequestFieldError(
      ['body', name],
      `${name} is required: the Vedic birth block of the ${name === 'person1' ? 'first' : 'second'} person`,
      'missing',
    );
  // The pair's settings, unless the person's block names its own.
  const request = {
    ...given,
    ayanamsha: given.ayanamsha ?? given.ayanamsa ?? body.ayanamsha,
    house_system: given.house_system ?? body.house_system,
    // A person's node_type defaults to mean, so the pair's, when sent, is the one used.
    node_type: body.node_type ?? given.node_type,
  };
  return { request, place: resolveSubjectPlace(request, ['body', name]), loc: ['body', name] };
}

export const VEDIC_COMPATIBILITY_ENDPOINTS = [
  endpoint({
    method: 'POST',
    paths: ['/api/v2/vedic/compatibility'],
    tags: ['vedic'],
    summary: 'Vedic compatibility: Guna Milan, Mangal dosha of both, nadi and bhakoot doshas, summary and risk flags',
    description: 'The match of /api/v2/vedic/match in the v2 compatibility shape, with a summary and risk flags. See docs/api/vedic.md, "Vedic compatibility".',
    body: vedicCompatibilityRequest,
    answer: { json: vedicCompatibilityResponse },
    task: vedicCompatibilityTask,
    prepare: ({ body }): VedicCompatibilityTask => ({
      boy: side(body, 'person1'),
      girl: side(body, 'person2'),
      includeDashakoota: body.include_dashakoota,
      mangalSchool: body.mangal_school,
      kootaSchool: body.koota_school,
      label: body.label,
    }),
    mcp: {
      title: 'Vedic compatibility (v2)',
      description: `POST /api/v2/vedic/compatibility. ${VEDIC_COMPATIBILITY_TEXT} Each birth: year, month, day, hour, minute, \`city\` or \`lat\`/\`lng\`, \`tz_str\`.`,
    },
  }),
];
