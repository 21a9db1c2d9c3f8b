/** Report tests: users with credits, polling a job to its end, reading a PDF with poppler. */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createKeyForEmail } from '../../src/features/keys/keys-service.ts';
import { ReportCreditRepository } from '../../src/db/report-credits.ts';
import { sql } from '../../src/db/sql.ts';
import { z } from 'zod/v4';
import type { TestServer } from './app.ts';
import { DEMO_SUBJECT } from '../../src/reports/http/demo-birth.ts';

let n = 0;

export const BIRTH = { name: 'Ada Quillfeather', year: 1988, month: 3, day: 14, hour: 9, minute: 45, lat: 51.5074, lng: -0.1278, tz_str: 'Europe/London' };

/** The zero-credit demo subject: its reports cost no credit. */
export const DEMO = { ...DEMO_SUBJECT };

export async function userWithCredits(server: TestServer, credits: number, plan = 'unlimited'): Promise<{ userId: string; key: string }> {
  const created = await createKeyForEmail(server.db, { email: `reports${n++}-${process.pid}@example.com`, plan });
  if (credits > 0)
    await new ReportCreditRepository(server.db).grant({ userId: created.user_id, reason: 'purchase', reference: `test-${created.user_id}`, credits });
  return { userId: created.user_id, key: created.key };
}

export async function waitForJob(server: TestServer, jobId: string, key: string, timeoutMs = 60_000): Promise<any> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await server.get(`/api/v1/natal/report/${jobId}`, { 'x-api-key': key });
    if (res.status !== 200) throw new Error(`status ${res.status}: ${JSON.stringify(res.body)}`);
    if (res.body.status === 'completed' || res.body.status === 'failed') return res.body;
    if (Date.now() > deadline) throw new Error(`job ${jobId} still ${res.body.status} (${res.body.stage})`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export async function fetchBytes(server: TestServer, urlPath: string, key: string, headers: Record<string, string> = {}) {
  const res = await fetch(server.url + urlPath, { headers: { 'x-api-key': key, ...headers } });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

/** pdftotext's text and pdfinfo's page count. */
export function readPdf(bytes: Buffer): { text: string; pages: number } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'report-pdf-'));
  try {
    const file = path.join(dir, 'r.pdf');
    fs.writeFileSync(file, bytes);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    return { text, pages: Number(/^Pages:\s+(\d+)/m.exec(info)?.[1] ?? 0) };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The ledger entries of one report job (reservation, refund), oldest first. */
export function creditLedger(server: TestServer, jobId: string) {
  return server.db.any(sql.type(z.object({ reason: z.string() }))`select reason from report_credit_ledger where reference = ${jobId} order by id`);
}
