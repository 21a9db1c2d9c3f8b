/**
 * Does the service give memory back after the largest PNG charts? A real server (worker pool)
 * draws a series of 4000 × 4000 PNGs, two at a time, and its resident set size is read between
 * batches. Flat means the RSS after the last batch is close to the RSS after the first: the
 * pixel buffers of one image are not kept for the next.
 */
import { startBenchServer, rssMb } from './server-process.ts';
import { randomBirth } from './births.ts';

export interface PngMemoryFigures {
  images: number;
  pixels: string;
  rssIdleMb: number;
  rssAfterFirstBatchMb: number;
  rssAfterLastBatchMb: number;
  rssPeakMb: number;
  secondsPerImage: number;
}

const BATCHES = 6;
const PER_BATCH = 10;
const CONCURRENCY = 2;

export async function benchPngMemory(env: Record<string, string>): Promise<PngMemoryFigures> {
  const server = await startBenchServer({ ...env, COMPUTE_MODE: 'pool' });
  try {
    const draw = async () => {
      const res = await fetch(`${server.url}/api/v1/natal/chart/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': server.key },
        body: JSON.stringify({ ...randomBirth(), format: 'png', size: 2000, png_quality_scale: 2 }),
      });
      if (res.status !== 200) throw new Error(`PNG chart answered ${res.status}: ${await res.text()}`);
      await res.arrayBuffer();
    };
    const rssIdleMb = rssMb(server.pid);
    let peak = rssIdleMb;
    const afterBatch: number[] = [];
    const started = performance.now();
    for (let batch = 0; batch < BATCHES; batch++) {
      for (let i = 0; i < PER_BATCH; i += CONCURRENCY) {
        const sampler = setInterval(() => {
          peak = Math.max(peak, rssMb(server.pid));
        }, 50);
        await Promise.all(Array.from({ length: CONCURRENCY }, draw));
        clearInterval(sampler);
      }
      afterBatch.push(rssMb(server.pid));
    }
    const images = BATCHES * PER_BATCH;
    return {
      images,
      pixels: '4000 × 4000',
      rssIdleMb,
      rssAfterFirstBatchMb: afterBatch[0]!,
      rssAfterLastBatchMb: afterBatch.at(-1)!,
      rssPeakMb: Math.max(peak, ...afterBatch),
      secondsPerImage: (performance.now() - started) / 1000 / images,
    };
  } finally {
    await server.stop();
  }
}
