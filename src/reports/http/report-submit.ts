/**
 * Submitting a report with a natal request: the job row and the credit reservation commit
 * together (no credit, no job), then the job id is handed to the queue. A job committed whose
 * queueing failed is queued by a worker's sweeper. An Idempotency-Key maps a retried submit to
 * the job of the first (unique per user and key), never a second job or credit; the same key with
 * another birth or other options is refused (409), whichever route ordered the first and however
 * long ago: the job row keeps the key, the HTTP idempotency layer only for its TTL and its routes.
 */
import { UniqueIntegrityConstraintViolationError, type DatabasePool } from 'slonik';
import { InsufficientCreditsError, ReportCreditRepository } from '../../db/report-credits.ts';
import { newReportJobId, ReportJobRepository } from '../store/report-jobs.ts';
import { HttpError, IdempotencyKeyReusedError } from '../../http/errors.ts';
import type { ReportAvailability } from '../report-availability.ts';
import { checkCallbackUrl, UnsafeCallbackTarget, type TargetPolicy } from '../callbacks/safe-target.ts';
import { RequestFieldError } from '../../requests/request-error.ts';
import type { ReportTransport } from '../queue/report-transport.ts';
import type { ReportMetrics } from '../report-metrics.ts';
import type { NatalRequest } from '../../features/western/natal/natal-schemas.ts';
import type { ResolvedPlace } from '../../requests/place.ts';
import { checkDemoBounds, type DemoBounds } from './demo-bounds.ts';
import { isDemoSubject } from './demo-subject.ts';
import type { PsychologicalReportRequest } from './report-schemas.ts';

export const FIRST_POLL_AFTER_SECONDS = 2;

export interface ReportSubmission {
  job_id: string;
  status: 'queued';
  status_url: string;
  poll_url: string;
  next_poll_after_seconds: number;
  credit_charged: boolean;
}

export interface ReportService {
  availability: ReportAvailability;
  /** Where callbacks may go (tests allow http://127.0.0.1). */
  callbackPolicy: TargetPolicy;
  transport: ReportTransport;
  metrics?: ReportMetrics | undefined;
  maxAttempts: number;
  /** Free (demo) jobs waiting or running at once: per account (429 beyond) and in all (503 beyond). */
  demoBounds: DemoBounds;
  log: (message: string, error: unknown) => void;
}

const submission = (id: string, charged: boolean): ReportSubmission => ({
  job_id: id,
  status: 'queued',
  status_url: `/api/v1/natal/report/${id}`,
  poll_url: `/api/v1/natal/report/${id}`,
  next_poll_after_seconds: FIRST_POLL_AFTER_SECONDS,
  credit_charged: charged,
});

export async function submitReport(
  db: DatabasePool,
  service: ReportService,
  input: {
    userId: string;
    request: NatalRequest;
    place: ResolvedPlace;
    options: PsychologicalReportRequest;
    idempotencyKey: string | null;
  },
): Promise<ReportSubmission> {
  // A callback that could never be delivered is refused now, not after the credit is spent.
  if (input.options.callback_url) {
    try {
      checkCallbackUrl(new URL(input.options.callback_url), service.callbackPolicy);
    } catch (error) {
      if (error instanceof UnsafeCallbackTarget) throw new RequestFieldError(['body', 'psychological_report', 'callback_url'], error.message);
      throw error;
    }
  }
  const available = await service.availability.check();
  if (!available.ok) throw new HttpError(503, available.detail, { 'retry-after': '60' }, 'reports_unavailable');
  const jobs = new ReportJobRepository(db);
  const credits = new ReportCreditRepository(db);
  const free = isDemoSubject(input.request, input.options);
  const { enabled: _enabled, mode: _mode, ...options } = input.options;
  const { psychological_report: _report, ...request } = input.request as NatalRequest & { psychological_report?: unknown };
  const id = newReportJobId();
  const birth = { request, place: input.place };
  const create = () =>
    db.transaction(async (tx) => {
      if (input.idempotencyKey) {
        const earlier = await jobs.findByIdempotencyKey(tx, input.userId, input.idempotencyKey, { birth, options });
        if (earlier && !earlier.same_order) throw new IdempotencyKeyReusedError();
        if (earlier) return { id: earlier.id, charged: earlier.credit_reserved, existing: true };
      }
      if (free) await checkDemoBounds(tx, input.userId, service.demoBounds);
      await jobs.insert(tx, {
        id,
        userId: input.userId,
        idempotencyKey: input.idempotencyKey,
        birth,
        options,
        creditReserved: !free,
        maxAttempts: service.maxAttempts,
      });
      if (!free) await credits.reserve(tx, input.userId, id);
      return { id, charged: !free, existing: false };
    });
  let created: { id: string; charged: boolean; existing: boolean };
  try {
    try {
      created = await create();
    } catch (error) {
      // Two submits with one key at the same moment (the idempotency layer normally lets one
      // through at a time): the second finds the first's job.
      if (!(error instanceof UniqueIntegrityConstraintViolationError) || !input.idempotencyKey) throw error;
      created = await create();
    }
  } catch (error) {
    if (error instanceof InsufficientCreditsError) {
      throw new HttpError(
        402,
        "No report credits left: each report costs one credit. Buy a credit pack (POST /api/v1/billing/checkout) or wait for your plan's next period (GET /api/v1/natal/report-credits shows when it starts).",
        {},
        'insufficient_report_credits',
      );
    }
    throw error;
  }
  if (!created.existing) {
    service.metrics?.submitted(created.charged);
    try {
      await service.transport.enqueue(created.id);
      await jobs.markEnqueued(created.id);
    } catch (error) {
      // The job is committed: a worker's sweeper queues it.
      service.log('report job committed but not queued; the sweeper will queue it', error);
    }
  }
  return submission(created.id, created.charged);
}
