/** Profile folders of killed workers are removed by the next worker; running workers' stay. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { createProfileDir, removeAbandonedProfiles } from '../../src/reports/pdf/chromium-profiles.ts';

const parents: string[] = [];
afterEach(() => {
  for (const p of parents.splice(0)) fs.rmSync(p, { recursive: true, force: true });
});

describe('Chromium profile folders', () => {
  it('removes those of processes that are gone, keeps its own and those of running processes', () => {
    const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'profiles-'));
    parents.push(parent);
    const own = createProfileDir(parent);
    // A process that has exited: its pid names no running process (until the system reuses it).
    const gone = spawnSync(process.execPath, ['-e', '0']).pid;
    const abandoned = path.join(parent, `report-chromium-${gone}-abc123`);
    fs.mkdirSync(path.join(abandoned, 'Default'), { recursive: true });
    const running = path.join(parent, 'report-chromium-1-xyz789'); // pid 1 always runs
    fs.mkdirSync(running);
    const unrelated = path.join(parent, 'something-else');
    fs.mkdirSync(unrelated);

    expect(removeAbandonedProfiles(parent)).toBe(1);
    expect(fs.existsSync(abandoned)).toBe(false);
    for (const kept of [own, running, unrelated]) expect(fs.existsSync(kept)).toBe(true);
    expect(path.basename(own)).toMatch(new RegExp(`^report-chromium-${process.pid}-`));
  });
});
