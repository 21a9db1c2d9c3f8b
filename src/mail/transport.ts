/** The SMTP transport from configuration: SMTP_URL, or SMTP_HOST with port, user and password. */
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config.ts';

export function createSmtpTransport(config: Config): Transporter | null {
  const common = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };
  if (config.SMTP_URL) {
    const url = new URL(config.SMTP_URL);
    return nodemailer.createTransport({
      host: url.hostname,
      port: url.port ? Number(url.port) : url.protocol === 'smtps:' ? 465 : 587,
      secure: url.protocol === 'smtps:',
      auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
      ...common,
    });
  }
  if (!config.SMTP_HOST) return null;
  return nodemailer.createTransport({
    host: config.SMTP_HOST,
    port: config.SMTP_PORT,
    secure: config.SMTP_SECURE,
    auth: config.SMTP_USER ? { user: config.SMTP_USER, pass: config.SMTP_PASS ?? '' } : undefined,
    ...common,
  });
}
