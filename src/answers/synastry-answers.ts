/**
 * The synastry family's answers (POST /api/v1/western/synastry, /summary, /horoscope), each
 * declared once by its response schema: the service builds the object, these write its bytes
 * (schema-serializer.ts), and test/unit/synastry/synastry-answers.test.ts holds the two together.
 */
import { schemaSerializer } from './schema-serializer.ts';
import { synastryHoroscopeResponse, synastryResponse, synastrySummaryResponse } from '../features/synastry/synastry-schemas.ts';
import { synastryAnswerObject, synastrySummaryObject, type SynastryTask } from '../features/synastry/synastry-service.ts';
import { synastryHoroscopeObject, type SynastryHoroscopeTask } from '../features/synastry/synastry-horoscope-service.ts';

export const synastryAnswer = schemaSerializer(synastryResponse);
export const synastrySummaryAnswer = schemaSerializer(synastrySummaryResponse);
export const synastryHoroscopeAnswer = schemaSerializer(synastryHoroscopeResponse);

export const synastryAnswerBytes = (task: SynastryTask) => synastryAnswer(synastryAnswerObject(task));
export const synastrySummaryAnswerBytes = (task: SynastryTask) => synastrySummaryAnswer(synastrySummaryObject(task));
export const synastryHoroscopeAnswerBytes = (task: SynastryHoroscopeTask) => synastryHoroscopeAnswer(synastryHoroscopeObject(task));
