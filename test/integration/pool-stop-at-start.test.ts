/**
 * A compute pool stopped as soon as it has started ends cleanly. Its threads load the task module
 * through `require`, and Node aborts the whole process when a thread is terminated before that
 * `require` has returned; the owner waits for every thread's announcement, which comes on the turn
 * after. Stopping at once is the narrowest case (a service stopped right after it became ready).
 */
import { spawn } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { expect, it } from 'vitest';
import { built, ROOT } from '../helpers/built.ts';

it('starts and stops a pool of two threads four times in a row, without a crash', async () => {
  const runner = pathToFileURL(built('src/compute/runner.ts')).href;
  const script = `
    const { createPoolRunner } = await import(${JSON.stringify(runner)});
    for (let i = 0; i < 4; i++) await createPoolRunner({ threads: 2, maxQueue: 4 }).close();
    console.log('stopped cleanly');
  `;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) => child.once('exit', (c, s) => resolve([c, s])));
  expect({ code, signal }, output.slice(-3000)).toEqual({ code: 0, signal: null });
  expect(output).toContain('stopped cleanly');
  // 18 s alone for eight starts; 84 s inside the full suite, where two other files load both cores.
}, 300_000);
