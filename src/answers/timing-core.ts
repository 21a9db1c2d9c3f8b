/**
 * The core the timing searches share: each moment of an electional search
 * (POST /api/v2/western/electional/<category>/search) and each window of a muhurat search
 * (POST /api/v2/vedic/muhurat/search and …/personalized-search) carries the same fields with the
 * same meaning, so one client reads either:
 * - `window`: when, in the place's zone and in UTC, and how long (an electional moment is a window
 *   of no length: start = end);
 * - `score` 0 to 100 (each search documents how its own is made) and `quality_band` on one scale
 *   of seven bands (the muhurat search's four qualities are four of them);
 * - `supporting_factors[]` and `caution_factors[]`, `{code, title, detail, points}`: what counts
 *   for and against, with the points each adds to the score.
 * Each search keeps its own fields beside these (the electional `event_time_local`, `status`…, the
 * muhurat `start`, `quality`, `reasons`…).
 */
import { z } from 'zod/v4';
import { formatOffset, isoUtc } from '../astro/civil-time.ts';
import { zoneOffsetSeconds } from '../astro/zone-offset-table.ts';

/** The shared scale, best first. */
export const TIMING_BANDS = ['excellent', 'very_strong', 'strong', 'good', 'moderate', 'weak', 'poor'] as const;
export type TimingBand = (typeof TIMING_BANDS)[number];

export const timingFactor = z.object({
  code: z.string().describe("The factor's code (each search's documentation lists its codes)"),
  title: z.string().describe('Short name: "Venus dignified", "Moon void of course", "Nakshatra Rohini", "Hora of Jupiter"…'),
  detail: z.string().describe('What was found at that time and place'),
  points: z.number().describe('Points this factor adds to the score (negative for a caution)'),
});
export type TimingFactor = z.output<typeof timingFactor>;

export const timingWindow = z
  .object({
    start_local: z.string().describe("Start in the place's zone, YYYY-MM-DDTHH:MM:SS without offset"),
    end_local: z.string().describe("End in the place's zone, YYYY-MM-DDTHH:MM:SS without offset (an electional moment: its start)"),
    start_utc: z.string().describe('Start, UTC, ISO 8601 with Z'),
    end_utc: z.string().describe('End, UTC, ISO 8601 with Z'),
    utc_offset: z.string().describe('UTC offset in force at the start, ±HH:MM'),
    timezone: z.string().describe('IANA zone of the local times'),
    duration_minutes: z.number().describe('Length in minutes, to 0.1 (0 for an electional moment)'),
  })
  .describe('When: the same shape in the electional and the muhurat searches');
export type TimingWindow = z.output<typeof timingWindow>;

/** The shared fields, to spread into a search's result object (a search may narrow `score`'s description). */
export const timingCore = {
  window: timingWindow,
  score: z.number().min(0).max(100).describe('0 to 100, higher is better'),
  quality_band: z.enum(TIMING_BANDS).describe('The band of the score on the shared scale: excellent, very_strong, strong, good, moderate, weak, poor'),
  supporting_factors: z.array(timingFactor).describe('What counts for it, heaviest first'),
  caution_factors: z.array(timingFactor).describe('What counts against it, heaviest first'),
};

/** The local wall time of an instant without offset. */
function localText(utcMs: number, offsetSeconds: number): string {
  return isoUtc(utcMs + offsetSeconds * 1000).slice(0, 19);
}

/** The window from start to end (UTC milliseconds, already rounded as the search answers them) in a zone. */
export function timingWindowOf(startMs: number, endMs: number, zone: string): TimingWindow {
  const startOffset = zoneOffsetSeconds(zone, startMs);
  return {
    start_local: localText(startMs, startOffset),
    end_local: localText(endMs, zoneOffsetSeconds(zone, endMs)),
    start_utc: isoUtc(startMs),
    end_utc: isoUtc(endMs),
    utc_offset: formatOffset(startOffset),
    timezone: zone,
    duration_minutes: Math.round((endMs - startMs) / 6000) / 10,
  };
}
