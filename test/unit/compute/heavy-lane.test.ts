/**
 * The heavy lane: heavy tasks go to their own runner through places shared round-robin between
 * callers, each admitted and settled by its caller; light tasks never wait for them.
 */
import { Worker } from 'node:worker_threads';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FairPlaces } from '../../../src/compute/fair-places.ts';
import { createLanedRunner, type ComputeRunner } from '../../../src/compute/runner.ts';
import { computeCallers, type ComputeCaller } from '../../../src/compute/compute-caller.ts';
import { readMeasured, writeMeasured } from '../../../src/compute/measured-outcome.ts';
import { poolTask, taskTable, type PoolTask } from '../../../src/compute/pool-task.ts';
import { POOL_TASKS } from '../../../src/pool-tasks.ts';
import { HeavyAdmission } from '../../../src/http/heavy-admission.ts';
import { MemoryHeavyLeaseStore } from '../../../src/http/heavy-leases.ts';

/** A promise and the function that settles it: a task that ends when the test says so. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe('fair places', () => {
  it('hand a freed place to the caller that waited longest, not to the one with the longest backlog', async () => {
    const places = new FairPlaces(1, 100, () => new Error('full'));
    const order: string[] = [];
    const gates = new Map<string, ReturnType<typeof gate>>();
    const task = (caller: string, name: string) => {
      const g = gate();
      gates.set(name, g);
      return places.run(caller, async () => {
        order.push(name);
        await g.opened;
      });
    };
    const runs = [task('a', 'a1'), task('a', 'a2'), task('a', 'a3'), task('a', 'a4'), task('b', 'b1'), task('c', 'c1'), task('b', 'b2')];
    for (const name of ['a1', 'a2', 'b1', 'c1', 'a3', 'b2', 'a4']) {
      await new Promise((r) => setImmediate(r));
      gates.get(name)!.open();
    }
    await Promise.all(runs);
    // a1 held the place; then one turn each: a, b, c, a, b, a.
    expect(order).toEqual(['a1', 'a2', 'b1', 'c1', 'a3', 'b2', 'a4']);
    expect(places.stats()).toEqual({ places: 1, busy: 0, waiting: 0 });
  });

  it('refuse work beyond the bound of waiting tasks', async () => {
    const places = new FairPlaces(1, 1, () => new Error('full'));
    const g = gate();
    const first = places.run('a', () => g.opened);
    const second = places.run('b', async () => {});
    await expect(places.run('c', async () => {})).rejects.toThrow('full');
    g.open();
    await Promise.all([first, second]);
  });
});

/** Tasks of each lane, by the names the tests give them. */
const TASKS = taskTable([
  poolTask('natal', () => null, 'inline'),
  poolTask('transits_search', () => null, 'heavy'),
  poolTask('transits_timeline', () => null, 'heavy'),
  poolTask('planet_returns', () => null, 'heavy'),
  poolTask('ephemeris_chunk', () => null, 'export_chunk'),
]);
type TaskName = string;

/** A runner that answers with its own name and records what it ran; `hold` keeps a task running until released. */
function fakeRunner(name: string, ran: TaskName[], hold?: Promise<void>): ComputeRunner {
  const answer = async (task: PoolTask<never>) => {
    ran.push(task.name);
    if (hold) await hold;
    return Buffer.from(name);
  };
  return {
    run: (task) => answer(task),
    runMeasured: async (task) => ({ bytes: await answer(task), cpuMs: 1200 }),
    stats: () => ({ mode: 'pool', threads: 1, queueSize: 0, maxQueue: 1, utilization: 0, completed: ran.length }),
    ready: async () => true,
    close: async () => {},
  };
}

describe('the laned runner', () => {
  it('runs heavy tasks in the heavy lane, admitted and settled by their caller, and the rest in the light lane', async () => {
    const light: TaskName[] = [];
    const heavy: TaskName[] = [];
    const events: string[] = [];
    const caller: ComputeCaller = {
      id: 'user-1',
      admit: async () => {
        events.push('admit');
        return () => events.push('release');
      },
      settle: async (cpuMs) => void events.push(`settle ${cpuMs}`),
    };
    const runner = createLanedRunner({ tasks: TASKS, light: fakeRunner('light', light), heavy: fakeRunner('heavy', heavy), places: 1, maxWaiting: 10 });
    await computeCallers.run(caller, async () => {
      expect((await runner.run(TASKS.get('natal')!, {} as never)).toString()).toBe('light');
      expect((await runner.run(TASKS.get('transits_search')!, {} as never)).toString()).toBe('heavy');
      // An export's chunks share the lane but are admitted and charged by the export itself.
      expect((await runner.run(TASKS.get('ephemeris_chunk')!, {} as never)).toString()).toBe('heavy');
    });
    expect(light).toEqual(['natal']);
    expect(heavy).toEqual(['transits_search', 'ephemeris_chunk']);
    expect(events).toEqual(['admit', 'settle 1200', 'release']);
  });

  it('answers a light task while the heavy lane is held by another caller', async () => {
    const g = gate();
    const runner = createLanedRunner({ tasks: TASKS, light: fakeRunner('light', []), heavy: fakeRunner('heavy', [], g.opened), places: 1, maxWaiting: 10 });
    const held = computeCallers.run({ id: 'busy' }, () =>
      Promise.all([runner.run(TASKS.get('transits_search')!, {} as never), runner.run(TASKS.get('transits_timeline')!, {} as never)]),
    );
    expect((await runner.run(TASKS.get('natal')!, {} as never)).toString()).toBe('light');
    expect(runner.stats().heavy).toEqual({ places: 1, busy: 1, waiting: 1 });
    g.open();
    await held;
  });

  it('gives a refused admission back to the caller and runs nothing', async () => {
    const heavy: TaskName[] = [];
    const runner = createLanedRunner({ tasks: TASKS, light: fakeRunner('light', []), heavy: fakeRunner('heavy', heavy), places: 1, maxWaiting: 10 });
    const refusing: ComputeCaller = {
      id: 'u',
      admit: async () => {
        throw new Error('no place');
      },
    };
    await expect(computeCallers.run(refusing, () => runner.run(TASKS.get('planet_returns')!, {} as never))).rejects.toThrow('no place');
    expect(heavy).toEqual([]);
  });

  it('puts the searches, timelines and long returns in the heavy lane and export chunks in its places', () => {
    const lanes = Object.fromEntries([...POOL_TASKS].map(([name, task]) => [name, task.lane]));
    for (const name of ['transits_search', 'transits_timeline', 'transits_insights', 'planet_returns', 'vedic_muhurat_search'])
      expect(lanes[name]).toBe('heavy');
    expect(lanes.ephemeris_chunk).toBe('export_chunk');
    expect(lanes.natal).toBe('inline');
  });

  it('refuses a task its table does not hold', async () => {
    const runner = createLanedRunner({ tasks: TASKS, light: fakeRunner('light', []), heavy: fakeRunner('heavy', []), places: 1, maxWaiting: 10 });
    // Another task of a name the table knows, and a name it does not know.
    await expect(
      runner.run(
        poolTask('natal', () => null, 'inline'),
        {},
      ),
    ).rejects.toThrow(/not in the task table/);
    await expect(
      runner.run(
        poolTask('nothing', () => null),
        {},
      ),
    ).rejects.toThrow(/not in the task table/);
  });
});

describe('heavy admission', () => {
  const admission = (limiter?: never) =>
    new HeavyAdmission({ leases: new MemoryHeavyLeaseStore(), limiter, maxPerAccount: 2, maxPerAccountByPlan: { free: 1 }, msPerUnit: 250 });

  it('costs one unit per started 250 ms of compute, at least one', () => {
    const a = admission();
    expect([0, 1, 249, 250, 251, 3000].map((ms) => a.costOf(ms))).toEqual([1, 1, 1, 1, 2, 12]);
  });

  it("holds an account to its plan's places and frees them when the work ends", async () => {
    const a = admission();
    const quota = { userId: 'u', keyId: 'k', requestLimit: null, limitPeriod: 'day' as const, rpsLimit: null };
    const free = a.callerOf({ userId: 'u', planCode: 'free', quota }, { onCost: () => {} });
    const release = await free.admit!();
    await expect(free.admit!()).rejects.toMatchObject({ limit: 1, retryAfterSeconds: 2 });
    release();
    (await free.admit!())();
    const paid = a.callerOf({ userId: 'v', planCode: 'high', quota: { ...quota, userId: 'v' } }, { onCost: () => {} });
    const held = [await paid.admit!(), await paid.admit!()];
    await expect(paid.admit!()).rejects.toMatchObject({ limit: 2 });
    held.forEach((r) => r());
  });
});

describe('settling a heavy request whose counters are out of reach', () => {
  it('keeps the answer: the cost is said, the extra units are lost', async () => {
    const unreachable = { take: async () => Promise.reject(new Error('Redis away')) } as never;
    const a = new HeavyAdmission({ leases: new MemoryHeavyLeaseStore(), limiter: unreachable, maxPerAccount: 1, maxPerAccountByPlan: {}, msPerUnit: 250 });
    const costs: number[] = [];
    const quota = { userId: 'u', keyId: 'k', requestLimit: 100, limitPeriod: 'day' as const, rpsLimit: null };
    const caller = a.callerOf({ userId: 'u', planCode: 'entry', quota }, { onCost: (units) => costs.push(units) });
    await expect(caller.settle!(1000)).resolves.toBeUndefined();
    expect(costs).toEqual([4]);
  });
});

describe('measured outcomes', () => {
  it('carry the compute time beside the bytes and beside a refusal', () => {
    const bytes = new TextEncoder().encode('{"a":1}');
    const back = readMeasured(writeMeasured(bytes, 12.5));
    expect(back.cpuMs).toBe(12.5);
    expect(new TextDecoder().decode(back.outcome as Uint8Array)).toBe('{"a":1}');
    const refusal = { loc: ['body', 'x'], msg: 'bad', type: 'value_error' };
    expect(readMeasured(writeMeasured(refusal, 3))).toEqual({ outcome: refusal, cpuMs: 3 });
  });
});

describe.runIf(process.platform === 'linux')("the heavy lane's thread priority", () => {
  /** The nice value of a thread (field 19 of its stat). */
  const niceOf = (stat: string) => Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);

  it('is lowered for the calling worker thread alone', async () => {
    const worker = new Worker(new URL('../../helpers/lowered-thread.mjs', import.meta.url));
    const report = await new Promise<{ lowered: boolean; stat: string }>((resolve, reject) => worker.once('message', resolve).once('error', reject));
    await worker.terminate();
    expect(report.lowered).toBe(true);
    expect(niceOf(report.stat)).toBe(10);
    expect(niceOf(fs.readFileSync('/proc/thread-self/stat', 'utf8'))).toBe(0);
  });
});
