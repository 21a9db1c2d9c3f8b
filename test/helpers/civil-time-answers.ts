/** What tests of civil time compare: wall times built from instants, and answers or their refusals. */
import { resolveCivilTime, type CivilTime, type DstPolicy } from '../../src/astro/civil-time.ts';

/** The wall time that reads like the UTC fields of `ms`. */
export function wallOf(ms: number): CivilTime {
  const d = new Date(ms);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
  };
}

/** resolveCivilTime's answer, or the message of its refusal (a gap or fold under `reject`). */
export function civilAnswer(t: CivilTime, zone: string, policy: DstPolicy) {
  try {
    return resolveCivilTime(t, zone, policy);
  } catch (error) {
    return { error: (error as Error).message };
  }
}
