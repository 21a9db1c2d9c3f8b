/**
 * With TEST_CPU_PER_FILE set to a file name, each test file appends one line to it: the file,
 * the CPU seconds of its worker, those of the child processes it started and reaped, its wall
 * seconds and the worker's process id (tab-separated; the id tells which files ran one after
 * another in one worker). The suite is bound by its CPU on two cores, so this, not a file's wall
 * time on busy cores, says where its time goes (docs/performance.md). Linux only: it reads the
 * kernel's counters for the process, and does nothing where they cannot be read.
 */
import { appendFileSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll } from 'vitest';

const CLOCK_TICKS = 100;
const output = process.env.TEST_CPU_PER_FILE;

/** This process's CPU seconds, its own and its reaped children's (fields 14–17 of its stat line). */
function cpuSeconds(): { own: number; children: number } | undefined {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const [utime, stime, cutime, cstime] = stat
      .slice(stat.lastIndexOf(')') + 2)
      .split(' ')
      .slice(11, 15)
      .map(Number) as [number, number, number, number];
    return { own: (utime + stime) / CLOCK_TICKS, children: (cutime + cstime) / CLOCK_TICKS };
  } catch {
    return undefined;
  }
}

let file = '';
let start: { own: number; children: number; wall: number } | undefined;

// eslint-disable-next-line no-empty-pattern -- vitest passes the suite second, after the fixtures it parses from the first.
beforeAll(({}, suite) => {
  file = suite.file?.filepath ?? suite.name;
  const cpu = cpuSeconds();
  start = cpu && { ...cpu, wall: performance.now() };
});

afterAll(() => {
  const cpu = cpuSeconds();
  if (!output || !start || !cpu) return;
  const line = [
    file,
    (cpu.own - start.own).toFixed(2),
    (cpu.children - start.children).toFixed(2),
    ((performance.now() - start.wall) / 1000).toFixed(1),
    String(process.pid),
  ];
  appendFileSync(output, `${line.join('\t')}\n`);
});
