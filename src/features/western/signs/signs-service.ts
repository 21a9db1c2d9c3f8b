/**
 * The sign of one point (Sun, Moon, Ascendant, Midheaven): runs in a compute worker (or inline).
 * The point comes from the natal answer itself (the natal writer's bytes for a NatalTask made
 * from the request, parsed), and its text from the natal interpretation block of the same cast
 * (natalInterpretation, which the natal answer writes): the same item a natal chart with
 * interpretation shows.
 */
import type { z } from 'zod/v4';
import { writeNatalAnswer } from '../natal/natal-answer.ts';
import type { InterpretationBlock } from '../../../interpretations/index.ts';
import type { ResolvedPlace } from '../../../requests/place.ts';
import { RequestFieldError } from '../../../requests/request-error.ts';
import { castNatal, natalInterpretation, type NatalTask } from '../natal/natal-service.ts';
import type { NatalRequest, natalResponse } from '../natal/natal-schemas.ts';
import { TIMED_SIGN_POINTS, type SignAnswer, type SignPoint, type SignRequest } from './signs-schemas.ts';

export interface SignTask {
  point: SignPoint;
  request: SignRequest;
  place: ResolvedPlace;
}

type NatalAnswer = z.output<typeof natalResponse>;

/** Each point's id in the natal answer, its display name, and its interpretation key's head. */
const POINTS: Record<SignPoint, { id: 'sun' | 'moon' | 'asc' | 'mc'; name: string; key: string }> = {
  sun: { id: 'sun', name: 'Sun', key: 'planet.sun' },
  moon: { id: 'moon', name: 'Moon', key: 'planet.moon' },
  rising: { id: 'asc', name: 'Ascendant', key: 'angle.asc' },
  midheaven: { id: 'mc', name: 'Midheaven', key: 'angle.mc' },
};

/** The rising sign and the Midheaven need the birth time: a 422 on `time_known` (and on `hour` when it is missing). */
export function checkSignRequest(point: SignPoint, request: SignRequest): void {
  if (!TIMED_SIGN_POINTS.includes(point)) return;
  if (request.time_known === false) {
    throw new RequestFieldError(
      ['body', 'time_known'],
      `the ${point} sign needs the birth time: send time_known true with hour and minute (the Sun and Moon signs do not need it)`,
      'value_error.time_unknown',
    );
  }
}

const decoder = new TextDecoder();

export function computeSign(task: SignTask): SignAnswer {
  const { point, request, place } = task;
  checkSignRequest(point, request);
  const wanted = request.interpretation?.enable === true;
  const style = request.interpretation?.style === 'improved' ? 'improved' : 'standard';
  const { interpretation: _, ...birth } = request;
  const natalRequest: NatalRequest = { ...birth };
  const natalTask: NatalTask = { request: natalRequest, place, includeMinor: false, includeStelliums: false, interpretation: undefined };
  // One cast: the natal answer's bytes (without its text, which the point does not need) and the
  // natal interpretation block, made by the natal answer's own function from the same cast.
  const cast = castNatal(natalTask);
  const natal = JSON.parse(decoder.decode(writeNatalAnswer(natalTask, cast))) as NatalAnswer;
  const block = wanted ? natalInterpretation({ ...natalTask, interpretation: { style, language: 'en' } }, cast) : undefined;
  const def = POINTS[point];
  const at = def.id === 'sun' || def.id === 'moon' ? natal.planets.find((p) => p.id === def.id)! : natal.angles_details![def.id]!;
  const warnings = [...natal.warnings];
  let interpretation: SignAnswer['interpretation'];
  if (block) {
    const key = `${def.key}.sign.${at.sign_id}`;
    interpretation = signInterpretation(block, key, `${def.id}_${at.sign_id}`);
    if (!interpretation) warnings.push(`The interpretation library has no item ${key}.`);
  }
  if (wanted && request.interpretation?.style === 'poetic')
    warnings.push('style poetic is served with the standard text: the interpretation library is written in the standard and improved styles.');
  // One literal in the schema's key order, the optional keys spread in.
  return {
    point: def.name,
    sign: at.sign,
    sign_id: at.sign_id,
    degree: at.pos,
    abs_pos: at.abs_pos,
    ...(at.house === undefined ? {} : { house: at.house }),
    ...(interpretation === undefined ? {} : { interpretation }),
    subject: natal.subject,
    warnings,
  };
}

/** The natal interpretation block's item of this key, with the section it sits in; undefined when the library has none. */
function signInterpretation(block: InterpretationBlock, key: string, id: string): SignAnswer['interpretation'] {
  for (const [section, items] of Object.entries(block.sections)) {
    const item = items.find((i) => i.key === key);
    if (!item) continue;
    return {
      id,
      key,
      title: item.title,
      body: item.body,
      ...(item.strengths ? { strengths: item.strengths } : {}),
      ...(item.challenges ? { challenges: item.challenges } : {}),
      ...(item.reflection ? { reflection: item.reflection } : {}),
      category: item.category,
      section,
      style: block.style,
      library_version: block.library_version,
      language: block.language,
    };
  }
  return undefined;
}
