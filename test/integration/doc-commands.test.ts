/**
 * Every shell example of every page (README.md, docs/*.md, docs/api/*.md) is run or checked here,
 * so that the pages stay true. Each ```sh block is preceded by a marker that says which:
 * - `<!-- doc test: runs in order against a fresh DATA_DIR and the started service -->`: the
 *   README's examples, run by readme.test.ts;
 * - `<!-- doc test: runs against the test PostgreSQL and Redis… -->`: run here, against a database
 *   of its own on the test server (its `npm ci` is what set up this checkout, and is not repeated);
 * - `<!-- doc test: checked, not run: <why> -->`: what cannot run here (Docker, a long-running
 *   process, the bench), checked instead: the shell parses it, every `npm run` script exists, every
 *   command of the CLI exists, and every variable it sets is one the service, the compose file,
 *   the bench or the tests read.
 * configuration.md names every variable of the configuration schema.
 */
import { execFile, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli-program.ts';
import { configSchema } from '../../src/config.ts';
import { deleteKeysWithPrefix } from '../../src/db/redis.ts';
import { serverUrl, withClient } from '../helpers/database.ts';

const root = path.resolve(import.meta.dirname, '../..');
const pages = [
  'README.md',
  // docs/*.md and the API notes' family pages, docs/api/*.md.
  ...['docs', 'docs/api'].flatMap((dir) =>
    fs
      .readdirSync(path.join(root, dir))
      .filter((f) => f.endsWith('.md'))
      .map((f) => `${dir}/${f}`),
  ),
];
const SERVICE_MARK = 'doc test: runs in order against a fresh DATA_DIR and the started service';
const DATABASE_MARK = 'doc test: runs against the test PostgreSQL and Redis';
const CHECKED_MARK = /^doc test: checked, not run: \S/;

interface Block {
  page: string;
  line: number;
  marker: string;
  text: string;
}

function shellBlocks(page: string): Block[] {
  const lines = fs.readFileSync(path.join(root, page), 'utf8').split('\n');
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (lines[i]!.trim() !== '```sh') continue;
    const indent = lines[i]!.indexOf('```');
    let previous = i - 1;
    while (previous >= 0 && lines[previous]!.trim() === '') previous--;
    const marker = /^\s*<!-- (.*) -->\s*$/.exec(lines[previous] ?? '')?.[1] ?? '';
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length && lines[j]!.trim() !== '```'; j++) body.push(lines[j]!.slice(indent));
    blocks.push({ page, line: i + 1, marker, text: body.join('\n') });
    i = j;
  }
  return blocks;
}

const blocks = pages.flatMap(shellBlocks);
const packageScripts = Object.keys((JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts);
const configVariables = new Set(Object.keys(configSchema.shape));

/** Variables read outside the service's configuration: the compose file's, the bench's and the tests'. */
function otherKnownVariables(): Set<string> {
  const names = new Set<string>();
  for (const m of fs.readFileSync(path.join(root, 'docker-compose.yml'), 'utf8').matchAll(/\$\{([A-Z0-9_]+)/g)) names.add(m[1]!);
  for (const dir of ['bench', 'test']) {
    for (const file of fs.readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })) {
      if (!file.endsWith('.ts')) continue;
      for (const m of fs.readFileSync(path.join(root, dir, file), 'utf8').matchAll(/process\.env\.([A-Z0-9_]+)|env\.([A-Z0-9_]+)/g)) names.add((m[1] ?? m[2])!);
    }
  }
  return names;
}

/** The command-line commands a block calls (`npm run cli -- keys create`, `node dist/src/cli.js worker reports`). */
function cliCommands(text: string): string[][] {
  const commands: string[][] = [];
  for (const m of text.matchAll(/(?:npm run(?: -s)? cli --|node dist\/src\/cli\.js)[ \t]+([a-z][a-z-]*)(?:[ \t]+([a-z][a-z-]*))?/g))
    commands.push([m[1]!, m[2]].filter((w): w is string => Boolean(w)));
  return commands;
}

describe('the shell examples of every page', () => {
  it('each block says whether it runs or why it is only checked', () => {
    expect(blocks.length).toBeGreaterThan(5);
    const unmarked = blocks.filter((b) => b.marker !== SERVICE_MARK && !b.marker.startsWith(DATABASE_MARK) && !CHECKED_MARK.test(b.marker));
    expect(unmarked.map((b) => `${b.page}:${b.line}`)).toEqual([]);
  });

  it('every block parses; every npm script, CLI command and variable it names exists', async () => {
    const known = otherKnownVariables();
    const problems: string[] = [];
    const commands = new Set<string>();
    for (const block of blocks) {
      const where = `${block.page}:${block.line}`;
      // A placeholder such as <email> stands for a word.
      const parsed = spawnSync('bash', ['-n'], { input: block.text.replace(/<[a-z][a-z _-]*>/g, 'WORD'), encoding: 'utf8' });
      if (parsed.status !== 0) problems.push(`${where}: ${parsed.stderr.trim()}`);
      for (const m of block.text.matchAll(/npm run(?: -s)? ([a-z:-]+)/g)) if (!packageScripts.includes(m[1]!)) problems.push(`${where}: no npm script ${m[1]}`);
      for (const m of block.text.matchAll(/(?:^|[\s;(])(?:export\s+)?([A-Z][A-Z0-9_]+)=/gm)) {
        const name = m[1]!;
        const usedLocally = new RegExp(`\\$\\{?${name}\\b`).test(block.text);
        if (!configVariables.has(name) && !known.has(name) && !usedLocally) problems.push(`${where}: ${name} is read by nothing`);
      }
      for (const command of cliCommands(block.text)) commands.add(command.join(' '));
    }
    // Each command's help answers: the command exists as written (a subcommand too). Asked in this
    // process (runCli, what cli.ts runs): a child per command would cost a start of the service each.
    for (const command of commands) {
      const help = { stdout: '', stderr: '' };
      const status = await runCli([...command.split(' '), '--help'], {
        out: (text) => void (help.stdout += text),
        err: (text) => void (help.stderr += text),
        env: { PATH: process.env.PATH },
      });
      const words = command.split(' ');
      if (status !== 0 || !help.stdout.includes(`Usage: astro ${words.slice(0, 2).join(' ')}`))
        problems.push(`no command \`${command}\`: ${help.stdout.split('\n')[0]}${help.stderr}`);
    }
    expect(problems).toEqual([]);
  }, 120_000);

  it('configuration.md names every variable of the configuration', () => {
    const page = fs.readFileSync(path.join(root, 'docs/configuration.md'), 'utf8');
    expect([...configVariables].filter((name) => !page.includes(`\`${name}\``))).toEqual([]);
  });

  const databaseBlocks = blocks.filter((b) => b.marker.startsWith(DATABASE_MARK));
  it.skipIf(!serverUrl || !process.env.REDIS_URL)(
    'the blocks that run against PostgreSQL and Redis work (skipped without DATABASE_URL and REDIS_URL)',
    async () => {
      expect(databaseBlocks.length).toBeGreaterThan(0);
      // An empty database: the block's own `migrate` makes its tables.
      const name = `astro_doc_${randomBytes(6).toString('hex')}`;
      await withClient(serverUrl!, (client) => client.query(`create database ${name}`));
      const url = new URL(serverUrl!);
      url.pathname = `/${name}`;
      const database = { url: url.toString(), close: () => withClient(serverUrl!, (client) => client.query(`drop database if exists ${name} with (force)`)) };
      const prefix = `doc-test:${randomBytes(4).toString('hex')}:`;
      try {
        for (const block of databaseBlocks) {
          const script = [
            'set -euo pipefail',
            // `npm ci` is what set up this checkout.
            ...block.text.split('\n').filter((line) => line.trim() !== 'npm ci'),
          ]
            .join('\n')
            .replaceAll('postgres://postgres@127.0.0.1:5432/astro', database.url)
            .replaceAll('redis://127.0.0.1:6379', process.env.REDIS_URL!);
          const { stdout } = await promisify(execFile)('bash', ['-c', script], {
            cwd: root,
            env: { PATH: process.env.PATH, HOME: process.env.HOME, REDIS_KEY_PREFIX: prefix },
          }).catch((error: { stdout?: string; stderr?: string; message: string }) => {
            throw new Error(`${block.page}:${block.line} failed: ${error.message}\n${error.stdout ?? ''}\n${error.stderr ?? ''}`);
          });
          expect(stdout, `${block.page}:${block.line}`).toMatch(/"key":"ask_/);
        }
      } finally {
        await database.close();
        const redis = new Redis(process.env.REDIS_URL!);
        await deleteKeysWithPrefix(redis, prefix);
        redis.disconnect();
      }
    },
    120_000,
  );
});
