/**
 * Sending one e-mail: the shape the admin side sends through. The application points it at the
 * service's mailer (src/mail/mailer.ts: outbox first, then SMTP when configured).
 */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

export type SendMail = (mail: OutgoingMail) => Promise<void>;
