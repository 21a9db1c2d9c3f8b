/** Sky events of one local day: runs in a compute worker. */
import { findEvents, type EventKind, type SkyEvent } from '../../astro/events/index.ts';
import { formatLocalIso, julianDayFromUtcMs, utcMsFromJulianDay } from '../../astro/civil-time.ts';
import { zoneOffsetSeconds } from '../../astro/zone-offset-table.ts';
import { formulate } from './formulation.ts';
import type { SkyEventsQuery, skyEventsResponse } from './sky-events-schemas.ts';
import type { z } from 'zod/v4';

export interface SkyEventsTask {
  date: string;
  timezone: string;
  preset: SkyEventsQuery['preset'];
  startUtcMs: number;
  endUtcMs: number;
  kinds: EventKind[];
  formulation: boolean;
}

/** A stable id: the same event has the same id in every response (type, bodies, second). */
function eventId(e: SkyEvent, utcMs: number): string {
  const parts: string[] = [e.type, e.body];
  if (e.type === 'exact_aspect') parts.push(e.aspect, e.other_body);
  if (e.type === 'lunation') parts.push(e.phase);
  if (e.type === 'station') parts.push(e.direction);
  if (e.type === 'ingress' || e.type === 'moon_ingress') parts.push(e.sign_id);
  parts.push(new Date(Math.round(utcMs / 1000) * 1000).toISOString().replace(/[-:]|\.000/g, ''));
  return parts.join('-');
}

export function computeSkyEvents(task: SkyEventsTask): z.output<typeof skyEventsResponse> {
  const found = findEvents(julianDayFromUtcMs(task.startUtcMs), julianDayFromUtcMs(task.endUtcMs), { kinds: task.kinds });
  const counts: Record<string, number> = {};
  const events = found.map((e) => {
    const utcMs = Math.round(utcMsFromJulianDay(e.jdUt));
    counts[e.type] = (counts[e.type] ?? 0) + 1;
    return {
      id: eventId(e, utcMs),
      type: e.type,
      exact_at_utc: new Date(utcMs).toISOString(),
      local_time: formatLocalIso(utcMs, zoneOffsetSeconds(task.timezone, utcMs)),
      body: e.body,
      ...(e.type === 'exact_aspect' || e.type === 'lunation' ? { other_body: e.other_body } : {}),
      ...(e.type === 'exact_aspect' ? { aspect: e.aspect } : {}),
      ...(e.type === 'lunation' ? { phase: e.phase, sign_id: e.sign_id } : {}),
      ...(e.type === 'ingress' || e.type === 'moon_ingress' ? { sign_id: e.sign_id, direction: e.direction } : {}),
      ...(e.type === 'station' ? { sign_id: e.sign_id, direction: e.direction } : {}),
      ...(task.formulation ? { formulation: formulate(e) } : {}),
    };
  });
  return {
    date: task.date,
    timezone: task.timezone,
    preset: task.preset,
    window: {
      start_utc: new Date(task.startUtcMs).toISOString(),
      end_utc: new Date(task.endUtcMs).toISOString(),
      hours: (task.endUtcMs - task.startUtcMs) / 3_600_000,
    },
    counts,
    events,
  };
}
