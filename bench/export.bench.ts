/**
 * Streamed export throughput: 100 years of daily rows for 13 bodies as CSV, with the server's
 * resident memory sampled during the export (it must stay flat: no export is held whole).
 */
import { rssMb, startBenchServer } from './server-process.ts';

export interface ExportFigures {
  label: string;
  rows: number;
  seconds: number;
  rowsPerSecond: number;
  megabytes: number;
  rssStartMb: number;
  rssMaxMb: number;
  rssEndMb: number;
}

async function timedExport(url: string, key: string, pid: number, label: string, query: string): Promise<ExportFigures> {
  const samples: number[] = [rssMb(pid)];
  const timer = setInterval(() => samples.push(rssMb(pid)), 100);
  const t0 = performance.now();
  const res = await fetch(`${url}/api/v1/ephemeris?${query}`, { headers: { 'x-api-key': key, accept: 'text/csv' } });
  let bytes = 0;
  let lines = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    // Native search: the client shares the two cores with the server, so it must stay cheap.
    for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines++;
  }
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(timer);
  samples.push(rssMb(pid));
  const rows = lines - 1;
  return { label, rows, seconds, rowsPerSecond: rows / seconds, megabytes: bytes / 1e6, rssStartMb: samples[0]!, rssMaxMb: Math.max(...samples), rssEndMb: samples.at(-1)! };
}

export async function benchExport(env: Record<string, string>): Promise<ExportFigures[]> {
  const server = await startBenchServer({ ...env, COMPUTE_MODE: 'pool' });
  try {
    await timedExport(server.url, server.key, server.pid, 'warm-up', 'start=2000-01-01&end=2004-12-31');
    return [
      await timedExport(server.url, server.key, server.pid, '100 y daily, 13 bodies', 'start=1900-01-01&end=1999-12-31'),
      await timedExport(server.url, server.key, server.pid, '200 y daily, 13 bodies', 'start=1850-01-01&end=2049-12-31'),
      // Again, then the whole range of the data files: the resident memory must settle, neither
      // creeping from one export to the next nor growing with the length of one.
      await timedExport(server.url, server.key, server.pid, '200 y daily, 2nd time', 'start=1850-01-01&end=2049-12-31'),
      await timedExport(server.url, server.key, server.pid, '600 y daily (whole range)', 'start=1800-01-02&end=2399-12-31'),
    ];
  } finally {
    await server.stop();
  }
}
