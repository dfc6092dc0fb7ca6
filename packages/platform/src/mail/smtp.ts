import nodemailer from 'nodemailer';
import type { Mailer } from './mailer.ts';

export interface SmtpMailerOptions {
  /** smtp://user:password@host:587 (STARTTLS when offered) or smtps://…:465 (TLS from the start). */
  url: string;
  from: string;
  /** How long to wait for the mail server at each step before the job fails and is retried. */
  timeoutMs?: number;
}

/** Sends through an SMTP server with nodemailer. */
export function createSmtpMailer(options: SmtpMailerOptions): Mailer & { close(): void } {
  const timeout = options.timeoutMs ?? 15_000;
  const transport = nodemailer.createTransport(
    { url: options.url, connectionTimeout: timeout, greetingTimeout: timeout, socketTimeout: timeout },
    { from: options.from },
  );
  return {
    async send(mail) {
      await transport.sendMail({
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        ...(mail.headers && { headers: mail.headers }),
      });
    },
    close() {
      transport.close();
    },
  };
}
