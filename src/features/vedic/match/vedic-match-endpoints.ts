/** POST /api/v1/vedic/match and /api/v2/vedic/match: Ashtakoota, Mangal dosha of both, Dashakoota on request (one shape in both versions). */
import { poolTask } from '../../../compute/pool-task.ts';
import { endpoint } from '../../../http/endpoint.ts';
import { schemaSerializer } from '../../../answers/schema-serializer.ts';
import { resolveSubjectPlace } from '../../../requests/place.ts';
import { RequestFieldError } from '../../../requests/request-error.ts';
import { computeVedicMatch, type VedicMatchTask } from './vedic-match-service.ts';
import { vedicMatchRequest, vedicMatchResponse, type VedicMatchRequest } from './vedic-match-schemas.ts';

const VEDIC_MATCH_TEXT =
  'Ashtakoota (Guna Milan) between two births, `boy` and `girl` (aliases `groom`/`bride`, `person1`/`person2`), from their sidereal Moons: varna 1, vashya 2, tara 3, yoni 4, graha maitri 5, gana 6, bhakoot 7, nadi 8 points, 36 in all, with the exceptions that cancel a nadi or bhakoot dosha; the Mangal dosha of both and whether they cancel each other; with `include_dashakoota` the ten South Indian poruthams. Untimed births: the Moon at local noon, Mangal dosha without the lagna, a warning. See docs/api/vedic.md, "Vedic match".';

const vedicMatchAnswer = schemaSerializer(vedicMatchResponse);
const vedicMatchBytes = (task: VedicMatchTask) => vedicMatchAnswer(computeVedicMatch(task));
export const vedicMatchV1Task = poolTask('vedic_match_v1', vedicMatchBytes);
export const vedicMatchV2Task = poolTask('vedic_match_v2', vedicMatchBytes);

/** One of the two births, read under its name or an alias (one of them), its place resolved. */
function side(body: VedicMatchRequest, names: readonly ['boy' | 'girl', string, string]) {
  const given = names.filter((n) => body[n as keyof VedicMatchRequest] !== undefined);
  if (given.length === 0) throw new RequestFieldError(['body', names[0]], `${names[0]} is required (or ${names[1]}, ${names[2]})`, 'missing');
  if (given.length > 1) throw new RequestFieldError(['body', given[1]!], `${given.join(' and ')} name the same person: send one`, 'value_error');
  const name = given[0]!;
  const request = body[name as 'boy'] as NonNullable<VedicMatchRequest['boy']>;
  return { request, place: resolveSubjectPlace(request, ['body', name]), loc: ['body', name] };
}

function prepareMatch({ body }: { body: VedicMatchRequest }): VedicMatchTask {
  return {
    boy: side(body, ['boy', 'groom', 'person1']),
    girl: side(body, ['girl', 'bride', 'person2']),
    includeDashakoota: body.include_dashakoota,
    mangalSchool: body.mangal_school,
    kootaSchool: body.koota_school,
  };
}

const matchEndpoint = (version: 1 | 2) =>
  endpoint({
    method: 'POST',
    paths: [`/api/v${version}/vedic/match`],
    tags: ['vedic'],
    summary: 'Vedic match: Ashtakoota (Guna Milan), Mangal dosha of both, Dashakoota',
    description: version === 1 ? VEDIC_MATCH_TEXT : `The same answer as POST /api/v1/vedic/match. ${VEDIC_MATCH_TEXT}`,
    body: vedicMatchRequest,
    answer: { json: vedicMatchResponse },
    task: version === 1 ? vedicMatchV1Task : vedicMatchV2Task,
    prepare: prepareMatch,
    mcp: {
      title: version === 1 ? 'Vedic match (Guna Milan)' : 'Vedic match (Guna Milan, v2)',
      description: `POST /api/v${version}/vedic/match. ${VEDIC_MATCH_TEXT} Each birth: year, month, day, hour, minute, \`city\` or \`lat\`/\`lng\`, \`tz_str\`.`,
    },
  });

export const VEDIC_MATCH_ENDPOINTS = [matchEndpoint(1), matchEndpoint(2)];
