/**
 * The README's examples, run as a newcomer would: the quick start's `npm start` (embedded mode, a
 * fresh DATA_DIR), then every shell block marked for this test, in order, in one bash session
 * (so `KEY=$(...)` carries over), with `localhost:3000` pointed at the started service. Every
 * command must succeed and every curl must get a 2xx, so the README stays true.
 */
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, waitUntilReady } from '../helpers/child-server.ts';

const root = path.resolve(import.meta.dirname, '../..');
const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
const MARK = '<!-- doc test: runs in order against a fresh DATA_DIR and the started service -->';
const cleanEnv = Object.fromEntries(
  Object.entries(process.env).filter(([k]) => !['DATABASE_URL', 'REDIS_URL', 'TEST_DATABASE_URL', 'PORT', 'HOST', 'DATA_DIR'].includes(k)),
);

/** The shell blocks that follow the marker, in the README's order. */
function markedBlocks(text: string): string[] {
  const blocks: string[] = [];
  const pattern = new RegExp(`${MARK.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\n\`\`\`sh\\n([\\s\\S]*?)\\n\`\`\``, 'g');
  for (const match of text.matchAll(pattern)) blocks.push(match[1]!);
  return blocks;
}

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

describe('README', () => {
  it('starts with `npm ci` and `npm start`, and marks the examples this test runs', () => {
    const quickStart = readme.slice(readme.indexOf('## Quick start'));
    const first = quickStart.match(/```sh\n([\s\S]*?)\n```/)![1]!;
    expect(first.split('\n').map((line) => line.replace(/#.*/, '').trim())).toEqual(['npm ci', 'npm start']);
    expect(markedBlocks(readme).length).toBeGreaterThanOrEqual(2);
  });

  it('its quick-start and command-line examples work in order on a fresh DATA_DIR', async () => {
    const DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'astro-readme-'));
    dirs.push(DATA_DIR);
    const port = await freePort();
    // `npm start` as the README says, in its own process group, as a terminal's job.
    const server = spawn('npm', ['start'], {
      cwd: root,
      env: { ...cleanEnv, DATA_DIR, PORT: String(port), LOG_LEVEL: 'warn', COMPUTE_MODE: 'inline' },
      stdio: 'ignore',
      detached: true,
    });
    const exited = new Promise((r) => server.once('exit', r));
    // The report example writes it into the working directory, the checkout's root.
    const pdf = path.join(root, 'report.pdf');
    try {
      expect(await waitUntilReady(port)).toBe(true);
      const script = [
        'set -euo pipefail',
        // An HTTP error status fails the script; each answer ends its own line.
        'curl() { command curl --fail-with-body --show-error "$@"; echo; }',
        // The report example polls its job once a second for a reader's minute; a loaded CI box
        // (Chromium starting, other files on both cores) gets five times its rounds.
        ...markedBlocks(readme).map((block) =>
          block.replaceAll('localhost:3000', `localhost:${port}`).replace(/\$\(seq (\d+)\)/g, (_, rounds: string) => `$(seq ${Number(rounds) * 5})`),
        ),
      ].join('\n');
      const { stdout } = await promisify(execFile)('bash', ['-c', script], { cwd: root, env: { ...cleanEnv, DATA_DIR }, maxBuffer: 64 * 1024 * 1024 }).catch(
        (error: { stdout?: string; stderr?: string; message: string }) => {
          throw new Error(`a README example failed: ${error.message}\n${error.stdout ?? ''}\n${error.stderr ?? ''}`);
        },
      );
      const answers = stdout
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line));
      expect(answers.find((a) => a.planets)?.subject.location).toMatchObject({ timezone: 'Europe/Athens' });
      expect(answers.find((a) => a.events)).toBeDefined();
      // The moon with `lon`, a "City, Region, CC" search, and a table's one Lilith under `Lilith`.
      expect(answers.find((a) => a.zodiac)?.zodiac.sign).toEqual(expect.any(String));
      expect(answers.find((a) => a.results)?.results[0]).toMatchObject({ name: 'Varanasi', country: 'IN' });
      expect(answers.find((a) => Array.isArray(a.data))?.data[0].bodies.Lilith).toBeDefined();
      expect(answers.find((a) => a.email === 'alice@example.com')).toMatchObject({ id: 'alice', plan_code: 'free' });
      expect(answers.find((a) => a.name === 'laptop')?.key).toMatch(/^ask_/);
      expect(stdout).toMatch(/database is up to date/);
      // The report example wrote the PDF of the report it ordered.
      expect(fs.readFileSync(pdf).subarray(0, 5).toString()).toBe('%PDF-');
    } finally {
      fs.rmSync(pdf, { force: true });
      // The group is gone already when the service could not start.
      if (server.exitCode === null && server.signalCode === null) {
        process.kill(-server.pid!, 'SIGTERM');
        await exited;
      }
    }
  }, 600_000);
});
