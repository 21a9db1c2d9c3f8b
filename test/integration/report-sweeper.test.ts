/**
 * The sweeper of the report worker: a job committed but never handed to the queue (the API
 * process died between the commit and the enqueue) is queued and completes; a job stuck past the
 * deadline fails with deadline_exceeded and its credit comes back once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../src/db/sql.ts';
import { z } from 'zod/v4';
import { startTestServer, type TestServer } from '../helpers/app.ts';
import { BIRTH, userWithCredits, waitForJob } from '../helpers/reports.ts';
import { newReportJobId, ReportJobRepository } from '../../src/reports/store/report-jobs.ts';
import { ReportCreditRepository } from '../../src/db/report-credits.ts';
import { natalRequest } from '../../src/features/western/natal/natal-schemas.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { REPORT_WORKER: 'in_process', REPORT_SWEEP_INTERVAL_SECONDS: '0.5' } });
});
afterAll(async () => {
  await server?.close();
});

/** A job row and its credit, committed as the submit does, but never given to the queue. */
async function commitJobWithoutQueue(userId: string): Promise<string> {
  const id = newReportJobId();
  const place = { city: 'London', country: 'GB', lat: BIRTH.lat, lng: BIRTH.lng, source: 'request' as const };
  await server.db.transaction(async (tx) => {
    await new ReportJobRepository(server.db).insert(tx, {
      id,
      userId,
      idempotencyKey: null,
      maxAttempts: 3,
      creditReserved: true,
      birth: { request: natalRequest.parse(BIRTH), place },
      options: { style: 'standard', output_format: 'pdf', include_chart_in_pdf: true, include_profile_branding_logo: false, markdown: true },
    });
    await new ReportCreditRepository(server.db).reserve(tx, userId, id);
  });
  return id;
}

describe('the report sweeper', () => {
  it('queues a job that was committed but never queued, and it completes', async () => {
    const { key, userId } = await userWithCredits(server, 1);
    const id = await commitJobWithoutQueue(userId);
    await server.db.query(sql.unsafe`update report_jobs set created_at = now() - interval '1 minute' where id = ${id}`);
    const done = await waitForJob(server, id, key, 60_000);
    expect(done.status).toBe('completed');
    const enqueued = await server.db.oneFirst(
      sql.type(z.object({ queued: z.boolean() }))`select enqueued_at is not null as queued from report_jobs where id = ${id}`,
    );
    expect(enqueued).toBe(true);
    expect((await server.get('/api/v1/natal/report-credits', { 'x-api-key': key })).body.remaining).toBe(0);
  });

  it('fails a job stuck past the deadline and refunds its credit once', async () => {
    const { key, userId } = await userWithCredits(server, 1);
    const id = await commitJobWithoutQueue(userId);
    // Waiting for a backoff that never ends, submitted long ago: only the deadline can end it.
    await server.db.query(
      sql.unsafe`update report_jobs set created_at = now() - interval '2 hours', run_after = now() + interval '1 day', enqueued_at = now() where id = ${id}`,
    );
    const done = await waitForJob(server, id, key, 30_000);
    expect(done).toMatchObject({ status: 'failed', error: { code: 'deadline_exceeded' } });
    const reasons = await server.db.anyFirst(
      sql.type(z.object({ reason: z.string() }))`select reason from report_credit_ledger where reference = ${id} order by id`,
    );
    expect(reasons).toEqual(['reservation', 'refund']);
    expect((await server.get('/api/v1/natal/report-credits', { 'x-api-key': key })).body.remaining).toBe(1);
  });
});
