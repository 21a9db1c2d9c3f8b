/**
 * Streamed export throughput: 100 years of daily rows for 13 bodies as CSV, with the server's
 * resident memory sampled during the export (it must stay flat: no export is held whole).
 */
import http from 'node:http';
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
  let read;
  try {
    read = await readExport(`${url}/api/v1/ephemeris?${query}`, { 'x-api-key': key, accept: 'text/csv' });
  } finally {
    clearInterval(timer);
  }
  const { bytes, lines } = read;
  const seconds = (performance.now() - t0) / 1000;
  samples.push(rssMb(pid));
  const rows = lines - 1;
  return {
    label,
    rows,
    seconds,
    rowsPerSecond: rows / seconds,
    megabytes: bytes / 1e6,
    rssStartMb: samples[0]!,
    rssMaxMb: Math.max(...samples),
    rssEndMb: samples.at(-1)!,
  };
}

/**
 * An export's bytes and lines, read with node:http. Not fetch: its body stream, read chunk by
 * chunk, became the bottleneck of this measure (an export of 110,000 rows took 20 s through it,
 * the server idle half the time, where curl and node:http read the same export in 3.4 to 4.1 s).
 */
function readExport(url: string, headers: Record<string, string>): Promise<{ bytes: number; lines: number }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          reject(new Error(`export answered ${res.statusCode}`));
          return;
        }
        let bytes = 0;
        let lines = 0;
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          // Native search: the client shares the two cores with the server, so it must stay cheap.
          for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines++;
        });
        res.on('end', () => resolve({ bytes, lines }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
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
