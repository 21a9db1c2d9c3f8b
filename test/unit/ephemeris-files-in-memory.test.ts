/**
 * The lean binding reads the Swiss Ephemeris data files from one copy in memory
 * (native/ephemeris_files.c) instead of seeking and reading the files for every new segment.
 * Pinned here: the copy is really used, positions are those the general binding computes from
 * the files on disk, bit for bit, on any thread, and a damaged file gives what it gives on disk.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import sweph from 'sweph';
import { afterAll, describe, expect, it } from 'vitest';
import { initEphemeris } from '../../src/astro/ephemeris.ts';
import { loadNativeModule } from '../../src/native-module.ts';

interface Lean {
  init(ephePath: string, out: Float64Array): void;
  calc(jdTt: number, body: number, flags: number, sidMode: number): number;
  lastError(): string;
  filesInMemory(): string[];
}

const C = sweph.constants;
const EPHE = path.resolve(import.meta.dirname, '../../ephe');
const BODIES = [C.SE_ECL_NUT, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 15, 17, 18, 19, 20];
const FLAGS = C.SEFLG_SWIEPH | C.SEFLG_SPEED;
const lean = loadNativeModule<Lean>('swe_calc');
const out = new Float64Array(new ArrayBuffer(19 * 8));

/** Dates over the data files' six centuries, in random order, as a service meets them. */
function randomDates(count: number, seed: number): number[] {
  let s = seed;
  return Array.from({ length: count }, () => {
    s = (s * 16807) % 2147483647;
    return 2378496.5 + (s / 2147483647) * 219000; // 1800-01-01 .. 2399
  });
}

function leanPositions(dates: number[]): number[][] {
  return dates.flatMap((tt) =>
    BODIES.map((body) => {
      const flag = lean.calc(tt, body, body === C.SE_ECL_NUT ? C.SEFLG_SWIEPH : FLAGS, 0);
      expect(flag, lean.lastError()).toBeGreaterThanOrEqual(0);
      return [...out.subarray(0, 6)];
    }),
  );
}

// The binding writes its answers into the array its last init gave it: this file gives it its own,
// and the service's code (src/astro/ephemeris.ts) would then read a stale array of its own in the
// files that run after this one in the same test process. Initialised again at the end, first
// for another folder (initEphemeris does nothing for the folder it already has), it is the
// service's again.
afterAll(() => {
  initEphemeris(os.tmpdir());
  initEphemeris();
});

describe('the data files read from memory', () => {
  initEphemeris();
  lean.init(EPHE, out);
  const dates = randomDates(1500, 4242);

  // Linux only: elsewhere the library reads from disk as before (native/ephemeris_files.c).
  const onLinux = process.platform === 'linux';

  it.runIf(onLinux)('are the files the charts read, held once per process', () => {
    leanPositions(dates.slice(0, 20));
    const held = lean
      .filesInMemory()
      .map((file) => path.basename(file))
      .sort();
    expect(held).toEqual(expect.arrayContaining(['semo_18.se1', 'sepl_18.se1', 'seas_18.se1']));
    expect(new Set(held).size).toBe(held.length);
  });

  it('give the positions the general binding computes from the files on disk, bit for bit', () => {
    sweph.set_ephe_path(EPHE);
    const fromDisk = dates.flatMap((tt) => BODIES.map((body) => sweph.calc(tt, body, body === C.SE_ECL_NUT ? C.SEFLG_SWIEPH : FLAGS).data.slice(0, 6)));
    expect(leanPositions(dates)).toEqual(fromDisk);
  });

  it('give every thread the same positions, threads reading the shared copy at once', async () => {
    const expected = leanPositions(dates.slice(0, 400));
    const worker = `
      const { parentPort, workerData } = require('node:worker_threads');
      const lean = require(workerData.module);
      const out = new Float64Array(new ArrayBuffer(19 * 8));
      lean.init(workerData.ephe, out);
      const rows = [];
      for (const tt of workerData.dates) for (const body of workerData.bodies) {
        lean.calc(tt, body, body === -1 ? 2 : workerData.flags, 0);
        rows.push([...out.subarray(0, 6)]);
      }
      parentPort.postMessage(rows);`;
    const module = path.resolve(import.meta.dirname, '../../build/Release/swe_calc.node');
    const answers = await Promise.all(
      [0, 1, 2].map(
        (i) =>
          new Promise<number[][]>((resolve, reject) => {
            // Each thread in another order, so that they seek to different places at the same time.
            const order = i === 1 ? [...dates.slice(0, 400)].reverse() : dates.slice(0, 400);
            const w = new Worker(worker, { eval: true, workerData: { module, ephe: EPHE, dates: order, bodies: BODIES, flags: FLAGS } });
            w.once('message', (rows: number[][]) => resolve(i === 1 ? reorder(rows) : rows));
            w.once('error', reject);
          }),
      ),
    );
    for (const rows of answers) expect(rows).toEqual(expected);
  });

  it('close with the thread that opened them: a process whose only user was a worker exits cleanly', () => {
    // The library's streams over the copies used to outlive a worker; Node unloads the module
    // with the worker when no other thread holds it, and exit's flush of every open stream then
    // called the unloaded module (a segfault, exit status 139).
    const module = path.resolve(import.meta.dirname, '../../build/Release/swe_calc.node');
    const script = `
      const { Worker } = require('node:worker_threads');
      const code = "const { workerData: d } = require('node:worker_threads'); const lean = require(d.module); lean.init(d.ephe, new Float64Array(19));"
        + "for (let i = 0; i < 50; i++) lean.calc(2451545 + i * 37, i % 10, 258, 0);";
      const w = new Worker(code, { eval: true, workerData: { module: ${JSON.stringify(module)}, ephe: ${JSON.stringify(EPHE)} } });
      w.on('exit', (status) => { if (status !== 0) process.exitCode = 3; });`;
    const run = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8', timeout: 30_000 });
    expect({ status: run.status, signal: run.signal, stderr: run.stderr }).toEqual({ status: 0, signal: null, stderr: '' });
  });

  describe('a damaged data file', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ephe-damaged-'));
    afterAll(() => {
      lean.init(EPHE, out);
      sweph.set_ephe_path(EPHE);
      fs.rmSync(dir, { recursive: true, force: true });
    });

    /** Each call's flag and error, or coordinates, through both bindings from `dataDir`. */
    function bothBindings(dataDir: string): { memory: [number, unknown][]; disk: [number, unknown][] } {
      lean.init(dataDir, out);
      sweph.set_ephe_path(dataDir);
      const memory: [number, unknown][] = [];
      const disk: [number, unknown][] = [];
      for (const tt of randomDates(150, 99)) {
        for (const body of [0, 2, 4, 5, 6, 7, 8, 9]) {
          const flag = lean.calc(tt, body, FLAGS, 0);
          memory.push([flag, flag < 0 ? lean.lastError() : [...out.subarray(0, 6)]]);
          const r = sweph.calc(tt, body, FLAGS);
          disk.push([r.flag, r.flag < 0 ? r.error : r.data]);
        }
      }
      return { memory, disk };
    }

    it('gives what the library gives reading it from disk: the same errors and the same positions', () => {
      const whole = fs.readFileSync(path.join(EPHE, 'sepl_18.se1'));
      const cut = Math.floor(whole.length * 0.9);
      const damages = {
        // Cut in its segments: the library checks the length against its header.
        truncated: whole.subarray(0, Math.floor(whole.length / 2)),
        // Its last tenth overwritten: some segments read, the others are refused.
        overwritten: Buffer.concat([whole.subarray(0, cut), Buffer.alloc(whole.length - cut, 0xff)]),
      };
      for (const [name, bytes] of Object.entries(damages)) {
        const dataDir = path.join(dir, name);
        fs.mkdirSync(dataDir);
        fs.writeFileSync(path.join(dataDir, 'sepl_18.se1'), bytes);
        const { memory, disk } = bothBindings(dataDir);
        expect(memory, name).toEqual(disk);
        expect(
          memory.some(([flag]) => flag < 0),
          name,
        ).toBe(true);
        if (name === 'overwritten') expect(memory.some(([flag]) => flag >= 0)).toBe(true);
        if (onLinux)
          expect(
            lean.filesInMemory().some((file) => file.startsWith(dataDir)),
            name,
          ).toBe(true);
      }
    });
  });
});

/** The rows of the thread that went through the dates backwards, in the dates' order. */
function reorder(rows: number[][]): number[][] {
  const perDate = BODIES.length;
  const dates = rows.length / perDate;
  return Array.from({ length: dates }, (_, d) => rows.slice((dates - 1 - d) * perDate, (dates - d) * perDate)).flat();
}
