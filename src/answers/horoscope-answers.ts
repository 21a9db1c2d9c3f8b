/**
 * The horoscopes' answers (daily personal v1, v2 and v3, weekly personal, daily sign v1 and v2),
 * each declared once by its response schema: the service builds the object, these write its
 * bytes (schema-serializer.ts); test/unit/horoscope/horoscope-answer-contract.test.ts holds them
 * together.
 */
import { schemaSerializer } from './schema-serializer.ts';
import {
  dailyPersonalV1Response,
  dailyPersonalV2Response,
  dailyPersonalV3Response,
  dailySignV1Response,
  dailySignV2Response,
  weeklyPersonalResponse,
  type DailySignAnswer,
  type DailySignV2Answer,
} from '../features/horoscope/horoscope-schemas.ts';
import {
  computeDailyPersonalV1,
  computeDailyPersonalV2,
  computeDailyPersonalV3,
  computeDailySign,
  computeWeeklyPersonal,
  type PersonalTask,
  type SignTask,
} from '../features/horoscope/horoscope-service.ts';

const v1 = schemaSerializer(dailyPersonalV1Response);
const v2 = schemaSerializer(dailyPersonalV2Response);
const v3 = schemaSerializer(dailyPersonalV3Response);
const weekly = schemaSerializer(weeklyPersonalResponse);
const signV1 = schemaSerializer(dailySignV1Response);
const signV2 = schemaSerializer(dailySignV2Response);

export const dailyPersonalV1AnswerBytes = (task: PersonalTask) => v1(computeDailyPersonalV1(task));
export const dailyPersonalV2AnswerBytes = (task: PersonalTask) => v2(computeDailyPersonalV2(task));
export const dailyPersonalV3AnswerBytes = (task: PersonalTask) => v3(computeDailyPersonalV3(task));
export const weeklyPersonalAnswerBytes = (task: PersonalTask) => weekly(computeWeeklyPersonal(task));
export const dailySignAnswerBytes = (task: SignTask) => {
  const answer = computeDailySign(task);
  return task.version === 'v1' ? signV1(answer as DailySignAnswer) : signV2(answer as DailySignV2Answer);
};
