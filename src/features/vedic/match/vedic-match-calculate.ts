/**
 * Serving the match: the two births read under their names or aliases, each place resolved on the
 * event loop, the answer computed in the compute pool (REST and MCP alike).
 */
import type { ComputeRunner } from '../../../compute/runner.ts';
import { resolveSubjectPlace } from '../../../requests/place.ts';
import { RequestFieldError } from '../../../requests/request-error.ts';
import type { VedicMatchRequest } from './vedic-match-schemas.ts';

function side(body: VedicMatchRequest, names: readonly ['boy' | 'girl', string, string]) {
  const given = names.filter((n) => body[n as keyof VedicMatchRequest] !== undefined);
  if (given.length === 0) throw new RequestFieldError(['body', names[0]], `${names[0]} is required (or ${names[1]}, ${names[2]})`, 'missing');
  if (given.length > 1) throw new RequestFieldError(['body', given[1]!], `${given.join(' and ')} name the same person: send one`, 'value_error');
  const name = given[0]!;
  const request = body[name as 'boy'] as NonNullable<VedicMatchRequest['boy']>;
  return { request, place: resolveSubjectPlace(request, ['body', name]), loc: ['body', name] };
}

export function calculateVedicMatch(compute: ComputeRunner, body: VedicMatchRequest, version: 1 | 2): Promise<Buffer> {
  const task = {
    boy: side(body, ['boy', 'groom', 'person1']),
    girl: side(body, ['girl', 'bride', 'person2']),
    includeDashakoota: body.include_dashakoota,
    mangalSchool: body.mangal_school,
    kootaSchool: body.koota_school,
  };
  return version === 1 ? compute.run('vedic_match_v1', task) : compute.run('vedic_match_v2', task);
}
