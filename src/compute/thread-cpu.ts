/**
 * CPU time of the calling thread, in milliseconds: what a heavy task is charged by. Linux reports
 * it per thread in /proc/thread-self/stat (in clock ticks of 10 ms); elsewhere the wall time of the
 * task stands in for it, which counts time the thread spent waiting for a core too.
 */
import fs from 'node:fs';

/** USER_HZ: 100 on every Linux the service supports. */
const MS_PER_TICK = 10;

function readThreadCpuMs(): number | null {
  try {
    const stat = fs.readFileSync('/proc/thread-self/stat', 'utf8');
    // utime and stime: fields 14 and 15, after the parenthesised command name.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * MS_PER_TICK;
  } catch {
    return null;
  }
}

const perThread = process.platform === 'linux' && readThreadCpuMs() !== null;

/** A stopwatch started now: call it to read the milliseconds of compute spent since. */
export function startCpuClock(): () => number {
  if (!perThread) {
    const start = performance.now();
    return () => performance.now() - start;
  }
  const start = readThreadCpuMs()!;
  return () => Math.max(0, (readThreadCpuMs() ?? start) - start);
}
