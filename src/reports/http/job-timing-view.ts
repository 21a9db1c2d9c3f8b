/**
 * The waiting part of a job's status: its place in the queue, when it should start and finish
 * (from the median time of recent reports), and, for a job whose worker died (`stalled`) or that
 * waits out a retry's backoff, when it will be tried again. Estimates, not promises: null when
 * there is nothing to estimate from (no report made in the last day).
 */
import type { ReportJobTiming } from '../store/report-job-timing.ts';

export interface JobTimingView {
  status: 'queued' | 'running' | 'stalled' | 'completed' | 'failed';
  queue_position: number | null;
  estimated_start_at: string | null;
  estimated_finish_at: string | null;
  retry_at: string | null;
}

const none = { queue_position: null, estimated_start_at: null, estimated_finish_at: null, retry_at: null };

/**
 * `sweepSeconds`: how often workers look for jobs whose worker died; such a job is queued again
 * at the first sweep after its lease ran out.
 */
export function jobTimingView(
  status: 'queued' | 'running' | 'completed' | 'failed',
  progress: number,
  timing: ReportJobTiming | null,
  sweepSeconds: number,
): JobTimingView {
  if (!timing || status === 'completed' || status === 'failed') return { status, ...none };
  const now = Date.parse(timing.now);
  const renderMs = timing.render_seconds === null ? null : timing.render_seconds * 1000;
  const at = (ms: number) => new Date(ms).toISOString();
  const after = (start: number) => (renderMs === null ? null : at(start + renderMs));
  if (status === 'running') {
    if (timing.stalled) {
      const retry = Math.max(now, timing.lease_until ? Date.parse(timing.lease_until) : now) + sweepSeconds * 1000;
      return { status: 'stalled', queue_position: null, estimated_start_at: at(retry), estimated_finish_at: after(retry), retry_at: at(retry) };
    }
    return { status, ...none, estimated_finish_at: renderMs === null ? null : at(now + (renderMs * (100 - progress)) / 100) };
  }
  const runAfter = Date.parse(timing.run_after);
  if (runAfter > now) {
    // Waiting out a retry's backoff: it joins the queue then.
    return { status, queue_position: null, estimated_start_at: at(runAfter), estimated_finish_at: after(runAfter), retry_at: at(runAfter) };
  }
  // The jobs before it and those running share the running slots (at least one).
  const rounds = Math.ceil((timing.ahead + timing.running) / Math.max(1, timing.running));
  const start = renderMs === null ? null : now + rounds * renderMs;
  return {
    status,
    queue_position: timing.ahead + 1,
    estimated_start_at: start === null ? null : at(start),
    estimated_finish_at: start === null ? null : after(start),
    retry_at: null,
  };
}
