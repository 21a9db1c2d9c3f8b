/**
 * Sending e-mail. Each message is written to the outbox table first, then handed to SMTP when
 * SMTP is configured; without SMTP it stays in the outbox (`held`) and a log line says so, so
 * that nothing the service meant to tell a user is silently lost.
 */
import type { Transporter } from 'nodemailer';
import type { DatabasePool } from 'slonik';
import { EmailOutboxRepository } from '../db/email-outbox.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** What the e-mail is about (`usage_alert`, `payment_failed`, ...): for the operator's outbox view. */
  kind?: string;
  /** The user it concerns: their e-mails are erased with their account. */
  userId?: string | null;
}

export interface MailOutcome {
  id: number;
  status: 'sent' | 'held' | 'failed';
}

export interface MailLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** Header injection guard: a subject or address is one line. */
const oneLine = (s: string) => s.replace(/[\r\n]+/g, ' ').trim();

export class Mailer {
  private readonly outbox: EmailOutboxRepository;

  constructor(
    db: DatabasePool,
    private readonly transport: Transporter | null,
    private readonly from: string,
    private readonly log: MailLog,
  ) {
    this.outbox = new EmailOutboxRepository(db);
  }

  get sendsEmail(): boolean {
    return this.transport !== null;
  }

  async send(message: MailMessage): Promise<MailOutcome> {
    const to = oneLine(message.to);
    const subject = oneLine(message.subject);
    const kind = message.kind ?? 'general';
    const id = await this.outbox.add({ userId: message.userId ?? null, to, subject, text: message.text, kind, status: this.transport ? 'failed' : 'held' });
    if (!this.transport) {
      this.log.info({ outboxId: id, kind }, 'e-mail held in the outbox (no SMTP configured): npm run cli -- mail outbox');
      return { id, status: 'held' };
    }
    try {
      await this.transport.sendMail({ from: this.from, to, subject, text: message.text });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      await this.outbox.markFailed(id, reason);
      this.log.warn({ outboxId: id, kind, err: reason }, 'e-mail could not be sent; it stays in the outbox');
      return { id, status: 'failed' };
    }
    await this.outbox.markSent(id);
    return { id, status: 'sent' };
  }

  /** Sends what is held or failed in the outbox (after SMTP was configured or came back). */
  async sendUnsent(limit = 100): Promise<{ sent: number; failed: number }> {
    if (!this.transport) return { sent: 0, failed: 0 };
    let sent = 0;
    let failed = 0;
    for (const row of await this.outbox.unsent(limit)) {
      try {
        await this.transport.sendMail({ from: this.from, to: row.to_address, subject: row.subject, text: row.body_text });
        await this.outbox.markSent(row.id);
        sent++;
      } catch (error) {
        await this.outbox.markFailed(row.id, error instanceof Error ? error.message : String(error));
        failed++;
      }
    }
    return { sent, failed };
  }

  close(): void {
    this.transport?.close();
  }
}
