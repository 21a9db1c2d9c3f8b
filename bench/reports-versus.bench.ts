/**
 * Submit to `completed` with one report worker (one job at a time), this checkout against an
 * earlier one built in another folder, in alternating rounds in the same run so that both see the
 * same load: `npx tsx bench/reports-versus.bench.ts <earlier checkout> [rounds] [reports per round]`.
 * Prints each version's p50 over all its reports and the ratio of this one to the earlier one.
 */
import { benchReports } from './reports.bench.ts';

const [baseline, roundsArg, samplesArg] = process.argv.slice(2);
if (!baseline) throw new Error('usage: reports-versus.bench.ts <earlier checkout> [rounds] [reports per round]');
const rounds = Number(roundsArg ?? 3);
const samples = Number(samplesArg ?? 4);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
/** On a loaded box a service sometimes fails to start (its report worker's Chromium check outruns Fastify's start-up limit): start it again. */
async function withStartRetries<T>(run: () => Promise<T>, tries = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= tries || !/did not become ready/.test((error as Error).message)) throw error;
      console.log(`start failed (${(error as Error).message}); again`);
    }
  }
}
const times: Record<'this' | 'earlier', number[]> = { this: [], earlier: [] };
for (let round = 0; round < rounds; round++) {
  // Alternate which goes first, so neither always meets the box after the other's warm-up.
  const order = round % 2 === 0 ? (['this', 'earlier'] as const) : (['earlier', 'this'] as const);
  for (const which of order) {
    const figures = await withStartRetries(() => benchReports({}, { samples, batch: 1, concurrency: 1, root: which === 'earlier' ? baseline : undefined }));
    times[which].push(...figures.latencies);
    console.log(`round ${round + 1} ${which}: p50 ${(figures.latency.p50Ms / 1000).toFixed(2)} s over ${samples}, ${figures.pages} pages`);
  }
}
const [now, before] = [median(times.this), median(times.earlier)];
console.log(
  `\nsubmit to completed, one worker: this ${(now / 1000).toFixed(2)} s, earlier ${(before / 1000).toFixed(2)} s (p50 of ${times.this.length} each); ratio ${(now / before).toFixed(2)}`,
);
