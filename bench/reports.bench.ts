/**
 * Reports end to end against the real service with its worker warm (Chromium started, one report
 * made first): submit-to-completed latency of one report at a time (p50, p95, polling every
 * 50 ms), throughput of one worker process given a batch at once (reports per minute), and the
 * PDF's size. The reports are paid for with credits the bench's key is given: the demo subject,
 * which costs none, is limited to two reports at a time per account, and a batch needs more.
 */
import { startBenchServer } from './server-process.ts';
import { DEMO_SUBJECT } from '../src/reports/http/demo-birth.ts';

export interface ReportFigures {
  concurrency: number;
  /** Each one-at-a-time report's submit-to-completed time, ms. */
  latencies: number[];
  latency: { samples: number; p50Ms: number; p95Ms: number; minMs: number; maxMs: number };
  throughput: { reports: number; seconds: number; reportsPerMinute: number };
  pdfBytes: number;
  pages: number;
}

/** The demo subject's birth under another name: a paid report, as customers order. */
const SUBJECT = { ...DEMO_SUBJECT, name: 'Bench Subject' };

const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;

export async function benchReports(
  env: Record<string, string>,
  /** `root`: another checkout of the project, built, whose service to start instead (an earlier version measured in the same run). */
  options: { samples?: number; batch?: number; concurrency?: number; root?: string | undefined } = {},
): Promise<ReportFigures> {
  const concurrency = options.concurrency ?? 2;
  const samples = options.samples ?? 10;
  const batch = options.batch ?? 12;
  const server = await startBenchServer(
    { ...env, REPORT_WORKER: 'in_process', REPORT_WORKER_CONCURRENCY: String(concurrency), REPORT_POLL_INTERVAL_MS: '50' },
    [],
    undefined,
    { reportCredits: 1 + samples + batch, root: options.root, readyTimeoutMs: 240_000 },
  );
  const headers = { 'x-api-key': server.key, 'content-type': 'application/json' };
  const submit = async (): Promise<string> => {
    const res = await fetch(`${server.url}/api/v1/natal/calculate`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ ...SUBJECT, psychological_report: { enabled: true, pdf_footer_label: 'Bench' } }),
    });
    const body = (await res.json()) as { report?: { job_id: string } };
    if (!body.report) throw new Error(`submit answered ${res.status}: ${JSON.stringify(body)}`);
    return body.report.job_id;
  };
  const waitDone = async (id: string) => {
    for (;;) {
      const status = (await (await fetch(`${server.url}/api/v1/natal/report/${id}`, { headers })).json()) as {
        status: string;
        result?: { page_count: number };
      };
      if (status.status === 'completed') return status;
      if (status.status === 'failed') throw new Error(`report ${id} failed`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  try {
    const first = await submit();
    const done = await waitDone(first);
    const pdf = Buffer.from(await (await fetch(`${server.url}/api/v1/natal/report/${first}?format=pdf`, { headers })).arrayBuffer());
    const latencies: number[] = [];
    for (let i = 0; i < samples; i++) {
      const t0 = performance.now();
      await waitDone(await submit());
      latencies.push(performance.now() - t0);
    }
    const t0 = performance.now();
    const ids = await Promise.all(Array.from({ length: batch }, submit));
    await Promise.all(ids.map(waitDone));
    const seconds = (performance.now() - t0) / 1000;
    return {
      concurrency,
      latencies,
      latency: {
        samples: latencies.length,
        p50Ms: quantile(latencies, 0.5),
        p95Ms: quantile(latencies, 0.95),
        minMs: Math.min(...latencies),
        maxMs: Math.max(...latencies),
      },
      throughput: { reports: batch, seconds, reportsPerMinute: (batch / seconds) * 60 },
      pdfBytes: pdf.length,
      pages: done.result?.page_count ?? 0,
    };
  } finally {
    await server.stop();
  }
}
