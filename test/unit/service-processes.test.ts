/**
 * SERVICE_PROCESSES and the compute modes it implies: several processes need the shared servers,
 * their light tasks run on their own event loops, and the rest goes to their pools.
 */
import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { createMixedRunner, type ComputeRunner } from '../../src/compute/runner.ts';
import { POOL_TASKS } from '../../src/pool-tasks.ts';

type TaskName = string;

const servers = { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres', REDIS_URL: 'redis://127.0.0.1:6379' };

describe('SERVICE_PROCESSES', () => {
  it('is one process with a pool of a thread per core unless told otherwise', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ SERVICE_PROCESSES: 1, COMPUTE_MODE: 'pool', COMPUTE_THREADS: os.availableParallelism() });
  });

  it('makes several processes compute light tasks inline, each with a pool of a thread per core for the rest', () => {
    const config = loadConfig({ ...servers, SERVICE_PROCESSES: '2' });
    expect(config).toMatchObject({ COMPUTE_MODE: 'mixed', COMPUTE_THREADS: os.availableParallelism() });
    // What is set stays set.
    expect(loadConfig({ ...servers, SERVICE_PROCESSES: '2', COMPUTE_MODE: 'pool', COMPUTE_THREADS: '3' })).toMatchObject({
      COMPUTE_MODE: 'pool',
      COMPUTE_THREADS: 3,
    });
  });

  it('refuses several processes without PostgreSQL and Redis, naming what is missing', () => {
    expect(() => loadConfig({ SERVICE_PROCESSES: '2' })).toThrow(ConfigError);
    expect(() => loadConfig({ SERVICE_PROCESSES: '2' })).toThrow(/SERVICE_PROCESSES: 2 processes need DATABASE_URL and REDIS_URL/);
    expect(() => loadConfig({ SERVICE_PROCESSES: '2', DATABASE_URL: servers.DATABASE_URL })).toThrow(/need REDIS_URL \(/);
    expect(() => loadConfig({ SERVICE_PROCESSES: '0' })).toThrow(/SERVICE_PROCESSES/);
    expect(() => loadConfig({ SERVICE_PROCESSES: 'two' })).toThrow(/SERVICE_PROCESSES/);
    expect(() => loadConfig({ COMPUTE_MODE: 'threads' })).toThrow(/COMPUTE_MODE/);
  });
});

/** A runner that records the tasks it was given. */
function recordingRunner(mode: 'inline' | 'pool', ran: TaskName[]): ComputeRunner {
  return {
    run: async (task) => {
      ran.push(task.name);
      return Buffer.from(mode);
    },
    runMeasured: async (task) => {
      ran.push(task.name);
      return { bytes: Buffer.from(mode), cpuMs: 0 };
    },
    stats: () => ({ mode, threads: mode === 'pool' ? 2 : 0, queueSize: 0, maxQueue: 512, utilization: 0.5, completed: ran.length }),
    ready: async () => true,
    close: async () => {},
  };
}

describe('the mixed compute mode', () => {
  it('runs the light tasks inline and every other task in the pool', async () => {
    const inline: TaskName[] = [];
    const pool: TaskName[] = [];
    const runner = createMixedRunner(recordingRunner('inline', inline), recordingRunner('pool', pool));
    const all: TaskName[] = [
      'natal',
      'compact_natal',
      'transits',
      'ephemeris',
      'ephemeris_chunk',
      'sky_events',
      'moon_phase',
      'moon_month',
      'chart_natal',
      'chart_synastry',
      'branding_svg',
    ];
    for (const name of all)
      expect((await runner.run(POOL_TASKS.get(name)!, {} as never)).toString()).toBe(POOL_TASKS.get(name)!.lane === 'inline' ? 'inline' : 'pool');
    expect(inline).toEqual(['natal', 'compact_natal', 'transits']);
    expect(pool).toEqual(all.filter((name) => !inline.includes(name)));
    // The pool's figures, with every task counted.
    expect(runner.stats()).toMatchObject({ mode: 'mixed', threads: 2, utilization: 0.5, completed: all.length });
  });
});
