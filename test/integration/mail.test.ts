/**
 * The mailer: through a real SMTP server on 127.0.0.1 with nodemailer; without SMTP into the
 * outbox table with a log line, readable with `cli mail outbox`; a failed delivery kept for
 * `cli mail send-held`.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { built } from '../helpers/built.ts';
import { createDatabasePool, type DatabasePool } from '../../src/db/pool.ts';
import { EmailOutboxRepository } from '../../src/db/email-outbox.ts';
import { Mailer } from '../../src/mail/mailer.ts';
import { createSmtpTransport } from '../../src/mail/transport.ts';
import { loadConfig } from '../../src/config.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts';
import { startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.ts';
import { freePort } from '../helpers/child-server.ts';
import { cliInProcess } from '../helpers/cli.ts';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');

let database: TestDatabase;
let db: DatabasePool;
let sink: SmtpSink;
const logs: { msg: string; obj: object }[] = [];
const log = { info: (obj: object, msg: string) => logs.push({ obj, msg }), warn: (obj: object, msg: string) => logs.push({ obj, msg }) };
beforeAll(async () => {
  database = await createTestDatabase();
  db = await createDatabasePool(database.url, 2);
  sink = await startSmtpSink();
});
afterAll(async () => {
  await sink?.close();
  await db?.end();
  await database?.close();
});

const transportFor = (env: Record<string, string>) => createSmtpTransport(loadConfig({ DATABASE_URL: database.url, ...env }));
const outbox = () => new EmailOutboxRepository(db);

/** `cli mail …` against the test database without SMTP, run in this process (`mail send-held` below runs as a child, as a user runs it). */
async function cli(args: string[]) {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !['REDIS_URL', 'SMTP_URL', 'SMTP_HOST'].includes(k)));
  return cliInProcess(args, { DATABASE_URL: database.url }, env);
}

describe('with SMTP', () => {
  it('delivers through the SMTP server and drops the text from the outbox once sent', async () => {
    const mailer = new Mailer(db, transportFor({ SMTP_URL: sink.url }), 'Astro Test <billing@astro.test>', log);
    const text = `Hello,\n\n${'A line long enough to be wrapped by the transfer encoding, with an accent: é. '.repeat(3)}\n\nBye.`;
    const outcome = await mailer.send({ to: 'reader@example.com', subject: 'Subject with\r\nBcc: victim@example.com injection', text, kind: 'test' });
    expect(outcome.status).toBe('sent');
    const mail = await sink.waitFor((m) => m.to.includes('reader@example.com'));
    expect(mail.from).toBe('billing@astro.test');
    expect(mail.subject).toBe('Subject with Bcc: victim@example.com injection');
    expect(mail.raw).not.toMatch(/^Bcc:/im);
    expect(mail.text).toBe(text);
    const [row] = await outbox().recent({ limit: 1 });
    expect(row).toMatchObject({ id: outcome.id, status: 'sent', body_text: '', kind: 'test', to_address: 'reader@example.com' });
    expect(row!.sent_at).not.toBeNull();
    mailer.close();
  });

  it('host/port settings work as well as SMTP_URL', async () => {
    const mailer = new Mailer(db, transportFor({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(sink.port) }), 'x@astro.test', log);
    expect((await mailer.send({ to: 'hostport@example.com', subject: 'hi', text: 'hi' })).status).toBe('sent');
    await sink.waitFor((m) => m.to.includes('hostport@example.com'));
    mailer.close();
  });
});

describe('without SMTP', () => {
  it('keeps the e-mail in the outbox, says so in the log, and the CLI shows it', async () => {
    const mailer = new Mailer(db, null, 'x@astro.test', log);
    const outcome = await mailer.send({ to: 'held@example.com', subject: 'Your usage', text: 'You have used 80% of your requests.', kind: 'usage_alert' });
    expect(outcome.status).toBe('held');
    expect(logs.some((l) => /held in the outbox/.test(l.msg) && (l.obj as { outboxId: number }).outboxId === outcome.id)).toBe(true);
    const printed = (await cli(['mail', 'outbox', '--status', 'held', '--json']))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(printed[0]).toMatchObject({
      id: outcome.id,
      to_address: 'held@example.com',
      subject: 'Your usage',
      body_text: 'You have used 80% of your requests.',
      status: 'held',
    });
    expect(await cli(['mail', 'outbox', '--limit', '1'])).toMatch(/HELD to held@example.com \(usage_alert\)\nSubject: Your usage\n\nYou have used 80%/);
  }, 60_000);
});

describe('a failed delivery', () => {
  it('is kept as failed with the reason, and send-held delivers it later', async () => {
    const closedPort = await freePort();
    const broken = new Mailer(db, transportFor({ SMTP_URL: `smtp://127.0.0.1:${closedPort}` }), 'x@astro.test', log);
    const outcome = await broken.send({ to: 'later@example.com', subject: 'Later', text: 'Delivered after all.' });
    expect(outcome.status).toBe('failed');
    const row = (await outbox().recent({ limit: 10, status: 'failed' })).find((r) => r.id === outcome.id)!;
    expect(row.last_error).toMatch(/ECONNREFUSED|connect/i);
    expect(row.body_text).toBe('Delivered after all.');
    broken.close();
    const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !['REDIS_URL'].includes(k)));
    const { stdout } = await run(process.execPath, [built('src/cli.ts'), 'mail', 'send-held'], {
      cwd: root,
      env: { ...env, DATABASE_URL: database.url, SMTP_URL: sink.url, LOG_LEVEL: 'silent' },
    });
    expect(stdout).toMatch(/sent [1-9]\d*, failed 0/);
    expect((await sink.waitFor((m) => m.to.includes('later@example.com'))).text).toBe('Delivered after all.');
    expect((await outbox().recent({ limit: 50 })).find((r) => r.id === outcome.id)!.status).toBe('sent');
  }, 60_000);
});
