/**
 * Chromium's profile folders. Each worker's Chromium gets a fresh one, named after the worker's
 * process id; a worker killed with SIGKILL cannot remove its own, so a worker starting Chromium
 * removes those whose process is gone.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const PREFIX = 'report-chromium-';

export function createProfileDir(parent = os.tmpdir()): string {
  return fs.mkdtempSync(path.join(parent, `${PREFIX}${process.pid}-`));
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes the profile folders of workers that no longer run; returns how many. */
export function removeAbandonedProfiles(parent = os.tmpdir()): number {
  let removed = 0;
  for (const name of fs.readdirSync(parent)) {
    const pid = Number(/^report-chromium-(\d+)-/.exec(name)?.[1]);
    if (!pid || pid === process.pid || isRunning(pid)) continue;
    fs.rmSync(path.join(parent, name), { recursive: true, force: true });
    removed++;
  }
  return removed;
}
