/**
 * Lowers the scheduling priority of the calling thread only (Linux): the heavy lane's worker
 * threads run at a higher nice value than the event loop and the light lane, so that when both
 * want the cores the kernel gives them to the light work first, and when the light work is idle
 * the heavy work has every core. Linux keeps a nice value per thread, and setpriority(2) with a
 * thread's id sets that thread's alone; elsewhere this does nothing.
 */
import fs from 'node:fs';
import os from 'node:os';

/** True when the thread's nice value was raised to `nice`. */
export function lowerThisThreadPriority(nice: number): boolean {
  if (process.platform !== 'linux' || nice <= 0) return false;
  try {
    // "<pid>/task/<tid>": the thread that reads the link is the one it names.
    const tid = Number(fs.readlinkSync('/proc/thread-self').split('/').pop());
    if (!Number.isInteger(tid) || tid <= 0) return false;
    os.setPriority(tid, Math.min(19, nice));
    return true;
  } catch {
    return false;
  }
}
